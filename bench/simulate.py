"""Simulation speed: hands per second on one core, Sparrow's table engine against two peers, in one run.

For each Sparrow ruleset, ``sparrow.play.sim.simulate(rules, hands, seed, players="random")`` plays hands with four
uniformly random legal players. In the same process, and timed the same way, the peers play with their own
random agents:

* RLCard's ``mahjong`` environment (pure Python and numpy): one ``env.run()`` is one hand, from the deal to the
  first win or the exhausted wall.
* riichienv (a Rust riichi engine): its default game mode plays a single hand (kyoku) per ``reset()``.

Riichi plays whole hanchan, so it has its own rows: hanchan (Tenhou's rules, red fives) through the one
face every face plays (``sparrow.game.hands.new_match("riichi", seed)`` and its hands), against riichienv's
``4p-red-half`` game with its ``RandomAgent`` (``--riichi-games``, ``--no-riichi`` to leave them out). The
rate is hanchan a second. Sparrow's random players choose among ``hand.legal_actions(seat)``; with
``--observing`` also observing ones, that read ``hand.observation(seat)`` at every decision and choose
among its ``legal_actions`` (riichienv hands its agents an observation at every step). The targets: at
least 0.5x riichienv with random players (issue 26) and 1.0x with observing ones (issue 41).
``--riichi-direct`` also times the same hanchan on Riichi's own state machine without the one face
(``RiichiMatch``, Riichi's actions and dict observation): the rows labelled "no face" show what the face
costs.

The peers are optional: one that is not installed is reported as skipped. The ratios Sparrow/RLCard and
Sparrow/riichienv are printed per ruleset beside the targets (at least 10x RLCard, at least 0.5x riichienv).

The peers' agents are handed an observation object at every step, while Sparrow's random players choose
straight from ``legal_actions``. ``--observing`` also measures Sparrow with ``players="random-observing"``,
players that build ``state.observation(seat)`` at every decision and choose from it (the same moves, the
cost of looking added), and prints those rows and ratios too: the like-for-like comparison. ``--check``
still judges the targets on the plain random rows.

    python bench/simulate.py                      # the default run, under two minutes
    python bench/simulate.py --observing          # also Sparrow with observation-reading players
    python bench/simulate.py --rules none --peers riichienv --observing --riichi-direct  # Riichi's rows
    python bench/simulate.py --hands 5000 --seed 7 --repeat 3 --json perf.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from _common import (
    Timing,
    describe_machine,
    limit_thread_pools,
    median_timing,
    name_list,
    pin_to_one_core,
    positive_int,
    seed_value,
    time_run,
)

RULESETS = ("nts", "hkos", "chinese", "casual")
PEERS = ("rlcard", "riichienv")

# Targets per core from issue 4: Sparrow / peer must reach at least this.
TARGETS = {"rlcard": 10.0, "riichienv": 0.5}
# Riichi hanchan through the one face, Sparrow / riichienv: random players (issue 26), and players reading
# their observation (issue 41: at least as fast as riichienv).
RIICHI_TARGETS = {"sparrow": 0.5, "sparrow observing": 1.0}
# The same hanchan on Riichi's own state machine without the one face (--riichi-direct): what the face costs.
RIICHI_DIRECT = {"direct (no face)": False, "direct observing (no face)": True}
DEFAULT_RIICHI_GAMES = 20  # hanchan per engine: about a second for each of Sparrow's rows and half one for riichienv

# Default numbers of hands: each engine gets a few seconds at the speeds measured on the project's machine
# (Sparrow ~900-1400 hands/s, RLCard ~45, riichienv ~950), so the whole default run stays well under two minutes.
DEFAULT_SPARROW_HANDS = 2000
DEFAULT_RLCARD_HANDS = 200
DEFAULT_RIICHIENV_HANDS = 2000

# A run whose CPU time falls this far below its wall time shared its core: the line says so.
SHARED_CORE_BELOW = 0.9

# The versions the figures were taken with (pinned in pyproject's ``bench`` extra).
INSTALL_HINTS = {
    "rlcard": "pip install rlcard==1.2.0",
    "riichienv": "pip install riichienv==0.4.11",
}


@dataclass(frozen=True)
class Result:
    """What one engine did: its timing, or why it has none (``status`` is "ok", "skipped" or "failed")."""

    engine: str
    label: str
    status: str
    timing: Timing | None = None
    version: str | None = None
    note: str = ""

    @property
    def rate(self) -> float | None:
        return self.timing.hands_per_second if self.timing else None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"engine": self.engine, "label": self.label, "status": self.status}
        if self.version:
            data["version"] = self.version
        if self.timing:
            data.update(
                hands=self.timing.hands,
                wall_seconds=round(self.timing.wall, 4),
                cpu_seconds=round(self.timing.cpu, 4),
                hands_per_second=round(self.timing.hands_per_second, 2),
                hands_per_wall_second=round(self.timing.hands_per_wall_second, 2),
                cpu_share=round(self.timing.cpu_share, 3),
                threads=self.timing.threads,
            )
        if self.note:
            data["note"] = self.note
        return data


def measure(
    engine: str, label: str, setup: Callable[[], tuple[Callable[[int], int], str | None]], hands: int, repeat: int
) -> Result:
    """Import and set up an engine, warm it up untimed, then time ``repeat`` runs of ``hands`` hands.

    ``setup`` returns a ``play(n) -> hands played`` function and the engine's version. An ImportError while
    setting up means the engine is not installed or not built yet (skipped); any other error is reported as a failure, so one
    broken engine does not hide the others' figures.
    """
    try:
        play, version = setup()
    except ImportError as error:
        return Result(engine, label, "skipped", note=f"cannot be imported ({error})")
    try:
        # Warm-up: first calls load tables and fill caches; no engine should pay for that in its figure.
        play(max(1, min(20, hands // 20)))
        timings = [time_run(lambda: play(hands)) for _ in range(repeat)]
    except Exception as error:  # a benchmark reports a crash and goes on with the other engines
        return Result(engine, label, "failed", version=version, note=f"{type(error).__name__}: {error}")
    return Result(engine, label, "ok", timing=median_timing(timings), version=version)


def sparrow_setup(
    rules: str, seed: int, players: str = "random"
) -> Callable[[], tuple[Callable[[int], int], str | None]]:
    def setup() -> tuple[Callable[[int], int], str | None]:
        from importlib.metadata import PackageNotFoundError, version

        from sparrow.play.sim import simulate

        def play(hands: int) -> int:
            summary = simulate(rules, hands, seed, players=players)
            return int(_field(summary, "hands"))

        try:
            installed = version("sparrow-mahjong")
        except PackageNotFoundError:
            installed = None
        return play, installed

    return setup


def rlcard_setup(seed: int) -> tuple[Callable[[int], int], str | None]:
    """RLCard's mahjong environment with four of its RandomAgents, driven by its own ``env.run`` loop."""
    from importlib.metadata import version

    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    # RLCard's RandomAgent draws from numpy's global generator; seeding it makes the run repeatable.
    # (rlcard.utils.set_seed would do the same but starts a `pip freeze` subprocess.)
    np.random.seed(seed)
    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def play(hands: int) -> int:
        for _ in range(hands):
            # is_training=True takes the agents' plain `step` (eval_step also builds a probability table):
            # the quicker of RLCard's two loops, so the ratio against it is not flattered.
            env.run(is_training=True)
        return hands

    return play, version("rlcard")


