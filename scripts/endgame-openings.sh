#!/usr/bin/env bash
# Starting positions for measuring the endgame databases (docs/egdb.md, "Measured in play"):
# quiet positions with LO..HI pieces taken from our own self-play games, not yet decided by the
# search (|score| <= MAX_SCORE centipawns), one a line, ready for `doska match --openings FILE`.
#
#   scripts/endgame-openings.sh GAME COUNT OUT [LO-HI] [SEED]
#   scripts/endgame-openings.sh international 50 /tmp/intl-endings.txt 8-12 1
#
# DOSKA (default build/release/doska) is the program; GAMES (default 400) self-play games at
# NODES (default 3000) nodes a move are played on both cores, and COUNT distinct positions are
# drawn from them with a fixed seed, so the same command gives the same file.
set -euo pipefail

if [[ $# -lt 3 ]]; then
  echo "usage: $0 GAME COUNT OUT [LO-HI] [SEED]" >&2
  exit 2
fi
game=$1
count=$2
out=$3
range=${4:-8-12}
seed=${5:-1}
lo=${range%-*}
hi=${range#*-}
doska=${DOSKA:-build/release/doska}
games=${GAMES:-400}
nodes=${NODES:-3000}
max_score=${MAX_SCORE:-150}

for n in "$count" "$lo" "$hi" "$seed" "$games" "$nodes" "$max_score"; do
  if ! [[ $n =~ ^[0-9]+$ ]]; then
    echo "error: '$n' is not a number" >&2
    exit 2
  fi
done

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
"$doska" selfplay "$game" --out "$tmp" --games "$games" --nodes "$nodes" --seed "$seed" \
  --random-plies 2-8 --quiet

# A line is "<FEN> <result> <score>"; the FEN "W:W...:B..." lists each side's pieces, comma-separated.
awk -v lo="$lo" -v hi="$hi" -v max="$max_score" '
  {
    fen = $1; score = $NF + 0
    if (score < -max || score > max) next
    n = split(fen, part, ":")
    pieces = 0
    for (i = 2; i <= n; i++) {
      list = substr(part[i], 2)
      if (list != "") pieces += split(list, unused, ",")
    }
    if (pieces >= lo && pieces <= hi && !seen[fen]++) print fen
  }' "$tmp" |
  shuf --random-source=<(yes "$seed") -n "$count" >"$out"

got=$(wc -l <"$out")
echo "$out: $got positions with $lo-$hi pieces from $games self-play games of $game"
if [[ $got -lt $count ]]; then
  echo "error: only $got positions found; play more games (GAMES=...)" >&2
  exit 1
fi
