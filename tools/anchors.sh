#!/usr/bin/env bash
# Ties the strength levels to Fairy-Stockfish 11.1 (installed when missing) in Elo: each
# level 1-8 plays GAMES games (random openings, each played with both colours) against
# Fairy-Stockfish limited by its own Elo setting (`UCI_LimitStrength`, `UCI_Elo` from 1350
# to 2850, its scale for chess), under `ruleset=fairy-stockfish`, MS milliseconds a move for
# Fairy-Stockfish and for level 8. A level that scores 80% or more meets the next anchor up
# (450 higher) and one that scores 20% or less the next down, so each level's estimate comes
# from a game against an anchor close to it. Prints one Markdown table row per level: the
# anchor, the score and the level's Elo on that scale (anchor + the match's Elo difference,
# with its margin; a shut-out is only a bound).
#
#   tools/anchors.sh [GAMES] [MS] [game ...]
#   tools/anchors.sh 20 100 asha xiangqi
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-20}
MS=${2:-100}
shift 2 || true
LIST=("$@")
if [ ${#LIST[@]} -eq 0 ]; then
  LIST=(asha)
fi
source tools/install_fsf.sh
cargo build --release --locked -q -p ashta
BIN=target/release/ashta
for g in "${LIST[@]}"; do
  echo "$g:"
  echo "| level | anchor (UCI_Elo) | score | Elo |"
  echo "|---|---|---|---|"
  anchor=1350
  for l in 1 2 3 4 5 6 7 8; do
    tried=""
    while true; do
      out=$("$BIN" match "$g" --ruleset fairy-stockfish --engine1 "ashta:$l" \
        --engine2 "uci:$FSF;UCI_LimitStrength=true;UCI_Elo=$anchor" \
        --games "$GAMES" --movetime "$MS" --seed "$l" --adjudicate 2>/dev/null | tail -1)
      score=$(echo "$out" | sed -n 's/.*score \([0-9.]*\)\/\([0-9]*\).*/\1/p')
      diff=$(echo "$out" | sed -n 's/.*Elo difference \([-+0-9]*\) +\/- \([0-9]*\).*/\1 \2/p')
      tried="$tried $anchor"
      pct=$(awk -v s="$score" -v n="$GAMES" 'BEGIN { printf "%d", 100 * s / n }')
      if [ "$pct" -ge 80 ] && [ "$anchor" -lt 2850 ] && [[ "$tried" != *" $((anchor + 450))"* ]]; then
        anchor=$((anchor + 450 > 2850 ? 2850 : anchor + 450))
        continue
      fi
      if [ "$pct" -le 20 ] && [ "$anchor" -gt 1350 ] && [[ "$tried" != *" $((anchor - 450))"* ]]; then
        anchor=$((anchor - 450 < 1350 ? 1350 : anchor - 450))
        continue
      fi
      break
    done
    if [ "$pct" -ge 100 ]; then
      elo="above $anchor"
    elif [ "$pct" -le 0 ]; then
      elo="below $anchor"
    else
      set -- $diff
      elo="$((anchor + $1)) +/- $2"
    fi
    echo "| $l | $anchor | $score/$GAMES | $elo |"
  done
done
