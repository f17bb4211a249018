#!/usr/bin/env python3
"""Write KIF fixtures with python-shogi (PyPI): random legal games played on python-shogi's
board, written by python-shogi's KIF exporter, checked to read back with its KIF parser,
each beside the SFEN of the position reached. The last game is also written in Shift_JIS
(`.kif`, the encoding of most KIF files); the others in UTF-8 (`.kifu`).

    pip install python-shogi && python3 tools/gen_kif_fixtures.py
"""
import os
import random

import shogi
import shogi.KIF as KIF

OUT = os.path.join(os.path.dirname(__file__), "..", "crates", "rules", "tests", "fixtures", "kif")


def record(rng, plies):
    board = shogi.Board()
    usi = []
    for _ in range(plies):
        moves = sorted(board.legal_moves, key=lambda m: m.usi())
        if not moves or board.is_game_over():
            break
        m = rng.choice(moves)
        board.push(m)
        usi.append(m.usi())
    # the side to move resigns
    win = "b" if len(usi) % 2 == 1 else "w"
    summary = {"names": ["Sente", "Gote"], "sfen": shogi.STARTING_SFEN, "moves": usi, "win": win}
    text = KIF.Exporter.kif(summary)
    parsed = KIF.Parser.parse_str(text)[0]
    assert parsed["moves"] == usi, "python-shogi reads its record back"
    return text, board.sfen()


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random("ashta-kif")
    count = 6
    for i in range(count):
        text, sfen = record(rng, 40 + 30 * i)
        last = i + 1 == count
        name = os.path.join(OUT, f"game{i + 1}.{'kif' if last else 'kifu'}")
        with open(name, "wb") as f:
            f.write(text.encode("cp932" if last else "utf-8"))
        with open(os.path.join(OUT, f"game{i + 1}.sfen"), "w") as f:
            f.write(sfen + "\n")


if __name__ == "__main__":
    main()
