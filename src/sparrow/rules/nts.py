"""NTS: the Dutch tournament rules as the score app plays them (seed 000, ``docs/rules/nts.md``).

Every player's hand is scored, the winner's and the losers': ``min(base × 2^doublings, 2000)``.
Base points come from pungs and kongs, a pair of dragons and the flowers and seasons; the winner
adds the Mahjong points. Doublings come from the sets and the whole hand; the winner adds their own.
A winner needs at least two doublings unless the hand is one of the 18 limit hands, which score a
fixed value. A loser one tile from an irregular limit hand scores half its value. Settlement is
between every pair of players, double for East.

Speed matters (the table engine and the benchmark score many hands), so a hand is counted on plain
ints: per-tile facts are tables, the split of the hand comes from the core's memo (``sparrow.core.shapes``),
and every score card line that can occur is made once, at import, and shared. What does not depend
on the split (the melds, the flowers, the winds) is counted once per hand (``_Hand``); a split then
adds only what it holds, in one pass that writes its lines too (nearly every hand has one split).
The wait before the win is looked up per group of tiles (``nts_shapes.waits_before_win``), after
cheap proofs of a second wait that settle most hands. Equal totals share their read-only details,
and a limit hand its whole result.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Any, ClassVar, cast

from sparrow.core.analysis import Forms
from sparrow.core.hand import Meld, MeldKind
from sparrow.core.shapes import CHOW, Split, check_tile_counts, completing_tiles, is_regular_complete, regular_splits
from sparrow.core.situation import SELF_DRAWN, HandSituation, SituationError
from sparrow.core.tiles import BONUS_TILES, KINDS, SEATS, Tile, format_tiles
from sparrow.i18n.markers import N_
from sparrow.rules import nts_shapes as shapes
from sparrow.rules.nts_shapes import BAMBOO_1, CIRCLE_1
from sparrow.rules.nts_table import DOUBLINGS, LIMIT_BY_NAME, LIMITS, POINTS, SECTIONS, SETS, limit
from sparrow.rules.ruleset import Ruleset, ScoreItem, ScoreResult, ScoresError, ScoringTable, Settlement, TableRules

__all__ = ["NTS", "CAP", "MINIMUM_DOUBLINGS", "MINIMUM_WIN", "PE_LING_DECISION"]

CAP = 2000
MINIMUM_DOUBLINGS = 2
MINIMUM_WIN = 20 << MINIMUM_DOUBLINGS  # Mahjong's 20 points doubled twice: the least a winner scores

# A decision of docs/rules/nts.md that changes a total, said on the calculator's card where it applies.
PE_LING_DECISION = N_(
    "Pe-ling eats cake is not counted: the Circle 1 does not close the pair in place of a Bamboo 1, as"
    " docs/rules/nts.md decides. Read as seed 000 words it (a win on Circle 1 while Bamboo 1 forms the"
    " pair) this hand would score {total}."
)
CIRCLE_5 = 13

# -- per-tile facts, as tables indexed by tile

_M, _P, _S, _WIND, _DRAGON, _TERMINAL, _SIMPLE, _NOT_GREEN = 1, 2, 4, 8, 16, 32, 64, 128
_SUITS = _M | _P | _S
_HONOURS = _WIND | _DRAGON
_GREEN = frozenset((19, 20, 21, 23, 25, 32))  # Bamboo 2 3 4 6 8, Green Dragon


def _tile_flags(tile: Tile) -> int:
    flags = 0
    if tile.is_suited:
        flags |= (_M, _P, _S)[tile // 9]
        flags |= _TERMINAL if tile.is_terminal else _SIMPLE
    else:
        flags |= _WIND if tile.is_wind else _DRAGON
    if tile not in _GREEN:
        flags |= _NOT_GREEN
    return flags


_FLAGS = tuple(_tile_flags(t) for t in KINDS)
_CHOW_FLAGS = tuple(_FLAGS[t] | _FLAGS[t + 1] | _FLAGS[t + 2] if t < 27 and t % 9 <= 6 else 0 for t in range(34))
# By set code (pung = tile, chow = tile + CHOW): the OR of its tiles' facts.
_SET_FLAGS = _FLAGS + (0,) * (CHOW - 34) + _CHOW_FLAGS

# Module names for the meld kinds: looking up an enum member on its class costs more than a global.
_CHOW_KIND, _KONG_KIND = MeldKind.CHOW, MeldKind.KONG

_SEAT_WIND = {"E": 27, "S": 28, "W": 29, "N": 30}

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")

# -- the score card's lines, made once from the scoring table (``nts_table``): a ScoreItem is a
# frozen value and costs more to build than to count a hand with, so every line that can occur is
# made at import.


def _set_items(concealed: str, kind: str) -> tuple[ScoreItem, ...]:
    return tuple(SETS[concealed, kind, "orphan" if t.is_orphan else "simple"].item(tile=t.name) for t in KINDS)


_OPEN_PUNG_ITEM = _set_items("open", "pung")
_CONCEALED_PUNG_ITEM = _set_items("concealed", "pung")
_OPEN_KONG_ITEM = _set_items("open", "kong")
_CONCEALED_KONG_ITEM = _set_items("concealed", "kong")
# The base points of a pung standing in the hand, open (completed by a discard) or concealed.
_OPEN_PUNG = tuple(item.value for item in _OPEN_PUNG_ITEM)
_CONCEALED_PUNG = tuple(item.value for item in _CONCEALED_PUNG_ITEM)
_DRAGON_PAIR_ITEM = {t: POINTS["dragon_pair"].item(tile=KINDS[t].name) for t in (31, 32, 33)}
_DRAGON_PAIR_POINTS = POINTS["dragon_pair"].item().value
_BONUS_ITEM = {int(t): POINTS["bonus"].item(tile=t.name) for t in BONUS_TILES}
_OWN_BONUS_ITEM = {
    int(t): DOUBLINGS["own_bonus"].item(bonus="flower" if t < 38 else "season", tile=t.name) for t in BONUS_TILES
}
_BONUS_SEAT = {int(t): _SEAT_WIND[seat] for t in BONUS_TILES if (seat := t.seat)}  # flower/season k belongs to seat k


_BonusLines = tuple[int, tuple[ScoreItem, ...], int, tuple[ScoreItem, ...]]


def _bonus_lines(bonus: tuple[Tile, ...], own: int) -> _BonusLines:
    """The points of the flowers and seasons set out and their lines, and the doublings of the
    player's own ones and their lines. Memoised per own wind in _BONUS_LINES (look there first):
    there are few sets of bonus tiles."""
    own_items = tuple(_OWN_BONUS_ITEM[tile] for tile in bonus if _BONUS_SEAT[tile] == own)
    items = tuple(_BONUS_ITEM[tile] for tile in bonus)
    found = (sum(item.value for item in items), items, sum(item.value for item in own_items), own_items)
    memo = _BONUS_LINES[own]
    if len(memo) < 10_000:
        memo[bonus] = found
    return found


_BONUS_LINES: dict[int, dict[tuple[Tile, ...], _BonusLines]] = {wind: {} for wind in _SEAT_WIND.values()}


def _honour_items(key: str, kind: str) -> dict[int, ScoreItem]:
    return {t: DOUBLINGS[key].item(set=kind, tile=KINDS[t].name) for t in range(27, 34)}


_DRAGON_SET_ITEM = {kind: _honour_items("dragon_set", kind) for kind in ("Pung", "Kong")}
_OWN_WIND_ITEM = {kind: _honour_items("own_wind_set", kind) for kind in ("Pung", "Kong")}
_PREVAILING_WIND_ITEM = {kind: _honour_items("prevailing_wind_set", kind) for kind in ("Pung", "Kong")}


def _honour_lines(kind: str, own: int, prevailing: int) -> tuple[tuple[ScoreItem, ...], ...]:
    """The doubling lines of a pung or kong of each honour (East ... Red), for one pair of winds:
    a dragon; the own wind, the prevailing wind, both or neither."""
    lines: list[tuple[ScoreItem, ...]] = []
    for tile in range(27, 34):
        if tile >= 31:
            lines.append((_DRAGON_SET_ITEM[kind][tile],))
            continue
        line: tuple[ScoreItem, ...] = ()
        if tile == own:
            line += (_OWN_WIND_ITEM[kind][tile],)
        if tile == prevailing:
            line += (_PREVAILING_WIND_ITEM[kind][tile],)
        lines.append(line)
    return tuple(lines)


_Lines = tuple[tuple[ScoreItem, ...], ...]


def _wind_facts(seat: str, prevailing: str) -> tuple[int, tuple[int, ...], _Lines, _Lines]:
    """The own wind, and for a pung or kong of each honour (East ... Red) its doublings and their
    lines for a pung and for a kong: a dragon 1, the own wind 1, the prevailing wind 1 (a wind that
    is both: 2), as the table says."""
    pung_lines = _honour_lines("Pung", _SEAT_WIND[seat], _SEAT_WIND[prevailing])
    kong_lines = _honour_lines("Kong", _SEAT_WIND[seat], _SEAT_WIND[prevailing])
    doublings = tuple(sum(item.value for item in line) for line in pung_lines)
    return _SEAT_WIND[seat], doublings, pung_lines, kong_lines


# Per seat wind and prevailing wind (indexed by tile - 27 within).
_WIND_FACTS = {seat: {prevailing: _wind_facts(seat, prevailing) for prevailing in SEATS} for seat in SEATS}

_MAHJONG = POINTS["mahjong"].item()
_SELF_DRAWN = POINTS["self_drawn"].item()
_ONLY_POSSIBLE = POINTS["only_possible"].item()
_COMPLETES_PAIR = POINTS["completes_pair"].item()
_PELING = POINTS["peling"].item()
_FULLY_CONCEALED = DOUBLINGS["fully_concealed"].item()
_LITTLE_FOUR_WINDS = DOUBLINGS["little_four_winds"].item()
_LITTLE_THREE_DRAGONS = DOUBLINGS["little_three_dragons"].item()
_FOUR_CHOWS = DOUBLINGS["four_chows"].item()
_FOUR_PUNGS = DOUBLINGS["four_pungs"].item()
_PURE_SIMPLICITY = DOUBLINGS["pure_simplicity"].item()
_CLEAN = DOUBLINGS["clean"].item()
_VERY_CLEAN = DOUBLINGS["very_clean"].item()
_PURE = DOUBLINGS["pure"].item()
_THREE_CONCEALED_PUNGS = DOUBLINGS["three_concealed_pungs"].item()
_FOUR_CONCEALED_PUNGS = DOUBLINGS["four_concealed_pungs"].item()
_THREE_CONCEALED_KONGS = DOUBLINGS["three_concealed_kongs"].item()
_FOUR_KONGS = DOUBLINGS["four_kongs"].item()
_LAST_TILE = DOUBLINGS["last_tile"].item()
_LAST_TILE_CIRCLE_1 = DOUBLINGS["last_tile_circle_1"].item()
_KONG_REPLACEMENT = DOUBLINGS["kong_replacement"].item()
_KONG_REPLACEMENT_CIRCLE_5 = DOUBLINGS["kong_replacement_circle_5"].item()
_KONG_ON_KONG = DOUBLINGS["kong_on_kong"].item()
_KONG_ON_KONG_CIRCLE_5 = DOUBLINGS["kong_on_kong_circle_5"].item()
_ROBBING_THE_KONG = DOUBLINGS["robbing_the_kong"].item()


def _winning_points(
    self_drawn: bool, only_possible: bool, pair_wait: bool, peling: bool
) -> tuple[int, tuple[ScoreItem, ...]]:
    """The points only a winner scores and their lines, in the order of the seed's table."""
    lines: tuple[ScoreItem, ...] = (_MAHJONG,)
    if self_drawn:
        lines += (_SELF_DRAWN,)
    if only_possible:
        lines += (_ONLY_POSSIBLE,)
    if pair_wait:
        lines += (_COMPLETES_PAIR,)
    if peling:
        lines += (_PELING,)
    return sum(line.value for line in lines), lines


