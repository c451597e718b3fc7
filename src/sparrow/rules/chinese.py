"""The Chinese points guidelines (seed 002, ``docs/rules/chinese.md``).

A hand scores the points of every pattern of the seed's sections 2-6 that it shows, on the split of
its tiles that scores highest (four sets and a pair in every possible way, or one of the special
hands: seven pairs, nine gates, thirteen orphans). Only the inclusions the seed states ("points for
X are already included") are removed, and within each tier of the rules page only the highest
pattern counts. A win needs 3 points before flower points are added.

Speed matters (the table engine and the benchmark score many hands), so the scorer works on counts
(bytes), bit masks and plain tuples; looks up what repeats from hand to hand (the facts of a set of
chows, the awards of a way of winning, the result of a list of items) instead of working it out
again; and works out the waits of the hand only when a wait award could change the result.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from operator import itemgetter
from typing import Any, ClassVar, NamedTuple

from sparrow.core.analysis import Forms
from sparrow.core.hand import MeldKind
from sparrow.core.shapes import CHOW, check_tile_counts
from sparrow.core.situation import HandSituation, SituationError
from sparrow.core.tiles import SEATS
from sparrow.i18n.markers import N_
from sparrow.rules.chinese_shapes import Split, only_winning_kind_completes, regular_splits
from sparrow.rules.ruleset import (
    MatchChoice,
    Ruleset,
    ScoreItem,
    ScoreResult,
    ScoresError,
    ScoringEntry,
    ScoringSection,
    ScoringTable,
    Settlement,
    TableRules,
)

__all__ = ["Chinese", "PATTERN_POINTS", "MINIMUM_POINTS"]

MINIMUM_POINTS = 3  # to win, not counting flower points

# -- pattern names, as the seed writes them, in the seed's order (the order a player counts them)
DOUBLE_CHOW = "Double Chow"
MIXED_TRIPLE_CHOW = "Mixed Triple Chow"
STRAIGHT_CHOWS = "Straight Chows"
TWO_DOUBLE_CHOWS = "Two Double Chows"
PURE_TRIPLE_CHOW = "Pure Triple Chow"
MIXED_TRIPLE_AND_DOUBLE_CHOW = "Mixed Triple and Double Chow"
QUADRUPLE_CHOW = "Quadruple Chow"
ALL_CHOWS = "All Chows"
ONE_DRAGON_PONG = "One Dragon Pong"
TWO_DRAGON_PONGS = "Two Dragon Pongs"
LITTLE_THREE_DRAGONS = "Little Three Dragons"
BIG_THREE_DRAGONS = "Big Three Dragons"
ROUND_WIND = "Pong of Round Wind"
SEAT_WIND = "Pong of Seat Wind"
BIG_THREE_WINDS = "Big Three Winds"
LITTLE_FOUR_WINDS = "Little Four Winds"
BIG_FOUR_WINDS = "Big Four Winds"
ALL_PONGS = "All Pongs"
TRIPLE_PONG = "Triple Pong"
SINGLE_KONG = "Single Kong"
DOUBLE_KONG = "Double Kong"
TRIPLE_KONG = "Triple Kong"
QUADRUPLE_KONG = "Quadruple Kong"
ALL_SIMPLES = "All Simples"
ALL_TERMINALS_AND_HONORS = "All Terminals and Honors"
ALL_TERMINALS = "All Terminals"
ALL_HONORS = "All Honors"
SEMI_PURE_HAND = "Semi-Pure Hand"
PURE_HAND = "Pure Hand"
REVERSIBLE_TILES = "Reversible Tiles"
ALL_GREEN = "All Green"
SEVEN_PAIRS = "Seven Pairs"
NINE_GATES = "Nine Gates"
THIRTEEN_ORPHANS = "Thirteen Orphans"
SELF_TOUCH = "Self-Touch"
SELF_TOUCH_SUPPLEMENT = "Self-Touch with Supplement Tile"
CONCEALED_HAND = "Concealed Hand"
FULLY_CONCEALED = "Fully Concealed Hand"
FULLY_CONCEALED_SUPPLEMENT = "Fully Concealed Hand by Supplement Tile"
REVEALED_HAND = "Revealed Hand"
LAST_DRAWN_TILE = "Last Drawn Tile"
LAST_DISCARDED_TILE = "Last Discarded Tile"
LAST_TILE = "Last Tile"
TILE_HOG = "Tile Hog"
ROBBING_THE_KONG = "Robbing the Kong"
HEAVENLY_MAHJONG = "Heavenly Mahjong"
FLOWER_TILES = "Flower Tiles"
EDGE_WAIT = "Edge Wait"
CLOSED_WAIT = "Closed Wait"
SINGLE_WAIT = "Single Wait"

# Every row of the seed's points table, in its order. Tile Hog is per tile kind, Flower Tiles per tile.
PATTERN_POINTS: Mapping[str, int] = {
    DOUBLE_CHOW: 1,
    MIXED_TRIPLE_CHOW: 2,
    STRAIGHT_CHOWS: 2,
    TWO_DOUBLE_CHOWS: 3,
    PURE_TRIPLE_CHOW: 3,
    MIXED_TRIPLE_AND_DOUBLE_CHOW: 4,
    QUADRUPLE_CHOW: 9,
    ALL_CHOWS: 1,
    ONE_DRAGON_PONG: 1,
    TWO_DRAGON_PONGS: 2,
    LITTLE_THREE_DRAGONS: 4,
    BIG_THREE_DRAGONS: 6,
    ROUND_WIND: 1,
    SEAT_WIND: 1,
    BIG_THREE_WINDS: 3,
    LITTLE_FOUR_WINDS: 4,
    BIG_FOUR_WINDS: 11,
    ALL_PONGS: 3,
    TRIPLE_PONG: 3,
    SINGLE_KONG: 1,
    DOUBLE_KONG: 2,
    TRIPLE_KONG: 4,
    QUADRUPLE_KONG: 12,
    ALL_SIMPLES: 1,
    ALL_TERMINALS_AND_HONORS: 4,
    ALL_TERMINALS: 6,
    ALL_HONORS: 6,
    SEMI_PURE_HAND: 3,
    PURE_HAND: 6,
    REVERSIBLE_TILES: 3,
    ALL_GREEN: 12,
    SEVEN_PAIRS: 7,
    NINE_GATES: 12,
    THIRTEEN_ORPHANS: 12,
    SELF_TOUCH: 1,
    SELF_TOUCH_SUPPLEMENT: 2,
    CONCEALED_HAND: 1,
    FULLY_CONCEALED: 2,
    FULLY_CONCEALED_SUPPLEMENT: 3,
    REVEALED_HAND: 2,
    LAST_DRAWN_TILE: 2,
    LAST_DISCARDED_TILE: 2,
    LAST_TILE: 1,
    TILE_HOG: 1,
    ROBBING_THE_KONG: 3,
    HEAVENLY_MAHJONG: 12,
    FLOWER_TILES: 1,
    EDGE_WAIT: 1,
    CLOSED_WAIT: 1,
    SINGLE_WAIT: 1,
}
# The sections of the seed's table, each from its first pattern, for ``sparrow rules chinese``.
_SECTIONS = (
    (DOUBLE_CHOW, "Chows"),
    (ONE_DRAGON_PONG, "Pongs and kongs"),
    (ALL_SIMPLES, "The whole hand"),
    (SEVEN_PAIRS, "Special hands"),
    (SELF_TOUCH, "Winning"),
    (FLOWER_TILES, "Flowers and waits"),
)
_EACH = {TILE_HOG: "for each kind held four times, not as a kong", FLOWER_TILES: "for each flower or season"}
_NOTES = {
    ALL_CHOWS: "four chows and a pair of a suit",
    ONE_DRAGON_PONG: "a pong or kong of a dragon",
    SEMI_PURE_HAND: "one suit and honours",
    PURE_HAND: "one suit only",
    ALL_GREEN: "bamboo 2 3 4 6 8 and the Green Dragon only",
    SELF_TOUCH: "self-drawn",
    CONCEALED_HAND: "nothing claimed, won on a discard",
    FULLY_CONCEALED: "nothing claimed, self-drawn",
    REVEALED_HAND: "four sets claimed, won on a discard",
    LAST_TILE: "the last of its kind: the other three are in view",
    ROBBING_THE_KONG: "a win on the tile another player adds to a pong",
    HEAVENLY_MAHJONG: "a win on the dealt hand or in the first go-round",
    TILE_HOG: "",
    REVERSIBLE_TILES: "only tiles that look the same upside down",
    EDGE_WAIT: "only when exactly one tile kind completes the hand",
    CLOSED_WAIT: "only when exactly one tile kind completes the hand",
    SINGLE_WAIT: "only when exactly one tile kind completes the hand",
    FLOWER_TILES: "",
}
_ORDER = {name: index for index, name in enumerate(PATTERN_POINTS)}
_P = PATTERN_POINTS

# -- tile facts as bit masks over the 34 kinds (bit k = tile index k)


def _mask(kinds: Iterable[int]) -> int:
    bits = 0
    for kind in kinds:
        bits |= 1 << kind
    return bits


_BIT = tuple(1 << kind for kind in range(34))
_CHARACTERS = _mask(range(0, 9))
_CIRCLES = _mask(range(9, 18))
_BAMBOO = _mask(range(18, 27))
_HONOURS = _mask(range(27, 34))
_TERMINALS = _mask(k for k in range(27) if k % 9 in (0, 8))
_ORPHANS = _TERMINALS | _HONOURS
_SIMPLES = (_CHARACTERS | _CIRCLES | _BAMBOO) & ~_TERMINALS
# Tiles that look the same upside down: circles 1-5, 8, 9; bamboo 2, 4-6, 8, 9; the White Dragon.
_REVERSIBLE = _mask([9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31])
# Completely green tiles: bamboo 2, 3, 4, 6, 8 and the Green Dragon.
_GREEN = _mask([19, 20, 21, 23, 25, 32])
_SUITED = _CHARACTERS | _CIRCLES | _BAMBOO
# Complements: "every kind held is a simple" is ``not present & _NOT_SIMPLES``, and so on.
_NOT_SIMPLES, _NOT_HONOURS, _NOT_TERMINALS, _NOT_ORPHANS = ~_SIMPLES, ~_HONOURS, ~_TERMINALS, ~_ORPHANS
_NOT_REVERSIBLE, _NOT_GREEN = ~_REVERSIBLE, ~_GREEN

_SELF_DRAWN = frozenset({"self_draw", "kong_replacement", "flower_replacement"})
_SUPPLEMENT = frozenset({"kong_replacement", "flower_replacement"})
_HEAVENLY_MOMENTS = frozenset({"heavenly", "earthly", "first_round"})
_PLAIN_WINS = frozenset({"discard", "self_draw"})
_WIND_TILE = {"E": 27, "S": 28, "W": 29, "N": 30}
_FORMS = Forms(seven_pairs=True, thirteen_orphans=True, four_as_two_pairs=True)
_CHOW_MELD, _KONG_MELD = MeldKind.CHOW, MeldKind.KONG

Items = list[tuple[str, int]]  # (pattern name, points) of a reading
FixedItems = tuple[tuple[str, int], ...]  # the same, where it is looked up and shared
Counts = bytearray  # a count per tile kind (34)


def _same_number_chows(chows: Sequence[int]) -> tuple[str, int] | None:
    """The one same-number chow pattern a hand earns (they form a tier: only the highest counts).

    ``chows`` holds the lowest tile of each chow; a chow's number is its rank, its suit is tile // 9."""
    if len(chows) < 2:
        return None
    ranks = [start % 9 for start in chows]
    if len(set(ranks)) == len(ranks):
        return None  # no two chows share their numbers
    by_rank: dict[int, list[int]] = {}
    for start in chows:
        by_rank.setdefault(start % 9, []).append(start // 9)
    doubles = 0
    for suits in by_rank.values():
        same_suit = len(set(suits)) == 1
        if len(suits) == 4:
            return (
                (QUADRUPLE_CHOW, _P[QUADRUPLE_CHOW])
                if same_suit
                else (MIXED_TRIPLE_AND_DOUBLE_CHOW, _P[MIXED_TRIPLE_AND_DOUBLE_CHOW])
            )
        if len(suits) == 3:
            return (PURE_TRIPLE_CHOW, _P[PURE_TRIPLE_CHOW]) if same_suit else (MIXED_TRIPLE_CHOW, _P[MIXED_TRIPLE_CHOW])
        if len(suits) == 2:
            doubles += 1
    if doubles == 2:
        return (TWO_DOUBLE_CHOWS, _P[TWO_DOUBLE_CHOWS])
    if doubles == 1:
        return (DOUBLE_CHOW, _P[DOUBLE_CHOW])
    return None


def _has_straight(chows: Sequence[int]) -> bool:
    """1-2-3, 4-5-6 and 7-8-9 of one suit among the chows."""
    starts = set(chows)
    return any(base in starts and base + 3 in starts and base + 6 in starts for base in (0, 9, 18))


# Same-number patterns that include All Chows.
_INCLUDE_ALL_CHOWS = frozenset({TWO_DOUBLE_CHOWS, MIXED_TRIPLE_AND_DOUBLE_CHOW, QUADRUPLE_CHOW})


class _ChowFacts(NamedTuple):
    """What a hand's chows (its own and the declared ones) earn by themselves."""

    items: FixedItems  # the same-number pattern and Straight Chows, as earned
    earns_all_chows: bool  # four chows and no pattern that includes All Chows (the eye decides the rest)
    included_hogs: int  # tile hogs the pattern includes (Quadruple Chow: those of its three kinds)


# A hand's chows as split codes (CHOW + lowest tile), ascending -> their facts. At most 12,650
# multisets of up to four of the 21 chows exist, so the table stays small, and the chows of a hand
# cost one look-up.
_CHOW_FACTS: dict[tuple[int, ...], _ChowFacts] = {}


def _chow_facts(chow_codes: tuple[int, ...]) -> _ChowFacts:
    """The facts of a hand's chows (the scorer looks them up in _CHOW_FACTS first)."""
    facts = _CHOW_FACTS.get(chow_codes)
    if facts is None:
        starts = [code - CHOW for code in chow_codes]
        pattern = _same_number_chows(starts)
        items = [pattern] if pattern is not None else []
        if len(starts) >= 3 and _has_straight(starts):
            items.append((STRAIGHT_CHOWS, _P[STRAIGHT_CHOWS]))
        name = pattern[0] if pattern is not None else None
        facts = _CHOW_FACTS[chow_codes] = _ChowFacts(
            tuple(items), len(starts) == 4 and name not in _INCLUDE_ALL_CHOWS, 3 if name == QUADRUPLE_CHOW else 0
        )
    return facts


# Per winning tile: the code (see sparrow.core.shapes.CHOW) of the hand's own chow that would make it an
# edge wait (3 of 1-2-3, 7 of 7-8-9) or a closed wait (the middle tile); -1, which no code is, where
# the tile cannot have that wait.
_EDGE_CHOW = tuple(
    CHOW + kind - 2 if kind < 27 and kind % 9 == 2 else CHOW + kind if kind < 27 and kind % 9 == 6 else -1
    for kind in range(34)
)
_CLOSED_CHOW = tuple(CHOW + kind - 1 if kind < 27 and 1 <= kind % 9 <= 7 else -1 for kind in range(34))


def _wait_of(split: Split, winning: int) -> str | None:
    """The wait award a split could give the winning tile (edge, closed or single), if any; the
    edge wait comes first when the tile has two places.

    Only the hand's own groups can hold the winning tile; a two-sided wait or a pung wait earns nothing."""
    sets, pair = split
    if _EDGE_CHOW[winning] in sets:
        return EDGE_WAIT
    if _CLOSED_CHOW[winning] in sets:
        return CLOSED_WAIT
    if pair == winning:
        return SINGLE_WAIT
    return None


_VALUE = itemgetter(1)


def _counting_order(item: tuple[str, int]) -> int:
    return _ORDER[item[0]]


@lru_cache(maxsize=1 << 14)
def _result_of(items: FixedItems, flowers: int) -> ScoreResult:
    """The result of a win whose best reading earns ``items`` (flowers excluded), with ``flowers``
    bonus tiles set out.

    The result follows from these two alone and many hands share them, so each result is built once
    and shared: results are frozen values, and callers read ``details``, never write to it."""
    ordered = sorted(items, key=_counting_order)  # the order a player counts them: the seed's table
    points = sum(map(_VALUE, ordered))
    values = " + ".join(str(value) for _, value in ordered) or "0"
    if flowers:
        ordered.append((FLOWER_TILES, flowers * _P[FLOWER_TILES]))  # listed, but never counted toward the minimum
    score_items = tuple(ScoreItem(name, "points", value) for name, value in ordered)
    if points < MINIMUM_POINTS:
        return ScoreResult(
            Chinese.name,
            False,
            0,
            score_items,
            reason=f"needs {MINIMUM_POINTS} points not counting flowers, has {points}",
            details={"points": points, "flowers": flowers},
            arithmetic=f"{values} = {points} point{'s' if points != 1 else ''}, {MINIMUM_POINTS} needed before flowers",
        )
    total = points + flowers
    arithmetic = f"{values} = {points} points"
    if flowers:
        arithmetic += f", + {flowers} flower{'s' if flowers > 1 else ''} = {total} points"
    return ScoreResult(
        Chinese.name, True, total, score_items, details={"points": total, "flowers": flowers}, arithmetic=arithmetic
    )


def _one_suit(present: int) -> bool:
    return not present & ~_CHARACTERS or not present & ~_CIRCLES or not present & ~_BAMBOO


def _is_nine_gates(counts: Counts) -> bool:
    for start in (0, 9, 18):
        suit = counts[start : start + 9]
        if sum(suit) == 14:
            return suit[0] >= 3 and suit[8] >= 3 and all(suit[1:8])
    return False


def _check_situation(situation: HandSituation, winning: int) -> None:
    """Refuse a way of winning or a moment that contradicts the rest of the situation: it would
    earn points the hand cannot have earned."""
    win_by = situation.win_by
    if win_by == "kong_replacement" and not situation.kong_count:
        raise SituationError("win_by", "kong_replacement needs a declared kong, and the hand has none")
    if win_by == "flower_replacement" and not situation.bonus:
        raise SituationError("win_by", "flower_replacement needs a flower or season set out, and bonus is empty")
    if win_by == "robbing_kong" and (
        winning in situation.concealed
        or any(meld.tiles[0] == winning and meld.kind is not MeldKind.CHOW for meld in situation.melds)
    ):
        raise SituationError(
            "win_by",
            f"robbing the kong takes the fourth {situation.winning_tile} from another player's pung, "
            "but this hand holds another copy of it",
        )
    moments = situation.moments
    if "heavenly" in moments:
        if not situation.is_dealer:
            raise SituationError(
                "moments",
                f"'heavenly' is the dealer's win on the dealt hand, but the seat wind is {situation.seat_wind}",
            )
        if win_by not in ("self_draw", "flower_replacement") or situation.melds:
            raise SituationError(
                "moments",
                "'heavenly' is a win on the dealt hand: no declared sets, won by self_draw or flower_replacement",
            )
    if "earthly" in moments:
        if situation.is_dealer:
            raise SituationError("moments", "'earthly' is a non-dealer's win, but the seat wind is E (the dealer)")
        if win_by != "discard":
            raise SituationError("moments", "'earthly' is a win on the dealer's first discard, so win_by is discard")


@cache  # at most 5 ways of winning x 64 sets of moments x 5 open melds x 2 x 2
def _awards(win_by: str, moments: frozenset[str], open_melds: int, winning_held: bool, special: bool) -> FixedItems:
    """The end-of-hand awards of section 6 other than tile hog, flowers and the waits.

    ``winning_held``: another copy of the winning tile stands in the hand. ``special`` is True for a
    special hand, whose concealed-hand point is already included: a self-draw then still earns
    Self-Touch instead of Fully Concealed Hand. They follow from these circumstances alone, so each
    combination is worked out once."""
    items: Items = []
    if not moments.isdisjoint(_HEAVENLY_MOMENTS):
        items.append((HEAVENLY_MAHJONG, _P[HEAVENLY_MAHJONG]))
    if "heavenly" in moments:
        return tuple(items)  # the dealt hand was not won by any method: no win-method points (rules page)
    concealed = not open_melds  # a concealed kong keeps the hand concealed
    last = "last_tile" in moments
    if win_by in _SELF_DRAWN:
        supplement = win_by in _SUPPLEMENT
        if concealed and not special:
            if supplement:
                items.append((FULLY_CONCEALED_SUPPLEMENT, _P[FULLY_CONCEALED_SUPPLEMENT]))
            elif last:
                # Last Drawn Tile includes the self-touch, so what is left of Fully Concealed is the
                # concealed point (rules page: "2 + concealed 1").
                items.append((CONCEALED_HAND, _P[CONCEALED_HAND]))
            else:
                items.append((FULLY_CONCEALED, _P[FULLY_CONCEALED]))
        elif supplement:
            items.append((SELF_TOUCH_SUPPLEMENT, _P[SELF_TOUCH_SUPPLEMENT]))
        elif not last:
            items.append((SELF_TOUCH, _P[SELF_TOUCH]))
        if last:
            items.append((LAST_DRAWN_TILE, _P[LAST_DRAWN_TILE]))
    else:  # discard or robbing the kong (which scores as a discard win)
        if concealed and not special:
            items.append((CONCEALED_HAND, _P[CONCEALED_HAND]))
        if open_melds == 4:
            items.append((REVEALED_HAND, _P[REVEALED_HAND]))
        if last:
            items.append((LAST_DISCARDED_TILE, _P[LAST_DISCARDED_TILE]))
    if win_by == "robbing_kong":
        items.append((ROBBING_THE_KONG, _P[ROBBING_THE_KONG]))  # includes Last Tile
    elif "fourth_tile" in moments and not winning_held:
        # With a copy of the winning tile still standing in the hand (a concealed pung, or the other
        # half of a single-wait eye) the other three are not all visible: no Last Tile.
        items.append((LAST_TILE, _P[LAST_TILE]))
    return tuple(items)


def _whole_hand(present: int) -> Items:
    """Section 4: patterns the whole hand satisfies (``present`` = bit mask of kinds held)."""
    items: Items = []
    if not present & _NOT_SIMPLES:
        items.append((ALL_SIMPLES, _P[ALL_SIMPLES]))
    elif not present & _NOT_HONOURS:
        return [(ALL_HONORS, _P[ALL_HONORS])]  # no Semi-Pure or Pure: the hand holds no suit
    elif not present & _NOT_TERMINALS:
        items.append((ALL_TERMINALS, _P[ALL_TERMINALS]))
    elif not present & _NOT_ORPHANS:
        items.append((ALL_TERMINALS_AND_HONORS, _P[ALL_TERMINALS_AND_HONORS]))
    all_green = not present & _NOT_GREEN
    suited = present & _SUITED
    one_suit = suited & _CHARACTERS == suited or suited & _CIRCLES == suited or suited & _BAMBOO == suited
    if one_suit and not all_green:  # All Green includes Semi-Pure and Pure
        items.append((SEMI_PURE_HAND, _P[SEMI_PURE_HAND]) if present & _HONOURS else (PURE_HAND, _P[PURE_HAND]))
    if not present & _NOT_REVERSIBLE:
        items.append((REVERSIBLE_TILES, _P[REVERSIBLE_TILES]))
    if all_green:
        items.append((ALL_GREEN, _P[ALL_GREEN]))
    return items


def _honour_and_kong_patterns(all_counts: Counts, kongs: int, situation: HandSituation) -> tuple[Items, bool]:
    """Section 3's patterns that do not depend on the split: dragons, winds and kongs.

    Honours never form chows, so in any split of four sets and a pair three or four of an honour
    are its pung or kong and two are the eye. Returns the items and whether Big Four Winds applies
    (it includes All Pongs)."""
    items: Items = []
    east, south, west, north, white, green, red = all_counts[27:34]
    dragon_pungs = (white >= 3) + (green >= 3) + (red >= 3)
    if dragon_pungs == 3:
        items.append((BIG_THREE_DRAGONS, _P[BIG_THREE_DRAGONS]))
    elif dragon_pungs == 2:
        dragon_eye = white == 2 or green == 2 or red == 2
        items.append(
            (LITTLE_THREE_DRAGONS, _P[LITTLE_THREE_DRAGONS]) if dragon_eye else (TWO_DRAGON_PONGS, _P[TWO_DRAGON_PONGS])
        )
    elif dragon_pungs == 1:
        items.append((ONE_DRAGON_PONG, _P[ONE_DRAGON_PONG]))
    wind_pungs = (east >= 3) + (south >= 3) + (west >= 3) + (north >= 3)
    big_four_winds = wind_pungs == 4
    if big_four_winds:
        items.append((BIG_FOUR_WINDS, _P[BIG_FOUR_WINDS]))  # includes All Pongs and the round- and seat-wind pongs
    elif wind_pungs:
        if all_counts[_WIND_TILE[situation.round_wind]] >= 3:
            items.append((ROUND_WIND, _P[ROUND_WIND]))
        if all_counts[_WIND_TILE[situation.seat_wind]] >= 3:
            items.append((SEAT_WIND, _P[SEAT_WIND]))
        if wind_pungs == 3:
            wind_eye = east == 2 or south == 2 or west == 2 or north == 2
            items.append(
                (LITTLE_FOUR_WINDS, _P[LITTLE_FOUR_WINDS]) if wind_eye else (BIG_THREE_WINDS, _P[BIG_THREE_WINDS])
            )
    if kongs:
        items.append(
            (
                (SINGLE_KONG, _P[SINGLE_KONG]),
                (DOUBLE_KONG, _P[DOUBLE_KONG]),
                (TRIPLE_KONG, _P[TRIPLE_KONG]),
                (QUADRUPLE_KONG, _P[QUADRUPLE_KONG]),
            )[kongs - 1]
        )
    return items, big_four_winds


def _points(reading: Items) -> int:
    """A reading's points, flowers excluded."""
    return sum(map(_VALUE, reading))


class Chinese(Ruleset):
    typical_win = 5  # an average win's total at four Expert (docs/bots.md, "The evaluator")
    name = "chinese"
    title = "Chinese points guidelines"
    summary = "The Chinese points guidelines: every pattern shown adds its points, 3 points to win."
    # The rules page names no scoring options; the length of a match is the table's choice.
    defaults: ClassVar[Mapping[str, Any]] = {"short_match": False}
    option_help: ClassVar[Mapping[str, str]] = {"short_match": "the East round only (4 hands instead of 16)"}
    # What the faces show of it.
    order: ClassVar[int] = 30
    short_name: ClassVar[str] = N_("Chinese")
    play_label: ClassVar[str] = N_("Chinese (3-point minimum)")
    play_intro: ClassVar[str] = N_(
        "Build four sets and a pair, or seven pairs, worth at least 3 points without the flowers: claim"
        " discards with Chi, Pong and Kong, and win by Ron or Tsumo. Every pattern in the hand adds its points."
    )
    option_labels: ClassVar[Mapping[str, str]] = {"short_match": N_("East round only")}
    match_choices: ClassVar[tuple[MatchChoice, ...]] = (
        (
            "short_match",
            N_("Match length"),
            ((False, N_("Four rounds (16 hands)")), (True, N_("East round only (4 hands)"))),
        ),
    )
    # A sheet's match: 16 hands (four rounds of four), or open-ended.
    sheet_lengths: ClassVar[tuple[tuple[str, str], ...]] = (("full", N_("16 hands")), ("open", N_("Open-ended")))

    def check_win(self, score: int, winner: str, options: Mapping[str, Any], *, field: str = "scores") -> None:
        """A win scores at least the minimum (3 points)."""
        if score < MINIMUM_POINTS:
            raise ScoresError(
                f"{field}.{winner}",
                N_("a Chinese win scores at least {minimum} points, not {value}"),
                minimum=MINIMUM_POINTS,
                value=score,
            )

    def table(self, options: Mapping[str, Any] | None = None) -> TableRules:
        resolved = self.resolve_options(options)
        return TableRules(
            bonus_tiles=True,
            break_dice=2,
            dead_wall="none",
            rotation="pass",
            rob_added_kong=True,
            false_win="refused",
            hands_in_match=4 if resolved["short_match"] else 16,
            # The guidelines only score; the table follows hkos (docs/rules/chinese.md), bonus tiles in passes.
            bonus_chain="next_pass",
        )

    def forms(self, options: Mapping[str, Any] | None = None) -> Forms:
        # Nine gates is a regular shape; seven pairs may use four identical undeclared tiles as two pairs.
        if options:
            self.resolve_options(options)
        return _FORMS

    # ------------------------------------------------------------------ scoring

    def score(self, situation: HandSituation) -> ScoreResult:
        check_tile_counts(situation)
        if situation.options:
            self.resolve_options(situation.options)  # no options exist: any name is refused
        if situation.winning_tile is None:
            # Only the winner scores under these guidelines.
            return ScoreResult(self.name, True, 0, details={"points": 0}, arithmetic="not a win: 0 points")
        winning = int(situation.winning_tile)
        if situation.win_by not in _PLAIN_WINS or situation.moments:
            _check_situation(situation, winning)  # a plain win with no special moment contradicts nothing
        melds = situation.melds

        standing = bytearray(34)  # counts of the 34 kinds; bytes make look-ups and the core's keys cheap
        present = _BIT[winning]
        for tile in situation.concealed:
            standing[tile] += 1
            present |= _BIT[tile]
        counts = standing.copy()
        counts[winning] += 1
        # The declared melds, as split codes (a chow's is CHOW + its lowest tile) and kinds.
        meld_chow_codes: tuple[int, ...] = ()
        meld_pungs: tuple[int, ...] = ()  # pungs and kongs
        kong_kinds: tuple[int, ...] = ()
        open_melds = 0
        if melds:
            all_counts = counts.copy()
            for meld in melds:
                first = meld.tiles[0]
                if meld.kind is _CHOW_MELD:
                    meld_chow_codes += (CHOW + first,)
                    all_counts[first] += 1
                    all_counts[first + 1] += 1
                    all_counts[first + 2] += 1
                    present |= _BIT[first] | _BIT[first + 1] | _BIT[first + 2]
                else:
                    meld_pungs += (first,)
                    all_counts[first] += len(meld.tiles)
                    present |= _BIT[first]
                    if meld.kind is _KONG_MELD:
                        kong_kinds += (first,)
                open_melds += meld.open
        else:
            all_counts = counts
        # Tile hog: all four of a kind held, not as a kong (one point per such kind). A kong's kind is
        # held exactly four times, so the hogs are the kinds held four times less the kongs.
        hogs = all_counts.count(4) - len(kong_kinds)
        whole = _whole_hand(present)
        special_awards: FixedItems | None = None  # looked up when a special hand is possible
        # What the awards depend on: the way of winning, the moments, the open melds, and whether
        # another copy of the winning tile stands in the hand.
        circumstances = (situation.win_by, situation.moments, open_melds, standing[winning] > 0)
        readings: list[Items] = []  # every reading of the hand, in the order they are weighed

        splits = regular_splits(counts)
        if splits:
            # Honour patterns need an honour pung or a kong. (Without a kong no honour is held four
            # times in a split hand: that would be a pung and a lone tile, or two pairs.)
            if kong_kinds or 3 in all_counts[27:]:
                honours, big_four_winds = _honour_and_kong_patterns(all_counts, len(kong_kinds), situation)
            else:
                honours, big_four_winds = [], False
            awards = _awards(*circumstances, False)
            # Revealed Hand includes the single wait (the only wait it can have); the dealt hand has none.
            revealed = open_melds == 4 and situation.win_by not in _SELF_DRAWN
            no_waits = revealed or "heavenly" in situation.moments
            one_kind_wins: bool | None = None  # computed on first need
            common = [*whole, *honours, *awards]
            nine_gates = not melds and _one_suit(present) and _is_nine_gates(counts)
            all_pongs_possible = not big_four_winds and len(kong_kinds) != 4  # else included
            for split in splits:
                sets, pair = split
                chow_codes = tuple([code for code in sets if code >= CHOW])
                if meld_chow_codes:
                    chow_codes = tuple(sorted(chow_codes + meld_chow_codes))
                pungs = 4 - len(chow_codes)  # pungs and kongs: every hand has four sets
                chow_facts = _CHOW_FACTS.get(chow_codes) or _chow_facts(chow_codes)
                items = [*common, *chow_facts.items]  # the hand's patterns, then the split's
                if chow_facts.earns_all_chows and pair < 27:
                    items.append((ALL_CHOWS, _P[ALL_CHOWS]))
                if pungs == 4 and all_pongs_possible:
                    items.append((ALL_PONGS, _P[ALL_PONGS]))
                if pungs >= 3:
                    ranks = [kind % 9 for kind in sets + meld_pungs if kind < 27]  # chow codes are >= CHOW
                    if len(ranks) >= 3 and max(map(ranks.count, ranks)) >= 3:
                        items.append((TRIPLE_PONG, _P[TRIPLE_PONG]))
                hog_count = hogs - chow_facts.included_hogs
                if hog_count:
                    items.append((TILE_HOG, hog_count * _P[TILE_HOG]))
                if nine_gates:
                    # The special reading of the same split: Nine Gates includes the concealed-hand
                    # award and gets no Pure Hand, Straight Chows or wait.
                    if special_awards is None:
                        special_awards = _awards(*circumstances, True)
                    gates = [item for item in whole if item[0] != PURE_HAND] + honours
                    gates += special_awards
                    gates += [item for item in items[len(common) :] if item[0] != STRAIGHT_CHOWS]
                    gates.append((NINE_GATES, _P[NINE_GATES]))
                    readings.append(gates)
                wait = None if no_waits else _wait_of(split, winning)
                # The wait is worth one point: whether it is earned is worked out only when that
                # point could make this reading the best (the first of equal readings is kept).
                if wait is not None and (not readings or _points(items) + 1 > max(map(_points, readings))):
                    if one_kind_wins is None:
                        # "Only when exactly one tile kind completes the hand" (the 13 standing tiles;
                        # a kind the player holds all four of is no wait).
                        one_kind_wins = only_winning_kind_completes(standing, winning, pair, not melds, all_counts)
                    if one_kind_wins:
                        items.append((wait, _P[wait]))
                readings.append(items)

        if not melds:
            is_seven_pairs = 1 not in counts and 3 not in counts
            is_thirteen_orphans = present == _ORPHANS  # all thirteen kinds and nothing else
            if is_seven_pairs or is_thirteen_orphans:
                if special_awards is None:
                    special_awards = _awards(*circumstances, True)
                if is_seven_pairs:
                    items = [*whole, *special_awards]
                    if hogs:
                        items.append((TILE_HOG, hogs * _P[TILE_HOG]))  # four alike may stand as two pairs
                    items.append((SEVEN_PAIRS, _P[SEVEN_PAIRS]))
                    readings.append(items)
                if is_thirteen_orphans:
                    items = [item for item in whole if item[0] != ALL_TERMINALS_AND_HONORS]
                    items += special_awards
                    items.append((THIRTEEN_ORPHANS, _P[THIRTEEN_ORPHANS]))
                    readings.append(items)

        if not readings:
            return ScoreResult(
                self.name,
                False,
                0,
                reason="not a winning hand: the tiles form neither four sets and an eye nor a special hand",
                details={"points": 0, "flowers": len(situation.bonus)},
                arithmetic="no winning shape",
            )
        # The reading that scores most; of equals, the first (max keeps the first of equal keys).
        best = readings[0] if len(readings) == 1 else max(readings, key=_points)
        return _result_of(tuple(best), len(situation.bonus))

    def scoring_table(self) -> ScoringTable:
        names = list(PATTERN_POINTS)
        starts = [names.index(first) for first, _ in _SECTIONS] + [len(names)]
        sections = tuple(
            ScoringSection(
                title,
                tuple(
                    ScoringEntry(
                        name, "points", PATTERN_POINTS[name], _EACH.get(name) or _NOTES.get(name, ""), name in _EACH
                    )
                    for name in names[start:end]
                ),
            )
            for (_, title), start, end in zip(_SECTIONS, starts, starts[1:], strict=False)
        )
        return ScoringTable(
            sections,
            (
                "A hand scores every pattern it shows, on the split of its tiles that scores most; a pattern"
                " that the seed says includes another leaves that one out, and of a tier only the highest counts.",
                f"A win needs {MINIMUM_POINTS} points before the flowers are added; only the winner scores.",
                f"Each loser pays the winner {MINIMUM_POINTS}; the discarder, or every loser on a self-draw,"
                " also pays the hand's total.",
            ),
        )

    # ------------------------------------------------------------------ settlement

    def settle(self, settlement: Settlement) -> dict[str, int]:
        """Each loser pays the minimum (3); the discarder, or every loser on a self-draw, also pays
        the hand total."""
        self.resolve_options(settlement.options)
        payments = dict.fromkeys(SEATS, 0)
        winner = settlement.winner
        if winner is None:
            return payments  # a drawn hand pays nothing
        total = settlement.scores[winner]
        if total < MINIMUM_POINTS:
            raise SituationError(
                f"scores.{winner}", f"a Chinese win scores at least {MINIMUM_POINTS} points, not {total}"
            )
        self_drawn = settlement.win_by in _SELF_DRAWN
        for seat in SEATS:
            if seat == winner:
                continue
            pays = MINIMUM_POINTS + (total if self_drawn or seat == settlement.discarder else 0)
            payments[seat] -= pays
            payments[winner] += pays
        return payments
