#!/usr/bin/env python3
"""Compare Ashta's rules with Fairy-Stockfish's ply by ply, in random games.

For every game Fairy-Stockfish knows, plays random games biased towards what tends to
differ between implementations, and at every ply compares what each side says of the
position: the legal moves (pyffish's list against `ashta uci`'s `go perft 1` under the
fairy-stockfish ruleset) and whether and how the game ends there (pyffish's immediate and
claimable ends against the `Result:` line of our `d`), and the FEN each side writes.
A game stops at the first
difference or where Fairy-Stockfish ends it.

The games mix three biases: captures and promotions preferred (endgames and promoted
pieces), a piece stepping back where it came from (repetitions, perpetual checks and
chases), and plain random moves. Differences are printed and written as JSON lines; with
`--fixtures DIR` every game end met where the two agree is written to
`DIR/<game>.jsonl` (a start position and the moves from it, Fairy-Stockfish's legal
moves and its end), and so is every hand-picked position of `--cases` (default
`tools/differential_cases.txt`: the differences found before, once fixed),
which `crates/rules/tests/differential.rs` replays with no Python. The exit status is 1
when there is any difference.

    pip install pyffish && python3 tools/differential.py [--positions 100000] [variant ...]

`--fsf-binary /usr/games/fairy-stockfish` compares the legal moves with that binary's
`go perft 1` instead (Debian's Fairy-Stockfish 11.1; run our side with `--option
fsf-version=11.1` for Ouk Chatrang) and installs the package when it is missing; ends
are then not compared (UCI does not tell them).
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

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

MOVE = re.compile(r"^([a-l])(\d+)([a-l])(\d+)(.*)$")


class Uci:
    """A UCI engine kept running for one variant."""

    def __init__(self, command, variant, options):
        self.p = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.until("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        out = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.p.args[0]} stopped")
            line = line.strip()
            out.append(line)
            if line.startswith(prefix):
                return out

    def legal(self, fen, moves, ask_end=False):
        """The legal moves, and with `ask_end` the `Result:` (or None) and `Fen:` of `d`."""
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go perft 1")
        lines = self.until("Nodes searched")
        legal = sorted(
            l.split(":")[0].strip()
            for l in lines
            if re.match(r"^\S+: \d+$", l) and not l.startswith("Nodes")
        )
        result = fen = None
        if ask_end:
            self.send("d")
            for l in self.until("Fen:"):
                if l.startswith("Result:"):
                    result = l[len("Result:"):].strip()
                if l.startswith("Fen:"):
                    fen = l[len("Fen:"):].strip()
        return legal, result, fen

    def close(self):
        self.send("quit")
        try:
            self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()


def same_fen(a, b):
    """Equal FENs, a hand's pieces in any order."""
    def norm(f):
        if f is None:
            return None
        return re.sub(r"\[([^\]]*)\]", lambda m: "[" + "".join(sorted(m.group(1))) + "]", f)
    return norm(a) == norm(b)


def side_of(fen):
    return fen.split()[1]


def ours_for_side(result, fen):
    """Our `Result:` text as the side to move sees it: 'win', 'loss' or 'draw'."""
    if result is None:
        return None
    score = result.split()[0]
    if score == "1/2-1/2":
        return "draw"
    white_won = score == "1-0"
    # Fairy-Stockfish's FENs give the side to move as w/b (r for Red in some tools)
    white_to_move = side_of(fen) in ("w", "r")
    return "win" if white_won == white_to_move else "loss"


def theirs_for_side(value):
    return "draw" if value == 0 else ("win" if value > 0 else "loss")


def board_squares(fen):
    """The occupied squares of a FEN's board, as 'e4' names."""
    rows = fen.split()[0].split("[")[0].split("/")
    ranks = len(rows)
    occupied = set()
    for i, row in enumerate(rows):
        rank = ranks - i
        f = 0
        for m in re.finditer(r"\d+|\+?[A-Za-z]~?", row):
            t = m.group(0)
            if t.isdigit():
                f += int(t)
            else:
                occupied.add(f"{chr(ord('a') + f)}{rank}")
                f += 1
    return occupied


