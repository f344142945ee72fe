#!/usr/bin/env bash
# Installs the Debian packages Storyreel needs when they are missing: ffmpeg (5.1 or newer) to
# render, and, for the tests, chromium. Usage: scripts/system-deps.sh ffmpeg [chromium]
set -euo pipefail

missing=()
for pkg in "$@"; do
  case "$pkg" in
    ffmpeg) command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || missing+=(ffmpeg) ;;
    chromium) [ -x /usr/bin/chromium ] || missing+=(chromium) ;;
    *) echo "unknown system package: $pkg" >&2; exit 2 ;;
  esac
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null; then
  echo "Please install: ${missing[*]} (Storyreel needs them; apt-get is not available here)." >&2
  exit 1
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "Installing ${missing[*]} with apt-get..."
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
