#!/usr/bin/env python3
"""Adds Fairy-Stockfish's static evaluation to labelled positions.

Reads the `FEN;score;result` lines of `ashta tune-data` (the score White's, from the
teacher's search) and writes `FEN;blend;result`, where the blend is
`ALPHA * search score + (1 - ALPHA) * static evaluation`, the static evaluation being
Fairy-Stockfish's `eval` (its hand-made evaluation, no search), in centipawns for White.
Lines the engine cannot evaluate are left out and counted.

    tools/static_labels.py VARIANT ALPHA IN OUT [ENGINE]
    tools/static_labels.py chess 0.5 data/nets/asha-9104.txt data/nets/asha-9104-blend.txt
"""
import subprocess
import sys


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    variant, alpha, src, dst = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4]
    engine = sys.argv[5] if len(sys.argv) > 5 else "/usr/games/fairy-stockfish"
    fsf = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           text=True, bufsize=1)
    fsf.stdin.write(f"setoption name UCI_Variant value {variant}\nisready\n")
    fsf.stdin.flush()
    for line in fsf.stdout:
        if line.startswith("readyok"):
            break
    written = skipped = 0
    with open(src) as inp, open(dst, "w") as out:
        batch = []

        def flush():
            nonlocal written, skipped
            for fen, _, _ in batch:
                fsf.stdin.write(f"position fen {fen}\neval\n")
            fsf.stdin.write("isready\n")
            fsf.stdin.flush()
            values = []
            for line in fsf.stdout:
                if line.startswith("Total evaluation:"):
                    word = line.split()[2]
                    try:
                        values.append(float(word))
                    except ValueError:
                        values.append(None)
                elif line.startswith("readyok"):
                    break
            if len(values) != len(batch):
                sys.exit(f"{len(batch)} positions sent, {len(values)} evaluations read")
            for (fen, score, result), v in zip(batch, values):
                if v is None:
                    skipped += 1
                    continue
                blend = alpha * score + (1 - alpha) * v * 100
                out.write(f"{fen};{round(blend)};{result}\n")
                written += 1
            batch.clear()

        for line in inp:
            parts = line.rstrip("\n").split(";")
            if len(parts) != 3:
                skipped += 1
                continue
            batch.append((parts[0], int(parts[1]), parts[2]))
            if len(batch) == 100:
                flush()
        if batch:
            flush()
    fsf.stdin.write("quit\n")
    fsf.stdin.flush()
    fsf.wait()
    print(f"{written} positions written, {skipped} left out")


if __name__ == "__main__":
    main()
