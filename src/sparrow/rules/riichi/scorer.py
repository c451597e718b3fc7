"""The Riichi scorer: every reading of a winning hand, the one worth the most, and its score card.

A hand is read as thirteen orphans, as seven pairs, and as four sets and a pair in every way its
standing tiles split (:func:`sparrow.core.shapes.regular_splits`), each split once for every set the
winning tile can have completed (which decides the wait, and on a ron whether a pung counts as
concealed). Each reading gets its yaku and fu; the reading paid the most wins, then the one with a
real yakuman (Tenhou: over a counted one), then more han, then more fu.

The yaku that depend only on the tiles and the circumstances are found once per hand, those of the
sets once per split, and only the wait, pinfu, the concealed pungs and the fu once per reading: a
hand costs a few dozen integer tests. Yaku travel as (key, han) pairs until the card is written;
the fu lines and the reading's text are written only when asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from sparrow.core.shapes import CHOW, is_thirteen_orphans, regular_splits
from sparrow.core.tiles import Tile, format_tiles
from sparrow.rules.riichi.fu import RYANMEN, SHANPON, TANKI, WAIT_FU, fu_lines, set_fu, wait_of
from sparrow.rules.riichi.hand import NotWinningError, NoYakuError, RiichiHand
from sparrow.rules.riichi.points import Payments, base_points, hand_points, payments
from sparrow.rules.riichi.yaku import BONUS, FU_ROWS, HAN, YAKU, YAKUMAN, yakuman_item
from sparrow.rules.ruleset import ScoreItem, ScoreResult

__all__ = ["RiichiScore", "score", "dora_of", "DORA_OF"]

# The tile each indicator makes dora: the next in its suit (9 -> 1), winds E S W N E, dragons W G R W.
DORA_OF: tuple[int, ...] = tuple(
    (t - 8 if t % 9 == 8 else t + 1) if t < 27 else (27 + (t - 26) % 4 if t < 31 else 31 + (t - 30) % 3)
    for t in range(34)
)
_WIND_INDEX = {"E": 27, "S": 28, "W": 29, "N": 30}
_DRAGON_KEY = {31: "haku", 32: "hatsu", 33: "chun"}
# Without option double_yakuman the double forms are the plain yakuman (and written so on the card).
_SINGLE = {"kokushi_13": "kokushi", "suuankou_tanki": "suuankou", "chuuren_9": "chuuren"}
_DOUBLE = frozenset(("kokushi_13", "suuankou_tanki", "chuuren_9", "daisuushii"))
_FIRST_TURN_YAKUMAN = ("tenhou", "chiihou", "renhou_yakuman")
# While readings are compared a yaku is a pair of ints, (its place in YAKU, han): sorting them puts
# the lines in the table's order. The dora lines come after every yaku.
Yaku = tuple[int, int]
_KEYS: tuple[str, ...] = (*YAKU, "dora", "aka", "ura")
_AT = {key: index for index, key in enumerate(_KEYS)}
(
    RIICHI,
    DOUBLE_RIICHI,
    IPPATSU,
    MENZEN_TSUMO,
    PINFU,
    IIPEIKOU,
    TANYAO,
    HAKU,
    HATSU,
    CHUN,
    SEAT_WIND,
    ROUND_WIND,
    HAITEI,
    HOUTEI,
    RINSHAN,
    CHANKAN,
    RENHOU,
    CHIITOITSU,
    CHANTA,
    ITTSU,
    SANSHOKU,
    SANSHOKU_DOUKOU,
    TOITOI,
    SANANKOU,
    SANKANTSU,
    SHOUSANGEN,
    HONROUTOU,
    HONITSU,
    JUNCHAN,
    RYANPEIKOU,
    CHINITSU,
    DORA,
    AKA,
    URA,
) = range(len(_KEYS))
_DRAGON_YAKU = {31: HAKU, 32: HATSU, 33: CHUN}
# A score card line is a value: the line of each yaku at each han, made once.
_LINES: dict[tuple[int, int], ScoreItem] = {}
# The fu of a pung or kan by tile, concealed and kan: _SET_FU[4 * tile + 2 * concealed + kan].
_SET_FU: tuple[int, ...] = tuple(set_fu(t, bool(c), bool(k)) for t in range(34) for c in (0, 1) for k in (0, 1))


def dora_of(indicator: int) -> Tile:
    """The dora a tile turned over as an indicator makes."""
    return Tile(DORA_OF[indicator])


def _line(yaku: Yaku) -> ScoreItem:
    line = _LINES.get(yaku)
    if line is None:
        key = _KEYS[yaku[0]]
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
        """As the other families' scorers answer (the web app's score card shows its items)."""
        if self.yakuman:
            arithmetic = f"{self.limit}: base {self.base:,}"
        elif self.limit:
            arithmetic = f"{self.han} han {self.fu} fu: {self.limit}, base {self.base:,}"
        else:
            arithmetic = f"{self.han} han {self.fu} fu: {self.fu} x 2^{self.han + 2} = base {self.base:,}"
        details: Mapping[str, Any] = {
            "han": self.han,
            "fu": self.fu,
            "yakuman": self.yakuman,
            "base": self.base,
            "points": self.points,
            "payments": self.payments.to_dict(),
            "reading": self.reading,
        }
        return ScoreResult(
            "riichi", True, self.payments.total, self.items, None, self.limit, details, arithmetic=arithmetic
        )


class _Reader:
    """One hand being read: what its readings share, and the best reading so far."""

    __slots__ = (
        "hand",
        "options",
        "dealer",
        "double_wind",
        "closed",
        "tsumo",
        "win",
        "seat",
        "round",
        "standing",
        "meld_chows",
        "meld_pungs",
        "kans",
        "base_yaku",
        "base_han",
        "base_yakuman",
        "dora",
        "dora_han",
        "nine_gates",
        "seven_pairs",
        "orphans_only",
        "rank",
        "best",
    )

    def __init__(self, hand: RiichiHand, counts: list[int]) -> None:
        options = self.options = hand.options
        self.hand = hand
        self.double_wind = options.double_wind_pair_fu
        self.dealer = hand.is_dealer
        tsumo = self.tsumo = hand.tsumo
        self.win = hand.winning_tile
        self.seat = _WIND_INDEX[hand.seat_wind]
        self.round = _WIND_INDEX[hand.round_wind]
        self.rank: tuple[int, int, int, int] = (-1, 0, 0, 0)
        self.best: tuple[Any, ...] = ()
        standing = counts
        kans = 0
        closed = True
        self.meld_chows: list[int] = []
        self.meld_pungs: list[tuple[int, bool, int]] = []  # (tile, concealed, fu)
        if hand.melds:
            standing = list(counts)
            for meld in hand.melds:
                tiles = meld.tiles
                for tile in tiles:
                    standing[tile] -= 1
                if meld.open:
                    closed = False
                if len(tiles) == 4:
                    kans += 1
                    self.meld_pungs.append((tiles[0], not meld.open, _SET_FU[4 * tiles[0] + 2 * (not meld.open) + 1]))
                elif tiles[0] == tiles[1]:
                    self.meld_pungs.append((tiles[0], False, _SET_FU[4 * tiles[0]]))
                else:
                    self.meld_chows.append(tiles[0])
        self.standing = standing
        self.closed = closed
        self.kans = kans
        # -- the circumstances
        yaku: list[Yaku] = []
        yakuman: list[str] = []
        if hand.double_riichi:
            yaku.append((DOUBLE_RIICHI, 2))
        elif hand.riichi:
            yaku.append((RIICHI, 1))
        if hand.ippatsu:
            yaku.append((IPPATSU, 1))
        if closed and tsumo:
            yaku.append((MENZEN_TSUMO, 1))
        if hand.haitei:
            yaku.append((HAITEI, 1))
        if hand.houtei:
            yaku.append((HOUTEI, 1))
        if hand.rinshan:
            yaku.append((RINSHAN, 1))
        if hand.chankan:
            yaku.append((CHANKAN, 1))
        if hand.renhou:
            if options.renhou == "yakuman":
                yakuman.append("renhou_yakuman")
            else:
                yaku.append((RENHOU, 5))
        if hand.tenhou:
            yakuman.append("tenhou")
        if hand.chiihou:
            yakuman.append("chiihou")
        # -- the tiles alone (bytes: the slices and sums run in C)
        raw = bytes(counts)
        characters, circles, bamboo = any(raw[0:9]), any(raw[9:18]), any(raw[18:27])
        honours = sum(raw[27:34])
        suits = characters + circles + bamboo
        orphans = raw[0] + raw[8] + raw[9] + raw[17] + raw[18] + raw[26] + honours
        if orphans == 0 and (closed or options.open_tanyao):
            yaku.append((TANYAO, 1))
        if suits == 1:
            if honours:
                yaku.append((HONITSU, 3 if closed else 2))
            else:
                yaku.append((CHINITSU, 6 if closed else 5))
        if suits == 0:
            yakuman.append("tsuuiisou")
        elif orphans == 14 + kans:
            if honours:
                yaku.append((HONROUTOU, 2))
            else:
                yakuman.append("chinroutou")
        if suits == 1 and bamboo and honours == raw[32] and raw[18] + raw[22] + raw[24] + raw[26] == 0:
            yakuman.append("ryuuiisou")
        # Seven pairs: 14 standing tiles in seven twos; thirteen orphans: 14 orphans, nothing declared.
        self.seven_pairs = not hand.melds and raw.count(2) == 7
        self.orphans_only = not hand.melds and orphans == 14
        self.nine_gates = suits == 1 and not hand.melds and not honours and _nine_gates(raw)
        self.base_yaku = yaku
        self.base_han = sum([han for _, han in yaku])
        self.base_yakuman = yakuman
        # -- dora (counted only when the reading has a yaku)
        dora: list[Yaku] = []
        if hand.dora_indicators:
            n = 0
            for tile in hand.dora_indicators:
                n += raw[DORA_OF[tile]]
            if n:
                dora.append((DORA, n))
        if options.aka_dora and hand.aka:
            n = hand.red_fives
            if n:
                dora.append((AKA, n))
        if hand.ura_dora_indicators:
            n = 0
            for tile in hand.ura_dora_indicators:
                n += raw[DORA_OF[tile]]
            if n:
                dora.append((URA, n))
        self.dora = dora
        self.dora_han = sum([n for _, n in dora])

    def offer(self, yaku: list[Yaku], yakuman: list[str], han: int, fu: int, shape: tuple[Any, ...]) -> bool:
        """Weigh one reading (``han`` of its yaku, without dora); False when it has no yaku."""
        options = self.options
        if yakuman:
            count = len(yakuman)
            if options.double_yakuman:
                for key in yakuman:
                    if key in _DOUBLE:
                        count += 1
            points = hand_points(8000 * count, self.dealer, self.tsumo)
            rank = (points, 1, 13 * count, 0)
        else:
            if not han:
                return False
            han += self.dora_han
            base, _ = base_points(han, fu, 0, options)
            rank = (hand_points(base, self.dealer, self.tsumo), 0, han, fu)
        if rank > self.rank:
            self.rank = rank
            self.best = (yaku, yakuman, han, fu, shape)
        return True

    def regular(self, sets: tuple[int, ...], pair: int) -> bool:
        """Weigh every reading of one split; False when none has a yaku."""
        closed = self.closed
        tsumo = self.tsumo
        win = self.win
        seat, round_ = self.seat, self.round
        standing_chows: list[int] = []
        standing_pungs: list[int] = []
        for code in sets:
            if code >= CHOW:
                standing_chows.append(code - CHOW)
            else:
                standing_pungs.append(code)
        chows = self.meld_chows + standing_chows if self.meld_chows else standing_chows
        pungs = self.meld_pungs + [(tile, True, _SET_FU[4 * tile + 2]) for tile in standing_pungs]
        # -- the sets' yaku
        yaku = list(self.base_yaku)
        yakuman = list(self.base_yakuman)
        han = self.base_han
        dragons = winds = concealed = fu = 0
        terminal_sets = True  # every pung of terminals or honours (for chanta / junchan)
        honour_sets = False
        for tile, hidden, set_fu_ in pungs:
            fu += set_fu_
            if hidden:
                concealed += 1
            if tile >= 27:
                honour_sets = True
                if tile >= 31:
                    dragons += 1
                    yaku.append((_DRAGON_YAKU[tile], 1))
                    han += 1
                else:
                    winds += 1
                    if tile == seat:
                        yaku.append((SEAT_WIND, 1))
                        han += 1
                    if tile == round_:
                        yaku.append((ROUND_WIND, 1))
                        han += 1
            elif tile % 9 not in (0, 8):
                terminal_sets = False
        if dragons == 3:
            yakuman.append("daisangen")
        elif dragons == 2 and pair >= 31:
            yaku.append((SHOUSANGEN, 2))
            han += 2
        if winds == 4:
            yakuman.append("daisuushii")
        elif winds == 3 and 27 <= pair < 31:
            yakuman.append("shousuushii")
        kans = self.kans
        if kans == 4:
            yakuman.append("suukantsu")
        elif kans == 3:
            yaku.append((SANKANTSU, 2))
            han += 2
        if chows:
            if len(chows) >= 3:
                for start in (0, 9, 18):
                    if start in chows and start + 3 in chows and start + 6 in chows:
                        yaku.append((ITTSU, 2 if closed else 1))
                        han += 2 if closed else 1
                        break
                else:
                    for first in chows:
                        rank = first % 9
                        if rank in chows and rank + 9 in chows and rank + 18 in chows:
                            yaku.append((SANSHOKU, 2 if closed else 1))
                            han += 2 if closed else 1
                            break
            elif len(pungs) == 3:  # sanshoku doukou beside a chow: the three pungs in the three suits
                a, b, c = pungs[0][0], pungs[1][0], pungs[2][0]
                if a < 27 and b < 27 and c < 27 and a % 9 == b % 9 == c % 9 and len({a // 9, b // 9, c // 9}) == 3:
                    yaku.append((SANSHOKU_DOUKOU, 2))
                    han += 2
            if terminal_sets and (pair >= 27 or pair % 9 in (0, 8)):
                for first in chows:
                    if first % 9 not in (0, 6):
                        break
                else:
                    if honour_sets or pair >= 27:
                        yaku.append((CHANTA, 2 if closed else 1))
                        han += 2 if closed else 1
                    else:
                        yaku.append((JUNCHAN, 3 if closed else 2))
                        han += 3 if closed else 2
            if closed and len(standing_chows) >= 2:
                twins = 0
                for chow in set(standing_chows):
                    twins += standing_chows.count(chow) >> 1
                if twins >= 2:
                    yaku.append((RYANPEIKOU, 3))
                    han += 3
                elif twins:
                    yaku.append((IIPEIKOU, 1))
                    han += 1
        else:
            yaku.append((TOITOI, 2))
            han += 2
            tiles = [tile for tile, _, _ in pungs if tile < 27]
            if len(tiles) >= 3:
                for tile in tiles:
                    rank = tile % 9
                    if rank in tiles and rank + 9 in tiles and rank + 18 in tiles:
                        yaku.append((SANSHOKU_DOUKOU, 2))
                        han += 2
                        break
        if self.nine_gates:
            nine = self.standing[win] == (4 if win % 9 in (0, 8) else 2)
            yakuman.append("chuuren_9" if nine else "chuuren")
        # -- the fu every reading of this split shares: base, sets, pair, closed ron or tsumo
        pair_fu = 0
        if pair >= 27:
            if pair >= 31:
                pair_fu = 2
            elif pair == seat:
                pair_fu = self.double_wind if pair == round_ else 2
            elif pair == round_:
                pair_fu = 2
        fu += pair_fu + (30 if closed and not tsumo else 22 if tsumo else 20)
        # -- each set the winning tile can have completed
        found = False
        places: list[tuple[str, int]] = []
        if pair == win:
            places.append((TANKI, win))
        if win in standing_pungs:
            places.append((SHANPON, win))
        for chow in standing_chows:
            if chow <= win <= chow + 2:
                place = (wait_of(chow, win), chow)
                if place not in places:
                    places.append(place)
        pinfu_shape = len(standing_chows) == 4 and not self.hand.melds and not pair_fu
        for wait, where in places:
            reading_yaku = yaku
            reading_yakuman = yakuman
            reading_han = han
            reading_fu = fu + WAIT_FU[wait]
            hidden = concealed
            if wait == SHANPON and not tsumo:
                hidden -= 1
                reading_fu -= _SET_FU[4 * win + 2] >> 1
            if hidden == 4:
                reading_yakuman = yakuman + ["suuankou_tanki" if wait == TANKI else "suuankou"]
            elif hidden == 3:
                reading_yaku = yaku + [(SANANKOU, 2)]
                reading_han += 2
            if pinfu_shape and wait == RYANMEN:
                reading_yaku = reading_yaku + [(PINFU, 1)]
                reading_han += 1
                reading_fu = 20 if tsumo else 30
            elif reading_fu == 20:  # an open hand without a single fu counts 30
                reading_fu = 30
            else:
                reading_fu = -(-reading_fu // 10) * 10
            if self.offer(reading_yaku, reading_yakuman, reading_han, reading_fu, ("regular", sets, pair, wait, where)):
                found = True
        return found


def _nine_gates(raw: bytes) -> bool:
    """1112345678999 of one suit and one more of it (the hand is known to be one suit, no honours)."""
    for start in (0, 9, 18):
        if raw[start + 4]:
            suit = raw[start : start + 9]
            return suit[0] >= 3 and suit[8] >= 3 and all(suit[1:8])
    return False


def score(hand: RiichiHand) -> RiichiScore:
    """Score a winning hand: raises :class:`~sparrow.rules.riichi.hand.RiichiError` for impossible
    input, :class:`NotWinningError` when the tiles do not win, :class:`NoYakuError` when no reading
    has a yaku."""
    reader = _Reader(hand, hand.checked_counts())
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


def _card(reader: _Reader) -> RiichiScore:
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
            line = yakuman_item(YAKUMAN[key], double)
            yakuman += line.value
            lines.append(line)
            keys.append(key)
        han = fu = 0
    else:
        for item in sorted(yaku) + reader.dora:
            lines.append(_line(item))
            keys.append(_KEYS[item[0]])
    base, limit = base_points(han, fu, yakuman, options)
    dealer, tsumo = reader.dealer, reader.tsumo
    return RiichiScore(
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
    )


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
        _WIND_INDEX[hand.seat_wind],
        _WIND_INDEX[hand.round_wind],
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
