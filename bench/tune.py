"""Try a level's temperament with some fields changed: Expert against three Normal, duplicate format.

The tuning runs behind the Expert's settings in docs/bots.md ("Tuning") were made with this script:
each prints the win-rate ratio and its paired difference with the 95% interval, Expert's net score
per hand, and both deal-in rates. Runs with the same --seed play the same deals, so two settings
are compared on equal terms.

    python bench/tune.py --rules hkos --hands 1200 --expert value_exponent=0.5
    python bench/tune.py --rules chinese,nts --expert caution=0 --expert fold_distance=3

A ruleset's own variant of a level (``VARIANTS`` in sparrow.bots.players) applies on top of the
level's temperament, and the fields named here win over it; ``--no-variants`` plays every ruleset
with the base temperament.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time

from _common import field_changes, positive_int, seed_value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="casual,hkos,chinese,nts", help="rulesets, comma-separated")
    parser.add_argument("--hands", type=positive_int, default=1200)
    parser.add_argument("--seed", type=seed_value, default=7)
    parser.add_argument("--expert", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--normal", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument("--no-variants", action="store_true", help="play every ruleset with the base temperament")
    parser.add_argument("--label", default="", help="a name printed with each result line")
    args = parser.parse_args()

    from sparrow.bots import players
    from sparrow.play.lab import run_lab

    if args.no_variants:
        players.VARIANTS.clear()
    for level, pairs in (("expert", args.expert), ("normal", args.normal)):
        if pairs:  # the lab's processes are forked from this one and see the change
            try:
                changes = field_changes(pairs, players.Temperament)
                players.TEMPERAMENTS[level] = dataclasses.replace(players.TEMPERAMENTS[level], **changes)
            except ValueError as error:  # a bad field or value, or one the temperament refuses
                parser.error(str(error))
            for variant in players.VARIANTS.get(level, {}).values():
                variant.update(changes)  # the fields named here win over a ruleset's own
    print(f"expert: {players.TEMPERAMENTS['expert']}\nnormal: {players.TEMPERAMENTS['normal']}")
    print(f"variants: {players.VARIANTS}")
    for rules in args.rules.split(","):
        start = time.perf_counter()
        result = run_lab(rules, ["expert", "normal", "normal", "normal"], args.hands, args.seed, duplicate=True)
        expert, others = result.stats[0], result.stats[1:]
        their_win = sum(s.win_rate for s in others) / 3
        their_deal = sum(s.deal_in_rate for s in others) / 3
        diff, low, high = result.compare(0, [1, 2, 3], "win_rate")
        print(
            f"{args.label} {rules:8} ratio {expert.win_rate / their_win:.3f} difference {diff:+.4f} [{low:+.4f}, {high:+.4f}]"
            f" net {expert.net_per_hand:+.2f} deal-in {expert.deal_in_rate:.3f} vs {their_deal:.3f}"
            f" drawn {result.drawn_rate:.3f} average win {expert.average_win:.1f} vs"
            f" {sum(s.average_win for s in others) / 3:.1f} ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
