#!/usr/bin/env python3
"""Compare Ashta's rules with Fairy-Stockfish's ply by ply, in random games.

For every game Fairy-Stockfish knows, plays random games biased towards what tends to
differ between implementations (captures, promotions, long games that reach endgames,
captures of promoted pieces) and, at every ply, compares the legal moves pyffish lists
with those `ashta uci` lists under the fairy-stockfish ruleset (`go perft 1`). A game
stops at the first difference, or where Fairy-Stockfish ends it. Differences are printed
and written as JSON lines (variant, FEN, moves only one side lists); the exit status is 1
when there is any.

    pip install pyffish && python3 tools/differential.py [--games 20] [--plies 300] [variant ...]

pyffish comes from PyPI (its version is printed); the Debian package's binary,
Fairy-Stockfish 11.1, differs from it in Ouk Chatrang (see `fsf-version` in the README).
"""
import argparse
import json
import os
import random
import subprocess
import sys

import pyffish as sf

# Fairy-Stockfish's variant -> our game id (the fixtures' list)
VARIANTS = {
    "chess": "asha",
    "chaturanga": "chaturanga",
    "shatranj": "shatranj",
    "makruk": "makruk",
    "cambodian": "ouk-chatrang",
    "sittuyin": "sittuyin",
    "shatar": "shatar",
    "xiangqi": "xiangqi",
    "janggi": "janggi",
    "shogi": "shogi",
    "shoshogi": "sho-shogi",
}


class Ashta:
    """`ashta uci` kept running for one variant."""

    def __init__(self, binary, variant):
        self.p = subprocess.Popen(
            [binary, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.until("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("setoption name Ruleset value fairy-stockfish")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        out = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("ashta uci stopped")
            line = line.strip()
            out.append(line)
            if line.startswith(prefix):
                return out

    def legal(self, fen, moves):
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go perft 1")
        lines = self.until("Nodes searched")
        return sorted(
            l.split(":")[0] for l in lines if l.endswith(": 1") and not l.startswith("Nodes")
        )

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def pick(rng, variant, fen, moves, legal):
    """A random move, captures and promotions preferred."""
    pos = sf.get_fen(variant, fen, moves)
    if rng.random() < 0.6:
        special = []
        for m in legal:
            san = sf.get_san(variant, pos, m)
            if "x" in san or "=" in san or m.endswith("+") or (len(m) == 5 and m[-1].isalpha()):
                special.append(m)
        if special:
            return rng.choice(special)
    return rng.choice(legal)


def check(binary, variant, games, plies, rng, out):
    ashta = Ashta(binary, variant)
    start = sf.start_fen(variant)
    compared = differences = 0
    for g in range(games):
        moves = []
        for _ in range(plies):
            theirs = sorted(sf.legal_moves(variant, start, moves))
            ended, _ = sf.is_immediate_game_end(variant, start, moves)
            if ended:
                break
            ours = ashta.legal(start, moves)
            compared += 1
            if ours != theirs:
                differences += 1
                d = {
                    "variant": variant,
                    "game": VARIANTS[variant],
                    "fen": sf.get_fen(variant, start, moves),
                    "moves": moves,
                    "only_fairy_stockfish": sorted(set(theirs) - set(ours)),
                    "only_ashta": sorted(set(ours) - set(theirs)),
                }
                print(json.dumps(d), flush=True)
                out.write(json.dumps(d) + "\n")
                break
            if not theirs:
                break
            moves.append(pick(rng, variant, start, moves, theirs))
    ashta.close()
    return compared, differences


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("variants", nargs="*", help="Fairy-Stockfish variant names (default: all)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--plies", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--binary", default="target/release/ashta")
    ap.add_argument("--out", default="target/differential.jsonl")
    args = ap.parse_args()
    if not os.path.exists(args.binary):
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "ashta"], check=True)
    print(f"pyffish {'.'.join(map(str, sf.version()))}", flush=True)
    rng = random.Random(args.seed)
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    total = 0
    with open(args.out, "w") as out:
        for v in args.variants or VARIANTS:
            compared, diffs = check(args.binary, v, args.games, args.plies, rng, out)
            total += diffs
            print(f"{v}: {compared} positions compared, {diffs} differences", flush=True)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
