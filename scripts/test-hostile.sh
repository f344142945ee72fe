#!/usr/bin/env bash
# The hostile suite alone, printing a table: attack, tries, held. Runs on PostgreSQL when one
# answers on 127.0.0.1:5432 (the race attacks need it), else on PGlite.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh ffmpeg time || exit 1
pg_url=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
if node -e "const c=new (require('pg').Client)(process.argv[1]);c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$pg_url" 2>/dev/null; then
  export TEST_DATABASE_URL="$pg_url"
fi
npm run test:hostile --silent -w @storyreel/server