def pick(rng, mode, fen, moves, legal):
    """A random move: in 'capture' mode captures and promotions preferred; in 'repeat' mode
    the piece that moved two plies ago goes back where it came from when it can."""
    if mode == "repeat" and len(moves) >= 2 and rng.random() < 0.85:
        m = MOVE.match(moves[-2])
        if m and not m.group(5):
            back = f"{m.group(3)}{m.group(4)}{m.group(1)}{m.group(2)}"
            if back in legal:
                return back
    if mode == "capture" and rng.random() < 0.7:
        occupied = board_squares(fen)
        special = []
        for mv in legal:
            m = MOVE.match(mv)
            if not m:
                continue
            if f"{m.group(3)}{m.group(4)}" in occupied or m.group(5) not in ("", "="):
                special.append(mv)
        if special:
            return rng.choice(special)
    return rng.choice(legal)


def compare(ashta, fsf, variant, base, moves):
    """Both sides' view of one position: (fixture entry, difference or None, whether
    Fairy-Stockfish ends the game there, whether it has a claimable end, its legal moves)."""
    game = VARIANTS[variant]
    fen = sf.get_fen(variant, base, moves)
    if fsf:
        theirs, _, _ = fsf.legal(base, moves)
        ended = optional = False
        value = opt_value = 0
    else:
        theirs = sorted(sf.legal_moves(variant, base, moves))
        ended, value = sf.is_immediate_game_end(variant, base, moves)
        optional, opt_value = sf.is_optional_game_end(variant, base, moves)
        if not theirs and not ended:
            ended, value = True, sf.game_result(variant, base, moves)
    ours, result, our_fen = ashta.legal(base, moves, ask_end=not fsf)
    problem = None
    if ours != theirs:
        problem = "legal moves"
    elif not fsf and not same_fen(our_fen, fen):
        problem = f"FEN: ours {our_fen}"
    elif not fsf:
        mine = ours_for_side(result, fen)
        if ended and mine != theirs_for_side(value):
            problem = "game end"
        elif not ended and mine is not None and not (
            optional and mine == theirs_for_side(opt_value)
        ):
            problem = "game end"
    their_end = (
        theirs_for_side(value) if ended else
        (f"claimable {theirs_for_side(opt_value)}" if optional else None)
    )
    d = {
        "variant": variant,
        "game": game,
        "start": base,
        "moves": list(moves),
        "fen": fen,
        "legal": theirs,
        "end": their_end,
    }
    if problem:
        d["difference"] = problem
        d["only_fairy_stockfish"] = sorted(set(theirs) - set(ours))
        d["only_ashta"] = sorted(set(ours) - set(theirs))
        d["ashta_result"] = result
    return d, problem, ended, optional, theirs


def report(d, out):
    print(json.dumps(d), flush=True)
    out.write(json.dumps(d) + "\n")


