"""The Riichi computer players measured in duplicate: each level against three of another, and Normal
against an outside greedy bot built on the ``mahjong`` package's shanten.

Duplicate: every seed deals the same wall four times, the player measured sitting in each seat in
turn and the same opponents in the other three, so the luck of the tiles cancels; a seed's figure
is the mean of the measured player's four payments (points won or lost in that one hand, honba and
sticks included). The interval is mean ± 1.96 standard errors over the seeds: a level is stronger
when the interval excludes zero.

The outside bot (``greedy``) is the acceptance-style player every Riichi AI starts from, written on
the PyPI ``mahjong`` package (``mahjong.shanten.Shanten``) and nothing of Sparrow's players: it wins
whenever it may, declares riichi whenever it may, never calls and never folds, and discards the tile
that leaves the lowest shanten and then the most unseen tiles that lower it further.

    .venv/bin/python bench/riichi_strength.py                 # 300 seeds (1,200 hands a pairing)
    .venv/bin/python bench/riichi_strength.py --seeds 50
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _common import describe_machine, positive_int  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402

from sparrow.bots.riichi import RiichiBot  # noqa: E402
from sparrow.core.tiles import SEATS  # noqa: E402
from sparrow.game.riichi import RiichiAction, RiichiActionKind, RiichiHandState, observation  # noqa: E402
from sparrow.game.riichi.tiles import face_kind, parse_face  # noqa: E402

Player = Callable[[Mapping[str, Any], Sequence[RiichiAction]], RiichiAction]


class Greedy:
    """The outside bot: shanten and acceptance from the ``mahjong`` package alone."""

    def __init__(self) -> None:
        self.shanten = Shanten()

    def _counts(self, names: Sequence[str]) -> list[int]:
        counts = [0] * 34
        for name in names:
            counts[int(face_kind(parse_face(name)))] += 1
        return counts

    def act(self, seen: Mapping[str, Any], legal: Sequence[RiichiAction]) -> RiichiAction:
        kinds = {action.kind: action for action in legal}
        for winning in (RiichiActionKind.TSUMO, RiichiActionKind.RON):
            if winning in kinds:
                return kinds[winning]
        discards = [a for a in legal if a.kind is RiichiActionKind.DISCARD]
        if not discards:
            return kinds.get(RiichiActionKind.PASS, legal[0])
        me = seen["seats"][seen["seat"]]
        hand = list(seen["hand"])
        if seen.get("drawn") and len(hand) + 3 * len(me["melds"]) == 13:
            hand.append(seen["drawn"])
        counts = self._counts(hand)
        visible = list(counts)
        for other in seen["seats"]:
            for item in other["discards"]:
                visible[int(face_kind(parse_face(item["tile"])))] += 1
        best: tuple[int, int] | None = None
        choice = discards[0]
        for action in discards:
            tile = int(face_kind(action.tile))  # type: ignore[arg-type]
            counts[tile] -= 1
            after = self.shanten.calculate_shanten(counts)
            accepted = 0
            for draw in range(34):
                if counts[draw] < 4:
                    counts[draw] += 1
                    if self.shanten.calculate_shanten(counts) < after:
                        accepted += max(0, 4 - visible[draw])
                    counts[draw] -= 1
            counts[tile] += 1
            key = (after, -accepted)
            if best is None or key < best or (key == best and action.riichi):
                best, choice = key, action
        return choice


def play(seed: int, players: Sequence[Player]) -> dict[str, int]:
    state = RiichiHandState(seed)
    while not state.over:
        seat = state.to_act[0]
        state.apply(players[seat](observation(state, seat), state.legal_actions(seat)))
    return state.events[-1]["payments"]


def duel(measured: Callable[[int], Player], others: Callable[[int], Player], seeds: int) -> tuple[float, float]:
    figures = []
    for seed in range(seeds):
        total = 0
        for seat in range(4):
            players = [measured(seed * 4 + s) if s == seat else others(seed * 4 + s) for s in range(4)]
            total += play(seed, players)[SEATS[seat]]
        figures.append(total / 4)
    return statistics.mean(figures), 1.96 * statistics.stdev(figures) / math.sqrt(len(figures))


def level(name: str) -> Callable[[int], Player]:
    return lambda seed: RiichiBot(name, seed).act


def greedy(_seed: int) -> Player:
    return Greedy().act


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=positive_int, default=300, help="walls dealt, each four times (300)")
    options = parser.parse_args()
    machine = describe_machine(None)
    print(f"Python {machine['python']} on {machine['processor']}, {options.seeds} seeds x 4 seats a pairing")
    pairings = [
        ("normal", level("normal"), "easy", level("easy")),
        ("expert", level("expert"), "normal", level("normal")),
        ("normal", level("normal"), "greedy (mahjong package)", greedy),
        ("greedy (mahjong package)", greedy, "normal", level("normal")),
    ]
    for name, measured, against, others in pairings:
        began = time.perf_counter()
        mean, half = duel(measured, others, options.seeds)
        verdict = "stronger" if mean - half > 0 else "weaker" if mean + half < 0 else "not told apart"
        print(
            f"  {name:>26} vs 3 {against:<26} {mean:+7.0f} ± {half:4.0f} points a hand  ({verdict}; "
            f"{time.perf_counter() - began:.0f} s)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
