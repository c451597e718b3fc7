"""The sheet's standings: places, totals, mahjongs, deal-ins, games won, and NTS table points.

Players are ranked by total points, ties broken by most mahjongs, then fewest deal-ins: the Dutch
club convention (docs/rules/nts.md). Players still level after that share the place. An NTS
session also gives table points by place, 4 / 2 / 1 / ½; players sharing a place share the table
points of the places they cover equally (two level in first place get (4 + 2) / 2 = 3 each).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = ["Standing", "standings", "TABLE_POINTS"]

TABLE_POINTS: tuple[Fraction, ...] = (Fraction(4), Fraction(2), Fraction(1), Fraction(1, 2))


@dataclass(frozen=True, slots=True)
class Standing:
    player: str
    place: int  # 1 = first; players level on every tie-break share a place
    total: int
    mahjongs: int  # hands won
    deal_ins: int | None  # winning discards thrown; None where the sheet does not know (free sheets)
    games_won: int  # 1 for the player(s) in first place once the match is over, else 0
    table_points: Fraction | None  # NTS only

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "place": self.place,
            "total": self.total,
            "games_won": self.games_won,
            "mahjongs": self.mahjongs,
            "deal_ins": self.deal_ins,
            "table_points": _number(self.table_points),
        }


def standings(
    players: Sequence[str],
    totals: Mapping[str, int],
    mahjongs: Mapping[str, int],
    deal_ins: Mapping[str, int] | None,
    *,
    over: bool,
    table_points: bool,
) -> list[Standing]:
    """Every player's standing, best first (players level on everything keep the sheet's order)."""

    def key(name: str) -> tuple[int, int, int]:
        return (-totals[name], -mahjongs[name], deal_ins[name] if deal_ins is not None else 0)

    ordered = sorted(players, key=lambda name: (key(name), players.index(name)))
    result = []
    start = 0
    while start < len(ordered):
        end = start
        while end + 1 < len(ordered) and key(ordered[end + 1]) == key(ordered[start]):
            end += 1
        shared: Fraction | None = None
        if table_points:
            covered = [TABLE_POINTS[i] if i < len(TABLE_POINTS) else Fraction(0) for i in range(start, end + 1)]
            shared = sum(covered, Fraction(0)) / len(covered)
        for name in ordered[start : end + 1]:
            result.append(
                Standing(
                    player=name,
                    place=start + 1,
                    total=totals[name],
                    mahjongs=mahjongs[name],
                    deal_ins=deal_ins[name] if deal_ins is not None else None,
                    games_won=1 if over and start == 0 else 0,
                    table_points=shared,
                )
            )
        start = end + 1
    return result


def _number(value: Fraction | None) -> int | float | None:
    """Table points as JSON numbers: whole points as ints, halves and quarters exactly, a third
    (three level players) to two decimals."""
    if value is None:
        return None
    if value.denominator == 1:
        return int(value)
    return round(float(value), 2)
