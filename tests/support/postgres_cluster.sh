#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the storage tests (Debian's postgresql package):
#
#   postgres_cluster.sh start STATE   initdb into a new folder of /tmp, start it on a free loopback
#                                     port with its socket in that folder, and write STATE/url
#                                     (postgresql://doska@127.0.0.1:PORT/postgres, trusted)
#   postgres_cluster.sh stop STATE    stop it and remove its folder and STATE
#
# As root, initdb and the server run as the postgres user, which owns the folder. ctest starts
# one for the tests that need it (tests/CMakeLists.txt, fixture postgres); a test program run by
# hand starts its own (tests/server/storage_backends.h). With DURABLE=1 the server keeps
# PostgreSQL's defaults (fsync and synchronous commits on): for benchmarks
# (scripts/loadtest-two-servers.sh).
set -euo pipefail

usage() {
  echo "usage: postgres_cluster.sh start|stop STATE_DIR" >&2
  exit 2
}
[[ $# -eq 2 ]] || usage
command=$1
state=$2

as_owner=()
if [[ $(id -u) -eq 0 ]]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "error: no postgres user: install the Debian package postgresql" \
      "(scripts/debian-packages-test.txt, make deps-test)" >&2
    exit 1
  fi
  as_owner=(runuser -u postgres --)
fi

stop() {
  [[ -f "$state/dir" ]] || return 0
  local dir bin
  dir=$(cat "$state/dir")
  bin=$(cat "$state/bin" 2>/dev/null || true)
  if [[ -n "$bin" && -d "$dir/data" ]]; then
    "${as_owner[@]}" "$bin/pg_ctl" stop -D "$dir/data" -m immediate -s >/dev/null 2>&1 || true
  fi
  rm -rf -- "$dir"
  rm -f -- "$state/dir" "$state/bin" "$state/url"
}

case "$command" in
  stop)
    stop
    exit 0
    ;;
  start) ;;
  *) usage ;;
esac

# The newest installed server's programs.
bin=""
for candidate in /usr/lib/postgresql/*/bin; do
  [[ -x "$candidate/initdb" && -x "$candidate/pg_ctl" ]] && bin=$candidate
done
if [[ -z "$bin" ]]; then
  echo "error: PostgreSQL's initdb and pg_ctl not found in /usr/lib/postgresql/*/bin: install" \
    "the Debian package postgresql (scripts/debian-packages-test.txt, make deps-test)" >&2
  exit 1
fi

mkdir -p "$state"
stop  # a cluster a stopped run left behind
dir=$(mktemp -d /tmp/doska-postgres.XXXXXX)
echo "$dir" >"$state/dir"
echo "$bin" >"$state/bin"
if [[ ${#as_owner[@]} -gt 0 ]]; then chown postgres: "$dir"; fi

if ! "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U doska -A trust -E UTF8 --locale=C.UTF-8 \
  --no-sync >"$dir/initdb.log" 2>&1; then
  cat "$dir/initdb.log" >&2
  echo "error: initdb failed (above)" >&2
  stop
  exit 1
fi

# A free port: one that no server answers on, tried until one starts (another may take it first).
for attempt in $(seq 1 20); do
  port=$((20000 + RANDOM % 40000))
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then continue; fi
  # Durability is not what these tests check: no fsync, for speed.
  options="-c port=$port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir"
  options+=" -c max_connections=200"
  if [[ "${DURABLE:-0}" != 1 ]]; then
    options+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  fi
  if "${as_owner[@]}" "$bin/pg_ctl" start -D "$dir/data" -l "$dir/server.log" -w -t 60 -s \
    -o "$options" >/dev/null 2>&1; then
    echo "postgresql://doska@127.0.0.1:$port/postgres" >"$state/url"
    echo "postgres_cluster: $bin on 127.0.0.1:$port in $dir"
    exit 0
  fi
  echo "postgres_cluster: port $port: the server did not start (attempt $attempt)" >&2
done
cat "$dir/server.log" >&2 || true
echo "error: the PostgreSQL server did not start (its log above)" >&2
stop
exit 1
