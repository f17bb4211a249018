#!/usr/bin/env python3
"""Write CSA fixtures with python-shogi (PyPI): random legal games played on python-shogi's
board, written as CSA records (moves named as python-shogi names the pieces and squares)
that python-shogi's own CSA parser reads back to the same moves, each beside the SFEN of
the position reached.

    pip install python-shogi && python3 tools/gen_csa_fixtures.py
"""
import os
import random

import shogi
import shogi.CSA as CSA

OUT = os.path.join(os.path.dirname(__file__), "..", "crates", "rules", "tests", "fixtures", "csa")


def record(rng, plies):
    board = shogi.Board()
    lines = ["V2.2", "N+python-shogi", "N-python-shogi", "PI", "+"]
    usi = []
    for _ in range(plies):
        moves = sorted(board.legal_moves, key=lambda m: m.usi())
        if not moves or board.is_game_over():
            break
        m = rng.choice(moves)
        sign = CSA.COLOR_SYMBOLS[board.turn]
        frm = "00" if m.from_square is None else CSA.SQUARE_NAMES[m.from_square]
        board.push(m)
        piece = board.piece_at(m.to_square).piece_type
        lines.append(f"{sign}{frm}{CSA.SQUARE_NAMES[m.to_square]}{CSA.PIECE_SYMBOLS[piece]}")
        usi.append(m.usi())
    lines.append("%TORYO")
    text = "\n".join(lines) + "\n"
    parsed = CSA.Parser.parse_str(text)[0]
    assert parsed["moves"] == usi, "python-shogi reads its record back"
    return text, board.sfen()


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random("ashta-csa")
    for i in range(6):
        text, sfen = record(rng, 40 + 30 * i)
        with open(os.path.join(OUT, f"game{i + 1}.csa"), "w") as f:
            f.write(text)
        with open(os.path.join(OUT, f"game{i + 1}.sfen"), "w") as f:
            f.write(sfen + "\n")


if __name__ == "__main__":
    main()
