"""Benchmark: Sparrow's shanten number against the PyPI ``mahjong`` package (and ``cmajiang``).

Generates seeded random 13-tile hands from a 136-tile wall, computes the shanten number with
Sparrow (``sparrow.core.analysis.shanten``) and with ``mahjong``'s ``Shanten.calculate_shanten`` in the
same run, checks that every result agrees, and prints both throughputs and their ratio. When the
compiled ``cmajiang`` package is installed its ``xiangting`` is timed too. Also prints waits per
second for 13-tile hands, and the cold import time of ``sparrow``.

Run: ``make bench`` or ``.venv/bin/python bench/analysis.py [--hands N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from peers.cmajiang_greedy import majiang_counts


def random_hands(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [kind for kind in range(34) for _ in range(4)]
    hands = []
    for _ in range(count):
        counts = [0] * 34
        for tile in rng.sample(wall, 13):
            counts[tile] += 1
        hands.append(counts)
    return hands


def timed(function, items) -> tuple[list, float]:
    start = time.perf_counter()
    results = [function(item) for item in items]
    return results, time.perf_counter() - start


def cold_import_seconds(runs: int = 7) -> float:
    code = "import time; t = time.perf_counter(); import sparrow; print(time.perf_counter() - t)"
    samples = []
    for _ in range(runs):
        output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
        samples.append(float(output))
    return statistics.median(samples)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    hands = random_hands(args.hands, args.seed)
    print(f"{len(hands):,} random 13-tile hands from a 136-tile wall (seed {args.seed})")

    from sparrow.core.analysis import _load, shanten, waits

    load_start = time.perf_counter()
    _load()
    load_seconds = time.perf_counter() - load_start
    sparrow_results, sparrow_seconds = timed(shanten, hands)

    rows = [("sparrow (pure Python)", len(hands) / sparrow_seconds)]
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        print("the mahjong package is not installed: pip install -e '.[bench]'")
        return 1
    mahjong_results, mahjong_seconds = timed(Shanten.calculate_shanten, hands)
    rows.append(("mahjong 2.x Shanten.calculate_shanten (pure Python)", len(hands) / mahjong_seconds))

    disagreements = [(h, a, b) for h, a, b in zip(hands, sparrow_results, mahjong_results) if a != b]
    if disagreements:
        hand, ours, theirs = disagreements[0]
        print(
            f"DISAGREEMENT on {len(disagreements)} hands, e.g. {majiang_counts(hand)}: sparrow {ours}, mahjong {theirs}"
        )
        return 1
    print(f"agreement: all {len(hands):,} shanten numbers equal the mahjong package's")

    try:
        import cmajiang
    except ImportError:
        cmajiang = None
        print("cmajiang not installed: skipped (pip install cmajiang)")
    if cmajiang is not None:
        shoupai = [cmajiang.Shoupai(majiang_counts(h)) for h in hands]
        cmajiang_results, cmajiang_seconds = timed(cmajiang.xiangting, shoupai)
        rows.append(("cmajiang xiangting (compiled C++)", len(hands) / cmajiang_seconds))
        same = sum(a == b for a, b in zip(sparrow_results, cmajiang_results))
        print(f"cmajiang agrees on {same:,} of {len(hands):,} hands")

    print()
    print(f"{'implementation':55} {'hands/s':>12} {'sparrow is':>12}")
    for name, rate in rows:
        print(f"{name:55} {rate:12,.0f} {rows[0][1] / rate:11.2f}×")

    sample = hands[:20_000]
    _, waits_seconds = timed(waits, sample)
    print()
    print(f"waits of 13-tile hands: {len(sample) / waits_seconds:,.0f} hands/s")
    print(f"table load on first use: {load_seconds * 1000:.0f} ms")
    print(f"cold import of sparrow: {cold_import_seconds() * 1000:.1f} ms (median of 7 fresh interpreters)")
    ratio = rows[0][1] / rows[1][1]
    print(f"\nratio sparrow / mahjong: {ratio:.1f}× (target >= 10×)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
