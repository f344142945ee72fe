#!/usr/bin/env bash
# Compiles the render's native helpers (decision 014): the distort effect's pixel pass and its
# turbulence, the RGBA to yuv420p frame converter on libyuv, and the hold on freed frame memory
# during renders (glibc's malloc). Each one that does not compile is skipped with a warning, and
# the render does its work without it (the JavaScript pass, RGBA frames), at more CPU a frame.
# `scripts/system-deps.sh frames` installs what they need.
# Usage: build.sh [out-dir [extra cc flags...]]  (default native/build/; test-native.sh passes
# the sanitizers' flags and a folder of its own)
set -uo pipefail
cd "$(dirname "$0")"
out=${1:-build}
shift || true
extra=("$@")
if ! command -v cc >/dev/null; then
  echo "No C compiler: renders use the JavaScript distort pass and pipe RGBA frames (slower)." >&2
  exit 0
fi
node_include=$(node -p "require('node:path').resolve(process.execPath, '../../include/node')")
flags=(-O2 -Wall -Wextra -shared -fPIC -I"$node_include" "${extra[@]}")
mkdir -p "$out"

# addon NAME WITHOUT-IT -- CC ARGS...: builds $out/NAME.node, or warns and leaves none behind.
addon() {
  local name=$1 without=$2
  shift 3
  if ! cc "${flags[@]}" -o "$out/$name.node" "$@"; then
    rm -f "$out/$name.node"
    echo "warning: native/$name.c did not compile: $without (slower)." >&2
  fi
}

# No fused multiply-add: the pass must round as JavaScript does, bit for bit.
addon distort-pass "distort uses its JavaScript pass" -- -ffp-contract=off -pthread distort-pass.c
addon turbulence-grid "distort's turbulence is computed in JavaScript" -- \
  -ffp-contract=off turbulence-grid.c -lm
addon frame-memory "renders map fresh pages for their frame buffers" -- frame-memory.c
if [ -f /usr/include/libyuv/convert.h ]; then
  addon rgba-to-i420 "renders pipe RGBA frames to ffmpeg" -- rgba-to-i420.c -lyuv
else
  echo "libyuv is not installed: renders will pipe RGBA frames to ffmpeg (slower)." >&2
fi
exit 0
