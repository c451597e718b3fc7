"""The Riichi scorer: every reading of a winning hand, the one worth the most, and its score card.

A hand is read as thirteen orphans, as seven pairs, and as four sets and a pair in every way its
standing tiles split (:func:`sparrow.core.shapes.regular_splits`), each split once for every set the
winning tile can have completed (which decides the wait, and on a ron whether a pung counts as
concealed). Each reading gets its yaku and fu (:mod:`sparrow.rules.riichi.reading`); the reading
paid the most wins, then the one with a real yakuman (Tenhou: over a counted one), then more han,
then more fu. The input is checked first (:mod:`sparrow.rules.riichi.checks`), and only the chosen
reading is written as a score card; its fu lines and its text are written only when asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from sparrow.core.shapes import CHOW, is_thirteen_orphans, regular_splits
from sparrow.core.tiles import Tile, format_tiles
from sparrow.rules.riichi.checks import checked_counts
from sparrow.rules.riichi.fu import SHANPON, fu_lines
from sparrow.rules.riichi.hand import NotWinningError, NoYakuError, RiichiHand
from sparrow.rules.riichi.points import Payments, base_points, hand_points, payments
from sparrow.rules.riichi.reading import CHIITOITSU, DORA_OF, KEYS, WIND_INDEX, Reader, Yaku
from sparrow.rules.riichi.yaku import BONUS, FU_ROWS, HAN, YAKU, YAKUMAN, yakuman_item
from sparrow.rules.ruleset import ScoreItem, ScoreResult

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")

__all__ = ["RiichiScore", "score", "dora_of", "DORA_OF"]

# Without option double_yakuman the double forms are the plain yakuman (and written so on the card).
_SINGLE: Final = {"kokushi_13": "kokushi", "suuankou_tanki": "suuankou", "chuuren_9": "chuuren"}
_FIRST_TURN_YAKUMAN: Final = ("tenhou", "chiihou", "renhou_yakuman")
# A score card line is a value: the line of each yaku at each han, made once.
_LINES: dict[tuple[int, int], ScoreItem] = {}
_YAKUMAN_LINES: dict[tuple[str, bool], ScoreItem] = {}


def dora_of(indicator: int) -> Tile:
    """The dora a tile turned over as an indicator makes."""
    return Tile(DORA_OF[indicator])


def _line(yaku: Yaku) -> ScoreItem:
    line = _LINES.get(yaku)
    if line is None:
        key = KEYS[yaku[0]]
        name = YAKU[key].name if key in YAKU else BONUS[key].name
        line = _LINES[yaku] = ScoreItem(name, HAN, yaku[1])
    return line


class RiichiScore(NamedTuple):
    """A scored hand. ``yaku`` are the han and yakuman lines (dora included, ``yaku_keys`` their
    :class:`~sparrow.rules.riichi.yaku.Yaku` keys, ``dora``/``aka``/``ura`` for the dora lines);
    ``han`` is 0 on a yakuman hand (``yakuman`` counts them) and ``fu`` 0 too (fu do not count
    there). ``limit`` names the limit reached (mangan ... kazoe yakuman, yakuman, 2x yakuman);
    ``points`` is the hand's value to the winner before honba and riichi sticks. (A named tuple,
    not a dataclass: one is made for every hand scored, and a tuple is made several times faster.)"""

    yaku: tuple[ScoreItem, ...]
    yaku_keys: tuple[str, ...]
    han: int
    fu: int
    yakuman: int
    limit: str | None
    base: int
    points: int
    payments: Payments
    hand: RiichiHand
    shape: tuple[Any, ...]  # ("kokushi",), ("chiitoitsu",) or ("regular", sets, pair, wait, where)

    @property
    def fu_lines(self) -> tuple[ScoreItem, ...]:
        """The fu count line by line (none on a yakuman hand); they add up to :attr:`fu`."""
        if self.yakuman:
            return ()
        return _fu_items(self.hand, self.shape, "pinfu" in self.yaku_keys, self.fu)

    @property
    def items(self) -> tuple[ScoreItem, ...]:
        return self.yaku + self.fu_lines

    @property
    def reading(self) -> str:
        """The reading scored, as text: standing sets, [open sets], (closed kans), the wait."""
        return _describe(self.hand, self.shape)

    def to_score_result(self) -> ScoreResult:
        """As the other families' scorers answer (the web app's score card shows its items): the total
        is the hand's value to the winner, before honba and riichi sticks (``details["payments"]`` has
        them)."""
        if self.yakuman:
            arithmetic = f"{self.limit}: base {self.base:,}"
        elif self.limit:
            arithmetic = f"{self.han} han {self.fu} fu: {self.limit}, base {self.base:,}"
        else:
            power = str(self.han + 2).translate(_SUPERSCRIPT)  # a power written as one: 2⁵, not 2^5
            arithmetic = f"{self.han} han {self.fu} fu: {self.fu} × 2{power} = base {self.base:,}"
        details: Mapping[str, Any] = {
            "han": self.han,
            "fu": self.fu,
            "yakuman": self.yakuman,
            "base": self.base,
            "points": self.points,
            "payments": self.payments.to_dict(),
            "reading": self.reading,
        }
        return ScoreResult("riichi", True, self.points, self.items, None, self.limit, details, arithmetic=arithmetic)


def score(hand: RiichiHand) -> RiichiScore:
    """Score a winning hand: raises :class:`~sparrow.rules.riichi.hand.RiichiError` for impossible
    input, :class:`NotWinningError` when the tiles do not win, :class:`NoYakuError` when no reading
    has a yaku."""
    reader = Reader(hand, checked_counts(hand))
    standing = reader.standing
    shaped = found = False
    if reader.orphans_only or reader.seven_pairs:
        if reader.orphans_only and is_thirteen_orphans(standing):
            shaped = True
            key = "kokushi_13" if standing[reader.win] == 2 else "kokushi"
            yakuman = [key, *(y for y in reader.base_yakuman if y in _FIRST_TURN_YAKUMAN)]
            found = reader.offer([], yakuman, 0, 0, ("kokushi",))
        elif reader.seven_pairs:
            shaped = True
            yaku = [*reader.base_yaku, (CHIITOITSU, 2)]
            found = reader.offer(yaku, reader.base_yakuman, reader.base_han + 2, 25, ("chiitoitsu",))
    for sets, pair in regular_splits(standing):
        shaped = True
        if reader.regular(sets, pair):
            found = True
    if not shaped:
        raise NotWinningError(
            "concealed", "these tiles do not win: not four sets and a pair, seven pairs or thirteen orphans"
        )
    if not found:
        raise NoYakuError("concealed", "the hand has no yaku (dora are not yaku), so it cannot win")
    return _card(reader)


def _card(reader: Reader) -> RiichiScore:
    hand = reader.hand
    options = reader.options
    yaku, yakuman_keys, han, fu, shape = reader.best
    lines: list[ScoreItem] = []
    keys: list[str] = []
    yakuman = 0
    if yakuman_keys:
        double = options.double_yakuman
        for key in yakuman_keys:
            if not double:
                key = _SINGLE.get(key, key)
            line = _yakuman_line(key, double)
            yakuman += line.value
            lines.append(line)
            keys.append(key)
        han = fu = 0
    else:
        for item in sorted(yaku) + reader.dora:
            lines.append(_line(item))
            keys.append(KEYS[item[0]])
    base, limit = base_points(han, fu, yakuman, options)
    dealer, tsumo = reader.dealer, reader.tsumo
    # tuple.__new__ rather than RiichiScore(...): the named tuple's own __new__ is a Python
    # function, and calling it costs the compiled scorer more than the rest of the card.
    return tuple.__new__(
        RiichiScore,
        (
            tuple(lines),
            tuple(keys),
            han,
            fu,
            yakuman,
            limit,
            base,
            hand_points(base, dealer, tsumo),
            payments(base, dealer, tsumo, hand.honba, hand.riichi_sticks),
            hand,
            shape,
        ),
    )


def _yakuman_line(key: str, double: bool) -> ScoreItem:
    line = _YAKUMAN_LINES.get((key, double))
    if line is None:
        line = _YAKUMAN_LINES[key, double] = yakuman_item(YAKUMAN[key], double)
    return line


def _fu_items(hand: RiichiHand, shape: tuple[Any, ...], pinfu: bool, fu: int) -> tuple[ScoreItem, ...]:
    if shape[0] == "chiitoitsu":
        return (FU_ROWS["seven_pairs"].item(),)
    if shape[0] == "kokushi":
        return ()
    _, sets, pair, wait, where = shape
    if pinfu:
        return (FU_ROWS["base"].item(),) if hand.tsumo else (FU_ROWS["base"].item(), FU_ROWS["menzen_ron"].item())
    pungs: list[tuple[int, bool, bool]] = [(m.tiles[0], not m.open, m.is_kong) for m in hand.melds if m.is_pung_or_kong]
    ron_pung = wait == SHANPON and not hand.tsumo
    for code in sets:
        if code < CHOW:
            opened = ron_pung and code == where
            if opened:
                ron_pung = False
            pungs.append((code, not opened, False))
    lines, total = fu_lines(
        pungs,
        pair,
        wait,
        hand.is_closed,
        hand.tsumo,
        WIND_INDEX[hand.seat_wind],
        WIND_INDEX[hand.round_wind],
        hand.options.double_wind_pair_fu,
    )
    assert total == fu, (lines, total, fu)
    return lines


def _describe(hand: RiichiHand, shape: tuple[Any, ...]) -> str:
    if shape[0] != "regular":
        name = "thirteen orphans" if shape[0] == "kokushi" else "seven pairs"
        return f"{format_tiles([*hand.concealed, hand.winning_tile])} ({name}), won on {hand.winning_tile}"
    _, sets, pair, wait, _ = shape
    parts: list[str] = []
    for code in sets:
        first = code - CHOW if code >= CHOW else code
        parts.append(format_tiles((first, first + 1, first + 2) if code >= CHOW else (first,) * 3))
    parts.append(format_tiles((pair, pair)))
    for meld in hand.melds:
        text = format_tiles(meld.tiles)
        parts.append(f"[{text}]" if meld.open else f"({text})")
    return f"{' '.join(parts)}, won on {hand.winning_tile} ({wait})"
