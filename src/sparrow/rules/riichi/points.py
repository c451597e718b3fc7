"""From han and fu to points: base points, the limits, and who pays the winner how much."""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from sparrow.rules.riichi.hand import RiichiOptions

__all__ = ["Payments", "base_points", "hand_points", "payments", "round_up"]

MANGAN: Final = 2000
YAKUMAN: Final = 8000


def round_up(points: int) -> int:
    """Up to the next 100."""
    return -(-points // 100) * 100


def base_points(han: int, fu: int, yakuman: int, options: RiichiOptions) -> tuple[int, str | None]:
    """The base points and the limit reached (None below mangan). ``yakuman`` counts the yakuman."""
    if yakuman:
        return YAKUMAN * yakuman, "yakuman" if yakuman == 1 else f"{yakuman}x yakuman"
    if han >= 13:
        return (YAKUMAN, "kazoe yakuman") if options.kazoe_yakuman else (6000, "sanbaiman")
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han == 5:
        return MANGAN, "mangan"
    base = fu << (han + 2)
    if base > MANGAN:
        return MANGAN, "mangan"
    if options.kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
        return MANGAN, "mangan"
    return base, None


def hand_points(base: int, dealer: bool, tsumo: bool) -> int:
    """What the hand is worth to the winner, before honba and riichi sticks."""
    if not tsumo:
        return round_up(base * (6 if dealer else 4))
    if dealer:
        return 3 * round_up(2 * base)
    return round_up(2 * base) + 2 * round_up(base)


class Payments(NamedTuple):
    """Who pays: on ron only ``ron`` (the discarder), on tsumo ``dealer`` (0 when the winner deals)
    and ``non_dealer`` (each). Honba are included (300 a stick: 100 from each payer on tsumo);
    ``riichi_sticks`` are the 1,000-point sticks on the table, and ``total`` all the winner gains.
    (A named tuple, not a dataclass: one is made for every hand scored, and a tuple is made fastest.)"""

    ron: int
    dealer: int
    non_dealer: int
    honba: int
    riichi_sticks: int
    total: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "ron": self.ron,
            "dealer": self.dealer,
            "non_dealer": self.non_dealer,
            "honba": self.honba,
            "riichi_sticks": self.riichi_sticks,
            "total": self.total,
        }


def payments(base: int, dealer: bool, tsumo: bool, honba: int, riichi_sticks: int) -> Payments:
    # tuple.__new__: the named tuple's own __new__ is a Python function, slower to call from compiled code.
    sticks = 1000 * riichi_sticks
    if not tsumo:
        ron = round_up(base * (6 if dealer else 4)) + 300 * honba
        return tuple.__new__(Payments, (ron, 0, 0, 300 * honba, sticks, ron + sticks))
    if dealer:
        each = round_up(2 * base) + 100 * honba
        return tuple.__new__(Payments, (0, 0, each, 300 * honba, sticks, 3 * each + sticks))
    from_dealer = round_up(2 * base) + 100 * honba
    each = round_up(base) + 100 * honba
    return tuple.__new__(Payments, (0, from_dealer, each, 300 * honba, sticks, from_dealer + 2 * each + sticks))
