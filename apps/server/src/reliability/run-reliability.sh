#!/usr/bin/env bash
# `npm run test:reliability`: the heavy failure and load tests, against a throw-away PostgreSQL 15 started
# here as .ci/run starts one (127.0.0.1 only), stopped and deleted on every exit.
set -euo pipefail
cd "$(dirname "$0")/../../../.."

. apps/server/src/reliability/throwaway-postgres.sh
pg_prepare "$(mktemp -d /tmp/larder-reliability-pg.XXXXXX)"
stop_db() {
  pg_stop
  rm -rf "$PG_DIR"
}
trap stop_db EXIT
pg_start

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
# restart reuses the options the server was started with (postmaster.opts).
export RELIABILITY_PG_RESTART="$(pg_restart_command)"
export RELIABILITY_RUNS="${RELIABILITY_RUNS:-5000}"
export RELIABILITY_SHOPPERS="${RELIABILITY_SHOPPERS:-200}"
npx vitest run --project server src/reliability "$@"
