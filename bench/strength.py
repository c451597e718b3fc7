"""Strength and speed of the computer players: the lab's measurements behind docs/bots.md.

For each ruleset (all four by default):

* **Expert against three Normal** and **Normal against three Easy**, in the duplicate format (every
  deal played once per rotation of the players): the stronger player's win rate against the mean of
  the others, their ratio, the difference with its 95% interval (paired board by board), its net
  score per hand with its interval, and both deal-in rates. Targets: net > 0; win rate at least 1.25x
  with the interval of the difference excluding 0; Expert's deal-in rate below Normal's.
* **Four of a level** (easy, normal, expert): the drawn-hand rate. Target for four Normal: at least
  70% of hands won under casual and HKOS, 60% under chinese, 50% under NTS.
* **Decision time** per action, p50 and p99, per level (process CPU time around ``act``).
* **Throughput on one core**: hands per second of four Normal bots, and in the same run a greedy
  player on the compiled ``cmajiang`` package (no claims; discards whatever lowers its shanten most by
  cmajiang's ``xiangting``), timed in five pairs (``--speed-rounds``), the median pair reported; the
  two players of a pair take turns in ten slices of its hands.
  Target: Normal at least as fast. Whether Sparrow's own compiled modules were in use is printed
  (``make compiled``; ``SPARROW_PURE_PYTHON=1`` measures pure Python).
* **Workers**: wall time of ``workers=2`` against ``workers=1`` for the same run (target >= 1.8x; the
  result is identical).

    python bench/strength.py                        # everything, all rulesets (tens of minutes)
    python bench/strength.py --rules casual --hands 2000 --skip-speed
    python bench/strength.py --json strength.json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from typing import Any

from _common import describe_machine, limit_thread_pools, positive_int, seed_value

RULESETS = ("casual", "hkos", "chinese", "nts")
WINNER_TARGETS = {"casual": 0.70, "hkos": 0.70, "chinese": 0.60, "nts": 0.50}


# ---------------------------------------------------------------- the greedy cmajiang baseline


class GreedyMajiangPlayer:
    """The lab's player kind around ``peers.cmajiang_greedy`` (takes a legal win, never claims,
    discards for the lowest shanten by cmajiang's ``xiangting``): it reads its seat's observation, as
    the bots do."""

    def __init__(self, rng: random.Random) -> None:
        from peers.cmajiang_greedy import CmajiangGreedy

        self._peer = CmajiangGreedy()

    def choose(self, state, seat, actions):
        observation = state.observation(seat)
        return self._peer.act(observation, observation.legal_actions)


# ---------------------------------------------------------------- measurements


def _compare(rules: str, strong: str, weak: str, hands: int, seed: int, workers: int) -> dict[str, Any]:
    from sparrow.play.lab import run_lab

    result = run_lab(rules, [strong, weak, weak, weak], hands, seed, workers=workers, duplicate=True)
    others = [1, 2, 3]
    me = result.stats[0]
    their_win = sum(result.stats[o].win_rate for o in others) / 3
    their_deal = sum(result.stats[o].deal_in_rate for o in others) / 3
    diff, low, high = result.compare(0, others, "win_rate")
    deal_diff, deal_low, deal_high = result.compare(0, others, "deal_in_rate")
    ratio = me.win_rate / their_win if their_win else float("inf")
    return {
        "rules": rules,
        "strong": strong,
        "weak": weak,
        "hands": result.hands,
        "boards": result.matches,
        "drawn_rate": result.drawn_rate,
        "win_rate": me.win_rate,
        "others_win_rate": their_win,
        "ratio": ratio,
        "win_difference": [diff, low, high],
        "net_per_hand": me.net_per_hand,
        "net_per_hand_ci": list(me.net_per_hand_ci),
        "deal_in_rate": me.deal_in_rate,
        "others_deal_in_rate": their_deal,
        "deal_in_difference": [deal_diff, deal_low, deal_high],
        "meets": {
            "net_positive": me.net_per_hand > 0,
            "ratio_1_25": ratio >= 1.25,
            "difference_excludes_0": low > 0,
            "deal_in_lower": strong != "expert" or me.deal_in_rate < their_deal,
        },
    }


def _narrowing(rules: str, hands: int, seed: int, workers: int) -> dict[str, Any]:
    """How much the duplicate format narrows the interval of Expert's win-rate difference against three
    Normal: the same number of hands played plain (seats rotating match by match) and duplicate."""
    from sparrow.play.lab import run_lab

    widths = {}
    for duplicate in (False, True):
        result = run_lab(
            rules, ["expert", "normal", "normal", "normal"], hands, seed, workers=workers, duplicate=duplicate
        )
        _, low, high = result.compare(0, [1, 2, 3], "win_rate")
        widths["duplicate" if duplicate else "plain"] = (high - low) / 2
    # Hands needed for the same width scale with the square of the width.
    return {"rules": rules, "hands": hands, **widths, "hands_saved": 1 - (widths["duplicate"] / widths["plain"]) ** 2}


def _four(rules: str, level: str, hands: int, seed: int, workers: int) -> dict[str, Any]:
    from sparrow.play.lab import run_lab

    result = run_lab(rules, [level] * 4, hands, seed, workers=workers)
    return {"rules": rules, "level": level, "hands": result.hands, "drawn_rate": result.drawn_rate}


def _decision_times(rules: str, level: str, hands: int, seed: int) -> dict[str, Any]:
    """Process CPU time of every decision of four bots of ``level`` over ``hands`` hands."""
    from sparrow.bots import get_bot
    from sparrow.game.match import Match

    times = []
    rng = random.Random(seed)
    played = 0
    while played < hands:
        match = Match(rules, rng.getrandbits(64), players=("a", "b", "c", "d"))
        bots = {name: get_bot(level, i) for i, name in enumerate(match.players)}
        while not match.is_over and played < hands:
            state = match.next_hand()
            while not state.is_over:
                seat = state.to_act[0]
                observation = state.observation(seat)
                start = time.process_time()
                action = bots[state.players[seat]].act(observation)
                times.append(time.process_time() - start)
                state.apply(action)
            match.record(state)
            played += 1
    times.sort()
    return {
        "rules": rules,
        "level": level,
        "decisions": len(times),
        "p50_ms": times[len(times) // 2] * 1000,
        "p99_ms": times[min(len(times) - 1, int(len(times) * 0.99))] * 1000,
        "max_ms": times[-1] * 1000,
    }


_SPEED_SLICES = 10  # each throughput pair is timed in this many alternating slices (fewer for a few hands)


def _throughput(rules: str, hands: int, seed: int, rounds: int = 5) -> dict[str, Any]:
    """Hands per CPU second on one core: four Normal bots and four greedy cmajiang players on the
    same hands, timed in pairs ``rounds`` times (other hands each round), the two players of a pair
    taking turns in slices of its hands; the pair with the median ratio is reported (this machine's
    speed drifts by a third within a minute, so only runs made together compare)."""
    from sparrow import _compiled
    from sparrow.play.lab import run_lab
    from sparrow.play.sim import PLAYER_KINDS

    rows: dict[str, Any] = {"rules": rules, "hands": hands, "compiled": _compiled.active()}
    run_lab(rules, ["normal"] * 4, min(hands, 20), seed + 1)  # warm the caches and imports, untimed
    try:
        import cmajiang  # noqa: F401
    except ImportError:
        start = time.process_time()
        run_lab(rules, ["normal"] * 4, hands, seed, workers=1)
        rows["normal_hands_per_second"] = hands / (time.process_time() - start)
        rows["greedy_cmajiang_hands_per_second"] = None
        return rows
    PLAYER_KINDS["greedy-cmajiang"] = GreedyMajiangPlayer  # type: ignore[index]
    pairs = []
    try:
        run_lab(rules, ["greedy-cmajiang"] * 4, min(hands, 20), seed + 1)
        for round_ in range(rounds):
            # The two players take turns in slices of the round's hands, the first of each slice
            # alternating, so that a burst of load on a shared host falls on both alike (timed one
            # whole run after the other, single pairs spread from 0.6x to 1.4x on a busy host).
            spent = {"normal": 0.0, "greedy-cmajiang": 0.0}
            played = 0
            slices = min(_SPEED_SLICES, hands)
            for slice_ in range(slices):
                count = hands * (slice_ + 1) // slices - played
                played += count
                kinds = ("normal", "greedy-cmajiang") if slice_ % 2 == 0 else ("greedy-cmajiang", "normal")
                for kind in kinds:
                    # New hands every slice and round: hands played again would find the memo tables filled.
                    start = time.process_time()
                    run_lab(rules, [kind] * 4, count, seed + 7919 * round_ + 104_729 * slice_, workers=1)
                    spent[kind] += time.process_time() - start
            pairs.append({kind: hands / seconds for kind, seconds in spent.items()})
    finally:
        del PLAYER_KINDS["greedy-cmajiang"]  # type: ignore[attr-defined]
    ratios = [pair["normal"] / pair["greedy-cmajiang"] for pair in pairs]
    middle = sorted(range(rounds), key=ratios.__getitem__)[(rounds - 1) // 2]
    rows["normal_hands_per_second"] = pairs[middle]["normal"]
    rows["greedy_cmajiang_hands_per_second"] = pairs[middle]["greedy-cmajiang"]
    rows["ratio"] = ratios[middle]
    rows["ratios"] = ratios
    return rows


_WORKERS_RUN = """
import json, sys, time
from sparrow.play.lab import run_lab
rules, hands, seed, workers = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
start = time.perf_counter()
result = run_lab(rules, ["normal"] * 4, hands, seed, workers=workers).to_dict()
print(json.dumps({"seconds": time.perf_counter() - start, "result": result}))
"""


def _workers(rules: str, hands: int, seed: int, rounds: int = 3) -> dict[str, Any]:
    """Wall time of the same run on one worker and on two, each in a fresh process (so neither
    inherits the other's warm memo tables), timed in pairs one right after the other ``rounds`` times:
    the pair with the median speed-up is reported (this machine's speed drifts by a third within a
    minute, so only runs made at the same moment compare)."""
    import subprocess

    pairs = []
    for _ in range(rounds):
        runs = {}
        for workers in (1, 2):
            done = subprocess.run(
                [sys.executable, "-c", _WORKERS_RUN, rules, str(hands), str(seed), str(workers)],
                capture_output=True,
                text=True,
                check=True,
            )
            runs[workers] = json.loads(done.stdout)
        pairs.append(runs)
    speedups = [runs[1]["seconds"] / runs[2]["seconds"] for runs in pairs]
    middle = sorted(range(rounds), key=speedups.__getitem__)[(rounds - 1) // 2]
    runs = pairs[middle]
    return {
        "rules": rules,
        "hands": hands,
        "seconds_1": runs[1]["seconds"],
        "seconds_2": runs[2]["seconds"],
        "speedup": speedups[middle],
        "speedups": speedups,
        "identical": all(runs[1]["result"] == runs[2]["result"] for runs in pairs),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", choices=RULESETS, action="append", help="a ruleset (repeatable; default all)")
    # 32000: a duplicate run of whole matches moves by about 0.05 in the win-rate ratio at 8000 hands
    # (docs/bots.md, "Tuning", ninth round), too much to read a 1.25x target off one run.
    parser.add_argument("--hands", type=positive_int, default=32000, help="hands per comparison (default 32000)")
    parser.add_argument("--four-hands", type=positive_int, default=2000, help="hands per four-of-a-level run")
    parser.add_argument("--narrowing-hands", type=positive_int, default=2000, help="hands per duplicate/plain run")
    parser.add_argument("--speed-hands", type=positive_int, default=300, help="hands for the throughput runs")
    parser.add_argument(
        "--speed-rounds", type=positive_int, default=5, help="pairs of throughput runs (the median pair is reported)"
    )
    parser.add_argument("--seed", type=seed_value, default=2026)
    parser.add_argument("--workers", type=positive_int, default=os.cpu_count() or 1)
    parser.add_argument("--skip-strength", action="store_true")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-workers", action="store_true", help="leave out the workers=2 against workers=1 timing")
    parser.add_argument("--json", metavar="FILE", help="also write every figure to FILE")
    args = parser.parse_args()
    limit_thread_pools()
    rulesets = args.rules or list(RULESETS)
    report: dict[str, Any] = {"machine": describe_machine(None), "comparisons": [], "four": [], "times": []}
    print(
        f"machine: {report['machine']['processor']}, {report['machine']['cpus']} cpus, Python {report['machine']['python']}"
    )
    for rules in rulesets:
        if not args.skip_strength:
            for strong, weak in (("expert", "normal"), ("normal", "easy")):
                row = _compare(rules, strong, weak, args.hands, args.seed, args.workers)
                report["comparisons"].append(row)
                low, high = row["win_difference"][1:]
                print(
                    f"{rules:8} {strong} vs 3 {weak}: win {row['win_rate']:.1%} vs {row['others_win_rate']:.1%}"
                    f" = {row['ratio']:.2f}x (difference {row['win_difference'][0]:+.1%} [{low:+.1%}, {high:+.1%}]),"
                    f" net {row['net_per_hand']:+.2f} [{row['net_per_hand_ci'][0]:+.2f}, {row['net_per_hand_ci'][1]:+.2f}],"
                    f" deal-in {row['deal_in_rate']:.1%} vs {row['others_deal_in_rate']:.1%}"
                    f" ({row['hands']} hands) {'' if all(row['meets'].values()) else 'MISSES ' + str([k for k, v in row['meets'].items() if not v])}",
                    flush=True,
                )
            row = _narrowing(rules, args.narrowing_hands, args.seed + 1, args.workers)
            report.setdefault("narrowing", []).append(row)
            print(
                f"{rules:8} duplicate: win-difference interval ±{row['duplicate']:.2%} against ±{row['plain']:.2%}"
                f" plain ({row['hands']} hands each): the same width with {row['hands_saved']:.0%} fewer hands",
                flush=True,
            )
            for level in ("easy", "normal", "expert"):
                row = _four(rules, level, args.four_hands, args.seed, args.workers)
                report["four"].append(row)
                target = f" (target at least {WINNER_TARGETS[rules]:.0%} won)" if level == "normal" else ""
                print(
                    f"{rules:8} four {level}: drawn {row['drawn_rate']:.1%}, won {1 - row['drawn_rate']:.1%}{target}",
                    flush=True,
                )
        if not args.skip_speed:
            for level in ("easy", "normal", "expert"):
                row = _decision_times(rules, level, 40 if level == "expert" else 100, args.seed)
                report["times"].append(row)
                print(
                    f"{rules:8} {level} decision: p50 {row['p50_ms']:.2f} ms, p99 {row['p99_ms']:.2f} ms,"
                    f" max {row['max_ms']:.1f} ms ({row['decisions']} decisions)",
                    flush=True,
                )
            row = _throughput(rules, args.speed_hands, args.seed, args.speed_rounds)
            report.setdefault("throughput", []).append(row)
            greedy = row.get("greedy_cmajiang_hands_per_second")
            print(
                f"{rules:8} one core: four normal {row['normal_hands_per_second']:.1f} hands/s"
                + (
                    f", greedy cmajiang {greedy:.1f} hands/s, ratio {row['ratio']:.2f}x"
                    f" (median of {len(row['ratios'])} pairs: {', '.join(f'{x:.2f}' for x in row['ratios'])})"
                    if greedy
                    else ", cmajiang not installed"
                )
                + ("; Sparrow compiled" if row["compiled"] else "; Sparrow as pure Python"),
                flush=True,
            )
    if not args.skip_workers:
        row = _workers(rulesets[0], max(400, args.speed_hands), args.seed)
        report["workers"] = row
        print(
            f"workers: {row['seconds_1']:.1f} s on 1, {row['seconds_2']:.1f} s on 2: {row['speedup']:.2f}x"
            f" (median of {len(row['speedups'])} pairs: {', '.join(f'{x:.2f}' for x in row['speedups'])})"
            f" (results identical: {row['identical']})"
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
