#!/usr/bin/env bash
# Compiles the speech helpers the embedded voice runs (apps/server/native/build/). They need the
# Debian packages of `scripts/system-deps.sh voices`.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p build
cc -O2 -Wall -Wextra -o build/rhvoice-speak rhvoice-speak.c -lRHVoice
cc -O2 -Wall -Wextra -o build/flite-speak flite-speak.c \
  -lflite_cmu_us_rms -lflite_cmu_us_kal16 -lflite_usenglish -lflite_cmulex -lflite -lm
