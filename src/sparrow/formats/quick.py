"""The quick reading of a batch line: a well-formed hand-situation object read in one pass.

A batch of thousands of hands (``sparrow score --json``) is mostly well-formed lines, and the checks of
:meth:`~sparrow.core.situation.HandSituation.from_dict` cost as much as scoring a hand. The readers here
take the common case fast and answer None at every doubt, so that ``from_dict`` reads the line again and
words the message (``tests/test_quick_reading.py`` holds the two together).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from sparrow.core.family_facts import FAMILY_EARTHLY, FAMILY_FIELDS, FAMILY_MOMENTS, RED_FIVE_FAMILIES
from sparrow.core.hand import Meld, MeldKind
from sparrow.core.situation import (
    EXTRA_FIELDS,
    MAX_TILE_TEXT,
    MELD_FIELDS,
    MOMENTS,
    SELF_DRAWN,
    SITUATION_FIELDS,
    WIN_BY,
    HandSituation,
    SituationError,
    read_meld,
    situation_of,
)
from sparrow.core.tiles import SEATS, Tile

__all__ = ["quick_situation", "quick_situation_from"]

_CACHE_LIMIT = 16_384  # entries of each cache below, emptied when full so that memory stays bounded
_SITUATION_KEYS = SITUATION_FIELDS | EXTRA_FIELDS
_WIN_BY_SET = frozenset(WIN_BY)
_MOMENT_SET = frozenset(MOMENTS)
_NO_MOMENTS: frozenset[str] = frozenset()

# ---------------------------------------------------------------------------- the quick reading of a batch line

# The quick reading counts a hand's tiles in one int, a field of five bits for each of the 42 tiles and the
# number of tiles above them: adding two counts adds the fields, and a field of 5 or more (a fifth copy)
# shows as bit 3 or 4 of the field once 3 is added to every field. Fields cannot overflow into each
# other while the hand has at most 28 tiles, which the number of tiles above them is checked for first.
_BITS = 5
_TOTAL_SHIFT = _BITS * 42
_ADD_THREE = sum(3 << (_BITS * tile) for tile in range(42))
_FIFTH_COPY = sum(0b11000 << (_BITS * tile) for tile in range(42))


def _count_of(tiles: tuple[Tile, ...]) -> int:
    return sum(1 << (_BITS * tile) for tile in tiles) + (len(tiles) << _TOTAL_SHIFT)


# The 34 playing tiles by their one-tile notation, with their count: a winning tile is almost always so.
_PLAYING_TILE: dict[str, tuple[Tile, int]] = {str(tile): (tile, _count_of((tile,))) for tile in Tile._cache[:34]}
_SEAT_SET = frozenset(SEATS)
_MELD_KINDS = frozenset(kind.value for kind in MeldKind)
_QUICK_FIELDS = (
    "rules",
    "options",
    "concealed",
    "melds",
    "winning_tile",
    "win_by",
    "seat_wind",
    "round_wind",
    "bonus",
    "moments",
)
# Notation with the suits in order and each once, as ``format_tiles`` writes it: a group's tiles are kept
# sorted, so its groups' tiles one after the other are the tiles sorted. Any other notation is read group
# by group and sorted. (Checking the digits' order here too made the pattern two and a half times slower.)
_CANONICAL = re.compile(r"([1-9]+m)?([1-9]+p)?([1-9]+s)?([1-7]+z)?([1-8]+f)?")
# Families with facts or moments of their own are left to from_dict: _possible_moments knows only the
# contract's, so a family's own earthly (FAMILY_EARTHLY) must never be judged here.
_OWN_FACTS = frozenset(FAMILY_FIELDS) | frozenset(FAMILY_MOMENTS) | frozenset(FAMILY_EARTHLY) | RED_FIVE_FAMILIES
_GROUP = re.compile(r"[1-9]+[mpszf]")
# A batch repeats few groups of one suit ("111456m"), sets and bonus tiles in its many hands: each is kept
# as read (None: not what the quick reading takes), the caches emptied when full like the ones above.
_group_cache: dict[str, tuple[tuple[Tile, ...], int]] = {}  # tiles sorted, count
_quick_meld_cache: dict[tuple[str, str, bool], tuple[Meld, int, int] | None] = {}  # meld, count, kongs
_bonus_cache: dict[str, tuple[Tile, ...] | None] = {}
_GROUP_CACHE_LIMIT = 1 << 15  # some 20,000 groups in 200,000 random hands


def quick_situation(data: Any) -> HandSituation | None:
    """The situation of a well-formed JSON object, read in one pass without building any message, or None
    when anything is unusual or wrong (then :meth:`HandSituation.from_dict` reads it and says what).

    A batch of thousands of hands is mostly well-formed lines, and a line's checks cost as much as scoring
    it. Whenever this returns a situation, ``from_dict`` returns an equal one and raises nothing; every
    doubt is None, so every message stays ``from_dict``'s (``tests/test_quick_reading.py`` holds the two
    together on random and mutated documents). The options are the caller's to check."""
    if type(data) is not dict or not data.keys() <= _SITUATION_KEYS:
        return None
    rules, options, text, melds_data, winning, win_by, seat_wind, round_wind, bonus_text, moments = map(
        data.get, _QUICK_FIELDS
    )
    if type(rules) is not str or type(text) is not str or (options is not None and type(options) is not dict):
        return None
    meld_keys: list[tuple[str, str, bool]] = []
    if melds_data:
        if type(melds_data) is not list:
            return None
        for item in melds_data:
            if type(item) is not dict or not item.keys() <= MELD_FIELDS:
                return None
            kind = item.get("kind")
            tiles = item.get("tiles")
            is_open = item.get("open", True)
            # Exact types before the look-up: 1 == True, and a list cannot be a key.
            if type(kind) is not str or type(tiles) is not str or type(is_open) is not bool:
                return None
            meld_keys.append((kind, tiles, is_open))
    elif melds_data is not None and melds_data != []:
        return None
    return quick_situation_from(
        rules, options, text, meld_keys, winning, win_by, seat_wind, round_wind, bonus_text, moments
    )