def riichienv_setup(seed: int) -> tuple[Callable[[int], int], str | None]:
    """riichienv in its default single-hand mode with its RandomAgent answering every player's observation."""
    from importlib.metadata import version

    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    # skip_mjai_logging: riichienv's fastest configuration (no MJAI event log kept), the strictest reference.
    env = RiichiEnv(seed=seed, skip_mjai_logging=True)
    agent = RandomAgent(seed=seed)

    def play(hands: int) -> int:
        for _ in range(hands):
            observations = env.reset()
            while not env.done():
                observations = env.step({player: agent.act(obs) for player, obs in observations.items()})
        return hands

    return play, version("riichienv")


def riichi_face_setup(seed: int, observing: bool) -> Callable[[], tuple[Callable[[int], int], str | None]]:
    """Whole Riichi hanchan through the one face, as every face plays them: ``new_match("riichi", ...)``
    and its hands (:class:`sparrow.game.riichi.hand.RiichiHand`), each player choosing with a seeded
    ``random.Random`` among the seat's ``observation(seat).legal_actions`` when ``observing``, else
    among ``hand.legal_actions(seat)``. ``play(n)`` plays n hanchan and returns n."""

    def setup() -> tuple[Callable[[int], int], str | None]:
        import random

        from sparrow.game.hands import new_match

        rng = random.Random(seed)
        games = [0]

        def play(hanchan: int) -> int:
            for _ in range(hanchan):
                match = new_match("riichi", seed + games[0])
                games[0] += 1
                while not match.is_over:
                    hand = match.next_hand()
                    while not hand.is_over:
                        seat = hand.to_act[0]
                        if observing:
                            hand.apply(rng.choice(hand.observation(seat).legal_actions))
                        else:
                            hand.apply(rng.choice(hand.legal_actions(seat)))
                    match.record(hand)
            return hanchan

        return play, None

    return setup


