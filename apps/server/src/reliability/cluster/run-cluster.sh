#!/usr/bin/env bash
# `npm run test:cluster`: the production bundle as three processes on a throw-away PostgreSQL 15 (started
# here as .ci/run starts one, 127.0.0.1 only), with faults injected (cluster-faults.test.ts). The server
# processes, the cluster and every file are stopped and deleted on every exit, failures and Ctrl-C included.
set -euo pipefail
cd "$(dirname "$0")/../../../../.."

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

RUN_DIR="$(mktemp -d /tmp/larder-cluster.XXXXXX)"
PG_DIR="$RUN_DIR/pg"
mkdir -p "$PG_DIR" "$RUN_DIR/pids"
chmod 755 "$RUN_DIR" "$PG_DIR"
[ "$(id -u)" -eq 0 ] && chown postgres "$PG_DIR"
PG_PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

cleanup() {
  # The test stops its server processes itself; these are the ones it could not (it was killed). Each
  # file in pids/ is named after a process id the test started.
  for file in "$RUN_DIR"/pids/*; do
    [ -e "$file" ] || continue
    kill -9 "$(basename "$file")" 2>/dev/null || true
  done
  if [ -f "$PG_DIR/data/postmaster.pid" ]; then
    $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  fi
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

echo "== PostgreSQL ($("$PG_BIN/postgres" --version)) on 127.0.0.1:$PG_PORT"
$PG_AS "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
$PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/postgres.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null

export CLUSTER_ADMIN_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
# restart reuses the options the server was started with (postmaster.opts).
export CLUSTER_PG_RESTART="$PG_AS $PG_BIN/pg_ctl -D $PG_DIR/data -l $PG_DIR/postgres.log -w -t 60 -m fast restart"
export CLUSTER_RUN_DIR="$RUN_DIR"
export CLUSTER_BUNDLE="$PWD/$BUNDLE"
npx vitest run --config apps/server/src/reliability/cluster/vitest.config.ts "$@"
