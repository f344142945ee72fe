#!/usr/bin/env bash
# Runs every check and test: lint, types, unit and integration tests (on PGlite and, when a
# server answers on 127.0.0.1:5432 or under CI, on PostgreSQL), and the browser tests.
# Ends with one line "tests: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh ffmpeg frames voices chromium || exit 1
bash apps/server/native/build.sh || exit 1
bash packages/render/native/build.sh || exit 1

results=.test-results
rm -rf "$results" && mkdir -p "$results"
failed_steps=()

step() {
  local name=$1
  shift
  echo
  echo "=== $name"
  if ! "$@"; then failed_steps+=("$name"); fi
}

vitest() {
  local name=$1 dir=$2
  shift 2
  (cd "$dir" && npx vitest run --reporter=default --reporter=json \
    --outputFile="$OLDPWD/$results/$name.json" "$@")
}

step lint npm run lint --silent
step typecheck npm run typecheck --silent
step core vitest core packages/core
step render vitest render packages/render
# The hostile suite measures other users' latency while it attacks: it runs alone, one file at
# a time, after the rest (on PostgreSQL when there is one: its race attacks need it).
step server-pglite vitest server-pglite apps/server --exclude 'test/hostile/**'

pg_url=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
if node -e "const c=new (require('pg').Client)(process.argv[1]);c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$pg_url" 2>/dev/null; then
  server_on_postgres() {
    TEST_DATABASE_URL="$pg_url" vitest server-postgres apps/server --exclude 'test/hostile/**'
  }
  step server-postgres server_on_postgres
  hostile() { TEST_DATABASE_URL="$pg_url" vitest hostile apps/server test/hostile --no-file-parallelism; }
  step hostile hostile
elif [ -n "${CI:-}" ]; then
  echo "PostgreSQL is not reachable at $pg_url" >&2
  failed_steps+=(server-postgres)
else
  echo "(PostgreSQL not reachable at $pg_url: its server tests are skipped)"
  step hostile vitest hostile apps/server test/hostile --no-file-parallelism
fi

step web vitest web apps/web
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
step mobile mobile
# The browser journeys build the web app first (e2e/support/build-web.ts).
step e2e vitest e2e e2e

node scripts/test-summary.mjs "$results" "${failed_steps[@]}"
