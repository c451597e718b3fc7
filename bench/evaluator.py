"""The evaluator in every family: how long it takes to value a turn's discards, and how often its best
discard is the one Expert plays.

Four Expert players play hands of each family (seeds from 100, the same hands every run); at every
turn where Expert discards, the evaluator (``sparrow.bots.evaluator.evaluate_discards``) values that
seat's discards from its observation, and Expert decides from the same observation. Printed per
family: the turns, the evaluator's median and 95th-percentile time a turn on one core, Expert's own
time on the same turns (the peer in the same run) and the ratio, and the share of turns where the
evaluator's best discard is Expert's (or valued the same), and the mean total of the hands won (what
``Ruleset.typical_win`` records for the evaluator's price of dealing in). A second table times every
other decision (a claim, a win, a kong: ``sparrow.bots.option_values.evaluate_options``, each legal
action valued) and gives the share where the option valued most is the action Expert took. The issue
"An Expert that good players respect" asks for a decision under 50 ms at the 95th percentile.

    .venv/bin/python bench/evaluator.py                 # 20 hands of each family
    .venv/bin/python bench/evaluator.py --hands 5 --rules nts,riichi
"""

from __future__ import annotations

import argparse
import statistics
import time

from sparrow.bots import get_bot
from sparrow.bots.evaluator import evaluate_discards
from sparrow.bots.option_values import evaluate_options
from sparrow.game import deal
from sparrow.rules import ruleset_names


def measure(rules: str, hands: int) -> dict[str, float]:
    own: list[float] = []
    expert: list[float] = []
    same = 0
    others: list[float] = []
    same_choice = 0
    wins: list[int] = []
    for index in range(hands):
        state = deal(rules, None, 100 + index)
        bots = {seat: get_bot("expert", number) for number, seat in enumerate(state.seats)}
        while not state.is_over:
            seat = state.to_act[0]
            seen = state.observation(seat)
            start = time.perf_counter()
            action = bots[seat].act(seen)
            took = time.perf_counter() - start
            if action.kind.value == "discard":
                start = time.perf_counter()
                values = evaluate_discards(seen)
                own.append(time.perf_counter() - start)
                expert.append(took)
                if values:
                    chosen = next(value for value in values if int(value.tile) == int(action.tile))
                    same += values[0].value == chosen.value
            else:
                start = time.perf_counter()
                options = evaluate_options(seen)
                others.append(time.perf_counter() - start)
                same_choice += options[0].action == action
            state.apply(action)
        result = state.result
        if result is not None and result.winner is not None:
            wins.append(result.scores[result.winner])
    own.sort()
    expert.sort()
    others.sort()
    return {
        "decisions": len(others),
        "options_median_ms": 1000 * statistics.median(others) if others else 0.0,
        "options_p95_ms": 1000 * others[int(0.95 * (len(others) - 1))] if others else 0.0,
        "options_agreement": same_choice / len(others) if others else 0.0,
        "turns": len(own),
        "median_ms": 1000 * statistics.median(own),
        "p95_ms": 1000 * own[int(0.95 * (len(own) - 1))],
        "expert_p95_ms": 1000 * expert[int(0.95 * (len(expert) - 1))],
        "agreement": same / len(own),
        "mean_win": statistics.mean(wins) if wins else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--rules", default=",".join(ruleset_names()))
    args = parser.parse_args()
    rows = {rules: measure(rules, args.hands) for rules in args.rules.split(",")}
    print(
        "| family | turns | evaluator median ms | evaluator p95 ms | Expert p95 ms | ratio | best = Expert's | mean win |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for rules, row in rows.items():
        print(
            f"| {rules} | {row['turns']:,} | {row['median_ms']:.1f} | {row['p95_ms']:.1f} | "
            f"{row['expert_p95_ms']:.1f} | {row['p95_ms'] / row['expert_p95_ms']:.2f}x | {100 * row['agreement']:.1f}% | {row['mean_win']:.1f} |"
        )
    print()
    print("| family | other decisions | every option valued: median ms | p95 ms | best = Expert's |")
    print("|---|---:|---:|---:|---:|")
    for rules, row in rows.items():
        print(
            f"| {rules} | {row['decisions']:,} | {row['options_median_ms']:.1f} | {row['options_p95_ms']:.1f} | "
            f"{100 * row['options_agreement']:.1f}% |"
        )


if __name__ == "__main__":
    main()