def riichi_direct_setup(seed: int, observing: bool) -> Callable[[], tuple[Callable[[int], int], str | None]]:
    """Whole Riichi hanchan on Riichi's own state machine, without the one face (``RiichiMatch`` and
    ``RiichiHandState``, Riichi's own actions, its dict observation when ``observing``): what the one
    face costs over it. ``play(n)`` plays n hanchan and returns n."""

    def setup() -> tuple[Callable[[int], int], str | None]:
        import random

        from sparrow.game.riichi import observation
        from sparrow.game.riichi.match import RiichiMatch

        rng = random.Random(seed)
        games = [0]

        def play(hanchan: int) -> int:
            for _ in range(hanchan):
                match = RiichiMatch(seed + games[0])
                games[0] += 1
                while not match.over:
                    hand = match.next_hand()
                    while not hand.over:
                        seat = hand.to_act[0]
                        if observing:
                            observation(hand, seat)
                        hand.apply(rng.choice(hand.legal_actions(seat)))
                    match.record(hand)
            return hanchan

        return play, None

    return setup


def riichi_riichienv_setup(seed: int) -> tuple[Callable[[int], int], str | None]:
    """riichienv's hanchan (``4p-red-half``, Tenhou's rules) with a RandomAgent per seat."""
    from importlib.metadata import version

    from riichienv import GameRule, RiichiEnv
    from riichienv.agents import RandomAgent

    games = [0]

    def play(hanchan: int) -> int:
        for _ in range(hanchan):
            game = seed + games[0]
            games[0] += 1
            env = RiichiEnv(game_mode="4p-red-half", rule=GameRule.default_tenhou(), seed=game)
            observations = env.reset()
            agents = [RandomAgent(game * 4 + seat) for seat in range(4)]
            while not env.done():
                observations = env.step({seat: agents[seat].act(obs) for seat, obs in observations.items()})
        return hanchan

    return play, version("riichienv")


def _field(summary: Any, name: str) -> Any:
    """Read a field of the simulation summary, whether it is an object with attributes or a mapping."""
    if isinstance(summary, dict):
        return summary[name]
    return getattr(summary, name)


def ratio(sparrow: Result, peer: Result | None) -> float | None:
    """Sparrow's rate over a peer's, or None when either has no figure."""
    if peer is None or sparrow.rate is None or peer.rate is None or peer.rate == 0:
        return None
    return sparrow.rate / peer.rate


