#!/usr/bin/env python3
"""Write notation fixtures from Fairy-Stockfish (pyffish from PyPI): how it writes every
legal move of positions from random games, in its default notation (the one its tools
and pychess write in PGN records: SAN with Xiangqi's and Janggi's piece letters, Shogi's
numbered squares) and, for Xiangqi, in WXF.

Each line of tests/fixtures/san/<game>.jsonl is one position: the FEN and, per legal
move in UCI form, its text: {"fen": ..., "moves": [[uci, san], ...], "wxf": [...]}.
tests/fixtures/san/<game>.pgn holds random games as PGN, moves in that notation, with
Fairy-Stockfish's variant name and, in a `FinalFEN` tag, the position each game reaches.

    pip install pyffish && python3 tools/gen_san_fixtures.py [--random 80] [game ...]
"""
import argparse
import json
import os
import random
import sys

import pyffish as sf

from gen_fixtures import GAMES


def random_fens(variant, n, rng):
    start = sf.start_fen(variant)
    out = [start]
    while len(out) < n:
        fen = start
        for _ in range(rng.randint(1, 160)):
            moves = sorted(sf.legal_moves(variant, fen, []))
            if not moves:
                break
            # captures and promotions are where notations differ most: favour them
            move = rng.choice(moves)
            if rng.random() < 0.3:
                for m in rng.sample(moves, min(12, len(moves))):
                    if "+" in m or sf.is_capture(variant, fen, [], m):
                        move = m
                        break
            fen = sf.get_fen(variant, fen, [move])
        if fen not in out and sf.legal_moves(variant, fen, []):
            out.append(fen)
    return out


def pgn_games(variant, n, rng):
    out = []
    for i in range(n):
        start = sf.start_fen(variant)
        fen, sans = start, []
        for _ in range(rng.randint(20, 140)):
            moves = sorted(sf.legal_moves(variant, fen, []))
            if not moves:
                break
            m = rng.choice(moves)
            sans.append(sf.get_san(variant, fen, m))
            fen = sf.get_fen(variant, fen, [m])
        text = "".join(
            (f"{k // 2 + 1}. " if k % 2 == 0 else "") + san + " " for k, san in enumerate(sans)
        )
        out.append(
            f'[Event "random game {i + 1}"]\n[Variant "{variant}"]\n[FinalFEN "{fen}"]\n\n{text}*\n'
        )
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--random", type=int, default=80)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "crates", "rules", "tests", "fixtures", "san"))
    ap.add_argument("games", nargs="*")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for game in args.games or GAMES:
        variant = GAMES[game]
        rng = random.Random(f"ashta-san-{game}")
        lines = []
        for fen in random_fens(variant, args.random, rng):
            moves = sorted(sf.legal_moves(variant, fen, []))
            entry = {"fen": fen, "moves": [[m, sf.get_san(variant, fen, m)] for m in moves]}
            if variant == "xiangqi":
                entry["wxf"] = [sf.get_san(variant, fen, m, False, sf.NOTATION_XIANGQI_WXF) for m in moves]
            lines.append(entry)
        path = os.path.join(args.out, f"{game}.jsonl")
        with open(path, "w") as f:
            for line in lines:
                f.write(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n")
        with open(os.path.join(args.out, f"{game}.pgn"), "w") as f:
            f.write(pgn_games(variant, 4, random.Random(f"ashta-pgn-{game}")))
        print(f"{game}: {len(lines)} positions -> {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
