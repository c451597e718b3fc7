"""What a hint may tell a player of their own hand: what a win on a tile would score, and which waits
can win at all. Shared by the terminal's hints and the web table's, so that neither calls a hand ready
on a wait that cannot reach the family's minimum."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparrow.core.situation import HandSituation
from sparrow.core.tiles import Tile
from sparrow.game.state import Observation
from sparrow.rules import get_ruleset

__all__ = ["would_score", "winning_waits"]


def would_score(observation: Observation, concealed: Sequence[Tile], tile: Tile) -> dict[str, Any]:
    """What a win on ``tile`` with these standing tiles would score, on a discard and self-drawn:
    ``{"discard": {"valid", "total", "reason"}, "self_draw": {...}}``. Made from the seat's own
    observation (its sets, bonus tiles, winds and options) only."""
    ruleset = get_ruleset(observation.rules)
    seat = observation.seat
    answer: dict[str, Any] = {}
    for win_by in ("discard", "self_draw"):
        situation = HandSituation(
            rules=observation.rules,
            concealed=tuple(concealed),
            melds=tuple(observation.melds[seat]),
            winning_tile=tile,
            win_by=win_by,
            seat_wind=seat,
            round_wind=observation.round_wind,
            bonus=tuple(sorted(observation.bonus[seat])),
            options=dict(observation.options),
        )
        try:
            result = ruleset.score(situation)
        except (ValueError, NotImplementedError) as error:
            answer[win_by] = {"valid": False, "total": 0, "reason": str(error)}
            continue
        answer[win_by] = {"valid": result.valid, "total": result.total, "reason": result.reason}
    return answer


def winning_waits(observation: Observation, counts: Sequence[int], waits: Sequence[Tile]) -> list[Tile]:
    """The waits of a 13-tile hand (``counts``, 34 counts) on which a win would be legal, on a discard
    or self-drawn: a wait short of the minimum is a shape, not a chance to win."""
    concealed = [Tile(kind) for kind in range(34) for _ in range(counts[kind])]
    return [
        tile
        for tile in waits
        if any(verdict["valid"] for verdict in would_score(observation, concealed, tile).values())
    ]