# The winner's own points and their lines, indexed [self-drawn][only possible tile][completes the
# pair][Pe-ling eats cake] (False, True): look-ups instead of five tests.
_WINNING_POINTS = tuple(
    tuple(
        tuple(tuple(_winning_points(drawn, only, pair, peling) for peling in (False, True)) for pair in (False, True))
        for only in (False, True)
    )
    for drawn in (False, True)
)


def _power(doublings: int) -> str:
    return "2" if doublings == 1 else "2" + str(doublings).translate(_SUPERSCRIPT)


class _Hand:
    """The facts of one hand situation that do not depend on how its standing tiles are split:
    the declared melds, the flowers and seasons, the winds, how the hand was won. The score card's
    lines for the melds and the bonus tiles are made here too, with their numbers, so that
    counting a split only adds what the split itself holds."""

    __slots__ = (
        "winner",
        "win",
        "self_drawn",
        "honour_doublings",
        "pung_honour_lines",
        "melds",
        "meld_tiles",
        "meld_base",
        "meld_doublings",
        "meld_pungs",
        "meld_kongs",
        "concealed_kongs",
        "meld_winds",
        "meld_dragons",
        "meld_flags",
        "open_meld",
        "meld_point_items",
        "meld_doubling_items",
        "bonus_base",
        "bonus_items",
        "flower_doublings",
        "own_bonus_items",
        "moments",
        "win_by",
        "only_possible",
    )
    winner: bool
    win: int
    self_drawn: bool
    honour_doublings: tuple[int, ...]
    pung_honour_lines: tuple[tuple[ScoreItem, ...], ...]
    melds: tuple[Meld, ...]
    meld_tiles: tuple[int, ...]
    meld_base: int
    meld_doublings: int
    meld_pungs: int
    meld_kongs: int
    concealed_kongs: int
    meld_winds: int
    meld_dragons: int
    meld_flags: int
    open_meld: bool
    meld_point_items: tuple[ScoreItem, ...]
    meld_doubling_items: tuple[ScoreItem, ...]

    def __init__(self, situation: HandSituation) -> None:
        winning_tile = situation.winning_tile
        self.win = -1 if winning_tile is None else int(winning_tile)
        self.winner = winning_tile is not None
        win_by = self.win_by = situation.win_by
        self.self_drawn = win_by in SELF_DRAWN
        winds = _WIND_FACTS[situation.seat_wind][situation.round_wind]
        own, self.honour_doublings, self.pung_honour_lines, kong_honour_lines = winds
        melds = self.melds = situation.melds
        if melds:
            self._tally_melds(melds, kong_honour_lines)
        else:  # a quarter of all hands: nothing to look at
            self.meld_base = self.meld_doublings = self.meld_pungs = self.meld_kongs = 0
            self.concealed_kongs = self.meld_winds = self.meld_dragons = self.meld_flags = 0
            self.open_meld = False
            self.meld_tiles = self.meld_point_items = self.meld_doubling_items = ()
        bonus = situation.bonus
        if bonus:
            lines = _BONUS_LINES[own].get(bonus) or _bonus_lines(bonus, own)
            self.bonus_base, self.bonus_items, self.flower_doublings, self.own_bonus_items = lines
        else:
            self.bonus_base = self.flower_doublings = 0
            self.bonus_items = self.own_bonus_items = ()
        self.moments = situation.moments
        self.only_possible = False

    def _tally_melds(self, melds: Sequence[Meld], kong_honour_lines: tuple[tuple[ScoreItem, ...], ...]) -> None:
        """The declared melds' points, doublings, set counts and tile facts, and their score card lines."""
        base = doublings = pungs = kongs = concealed_kongs = winds = dragons = flags = 0
        tiles: tuple[Tile, ...] = ()
        point_items: list[ScoreItem] = []
        doubling_items: list[ScoreItem] = []
        for meld in melds:
            meld_tiles = meld.tiles
            tiles += meld_tiles
            tile = meld_tiles[0]
            kind = meld.kind
            if kind is _CHOW_KIND:
                flags |= _CHOW_FLAGS[tile]
                continue
            flags |= _FLAGS[tile]
            pungs += 1
            if kind is _KONG_KIND:
                kongs += 1
                if meld.open:
                    item = _OPEN_KONG_ITEM[tile]
                else:
                    concealed_kongs += 1
                    item = _CONCEALED_KONG_ITEM[tile]
                honour_lines = kong_honour_lines
            else:
                item = _OPEN_PUNG_ITEM[tile]
                honour_lines = self.pung_honour_lines
            point_items.append(item)
            base += item.value  # a set's line is worth the points it adds
            if tile >= 27:
                doublings += self.honour_doublings[tile - 27]
                doubling_items += honour_lines[tile - 27]
                if tile >= 31:
                    dragons += 1
                else:
                    winds += 1
        self.meld_tiles = tiles
        self.meld_base = base
        self.meld_doublings = doublings
        self.meld_pungs = pungs
        self.meld_kongs = kongs
        self.concealed_kongs = concealed_kongs
        self.meld_winds = winds
        self.meld_dragons = dragons
        self.meld_flags = flags
        # Chows and pungs are declared open: only concealed kongs keep the hand concealed.
        self.open_meld = concealed_kongs < len(melds)
        self.meld_point_items = tuple(point_items)
        self.meld_doubling_items = tuple(doubling_items)

    def held(self, counts: Sequence[int], tile: int) -> int:
        """How many of ``tile`` the player held before the winning tile came (standing and declared),
        from ``counts``, the standing tiles with the winning tile."""
        return counts[tile] - (tile == self.win) + self.meld_tiles.count(tile)

    # -- counting one reading of the hand

    def count(
        self, sets: Sequence[int], pairs: Sequence[int], flags: int, peling: bool = False
    ) -> tuple[int, int, tuple[ScoreItem, ...]]:
        """Base points, doublings and the score card's lines (in the order a player counts them) of
        one split: ``sets`` standing in the hand (pung = tile, chow = tile + CHOW), ``pairs`` (the
        winner's one pair; every standing dragon pair of a loser), ``flags`` the OR of every tile's
        facts; ``peling`` when a Circle 1 closed the pair standing in for a Bamboo 1. The lines are
        written for every split counted, as most hands have one: a flag asking for them would cost
        more than writing them for the rare hand with several."""
        win = self.win
        winner = self.winner
        pair = pairs[0] if pairs else -1

        # Where the winning tile stands: closing the pair is worth 2; in a chow it changes nothing;
        # in a pung completed by a discard (or a robbed tile) that pung is open. The player gets
        # the best place, in that order.
        pair_wait = winner and (peling or pair == win)
        opened = -1
        if winner and not pair_wait and not self.self_drawn and win in sets:
            # The pung of the winning tile is open unless a chow holds that tile (a chow holding
            # it starts at it or one or two below it).
            if not (win + CHOW in sets or win - 1 + CHOW in sets or win - 2 + CHOW in sets):
                opened = win

        base = self.meld_base
        doublings = self.meld_doublings
        pungs = self.meld_pungs  # pungs and kongs
        concealed = self.concealed_kongs  # concealed pungs and kongs
        winds = self.meld_winds
        dragons = self.meld_dragons
        standing: list[ScoreItem] = []  # the points lines of the sets and pairs standing in the hand
        # The lines of the sets' doublings (those counted already), written after the points.
        set_doublings = self.meld_doubling_items
        for code in sets:
            if code >= CHOW:
                continue
            pungs += 1
            if code == opened:
                base += _OPEN_PUNG[code]
                standing.append(_OPEN_PUNG_ITEM[code])
            else:
                base += _CONCEALED_PUNG[code]
                concealed += 1
                standing.append(_CONCEALED_PUNG_ITEM[code])
            if code >= 27:
                doublings += self.honour_doublings[code - 27]
                set_doublings += self.pung_honour_lines[code - 27]
                if code >= 31:
                    dragons += 1
                else:
                    winds += 1
        for tile in pairs:
            if tile >= 31:
                base += _DRAGON_PAIR_POINTS
                standing.append(_DRAGON_PAIR_ITEM[tile])
        base += self.bonus_base
        winning_lines: tuple[ScoreItem, ...] = ()
        if winner:
            points, winning_lines = _WINNING_POINTS[self.self_drawn][self.only_possible][pair_wait][peling]
            base += points

        # Doublings, in the order of the seed's table: winds and dragons, hand structure, special
        # sets, winning moments, own flower and season.
        # (A tuple: most hands find only lines from the tables, which need no copy.)
        found: tuple[ScoreItem, ...] = ()
        if winner:
            if self.self_drawn and not self.open_meld:
                found += (_FULLY_CONCEALED,)
            if winds == 3 and 27 <= pair <= 30:
                found += (_LITTLE_FOUR_WINDS,)
            if dragons == 2 and pair >= 31:
                found += (_LITTLE_THREE_DRAGONS,)
            if pungs == 0:  # a winner holds four sets: four chows
                found += (_FOUR_CHOWS,)
            elif pungs == 4:
                found += (_FOUR_PUNGS,)
        found += _TILE_DOUBLINGS[winner][flags]
        if concealed >= 3:
            found += (_THREE_CONCEALED_PUNGS if concealed == 3 else _FOUR_CONCEALED_PUNGS,)
        if self.concealed_kongs >= 3:
            found += (_THREE_CONCEALED_KONGS,)
        if self.meld_kongs == 4:
            found += (_FOUR_KONGS,)
        if winner and (self.moments or self.win_by in _MOMENT_WINS):
            found += self._moment_items()
        for item in found:
            doublings += item.value
        doublings += self.flower_doublings
        items = (
            *self.meld_point_items,
            *standing,
            *self.bonus_items,
            *winning_lines,
            *set_doublings,
            *found,
            *self.own_bonus_items,
        )
        return base, doublings, items

    def _moment_items(self) -> tuple[ScoreItem, ...]:
        """The doublings of the winning moment (the winner's only)."""
        found = []
        win = self.win
        if self.self_drawn and "last_tile" in self.moments:
            # Only the last live tile drawn by the winner doubles: NTS has no item for winning on the
            # discard made after it (docs/rules/nts.md), which the moment also covers.
            found.append(_LAST_TILE_CIRCLE_1 if win == CIRCLE_1 else _LAST_TILE)
        win_by = self.win_by
        if win_by == "kong_replacement":
            # The three replacement items do not add to each other: kong on kong replaces the others.
            if "kong_on_kong" in self.moments:
                found.append(_KONG_ON_KONG_CIRCLE_5 if win == CIRCLE_5 else _KONG_ON_KONG)
            else:
                found.append(_KONG_REPLACEMENT_CIRCLE_5 if win == CIRCLE_5 else _KONG_REPLACEMENT)
        elif win_by == "robbing_kong":
            found.append(_ROBBING_THE_KONG)
        return tuple(found)


