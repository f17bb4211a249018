#!/usr/bin/env bash
# Learns the network evaluation of each game named (default: those embedded) from
# positions that Fairy-Stockfish 11.1 (Debian's package, installed here when missing)
# labels: it plays itself at 1,000 nodes a move from random openings, with a random move
# now and then, and each quiet position is written with its score (`ashta tune-data`);
# `ashta train-net` then learns the network from the scores (each position also mirrored
# left to right) and writes it where the build embeds it. Data go to data/nets/ (kept, so
# that a second run adds games rather than starting over).
#
#   [SEED=N] tools/train_nets.sh [GAMES_PER_VARIANT] [game ...]
#   tools/train_nets.sh 8000 asha shatranj makruk shogi xiangqi janggi
#   SEED=4242 tools/train_nets.sh 9000 asha     # chess's second run of games
#   LEARN_ON=1 SEED=9101 tools/train_nets.sh 20000 asha   # learn on from the embedded
#                                                # network, with this run's games only
#                                                # (LEARN_RATE=0.001 for Shogi's step)
#   LEARN_ON=1 ALSO=data/nets/asha-9104.txt SEED=9105 tools/train_nets.sh 40000 asha
#                                                # the same, with an earlier run's games too
#                                                # (learned before this run's, whose last
#                                                # games stay the held-out ones)
#   KING_BUCKETS=9 LEARN_ON=1 ... tools/train_nets.sh ...
#                                                # the same, the network given sets of
#                                                # inputs by the king's square
#   LAMBDA=0.9 LEARN_ON=1 ... tools/train_nets.sh ...
#                                                # targets nine parts score, one part
#                                                # the game's result
#   HIDDEN=128 LEARN_ON=1 ... tools/train_nets.sh ...
#                                                # the network widened to 128 units a side
#   LIMIT=nodes=5000 RANDOM_PERCENT=3 LEARN_ON=1 LEARN_RATE=0.0003 EPOCHS=6 SEED=9408 \
#     tools/train_nets.sh 20000 shatranj
#                                                # Shatranj labelled at 5,000 nodes: its
#                                                # embedded network's last step (seeds 9408
#                                                # and 9409 side by side, learned from both,
#                                                # ALSO=data/nets/shatranj-9408.txt with
#                                                # SEED=9409; 284,090 positions)
#   TEACHER=stockfish LIMIT=nodes=5000 RANDOM_PERCENT=3 MIRRORS=0 LEARN_ON=1 LEARN_RATE=0.0001 \
#     EPOCHS=4 SEED=9701 tools/train_nets.sh 20000 asha
#                                                # chess labelled by Stockfish 15.1
#                                                # (Debian's package, installed here when
#                                                # missing) at 5,000 nodes, not mirrored
#                                                # (data/nets/asha-sf-SEED.txt)
#   TEACHER=stockfish LIMIT=nodes=1000 RANDOM_PERCENT=3 MIRRORS=0 LEARN_ON=1 LEARN_RATE=0.0001 \
#     EPOCHS=5 SEED=9711 tools/train_nets.sh 40000 asha
#                                                # the same at 1,000 nodes: the embedded
#                                                # chess network's last step (seeds 9711
#                                                # and 9712 side by side, 52 minutes,
#                                                # 2,095,564 positions), then with seed
#                                                # 9713 too (3,297,014; EPOCHS=12)
#
# The embedded networks came from these runs, cut short where the data were enough: shogi
# at 527,000 positions and xiangqi at 418,000 (both learned at the smaller step size below);
# chess from the seed-777 run and a second of about 9,000 games with seed 4242 (1,258,000
# positions in all), with the 47,000 positions of `tune-data` at 5,000 nodes added; shogi
# from a second run of about 2,600 games with seed 888 too (715,000 positions); Makruk and
# Xiangqi from a second run each with seed 5151 (`SEED=5151 tools/train_nets.sh 8000
# makruk xiangqi`, stopped after 578,000 and 461,000 positions: 972,000 and 879,000 in all);
# Janggi from one run of 5,000 games with seed 7301 (`SEED=7301 tools/train_nets.sh 5000
# janggi`: 427,000 positions). Chess was then learned on from its network with 2,155,000
# positions of two runs at once, seeds 9101 and 9102 (`LEARN_ON=1`, stopped after 70
# minutes); Shogi likewise with 1,283,000 positions of seeds 9201 and 9202 (45 minutes),
# learned at a step of 0.001; Xiangqi with 770,000 of seed 9302 at 0.001 (42 minutes of
# one core). Chess was learned on again with the 2,975,776 positions of one run of 40,000
# games (`LEARN_ON=1 SEED=9104 tools/train_nets.sh 40000 asha`, about 45 minutes of both
# cores). And again (this search, with the correction history) from the 3,146,763 positions
# of seed 9105 (about 40,000 games, 81 minutes of both cores shared with matches; 3% random
# moves rather than 5%) together with those of seed 9104 (`ALSO`): held-out error 0.012721
# -> 0.012117 (0.012406 learned on from seed 9105's positions alone).
# Shogi was learned on again, as `LEARN_ON=1 LEARN_RATE=0.001` does, from 1,301,219
# positions of seed 9203 (`ashta tune-data` with 3% random moves, stopped after about 75
# minutes of both cores shared with matches): held-out error 0.018978 -> 0.018178.
# Chess once more from 1,885,791 positions of seed 9106 (3% random moves, about 40 minutes
# of both cores shared) after those of seeds 9104 and 9105 (`ALSO`): 0.012147 -> 0.011927.
# Chess once more, given king buckets (`KING_BUCKETS=9`), from 1,608,221 positions of seed
# 9107 (3% random moves, about 70 minutes of one core) after those of seeds 9104-9106:
# 0.011787 -> 0.011529 (0.011611 learned on without king buckets). Shogi from 880,672
# positions of seed 9204 (one core, 70 minutes) after those of seed 9203: 0.017887 ->
# 0.017577 (0.017638 with king buckets, which the Shogi data do not yet support).
# Shatranj from 2,210,109 positions of seed 9401 (one core, 57 minutes) alone, at 0.001
# (`LEARN_ON=1 LEARN_RATE=0.001`): 0.005769 -> 0.005167. Shogi from 1,132,215 positions
# of seed 9205 (one core, 62 minutes) after those of seeds 9203 and 9204, at 0.001 with
# targets blended with the games' results (`LAMBDA=0.9`): held-out error 0.017488.
# Shatranj again from 1,491,690 positions of seed 9402 (one core, 60 minutes) after those
# of seed 9401, at 0.001: held-out error 0.005469 -> 0.005273.
# Chess, widened to 128 units a side (`HIDDEN=128`), from 1,985,238 and 1,986,648 positions
# of seeds 9108 and 9109 (two runs at once, one core each, 61 minutes) after those of seeds
# 9104-9107, 8 passes: 0.011699 -> 0.011422 (0.011508 with 64 units).
# Makruk from 1,222,933 positions of seed 9501 (one core, 52 minutes) alone, at 0.001:
# 0.006657 -> 0.006123.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-8000}
SEED=${SEED:-777}
shift || true
LIST=("$@")
if [ ${#LIST[@]} -eq 0 ]; then
  LIST=(asha shatranj makruk shogi xiangqi janggi)
fi
source tools/install_fsf.sh
TEACHER_PATH=$FSF
TAG=""
if [ "${TEACHER:-}" = stockfish ]; then
  # Stockfish knows chess alone; its labels go to files of their own
  for g in "${LIST[@]}"; do
    if [ "$g" != asha ]; then
      echo "TEACHER=stockfish labels chess (asha) only, not $g" >&2
      exit 2
    fi
  done
  TEACHER_PATH=/usr/games/stockfish
  TAG=-sf
  install_debian "$TEACHER_PATH" stockfish
elif [ -n "${TEACHER:-}" ]; then
  echo "TEACHER is stockfish or unset (Fairy-Stockfish), not $TEACHER" >&2
  exit 2
fi
cargo build --release --locked -q -p ashta
BIN=target/release/ashta
mkdir -p data/nets
for g in "${LIST[@]}"; do
  "$BIN" tune-data "$g" --ruleset fairy-stockfish --teacher "uci:$TEACHER_PATH" --games "$GAMES" \
    --limit "${LIMIT:-nodes=1000}" --random-percent "${RANDOM_PERCENT:-5}" --seed "$SEED" \
    --out "data/nets/$g$TAG${LEARN_ON:+-$SEED}.txt"
  # the games whose data overfit sooner learn at a smaller step
  case "$g" in
    shogi | xiangqi | janggi) RATE=0.0007 ;;
    *) RATE=0.002 ;;
  esac
  DATA=("data/nets/$g$TAG.txt")
  LEARN=(--epochs 30 --rate "$RATE")
  if [ -n "${LEARN_ON:-}" ]; then
    # this run's games (after those of ALSO), on from the network embedded now
    read -r -a DATA <<<"${ALSO:-}"
    DATA+=("data/nets/$g$TAG-$SEED.txt")
    LEARN=(--epochs "${EPOCHS:-10}" --rate "${LEARN_RATE:-0.0005}" --from "crates/engine/nets/$g.nnue"
      ${KING_BUCKETS:+--king-buckets "$KING_BUCKETS"} ${LAMBDA:+--lambda "$LAMBDA"}
      ${HIDDEN:+--hidden "$HIDDEN"})
  fi
  MIRROR=(--mirrors)
  if [ "${MIRRORS:-1}" = 0 ]; then MIRROR=(); fi
  "$BIN" train-net "$g" --ruleset fairy-stockfish --data "${DATA[@]}" "${MIRROR[@]}" \
    "${LEARN[@]}" --out "crates/engine/nets/$g.nnue"
done
