#!/usr/bin/env bash
# Installs the Debian packages Storyreel needs when they are missing: ffmpeg (5.1 or newer) to
# render; libyuv and a C compiler for the render's frame converter (packages/render/native); the
# offline voices (RHVoice and flite, their headers to build the speech helpers, and
# pocketsphinx to align and measure speech); and, for the tests, chromium.
# Usage: scripts/system-deps.sh ffmpeg [frames] [voices] [chromium]
set -euo pipefail

# The voices and what builds and checks them (docs/decisions/008-voices.md).
VOICE_PACKAGES=(rhvoice rhvoice-english librhvoice-dev flite flite1-dev pocketsphinx
  pocketsphinx-en-us gcc libc6-dev)

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

missing=()
for pkg in "$@"; do
  case "$pkg" in
    ffmpeg) command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || missing+=(ffmpeg) ;;
    chromium) [ -x /usr/bin/chromium ] || missing+=(chromium) ;;
    frames) [ -f /usr/include/libyuv/convert.h ] || missing+=(libyuv-dev gcc libc6-dev) ;;
    voices)
      if command -v dpkg-query >/dev/null; then
        for p in "${VOICE_PACKAGES[@]}"; do installed "$p" || missing+=("$p"); done
      else
        missing+=("${VOICE_PACKAGES[@]}")
      fi
      ;;
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

# RHVoice is in Debian's non-free component, which a default install leaves out of its sources.
has_candidate() { apt-cache policy "$1" 2>/dev/null | grep -q 'Candidate: [^(]'; }
if [[ " ${missing[*]} " == *" rhvoice-english "* ]] && ! has_candidate rhvoice-english; then
  . /etc/os-release
  if [ "$ID" = debian ]; then
    echo "Enabling Debian's non-free component for RHVoice..."
    printf '%s\n' 'Types: deb' 'URIs: http://deb.debian.org/debian' "Suites: $VERSION_CODENAME" \
      'Components: non-free' 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' |
      $sudo tee /etc/apt/sources.list.d/storyreel-non-free.sources >/dev/null
    $sudo apt-get update -qq
  fi
fi
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