_ONE_SUIT_OR_NONE = frozenset((0, _M, _P, _S))


def _tile_doublings(flags: int, winner: bool) -> tuple[ScoreItem, ...]:
    """The doublings that the tiles' facts alone decide: pure simplicity (the winner's), and how
    clean the hand is."""
    found = []
    if winner and not flags & (_TERMINAL | _HONOURS):
        found.append(_PURE_SIMPLICITY)
    suits = flags & _SUITS
    if suits in _ONE_SUIT_OR_NONE:
        if not suits or not flags & _HONOURS:
            found.append(_PURE)
        elif flags & _SIMPLE:
            found.append(_CLEAN)
        else:
            found.append(_VERY_CLEAN)
    return tuple(found)


# Indexed [winner][flags]: every OR of tile facts is below _NOT_GREEN * 2.
_TILE_DOUBLINGS = tuple(
    tuple(_tile_doublings(flags, winner) for flags in range(2 * _NOT_GREEN)) for winner in (False, True)
)
_MOMENT_WINS = frozenset(("robbing_kong", "kong_replacement"))


def _flags_of(counts: Sequence[int], meld_flags: int) -> int:
    flags = meld_flags
    for tile, count in enumerate(counts):
        if count:
            flags |= _FLAGS[tile]
    return flags


