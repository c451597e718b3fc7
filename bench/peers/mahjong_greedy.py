"""The greedy Riichi player every Riichi AI starts from, on the PyPI ``mahjong`` package's shanten.

It wins whenever it may, declares riichi whenever it may, never calls, never folds, and discards the
tile that leaves the lowest shanten and then the most unseen tiles that lower it further. Nothing of
Sparrow's players is used: its shanten and acceptance are the ``mahjong`` package's. It sits at the
one table as a Python agent (``module:Class``, docs/agents.md):

    PYTHONPATH=bench .venv/bin/sparrow simulate -r riichi \\
        -p expert,peers.mahjong_greedy:MahjongGreedy,peers.mahjong_greedy:MahjongGreedy,peers.mahjong_greedy:MahjongGreedy \\
        -n 1600 --duplicate --seed 21

``bench/riichi_agreement.py`` asks the same player for its discard.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjong.shanten import Shanten

from sparrow.core.tiles import Tile
from sparrow.game.actions import Action, ActionKind
from sparrow.game.views import Observation

__all__ = ["MahjongGreedy"]


def _seen(observation: Observation) -> list[int]:
    """Copies of each kind in view of the seat: its hand, every river and set, the dora indicators."""
    seen = [0] * 34
    for tile in observation.hand:
        seen[int(tile)] += 1
    for river in observation.discards.values():
        for tile in river:
            seen[int(tile)] += 1
    for melds in observation.melds.values():
        for meld in melds:
            for tile in meld.tiles:
                seen[int(tile)] += 1
    family: Any = observation.family
    for name in getattr(family, "dora_indicators", ()):
        seen[int(Tile.parse(name.replace("0", "5")))] += 1
    return [min(count, 4) for count in seen]


def _candidates(counts: Sequence[int]) -> list[int]:
    """The kinds a draw could lower the shanten with. A closed hand: every kind (seven pairs wants any
    new kind while it holds too few). An open one: within two of a held tile of its suit, and every
    terminal and honour; a tile far from the hand cannot help its sets."""
    if sum(counts) >= 13:
        return list(range(34))
    near = set(range(27, 34)) | {base + rank for base in (0, 9, 18) for rank in (0, 8)}
    for kind in range(34):
        if counts[kind]:
            if kind >= 27:
                near.add(kind)
                continue
            base, rank = kind - kind % 9, kind % 9
            near.update(base + r for r in range(max(0, rank - 2), min(8, rank + 2) + 1))
    return sorted(near)


class MahjongGreedy:
    """Shanten and acceptance from the ``mahjong`` package; wins and riichi whenever it may."""

    def __init__(self) -> None:
        self.shanten = Shanten()

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        for action in legal:
            if action.kind is ActionKind.WIN:
                return action
        discards = [action for action in legal if action.kind is ActionKind.DISCARD]
        if not discards:
            passing = [action for action in legal if action.kind is ActionKind.PASS]
            return passing[0] if passing else legal[0]
        return self.discard(observation, discards)

    def _lowers(self, counts: list[int], kind: int, now: int) -> bool:
        counts[kind] += 1
        lower = self.shanten.calculate_shanten(counts) < now
        counts[kind] -= 1
        return lower

    def discard(self, observation: Observation, discards: Sequence[Action]) -> Action:
        """The discard leaving the lowest shanten, then the most unseen tiles lowering it; riichi
        declared with it when the table allows."""
        counts = [0] * 34
        for tile in observation.hand:
            counts[int(tile)] += 1
        seen = _seen(observation)
        # Each kind once (a plain five before the red; riichi is chosen below), by the shanten its
        # discard leaves; acceptance is counted only for those that leave the lowest.
        plain = {action.tile for action in discards if not action.red}
        shanten_after: dict[int, int] = {}
        firsts: list[Action] = []
        for action in discards:
            kind = int(action.tile)  # type: ignore[arg-type]
            if action.riichi or (action.red and action.tile in plain) or kind in shanten_after:
                continue
            counts[kind] -= 1
            shanten_after[kind] = self.shanten.calculate_shanten(counts)
            counts[kind] += 1
            firsts.append(action)
        lowest = min(shanten_after.values())
        best: int | None = None
        choice = firsts[0]
        for action in firsts:
            kind = int(action.tile)  # type: ignore[arg-type]
            if shanten_after[kind] != lowest:
                continue
            counts[kind] -= 1
            accepted = sum(
                max(0, 4 - seen[other])
                for other in _candidates(counts)
                if counts[other] < 4 and self._lowers(counts, other, lowest)
            )
            counts[kind] += 1
            if best is None or accepted > best:
                best, choice = accepted, action
        declaring = [a for a in discards if a.riichi and a.tile == choice.tile and a.red == choice.red]
        return declaring[0] if declaring else choice
