#!/bin/sh
# Builds the server (build.ts: a second or two) and runs it: `sh start.sh server` or
# `sh start.sh worker`. npm start and npm run worker come here, from the repo root and from
# apps/server alike.
#
# Both settings keep the idle server small (decision 015). MALLOC_ARENA_MAX: glibc gives every
# thread that allocates an arena of its own and keeps what they held after the thread ends; each
# render runs on a thread of its own, and two arenas kept the server about 27 MB smaller after
# renders. --optimize-for-size: V8 grows its heap less far ahead of what is live, which otherwise
# came and went by up to 35 MB between two measures of the idle server.
set -e
dir=$(dirname "$0")
case "$1" in
  server | worker) ;;
  *)
    echo "usage: sh start.sh server|worker" >&2
    exit 2
    ;;
esac
tsx "$dir/build.ts"
MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}
export MALLOC_ARENA_MAX
exec node --optimize-for-size "$dir/dist/$1.js"
