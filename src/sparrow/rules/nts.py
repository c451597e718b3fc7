"""NTS: the Dutch tournament rules as the score app plays them (seed 000, ``shared/rules/nts.md``).

Every player's hand is scored, the winner's and the losers': ``min(base × 2^doublings, 2000)``.
Base points come from pungs and kongs, a pair of dragons and the flowers and seasons; the winner
adds the Mahjong points. Doublings come from the sets and the whole hand; the winner adds their own.
A winner needs at least two doublings unless the hand is one of the 18 limit hands, which score a
fixed value. A loser one tile from an irregular limit hand scores half its value. Settlement is
between every pair of players, double for East.

Speed matters (the table engine and the benchmark score many hands), so a hand is counted on plain
ints: per-tile facts are tables, the split of the hand comes from the core's memo (``sparrow.shapes``), each
split is counted with numbers only, and the score card's items are written once, for the best.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.analysis import Forms
from sparrow.hand import MeldKind
from sparrow.rules import nts_shapes as shapes
from sparrow.rules.nts_shapes import BAMBOO_1, CIRCLE_1
from sparrow.rules.ruleset import Ruleset, ScoreItem, ScoreResult, Settlement, TableRules, register
from sparrow.shapes import CHOW, completing_tiles, is_regular_complete, regular_splits
from sparrow.situation import SELF_DRAWN, HandSituation, SituationError
from sparrow.tiles import BONUS_TILES, KINDS, SEATS, Tile, format_tiles

__all__ = ["NTS", "CAP", "MINIMUM_DOUBLINGS"]

CAP = 2000
MINIMUM_DOUBLINGS = 2
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
# Points of an open pung; a concealed pung doubles it, an open kong is × 4, a concealed kong × 8.
_OPEN_PUNG = tuple(4 if t.is_orphan else 2 for t in KINDS)

_SEAT_WIND = {"E": 27, "S": 28, "W": 29, "N": 30}
# Doublings for a pung or kong of each honour (East ... Red), per (seat wind, prevailing wind):
# a dragon 1, the own wind 1, the prevailing wind 1 (a wind that is both: 2).
_HONOUR_DOUBLINGS = {
    (seat, prevailing): tuple((27 + i == _SEAT_WIND[seat]) + (27 + i == _SEAT_WIND[prevailing]) for i in range(4))
    + (1, 1, 1)
    for seat in SEATS
    for prevailing in SEATS
}

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")

# -- the score card's lines, made once: a ScoreItem is a frozen value and costs more to build than
# to count a hand with, so every line that can occur is a table entry.


def _set_items(kind: str, factor: int, opened: bool) -> tuple[ScoreItem, ...]:
    word = "Open" if opened else "Concealed"
    return tuple(ScoreItem(f"{word} {kind} of {t.name}", "points", _OPEN_PUNG[t] * factor) for t in KINDS)


_OPEN_PUNG_ITEM = _set_items("pung", 1, True)
_CONCEALED_PUNG_ITEM = _set_items("pung", 2, False)
_OPEN_KONG_ITEM = _set_items("kong", 4, True)
_CONCEALED_KONG_ITEM = _set_items("kong", 8, False)
_DRAGON_PAIR_ITEM = {t: ScoreItem(f"Pair of dragons ({KINDS[t].name})", "points", 2) for t in (31, 32, 33)}
_BONUS_ITEM = {int(t): ScoreItem(t.name, "points", 4) for t in BONUS_TILES}
_OWN_BONUS_ITEM = {
    int(t): ScoreItem(f"Own {'flower' if t < 38 else 'season'} ({t.name})", "doubling", 1) for t in BONUS_TILES
}
_BONUS_SEAT = {int(t): _SEAT_WIND[t.seat] for t in BONUS_TILES}  # flower/season k belongs to seat k


def _honour_items(kind: str, what: str) -> dict[int, ScoreItem]:
    return {t: ScoreItem(f"{kind} of {what} ({KINDS[t].name})", "doubling", 1) for t in range(27, 34)}


_DRAGON_SET_ITEM = {kind: _honour_items(kind, "dragons") for kind in ("Pung", "Kong")}
_OWN_WIND_ITEM = {kind: _honour_items(kind, "own wind") for kind in ("Pung", "Kong")}
_PREVAILING_WIND_ITEM = {kind: _honour_items(kind, "prevailing wind") for kind in ("Pung", "Kong")}

_MAHJONG = ScoreItem("Mahjong", "points", 20)
_SELF_DRAWN = ScoreItem("Self-drawn winning tile", "points", 2)
_ONLY_POSSIBLE = ScoreItem("Only possible tile", "points", 2)
_COMPLETES_PAIR = ScoreItem("Winning tile completes the pair", "points", 2)
_PELING = ScoreItem("Pe-ling eats cake", "points", 10)
_FULLY_CONCEALED = ScoreItem("Fully concealed hand", "doubling", 2)
_LITTLE_FOUR_WINDS = ScoreItem("Little four winds", "doubling", 1)
_LITTLE_THREE_DRAGONS = ScoreItem("Little three dragons", "doubling", 1)
_FOUR_CHOWS = ScoreItem("Four chows", "doubling", 1)
_FOUR_PUNGS = ScoreItem("Four pungs", "doubling", 1)
_PURE_SIMPLICITY = ScoreItem("Pure simplicity", "doubling", 1)
_CLEAN = ScoreItem("Clean hand", "doubling", 1)
_VERY_CLEAN = ScoreItem("Very clean", "doubling", 2)
_PURE = ScoreItem("Pure", "doubling", 3)
_THREE_CONCEALED_PUNGS = ScoreItem("Three concealed pungs", "doubling", 1)
_FOUR_CONCEALED_PUNGS = ScoreItem("Four concealed pungs", "doubling", 2)
_THREE_CONCEALED_KONGS = ScoreItem("Three concealed kongs", "doubling", 2)
_FOUR_KONGS = ScoreItem("Four kongs", "doubling", 3)
_LAST_TILE = ScoreItem("Last tile of the live wall", "doubling", 1)
_LAST_TILE_CIRCLE_1 = ScoreItem("Last tile is Circle 1", "doubling", 3)
_KONG_REPLACEMENT = ScoreItem("Kong with flowering flowers", "doubling", 1)
_KONG_REPLACEMENT_CIRCLE_5 = ScoreItem("Kong with flowering flowers - Circle 5", "doubling", 3)
_KONG_ON_KONG = ScoreItem("Kong on kong", "doubling", 2)
_KONG_ON_KONG_CIRCLE_5 = ScoreItem("Kong on kong - Circle 5", "doubling", 3)
_ROBBING_THE_KONG = ScoreItem("Robbing the kong", "doubling", 1)


def _power(doublings: int) -> str:
    return "2" if doublings == 1 else "2" + str(doublings).translate(_SUPERSCRIPT)


class _Hand:
    """The facts of one hand situation that do not depend on how its standing tiles are split:
    the declared melds, the flowers and seasons, the winds, how the hand was won."""

    __slots__ = (
        "winner",
        "win",
        "self_drawn",
        "own_wind",
        "prevailing_wind",
        "melds",
        "meld_base",
        "meld_doublings",
        "meld_pungs",
        "meld_chows",
        "meld_kongs",
        "concealed_kongs",
        "meld_winds",
        "meld_dragons",
        "meld_flags",
        "open_meld",
        "bonus",
        "flower_doublings",
        "honour_doublings",
        "moments",
        "win_by",
        "only_possible",
    )

    def __init__(self, situation: HandSituation) -> None:
        winning_tile = situation.winning_tile
        self.win = -1 if winning_tile is None else int(winning_tile)
        self.winner = winning_tile is not None
        win_by = self.win_by = situation.win_by
        self.self_drawn = win_by in SELF_DRAWN
        own = self.own_wind = _SEAT_WIND[situation.seat_wind]
        self.prevailing_wind = _SEAT_WIND[situation.round_wind]
        honour_doublings = self.honour_doublings = _HONOUR_DOUBLINGS[situation.seat_wind, situation.round_wind]
        melds = self.melds = situation.melds
        base = doublings = pungs = chows = kongs = concealed_kongs = winds = dragons = flags = 0
        open_meld = False
        for meld in melds:
            tile = int(meld.tiles[0])
            kind = meld.kind
            if kind is MeldKind.CHOW:
                chows += 1
                flags |= _CHOW_FLAGS[tile]
                open_meld = True
                continue
            flags |= _FLAGS[tile]
            pungs += 1
            points = _OPEN_PUNG[tile]
            if kind is MeldKind.KONG:
                kongs += 1
                points *= 4
                if not meld.open:
                    concealed_kongs += 1
                    points *= 2
            if meld.open:
                open_meld = True
            base += points
            if tile >= 27:
                doublings += honour_doublings[tile - 27]
                if tile >= 31:
                    dragons += 1
                else:
                    winds += 1
        self.meld_base = base
        self.meld_doublings = doublings
        self.meld_pungs = pungs
        self.meld_chows = chows
        self.meld_kongs = kongs
        self.concealed_kongs = concealed_kongs
        self.meld_winds = winds
        self.meld_dragons = dragons
        self.meld_flags = flags
        self.open_meld = open_meld
        bonus = self.bonus = situation.bonus
        own_bonus = 0
        for tile in bonus:
            if _BONUS_SEAT[tile] == own:
                own_bonus += 1
        self.flower_doublings = own_bonus
        self.moments = situation.moments
        self.only_possible = False

    # -- counting one reading of the hand

    def count(
        self,
        sets: Sequence[int],
        pairs: Sequence[int],
        flags: int,
        peling: bool = False,
        items: list[ScoreItem] | None = None,
    ) -> tuple[int, int]:
        """Base points and doublings of one split: ``sets`` standing in the hand (pung = tile,
        chow = tile + CHOW), ``pairs`` (the winner's one pair; every standing dragon pair of a
        loser), ``flags`` the OR of every tile's facts; ``peling`` when a Circle 1 closed the pair
        standing in for a Bamboo 1. With ``items`` the score card's lines are appended, in the
        order a player counts them."""
        win = self.win
        winner = self.winner
        base = self.meld_base
        doublings = self.meld_doublings
        pungs = self.meld_pungs
        chows = self.meld_chows
        concealed = self.concealed_kongs
        winds = self.meld_winds
        dragons = self.meld_dragons
        honour_doublings = self.honour_doublings
        pair = pairs[0] if pairs else -1

        # Where the winning tile stands: closing the pair is worth 2; in a chow it changes nothing;
        # in a pung completed by a discard (or a robbed tile) that pung is open. The player gets
        # the best place, in that order.
        pair_wait = winner and (peling or pair == win)
        opened = -1
        if winner and not pair_wait and not self.self_drawn:
            for code in sets:
                if code >= CHOW and code - CHOW <= win <= code - CHOW + 2:
                    break
            else:
                opened = win

        set_doublings: list[ScoreItem] = []  # the lines of the sets' doublings, counted already
        if items is not None:
            self._meld_items(items, set_doublings)
        for code in sets:
            if code >= CHOW:
                chows += 1
                continue
            pungs += 1
            if code == opened:
                base += _OPEN_PUNG[code]
            else:
                base += 2 * _OPEN_PUNG[code]
                concealed += 1
            if items is not None:
                items.append(_OPEN_PUNG_ITEM[code] if code == opened else _CONCEALED_PUNG_ITEM[code])
            if code >= 27:
                doublings += honour_doublings[code - 27]
                if code >= 31:
                    dragons += 1
                else:
                    winds += 1
                if items is not None:
                    self._honour_items(set_doublings, code, "Pung")
        for tile in pairs:
            if tile >= 31:
                base += 2
                if items is not None:
                    items.append(_DRAGON_PAIR_ITEM[tile])
        bonus = self.bonus
        if bonus:
            base += 4 * len(bonus)
            if items is not None:
                items.extend(_BONUS_ITEM[tile] for tile in bonus)

        if winner:
            base += 20 + 2 * self.self_drawn + 2 * self.only_possible + 2 * pair_wait + 10 * peling
            if items is not None:
                items.append(_MAHJONG)
                if self.self_drawn:
                    items.append(_SELF_DRAWN)
                if self.only_possible:
                    items.append(_ONLY_POSSIBLE)
                if pair_wait:
                    items.append(_COMPLETES_PAIR)
                if peling:
                    items.append(_PELING)

        # Doublings, in the order of the seed's table: winds and dragons, hand structure, special
        # sets, winning moments, own flower and season.
        found: list[ScoreItem] = []
        if winner:
            if self.self_drawn and not self.open_meld:
                found.append(_FULLY_CONCEALED)
            if winds == 3 and 27 <= pair <= 30:
                found.append(_LITTLE_FOUR_WINDS)
            if dragons == 2 and pair >= 31:
                found.append(_LITTLE_THREE_DRAGONS)
            if chows == 4:
                found.append(_FOUR_CHOWS)
            if pungs == 4:
                found.append(_FOUR_PUNGS)
            if not flags & (_TERMINAL | _HONOURS):
                found.append(_PURE_SIMPLICITY)
        suits = flags & _SUITS
        if suits in _ONE_SUIT_OR_NONE:
            if not suits or not flags & _HONOURS:
                found.append(_PURE)
            elif flags & _SIMPLE:
                found.append(_CLEAN)
            else:
                found.append(_VERY_CLEAN)
        if concealed >= 3:
            found.append(_THREE_CONCEALED_PUNGS if concealed == 3 else _FOUR_CONCEALED_PUNGS)
        if self.concealed_kongs >= 3:
            found.append(_THREE_CONCEALED_KONGS)
        if self.meld_kongs == 4:
            found.append(_FOUR_KONGS)
        if winner and (self.moments or self.win_by in _MOMENT_WINS):
            self._moment_items(found)
        for item in found:
            doublings += item.value
        doublings += self.flower_doublings
        if items is not None:
            items.extend(set_doublings)
            items.extend(found)
            if self.flower_doublings:
                own = self.own_wind
                items.extend(_OWN_BONUS_ITEM[tile] for tile in bonus if _BONUS_SEAT[tile] == own)
        return base, doublings

    def _moment_items(self, found: list[ScoreItem]) -> None:
        win = self.win
        if "last_tile" in self.moments:
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

    def _meld_items(self, points: list[ScoreItem], doublings: list[ScoreItem]) -> None:
        for meld in self.melds:
            kind = meld.kind
            if kind is MeldKind.CHOW:
                continue
            tile = int(meld.tiles[0])
            if kind is MeldKind.KONG:
                points.append(_OPEN_KONG_ITEM[tile] if meld.open else _CONCEALED_KONG_ITEM[tile])
            else:
                points.append(_OPEN_PUNG_ITEM[tile])
            if tile >= 27:
                self._honour_items(doublings, tile, "Kong" if kind is MeldKind.KONG else "Pung")

    def _honour_items(self, doublings: list[ScoreItem], tile: int, kind: str) -> None:
        if tile >= 31:
            doublings.append(_DRAGON_SET_ITEM[kind][tile])
            return
        if tile == self.own_wind:
            doublings.append(_OWN_WIND_ITEM[kind][tile])
        if tile == self.prevailing_wind:
            doublings.append(_PREVAILING_WIND_ITEM[kind][tile])


_ONE_SUIT_OR_NONE = frozenset((0, _M, _P, _S))
_MOMENT_WINS = frozenset(("robbing_kong", "kong_replacement"))


def _flags_of(counts: Sequence[int], meld_flags: int) -> int:
    flags = meld_flags
    for tile, count in enumerate(counts):
        if count:
            flags |= _FLAGS[tile]
    return flags


def _ordinary_total(base: int, doublings: int) -> int:
    return min(base << doublings, CAP)


def _arithmetic(base: int, doublings: int) -> str:
    """The score card's calculation, e.g. ``34 × 2² = 136`` (memoised: few pairs ever occur)."""
    text = _ARITHMETIC.get((base, doublings))
    if text is None:
        raw = base << doublings
        text = f"{base} = {raw}" if doublings == 0 else f"{base} × {_power(doublings)} = {raw}"
        if raw > CAP:
            text += f", capped at {CAP}"
        if len(_ARITHMETIC) < 100_000:
            _ARITHMETIC[base, doublings] = text
    return text