def check(args, variant, rng, out, fixtures):
    game = VARIANTS[variant]
    options = [("Ruleset", "fairy-stockfish")] + [
        tuple(o.split("=", 1)) for o in args.option
    ]
    ashta = Uci([args.binary, "uci"], variant, options)
    fsf = Uci([args.fsf_binary], variant, []) if args.fsf_binary else None
    start = sf.start_fen(variant)
    compared = differences = ends = games = 0
    # the hand-picked cases of --cases first: each is compared and kept as a fixture
    for case_variant, base, moves in args.case_list:
        if case_variant != variant:
            continue
        d, problem, _, _, _ = compare(ashta, fsf, variant, base, moves)
        compared += 1
        if problem:
            differences += 1
            report(d, out)
        elif fixtures is not None:
            fixtures.setdefault(game, []).append(d)
    modes = ["capture", "repeat", "plain"]
    while compared < args.positions and games < args.max_games:
        mode = modes[games % 3]
        games += 1
        # `base` and the moves since: a capture, which no later position can repeat, starts
        # a new base (not where the history matters past it: drops, Shatar's shak runs)
        base, moves = start, []
        claim_written = False
        for _ in range(args.plies):
            d, problem, ended, optional, theirs = compare(ashta, fsf, variant, base, moves)
            compared += 1
            # the fixtures keep each game's end and its first claimable end
            keep = ended or (optional and not claim_written)
            if problem or (fixtures is not None and keep):
                claim_written |= optional
                if problem:
                    differences += 1
                    report(d, out)
                if fixtures is not None and keep and not problem:
                    fixtures.setdefault(game, []).append(d)
                    ends += 1
            if problem or ended or not theirs:
                break
            fen = d["fen"]
            mv = pick(rng, mode, fen, moves, theirs)
            # a king taken ends the game (Janggi's bikjang under Fairy-Stockfish: while the
            # kings face, a move may leave its king attacked, and both sides list the taking)
            board = sf.get_fen(variant, base, moves + [mv]).split()[0]
            if "k" not in board or "K" not in board:
                break
            m = MOVE.match(mv)
            captured = m and f"{m.group(3)}{m.group(4)}" in board_squares(fen)
            rebased = sf.get_fen(variant, base, moves + [mv]) if captured else None
            # (not where Fairy-Stockfish itself calls the FEN invalid, as after a king taken)
            if (
                rebased
                and variant not in ("shogi", "shoshogi", "shatar")
                and sf.validate_fen(rebased, variant) == sf.FEN_OK
            ):
                base, moves = rebased, []
            else:
                moves.append(mv)
    ashta.close()
    if fsf:
        fsf.close()
    return compared, differences, games, ends


def read_cases(path):
    """Hand-picked positions: `variant | start FEN | moves` a line, `#` for comments."""
    cases = []
    if not path:
        return cases
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            variant, fen, moves = (part.strip() for part in line.split("|"))
            cases.append((variant, fen, moves.split()))
    return cases


def ensure_debian_fsf(path):
    if os.path.exists(path):
        return
    print("installing the Debian package fairy-stockfish", flush=True)
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    subprocess.run(sudo + ["apt-get", "install", "-y", "-q", "fairy-stockfish"], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("variants", nargs="*", help="Fairy-Stockfish variant names (default: all)")
    ap.add_argument("--positions", type=int, default=2000, help="positions to compare per variant")
    ap.add_argument("--max-games", type=int, default=1_000_000)
    ap.add_argument("--plies", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--binary", default="target/release/ashta")
    ap.add_argument("--option", action="append", default=[], help="an extra UCI option for Ashta, Name=value")
    ap.add_argument("--fsf-binary", help="compare with this Fairy-Stockfish binary instead of pyffish")
    ap.add_argument("--out", default="target/differential.jsonl")
    ap.add_argument("--fixtures", help="directory to write the game ends and differences met")
    ap.add_argument(
        "--cases",
        default=os.path.join(os.path.dirname(__file__), "differential_cases.txt"),
        help="hand-picked positions compared first and kept as fixtures ('' for none)",
    )
    args = ap.parse_args()
    args.case_list = read_cases(args.cases)
    if not os.path.exists(args.binary):
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "ashta"], check=True)
    if args.fsf_binary:
        ensure_debian_fsf(args.fsf_binary)
        print(f"Fairy-Stockfish binary {args.fsf_binary}", flush=True)
    else:
        print(f"pyffish {'.'.join(map(str, sf.version()))}", flush=True)
    rng = random.Random(args.seed)
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    total = compared_all = 0
    fixtures = {} if args.fixtures else None
    with open(args.out, "w") as out:
        for v in args.variants or VARIANTS:
            t = time.time()
            compared, diffs, games, ends = check(args, v, rng, out, fixtures)
            total += diffs
            compared_all += compared
            print(
                f"{v}: {compared} positions compared in {games} games, {diffs} differences, "
                f"{ends} ends met ({time.time() - t:.0f} s)",
                flush=True,
            )
    if fixtures is not None:
        os.makedirs(args.fixtures, exist_ok=True)
        for game, entries in fixtures.items():
            with open(os.path.join(args.fixtures, f"{game}.jsonl"), "w") as f:
                for e in entries:
                    keep = {k: e[k] for k in ("start", "moves", "fen", "legal", "end")}
                    f.write(json.dumps(keep) + "\n")
    print(f"all: {compared_all} positions, {total} differences", flush=True)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
