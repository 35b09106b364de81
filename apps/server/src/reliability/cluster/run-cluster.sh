#!/usr/bin/env bash
# `npm run test:cluster`: the production bundle as three processes on a throw-away PostgreSQL 15 (started
# here as .ci/run starts one, 127.0.0.1 only), with faults injected (cluster-faults.test.ts). The server
# processes, the cluster and every file are stopped and deleted on every exit, failures and Ctrl-C included.
set -euo pipefail
cd "$(dirname "$0")/../../../../.."

RUN_DIR="$(mktemp -d /tmp/larder-cluster.XXXXXX)"
chmod 755 "$RUN_DIR"
mkdir -p "$RUN_DIR/pids"
. apps/server/src/reliability/throwaway-postgres.sh
pg_prepare "$RUN_DIR/pg"

cleanup() {
  # The test stops its server processes itself; these are the ones it could not (it was killed). Each
  # file in pids/ is named after a process id the test started.
  for file in "$RUN_DIR"/pids/*; do
    [ -e "$file" ] || continue
    kill -9 "$(basename "$file")" 2>/dev/null || true
  done
  pg_stop
  rm -rf "$RUN_DIR"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The server bundle takes half a second to build, the web app a minute and the test needs none of it:
# only the bundle is rebuilt, and only when it is missing or older than its sources (CI has just built it).
BUNDLE=apps/server/dist/server.js
if [ ! -f "$BUNDLE" ] ||
  [ -n "$(find apps/server/src packages/shared/src apps/server/build.mjs -newer "$BUNDLE" -print -quit)" ]; then
  echo "== building the server bundle"
  npm run build -w @larder/server >/dev/null
fi

pg_start

export CLUSTER_ADMIN_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
# restart reuses the options the server was started with (postmaster.opts).
export CLUSTER_PG_RESTART="$(pg_restart_command)"
export CLUSTER_RUN_DIR="$RUN_DIR"
export CLUSTER_BUNDLE="$PWD/$BUNDLE"
npx vitest run --config apps/server/src/reliability/cluster/vitest.config.ts "$@"
