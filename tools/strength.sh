#!/usr/bin/env bash
# Measures Ashta's full strength against Fairy-Stockfish 11.1 (Debian's package, installed
# here when missing) at equal time: `ashta match` on each game under the fairy-stockfish
# ruleset, random openings each played with both colours, two games at once (one core
# each), games adjudicated once both engines agree on the result. Prints one Markdown
# table row per game: score, wins/draws/losses, Elo difference with its 95% margin.
#
#   tools/strength.sh [GAMES] [MOVETIME_MS] [game ...]
#   tools/strength.sh 40 100 makruk shatranj xiangqi janggi shogi asha
#   PGN_DIR=data tools/strength.sh 40 1000 asha    # also keeps the games: data/asha-1000.pgn
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-40}
MOVETIME=${2:-100}
shift 2 || true
LIST=("$@")
if [ ${#LIST[@]} -eq 0 ]; then
  LIST=(makruk shatranj xiangqi janggi shogi asha)
fi
source tools/install_fsf.sh
cargo build --release --locked -q -p ashta
BIN=target/release/ashta
echo "| game | games | Ashta's score | +won =drawn -lost | Elo difference | left out (rules differ) |"
echo "|---|---|---|---|---|---|"
for g in "${LIST[@]}"; do
  pgn=()
  if [ -n "${PGN_DIR:-}" ]; then
    mkdir -p "$PGN_DIR"
    pgn=(--pgn "$PGN_DIR/$g-$MOVETIME.pgn")
  fi
  all=$("$BIN" match "$g" --ruleset fairy-stockfish --engine1 ashta --engine2 "uci:$FSF" \
    --games "$GAMES" --movetime "$MOVETIME" --jobs 2 --seed 7 --adjudicate "${pgn[@]}" 2>/dev/null)
  out=$(echo "$all" | grep " vs " | tail -1)
  left=$(echo "$all" | sed -n 's/^\([0-9]*\) games left out.*/\1/p')
  wdl=$(echo "$out" | sed -n 's/.*: \(+[0-9]* =[0-9]* -[0-9]*\),.*/\1/p')
  score=$(echo "$out" | sed -n 's/.*score \([0-9.]*\/[0-9]*\).*/\1/p')
  elo=$(echo "$out" | sed -n 's/.*Elo difference \(.*\)$/\1/p')
  echo "| $g | $GAMES | $score | $wdl | $elo | ${left:-0} |"
done
