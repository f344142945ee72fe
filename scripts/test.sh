#!/usr/bin/env bash
# Runs every check and test: lint, types, unit and integration tests, and the browser tests.
# The server's tests run once on PostgreSQL when a server answers on 127.0.0.1:5432 (always under
# CI), and those whose subject is the SQL run again on the embedded PGlite (apps/server's
# vitest.config.ts); without PostgreSQL, all of them run on PGlite.
# Ends with one line "tests: N passed, N failed, N skipped in M min S s".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh ffmpeg frames voices chromium time || exit 1
bash apps/server/native/build.sh || exit 1
bash packages/render/native/build.sh || exit 1

results=.test-results
rm -rf "$results" && mkdir -p "$results"
failed_steps=()

# Each step prints its time and the CPU its processes used: a step that uses much less CPU than
# twice its time leaves a core idle.
step() {
  local name=$1
  shift
  echo
  echo "=== $name"
  local TIMEFORMAT="=== $name: %0R s (CPU: %0U s user, %0S s system)"
  time if ! "$@"; then failed_steps+=("$name"); fi
}

# Two steps at once, where each keeps about one core busy (lint and the type checker are one
# thread each); their output is shown one after the other. (The server's tests beside the
# browser journeys were tried: both are CPU-bound, and together took longer.)
side_by_side() {
  local a=$1 b=$2
  echo
  echo "=== $a and $b, side by side (their output follows when both are done)"
  local TIMEFORMAT="=== $a and $b: %0R s (CPU: %0U s user, %0S s system)"
  time {
    ("$a" >"$results/$a.log" 2>&1) &
    local pid_a=$!
    ("$b" >"$results/$b.log" 2>&1) &
    local pid_b=$!
    wait "$pid_a" || failed_steps+=("$a")
    wait "$pid_b" || failed_steps+=("$b")
  }
  local name
  for name in "$a" "$b"; do
    echo
    echo "=== $name"
    cat "$results/$name.log"
  done
}

vitest() {
  local name=$1 dir=$2
  shift 2
  (cd "$dir" && npx vitest run --reporter=default --reporter=json \
    --outputFile="$OLDPWD/$results/$name.json" "$@")
}

lint() { npm run lint --silent; }
typecheck() { npm run typecheck --silent; }
side_by_side lint typecheck

# The app shell (apps/mobile): its unit tests, then the page it bundles and `cap sync` into both
# native projects, which needs no Android SDK or Xcode; sync must have written what they load.
mobile() {
  vitest mobile apps/mobile && npm run build --silent -w @storyreel/mobile || return 1
  local f
  for f in android/app/src/main/assets/public/index.html \
    android/app/src/main/assets/capacitor.config.json ios/App/App/public/index.html \
    ios/App/App/capacitor.config.json; do
    [ -s "apps/mobile/$f" ] || { echo "cap sync did not write apps/mobile/$f" >&2; return 1; }
  done
  grep -q @capacitor/camera apps/mobile/android/app/src/main/assets/capacitor.plugins.json &&
    grep -q @capacitor/camera apps/mobile/ios/App/CapApp-SPM/Package.swift ||
    { echo "cap sync did not add the camera plugin" >&2; return 1; }
}
# The render's tests keep about one core busy (one test file at a time, ffmpeg beside it): the
# other packages' unit tests run beside them.
render() { vitest render packages/render; }
units() {
  local status=0
  vitest core packages/core || status=1
  vitest api-client packages/api-client || status=1
  npm run test:native --silent || status=1
  vitest web apps/web || status=1
  mobile || status=1
  return $status
}
side_by_side render units

pg_url=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
if node -e "const c=new (require('pg').Client)(process.argv[1]);c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$pg_url" 2>/dev/null; then
  server() {
    local status=0
    TEST_DATABASE_URL="$pg_url" vitest server-postgres apps/server || status=1
    SERVER_TESTS=database vitest server-pglite apps/server || status=1
    return $status
  }
elif [ -n "${CI:-}" ]; then
  server() { echo "PostgreSQL is not reachable at $pg_url" >&2 && return 1; }
else
  echo "(PostgreSQL not reachable at $pg_url: the server's tests run on PGlite alone)"
  server() { vitest server-pglite apps/server; }
fi
step server server
# The browser journeys build the web app and the server first (e2e/support/build.ts).
step e2e vitest e2e e2e

node scripts/test-summary.mjs "$results" "$SECONDS" "${failed_steps[@]}"