@dataclass(frozen=True)
class Report:
    """Everything one run measured: the machine, Sparrow per ruleset, the peers, and the ratios between them."""

    machine: dict[str, Any]
    seed: int
    repeat: int
    sparrow: dict[str, Result]
    peers: dict[str, Result]
    peer_names: tuple[str, ...]
    # Sparrow with players that build an observation at every decision (--observing), else empty.
    observing: dict[str, Result] = field(default_factory=dict)
    # Riichi hanchan: "sparrow", "sparrow observing" (with --observing) and "riichienv"; empty with --no-riichi.
    riichi: dict[str, Result] = field(default_factory=dict)

    def riichi_ratios(self) -> dict[str, float | None]:
        """Sparrow's hanchan a second over riichienv's, per kind of Sparrow player (and loop)."""
        return {
            name: ratio(result, self.riichi.get("riichienv"))
            for name, result in self.riichi.items()
            if name != "riichienv"
        }

    def ratios(self, sparrow: dict[str, Result] | None = None) -> dict[str, dict[str, float | None]]:
        """Sparrow / peer per ruleset, for the plain random rows or the ``sparrow`` rows given."""
        rows = self.sparrow if sparrow is None else sparrow
        return {
            rules: {peer: ratio(result, self.peers.get(peer)) for peer in self.peer_names}
            for rules, result in rows.items()
        }

    def failed(self) -> list[str]:
        results = [*self.sparrow.values(), *self.observing.values(), *self.peers.values(), *self.riichi.values()]
        return [result.label for result in results if result.status == "failed"]

    def targets_met(self) -> bool:
        """True when Sparrow ran for every ruleset and every ratio that could be measured reaches its target."""
        if any(result.status != "ok" for result in self.sparrow.values()):
            return False
        for name, value in self.riichi_ratios().items():
            if name in RIICHI_TARGETS and value is not None and value < RIICHI_TARGETS[name]:
                return False
        return all(
            value is None or value >= TARGETS[peer]
            for by_peer in self.ratios().values()
            for peer, value in by_peer.items()
        )

    def to_dict(self) -> dict[str, Any]:
        def rounded(ratios: dict[str, dict[str, float | None]]) -> dict[str, dict[str, float | None]]:
            return {
                rules: {peer: None if value is None else round(value, 3) for peer, value in by_peer.items()}
                for rules, by_peer in ratios.items()
            }

        results = [*self.sparrow.values(), *self.observing.values(), *self.peers.values(), *self.riichi.values()]
        data = {
            "machine": self.machine,
            "seed": self.seed,
            "repeat": self.repeat,
            "results": [result.to_dict() for result in results],
            "ratios": rounded(self.ratios()),
            "targets": {peer: TARGETS[peer] for peer in self.peer_names},
        }
        if self.observing:
            data["observing_ratios"] = rounded(self.ratios(self.observing))
        if self.riichi:
            data["riichi_ratios"] = {
                name: None if value is None else round(value, 3) for name, value in self.riichi_ratios().items()
            }
            data["riichi_targets"] = RIICHI_TARGETS
        return data

    def riichi_table(self) -> str:
        """The Riichi hanchan rows: Sparrow's players against riichienv, beside the targets."""
        lines = [f"{'riichi hanchan':<28}{'hanchan/s':>12}  {'vs riichienv':>24}"]
        ratios = self.riichi_ratios()
        for name, result in self.riichi.items():
            rate = f"{result.rate:.2f}" if result.rate is not None else result.status
            cell = ""
            if name in RIICHI_TARGETS:
                value = ratios[name]
                target = RIICHI_TARGETS[name]
                cell = "n/a" if value is None else f"{value:.2f}x {'meets' if value >= target else 'BELOW'}"
                cell += f" (>= {target:g}x)"
            elif name in ratios:
                value = ratios[name]
                cell = "n/a" if value is None else f"{value:.2f}x"
            lines.append(f"{name:<28}{rate:>12}  {cell:>24}")
        return "\n".join(lines)

    def ratio_table(self, sparrow: dict[str, Result] | None = None, title: str = "sparrow hands/s") -> str:
        """The ratio per ruleset and peer, for the plain random rows or the ``sparrow`` rows given."""
        rows = self.sparrow if sparrow is None else sparrow
        header = f"{'ruleset':<10}{title:>16}"
        for peer in self.peer_names:
            header += f"  {'vs ' + peer + f' (>= {TARGETS[peer]:g}x)':>28}"
        lines = [header]
        ratios = self.ratios(rows)
        for rules, result in rows.items():
            rate = f"{result.rate:.1f}" if result.rate is not None else result.status
            line = f"{rules:<10}{rate:>16}"
            for peer in self.peer_names:
                value = ratios[rules][peer]
                if value is not None:
                    cell = f"{value:.2f}x {'meets' if value >= TARGETS[peer] else 'BELOW'}"
                elif self.peers[peer].status != "ok":
                    cell = f"n/a ({peer} {self.peers[peer].status})"
                else:
                    cell = "n/a"
                line += f"  {cell:>28}"
            lines.append(line)
        return "\n".join(lines)


