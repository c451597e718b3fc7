"""Environment steps per second on one core: Sparrow's PettingZoo environment against two peers, in one run.

A *step* is one decision of one player handed to the environment, with the observation that decision was made
from. Every engine plays whole hands with uniformly random legal actions, and every engine is timed the same way
(process CPU time around the whole loop, after an untimed warm-up; the process pinned to one core):

* Sparrow: ``sparrow.env.MahjongEnv(rules)`` (one hand an episode), driven by PettingZoo's own loop:
  ``for agent in env.agent_iter(): obs, ... = env.last()``, a random index among ``obs["action_mask"].nonzero()``,
  ``env.step(index)``. Every step builds the agent's observation planes and mask.
* RLCard's ``mahjong`` environment: ``env.step(action)`` with a random legal action; every step returns the next
  player's encoded state (RLCard always encodes it).
* riichienv (a Rust riichi engine), single-hand mode, as ``bench/simulate.py`` drives it (its RandomAgent reads
  each acting player's observation and picks a legal action; no features encoded), and once more with each
  acting player's features encoded (``obs.encode()`` and ``obs.mask()``), like for like with the two above.
  Its steps are the decisions handed in (a riichienv step can carry several players' calls at once).

The peers are optional: one that is not installed is reported as skipped. Ratios Sparrow / peer are printed per
ruleset against the targets (at least 10x RLCard, at least 0.5x riichienv; the riichienv target is judged on
its plain row).

    python bench/env.py                       # the default run, about a minute
    python bench/env.py --hands 500 --repeat 3 --json env.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
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

# Sparrow's tables: name -> (ruleset, options).
TABLES: dict[str, tuple[str, dict[str, Any] | None]] = {
    "casual": ("casual", None),
    "nts": ("nts", None),
    "hkos": ("hkos", None),
    "chinese": ("chinese", None),
    "hkos3": ("hkos", {"three_players": True}),
    "riichi": ("riichi", None),
}
PEERS = ("rlcard", "riichienv", "riichienv-encoded")
TARGETS = {"rlcard": 10.0, "riichienv": 0.5, "riichienv-encoded": 0.5}
JUDGED = ("rlcard", "riichienv")

# Hands per engine: a few seconds each at the speeds measured on the project's machine (Sparrow ~80-100
# hands/s through the environment, RLCard ~17, riichienv ~300).
DEFAULT_SPARROW_HANDS = 300
DEFAULT_RLCARD_HANDS = 60
DEFAULT_RIICHIENV_HANDS = 600

SHARED_CORE_BELOW = 0.9
INSTALL_HINTS = {
    "rlcard": "pip install rlcard==1.2.0",
    "riichienv": "pip install riichienv==0.4.11",
    "riichienv-encoded": "pip install riichienv==0.4.11",
}


@dataclass(frozen=True)
class Result:
    """What one engine did (``status`` "ok", "skipped" or "failed"); ``timing.hands`` counts its steps."""

    engine: str
    label: str
    status: str
    timing: Timing | None = None
    hands: int = 0
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
                steps=self.timing.hands,
                hands=self.hands,
                cpu_seconds=round(self.timing.cpu, 4),
                wall_seconds=round(self.timing.wall, 4),
                steps_per_second=round(self.timing.hands_per_second, 1),
                cpu_share=round(self.timing.cpu_share, 3),
            )
        if self.note:
            data["note"] = self.note
        return data


Play = Callable[[int], int]  # play(hands) -> steps taken


def measure(engine: str, label: str, setup: Callable[[], tuple[Play, str | None]], hands: int, repeat: int) -> Result:
    """Set up an engine, warm it up untimed, then time ``repeat`` runs of ``hands`` hands (the median is kept)."""
    try:
        play, version = setup()
    except ImportError as error:
        return Result(engine, label, "skipped", note=f"cannot be imported ({error})")
    try:
        play(max(1, min(10, hands // 20)))
        timings = [time_run(lambda: play(hands)) for _ in range(repeat)]
    except Exception as error:  # a benchmark reports a crash and goes on with the other engines
        return Result(engine, label, "failed", version=version, note=f"{type(error).__name__}: {error}")
    return Result(engine, label, "ok", timing=median_timing(timings), hands=hands, version=version)


def sparrow_setup(table: str, seed: int) -> Callable[[], tuple[Play, str | None]]:
    def setup() -> tuple[Play, str | None]:
        from importlib.metadata import PackageNotFoundError, version

        from sparrow.env import MahjongEnv

        rules, options = TABLES[table]
        env = MahjongEnv(rules, options, seed=seed)
        rng = random.Random(seed)

        def play(hands: int) -> int:
            steps = 0
            for _ in range(hands):
                env.reset()
                for _agent in env.agent_iter():
                    observation, _reward, terminated, truncated, _info = env.last()
                    if terminated or truncated:
                        env.step(None)
                        continue
                    legal = observation["action_mask"].nonzero()[0]
                    env.step(int(legal[int(rng.random() * len(legal))]))
                    steps += 1
            return steps

        try:
            installed = version("sparrow-mahjong")
        except PackageNotFoundError:
            installed = None
        return play, installed

    return setup


def rlcard_setup(seed: int) -> tuple[Play, str | None]:
    """RLCard's mahjong environment stepped one decision at a time with a random legal action."""
    from importlib.metadata import version

    import numpy as np
    import rlcard

    np.random.seed(seed)
    env = rlcard.make("mahjong", config={"seed": seed})
    rng = random.Random(seed)

    def play(hands: int) -> int:
        steps = 0
        for _ in range(hands):
            state, _player = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _player = env.step(legal[int(rng.random() * len(legal))])
                steps += 1
        return steps

    return play, version("rlcard")


