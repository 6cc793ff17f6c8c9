#!/usr/bin/env bash
# The load benchmark on several servers sharing one PostgreSQL database (docs/api.md, "Several
# servers"): a throwaway cluster with PostgreSQL's durable defaults, two `doska serve` processes
# on it, and `doska loadtest` playing GAMES games whose White moves through the first server and
# Black through the second while WATCHERS event streams are spread over both (before it,
# scripts/cluster-latency.py: how soon a move through one reaches a watcher of the other). Then
# the same load on one server alone and on one server with SQLite, for comparison. Run from the
# repository after `make build`.
#
#   bash scripts/loadtest-two-servers.sh [GAMES] [WATCHERS]     (default 1000 10000)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
games=${1:-1000}
watchers=${2:-10000}
doska=build/release/doska
[[ -x $doska ]] || { echo "error: no $doska: run make build first" >&2; exit 1; }
work=$(mktemp -d /tmp/doska-loadtest.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  DURABLE=1 bash tests/support/postgres_cluster.sh stop "$work/pg" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
ulimit -n "$(ulimit -Hn)"

# Starts `doska serve` on a free port with the database $1; sets $port.
serve() {
  local log="$work/serve-${#pids[@]}.log"
  "$doska" serve --port 0 --db "$1" --engine-threads 1 --no-throttle \
    --connections-per-address 100000 --web /nonexistent >"$log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do
    port=$(sed -n 's|^doska: serving on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$log")
    [[ -n $port ]] && return 0
    sleep 0.1
  done
  cat "$log" >&2
  echo "error: doska serve did not start" >&2
  exit 1
}

DURABLE=1 bash tests/support/postgres_cluster.sh start "$work/pg"
admin=$(cat "$work/pg/url")
base=${admin%/postgres}
psql_bin=$(ls -d /usr/lib/postgresql/*/bin | tail -1)/psql
"$psql_bin" -q "$admin" -c "CREATE DATABASE doska_load"
serve "$base/doska_load"
first=$port
serve "$base/doska_load"
second=$port
echo "== a move through one server seen by a watcher of the other"
python3 scripts/cluster-latency.py "$first" "$second"
echo "== two servers on PostgreSQL (ports $first and $second)"
"$doska" loadtest --port "$first" --also-port "$second" --games "$games" --watchers "$watchers"

echo "== one of them alone"
"$doska" loadtest --port "$first" --games "$games" --watchers "$watchers"

serve "$work/load.db"
echo "== one server on SQLite (port $port)"
"$doska" loadtest --port "$port" --games "$games" --watchers "$watchers"
