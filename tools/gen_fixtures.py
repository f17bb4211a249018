#!/usr/bin/env python3
"""Write perft and legal-move fixtures from Fairy-Stockfish (pyffish from PyPI).

Each line of tests/fixtures/<game>.jsonl is one position: our game id, Fairy-Stockfish's
variant name, the FEN, the sorted legal moves in UCI form, and perft counts by depth.
Positions: the start position, Fairy-Stockfish's published perft positions for the game,
and random positions from random games (seeded, so the files are reproducible).

    pip install pyffish && python3 tools/gen_fixtures.py [--random 200] [game ...]
"""
import argparse
import json
import os
import random
import sys

import pyffish as sf

# our game id -> Fairy-Stockfish variant
GAMES = {
    "asha": "chess",
    "chaturanga": "chaturanga",
    "shatranj": "shatranj",
    "makruk": "makruk",
    "ouk-chatrang": "cambodian",
    "sittuyin": "sittuyin",
    "shatar": "shatar",
    "xiangqi": "xiangqi",
    "janggi": "janggi",
    "shogi": "shogi",
    "sho-shogi": "shoshogi",
}

# Fairy-Stockfish's published perft positions (its tests/perft.sh), per variant.
PUBLISHED = {
    "chess": [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ],
    "cambodian": ["r1s1ks1r/3nm3/pppNpppp/3n4/5P2/PPPPPNPP/8/R1SKMS1R b DEe - 0 5"],
    "xiangqi": [
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
    ],
    "janggi": [
        "1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1",
        "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23",
    ],
    "sittuyin": [
        "8/8/6R1/s3r3/P5R1/1KP3p1/1F2kr2/8[] b - - 0 72",
        "2r5/6k1/6p1/3s2P1/3npR2/8/p2N2F1/3K4[] w - - 1 50",
        "8/6s1/5P2/3n4/pR2K2S/1P6/1k4p1/8[] w - - 1 50",
    ],
}

START_DEPTH = {"sittuyin": 3, "chess": 4, "xiangqi": 3, "janggi": 3, "shogi": 3, "shoshogi": 3}


def perft(variant, fen, path, depth):
    moves = sf.legal_moves(variant, fen, path)
    if depth == 1:
        return len(moves)
    return sum(perft(variant, fen, path + [m], depth - 1) for m in moves)


def entry(game, variant, fen, depths):
    moves = sorted(sf.legal_moves(variant, fen, []))
    counts = {str(d): perft(variant, fen, [], d) for d in depths} if moves else {}
    return {"game": game, "fsf": variant, "fen": fen, "moves": moves, "perft": counts}


def random_fens(variant, n, rng):
    start = sf.start_fen(variant)
    out = []
    while len(out) < n:
        path = []
        length = rng.randint(1, 120)
        for _ in range(length):
            moves = sf.legal_moves(variant, start, path)
            if not moves:
                break
            path.append(rng.choice(sorted(moves)))
        fen = sf.get_fen(variant, start, path)
        if fen not in out:
            out.append(fen)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--random", type=int, default=200)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "crates", "rules", "tests", "fixtures"))
    ap.add_argument("games", nargs="*")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for game in args.games or GAMES:
        variant = GAMES[game]
        rng = random.Random(f"ashta-{game}")
        lines = []
        start = sf.start_fen(variant)
        lines.append(entry(game, variant, start, range(1, START_DEPTH.get(variant, 4) + 1)))
        for fen in PUBLISHED.get(variant, []):
            lines.append(entry(game, variant, fen, [1, 2, 3] if variant not in ("xiangqi", "janggi", "shogi", "shoshogi") else [1, 2]))
        for i, fen in enumerate(random_fens(variant, args.random, rng)):
            deep = i % 4 == 0 and variant not in ("shogi",)
            lines.append(entry(game, variant, fen, [1, 2, 3] if deep else [1, 2]))
        path = os.path.join(args.out, f"{game}.jsonl")
        with open(path, "w") as f:
            for line in lines:
                f.write(json.dumps(line, separators=(",", ":")) + "\n")
        print(f"{game}: {len(lines)} positions -> {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
