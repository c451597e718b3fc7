"""The PyPI ``mahjong`` package (2.1.0) as an oracle for the Riichi scorer: the same hand in its form,
and the two answers side by side in one vocabulary (tests/test_riichi_oracle.py, bench/riichi_scoring.py).

Only the package's public API is used: ``HandCalculator.estimate_hand_value`` with ``HandConfig``,
``OptionalRules`` and ``Meld``, tiles in its 136 form (a red five is the first copy of a five).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as PeerMeld

from sparrow.rules.riichi import NotWinningError, NoYakuError, RiichiHand, score

# The package's yaku names -> the scorer's keys (Yaku.key; dora lines "dora", "aka", "ura").
NAMES = {
    "Menzen Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan Kaihou": "rinshan",
    "Haitei Raoyue": "haitei",
    "Houtei Raoyui": "houtei",
    "Double Riichi": "double_riichi",
    "Renhou": "renhou",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "Yakuhai (haku)": "haku",
    "Yakuhai (hatsu)": "hatsu",
    "Yakuhai (chun)": "chun",
    "Sanshoku Doujun": "sanshoku",
    "Ittsu": "ittsu",
    "Chantai": "chanta",
    "Honroutou": "honroutou",
    "Toitoi": "toitoi",
    "San Ankou": "sanankou",
    "San Kantsu": "sankantsu",
    "Sanshoku Doukou": "sanshoku_doukou",
    "Chiitoitsu": "chiitoitsu",
    "Shou Sangen": "shousangen",
    "Honitsu": "honitsu",
    "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou",
    "Chinitsu": "chinitsu",
    "Kokushi Musou": "kokushi",
    "Kokushi Musou Juusanmen Matchi": "kokushi_13",
    "Chuuren Poutou": "chuuren",
    "Daburu Chuuren Poutou": "chuuren_9",
    "Suu Ankou": "suuankou",
    "Suu Ankou Tanki": "suuankou_tanki",
    "Daisangen": "daisangen",
    "Shousuushii": "shousuushii",
    "Dai Suushii": "daisuushii",
    "Ryuuiisou": "ryuuiisou",
    "Suu Kantsu": "suukantsu",
    "Tsuu Iisou": "tsuuiisou",
    "Chinroutou": "chinroutou",
    "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "Renhou (yakuman)": "renhou_yakuman",
    "Dora": "dora",
    "Aka Dora": "aka",
    "Ura Dora": "ura",
}
_SINGLE = {"kokushi_13": "kokushi", "suuankou_tanki": "suuankou", "chuuren_9": "chuuren"}
_RED = {4: 16, 13: 52, 22: 88}  # the red copy of each five in the 136 form


@dataclass(frozen=True)
class Answer:
    """One scorer's answer in a shared vocabulary; ``error`` "not_winning" or "no_yaku" when it refused."""

    error: str | None = None
    han: int = 0  # 13 per yakuman on a yakuman hand
    fu: int = 0  # not compared on a yakuman hand
    yaku: tuple[tuple[str, int], ...] = ()
    payments: tuple[int, int, int, int] = (0, 0, 0, 0)  # ron, dealer, each non-dealer, total
    yakuman: bool = False

    def same(self, other: Answer) -> bool:
        if self.error or other.error:
            return self.error == other.error
        if self.yakuman or other.yakuman:
            return (self.han, self.yaku, self.payments) == (other.han, other.yaku, other.payments)
        return self == other


class _Copies:
    """Hands out 136-form ids: the red copy of a five only for a red five, never twice the same."""

    def __init__(self, hand: RiichiHand) -> None:
        red = hand.aka if isinstance(hand.aka, tuple) else (0, 0, 0)
        self.free: dict[int, list[int]] = {}
        for tile in range(34):
            ids = [4 * tile + k for k in range(4)]
            if tile in _RED:
                ids.remove(_RED[tile])
                ids.insert(0, _RED[tile]) if red[(4, 13, 22).index(tile)] else ids.append(_RED[tile])
            self.free[tile] = ids

    def take(self, tile: int) -> int:
        return self.free[tile].pop(0)