def _ordinary_total(base: int, doublings: int) -> int:
    return min(base << doublings, CAP)


def _totals(base: int, doublings: int, valid: bool = True) -> tuple[Mapping[str, int], str]:
    """The score card's details, read-only (equal hands share them), and its calculation, e.g.
    ``34 × 2² = 136``; for a winner below the minimum, that it scores 0. Memoised: few pairs ever
    occur."""
    key = (base, doublings, valid)
    found = _TOTALS.get(key)
    if found is None:
        raw = base << doublings
        text = f"{base} = {raw}" if doublings == 0 else f"{base} × {_power(doublings)} = {raw}"
        if raw > CAP:
            text += f", capped at {CAP}"
        if not valid:
            text += "; not a valid Mahjong, so 0"
        found = (MappingProxyType({"base": base, "doublings": doublings}), text)
        if len(_TOTALS) < 100_000:
            _TOTALS[key] = found
    return found


_TOTALS: dict[tuple[int, int, bool], tuple[Mapping[str, int], str]] = {}
# The details of a limit hand, or of a hand that is no win.
_NO_TOTALS = MappingProxyType({"base": 0, "doublings": 0})


class NTS(Ruleset):
    typical_win = 180  # an average win's total at four Expert (docs/bots.md, "The evaluator")
    name = "nts"
    title = "Dutch tournament rules (NTS) with the score app's deviations"
    summary = "The Dutch tournament rules: every hand scores base points × 2^doublings, up to 2000."
    defaults: ClassVar[Mapping[str, Any]] = {}  # the rules page names no options
    # What the faces show of it: listed first (the score app's own rules); a match against the computer
    # is a session of four hands, every seat moving after each: the rules leave nothing to choose.
    order: ClassVar[int] = 10
    short_name: ClassVar[str] = "NTS"
    play_label: ClassVar[str] = N_("NTS (Dutch tournament rules)")
    play_intro: ClassVar[str] = N_(
        "Build four sets and a pair: claim discards with Chi, Pong and Kong, and win by Ron or Tsumo. Every"
        " hand is scored, the losers' too, and all four settle with each other; East pays and receives double."
    )
    # A sheet's match: a session of 4 games, everyone East once (seed 000), or open-ended.
    sheet_lengths: ClassVar[tuple[tuple[str, str], ...]] = (
        ("session", N_("Session of 4 games")),
        ("open", N_("Open-ended")),
    )
    sheet_table_points: ClassVar[bool] = True  # a session's standings: 4, 2, 1 and ½ table points
    sheet_chombo: ClassVar[int | None] = 1000  # half the limit, off the offender's total (rules/nts.md, Chombo)

    def table(self, options: Mapping[str, Any] | None = None) -> TableRules:
        self.resolve_options(options)
        return TableRules(
            bonus_tiles=True,
            break_dice=2,
            dead_wall="fixed",
            rotation="seats",
            prevailing_wind_by_dice=True,
            rob_added_kong=True,
            false_win="dead_hand",
            hands_in_match=4,
            break_roller="prevailing_wind",
            round_wind="dice",
            scores_losers=True,
            # Seed 000: a replacement that is a flower/season is set out "and replaced again immediately".
            bonus_chain="immediate",
        )

    def forms(self, options: Mapping[str, Any] | None = None) -> Forms:
        # Seven Twins and Thirteen Orphans are NTS hands; four of a kind is never two pairs. The
        # snakes and Imperial Court are not modelled by the shanten tables: is_complete knows them.
        self.resolve_options(options)
        return Forms(seven_pairs=True, thirteen_orphans=True, four_as_two_pairs=False)

    # -- winning shapes

    def is_complete(self, counts: Sequence[int], melds: int = 0, options: Mapping[str, Any] | None = None) -> bool:
        """Four sets and a pair, or (nothing declared) an irregular limit hand, or a hand that a
        Circle 1 completes by standing in for a Bamboo 1 in the closing pair (Pe-ling eats cake).
        For that last shape the counts cannot say which tile came last: :meth:`score` checks that
        the Circle 1 was the winning tile."""
        if options:
            self.resolve_options(options)
        if is_regular_complete(counts, melds):
            return True
        if melds == 0 and shapes.irregular_limit(counts) is not None:
            return True
        return shapes.peling_complete(counts, melds)

    def waits(self, counts: Sequence[int], melds: int = 0, options: Mapping[str, Any] | None = None) -> list[Tile]:
        """Tile kinds that complete a 13-tile hand: regular waits, irregular limit hands, and the
        Circle 1 when a Bamboo 1 would close the pair."""
        if options:
            self.resolve_options(options)
        if sum(counts) != 13 - 3 * melds:
            return []
        found = set(completing_tiles(counts))
        if melds == 0:
            found.update(tile for tile, _ in shapes.irregular_waits(counts))
        if counts[CIRCLE_1] < 4 and _bamboo_1_closes_pair(counts, melds):
            found.add(CIRCLE_1)
        return [KINDS[t] for t in sorted(found)]

    # -- scoring

    def decisions(self, situation: HandSituation, result: ScoreResult) -> list[str]:
        """Pe-ling eats cake as seed 000 words it (a win on Circle 1 while Bamboo 1 forms the pair), where
        that reading would change the total."""
        if not result.valid or result.limit is not None:
            return []
        if str(situation.winning_tile) != "1p" or any(item.name == "Pe-ling eats cake" for item in result.items):
            return []
        if sum(str(tile) == "1s" for tile in situation.concealed) < 2:
            return []
        base, doublings = result.details.get("base", 0), result.details.get("doublings", 0)
        total = min((base + 10) << doublings, CAP)
        return [PE_LING_DECISION.format(total=total)] if total != result.total else []

    def check_scores(
        self, scores: Mapping[str, Any], winner: str | None, dead: Collection[str] = (), *, field: str = "scores"
    ) -> None:
        """Every hand score 0-2000, a winner's at least 80 (Mahjong's 20 points doubled twice, the least a
        legal win scores; every limit hand is more), a dead hand 0: the score sheet's checks and those of
        the web's ``POST /api/settle``."""
        for key, value in scores.items():
            if not isinstance(value, int) or isinstance(value, bool):
                continue  # the caller's own reading of the value says what is wrong with it
            if key in dead and value != 0:
                raise ScoresError(f"{field}.{key}", "a dead hand scores 0, not {value}", value=value)
            if value > CAP:
                raise ScoresError(
                    f"{field}.{key}", "an NTS hand scores at most {cap}, not {value}", cap=CAP, value=value
                )
        if winner is None:
            return
        value = scores.get(winner)
        if isinstance(value, int) and not isinstance(value, bool) and value < MINIMUM_WIN:
            raise ScoresError(
                f"{field}.{winner}",
                "a winning NTS hand scores at least {minimum} (Mahjong with two doublings), not {value}",
                minimum=MINIMUM_WIN,
                value=value,
            )

    def score(self, situation: HandSituation) -> ScoreResult:
        check_tile_counts(situation)
        if situation.options:
            self.resolve_options(situation.options)
        hand = _Hand(situation)
        if not hand.winner:
            return _score_standing(hand, situation)
        if situation.moments:
            _check_moments(situation)
        return _score_win(hand, situation)

    def scoring_table(self) -> ScoringTable:
        return ScoringTable(
            SECTIONS,
            (
                f"Every player's hand scores base points × 2^doublings, at most {CAP}; the winner adds the"
                " Mahjong points and the winner's doublings.",
                f"A winner needs at least {MINIMUM_DOUBLINGS} doublings, unless the hand is a limit hand.",
                "Each loser pays the winner the winner's score and every two losers settle the difference of"
                " theirs; a payment is doubled when East pays or receives it.",
            ),
        )

    # -- settlement

    def settle(self, settlement: Settlement) -> dict[str, int]:
        """Each loser pays the winner the winner's score; every two losers settle the difference of
        their scores; a payment is doubled when East pays or receives it. A dead hand scores 0."""
        self.resolve_options(settlement.options)
        payments = dict.fromkeys(SEATS, 0)
        winner = settlement.winner
        if winner is None:
            return payments  # a drawn game (remise): no scores, no payments
        if winner in settlement.dead:
            raise SituationError("dead", f"the winner ({winner}) cannot have a dead hand")
        missing = [seat for seat in SEATS if seat not in settlement.scores and seat not in settlement.dead]
        if missing:
            raise SituationError(
                "scores", f"NTS settles between all four players: needs the total of {', '.join(missing)}"
            )
        scores = {seat: 0 if seat in settlement.dead else settlement.scores[seat] for seat in SEATS}
        losers = [seat for seat in SEATS if seat != winner]
        for loser in losers:
            amount = scores[winner] * (2 if "E" in (winner, loser) else 1)
            payments[loser] -= amount
            payments[winner] += amount
        for i, first in enumerate(losers):
            for second in losers[i + 1 :]:
                difference = scores[first] - scores[second]
                amount = difference * (2 if "E" in (first, second) else 1)
                payments[first] += amount
                payments[second] -= amount
        return payments


