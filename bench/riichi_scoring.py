"""The exact Riichi scorer against the PyPI ``mahjong`` package: agreement and speed on the same hands.

``--hands`` random winning hands (100,000 by default) are generated with
``sparrow.rules.riichi.generate.random_riichi_hand`` (complete by construction: closed and open, with
kans, seven pairs and thirteen orphans now and then, themed draws for the rarer yaku; random winds,
circumstances, dora, ura dora, red fives, honba, riichi sticks and rule options), seeded, before any
clock starts. Every hand is turned into the package's form (136-format tiles, ``Meld`` objects,
``HandConfig`` with the matching ``OptionalRules``: tests/riichi_oracle_support.py) before the clock
starts too.

In one run, both value every hand: Sparrow with ``sparrow.rules.riichi.score`` and the package with
``HandCalculator.estimate_hand_value``. First the answers are compared (han, fu, the yaku by name,
every payment, or the same refusal: no yaku); then both are timed the same way (bench/_common.py: one
core, CPU clock around the whole loop after an untimed warm-up, the median of ``--repeat`` runs) and
the speed ratio Sparrow/mahjong is printed beside the target (at least 5x).

    python bench/riichi_scoring.py                       # 100,000 hands, a few minutes
    python bench/riichi_scoring.py --hands 20000 --repeat 1
    python bench/riichi_scoring.py --profile             # where the scorer spends its time
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from _common import Timing, describe_machine, limit_thread_pools, pin_to_one_core, positive_int, seed_value, time_run

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests.riichi_oracle_support

from sparrow.rules.riichi import NoYakuError, RiichiHand, score  # noqa: E402
from sparrow.rules.riichi.generate import random_riichi_hand  # noqa: E402

TARGET = 5.0  # issue 26: the Riichi scorer at least 5x the mahjong package
DEFAULT_HANDS = 100_000


def generate(hands: int, seed: int) -> list[RiichiHand]:
    rng = random.Random(f"{seed}:riichi")
    return [random_riichi_hand(rng) for _ in range(hands)]


def measure(run: Callable[[], int], warm_up: Callable[[], object], repeat: int) -> Timing:
    warm_up()
    timings = [time_run(run) for _ in range(repeat)]
    return sorted(timings, key=lambda timing: timing.cpu)[(len(timings) - 1) // 2]


def sparrow_run(hands: list[RiichiHand]) -> Callable[[], int]:
    def run() -> int:
        for hand in hands:
            try:
                score(hand)
            except NoYakuError:
                pass
        return len(hands)

    return run


def mahjong_run(prepared: list[dict[str, Any]]) -> Callable[[], int]:
    from mahjong.hand_calculating.hand import HandCalculator

    estimate = HandCalculator.estimate_hand_value

    def run() -> int:
        for arguments in prepared:
            estimate(**arguments)
        return len(prepared)

    return run


def agreement(hands: list[RiichiHand], prepared: list[dict[str, Any]]) -> tuple[int, Counter[str], list[str]]:
    """How many hands both answer alike; the disagreements by kind, and a few of them in full."""
    from tests.riichi_oracle_support import peer_answer, sparrow_answer

    agreed = 0
    kinds: Counter[str] = Counter()
    examples: list[str] = []
    for hand, arguments in zip(hands, prepared, strict=True):
        ours, theirs = sparrow_answer(hand), peer_answer(hand, arguments)
        if ours.same(theirs):
            agreed += 1
            continue
        if ours.error or theirs.error:
            kind = f"refusal: sparrow {ours.error or 'scores'}, mahjong {theirs.error or 'scores'}"
        else:
            fields = [
                name for name in ("han", "fu", "yaku", "payments") if getattr(ours, name) != getattr(theirs, name)
            ]
            kind = "differ in " + ", ".join(fields)
        kinds[kind] += 1
        if len(examples) < 5:
            examples.append(f"{hand}\n    sparrow {ours}\n    mahjong {theirs}")
    return agreed, kinds, examples


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench/riichi_scoring.py",
        description="The Riichi scorer against the mahjong package: agreement and speed on the same hands.",
    )
    parser.add_argument("--hands", type=positive_int, default=DEFAULT_HANDS, help="winning hands (%(default)s)")
    parser.add_argument("--seed", type=seed_value, default=1, help="seed of the generated hands (%(default)s)")
    parser.add_argument(
        "--repeat", type=positive_int, default=3, help="timed runs; the median is reported (%(default)s)"
    )
    parser.add_argument("--no-pin", action="store_true", help="do not pin the process to one CPU")
    parser.add_argument("--profile", action="store_true", help="also profile the scorer")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    options = parse_arguments(argv)
    limit_thread_pools()
    pinned = None if options.no_pin else pin_to_one_core()
    machine = describe_machine(pinned)
    try:
        from tests.riichi_oracle_support import peer_input
    except ImportError as error:
        print(f"the mahjong package cannot be imported ({error}); pip install mahjong==2.1.0")
        return 1
    print(
        f"Python {machine['python']} on {machine['processor']}, "
        f"{'pinned to CPU ' + str(pinned) if pinned is not None else 'not pinned'}, "
        f"load average {machine['load_average_1min']}"
    )
    hands = generate(options.hands, options.seed)
    prepared = [peer_input(hand) for hand in hands]
    agreed, kinds, examples = agreement(hands, prepared)
    refused = Counter("no yaku" if isinstance(error, NoYakuError) else "scored" for error in map(_outcome, hands))
    print(
        f"{options.hands:,} generated winning hands, seed {options.seed} "
        f"({', '.join(f'{count:,} {what}' for what, count in sorted(refused.items()))})"
    )
    print(f"agreement: {agreed:,} of {len(hands):,} hands ({100 * agreed / len(hands):.3f}%): han, fu, yaku, payments")
    for kind, count in kinds.most_common():
        print(f"  {count:,} {kind}")
    for example in examples:
        print(f"  e.g. {example}")

    ours = measure(sparrow_run(hands), lambda: sparrow_run(hands[:500])(), options.repeat)
    theirs = measure(mahjong_run(prepared), lambda: mahjong_run(prepared[:500])(), options.repeat)
    ratio = theirs.cpu / ours.cpu if ours.cpu > 0 else float("inf")
    print(f"\nhands per CPU second, median of {options.repeat} runs:")
    for name, timing in (("sparrow", ours), ("mahjong", theirs)):
        print(
            f"  {name:<8}{timing.hands / timing.cpu:>10,.0f} hands/s  ({timing.cpu:.3f} s CPU, {timing.wall:.3f} s wall)"
        )
    verdict = "meets" if ratio >= TARGET else "below"
    print(f"  ratio sparrow/mahjong {ratio:.2f}x ({verdict} the {TARGET:g}x target)")

    if options.profile:
        profiler = cProfile.Profile()
        profiler.runcall(sparrow_run(hands))
        print(f"\nprofile of score over {len(hands):,} hands (cProfile slows everything about 2x):")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    return 0 if agreed == len(hands) else 2


def _outcome(hand: RiichiHand) -> Exception | None:
    try:
        score(hand)
    except NoYakuError as error:
        return error
    return None


if __name__ == "__main__":
    sys.exit(main())
