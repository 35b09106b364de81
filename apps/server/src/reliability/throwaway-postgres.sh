# Sourced by run-reliability.sh and cluster/run-cluster.sh: a throw-away PostgreSQL on 127.0.0.1, started
# as .ci/run starts one. After `pg_prepare DIR`, PG_BIN, PG_AS (the prefix that runs a command as the
# cluster's owner: PostgreSQL refuses to run as root) and PG_PORT (a free port) are set; `pg_start` starts
# the cluster in DIR/data, `pg_stop` stops it at once (for an exit trap), `pg_restart_command` prints the
# command that restarts it with the options it was started with (postmaster.opts).

pg_prepare() {
  PG_DIR="$1"
  PG_BIN=""
  for candidate in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
    if [ -x "$candidate/initdb" ]; then PG_BIN="$candidate"; break; fi
  done
  [ -n "$PG_BIN" ] || { echo "no PostgreSQL server binaries found" >&2; exit 1; }
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home /var/lib/postgresql --shell /bin/sh postgres
    PG_AS="runuser -u postgres --"
  else
    PG_AS=""
  fi
  mkdir -p "$PG_DIR"
  chmod 755 "$PG_DIR"
  if [ "$(id -u)" -eq 0 ]; then chown postgres "$PG_DIR"; fi
  PG_PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
}

pg_start() {
  echo "== PostgreSQL ($("$PG_BIN/postgres" --version)) on 127.0.0.1:$PG_PORT"
  $PG_AS "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/postgres.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null
}

pg_stop() {
  if [ -f "$PG_DIR/data/postmaster.pid" ]; then
    $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  fi
}

pg_restart_command() {
  echo "$PG_AS $PG_BIN/pg_ctl -D $PG_DIR/data -l $PG_DIR/postgres.log -w -t 60 -m fast restart"
}