def run(options: argparse.Namespace) -> Report:
    """Measure every engine asked for, printing each figure as it comes."""
    limit_thread_pools()
    pinned = None if options.no_pin else pin_to_one_core()
    machine = describe_machine(pinned)
    print(_machine_line(machine))

    sparrow_results: dict[str, Result] = {}
    for rules in options.rules:
        setup = sparrow_setup(rules, options.seed)
        sparrow_results[rules] = measure("sparrow", f"sparrow {rules}", setup, options.hands, options.repeat)
        print(_result_line(sparrow_results[rules]))

    observing_results: dict[str, Result] = {}
    if options.observing:
        for rules in options.rules:
            setup = sparrow_setup(rules, options.seed, players="random-observing")
            label = f"sparrow {rules} observing"
            observing_results[rules] = measure("sparrow", label, setup, options.hands, options.repeat)
            print(_result_line(observing_results[rules]))

    peer_setups = {
        "rlcard": ("rlcard mahjong", lambda: rlcard_setup(options.seed), options.rlcard_hands),
        "riichienv": ("riichienv single hand", lambda: riichienv_setup(options.seed), options.riichienv_hands),
    }
    peer_results: dict[str, Result] = {}
    for peer in options.peers:
        label, setup, hands = peer_setups[peer]
        peer_results[peer] = measure(peer, label, setup, hands, options.repeat)
        print(_result_line(peer_results[peer]))

    riichi_results: dict[str, Result] = {}
    if not options.no_riichi:
        games = options.riichi_games
        kinds = [("sparrow", False), ("sparrow observing", True)] if options.observing else [("sparrow", False)]
        for name, observing in kinds:
            setup = riichi_face_setup(options.seed, observing)
            riichi_results[name] = measure("sparrow", f"{name} riichi", setup, games, options.repeat)
            print(_result_line(riichi_results[name], "hanchan"))
        if options.riichi_direct:
            for name, observing in RIICHI_DIRECT.items():
                if observing and not options.observing:
                    continue
                setup = riichi_direct_setup(options.seed, observing)
                riichi_results[name] = measure("sparrow", f"riichi {name}", setup, games, options.repeat)
                print(_result_line(riichi_results[name], "hanchan"))
        if "riichienv" in options.peers:
            setup = lambda: riichi_riichienv_setup(options.seed)  # noqa: E731
            riichi_results["riichienv"] = measure("riichienv", "riichienv hanchan", setup, games, options.repeat)
            print(_result_line(riichi_results["riichienv"], "hanchan"))

    return Report(
        machine,
        options.seed,
        options.repeat,
        sparrow_results,
        peer_results,
        tuple(options.peers),
        observing_results,
        riichi_results,
    )


def _machine_line(machine: dict[str, Any]) -> str:
    pinned = f"pinned to CPU {machine['pinned_cpu']}" if machine["pinned_cpu"] is not None else "not pinned"
    return (
        f"Python {machine['python']} on {machine['processor']}, {pinned}, "
        f"load average {machine['load_average_1min']} (1 min)"
    )


