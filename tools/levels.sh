#!/usr/bin/env bash
# Calibrates the strength levels: each level against the level below, on every game,
# with `ashta match` (random openings, sides alternating, each opening played from both
# sides). Prints one Markdown table row per game: the score of level L against level L-1
# for L = 2..8 (`-` where not measured: MAX_LEVEL caps the slow top levels of the tree
# search in the dice games).
#
#   tools/levels.sh [GAMES_PER_PAIR] [MOVETIME_MS] [game ...]
#   MAX_LEVEL=5 tools/levels.sh 4 50 ashtapada shaturanga
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-4}
MOVETIME=${2:-50}
shift 2 || true
LIST=("$@")
if [ ${#LIST[@]} -eq 0 ]; then
  LIST=(asha chaturanga shatranj senterej ninth-century sittuyin makruk ouk-chatrang shatar
        xiangqi janggi heian-shogi sho-shogi shogi ahayuta ashtapada shaturanga)
fi
cargo build --release --locked -q -p ashta
BIN=target/release/ashta
echo "| game | 2 v 1 | 3 v 2 | 4 v 3 | 5 v 4 | 6 v 5 | 7 v 6 | 8 v 7 |"
echo "|---|---|---|---|---|---|---|---|"
for g in "${LIST[@]}"; do
  row="| $g |"
  for l in 2 3 4 5 6 7 8; do
    if [ "$l" -gt "${MAX_LEVEL:-8}" ]; then
      row="$row - |"
      continue
    fi
    out=$("$BIN" match "$g" --engine1 "ashta:$l" --engine2 "ashta:$((l - 1))" \
      --games "$GAMES" --movetime "$MOVETIME" --seed "$l" 2>/dev/null | tail -1)
    score=$(echo "$out" | sed -n 's/.*score \([0-9.]*\/[0-9]*\).*/\1/p')
    row="$row ${score:-?} |"
  done
  echo "$row"
done
