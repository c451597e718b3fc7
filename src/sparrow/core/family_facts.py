"""The facts of a hand situation that only some families have, and red fives in the notation.

The hand-situation contract (``docs/spec/hand-situation.md``) names the fields every family
reads. Riichi needs a few more: the dora indicators turned over (``dora``, and ``ura_dora`` under a
riichi), the honba and riichi sticks on the table, the moments ``riichi``, ``double_riichi`` and
``ippatsu``, and red fives, written ``0m``, ``0p`` or ``0s`` as Tenhou and Mahjong Soul write them.
They are allowed only when the situation names a family that reads them, so a misspelt field or a red
five under any other family is still an error. The family says what they mean; here they are only read.

A family may also mean something else by a moment the contract names: Riichi's ``earthly`` is chiihou
or renhou (:data:`FAMILY_EARTHLY`). Such differences are data here, keyed by the family's name, so that
``core.situation`` checks every family with one rule and never asks which family it has.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sparrow.core.messages import quote
from sparrow.core.tiles import Tile, TileError, format_tiles, format_tiles_in_order, parse_tiles

__all__ = [
    "EarthlyRule",
    "FAMILY_EARTHLY",
    "FAMILY_FIELDS",
    "FAMILY_MOMENTS",
    "RED_FIVE_FAMILIES",
    "SUIT_NAMES",
    "read_facts",
    "without_red_fives",
    "with_red_fives",
    "facts_to_dict",
    "red_five_places",
]

# Fields of a situation beyond the contract's, by the family that reads them.
FAMILY_FIELDS: Mapping[str, frozenset[str]] = {"riichi": frozenset({"dora", "ura_dora", "honba", "riichi_sticks"})}
# A family's own list of moments, where it is not the contract's.
FAMILY_MOMENTS: Mapping[str, tuple[str, ...]] = {
    "riichi": ("riichi", "double_riichi", "ippatsu", "last_tile", "heavenly", "earthly")
}
RED_FIVE_FAMILIES = frozenset({"riichi"})  # families whose notation has 0 for a red five


@dataclass(frozen=True, slots=True)
class EarthlyRule:
    """When the moment ``earthly`` is possible: always for a non-dealer only, and then won in one of
    ``win_by``, with no set declared if ``no_melds``; ``message`` refuses any other (a catalogue text,
    listed in ``i18n/terms.py``)."""

    win_by: frozenset[str]
    no_melds: bool
    message: str


# A family's own ``earthly``, where it is not the contract's (``core.situation.EARTHLY``). Riichi's is
# chiihou, a non-dealer's tsumo on the first draw, as well as renhou, a ron before it; either one is lost
# to any call, the player's own closed kan included.
FAMILY_EARTHLY: Mapping[str, EarthlyRule] = {
    "riichi": EarthlyRule(
        frozenset({"discard", "self_draw"}),
        True,
        "earthly is a non-dealer's win on the first draw (chiihou) or before it (renhou), with no calls",
    )
}
SUIT_NAMES = {"m": "characters", "p": "circles", "s": "bamboo"}
_GROUP = re.compile(r"([0-9]+)([A-Za-z])")
_MAX_COUNT = 1000  # honba or riichi sticks: far beyond any table, keeps absurd numbers out


class _FactError(ValueError):
    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


def without_red_fives(text: str, name: str) -> tuple[str, str]:
    """The notation with each red five (``0``) written as its five, and the suits of the red fives
    (``"0p34m0s"`` -> ``("5p34m5s", "ps")``). A ``0`` of honours or flowers is an error naming ``name``;
    a ``0`` with no suit letter is left for the tile reader to report."""
    if "0" not in text:
        return text, ""
    suits: list[str] = []

    def five(match: re.Match[str]) -> str:
        digits, letter = match.groups()
        zeros = digits.count("0")
        if zeros:
            if letter not in SUIT_NAMES:
                raise _FactError(name, f"0 is a red five, which only m, p and s have, got {quote(match.group(0))}")
            suits.extend(letter * zeros)
        return digits.replace("0", "5") + letter

    return _GROUP.sub(five, text), "".join(suits)


def with_red_fives(tiles: tuple[Tile, ...], suits: str) -> str:
    """The canonical notation of ``tiles`` with a ``0`` for each red five: the first fives of each suit
    in ``suits`` (``with_red_fives(345p, "p")`` is ``340p``)."""
    text = format_tiles(tiles)
    for suit in suits:
        # The suit's group is the digits right before its letter; its first 5 turns red.
        match = re.search(rf"[0-9]*5[0-9]*{suit}", text)
        if match is not None:
            group = match.group(0)
            text = text.replace(group, group.replace("5", "0", 1), 1)
    return text


def _indicators(data: Mapping[str, Any], name: str) -> tuple[Tile, ...]:
    value = data.get(name)
    if value is None or value == "":
        return ()
    if not isinstance(value, str):
        raise _FactError(name, f"must be tiles in notation (the indicators turned over), got {quote(value)}")
    text, _ = without_red_fives(value, name)
    try:
        tiles = tuple(parse_tiles(text, as_set=False))
    except TileError as error:
        raise _FactError(name, str(error)) from None
    if any(tile >= 34 for tile in tiles):
        raise _FactError(name, "a flower or season is not a tile of the riichi set, so it cannot be an indicator")
    if len(tiles) > 5:
        raise _FactError(name, f"at most 5 indicators are turned over (one and four kan dora), got {len(tiles)}")
    return tiles


def _count(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name)
    if value is None:
        return 0
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= _MAX_COUNT:
        raise _FactError(name, f"must be a whole number from 0 to {_MAX_COUNT}, got {quote(value)}")
    return value


def read_facts(rules: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """The family's own facts of a situation's JSON form (raises ``ValueError`` with ``.field``):
    only those given, so a situation without them has none."""
    if rules not in FAMILY_FIELDS:
        return {}
    facts: dict[str, Any] = {}
    for name in ("dora", "ura_dora"):
        tiles = _indicators(data, name)
        if tiles:
            facts[name] = tiles
    for name in ("honba", "riichi_sticks"):
        count = _count(data, name)
        if count:
            facts[name] = count
    return facts


def facts_to_dict(facts: Mapping[str, Any]) -> dict[str, Any]:
    """The facts as the situation's JSON form writes them (red fives are in the tiles)."""
    data: dict[str, Any] = {}
    for name in ("dora", "ura_dora"):
        if facts.get(name):
            data[name] = format_tiles_in_order(facts[name])
    for name in ("honba", "riichi_sticks"):
        if facts.get(name):
            data[name] = facts[name]
    return data


