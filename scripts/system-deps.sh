#!/usr/bin/env bash
# Installs the Debian packages Storyreel needs when they are missing: ffmpeg (5.1 or newer) to
# render; libyuv and a C compiler for the render's frame converter (packages/render/native); the
# offline voices (RHVoice and flite, their headers to build the speech helpers, and
# pocketsphinx to align and measure speech); and, for the tests, chromium and GNU time (the
# hostile tests measure the memory of each ffmpeg the server runs).
# Usage: scripts/system-deps.sh ffmpeg [frames] [voices] [chromium] [time]
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
    time) [ -x /usr/bin/time ] || missing+=(time) ;;
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
# It is added beside each Debian source the machine already has: its own mirror, suites and keys.
debian_non_free_sources() {
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    [ "$(basename "$f")" = storyreel-non-free.list ] && continue
    awk '$1 == "deb" && / main( |$)/ {
      options = ""
      if (match($0, /\[[^]]*\]/)) {
        options = " " substr($0, RSTART, RLENGTH)
        $0 = substr($0, 1, RSTART - 1) substr($0, RSTART + RLENGTH)
      }
      print "deb" options " " $2 " " $3 " non-free"
    }' "$f"
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk 'function flush(   nu, ns, i, j, u, s) {
        if (types ~ /(^| )deb( |$)/ && components ~ /(^| )main( |$)/) {
          nu = split(uris, u, " "); ns = split(suites, s, " ")
          for (i = 1; i <= nu; i++) for (j = 1; j <= ns; j++)
            print "deb" (key ? " [signed-by=" key "]" : "") " " u[i] " " s[j] " non-free"
        }
        types = uris = suites = components = key = ""
      }
      /^[ \t]*$/ { flush(); next }
      /^Types:/ { sub(/^Types:[ \t]*/, ""); types = $0 }
      /^URIs:/ { sub(/^URIs:[ \t]*/, ""); uris = $0 }
      /^Suites:/ { sub(/^Suites:[ \t]*/, ""); suites = $0 }
      /^Components:/ { sub(/^Components:[ \t]*/, ""); components = $0 }
      /^Signed-By:/ { sub(/^Signed-By:[ \t]*/, ""); key = $0 }
      END { flush() }' "$f"
  done
}
has_candidate() { apt-cache policy "$1" 2>/dev/null | grep -q 'Candidate: [^(]'; }
if [[ " ${missing[*]} " == *" rhvoice-english "* ]] && ! has_candidate rhvoice-english; then
  . /etc/os-release
  sources=$(debian_non_free_sources)
  if [ "$ID" = debian ] && [ -n "$sources" ]; then
    echo "Enabling Debian's non-free component for RHVoice..."
    echo "$sources" | $sudo tee /etc/apt/sources.list.d/storyreel-non-free.list >/dev/null
    $sudo apt-get update -qq
  fi
fi
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
