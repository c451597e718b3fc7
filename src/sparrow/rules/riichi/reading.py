"""Reading a winning Riichi hand: every way its tiles can be read and the reading paid the most.

The yaku that depend only on the tiles and the circumstances are found once per hand (:class:`Reader`),
those of the sets once per split of the standing tiles (:meth:`Reader.regular`), and only the wait,
pinfu, the concealed pungs and the fu once per reading (each set the winning tile can have
completed). Yaku travel as (key, han) pairs of ints until :mod:`sparrow.rules.riichi.scorer` writes
the card. Compiled with mypyc (``sparrow._compiled``): the hand's facts are read as ``Any``, so a
flag given as 1 or a truthy value counts as it does in Python rather than failing a cast.
"""

from __future__ import annotations

from typing import Any, Final

from sparrow.core.shapes import CHOW
from sparrow.rules.riichi.fu import KANCHAN, PENCHAN, RYANMEN, SHANPON, TANKI, set_fu
from sparrow.rules.riichi.hand import RiichiHand, RiichiOptions
from sparrow.rules.riichi.points import base_points, hand_points
from sparrow.rules.riichi.yaku import YAKU

__all__ = ["Reader", "Yaku", "DORA_OF", "WIND_INDEX", "KEYS", "CHIITOITSU"]

# The tile each indicator makes dora: the next in its suit (9 -> 1), winds E S W N E, dragons W G R W.
DORA_OF: Final[tuple[int, ...]] = tuple(
    (t - 8 if t % 9 == 8 else t + 1) if t < 27 else (27 + (t - 26) % 4 if t < 31 else 31 + (t - 30) % 3)
    for t in range(34)
)
WIND_INDEX: Final[dict[str, int]] = {"E": 27, "S": 28, "W": 29, "N": 30}
# The yakuman that count twice with option double_yakuman.
_DOUBLE: Final = frozenset(("kokushi_13", "suuankou_tanki", "chuuren_9", "daisuushii"))
# While readings are compared a yaku is a pair of ints, (its place in KEYS, han): sorting them puts
# the lines in the table's order. The dora lines come after every yaku.
Yaku = tuple[int, int]
KEYS: Final[tuple[str, ...]] = (*YAKU, "dora", "aka", "ura")
# Each yaku's place in KEYS, as constants the compiled code inlines (checked against KEYS below).
RIICHI: Final = 0
DOUBLE_RIICHI: Final = 1
IPPATSU: Final = 2
MENZEN_TSUMO: Final = 3
PINFU: Final = 4
IIPEIKOU: Final = 5
TANYAO: Final = 6
HAKU: Final = 7
HATSU: Final = 8
CHUN: Final = 9
SEAT_WIND: Final = 10
ROUND_WIND: Final = 11
HAITEI: Final = 12
HOUTEI: Final = 13
RINSHAN: Final = 14
CHANKAN: Final = 15
RENHOU: Final = 16
CHIITOITSU: Final = 17
CHANTA: Final = 18
ITTSU: Final = 19
SANSHOKU: Final = 20
SANSHOKU_DOUKOU: Final = 21
TOITOI: Final = 22
SANANKOU: Final = 23
SANKANTSU: Final = 24
SHOUSANGEN: Final = 25
HONROUTOU: Final = 26
HONITSU: Final = 27
JUNCHAN: Final = 28
RYANPEIKOU: Final = 29
CHINITSU: Final = 30
DORA: Final = 31
AKA: Final = 32
URA: Final = 33
if len(KEYS) != URA + 1 or KEYS[CHINITSU] != "chinitsu":  # tests/test_riichi_scoring.py checks every one
    raise AssertionError("the yaku constants of sparrow.rules.riichi.reading no longer follow YAKU")
_DRAGON_YAKU: Final[dict[int, int]] = {31: HAKU, 32: HATSU, 33: CHUN}
_CHOW: Final = 100  # sparrow.core.shapes.CHOW, as a constant the compiled code inlines
if CHOW != _CHOW:
    raise AssertionError("sparrow.core.shapes.CHOW changed: change _CHOW in sparrow.rules.riichi.reading too")
# The fu of a pung or kan by tile, concealed and kan: _SET_FU[4 * tile + 2 * concealed + kan].
_SET_FU: Final[tuple[int, ...]] = tuple(set_fu(t, bool(c), bool(k)) for t in range(34) for c in (0, 1) for k in (0, 1))


