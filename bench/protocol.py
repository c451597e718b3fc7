"""What an outside bot costs: the JSON-lines protocol (docs/protocol.md) against the same table in-process.

One core (the process pinned, one worker, the programs beside it on the same core's time slice as the
OS gives it): casual hands with random players in-process, then with one seat taken by a trivial outside
bot (examples/first_legal.sh, or the Python examples/random_bot.py), then with every seat outside. It
prints hands per second and what one outside seat adds to a hand's time against the in-process run. Target: a trivial outside bot plays at least 100 hands/s.

    .venv/bin/python bench/protocol.py --hands 400
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from _common import pin_to_one_core, positive_int

from sparrow.play.lab import run_lab

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def timed(players: list[str], hands: int, seed: int) -> float:
    start = time.perf_counter()
    result = run_lab("casual", players, hands, seed, workers=1)
    assert result.hands == hands
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=positive_int, default=400)
    parser.add_argument("--seed", type=positive_int, default=1)
    args = parser.parse_args()
    cpu = pin_to_one_core()
    print(f"casual, {args.hands} hands, one worker{f', pinned to CPU {cpu}' if cpu is not None else ''}")
    shell = f"cmd:sh {EXAMPLES / 'first_legal.sh'}"
    python = f"cmd:{sys.executable} {EXAMPLES / 'random_bot.py'}"
    runs = [
        ("4 random players in-process", ["random"] * 4),
        ("1 outside bot (shell) + 3 random", [shell] + ["random"] * 3),
        ("1 outside bot (Python) + 3 random", [python] + ["random"] * 3),
        ("4 outside bots (Python)", [python] * 4),
    ]
    base = None
    for label, players in runs:
        elapsed = timed(players, args.hands, args.seed)
        rate = args.hands / elapsed
        line = f"{label:38s} {rate:8.1f} hands/s"
        if base is None:
            base = elapsed / args.hands
        else:
            outside = sum(1 for p in players if p.startswith("cmd:"))
            extra = (elapsed / args.hands - base) / outside  # seconds an outside seat adds a hand
            line += f"   {extra * 1000:6.2f} ms a hand per outside seat"
            if outside == 1:
                line += f"  ({'meets' if rate >= 100 else 'BELOW'} >= 100 hands/s)"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
