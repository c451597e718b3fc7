"""The rewards of the environments: the settlement (each hand's payments, the default) or the
placement at the end of the episode (``reward="placement"``).

The placement reward is the family's own final result where its match settles one (``final()``:
Riichi's place, points and result with uma and oka, in thousands of points); for the other families
it is a fixed uma by place (:data:`PLACEMENT_UMA`) over the match's running totals, players with the
same total sharing the uma of the places they hold (so the rewards always add up to zero).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sparrow.game import MatchFace

__all__ = ["REWARDS", "PLACEMENT_UMA", "placement_rewards", "places"]

REWARDS = ("settlement", "placement")
# The uma by place, first to last, at a table of four and of three (in the units of Riichi's result:
# thousands of points), for the families whose match settles no final result of its own.
PLACEMENT_UMA: Mapping[int, tuple[float, ...]] = {4: (30.0, 10.0, -10.0, -30.0), 3: (20.0, 0.0, -20.0)}


def _final(match: MatchFace) -> Mapping[str, Any] | None:
    """The match's own final results by player (place, points, result), where it settles them."""
    final = getattr(match, "final", None)
    return final() if callable(final) else None


def placement_rewards(match: MatchFace) -> dict[str, float]:
    """Each player's placement reward for the match as it stands (the end of an episode): its own
    ``final()`` result where the match has one, else the uma of its place by the running totals
    (ties share the uma of their places)."""
    final = _final(match)
    if final is not None:
        return {player: float(result.result) for player, result in final.items()}
    totals = match.totals
    uma = PLACEMENT_UMA[len(match.players)]
    ordered = sorted(match.players, key=lambda player: -totals[player])
    rewards: dict[str, float] = {}
    start = 0
    while start < len(ordered):
        end = start
        while end < len(ordered) and totals[ordered[end]] == totals[ordered[start]]:
            end += 1
        share = sum(uma[start:end]) / (end - start)
        for player in ordered[start:end]:
            rewards[player] = share
        start = end
    return rewards


def places(match: MatchFace) -> dict[str, int]:
    """Each player's place (1 first): the match's own where it settles one (Riichi breaks ties by
    the seating), else 1 + the number of players with a higher running total."""
    final = _final(match)
    if final is not None:
        return {player: int(result.place) for player, result in final.items()}
    totals = match.totals
    return {player: 1 + sum(1 for other in match.players if totals[other] > totals[player]) for player in match.players}