def _result_line(result: Result, unit: str = "hands") -> str:
    version = f" {result.version}" if result.version else ""
    if result.timing is None:
        hint = ""
        if result.status == "skipped" and result.engine in INSTALL_HINTS:
            hint = f"; `{INSTALL_HINTS[result.engine]}` to include it"
        return f"  {result.label:<26} {result.status}: {result.note}{hint}"
    timing = result.timing
    threads = f", {timing.threads} threads" if timing.threads is not None else ""
    shared = "; the core was shared with other work" if timing.cpu_share < SHARED_CORE_BELOW else ""
    return (
        f"  {result.label:<26}{version:>9}  {timing.hands_per_second:10.1f} {unit}/s  "
        f"({timing.hands} {unit} in {timing.cpu:.2f} s CPU, {timing.wall:.2f} s wall, "
        f"CPU/wall {timing.cpu_share:.2f}{threads}{shared})"
    )


def parse_arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench/simulate.py",
        description="Hands per second on one core: Sparrow's rulesets against RLCard mahjong and riichienv.",
    )
    parser.add_argument(
        "--hands", type=positive_int, default=DEFAULT_SPARROW_HANDS, help="Sparrow hands per ruleset (%(default)s)"
    )
    parser.add_argument(
        "--rlcard-hands", type=positive_int, default=DEFAULT_RLCARD_HANDS, help="RLCard hands (%(default)s)"
    )
    parser.add_argument(
        "--riichienv-hands", type=positive_int, default=DEFAULT_RIICHIENV_HANDS, help="riichienv hands (%(default)s)"
    )
    parser.add_argument("--seed", type=seed_value, default=1, help="seed for every engine (%(default)s)")
    parser.add_argument(
        "--repeat", type=positive_int, default=1, help="timed runs per engine; the median is reported (%(default)s)"
    )
    parser.add_argument(
        "--rules",
        type=name_list(RULESETS, allow_none=True),
        default=RULESETS,
        help="comma-separated Sparrow rulesets, or none (Riichi's rows alone): all by default",
    )
    parser.add_argument(
        "--peers",
        type=name_list(PEERS, allow_none=True),
        default=PEERS,
        help="comma-separated peers to measure, or none (rlcard,riichienv)",
    )
    parser.add_argument(
        "--observing",
        action="store_true",
        help="also measure Sparrow with players that read an observation at every decision, as the peers' agents do",
    )
    parser.add_argument(
        "--riichi-games",
        type=positive_int,
        default=DEFAULT_RIICHI_GAMES,
        help="Riichi hanchan per engine (%(default)s)",
    )
    parser.add_argument("--no-riichi", action="store_true", help="leave out the Riichi hanchan rows")
    parser.add_argument(
        "--riichi-direct",
        action="store_true",
        help="also time Riichi's own state machine without the one face (what the face costs)",
    )
    parser.add_argument("--no-pin", action="store_true", help="do not pin the process to one CPU")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    parser.add_argument("--check", action="store_true", help="exit with status 1 if a target is missed")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    options = parse_arguments(argv)
    report = run(options)
    print()
    print(report.ratio_table())
    if report.observing:
        print()
        print("With one observation per decision (players=random-observing), like the peers' agents:")
        print(report.ratio_table(report.observing, title="observing h/s"))
    if report.riichi:
        print()
        print(report.riichi_table())
    if options.json:
        try:
            with open(options.json, "w", encoding="utf-8") as output:
                json.dump(report.to_dict(), output, indent=2)
                output.write("\n")
        except OSError as error:
            print(f"error: cannot write {options.json}: {error.strerror}", file=sys.stderr)
            return 2
    if report.failed():
        print(f"\nfailed: {', '.join(report.failed())}", file=sys.stderr)
        return 1
    if options.check and not report.targets_met():
        print("\nat least one target was missed (or Sparrow did not run)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
