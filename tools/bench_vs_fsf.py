#!/usr/bin/env python3
"""Perft speed of Ashta and Fairy-Stockfish side by side, on the same positions, in one run.

Both programs count the same tree (the node counts are checked to be equal), single
threaded, with bulk counting at the last ply. Fairy-Stockfish is the Debian package
(`apt-get install fairy-stockfish`, binary /usr/games/fairy-stockfish); its start-up time is
measured with `go perft 1` and subtracted. The two take five turns each, alternately, and
the best speed of each counts; in each turn Ashta's (much shorter) perft runs again and
again until it has run as long as Fairy-Stockfish's run just before, so that both are
measured over windows of the same length, which bursts of load from elsewhere on a shared
machine touch alike. Prints a Markdown table for the README.

With `--instructions`, both programs instead run under callgrind (valgrind) one ply less
deep, and the table gives the instructions each spends per leaf node (start-up, measured at
depth 1, subtracted): a count that does not move with the machine's load, unlike the times.

    cargo build --release && python3 tools/bench_vs_fsf.py [--instructions] [game ...]
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


REPEAT = 5  # runs of each program, alternating, best taken: the machine is shared


def fsf_run(variant, fen, depth):
    pos = f"fen {fen}" if fen else "startpos"
    script = f"uci\nsetoption name UCI_Variant value {variant}\nposition {pos}\ngo perft {depth}\nquit\n"
    t = time.perf_counter()
    out = subprocess.run([FSF], input=script, capture_output=True, text=True).stdout
    return time.perf_counter() - t, int(re.search(r"Nodes searched: (\d+)", out).group(1))


def ashta_run(game, fen, depth):
    args = [ASHTA, "perft", game, "--ruleset", "fairy-stockfish", "--depth", str(depth)]
    if fen:
        args += ["--fen", fen]
    out = subprocess.run(args, capture_output=True, text=True)
    nodes = int(re.search(r"Nodes searched: (\d+)", out.stdout).group(1))
    return float(re.search(r"time ([0-9.]+)s", out.stderr).group(1)), nodes


def counted(args):
    """Instructions counted by callgrind for the command and input `args`, and the nodes
    the perft it runs reports."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + args[0],
        input=args[1],
        capture_output=True,
        text=True,
    )
    instr = int(re.search(r"refs:\s+([0-9,]+)", out.stderr).group(1).replace(",", ""))
    return instr, int(re.search(r"Nodes searched: (\d+)", out.stdout).group(1))


def fsf_args(variant, fen, depth):
    pos = f"fen {fen}" if fen else "startpos"
    script = f"uci\nsetoption name UCI_Variant value {variant}\nposition {pos}\ngo perft {depth}\nquit\n"
    return [FSF], script


def ashta_args(game, fen, depth):
    args = [ASHTA, "perft", game, "--ruleset", "fairy-stockfish", "--depth", str(depth)]
    return args + (["--fen", fen] if fen else []), None


def per_leaf(make, who, fen, depth):
    """Instructions per leaf node at `depth`, start-up (depth 1) subtracted, and the
    leaf nodes."""
    instr, nodes = counted(make(who, fen, depth))
    return (instr - counted(make(who, fen, 1))[0]) / nodes, nodes


def side_by_side(game, variant, fen, depth):
    """Both programs' best speeds over REPEAT alternating turns (Fairy-Stockfish's
    start-up, measured with `go perft 1`, subtracted). Ashta's perft takes a fraction of
    Fairy-Stockfish's time, so in each turn it runs again and again until it has run as
    long as Fairy-Stockfish's run just before: both are measured over windows of the same
    length, which the machine's bursts of load touch alike."""
    startup = min(fsf_run(variant, fen, 1)[0] for _ in range(REPEAT))
    our_nodes = ashta_run(game, fen, depth)[1]
    ours, theirs = [], []
    for _ in range(REPEAT):
        t, fsf_nodes = fsf_run(variant, fen, depth)
        theirs.append(fsf_nodes / (t - startup))
        spent, nodes = 0.0, 0
        while spent < t - startup or nodes == 0:
            t_ours, n_ours = ashta_run(game, fen, depth)
            spent, nodes = spent + t_ours, nodes + n_ours
        ours.append(nodes / spent)
    return our_nodes, max(ours), fsf_nodes, max(theirs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="one ply less everywhere")
    ap.add_argument(
        "--instructions",
        action="store_true",
        help="instructions per leaf under callgrind (one ply less) instead of times",
    )
    ap.add_argument("games", nargs="*", help="only these of our game ids")
    args = ap.parse_args()
    if not os.path.exists(FSF):
        sys.exit(f"{FSF} not found: apt-get install fairy-stockfish")
    if args.instructions:
        print("| game (FSF name) | position | depth | nodes | Ashta instr/leaf | Fairy-Stockfish instr/leaf | ratio |")
        print("|---|---|---|---|---|---|---|")
        for game, variant, fen, depth in CASES:
            if args.games and game not in args.games:
                continue
            d = depth - (2 if args.quick else 1)
            ours, nodes = per_leaf(ashta_args, game, fen, d)
            theirs, fsf_nodes = per_leaf(fsf_args, variant, fen, d)
            same = "" if nodes == fsf_nodes else f" (FSF {fsf_nodes})"
            print(
                f"| {game} ({variant}) | {'start' if not fen else fen.split()[0][:24] + '…'} | {d} | {nodes}{same} "
                f"| {ours:.1f} | {theirs:.1f} | {theirs / ours:.1f}x |",
                flush=True,
            )
        return
    print("| game (FSF name) | position | depth | nodes | Ashta Mnps | Fairy-Stockfish Mnps | ratio |")
    print("|---|---|---|---|---|---|---|")
    for game, variant, fen, depth in CASES:
        if args.games and game not in args.games:
            continue
        d = depth - 1 if args.quick else depth
        n1, r1, n2, r2 = side_by_side(game, variant, fen, d)
        same = "" if n1 == n2 else f" (FSF {n2})"
        print(
            f"| {game} ({variant}) | {'start' if not fen else fen.split()[0][:24] + '…'} | {d} | {n1}{same} "
            f"| {r1 / 1e6:.1f} | {r2 / 1e6:.1f} | {r1 / r2:.1f}x |",
            flush=True,
        )


if __name__ == "__main__":
    main()