def quick_situation_from(
    rules: str,
    options: dict[str, Any] | None,
    text: str,
    meld_keys: Sequence[tuple[str, str, bool]],
    winning: Any,
    win_by: Any,
    seat_wind: Any,
    round_wind: Any,
    bonus_text: Any,
    moments: Any,
) -> HandSituation | None:
    """:func:`quick_situation` once the fields are taken out of the object: ``rules`` and ``text`` (the
    concealed tiles) are text, ``options`` an object or None, and each set a (kind, tiles, open) of text,
    text and true/false, as the caller has checked; the other fields may be anything JSON holds (None:
    absent). A reader that decodes a line straight into typed fields calls this one."""
    if rules in _OWN_FACTS:
        return None  # a family with facts of its own (Riichi): from_dict reads them
    canonical = _CANONICAL.fullmatch(text)
    if canonical is not None:  # _quick_tiles, its common case written out, group by group
        characters, circles, bamboo, honours, bonus_tiles = canonical.groups()
        if bonus_tiles is not None:
            return None  # a bonus tile among the standing tiles
        concealed: tuple[Tile, ...] = ()
        count = 0
        for group in (characters, circles, bamboo, honours):
            if group is not None:
                known = _group_cache.get(group) or _read_group(group)
                # Never None: _CANONICAL matches only the digits each suit has (1-7 of the honours).
                assert known is not None
                concealed += known[0]
                count += known[1]
    else:
        read = _quick_tiles(text)
        if read is None:
            return None
        concealed, count = read
        if concealed and concealed[-1] >= 34:
            return None
    melds: tuple[Meld, ...] = ()
    kongs = 0
    if meld_keys:
        found = []
        for key in meld_keys:
            known_meld = _quick_meld_cache.get(key, ()) or _quick_meld(key)
            if known_meld is None:
                return None
            meld, meld_count, kong = known_meld
            found.append(meld)
            count += meld_count
            kongs += kong
        melds = tuple(found)
    winning_tile = None
    if winning is not None:
        if type(winning) is not str or winning not in _PLAYING_TILE:
            return None
        winning_tile, tile_count = _PLAYING_TILE[winning]
        count += tile_count
    # HandSituation.check: as many tiles as the kongs say, and no fifth copy of any
    if count >> _TOTAL_SHIFT != (13 if winning_tile is None else 14) + kongs or (count + _ADD_THREE) & _FIFTH_COPY:
        return None
    if win_by is None:
        win_by = "discard"
    elif type(win_by) is not str or win_by not in _WIN_BY_SET:
        return None
    if moments is None or moments == []:
        moment_set = _NO_MOMENTS
    elif type(moments) is list and all(type(m) is str and m in _MOMENT_SET for m in moments):
        moment_set = frozenset(moments)
    else:
        return None
    if seat_wind is None:
        seat_wind = "E"
    elif type(seat_wind) is not str or seat_wind not in _SEAT_SET:
        return None
    if round_wind is None:
        round_wind = "E"
    elif type(round_wind) is not str or round_wind not in _SEAT_SET:
        return None
    if bonus_text is None or bonus_text == "":
        bonus: tuple[Tile, ...] = ()
    elif type(bonus_text) is not str:
        return None
    else:
        bonus_read = _bonus_cache.get(bonus_text, ()) or _quick_bonus(bonus_text)
        if bonus_read is None:
            return None
        bonus = bonus_read
    # ... and how the hand was won (_check_win_facts)
    if winning_tile is None:
        if moment_set:
            return None
    elif moment_set or win_by != "discard":
        if win_by == "kong_replacement" and not kongs:
            return None
        if win_by == "flower_replacement" and not bonus:
            return None
        if moment_set and not _possible_moments(moment_set, win_by, kongs, seat_wind == "E", melds):
            return None
    return situation_of(
        rules,
        concealed,
        melds,
        winning_tile,
        win_by,
        seat_wind,
        round_wind,
        bonus,
        moment_set,
        dict(options) if options else {},
    )


