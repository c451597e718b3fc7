"""Scoring speed: hands per second on one core, Sparrow's four scorers against the PyPI ``mahjong`` package.

For each Sparrow ruleset, ``--hands`` random *winning* hands are generated with
``sparrow.rules.generate.random_complete_situation`` (complete by construction: four sets and a pair with some sets
declared and some kongs, now and then seven pairs or thirteen orphans where the ruleset plays them; every way of
winning; bonus tiles where the ruleset uses them), seeded, before any clock starts. Sparrow then scores them
with ``get_ruleset(rules).score(situation)``.

In the same run the same hands, converted to riichi form (136-format tiles, ``Meld`` objects for the declared
sets, the winning tile, tsumo/ron, rinshan, chankan, haitei/houtei and the winds as the situation says; no
riichi, no dora), are valued by ``mahjong.hand_calculating.hand.HandCalculator.estimate_hand_value`` (the
``mahjong`` package, 2.1.0 here). The ratio Sparrow/mahjong per ruleset is printed beside the target (at least
5x). Both are timed the same way (bench/_common.py): one core, wall and CPU clock around the whole loop, after
an untimed warm-up; the figures are hands per CPU second (steadier than the wall clock on a shared machine),
the median of ``--repeat`` runs.

    python bench/scoring.py                          # 10,000 hands per ruleset, about a minute
    python bench/scoring.py --hands 2000 --repeat 1 --rules nts,casual
    python bench/scoring.py --profile hkos           # where a scorer spends its time
    python bench/scoring.py --cli-lines 20000        # a shorter CLI batch (0: none)

In the same run, ``sparrow score FILE --json`` reads a batch of ``--cli-lines`` generated hands of the measured
rulesets (JSON Lines, in turn nts, hkos, ...; 200,000 lines by default) in a child process: lines per CPU second
of the child, start-up included, against the in-process rate of ``score`` on the very same hands timed just
before it; ``--repeat`` such pairs, the one with the median ratio reported (target: at least 0.5, issue 10). The child's output is checked: one result
line per input line, none of them an error.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from _common import Timing, describe_machine, limit_thread_pools, pin_to_one_core, positive_int, seed_value, time_run

from sparrow.core.situation import HandSituation
from sparrow.rules import get_ruleset
from sparrow.rules.generate import random_complete_situation

RULESETS = ("nts", "hkos", "chinese", "casual")
TARGET = 5.0  # issue 3: Sparrow at least 5x the mahjong package
DEFAULT_HANDS = 10_000
CLI_TARGET = 0.5  # issue 10: the CLI batch at least half the in-process rate
DEFAULT_CLI_LINES = 200_000


@dataclass(frozen=True)
class Measured:
    """One engine on one ruleset's hands: the median timing, and how the engine judged the hands."""

    timing: Timing | None
    outcomes: dict[str, int]
    note: str = ""

    @property
    def rate(self) -> float | None:
        """Hands per CPU second: on a shared machine the process's CPU time is steadier than the wall
        clock (other work that takes the core away stops the CPU clock, not the wall clock)."""
        if self.timing is None or self.timing.cpu <= 0:
            return None
        return self.timing.hands / self.timing.cpu

    @property
    def wall_rate(self) -> float | None:
        return self.timing.hands_per_second if self.timing else None


def generate(rules: str, hands: int, seed: int) -> list[HandSituation]:
    # One generator per ruleset, seeded from the run's seed and the ruleset's name, so that each
    # ruleset's hands are the same whichever rulesets are measured.
    rng = random.Random(f"{seed}:{rules}")
    return [random_complete_situation(rng, rules) for _ in range(hands)]