def _bamboo_1_closes_pair(counts: Sequence[int], melds: int) -> bool:
    """Whether a Bamboo 1 would complete this 13-tile hand as the second tile of its closing pair."""
    if not counts[BAMBOO_1]:
        return False
    with_bamboo = list(counts)
    with_bamboo[BAMBOO_1] += 1
    if with_bamboo[BAMBOO_1] > 4:
        return False
    if shapes.peling_splits(with_bamboo):
        return True
    return melds == 0 and with_bamboo[BAMBOO_1] == 2 and shapes.twins_limit(with_bamboo) is not None


def _check_moments(situation: HandSituation) -> None:
    moments = situation.moments
    if not moments:
        return
    if "heavenly" in moments and (situation.seat_wind != "E" or situation.melds):
        raise SituationError(
            "moments", "heavenly is the dealer's (seat_wind E) win on the dealt hand, nothing declared"
        )
    if "earthly" in moments and (situation.seat_wind == "E" or situation.win_by != "discard" or situation.melds):
        raise SituationError(
            "moments", "earthly is a non-dealer's win on the dealer's first discard (win_by discard, nothing declared)"
        )
    if "kong_on_kong" in moments and situation.win_by != "kong_replacement":
        raise SituationError("moments", "kong_on_kong is a win on a kong replacement (win_by kong_replacement)")