def _quick_tiles(text: str) -> tuple[tuple[Tile, ...], int] | None:
    """The tiles of plain notation (digits and suit letters only), sorted as ``_sorted_tiles`` sorts them,
    and their count, without its check of copies (the caller's): None for anything else, such as an ``8z``."""
    if len(text) > MAX_TILE_TEXT:
        return None
    canonical = _CANONICAL.fullmatch(text)
    groups: Sequence[str | None]
    if canonical is None:
        groups = _GROUP.findall(text)
        if sum(map(len, groups)) != len(text):
            return None
    else:
        groups = canonical.groups()  # a group it does not have is None
    tiles: tuple[Tile, ...] = ()
    count = 0
    for group in groups:
        if group is not None:
            known = _group_cache.get(group) or _read_group(group)
            if known is None:
                return None
            tiles += known[0]
            count += known[1]
    return (tiles if canonical is not None else tuple(sorted(tiles))), count


# A group's tiles from its suit letter and digits: (first tile of the suit, its highest digit).
_SUIT_START = {"m": (0, "9"), "p": (9, "9"), "s": (18, "9"), "z": (27, "7"), "f": (34, "8")}
_ONE_OF = tuple(1 << (_BITS * tile) for tile in range(42))  # one tile's field in a count
_TILE_OF = tuple(Tile._cache)


def _read_group(group: str) -> tuple[tuple[Tile, ...], int] | None:
    """One group of plain notation (digits 1-9 and one suit letter, as _CANONICAL and _GROUP match it):
    its tiles sorted and their count; None for a digit the suit does not have (an ``8z``). Each group is
    read once and kept, so this runs for every new group of a batch: written out, not by parse_tiles."""
    start, highest = _SUIT_START[group[-1]]
    digits = sorted(group[:-1])
    if digits[-1] > highest:
        return None  # not kept: a batch does not repeat a fault
    start -= 49  # ord("1"): digit d is tile start + d - 1
    tiles = tuple([_TILE_OF[start + ord(digit)] for digit in digits])
    count = len(tiles) << _TOTAL_SHIFT
    for tile in tiles:
        count += _ONE_OF[tile]
    known = (tiles, count)
    if len(_group_cache) >= _GROUP_CACHE_LIMIT:
        _group_cache.clear()
    _group_cache[group] = known
    return known


def _quick_meld(key: tuple[str, str, bool]) -> tuple[Meld, int, int] | None:
    """A set as ``from_dict`` reads it, its count and whether it is a kong; None where it says a fault."""
    kind, tiles, is_open = key
    try:
        if kind not in _MELD_KINDS:
            raise SituationError("kind", "not a kind of set")
        meld = read_meld(kind, tiles, is_open, "")
    except SituationError:
        known = None
    else:
        known = (meld, _count_of(meld.tiles), 1 if meld.kind is MeldKind.KONG else 0)
    if len(_quick_meld_cache) >= _CACHE_LIMIT:
        _quick_meld_cache.clear()
    _quick_meld_cache[key] = known
    return known


def _quick_bonus(text: str) -> tuple[Tile, ...] | None:
    """Bonus tiles as ``from_dict`` reads them; None where it says a fault."""
    read = _quick_tiles(text)
    bonus = read[0] if read is not None else None
    if bonus is None or (bonus and bonus[0] < 34) or len(set(bonus)) != len(bonus):
        bonus = None
    if len(_bonus_cache) >= _CACHE_LIMIT:
        _bonus_cache.clear()
    _bonus_cache[text] = bonus
    return bonus


def _possible_moments(moments: frozenset[str], win_by: str, kongs: int, dealer: bool, melds: tuple[Meld, ...]) -> bool:
    if "kong_on_kong" in moments and (win_by != "kong_replacement" or kongs < 2):
        return False
    if "heavenly" in moments and (not dealer or win_by not in SELF_DRAWN or melds):
        return False
    return not ("earthly" in moments and (dealer or win_by != "discard"))