_ARITHMETIC: dict[tuple[int, int], str] = {}


@register
class NTS(Ruleset):
    name = "nts"
    title = "Dutch tournament rules (NTS) with the score app's deviations"
    defaults: Mapping[str, Any] = {}  # the rules page names no options

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

    def score(self, situation: HandSituation) -> ScoreResult:
        if situation.options:
            self.resolve_options(situation.options)
        hand = _Hand(situation)
        if not hand.winner:
            return _score_standing(hand, situation)
        _check_moments(situation)
        return _score_win(hand, situation)

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


def _regular_limit(hand: _Hand, counts: Sequence[int], flags: int) -> tuple[str, int] | None:
    """The regular limit hand (open or concealed) that a complete regular hand forms, if any.
    Honours cannot form chows, so three or four of an honour standing in a complete hand is a pung."""
    if flags & _HONOURS:
        if flags & _WIND:
            winds = hand.meld_winds + (counts[27] >= 3) + (counts[28] >= 3) + (counts[29] >= 3) + (counts[30] >= 3)
            if winds == 4:
                return ("Four Winds", 2000)
        if flags & _DRAGON:
            dragons = hand.meld_dragons + (counts[31] >= 3) + (counts[32] >= 3) + (counts[33] >= 3)
            if dragons == 3:
                return ("Three Dragons", 2000)
    if not flags & _NOT_GREEN:
        return ("Jade Hand", 2000)
    if hand.concealed_kongs == 4:
        return ("Four Concealed Kongs", 2000)
    if not flags & (_SIMPLE | _HONOURS):
        return ("Head and Tail", 2000)
    suit = flags & _SUITS
    if suit in _ONE_SUIT and not flags & _HONOURS:
        start = _SUIT_START[suit]
        ranks = list(counts[start : start + 9])
        for meld in hand.melds:
            for tile in meld.tiles[:3]:  # a kong counts as the pung it extends
                ranks[tile - start] += 1
        if ranks in _WINDING_SNAKES:
            return ("Winding Snake", 1000)
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
    counts = situation.counts()
    melds = len(situation.melds)
    win = hand.win
    if len(situation.concealed) != 13 - 3 * melds:
        raise SituationError("concealed", "a winning hand holds 14 tiles, kongs counted as three")
    flags = hand.meld_flags | _FLAGS[win]
    for tile in situation.concealed:
        flags |= _FLAGS[tile]
    regular = regular_splits(counts)
    swapped = shapes.peling_counts(counts) if win == CIRCLE_1 else None
    peling = shapes.peling_splits(swapped) if swapped is not None else []
    peling_flags = _flags_of(swapped, hand.meld_flags) if peling else 0

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
        return ScoreResult(
            "nts",
            False,
            0,
            reason="not a winning hand: the tiles form neither four sets and a pair nor a special hand",
            details={"base": 0, "doublings": 0},
        )
    if regular:
        found = _regular_limit(hand, counts, flags)
        if found is not None:
            limits.append(found)
    if peling:
        found = _regular_limit(hand, swapped, peling_flags)
        if found is not None:
            limits.append(found)
    if hand.moments:
        if "heavenly" in hand.moments:
            limits.append(("Heavenly Hand", 2000))
        if "earthly" in hand.moments:
            limits.append(("Earthly Hand", 1000))
    if limits:
        name, value = max(limits, key=_limit_value)  # the first of the highest
        return ScoreResult(
            "nts",
            True,
            value,
            (ScoreItem(name, "limit", value),),
            limit=name,
            details={"base": 0, "doublings": 0},
            arithmetic=f"{name}: limit hand, {value}",
        )

    hand.only_possible = _only_possible_tile(hand, situation, counts, regular)
    if len(regular) == 1 and not peling:  # the common case: one reading
        best = (regular[0][0], regular[0][1], flags, False)
    else:
        candidates = [(sets, pair, flags, False) for sets, pair in regular]
        candidates.extend((sets, pair, peling_flags, True) for sets, pair in peling)
        best = candidates[0]
        best_key = (False, -1)
        for candidate in candidates:
            base, doublings = hand.count(candidate[0], (candidate[1],), candidate[2], candidate[3])
            key = (doublings >= MINIMUM_DOUBLINGS, min(base << doublings, CAP))
            if key > best_key:
                best, best_key = candidate, key
    items: list[ScoreItem] = []
    base, doublings = hand.count(best[0], (best[1],), best[2], best[3], items)
    details = {"base": base, "doublings": doublings}
    arithmetic = _arithmetic(base, doublings)
    if doublings < MINIMUM_DOUBLINGS:
        return ScoreResult(
            "nts",
            False,
            0,
            tuple(items),
            reason=f"needs at least {MINIMUM_DOUBLINGS} doublings, has {doublings}",
            details=details,
            arithmetic=f"{arithmetic}; not a valid Mahjong, so 0",
        )
    return ScoreResult("nts", True, min(base << doublings, CAP), tuple(items), None, None, details, arithmetic)


