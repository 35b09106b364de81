#!/usr/bin/env bash
# `npm run test:reliability`: the heavy failure and load tests, against a throw-away PostgreSQL 15 started
# here as .ci/run starts one (127.0.0.1 only), stopped and deleted on every exit.
set -euo pipefail
cd "$(dirname "$0")/../../../.."

PG_BIN=""
for candidate in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
  if [ -x "$candidate/initdb" ]; then PG_BIN="$candidate"; break; fi
done
[ -n "$PG_BIN" ] || { echo "no PostgreSQL server binaries found" >&2; exit 1; }

# PostgreSQL refuses to run as root, so the cluster belongs to the postgres user when we are root.
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home /var/lib/postgresql --shell /bin/sh postgres
  PG_AS="runuser -u postgres --"
else
  PG_AS=""
fi

PG_DIR="$(mktemp -d /tmp/larder-reliability-pg.XXXXXX)"
chmod 755 "$PG_DIR"
[ "$(id -u)" -eq 0 ] && chown postgres "$PG_DIR"
PG_PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

stop_db() {
  if [ -f "$PG_DIR/data/postmaster.pid" ]; then
    $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$PG_DIR"
}
trap stop_db EXIT

echo "== PostgreSQL ($("$PG_BIN/postgres" --version)) on 127.0.0.1:$PG_PORT"
$PG_AS "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
$PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/postgres.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
# restart reuses the options the server was started with (postmaster.opts).
export RELIABILITY_PG_RESTART="$PG_AS $PG_BIN/pg_ctl -D $PG_DIR/data -l $PG_DIR/postgres.log -w -t 60 -m fast restart"
export RELIABILITY_RUNS="${RELIABILITY_RUNS:-5000}"
export RELIABILITY_SHOPPERS="${RELIABILITY_SHOPPERS:-200}"
npx vitest run --project server src/reliability "$@"
