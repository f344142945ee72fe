#!/usr/bin/env bash
# The C passes' tests (each against the JavaScript it must match bit for bit) run on addons built
# with AddressSanitizer and UndefinedBehaviorSanitizer: a read past a frame or an overflow fails
# the run. Node itself is not instrumented, so the sanitizers' runtimes are preloaded.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
bash native/build.sh "$out" -fsanitize=address,undefined -fno-sanitize-recover=all \
  -fno-omit-frame-pointer -g
for addon in distort-pass turbulence-grid rgba-to-i420; do
  [ -f "$out/$addon.node" ] || { echo "native/$addon.c did not build with the sanitizers" >&2; exit 1; }
done
RENDER_NATIVE_DIR="$out" \
  LD_PRELOAD="$(cc -print-file-name=libasan.so) $(cc -print-file-name=libubsan.so)" \
  ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  npx vitest run test/distort-pass.test.ts test/turbulence-grid-native.test.ts \
  test/rgba-to-i420.test.ts
