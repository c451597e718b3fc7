"""A greedy player for every family, on the compiled ``cmajiang`` package's shanten (``xiangting``).

It takes a legal win (the table offers a win only when the family's minimum is met), never claims,
and otherwise discards the tile whose discard leaves the lowest shanten by cmajiang (the first such
tile). Nothing of Sparrow's players is used. It sits at the one table as a Python agent
(``module:Class``, docs/agents.md), in any family:

    PYTHONPATH=bench .venv/bin/sparrow simulate -r nts \\
        -p expert,peers.cmajiang_greedy:CmajiangGreedy,peers.cmajiang_greedy:CmajiangGreedy,peers.cmajiang_greedy:CmajiangGreedy \\
        -n 8000 --duplicate

``bench/strength.py`` times the same player against Normal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sparrow.game.actions import Action, ActionKind
from sparrow.game.views import Observation

__all__ = ["CmajiangGreedy", "majiang_counts", "majiang_hand"]

_NAMES = tuple(f"{'mpsz'[k // 9]}{k % 9 + 1}" for k in range(34))


def majiang_hand(tiles: Iterable[Any]) -> str:
    """A hand in cmajiang's notation, suit letter first (``m123p456z11``)."""
    counts = [0] * 34
    for tile in tiles:
        counts[int(tile)] += 1
    return majiang_counts(counts)


def majiang_counts(counts: Sequence[int]) -> str:
    """34 kind counts in cmajiang's notation (``m123p456s789z1122``)."""
    parts = []
    for letter, start, size in (("m", 0, 9), ("p", 9, 9), ("s", 18, 9), ("z", 27, 7)):
        digits = "".join(str(rank + 1) * counts[start + rank] for rank in range(size))
        if digits:
            parts.append(letter + digits)
    return "".join(parts)


class CmajiangGreedy:
    """Takes a legal win, never claims, discards for the lowest shanten by cmajiang's ``xiangting``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        import cmajiang

        self._cmajiang = cmajiang

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        discards = []
        for action in legal:
            if action.kind is ActionKind.WIN:
                return action
            if action.kind is ActionKind.DISCARD and not getattr(action, "riichi", False):
                discards.append(action)
        if not discards:
            return next((a for a in legal if a.kind is ActionKind.PASS), legal[-1])
        cmajiang = self._cmajiang
        hand = cmajiang.Shoupai(majiang_hand(observation.hand))
        best, best_shanten = discards[0], 99
        for action in discards:
            trial = hand.clone()
            trial.dapai(_NAMES[int(action.tile)])  # type: ignore[arg-type]
            value = cmajiang.xiangting(trial)
            if value < best_shanten:
                best, best_shanten = action, value
        return best
