#!/usr/bin/env python3
"""Tunes the search's margins by SPSA (simultaneous perturbation stochastic approximation).

Each step perturbs every parameter at once by +/- its step c (a random sign each), plays
one opening with both colours between the engine set to theta + c*delta and the engine
set to theta - c*delta (`ashta match ... --games 2`, the engines' `SearchParams`), and
moves theta towards the side that scored more: theta += r * c * (wins - losses) * delta.
Steps run on JOBS cores at once, each with its own opening (`--seed` = BASE_SEED + step).
Every step is appended to LOG (JSON lines), so that a run stopped part way resumes where
it stopped; the result is the mean of theta over the last half of the steps, printed as
a `SearchParams` value to measure against the defaults with `ashta match`.

    tools/spsa.py --game asha --movetime 30 --steps 1200 --log data/spsa-asha.jsonl
    tools/spsa.py --log data/spsa-asha.jsonl --report     # the result so far
    tools/spsa.py --game asha --start rfp_margin=87,razor_margin=228 --log data/spsa-asha2.jsonl

`--start` begins a new run from other values than the defaults (a second round from the
first round's result); the log's first line keeps them.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import threading

# name: (start, lowest, highest, step c); the defaults of `crates/engine/src/search/params.rs`
PARAMS = {
    "rfp_margin": (90, 30, 250, 10),
    "rfp_depth": (7, 3, 12, 1),
    "razor_margin": (300, 100, 900, 40),
    "futility_margin": (110, 40, 260, 12),
    "futility_base": (60, 0, 260, 15),
    "history_prune": (3000, 500, 9000, 400),
    "see_quiet": (30, 5, 100, 6),
    "see_capture": (100, 20, 260, 15),
    "null_div": (200, 60, 500, 25),
    "singular_margin": (20, 5, 60, 4),
    "lmr_percent": (100, 50, 160, 8),
    "lmr_offset": (0, -1024, 1024, 150),
    "lmr_improving": (512, 0, 1536, 150),
    "history_lmr_div": (6000, 2000, 16000, 800),
    "asp_delta": (18, 5, 60, 4),
    "lmp_base": (3, 0, 10, 1),
}

RESULT = re.compile(r": \+(\d+) =(\d+) -(\d+),")


def search_params(theta):
    return ",".join(f"{k}={int(round(v))}" for k, v in theta.items())


def clamp(name, value):
    _, lo, hi, _ = PARAMS[name]
    return min(max(value, lo), hi)


def play(args, step, plus, minus):
    """Wins minus losses of `plus` over one opening played with both colours."""
    cmd = [
        args.bin, "match", args.game, "--ruleset", "fairy-stockfish",
        "--engine1", f"uci:{args.bin} uci;SearchParams={search_params(plus)}",
        "--engine2", f"uci:{args.bin} uci;SearchParams={search_params(minus)}",
        "--games", "2", "--movetime", str(args.movetime), "--jobs", "1",
        "--seed", str(args.base_seed + step), "--adjudicate",
    ]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    lines = [l for l in out.splitlines() if " vs " in l]
    m = RESULT.search(lines[-1]) if lines else None
    if not m:
        raise RuntimeError(f"step {step}: no result from {' '.join(cmd)}")
    wins, _, losses = map(int, m.groups())
    return wins - losses


def load(log):
    """The run's start values and its steps so far."""
    start = {k: float(v[0]) for k, v in PARAMS.items()}
    steps = []
    if os.path.exists(log):
        with open(log) as f:
            for line in f:
                if not line.strip():
                    continue
                entry = json.loads(line)
                if "start" in entry:
                    start.update(entry["start"])
                else:
                    steps.append(entry)
    return start, steps


def parse_start(text):
    """`name=value,...` over the defaults; an unknown name or a value out of range is an error."""
    start = {}
    for item in filter(None, (t.strip() for t in text.split(","))):
        name, sep, value = item.partition("=")
        if not sep or name not in PARAMS:
            raise SystemExit(f"--start: '{item}' is not name=value with a name of {', '.join(PARAMS)}")
        try:
            number = float(value)
        except ValueError:
            raise SystemExit(f"--start: '{value}' is not a number (in '{item}')")
        _, lo, hi, _ = PARAMS[name]
        if not lo <= number <= hi:
            raise SystemExit(f"--start: {name}={value} is outside {lo}..{hi}")
        start[name] = number
    return start


def report(start, steps):
    if not steps:
        print("no steps yet")
        return
    half = steps[len(steps) // 2:]
    mean = {k: sum(s["theta"][k] for s in half) / len(half) for k in PARAMS}
    total = sum(s["result"] for s in steps)
    print(f"{len(steps)} steps ({2 * len(steps)} games), theta+ minus theta-: {total:+d}")
    print(f"{'parameter':<16} {'start':>7} {'now':>8} {'mean of last half':>18}")
    for k in PARAMS:
        print(f"{k:<16} {start[k]:>7.0f} {steps[-1]['theta'][k]:>8.1f} {mean[k]:>18.1f}")
    print("SearchParams=" + search_params(mean))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="asha")
    ap.add_argument("--bin", default="target/release/ashta")
    ap.add_argument("--movetime", type=int, default=30)
    ap.add_argument("--steps", type=int, default=1200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rate", type=float, default=0.02, help="r: the share of c moved per point won")
    ap.add_argument("--base-seed", type=int, default=100000)
    ap.add_argument("--log", default="data/spsa.jsonl")
    ap.add_argument("--report", action="store_true", help="print the result so far and stop")
    ap.add_argument("--start", default="", help="name=value,... to start a new run from")
    args = ap.parse_args()

    start, steps = load(args.log)
    if args.report:
        report(start, steps)
        return
    if args.start:
        if os.path.exists(args.log) and os.path.getsize(args.log):
            raise SystemExit(f"--start: {args.log} already holds a run; give a new log")
        start.update(parse_start(args.start))
        os.makedirs(os.path.dirname(args.log) or ".", exist_ok=True)
        with open(args.log, "w") as f:
            f.write(json.dumps({"start": start}) + "\n")
    theta = dict(steps[-1]["theta"]) if steps else dict(start)
    lock = threading.Lock()
    state = {"next": len(steps), "done": len(steps)}
    rng = random.Random(len(steps))

    def worker():
        while True:
            with lock:
                step = state["next"]
                if step >= args.steps:
                    return
                state["next"] += 1
                delta = {k: rng.choice((-1, 1)) for k in PARAMS}
                plus = {k: clamp(k, theta[k] + PARAMS[k][3] * delta[k]) for k in PARAMS}
                minus = {k: clamp(k, theta[k] - PARAMS[k][3] * delta[k]) for k in PARAMS}
            try:
                result = play(args, step, plus, minus)
            except RuntimeError as e:
                print(e, file=sys.stderr)
                continue
            with lock:
                for k in PARAMS:
                    theta[k] = clamp(k, theta[k] + args.rate * PARAMS[k][3] * result * delta[k])
                state["done"] += 1
                with open(args.log, "a") as f:
                    f.write(json.dumps({"step": step, "result": result, "theta": theta}) + "\n")
                if state["done"] % 50 == 0:
                    print(f"{state['done']} steps: SearchParams={search_params(theta)}", flush=True)

    threads = [threading.Thread(target=worker) for _ in range(args.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    report(*load(args.log))


if __name__ == "__main__":
    main()
