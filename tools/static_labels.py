#!/usr/bin/env python3
"""Adds an engine's static evaluation to labelled positions.

Reads the `FEN;score;result` lines of `ashta tune-data` (the score White's, from the
teacher's search) and writes `FEN;blend;result`, where the blend is
`ALPHA * search score + (1 - ALPHA) * SCALE * static evaluation`, the static evaluation
being the engine's `eval` (no search), in centipawns for White: Fairy-Stockfish's
hand-made evaluation (its "Total evaluation"), or Stockfish's network (its "NNUE
evaluation", Stockfish 12 and later). Lines the engine cannot evaluate (a side in check)
are left out and counted.

    tools/static_labels.py VARIANT ALPHA IN OUT [ENGINE [SCALE]]
    tools/static_labels.py chess 0.5 data/nets/asha-9104.txt data/nets/asha-9104-blend.txt
    tools/static_labels.py chess 0 data/nets/asha-9801.txt data/nets/asha-9801-sf.txt \\
        /usr/games/stockfish 1.35
"""
import subprocess
import sys

# the line of `eval` that holds the evaluation, and the one that ends a position's answer
VALUE_LINES = ("Total evaluation:", "NNUE evaluation")
END_LINES = ("Total evaluation:", "Final evaluation")


def value_of(line):
    """The evaluation on a value line, in pawns for White, or None ("none (in check)")."""
    for prefix in VALUE_LINES:
        if line.startswith(prefix):
            try:
                return float(line[len(prefix):].split()[0])
            except (ValueError, IndexError):
                return None
    return None


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    variant, alpha, src, dst = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4]
    engine = sys.argv[5] if len(sys.argv) > 5 else "/usr/games/fairy-stockfish"
    scale = float(sys.argv[6]) if len(sys.argv) > 6 else 1.0
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           text=True, bufsize=1)
    proc.stdin.write(f"setoption name UCI_Variant value {variant}\nisready\n")
    proc.stdin.flush()
    for line in proc.stdout:
        if line.startswith("readyok"):
            break
    written = skipped = 0
    with open(src) as inp, open(dst, "w") as out:
        batch = []

        def flush():
            nonlocal written, skipped
            for fen, _, _ in batch:
                proc.stdin.write(f"position fen {fen}\neval\n")
            proc.stdin.write("isready\n")
            proc.stdin.flush()
            values = []
            value = None
            for line in proc.stdout:
                if line.startswith(VALUE_LINES):
                    value = value_of(line)
                # one answer a position, whether it could be evaluated or not
                if line.startswith(END_LINES):
                    values.append(value)
                    value = None
                elif line.startswith("readyok"):
                    break
            if len(values) != len(batch):
                sys.exit(f"{len(batch)} positions sent, {len(values)} evaluations read")
            for (fen, score, result), v in zip(batch, values):
                if v is None:
                    skipped += 1
                    continue
                blend = alpha * score + (1 - alpha) * scale * v * 100
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
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait()
    print(f"{written} positions written, {skipped} left out")


if __name__ == "__main__":
    main()