def _limit_value(limit: tuple[str, int]) -> int:
    return limit[1]


def _only_possible_tile(
    hand: _Hand, situation: HandSituation, counts: Sequence[int], regular: list[tuple[tuple[int, ...], int]]
) -> bool:
    """Whether the 13 tiles before the win waited on exactly one tile kind (the player's own tiles
    count: a kind they hold all four of cannot come; other tiles on the table are not considered)."""
    win = hand.win
    # Cheap proofs of a second wait: the winning tile completed a pung (then the pair could have
    # become the pung instead), or one end of a two-sided chow (then the other end would have done).
    others = []
    for sets, pair in regular:
        for code in sets:
            if code == win:
                others.append(pair)
            elif code >= CHOW:
                start = code - CHOW
                if win == start and start % 9 != 6:
                    others.append(start + 3)
                elif win == start + 2 and start % 9 != 0:
                    others.append(start - 1)
    held = list(counts)  # every tile the player held before the winning tile came
    held[win] -= 1
    for meld in situation.melds:
        for tile in meld.tiles:
            held[tile] += 1
    for other in others:
        if held[other] < 4:
            return False
    before = list(counts)
    before[win] -= 1
    waits = {tile for tile in completing_tiles(before) if held[tile] < 4}
    if len(waits) > 1:
        return False
    if not situation.melds:
        waits.update(tile for tile, _ in shapes.irregular_waits(before) if held[tile] < 4)
    return len(waits) == 1


# -- a hand that did not win


def _score_standing(hand: _Hand, situation: HandSituation) -> ScoreResult:
    """A loser's hand: its declared sets, the pungs and dragon pairs standing in the hand (a standing
    pung counts as concealed), flowers and seasons, and the doublings for all players. One tile from
    an irregular limit hand it scores half that limit instead, when that is more."""
    counts = situation.counts()
    pungs = [tile for tile in range(34) if counts[tile] >= 3]
    pairs = [tile for tile in (31, 32, 33) if counts[tile] == 2]
    flags = _flags_of(counts, hand.meld_flags)
    items: list[ScoreItem] = []
    base, doublings = hand.count(pungs, pairs, flags, False, items)
    total = _ordinary_total(base, doublings)
    details = {"base": base, "doublings": doublings}
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
                    (ScoreItem(f"Waiting for {name} on {tiles} (half its value)", "limit", value // 2),),
                    limit=f"{name} (waiting)",
                    details={"base": 0, "doublings": 0},
                    arithmetic=f"{name} {value} ÷ 2 = {value // 2}",
                )
    return ScoreResult("nts", True, total, tuple(items), details=details, arithmetic=_arithmetic(base, doublings))