def red_five_places(data: Mapping[str, Any]) -> tuple[dict[str, Any], tuple[tuple[str, str], ...]]:
    """The situation's JSON form with its red fives written as fives, and where they were: pairs of
    (``concealed``, ``winning_tile`` or ``melds[i]``, the suits). One red five a suit at most (the
    riichi set has one each of characters, circles and bamboo)."""
    places: list[tuple[str, str]] = []
    copy = dict(data)
    for name in ("concealed", "winning_tile"):
        value = data.get(name)
        if isinstance(value, str) and "0" in value:
            copy[name], suits = without_red_fives(value, name)
            if suits:
                places.append((name, suits))
    melds = data.get("melds")
    if isinstance(melds, list) and any(isinstance(m, Mapping) and "0" in str(m.get("tiles", "")) for m in melds):
        new_melds = []
        for index, meld in enumerate(melds):
            tiles = meld.get("tiles") if isinstance(meld, Mapping) else None
            if isinstance(tiles, str) and "0" in tiles:
                text, suits = without_red_fives(tiles, f"melds[{index}].tiles")
                meld = {**meld, "tiles": text}
                if suits:
                    places.append((f"melds[{index}]", suits))
            new_melds.append(meld)
        copy["melds"] = new_melds
    seen: dict[str, str] = {}
    for name, suits in places:
        for suit in suits:
            if suit in seen:
                where = name if seen[suit] == name else f"{seen[suit]}, {name}"
                raise _FactError(
                    name,
                    f"two red fives of {SUIT_NAMES[suit]} ({where}): the set has one red five in each of m, p and s",
                )
            seen[suit] = name
    return copy, tuple(places)