class Reader:
    """One hand being read: what its readings share, and the best reading so far.

    A reading is ranked by one int, ordered as (points, a real yakuman, han, fu): a reading
    replaces the best only when it ranks higher, so of equal readings the first found is kept.
    Its yaku lists and its shape are built only when it does."""

    __slots__ = (
        "hand",
        "options",
        "dealer",
        "double_wind",
        "double_yakuman",
        "closed",
        "tsumo",
        "win",
        "seat",
        "round",
        "standing",
        "melded",
        "meld_chows",
        "meld_pungs",
        "meld_pung_fu",
        "meld_concealed",
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
        facts: Any = hand  # the flags as given (any truthy value), not cast to bool
        options: RiichiOptions = facts.options
        self.options = options
        self.hand = hand
        self.double_wind: int = options.double_wind_pair_fu
        self.double_yakuman: bool = options.double_yakuman
        self.dealer = bool(facts.dealer)
        tsumo = self.tsumo = bool(facts.tsumo)
        self.win: int = facts.winning_tile
        self.seat: int = WIND_INDEX[facts.seat_wind]
        self.round: int = WIND_INDEX[facts.round_wind]
        melds: tuple[Any, ...] = facts.melds
        self.melded = bool(melds)
        self.rank = -1
        self.best: tuple[list[Yaku], list[str], int, int, tuple[Any, ...]] = ([], [], 0, 0, ())
        standing = counts
        kans = 0
        closed = True
        meld_fu = meld_concealed = 0
        self.meld_chows: list[int] = []
        self.meld_pungs: list[int] = []  # the tile of each declared pung or kan
        if melds:
            standing = list(counts)
            for meld in melds:
                tiles: tuple[int, ...] = meld.tiles
                for tile in tiles:
                    standing[tile] -= 1
                hidden = not meld.open
                if not hidden:
                    closed = False
                first = tiles[0]
                if len(tiles) == 4:
                    kans += 1
                    self.meld_pungs.append(first)
                    if hidden:
                        meld_concealed += 1
                        meld_fu += _SET_FU[4 * first + 3]
                    else:
                        meld_fu += _SET_FU[4 * first + 1]
                elif first == tiles[1]:
                    self.meld_pungs.append(first)
                    meld_fu += _SET_FU[4 * first]
                else:
                    self.meld_chows.append(first)
        self.standing = standing
        self.closed = closed
        self.kans = kans
        self.meld_pung_fu = meld_fu
        self.meld_concealed = meld_concealed
        # -- the circumstances
        yaku: list[Yaku] = []
        yakuman: list[str] = []
        han = 0
        if facts.double_riichi:
            yaku.append((DOUBLE_RIICHI, 2))
            han += 2
        elif facts.riichi:
            yaku.append((RIICHI, 1))
            han += 1
        if facts.ippatsu:
            yaku.append((IPPATSU, 1))
            han += 1
        if closed and tsumo:
            yaku.append((MENZEN_TSUMO, 1))
            han += 1
        if facts.haitei:
            yaku.append((HAITEI, 1))
            han += 1
        if facts.houtei:
            yaku.append((HOUTEI, 1))
            han += 1
        if facts.rinshan:
            yaku.append((RINSHAN, 1))
            han += 1
        if facts.chankan:
            yaku.append((CHANKAN, 1))
            han += 1
        if facts.renhou:
            if options.renhou == "yakuman":
                yakuman.append("renhou_yakuman")
            else:
                yaku.append((RENHOU, 5))
                han += 5
        if facts.tenhou:
            yakuman.append("tenhou")
        if facts.chiihou:
            yakuman.append("chiihou")
        # -- the tiles alone
        characters = circles = bamboo = 0
        for rank in range(9):
            characters += counts[rank]
            circles += counts[rank + 9]
            bamboo += counts[rank + 18]
        honours = pairs = 0
        for tile in range(27, 34):
            honours += counts[tile]
        for count in counts:
            if count == 2:
                pairs += 1
        suits = (characters > 0) + (circles > 0) + (bamboo > 0)
        orphans = counts[0] + counts[8] + counts[9] + counts[17] + counts[18] + counts[26] + honours
        if orphans == 0 and (closed or options.open_tanyao):
            yaku.append((TANYAO, 1))
            han += 1
        if suits == 1:
            if honours:
                yaku.append((HONITSU, 3 if closed else 2))
                han += 3 if closed else 2
            else:
                yaku.append((CHINITSU, 6 if closed else 5))
                han += 6 if closed else 5
        if suits == 0:
            yakuman.append("tsuuiisou")
        elif orphans == 14 + kans:
            if honours:
                yaku.append((HONROUTOU, 2))
                han += 2
            else:
                yakuman.append("chinroutou")
        if suits == 1 and bamboo and honours == counts[32] and counts[18] + counts[22] + counts[24] + counts[26] == 0:
            yakuman.append("ryuuiisou")
        # Seven pairs: 14 standing tiles in seven twos; thirteen orphans: 14 orphans, nothing declared.
        self.seven_pairs = not melds and pairs == 7
        self.orphans_only = not melds and orphans == 14
        self.nine_gates = suits == 1 and not melds and not honours and nine_gates(counts)
        self.base_yaku = yaku
        self.base_han = han
        self.base_yakuman = yakuman
        # -- dora (counted only when the reading has a yaku)
        dora: list[Yaku] = []
        dora_han = 0
        indicators: tuple[int, ...] = facts.dora_indicators
        if indicators:
            n = 0
            for tile in indicators:
                n += counts[DORA_OF[tile]]
            if n:
                dora.append((DORA, n))
                dora_han += n
        aka = facts.aka
        if options.aka_dora and aka:
            n = aka if type(aka) is int else sum(aka)
            if n:
                dora.append((AKA, n))
                dora_han += n
        indicators = facts.ura_dora_indicators
        if indicators:
            n = 0
            for tile in indicators:
                n += counts[DORA_OF[tile]]
            if n:
                dora.append((URA, n))
                dora_han += n
        self.dora = dora
        self.dora_han = dora_han

    def rank_of(self, yakuman: list[str], han: int, fu: int) -> int:
        """A reading's rank (-1 when it has no yaku): ``han`` of its yaku, without dora."""
        if yakuman:
            count = len(yakuman)
            if self.double_yakuman:
                for key in yakuman:
                    if key in _DOUBLE:
                        count += 1
            return (hand_points(8000 * count, self.dealer, self.tsumo) << 18) | (1 << 17) | (13 * count << 9)
        if not han:
            return -1
        han += self.dora_han
        base, _ = base_points(han, fu, 0, self.options)
        return (hand_points(base, self.dealer, self.tsumo) << 18) | (han << 9) | fu

    def offer(self, yaku: list[Yaku], yakuman: list[str], han: int, fu: int, shape: tuple[Any, ...]) -> bool:
        """Weigh one reading (``han`` of its yaku, without dora); False when it has no yaku."""
        rank = self.rank_of(yakuman, han, fu)
        if rank < 0:
            return False
        if rank > self.rank:
            self.rank = rank
            self.best = (yaku, yakuman, han if yakuman else han + self.dora_han, fu, shape)
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
            if code >= _CHOW:
                standing_chows.append(code - _CHOW)
            else:
                standing_pungs.append(code)
        chows = self.meld_chows + standing_chows if self.meld_chows else standing_chows
        pungs = self.meld_pungs + standing_pungs if self.meld_pungs else standing_pungs
        # -- the sets' yaku
        yaku = list(self.base_yaku)
        yakuman = list(self.base_yakuman)
        han = self.base_han
        fu = self.meld_pung_fu
        concealed = self.meld_concealed + len(standing_pungs)
        for tile in standing_pungs:
            fu += _SET_FU[4 * tile + 2]
        dragons = winds = 0
        terminal_sets = True  # every pung of terminals or honours (for chanta / junchan)
        honour_sets = False
        for tile in pungs:
            if tile >= 27:
                honour_sets = True
                if tile >= 31:
                    dragons += 1
                    yaku.append((HAKU if tile == 31 else HATSU if tile == 32 else CHUN, 1))
                    han += 1
                else:
                    winds += 1
                    if tile == seat:
                        yaku.append((SEAT_WIND, 1))
                        han += 1
                    if tile == round_:
                        yaku.append((ROUND_WIND, 1))
                        han += 1
            elif tile % 9 != 0 and tile % 9 != 8:
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
                a, b, c = pungs[0], pungs[1], pungs[2]
                if (
                    a < 27
                    and b < 27
                    and c < 27
                    and a % 9 == b % 9 == c % 9
                    and a // 9 != b // 9
                    and a // 9 != c // 9
                    and b // 9 != c // 9
                ):
                    yaku.append((SANSHOKU_DOUKOU, 2))
                    han += 2
            if terminal_sets and (pair >= 27 or pair % 9 == 0 or pair % 9 == 8):
                for first in chows:
                    if first % 9 != 0 and first % 9 != 6:
                        break
                else:
                    if honour_sets or pair >= 27:
                        yaku.append((CHANTA, 2 if closed else 1))
                        han += 2 if closed else 1
                    else:
                        yaku.append((JUNCHAN, 3 if closed else 2))
                        han += 3 if closed else 2
            if closed and len(standing_chows) >= 2:
                twins = _twins(standing_chows)
                if twins >= 2:
                    yaku.append((RYANPEIKOU, 3))
                    han += 3
                elif twins:
                    yaku.append((IIPEIKOU, 1))
                    han += 1
        else:
            yaku.append((TOITOI, 2))
            han += 2
            if len(pungs) >= 3:
                for tile in pungs:
                    rank = tile % 9
                    if tile < 27 and rank in pungs and rank + 9 in pungs and rank + 18 in pungs:
                        yaku.append((SANSHOKU_DOUKOU, 2))
                        han += 2
                        break
        if self.nine_gates:
            nine = self.standing[win] == (4 if win % 9 == 0 or win % 9 == 8 else 2)
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
        if pair == win and self.reading(yaku, yakuman, han, fu + 2, concealed, TANKI, win, sets, pair):
            found = True
        if win in standing_pungs:
            if tsumo:
                if self.reading(yaku, yakuman, han, fu, concealed, SHANPON, win, sets, pair):
                    found = True
            elif self.reading(  # a pung completed by ron counts as open
                yaku, yakuman, han, fu - (_SET_FU[4 * win + 2] >> 1), concealed - 1, SHANPON, win, sets, pair
            ):
                found = True
        pinfu_shape = len(standing_chows) == 4 and not self.melded and not pair_fu
        done = -1
        for chow in standing_chows:
            if chow <= win <= chow + 2 and chow != done:
                done = chow  # identical chows come together: one reading for them
                if win == chow + 1:
                    wait, wait_fu = KANCHAN, 2
                elif (win == chow + 2 and chow % 9 == 0) or (win == chow and chow % 9 == 6):
                    wait, wait_fu = PENCHAN, 2
                else:
                    wait, wait_fu = RYANMEN, 0
                    if pinfu_shape:
                        if self.pinfu(yaku, yakuman, han, concealed, chow, sets, pair):
                            found = True
                        continue
                if self.reading(yaku, yakuman, han, fu + wait_fu, concealed, wait, chow, sets, pair):
                    found = True
        return found

    def reading(
        self,
        yaku: list[Yaku],
        yakuman: list[str],
        han: int,
        fu: int,
        concealed: int,
        wait: str,
        where: int,
        sets: tuple[int, ...],
        pair: int,
    ) -> bool:
        """Weigh one reading of a split: its concealed pungs and its fu rounded; False without a yaku."""
        extra: Yaku | None = None
        if concealed == 4:
            yakuman = yakuman + ["suuankou_tanki" if wait == TANKI else "suuankou"]
        elif concealed == 3:
            extra = (SANANKOU, 2)
            han += 2
        if fu == 20:  # an open hand without a single fu counts 30
            fu = 30
        else:
            fu = -(-fu // 10) * 10
        rank = self.rank_of(yakuman, han, fu)
        if rank < 0:
            return False
        if rank > self.rank:
            self.rank = rank
            self.best = (
                yaku + [extra] if extra is not None else yaku,
                yakuman,
                han if yakuman else han + self.dora_han,
                fu,
                ("regular", sets, pair, wait, where),
            )
        return True

    def pinfu(
        self,
        yaku: list[Yaku],
        yakuman: list[str],
        han: int,
        concealed: int,
        where: int,
        sets: tuple[int, ...],
        pair: int,
    ) -> bool:
        """Weigh the pinfu reading of a split (four closed chows, a two-sided wait): 20 fu on tsumo, 30 on ron."""
        fu = 20 if self.tsumo else 30
        rank = self.rank_of(yakuman, han + 1, fu)
        if rank > self.rank:
            self.rank = rank
            self.best = (
                yaku + [(PINFU, 1)],
                yakuman,
                han + 1 if yakuman else han + 1 + self.dora_han,
                fu,
                ("regular", sets, pair, RYANMEN, where),
            )
        return True


def _twins(chows: list[int]) -> int:
    """How many pairs of identical chows (two pairs: ryanpeikou)."""
    twins = 0
    for chow in set(chows):
        twins += chows.count(chow) >> 1
    return twins


def nine_gates(counts: list[int]) -> bool:
    """1112345678999 of one suit and one more of it (the hand is known to be one suit, no honours)."""
    for start in (0, 9, 18):
        if counts[start + 4]:
            if counts[start] < 3 or counts[start + 8] < 3:
                return False
            for tile in range(start + 1, start + 8):
                if not counts[tile]:
                    return False
            return True
    return False