# -- the winner


_FOUR_WINDS = limit("four_winds")
_THREE_DRAGONS = limit("three_dragons")
_JADE_HAND = limit("jade_hand")
_FOUR_CONCEALED_KONGS = limit("four_concealed_kongs")
_HEAD_AND_TAIL = limit("head_and_tail")
_WINDING_SNAKE = limit("winding_snake")
_HEAVENLY_HAND = limit("heavenly_hand")
_EARTHLY_HAND = limit("earthly_hand")


def _regular_limit(hand: _Hand, counts: Sequence[int], flags: int) -> tuple[str, int] | None:
    """The regular limit hand (open or concealed) that a complete regular hand forms, if any.
    Honours cannot form chows, so three or four of an honour standing in a complete hand is a pung."""
    if flags & _HONOURS:
        if flags & _WIND:
            winds = hand.meld_winds + (counts[27] >= 3) + (counts[28] >= 3) + (counts[29] >= 3) + (counts[30] >= 3)
            if winds == 4:
                return _FOUR_WINDS
        if flags & _DRAGON:
            dragons = hand.meld_dragons + (counts[31] >= 3) + (counts[32] >= 3) + (counts[33] >= 3)
            if dragons == 3:
                return _THREE_DRAGONS
    if not flags & _NOT_GREEN:
        return _JADE_HAND
    if hand.concealed_kongs == 4:
        return _FOUR_CONCEALED_KONGS
    if not flags & (_SIMPLE | _HONOURS):
        return _HEAD_AND_TAIL
    suit = flags & _SUITS
    if suit in _ONE_SUIT and not flags & _HONOURS:
        start = _SUIT_START[suit]
        ranks = list(counts[start : start + 9])
        for meld in hand.melds:
            for tile in meld.tiles[:3]:  # a kong counts as the pung it extends
                ranks[tile - start] += 1
        if ranks in _WINDING_SNAKES:
            return _WINDING_SNAKE
    return None


