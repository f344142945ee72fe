#!/usr/bin/env bash
# Compiles the render's frame converter (packages/render/native/build/rgba-to-i420.node): RGBA
# frames to yuv420p with libyuv, so ffmpeg does not convert them (decision 014). Without libyuv
# (`scripts/system-deps.sh frames` installs it) it is skipped: renders then pipe RGBA and ffmpeg
# converts, at more CPU a frame.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -f /usr/include/libyuv/convert.h ]; then
  echo "libyuv is not installed: renders will pipe RGBA frames to ffmpeg (slower)." >&2
  exit 0
fi
node_include=$(node -p "require('node:path').resolve(process.execPath, '../../include/node')")
mkdir -p build
cc -O2 -Wall -Wextra -shared -fPIC -I"$node_include" -o build/rgba-to-i420.node rgba-to-i420.c -lyuv
