#!/usr/bin/env python3
"""Where Ashta's chess games were lost: each lost game of a match record analysed by
Fairy-Stockfish.

Reads the PGN of `ashta match asha ... --pgn FILE` (or `PGN_DIR=data tools/strength.sh
40 MS asha`), has Fairy-Stockfish score every position of each game Ashta lost at NODES
nodes, and prints per game the score for Ashta every ten plies, the ply where Ashta was
first 200 centipawns down with the pieces left then, and Ashta's three moves that lost the
most (the score before and after, the position before the move; the match's random
opening plies, `RANDOM_PLIES`, default 4 as `ashta match --random-plies`, are nobody's
choice and not listed). A summary says how many games were 200 down by move 20. Needs
python-chess (installed when missing).

    tools/losses.py FILE.pgn [NODES] [ENGINE]
    tools/losses.py data/asha-1000.pgn 100000
"""
import os
import subprocess
import sys

try:
    import chess
    import chess.engine
    import chess.pgn
except ImportError:
    subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", "chess"])
    import chess
    import chess.engine
    import chess.pgn

DOWN = -200


def ashta_score(game):
    """Ashta's colour (True for White) and its score in the game, or None."""
    white = game.headers.get("White", "").lower().startswith("ashta")
    black = game.headers.get("Black", "").lower().startswith("ashta")
    if white == black:
        return None
    result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(game.headers.get("Result"))
    if result is None:
        return None
    return white, result if white else 1.0 - result


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    path = sys.argv[1]
    nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    engine = sys.argv[3] if len(sys.argv) > 3 else "/usr/games/fairy-stockfish"
    random_plies = int(os.environ.get("RANDOM_PLIES", "4"))
    fsf = chess.engine.SimpleEngine.popen_uci(engine)
    lost = early = 0
    with open(path) as f:
        number = 0
        while (game := chess.pgn.read_game(f)) is not None:
            number += 1
            side = ashta_score(game)
            if side is None or side[1] != 0.0:
                continue
            white, _ = side
            sign = 1 if white else -1
            lost += 1
            board = game.board()
            moves = list(game.mainline_moves())
            scores, fens, pieces = [], [], []
            for move in moves + [None]:
                info = fsf.analyse(board, chess.engine.Limit(nodes=nodes))
                scores.append(sign * info["score"].white().score(mate_score=3000))
                fens.append(board.fen())
                pieces.append(chess.popcount(board.occupied))
                if move is None:
                    break
                board.push(move)
            drops = []
            board = game.board()
            for i, move in enumerate(moves):
                if i >= random_plies and board.turn == (chess.WHITE if white else chess.BLACK):
                    drops.append((scores[i] - scores[i + 1], i, board.san(move)))
                board.push(move)
            drops.sort(reverse=True)
            down = next((i for i, s in enumerate(scores) if s <= DOWN), None)
            if down is not None and down <= 40:
                early += 1
            where = "never" if down is None else f"ply {down} ({pieces[down]} pieces)"
            print(f"game {number}: Ashta {'White' if white else 'Black'}, "
                  f"{len(moves)} plies, {DOWN} first at {where}")
            print("  every ten plies:", scores[::10])
            for drop, i, san in drops[:3]:
                print(f"  ply {i}: {san} lost {drop} ({scores[i]} -> {scores[i + 1]}) {fens[i]}")
            sys.stdout.flush()
    fsf.quit()
    print(f"{lost} games lost, {early} of them {-DOWN} centipawns down by move 20")


if __name__ == "__main__":
    main()
