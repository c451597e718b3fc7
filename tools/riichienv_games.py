"""Play four-player hanchan with riichienv (PyPI ``riichienv``) and write each game as an mjai log.

    python tools/riichienv_games.py --games 5 --seed 1 --out tests/data/riichienv
    python tools/riichienv_games.py --games 100 --seed 7 --agent random --out /tmp/games

riichienv is Rust-backed and keeps the whole game as mjai events itself (``RiichiEnv.mjai_log``, every
tile visible): the tool writes that list, one JSON object a line, to
``<out>/riichienv-<agent>-s<seed>-g<i>.jsonl``.
The game mode is ``4p-red-half`` (hanchan, red fives, Tenhou's sudden-death extension into West) and the
rules ``GameRule.default_tenhou()``.

Agents (``--agent``):

- ``random``: riichienv's own ``riichienv.agents.RandomAgent``, a uniform choice among the legal
  actions. Its hands almost never win, so its games are mostly exhaustive draws.
- ``greedy`` (default): a small policy written here on riichienv's own ``calculate_shanten``: it wins
  whenever it may, declares riichi whenever it may, discards a tile that keeps shanten lowest (ties
  by chance), and calls, kans and aborts (kyuushu kyuuhai) at random now and then, so that the logs
  hold wins (a double ron now and then), riichi, calls and kans. Abortive draws stay rare.

Everything follows from ``--seed``: game ``i`` (from 0) deals the wall of riichienv seed
``seed * 1000 + i`` and its agents draw from random generators seeded from the same numbers, so the
same command writes the same files; ``--only 3,759`` writes just those games of the run. The sample games of the tests (``tests/data/riichienv/``) are::

    python tools/riichienv_games.py --games 3 --seed 1 --out tests/data/riichienv
    python tools/riichienv_games.py --games 2 --seed 7 --out tests/data/riichienv   # g1 has a double ron
    python tools/riichienv_games.py --games 1 --seed 1 --agent random --out tests/data/riichienv
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

GAME_MODE = "4p-red-half"
AGENTS = ("greedy", "random")
# How often the greedy agent takes an offered call, kan or abortive draw (it always wins and riichis).
CALL_RATE = 0.25
KAN_RATE = 0.6
KYUSHU_RATE = 0.5


def _riichienv() -> Any:
    try:
        import riichienv
    except ImportError:
        sys.exit("riichienv is not installed: pip install riichienv==0.4.11")
    return riichienv


class GreedyAgent:
    """Wins and riichis whenever it may, discards to the lowest shanten, calls now and then."""

    def __init__(self, seed: int) -> None:
        rv = _riichienv()
        self._rng = random.Random(seed)
        self._shanten: Callable[[list[int]], int] = rv.calculate_shanten
        kinds = rv.ActionType
        self._wins = {int(kinds.TSUMO), int(kinds.RON)}
        self._riichi = int(kinds.RIICHI)
        self._discard = int(kinds.DISCARD)
        self._calls = {int(kinds.CHI), int(kinds.PON)}
        self._kans = {int(kinds.DAIMINKAN), int(kinds.ANKAN), int(kinds.KAKAN)}
        self._kyushu = int(kinds.KYUSHU_KYUHAI)
        self._pass = int(kinds.PASS)

    def act(self, obs: Any) -> Any:
        legal = obs.legal_actions()
        by_kind: dict[int, list[Any]] = {}
        for action in legal:
            by_kind.setdefault(int(action.action_type), []).append(action)
        for kind in self._wins:
            if kind in by_kind:
                return by_kind[kind][0]
        if self._riichi in by_kind:
            return by_kind[self._riichi][0]
        if self._kyushu in by_kind and self._rng.random() < KYUSHU_RATE:
            return by_kind[self._kyushu][0]
        kans = [a for kind in sorted(self._kans) for a in by_kind.get(kind, ())]
        if kans and self._rng.random() < KAN_RATE:
            return self._rng.choice(kans)
        calls = [a for kind in sorted(self._calls) for a in by_kind.get(kind, ())]
        if calls and self._rng.random() < CALL_RATE:
            return self._rng.choice(calls)
        if self._discard in by_kind:
            return self._best_discard(list(obs.hand), by_kind[self._discard])
        if self._pass in by_kind:
            return by_kind[self._pass][0]
        return self._rng.choice(legal)

    def _best_discard(self, hand: list[int], discards: list[Any]) -> Any:
        best: list[Any] = []
        best_shanten = 99
        for action in discards:
            rest = list(hand)
            if action.tile in rest:
                rest.remove(action.tile)
            shanten = self._shanten(rest)
            if shanten < best_shanten:
                best, best_shanten = [action], shanten
            elif shanten == best_shanten:
                best.append(action)
        return self._rng.choice(best or discards)


def play_game(seed: int, agent: str = "greedy") -> list[dict[str, Any]]:
    """One hanchan of four ``agent`` players on the wall of riichienv ``seed``: its mjai events."""
    rv = _riichienv()
    env = rv.RiichiEnv(game_mode=GAME_MODE, rule=rv.GameRule.default_tenhou(), seed=seed)
    if agent == "random":
        from riichienv.agents import RandomAgent

        players: list[Any] = [RandomAgent(seed=seed * 4 + seat) for seat in range(4)]
    elif agent == "greedy":
        players = [GreedyAgent(seed * 4 + seat) for seat in range(4)]
    else:
        raise ValueError(f"unknown agent {agent!r} (one of {', '.join(AGENTS)})")
    observations = env.reset()
    steps = 0
    while not env.done():
        observations = env.step({seat: players[seat].act(obs) for seat, obs in observations.items()})
        steps += 1
        if steps > 100_000:
            raise RuntimeError(f"game of seed {seed} did not end after {steps} steps")
    return [dict(event) for event in env.mjai_log]


def write_games(
    out: Path, games: int, seed: int, agent: str = "greedy", only: Sequence[int] | None = None
) -> list[Path]:
    """Play ``games`` hanchan from ``seed`` (or only the games numbered ``only``, each the same game as
    in a longer run) and write one mjai ``.jsonl`` file each under ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for index in range(games) if only is None else only:
        events = play_game(seed * 1000 + index, agent)
        path = out / f"riichienv-{agent}-s{seed}-g{index}.jsonl"
        text = "".join(json.dumps(event, separators=(",", ":"), ensure_ascii=False) + "\n" for event in events)
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def _numbers(text: str) -> list[int]:
    try:
        numbers = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"game numbers separated by commas, such as 3,759, not {text!r}") from None
    if any(number < 0 for number in numbers):
        raise argparse.ArgumentTypeError("game numbers start at 0")
    return numbers


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=1, help="number of hanchan (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the walls and the agents (default 0)")
    parser.add_argument("--out", type=Path, required=True, help="directory of the .jsonl files")
    parser.add_argument("--agent", choices=AGENTS, default="greedy", help="the four players (default greedy)")
    parser.add_argument(
        "--only", type=_numbers, help="only these games, numbered from 0 as in a longer run (e.g. 3,759); not --games"
    )
    args = parser.parse_args(argv)
    if args.games < 0:
        parser.error("--games must be 0 or more")
    for path in write_games(args.out, args.games, args.seed, args.agent, args.only):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
