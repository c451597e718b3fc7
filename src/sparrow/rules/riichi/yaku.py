"""Every yaku, yakuman and bonus the Riichi scorer can write, as data.

Each :class:`Yaku` has its han closed and open (0 open: a closed hand only) or, for a yakuman, how many
yakuman it counts (its double form is a row of its own, used only with option ``double_yakuman``).
The scorer writes its score card lines from these rows and :func:`scoring_table` lists them, so the
two cannot disagree. Card lines have kind ``han`` (a yaku or a dora count), ``yakuman`` (a yakuman: its
value is how many) and ``fu`` (one line of the fu count).
"""

from __future__ import annotations

from dataclasses import dataclass

from sparrow.rules.ruleset import ScoreItem, ScoringEntry, ScoringSection, ScoringTable

__all__ = ["Yaku", "YAKU", "YAKUMAN", "BONUS", "HAN", "YAKUMAN_KIND", "FU", "scoring_table", "han_item", "yakuman_item"]

HAN, YAKUMAN_KIND, FU = "han", "yakuman", "fu"


@dataclass(frozen=True, slots=True)
class Yaku:
    key: str
    name: str
    closed: int  # han with a closed hand; for a yakuman, how many yakuman
    open: int  # han with an open hand (0: closed hands only); a yakuman: as closed, or 0
    note: str

    @property
    def entry(self) -> ScoringEntry:
        if self.key in YAKUMAN:  # a yakuman counting 2 does so only with option double_yakuman
            return ScoringEntry(self.name, YAKUMAN_KIND, 1 if self.closed == 1 else None, self.note)
        value = self.closed if self.open in (0, self.closed) else None
        if value is None:
            note = f"{self.closed} han closed, {self.open} open: {self.note}"
        elif self.open == 0:
            note = f"closed hands only: {self.note}"
        else:
            note = self.note
        return ScoringEntry(self.name, HAN, value, note)


def _rows(*rows: tuple[str, str, int, int, str]) -> dict[str, Yaku]:
    return {key: Yaku(key, name, closed, open_, note) for key, name, closed, open_, note in rows}


# In the order a player counts them: the win's circumstances, then the hand's shape and tiles.
YAKU: dict[str, Yaku] = _rows(
    ("riichi", "Riichi", 1, 0, "declared ready with a closed hand"),
    ("double_riichi", "Double riichi", 2, 0, "riichi on the first discard, nothing called before (instead of riichi)"),
    ("ippatsu", "Ippatsu", 1, 0, "won within one go-around after riichi, no call in between"),
    ("menzen_tsumo", "Menzen tsumo", 1, 0, "self-drawn with a closed hand"),
    ("pinfu", "Pinfu", 1, 0, "closed, four chows, a pair worth no fu, a two-sided wait"),
    ("iipeikou", "Iipeikou", 1, 0, "two identical chows, closed"),
    ("tanyao", "Tanyao", 1, 1, "simples only (open too with option open_tanyao)"),
    ("haku", "Yakuhai: White Dragon", 1, 1, "a pung or kan of White Dragons"),
    ("hatsu", "Yakuhai: Green Dragon", 1, 1, "a pung or kan of Green Dragons"),
    ("chun", "Yakuhai: Red Dragon", 1, 1, "a pung or kan of Red Dragons"),
    ("seat_wind", "Yakuhai: seat wind", 1, 1, "a pung or kan of the seat wind"),
    ("round_wind", "Yakuhai: round wind", 1, 1, "a pung or kan of the round wind (with the seat wind: 2 han)"),
    ("haitei", "Haitei", 1, 1, "self-drawn on the last tile of the wall"),
    ("houtei", "Houtei", 1, 1, "won on the last discard"),
    ("rinshan", "Rinshan kaihou", 1, 1, "self-drawn on the replacement tile after a kan"),
    ("chankan", "Chankan", 1, 1, "won on the tile added to another player's kan"),
    ("renhou", "Renhou", 5, 0, "non-dealer's ron before the first draw (option renhou = mangan)"),
    ("chiitoitsu", "Chiitoitsu", 2, 0, "seven different pairs (25 fu)"),
    ("chanta", "Chanta", 2, 1, "every set and the pair with a terminal or honour, a chow, an honour"),
    ("ittsu", "Ittsu", 2, 1, "chows 123, 456 and 789 of one suit"),
    ("sanshoku", "Sanshoku doujun", 2, 1, "the same chow in the three suits"),
    ("sanshoku_doukou", "Sanshoku doukou", 2, 2, "pungs or kans of the same number in the three suits"),
    ("toitoi", "Toitoi", 2, 2, "four pungs or kans"),
    ("sanankou", "Sanankou", 2, 2, "three concealed pungs or kans (a pung finished by ron is open)"),
    ("sankantsu", "Sankantsu", 2, 2, "three kans"),
    ("shousangen", "Shousangen", 2, 2, "two dragon pungs and a dragon pair (with the two yakuhai)"),
    ("honroutou", "Honroutou", 2, 2, "terminals and honours only"),
    ("honitsu", "Honitsu", 3, 2, "one suit and honours"),
    ("junchan", "Junchan", 3, 2, "every set and the pair with a terminal, a chow, no honour"),
    ("ryanpeikou", "Ryanpeikou", 3, 0, "two pairs of identical chows, closed (instead of iipeikou)"),
    ("chinitsu", "Chinitsu", 6, 5, "one suit only"),
)