def riichienv_setup(seed: int, encoded: bool) -> tuple[Play, str | None]:
    """riichienv's single-hand mode; with ``encoded`` every acting player's features and mask are built too."""
    from importlib.metadata import version

    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    env = RiichiEnv(seed=seed, skip_mjai_logging=True)
    agent = RandomAgent(seed=seed)

    def play(hands: int) -> int:
        steps = 0
        for _ in range(hands):
            observations = env.reset()
            while not env.done():
                actions = {}
                for player, observation in observations.items():
                    if encoded:
                        observation.encode()
                        observation.mask()
                    actions[player] = agent.act(observation)
                steps += len(actions)
                observations = env.step(actions)
        return steps

    return play, version("riichienv")


def ratio(sparrow: Result, peer: Result | None) -> float | None:
    if peer is None or sparrow.rate is None or peer.rate is None or peer.rate == 0:
        return None
    return sparrow.rate / peer.rate


def ratio_table(sparrow: dict[str, Result], peers: dict[str, Result]) -> str:
    header = f"{'table':<9}{'sparrow steps/s':>16}"
    for peer in peers:
        header += f"  {'vs ' + peer + f' (>= {TARGETS[peer]:g}x)':>32}"
    lines = [header]
    for table, result in sparrow.items():
        rate = f"{result.rate:.0f}" if result.rate is not None else result.status
        line = f"{table:<9}{rate:>16}"
        for peer, peer_result in peers.items():
            value = ratio(result, peer_result)
            if value is not None:
                cell = f"{value:.2f}x {'meets' if value >= TARGETS[peer] else 'BELOW'}"
            elif peer_result.status != "ok":
                cell = f"n/a ({peer_result.status})"
            else:
                cell = "n/a"
            line += f"  {cell:>32}"
        lines.append(line)
    return "\n".join(lines)


def _result_line(result: Result) -> str:
    version = f" {result.version}" if result.version else ""
    if result.timing is None:
        hint = f"; `{INSTALL_HINTS[result.engine]}` to include it" if result.engine in INSTALL_HINTS else ""
        return f"  {result.label:<28} {result.status}: {result.note}{hint}"
    timing = result.timing
    shared = "; the core was shared with other work" if timing.cpu_share < SHARED_CORE_BELOW else ""
    return (
        f"  {result.label:<28}{version:>9}  {timing.hands_per_second:10.0f} steps/s  "
        f"({timing.hands} steps in {result.hands} hands, {timing.cpu:.2f} s CPU, {timing.wall:.2f} s wall, "
        f"CPU/wall {timing.cpu_share:.2f}{shared})"
    )


