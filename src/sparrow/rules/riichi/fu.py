"""The fu of one reading of a regular hand (four sets and a pair), line by line.

The scorer counts fu on every reading in a few integer steps (:func:`set_fu`, :func:`pair_fu`,
:func:`wait_of`); :func:`fu_lines` writes the chosen reading's count as score card lines, from the same
helpers, and the lines add up to the total it returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from sparrow.core.tiles import Tile
from sparrow.rules.riichi.yaku import FU_ROWS
from sparrow.rules.ruleset import ScoreItem

__all__ = ["ORPHAN", "set_fu", "pair_fu", "wait_of", "fu_lines", "round_fu", "WAIT_FU"]

ORPHAN: Final[tuple[bool, ...]] = tuple(t >= 27 or t % 9 in (0, 8) for t in range(34))

# The waits, as the card and the reading's shape name them (Final: the compiled code inlines them).
RYANMEN: Final = "ryanmen"
KANCHAN: Final = "kanchan"
PENCHAN: Final = "penchan"
TANKI: Final = "tanki"
SHANPON: Final = "shanpon"
WAIT_FU: Final = {RYANMEN: 0, SHANPON: 0, KANCHAN: 2, PENCHAN: 2, TANKI: 2}


def set_fu(tile: int, concealed: bool, kan: bool) -> int:
    """A pung 2, a kan 8; doubled when concealed, doubled again for terminals and honours."""
    fu = 8 if kan else 2
    if concealed:
        fu *= 2
    if ORPHAN[tile]:
        fu *= 2
    return fu


def pair_fu(tile: int, seat: int, round_: int, double_wind: int) -> int:
    if tile >= 31:
        return 2
    if tile == seat:
        return double_wind if tile == round_ else 2
    return 2 if tile == round_ else 0


def wait_of(chow: int, tile: int) -> str:
    """The wait a chow starting at ``chow`` had before ``tile`` completed it."""
    if tile == chow + 1:
        return KANCHAN
    if (tile == chow + 2 and chow % 9 == 0) or (tile == chow and chow % 9 == 6):
        return PENCHAN
    return RYANMEN


def round_fu(fu: int) -> int:
    return -(-fu // 10) * 10


def fu_lines(
    pungs: Sequence[tuple[int, bool, bool]],
    pair: int,
    wait: str,
    closed: bool,
    tsumo: bool,
    seat: int,
    round_: int,
    double_wind: int,
) -> tuple[tuple[ScoreItem, ...], int]:
    """The score card lines of a reading's fu and the rounded total. ``pungs``: (tile, concealed,
    kan) for every pung and kan, the one a ron completed already counted as open. (A pinfu
    reading has no lines but the base and the closed ron: the scorer writes those itself.)"""
    lines = [FU_ROWS["base"].item()]
    total = 20
    if closed and not tsumo:
        lines.append(FU_ROWS["menzen_ron"].item())
        total += 10
    if tsumo:
        lines.append(FU_ROWS["tsumo"].item())
        total += 2
    for tile, concealed, kan in pungs:
        fu = set_fu(tile, concealed, kan)
        if kan:
            kind = "Closed kan" if concealed else "Open kan"
        else:
            kind = "Concealed pung" if concealed else "Open pung"
        lines.append(ScoreItem(f"{kind} of {Tile(tile).name}", "fu", fu))
        total += fu
    fu = pair_fu(pair, seat, round_, double_wind)
    if fu:
        lines.append(ScoreItem(f"Pair of {Tile(pair).name}", "fu", fu))
        total += fu
    if WAIT_FU[wait]:
        lines.append(FU_ROWS["wait"].item(wait=wait.capitalize()))
        total += WAIT_FU[wait]
    if not closed and total == 20:
        lines.append(FU_ROWS["open_pinfu"].item())
        total = 30
    rounded = round_fu(total)
    if rounded != total:
        lines.append(ScoreItem(FU_ROWS["rounding"].name, "fu", rounded - total))
    return tuple(lines), rounded