def measure(run: Callable[[], int], warm_up: Callable[[], object], repeat: int) -> Timing:
    warm_up()
    timings = [time_run(run) for _ in range(repeat)]
    # The median by CPU time (the figure reported), the lower middle one for an even count.
    return sorted(timings, key=lambda timing: timing.cpu)[(len(timings) - 1) // 2]


# ---------------------------------------------------------------------------- Sparrow


def measure_sparrow(rules: str, situations: list[HandSituation], repeat: int) -> Measured:
    score = get_ruleset(rules).score

    def run() -> int:
        for situation in situations:
            score(situation)
        return len(situations)

    timing = measure(run, lambda: [score(s) for s in situations[:200]], repeat)
    results = [score(s) for s in situations]
    outcomes = Counter("valid" if r.valid else "below minimum / not a win" for r in results)
    return Measured(timing, dict(outcomes))


# ---------------------------------------------------------------------------- the mahjong package


@dataclass(frozen=True)
class RiichiHand:
    tiles: list[int]
    win_tile: int
    melds: list[Any]
    config: Any


def to_riichi(situation: HandSituation) -> RiichiHand:
    """The same tiles in the mahjong package's form. Both number the 34 kinds alike (characters, circles,
    bamboo, E S W N, white green red), so a kind k is 136-format ids 4k..4k+3; copies are handed out in order."""
    from mahjong.constants import EAST
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld as RiichiMeld

    next_copy = [0] * 34

    def take(kind: int) -> int:
        copy = next_copy[kind]
        next_copy[kind] += 1
        return 4 * kind + copy

    assert situation.winning_tile is not None
    win_tile = take(situation.winning_tile)
    tiles = [win_tile] + [take(t) for t in situation.concealed]
    melds = []
    for meld in situation.melds:
        ids = [take(t) for t in meld.tiles]
        tiles.extend(ids)
        kind = {"chow": RiichiMeld.CHI, "pung": RiichiMeld.PON, "kong": RiichiMeld.KAN}[meld.kind.value]
        melds.append(RiichiMeld(meld_type=kind, tiles=ids, opened=meld.open))
    self_drawn = situation.self_drawn
    last = "last_tile" in situation.moments
    config = HandConfig(
        is_tsumo=self_drawn,
        is_rinshan=situation.win_by == "kong_replacement",
        is_chankan=situation.win_by == "robbing_kong",
        # The mahjong package refuses haitei together with rinshan: a replacement win is rinshan only.
        is_haitei=last and self_drawn and situation.win_by != "kong_replacement",
        is_houtei=last and not self_drawn,
        player_wind=EAST + "ESWN".index(situation.seat_wind),
        round_wind=EAST + "ESWN".index(situation.round_wind),
        # Open tanyao on, red fives off: the common online rules; riichi and dora are not declared.
        options=OptionalRules(has_open_tanyao=True, has_aka_dora=False),
    )
    return RiichiHand(tiles, win_tile, melds, config)


def measure_mahjong(situations: list[HandSituation], repeat: int) -> Measured:
    try:
        from mahjong.hand_calculating.hand import HandCalculator
    except ImportError as error:
        return Measured(
            None, {}, f"skipped: the mahjong package cannot be imported ({error}); pip install mahjong==2.1.0"
        )
    hands = [to_riichi(s) for s in situations]
    estimate = HandCalculator.estimate_hand_value

    def run() -> int:
        for hand in hands:
            estimate(hand.tiles, hand.win_tile, melds=hand.melds, config=hand.config)
        return len(hands)

    timing = measure(
        run, lambda: [estimate(h.tiles, h.win_tile, melds=h.melds, config=h.config) for h in hands[:200]], repeat
    )
    outcomes: Counter[str] = Counter()
    for hand in hands:
        response = estimate(hand.tiles, hand.win_tile, melds=hand.melds, config=hand.config)
        outcomes["valued" if response.error is None else str(response.error)] += 1
    return Measured(timing, dict(outcomes))


# ---------------------------------------------------------------------------- the CLI batch


@dataclass(frozen=True)
class CliBatch:
    lines: int
    cli_cpu: float
    cli_wall: float
    in_process: Timing
    ratios: tuple[float, ...] = ()  # every round's ratio, in the order run

    @property
    def cli_rate(self) -> float:
        return self.lines / self.cli_cpu

    @property
    def in_process_rate(self) -> float:
        return self.in_process.hands / self.in_process.cpu

    @property
    def ratio(self) -> float:
        return self.cli_rate / self.in_process_rate


def measure_cli_batch(rules: Sequence[str], lines: int, seed: int, repeat: int) -> CliBatch:
    """``sparrow score FILE --json`` on ``lines`` generated hands (the rulesets in turn) in a child process,
    against ``score`` in this process on the same hands.

    The two are timed in pairs, one right after the other, ``repeat`` times; the pair with the median
    ratio is reported. A shared machine's speed drifts by a third within a minute, so a ratio is only
    fair between runs made at the same moment."""
    rng = random.Random(f"{seed}:cli")
    situations = [random_complete_situation(rng, rules[number % len(rules)]) for number in range(lines)]
    scorers = {name: get_ruleset(name).score for name in rules}

    def run() -> int:
        for situation in situations:
            scorers[situation.rules](situation)
        return len(situations)

    [scorers[s.rules](s) for s in situations[:400]]  # warm up
    rounds = []
    with tempfile.TemporaryDirectory() as folder:
        batch = os.path.join(folder, "batch.jsonl")
        output = os.path.join(folder, "results.jsonl")
        with open(batch, "w", encoding="utf-8") as handle:
            for situation in situations:
                handle.write(json.dumps(situation.to_dict()) + "\n")
        for _ in range(repeat):
            in_process = time_run(run)
            cpu, wall = _run_cli_batch(batch, output, lines)
            rounds.append(CliBatch(lines, cpu, wall, in_process))
    ratios = tuple(batch.ratio for batch in rounds)
    middle = sorted(rounds, key=lambda batch: batch.ratio)[(len(rounds) - 1) // 2]
    return CliBatch(middle.lines, middle.cli_cpu, middle.cli_wall, middle.in_process, ratios)


def _run_cli_batch(batch: str, output: str, lines: int) -> tuple[float, float]:
    """CPU and wall seconds of one ``sparrow score BATCH --json`` child, its output checked."""
    command = [sys.executable, "-m", "sparrow.cli", "score", batch, "--json"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    with open(output, "w", encoding="utf-8") as results:
        done = subprocess.run(command, stdout=results, stderr=subprocess.PIPE, text=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"sparrow score failed (exit {done.returncode}): {done.stderr.strip()[:400]}")
    with open(output, encoding="utf-8") as results:
        count = sum(1 for line in results if not line.startswith('{"error"'))
    if count != lines:
        raise SystemExit(f"sparrow score wrote {count} results for {lines} lines")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def print_cli_batch(batch: CliBatch) -> None:
    verdict = "meets" if batch.ratio >= CLI_TARGET else "BELOW"
    rounds = ", ".join(f"{ratio:.2f}" for ratio in batch.ratios)
    print(
        f"\nCLI batch: sparrow score FILE --json, {batch.lines:,} lines: {batch.cli_rate:,.0f} lines/s "
        f"({batch.cli_cpu:.2f} s CPU, {batch.cli_wall:.2f} s wall, start-up included); in-process score on the "
        f"same hands just before: {batch.in_process_rate:,.0f} hands/s; ratio {batch.ratio:.2f}, the median of "
        f"{len(batch.ratios)} paired rounds ({rounds}) (target >= {CLI_TARGET:g}: {verdict})"
    )


# ---------------------------------------------------------------------------- the report


def version_of(package: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return None


def table(rows: dict[str, tuple[Measured, Measured]]) -> str:
    header = (
        f"{'ruleset':<9}{'Sparrow hands/s':>16}{'µs/hand':>9}{'mahjong hands/s':>17}{'µs/hand':>9}"
        f"{f'ratio (>= {TARGET:g}x)':>20}"
    )
    lines = [header, "-" * len(header)]
    for rules, (sparrow, peer) in rows.items():
        sparrow_rate, peer_rate = sparrow.rate, peer.rate
        cells = f"{rules:<9}"
        cells += f"{sparrow_rate:>16,.0f}{1e6 / sparrow_rate:>9.1f}" if sparrow_rate else f"{'-':>16}{'-':>9}"
        cells += f"{peer_rate:>17,.0f}{1e6 / peer_rate:>9.1f}" if peer_rate else f"{'-':>17}{'-':>9}"
        if sparrow_rate and peer_rate:
            ratio = sparrow_rate / peer_rate
            cells += f"{f'{ratio:.1f}x ' + ('meets' if ratio >= TARGET else 'BELOW'):>20}"
        else:
            cells += f"{'n/a':>20}"
        lines.append(cells)
    return "\n".join(lines)


def profile(rules: str, situations: list[HandSituation], top: int) -> None:
    """Where one scorer spends its time: cProfile over every hand, the functions with the most own time."""
    score = get_ruleset(rules).score
    profiler = cProfile.Profile()
    profiler.enable()
    for situation in situations:
        score(situation)
    profiler.disable()
    stats = pstats.Stats(profiler)
    print(f"\nprofile of {rules}.score over {len(situations)} hands (cProfile slows everything about 2x):")
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    def ruleset_list(text: str) -> tuple[str, ...]:
        names = tuple(dict.fromkeys(name.strip() for name in text.split(",") if name.strip()))
        unknown = [name for name in names if name not in RULESETS]
        if unknown or not names:
            raise argparse.ArgumentTypeError(
                f"unknown ruleset(s) {', '.join(unknown) or '(none)'}; choose from {', '.join(RULESETS)}"
            )
        return names

    parser = argparse.ArgumentParser(
        prog="bench/scoring.py", description="Scoring speed on one core: Sparrow's scorers against the mahjong package."
    )
    parser.add_argument(
        "--hands", type=positive_int, default=DEFAULT_HANDS, help="winning hands per ruleset (%(default)s)"
    )
    parser.add_argument("--seed", type=seed_value, default=1, help="seed of the generated hands (%(default)s)")
    parser.add_argument(
        "--repeat", type=positive_int, default=3, help="timed runs; the median is reported (%(default)s)"
    )
    parser.add_argument("--rules", type=ruleset_list, default=RULESETS, help="comma-separated rulesets (all)")
    parser.add_argument("--no-peer", action="store_true", help="do not measure the mahjong package")
    parser.add_argument("--no-pin", action="store_true", help="do not pin the process to one CPU")
    parser.add_argument("--profile", type=ruleset_list, metavar="RULES", help="also profile these rulesets' scorers")
    parser.add_argument("--top", type=positive_int, default=15, help="functions shown per profile (%(default)s)")
    parser.add_argument(
        "--cli-lines",
        type=seed_value,
        default=DEFAULT_CLI_LINES,
        help="lines of the sparrow score batch run in a child process; 0: none (%(default)s)",
    )
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    options = parse_arguments(argv)
    limit_thread_pools()
    pinned = None if options.no_pin else pin_to_one_core()
    machine = describe_machine(pinned)
    print(
        f"Python {machine['python']} on {machine['processor']}, "
        f"{'pinned to CPU ' + str(pinned) if pinned is not None else 'not pinned'}, "
        f"load average {machine['load_average_1min']}; sparrow {version_of('sparrow-mahjong')}, "
        f"mahjong {version_of('mahjong') or 'not installed'}"
    )
    print(
        f"{options.hands} generated winning hands per ruleset, seed {options.seed}; "
        f"hands per CPU second, median of {options.repeat} runs\n"
    )

    rows: dict[str, tuple[Measured, Measured]] = {}
    hands_by_rules: dict[str, list[HandSituation]] = {}
    for rules in options.rules:
        situations = generate(rules, options.hands, options.seed)
        hands_by_rules[rules] = situations
        try:
            sparrow = measure_sparrow(rules, situations, options.repeat)
        except NotImplementedError:
            sparrow = Measured(None, {}, "the scorer is not implemented yet")
        peer = (
            Measured(None, {}, "not measured (--no-peer)")
            if options.no_peer
            else measure_mahjong(situations, options.repeat)
        )
        rows[rules] = (sparrow, peer)
        for name, measured in (("sparrow", sparrow), ("mahjong", peer)):
            if measured.timing:
                judged = ", ".join(f"{count} {outcome}" for outcome, count in sorted(measured.outcomes.items()))
                timing = measured.timing
                print(
                    f"  {rules:<8}{name:<8}{measured.rate:>10,.0f} hands/s  ({timing.hands} hands in "
                    f"{timing.cpu:.3f} s CPU, {timing.wall:.3f} s wall; {judged})"
                )
            else:
                print(f"  {rules:<8}{name:<8}{measured.note}")

    print()
    print(table(rows))

    cli_batch = None
    if options.cli_lines:
        cli_batch = measure_cli_batch(options.rules, options.cli_lines, options.seed, options.repeat)
        print_cli_batch(cli_batch)

    for rules in options.profile or ():
        profile(rules, hands_by_rules.get(rules) or generate(rules, options.hands, options.seed), options.top)

    if options.json:
        data = {
            "machine": machine,
            "hands": options.hands,
            "seed": options.seed,
            "repeat": options.repeat,
            "target": TARGET,
            "results": {
                rules: {
                    name: {
                        "hands_per_cpu_second": round(m.rate, 1) if m.rate else None,
                        "hands_per_wall_second": round(m.wall_rate, 1) if m.wall_rate else None,
                        "cpu_seconds": round(m.timing.cpu, 4) if m.timing else None,
                        "wall_seconds": round(m.timing.wall, 4) if m.timing else None,
                        "outcomes": m.outcomes,
                        "note": m.note,
                    }
                    for name, m in (("sparrow", sparrow), ("mahjong", peer))
                }
                | {"ratio": round(sparrow.rate / peer.rate, 2) if sparrow.rate and peer.rate else None}
                for rules, (sparrow, peer) in rows.items()
            },
            "cli_batch": None
            if cli_batch is None
            else {
                "lines": cli_batch.lines,
                "lines_per_cpu_second": round(cli_batch.cli_rate, 1),
                "cpu_seconds": round(cli_batch.cli_cpu, 3),
                "wall_seconds": round(cli_batch.cli_wall, 3),
                "in_process_hands_per_cpu_second": round(cli_batch.in_process_rate, 1),
                "ratio": round(cli_batch.ratio, 3),
                "ratios": [round(ratio, 3) for ratio in cli_batch.ratios],
                "target": CLI_TARGET,
            },
        }
        try:
            with open(options.json, "w", encoding="utf-8") as output:
                json.dump(data, output, indent=2)
                output.write("\n")
        except OSError as error:
            print(f"error: cannot write {options.json}: {error.strerror}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