def parse_arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench/env.py",
        description="Environment steps per second on one core: Sparrow's PettingZoo env against RLCard and riichienv.",
    )
    parser.add_argument("--hands", type=positive_int, default=DEFAULT_SPARROW_HANDS, help="Sparrow hands per table")
    parser.add_argument("--rlcard-hands", type=positive_int, default=DEFAULT_RLCARD_HANDS, help="RLCard hands")
    parser.add_argument("--riichienv-hands", type=positive_int, default=DEFAULT_RIICHIENV_HANDS, help="riichienv hands")
    parser.add_argument("--seed", type=seed_value, default=1, help="seed for every engine (%(default)s)")
    parser.add_argument("--repeat", type=positive_int, default=1, help="timed runs per engine; the median is kept")
    parser.add_argument("--tables", type=name_list(tuple(TABLES)), default=tuple(TABLES), help="Sparrow tables (all)")
    parser.add_argument(
        "--peers", type=name_list(PEERS, allow_none=True), default=PEERS, help="peers to measure, or none (all)"
    )
    parser.add_argument("--no-pin", action="store_true", help="do not pin the process to one CPU")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    parser.add_argument("--check", action="store_true", help="exit with status 1 if a target is missed")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    options = parse_arguments(argv)
    limit_thread_pools()
    pinned = None if options.no_pin else pin_to_one_core()
    machine = describe_machine(pinned)
    where = f"pinned to CPU {pinned}" if pinned is not None else "not pinned"
    print(f"Python {machine['python']} on {machine['processor']}, {where}, load average {machine['load_average_1min']}")

    sparrow: dict[str, Result] = {}
    for table in options.tables:
        setup = sparrow_setup(table, options.seed)
        sparrow[table] = measure("sparrow", f"sparrow env {table}", setup, options.hands, options.repeat)
        print(_result_line(sparrow[table]))
    peer_setups = {
        "rlcard": ("rlcard mahjong", lambda: rlcard_setup(options.seed), options.rlcard_hands),
        "riichienv": ("riichienv", lambda: riichienv_setup(options.seed, False), options.riichienv_hands),
        "riichienv-encoded": (
            "riichienv, features encoded",
            lambda: riichienv_setup(options.seed, True),
            options.riichienv_hands,
        ),
    }
    peers: dict[str, Result] = {}
    for peer in options.peers:
        label, setup, hands = peer_setups[peer]
        peers[peer] = measure(peer, label, setup, hands, options.repeat)
        print(_result_line(peers[peer]))
    print()
    print(ratio_table(sparrow, peers))

    if options.json:
        data = {
            "machine": machine,
            "seed": options.seed,
            "repeat": options.repeat,
            "results": [result.to_dict() for result in [*sparrow.values(), *peers.values()]],
            "ratios": {
                table: {peer: ratio(result, peer_result) for peer, peer_result in peers.items()}
                for table, result in sparrow.items()
            },
            "targets": {peer: TARGETS[peer] for peer in peers},
        }
        try:
            with open(options.json, "w", encoding="utf-8") as output:
                json.dump(data, output, indent=2)
                output.write("\n")
        except OSError as error:
            print(f"error: cannot write {options.json}: {error.strerror}", file=sys.stderr)
            return 2
    failed = [result.label for result in [*sparrow.values(), *peers.values()] if result.status == "failed"]
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
        return 1
    if options.check:
        missed = any(result.status != "ok" for result in sparrow.values()) or any(
            (value := ratio(result, peers.get(peer))) is not None and value < TARGETS[peer]
            for result in sparrow.values()
            for peer in JUDGED
        )
        if missed:
            print("\nat least one target was missed (or Sparrow did not run)", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
