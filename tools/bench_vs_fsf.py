#!/usr/bin/env python3
"""Perft speed of Ashta and Fairy-Stockfish side by side, on the same positions, in one run.

Both programs count the same tree (the node counts are checked to be equal), single
threaded, with bulk counting at the last ply. Fairy-Stockfish is the Debian package
(`apt-get install fairy-stockfish`, binary /usr/games/fairy-stockfish); its start-up time is
measured with `go perft 1` and subtracted. Prints a Markdown table for the README.

    cargo build --release && python3 tools/bench_vs_fsf.py
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
ASHTA = os.path.join(ROOT, "target", "release", "ashta")
FSF = "/usr/games/fairy-stockfish"

# (our game id, Fairy-Stockfish variant, FEN or None for the start, depth)
CASES = [
    ("asha", "chess", None, 6),
    ("asha", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
    ("shatranj", "shatranj", None, 6),
    ("makruk", "makruk", None, 6),
    ("ouk-chatrang", "cambodian", None, 6),
    ("sittuyin", "sittuyin", "8/8/6R1/s3r3/P5R1/1KP3p1/1F2kr2/8[] b - - 0 72", 5),
    ("shatar", "shatar", None, 6),
    ("xiangqi", "xiangqi", None, 5),
    ("janggi", "janggi", None, 5),
    ("shogi", "shogi", None, 5),
]


REPEAT = 3  # best of three runs each, to damp the noise of a shared machine


def fsf_perft(variant, fen, depth):
    pos = f"fen {fen}" if fen else "startpos"

    def run(d):
        script = f"uci\nsetoption name UCI_Variant value {variant}\nposition {pos}\ngo perft {d}\nquit\n"
        t = time.perf_counter()
        out = subprocess.run([FSF], input=script, capture_output=True, text=True).stdout
        return time.perf_counter() - t, int(re.search(r"Nodes searched: (\d+)", out).group(1))

    startup = min(run(1)[0] for _ in range(REPEAT))
    runs = [run(depth) for _ in range(REPEAT)]
    return runs[0][1], min(t for t, _ in runs) - startup


def ashta_perft(game, fen, depth):
    args = [ASHTA, "perft", game, "--ruleset", "fairy-stockfish", "--depth", str(depth)]
    if fen:
        args += ["--fen", fen]
    best = None
    for _ in range(REPEAT):
        out = subprocess.run(args, capture_output=True, text=True)
        nodes = int(re.search(r"Nodes searched: (\d+)", out.stdout).group(1))
        secs = float(re.search(r"time ([0-9.]+)s", out.stderr).group(1))
        best = secs if best is None else min(best, secs)
    return nodes, best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="one ply less everywhere")
    args = ap.parse_args()
    if not os.path.exists(FSF):
        sys.exit(f"{FSF} not found: apt-get install fairy-stockfish")
    print("| game (FSF name) | position | depth | nodes | Ashta Mnps | Fairy-Stockfish Mnps | ratio |")
    print("|---|---|---|---|---|---|---|")
    for game, variant, fen, depth in CASES:
        d = depth - 1 if args.quick else depth
        n1, t1 = ashta_perft(game, fen, d)
        n2, t2 = fsf_perft(variant, fen, d)
        same = "" if n1 == n2 else f" (FSF {n2})"
        print(
            f"| {game} ({variant}) | {'start' if not fen else fen.split()[0][:24] + '…'} | {d} | {n1}{same} "
            f"| {n1 / t1 / 1e6:.1f} | {n2 / t2 / 1e6:.1f} | {(n1 / t1) / (n2 / t2):.1f}x |",
            flush=True,
        )


if __name__ == "__main__":
    main()