_ONE_SUIT = frozenset((_M, _P, _S))
_SUIT_START = {_M: 0, _P: 9, _S: 18}
# Pungs of 1 and 9 and 2345678 of one suit, the pair a 2, 5 or 8 (the chows fall around it).
_WINDING_SNAKES = tuple([3, 1 + (pair == 1), 1, 1, 1 + (pair == 4), 1, 1, 1 + (pair == 7), 3] for pair in (1, 4, 7))


def _irregular_limit(counts: Sequence[int], flags: int) -> tuple[str, int] | None:
    """The irregular limit hand of a hand with nothing declared. Most hands hold simples of two or
    three suits, where only Seven Twins is possible: that case is a single count."""
    if flags & _SUITS in _ONE_SUIT_OR_NONE or not flags & _SIMPLE:
        return shapes.irregular_limit(counts)
    return shapes.SEVEN_TWINS if counts.count(2) == 7 else None


def _score_win(hand: _Hand, situation: HandSituation) -> ScoreResult:
    concealed = situation.concealed
    melds = len(situation.melds)
    win = hand.win
    if len(concealed) != 13 - 3 * melds:
        raise SituationError("concealed", "a winning hand holds 14 tiles, kongs counted as three")
    # The standing tiles with the winning tile, counted as bytes: the splitter's key is a bytes
    # copy, cheap from a bytearray.
    counts = bytearray(34)
    counts[win] = 1
    for tile in concealed:
        counts[tile] += 1
    regular = regular_splits(counts)
    # The OR of every tile's facts: from the sets of a split when there is one (fewer look-ups).
    if regular:
        sets, pair = regular[0]
        flags = hand.meld_flags | _FLAGS[pair]
        for code in sets:
            flags |= _SET_FLAGS[code]
    else:
        flags = _flags_of(counts, hand.meld_flags)
    swapped = shapes.peling_counts(counts) if win == CIRCLE_1 else None
    peling = shapes.peling_splits(swapped) if swapped is not None else []
    peling_flags = _flags_of(swapped, hand.meld_flags) if peling and swapped is not None else 0

    # Limit hands: the highest that applies scores its fixed value.
    limits: list[tuple[str, int]] = []
    if not melds:
        irregular = _irregular_limit(counts, flags)
        if irregular is not None:
            limits.append(irregular)
        if swapped is not None and swapped[BAMBOO_1] == 2:
            twins = shapes.twins_limit(swapped)
            if twins is not None:
                limits.append(twins)
    if not (regular or peling or limits):
        return _NOT_A_WIN
    if regular:
        found = _regular_limit(hand, counts, flags)
        if found is not None:
            limits.append(found)
    if peling and swapped is not None:
        found = _regular_limit(hand, swapped, peling_flags)
        if found is not None:
            limits.append(found)
    if hand.moments:
        if "heavenly" in hand.moments:
            limits.append(_HEAVENLY_HAND)
        if "earthly" in hand.moments:
            limits.append(_EARTHLY_HAND)
    if limits:
        return _limit_result(max(limits, key=_limit_value))  # the first of the highest

    hand.only_possible = _only_possible_tile(hand, counts, regular)
    if len(regular) == 1 and not peling:  # the common case: one reading
        sets, pair = regular[0]
        base, doublings, items = hand.count(sets, (pair,), flags)
    else:  # the reading that scores best, the first of equals
        readings = [(sets, pair, flags, False) for sets, pair in regular]
        readings += [(sets, pair, peling_flags, True) for sets, pair in peling]
        best_key = (False, -1)
        for sets, pair, reading_flags, is_peling in readings:
            counted = hand.count(sets, (pair,), reading_flags, is_peling)
            key = (counted[1] >= MINIMUM_DOUBLINGS, min(counted[0] << counted[1], CAP))
            if key > best_key:
                (base, doublings, items), best_key = counted, key
    # ScoreResult(rules, valid, total, items, reason, limit, details, arithmetic), by position:
    # keywords cost more, and this runs for every hand scored.
    if doublings < MINIMUM_DOUBLINGS:
        details, arithmetic = _totals(base, doublings, valid=False)
        reason = _BELOW_MINIMUM[doublings]
        return ScoreResult("nts", False, 0, items, reason, None, details, arithmetic)
    details, arithmetic = _totals(base, doublings)
    return ScoreResult("nts", True, min(base << doublings, CAP), items, None, None, details, arithmetic)