YAKUMAN: dict[str, Yaku] = _rows(
    ("kokushi", "Kokushi musou", 1, 0, "one of each terminal and honour and a pair of one"),
    (
        "kokushi_13",
        "Kokushi musou, 13-sided wait",
        2,
        0,
        "won on the pair's tile (2 yakuman with option double_yakuman)",
    ),
    ("suuankou", "Suuankou", 1, 0, "four concealed pungs or kans"),
    (
        "suuankou_tanki",
        "Suuankou tanki",
        2,
        0,
        "four concealed pungs, won on the pair (2 yakuman with option double_yakuman)",
    ),
    ("daisangen", "Daisangen", 1, 1, "pungs or kans of the three dragons"),
    ("shousuushii", "Shousuushii", 1, 1, "three wind pungs and a wind pair"),
    ("daisuushii", "Daisuushii", 2, 2, "pungs or kans of the four winds (2 yakuman with option double_yakuman)"),
    ("tsuuiisou", "Tsuuiisou", 1, 1, "honours only"),
    ("chinroutou", "Chinroutou", 1, 1, "terminals only"),
    ("ryuuiisou", "Ryuuiisou", 1, 1, "only 2, 3, 4, 6, 8 of bamboo and Green Dragons"),
    ("chuuren", "Chuuren poutou", 1, 0, "1112345678999 of one suit and one more of it, closed"),
    (
        "chuuren_9",
        "Junsei chuuren poutou",
        2,
        0,
        "nine gates on a nine-sided wait (2 yakuman with option double_yakuman)",
    ),
    ("suukantsu", "Suukantsu", 1, 1, "four kans"),
    ("tenhou", "Tenhou", 1, 0, "the dealer's win on the first draw"),
    ("chiihou", "Chiihou", 1, 0, "a non-dealer's tsumo on the first draw, no call before"),
    ("renhou_yakuman", "Renhou", 1, 0, "non-dealer's ron before the first draw (option renhou = yakuman)"),
)

BONUS: dict[str, ScoringEntry] = {
    "dora": ScoringEntry("Dora", HAN, 1, "each tile after a dora indicator, only with a yaku", each=True),
    "aka": ScoringEntry("Aka dora", HAN, 1, "each red five, only with a yaku (option red_fives)", each=True),
    "ura": ScoringEntry("Ura dora", HAN, 1, "each tile after an ura dora indicator, riichi only", each=True),
}

FU_ROWS: dict[str, ScoringEntry] = {
    "base": ScoringEntry("Base", FU, 20, "every winning hand but seven pairs"),
    "seven_pairs": ScoringEntry("Seven pairs", FU, 25, "chiitoitsu, not rounded"),
    "menzen_ron": ScoringEntry("Closed ron", FU, 10, "won on a discard with a closed hand"),
    "tsumo": ScoringEntry("Self-drawn (tsumo)", FU, 2, "self-drawn, but not with pinfu"),
    "open_pung": ScoringEntry("Open pung of {tile}", FU, None, "2; of terminals or honours 4"),
    "concealed_pung": ScoringEntry("Concealed pung of {tile}", FU, None, "4; of terminals or honours 8"),
    "open_kan": ScoringEntry("Open kan of {tile}", FU, None, "8; of terminals or honours 16"),
    "closed_kan": ScoringEntry("Closed kan of {tile}", FU, None, "16; of terminals or honours 32"),
    "pair": ScoringEntry(
        "Pair of {tile}", FU, None, "a dragon, the seat wind or the round wind: 2; both winds: option"
    ),
    "wait": ScoringEntry("{wait} wait", FU, 2, "kanchan, penchan or tanki"),
    "open_pinfu": ScoringEntry("Open pinfu shape", FU, 10, "an open hand with no fu at all counts 30"),
    "rounding": ScoringEntry("Rounded up", FU, None, "to the next 10"),
}

LIMITS: tuple[tuple[str, str], ...] = (
    ("mangan", "5 han, or base points over 2,000: base 2,000 (kiriage: 4 han 30 fu and 3 han 60 fu too)"),
    ("haneman", "6-7 han: base 3,000"),
    ("baiman", "8-10 han: base 4,000"),
    ("sanbaiman", "11-12 han: base 6,000"),
    ("kazoe yakuman", "13 han or more without a yakuman: base 8,000 (option kazoe_yakuman; else sanbaiman)"),
    ("yakuman", "base 8,000 for each yakuman counted"),
)


def han_item(yaku: Yaku, han: int) -> ScoreItem:
    return ScoreItem(yaku.name, HAN, han)


def yakuman_item(yaku: Yaku, double_yakuman: bool) -> ScoreItem:
    """The line of a yakuman: how many it counts (a double one counts 2 only with the option)."""
    return ScoreItem(yaku.name, YAKUMAN_KIND, yaku.closed if double_yakuman else 1)


def scoring_table() -> ScoringTable:
    """Everything the scorer writes, for ``sparrow rules riichi`` (later)."""
    return ScoringTable(
        sections=(
            ScoringSection("Yaku", tuple(y.entry for y in YAKU.values()), "han closed; the note says open"),
            ScoringSection("Yakuman", tuple(y.entry for y in YAKUMAN.values()), "the ordinary yaku are not counted"),
            ScoringSection("Dora", tuple(BONUS.values()), "counted only on a hand with a yaku, never with a yakuman"),
            ScoringSection("Fu", tuple(FU_ROWS.values()), "pinfu tsumo 20 fu, pinfu ron 30"),
            ScoringSection(
                "Limits", tuple(ScoringEntry(name, "limit", None, note) for name, note in LIMITS), "base points"
            ),
        ),
        totals=(
            "Base points are fu x 2^(han + 2), or the limit's.",
            "Ron: the discarder pays 4 x base (the dealer winning: 6 x base), rounded up to 100.",
            "Tsumo: the dealer pays 2 x base and the others 1 x base each (the dealer winning: 2 x base each), each rounded up to 100.",
            "Each honba adds 300: 100 from each payer on tsumo. The riichi sticks on the table, 1,000 each, go to the winner.",
        ),
    )
