#!/usr/bin/env bash
# Compiles the render's native helpers into packages/render/native/build/ (decision 014): the
# distort effect's pixel pass and its turbulence, the RGBA to yuv420p frame converter on libyuv,
# and the hold on freed frame memory during renders (glibc's malloc). Each one missing is
# skipped, and the render does its work without it, at more CPU a frame.
# `scripts/system-deps.sh frames` installs what they need.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v cc >/dev/null; then
  echo "No C compiler: renders use the JavaScript distort pass and pipe RGBA frames (slower)." >&2
  exit 0
fi
node_include=$(node -p "require('node:path').resolve(process.execPath, '../../include/node')")
flags=(-O2 -Wall -Wextra -shared -fPIC -I"$node_include")
mkdir -p build
# No fused multiply-add: the pass must round as JavaScript does, bit for bit.
cc "${flags[@]}" -ffp-contract=off -pthread -o build/distort-pass.node distort-pass.c
cc "${flags[@]}" -ffp-contract=off -o build/turbulence-grid.node turbulence-grid.c -lm
if ! cc "${flags[@]}" -o build/frame-memory.node frame-memory.c 2>/dev/null; then
  echo "No glibc malloc to tune: renders map fresh pages for their frame buffers (slower)." >&2
fi
if [ -f /usr/include/libyuv/convert.h ]; then
  cc "${flags[@]}" -o build/rgba-to-i420.node rgba-to-i420.c -lyuv
else
  echo "libyuv is not installed: renders will pipe RGBA frames to ffmpeg (slower)." >&2
fi
