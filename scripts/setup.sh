#!/usr/bin/env bash
# Installs everything `npm start` needs on a fresh machine: system packages, npm packages, and
# the built web app. No API keys or external services are needed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh ffmpeg frames voices
bash apps/server/native/build.sh
bash packages/render/native/build.sh
if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
npm run build
echo
echo "Set up. Start Storyreel with: npm start"