def peer_input(hand: RiichiHand) -> dict[str, Any]:
    """The package's arguments for this hand."""
    copies = _Copies(hand)
    win = copies.take(hand.winning_tile)
    tiles = [win] + [copies.take(t) for t in hand.concealed]
    melds = []
    for meld in hand.melds:
        ids = [copies.take(t) for t in meld.tiles]
        tiles += ids
        kind = PeerMeld.CHI if meld.is_chow else (PeerMeld.KAN if meld.is_kong else PeerMeld.PON)
        melds.append(PeerMeld(meld_type=kind, tiles=ids, opened=meld.open))
    options = hand.options
    rules = OptionalRules(
        has_open_tanyao=options.open_tanyao,
        has_aka_dora=options.aka_dora,
        has_double_yakuman=options.double_yakuman,
        kazoe_limit=HandConstants.KAZOE_LIMITED if options.kazoe_yakuman else HandConstants.KAZOE_SANBAIMAN,
        kiriage=options.kiriage,
        renhou_as_yakuman=options.renhou == "yakuman",
    )
    config = HandConfig(
        is_tsumo=hand.tsumo,
        is_riichi=hand.riichi or hand.double_riichi,
        is_ippatsu=hand.ippatsu,
        is_rinshan=hand.rinshan,
        is_chankan=hand.chankan,
        is_haitei=hand.haitei,
        is_houtei=hand.houtei,
        is_daburu_riichi=hand.double_riichi,
        is_tenhou=hand.tenhou,
        is_chiihou=hand.chiihou,
        is_renhou=hand.renhou,
        player_wind=EAST + "ESWN".index(hand.seat_wind),
        round_wind=EAST + "ESWN".index(hand.round_wind),
        kyoutaku_number=hand.riichi_sticks,
        tsumi_number=hand.honba,
        options=rules,
    )
    return {
        "tiles": tiles,
        "win_tile": win,
        "melds": melds or None,
        "dora_indicators": [copies.take(t) for t in hand.dora_indicators] or None,
        "ura_dora_indicators": [copies.take(t) for t in hand.ura_dora_indicators] or None,
        "config": config,
    }


def peer_answer(hand: RiichiHand, prepared: dict[str, Any] | None = None) -> Answer:
    result = HandCalculator.estimate_hand_value(**(prepared or peer_input(hand)))
    if result.error:
        return Answer(error="no_yaku" if result.error == HandCalculator.ERR_NO_YAKU else result.error)
    double = hand.options.double_yakuman
    yaku: dict[str, int] = {}
    yakuman = any(item.is_yakuman for item in result.yaku)
    for item in result.yaku:
        key = NAMES.get(item.name, item.name)
        if item.name.startswith("Yakuhai (seat wind"):
            key = "seat_wind"
        elif item.name.startswith("Yakuhai (round wind"):
            key = "round_wind"
        han = item.han_open if result.is_open_hand and item.han_open else item.han_closed
        if yakuman:
            han //= 13
            if not double:
                key = _SINGLE.get(key, key)
        yaku[key] = yaku.get(key, 0) + han
    cost = result.cost
    if hand.tsumo:
        if hand.is_dealer:
            paid = (0, 0, cost["additional"] + cost["additional_bonus"])
        else:
            paid = (0, cost["main"] + cost["main_bonus"], cost["additional"] + cost["additional_bonus"])
    else:
        paid = (cost["main"] + cost["main_bonus"], 0, 0)
    return Answer(None, result.han, result.fu, tuple(sorted(yaku.items())), (*paid, cost["total"]), yakuman)


def sparrow_answer(hand: RiichiHand) -> Answer:
    try:
        result = score(hand)
    except NotWinningError:
        return Answer(error="not_winning")
    except NoYakuError:
        return Answer(error="no_yaku")
    yaku: dict[str, int] = {}
    for key, item in zip(result.yaku_keys, result.yaku, strict=True):
        yaku[key] = yaku.get(key, 0) + item.value
    paid = result.payments
    return Answer(
        None,
        13 * result.yakuman if result.yakuman else result.han,
        result.fu,
        tuple(sorted(yaku.items())),
        (paid.ron, paid.dealer, paid.non_dealer, paid.total),
        bool(result.yakuman),
    )