_BELOW_MINIMUM = tuple(f"needs at least {MINIMUM_DOUBLINGS} doublings, has {d}" for d in range(MINIMUM_DOUBLINGS))


def _limit_value(limit: tuple[str, int]) -> int:
    return limit[1]


@cache
def _limit_result(limit: tuple[str, int]) -> ScoreResult:
    """A limit hand's result: one per limit hand, shared by every hand that forms it."""
    name, value = limit
    item = LIMIT_BY_NAME[name].item()
    assert item.value == value
    return ScoreResult("nts", True, value, (item,), None, name, _NO_TOTALS, f"{name}: limit hand, {value}")


_NOT_A_WIN = ScoreResult(
    "nts",
    False,
    0,
    reason="not a winning hand: the tiles form neither four sets and a pair nor a special hand",
    details=_NO_TOTALS,
)


def _only_possible_tile(hand: _Hand, counts: Sequence[int], regular: Sequence[Split]) -> bool:
    """Whether the 13 tiles before the win waited on exactly one tile kind (the player's own tiles
    count: a kind they hold all four of cannot come; other tiles on the table are not considered)."""
    win = hand.win
    # Cheap proofs of a second wait (found in most hands): the winning tile completed a pung (then
    # the pair could have become the pung instead), or it is one end of a two-sided chow (then the
    # other end would have done); unless the player holds all four of that other tile.
    # (When that proof fails, the full search below decides.)
    for sets, pair in regular:
        if win in sets:
            other = pair
        elif win + CHOW in sets and win % 9 != 6:
            other = win + 3
        elif win - 2 + CHOW in sets and win % 9 != 2:
            other = win - 3
        else:
            continue
        if hand.held(counts, other) < 4:
            return False
    if regular:
        # The scorer's counts are mutable (the shapes helper slices a mutable copy of one group).
        waits: Sequence[int] = shapes.waits_before_win(cast("bytearray | list[int]", counts), win, regular[0][1])
    else:  # Pe-ling eats cake alone: the 13 tiles wait on a Bamboo 1, or on something else
        waits = completing_tiles(_without(counts, win))
    meld_tiles = hand.meld_tiles
    if meld_tiles:
        # The waits leave out a kind the 13 standing tiles hold four of; a declared meld can make it
        # four of one more. Irregular hands have nothing declared.
        coming = 0
        for tile in waits:
            if tile not in meld_tiles or hand.held(counts, tile) < 4:
                coming += 1
        return coming == 1
    if len(waits) > 1:
        return False
    irregular = shapes.irregular_waits(_without(counts, win))
    return len(set(waits).union(tile for tile, _ in irregular)) == 1


def _without(counts: Sequence[int], tile: int) -> bytearray:
    """The counts with one ``tile`` taken out."""
    fewer = bytearray(counts)
    fewer[tile] -= 1
    return fewer


# -- a hand that did not win


def _score_standing(hand: _Hand, situation: HandSituation) -> ScoreResult:
    """A loser's hand: its declared sets, the pungs and dragon pairs standing in the hand (a standing
    pung counts as concealed), flowers and seasons, and the doublings for all players. One tile from
    an irregular limit hand it scores half that limit instead, when that is more."""
    counts = situation.counts()
    pungs = [tile for tile in range(34) if counts[tile] >= 3]
    pairs = [tile for tile in (31, 32, 33) if counts[tile] == 2]
    flags = _flags_of(counts, hand.meld_flags)
    base, doublings, items = hand.count(pungs, pairs, flags)
    total = _ordinary_total(base, doublings)
    if not situation.melds:
        waiting = shapes.irregular_waits(counts)
        if waiting:
            name, value = max((limit for _, limit in waiting), key=lambda limit: limit[1])
            if value // 2 > total:
                tiles = format_tiles(tile for tile, limit in waiting if limit[0] == name)
                return ScoreResult(
                    "nts",
                    True,
                    value // 2,
                    (ScoreItem(LIMITS["waiting"].name.format(limit=name, tiles=tiles), "limit", value // 2),),
                    limit=f"{name} (waiting)",
                    details=_NO_TOTALS,
                    arithmetic=f"{name} {value} ÷ 2 = {value // 2}",
                )
    details, arithmetic = _totals(base, doublings)
    return ScoreResult("nts", True, total, items, details=details, arithmetic=arithmetic)
