"""The Riichi scorer (sparrow.rules.riichi) on hands whose han, fu and points are well known, and on
every kind of impossible input."""

from __future__ import annotations

import pytest

from sparrow.core.tiles import Tile
from sparrow.rules.riichi import (
    YAKU,
    YAKUMAN,
    NotWinningError,
    NoYakuError,
    RiichiError,
    RiichiHand,
    RiichiOptions,
    base_points,
    chi,
    dora_of,
    kan,
    pon,
    score,
    scoring_table,
)
from sparrow.rules.ruleset import RulesError, SituationError

# 234m 345p 234s 678s 66s waiting on 5s/8s: pinfu, tanyao.
PINFU_TANYAO = "234m345p66s23467s"


def scored(concealed: str, winning: str, **facts):
    facts.setdefault("seat_wind", "S")
    return score(RiichiHand.of(concealed, winning, **facts))


# ---------------------------------------------------------------------------- worked examples


def test_pinfu_tsumo_is_20_fu():
    result = scored("234m345p66s12378s", "9s", riichi=True, tsumo=True)
    assert result.yaku_keys == ("riichi", "menzen_tsumo", "pinfu")
    assert (result.han, result.fu) == (3, 20)
    assert [(line.name, line.value) for line in result.fu_lines] == [("Base", 20)]
    # Non-dealer tsumo 3 han 20 fu: 700 from each non-dealer, 1,300 from the dealer.
    assert (result.payments.dealer, result.payments.non_dealer, result.payments.total) == (1300, 700, 2700)


def test_pinfu_ron_is_30_fu():
    result = scored(PINFU_TANYAO, "8s", riichi=True)
    assert (result.han, result.fu) == (3, 30)
    assert [line.value for line in result.fu_lines] == [20, 10]
    assert result.payments.ron == 3900


def test_chiitoitsu_is_25_fu():
    result = scored("1133m5577p22s446z", "6z")
    assert result.yaku_keys == ("chiitoitsu",)
    assert (result.han, result.fu) == (2, 25)
    assert result.payments.ron == 1600


def test_four_han_30_fu_is_7700_without_kiriage():
    result = scored(PINFU_TANYAO, "8s", riichi=True, dora_indicators="1m")
    assert result.yaku_keys == ("riichi", "pinfu", "tanyao", "dora")
    assert (result.han, result.fu, result.limit, result.payments.ron) == (4, 30, None, 7700)
    kiriage = scored(PINFU_TANYAO, "8s", riichi=True, dora_indicators="1m", options=RiichiOptions(kiriage=True))
    assert (kiriage.limit, kiriage.payments.ron) == ("mangan", 8000)


def test_dealer_mangan_is_12000():
    result = scored(PINFU_TANYAO, "8s", riichi=True, ippatsu=True, dora_indicators="1m", seat_wind="E")
    assert (result.han, result.limit, result.payments.ron) == (5, "mangan", 12000)
    tsumo = scored(PINFU_TANYAO, "8s", riichi=True, tsumo=True, dora_indicators="1m", seat_wind="E")
    assert (tsumo.han, tsumo.payments.non_dealer, tsumo.payments.total) == (5, 4000, 12000)


def test_counted_yakuman_and_its_option():
    # 123p 123p 456p 789p 55p: riichi, ippatsu, tsumo, pinfu, iipeikou, ittsu, chinitsu = 13 han.
    facts = dict(riichi=True, ippatsu=True, tsumo=True)
    result = scored("1122334555678p", "9p", **facts)
    assert (result.han, result.limit, result.yakuman) == (13, "kazoe yakuman", 0)
    assert (result.payments.dealer, result.payments.non_dealer) == (16000, 8000)
    capped = scored("1122334555678p", "9p", options=RiichiOptions(kazoe_yakuman=False), **facts)
    assert (capped.limit, capped.payments.total) == ("sanbaiman", 24000)


@pytest.mark.parametrize(
    ("han", "fu", "base", "limit"),
    [
        (1, 30, 240, None),
        (3, 70, 2000, "mangan"),
        (5, 30, 2000, "mangan"),
        (6, 30, 3000, "haneman"),
        (8, 30, 4000, "baiman"),
        (11, 30, 6000, "sanbaiman"),
        (13, 30, 8000, "kazoe yakuman"),
    ],
)
def test_base_points_and_limits(han, fu, base, limit):
    assert base_points(han, fu, 0, RiichiOptions()) == (base, limit)


def test_honba_and_riichi_sticks():
    ron = scored(PINFU_TANYAO, "8s", riichi=True, dora_indicators="1m", honba=2, riichi_sticks=2)
    assert (ron.payments.ron, ron.payments.riichi_sticks, ron.payments.total) == (8300, 2000, 10300)
    assert ron.points == 7700
    tsumo = scored("234m345p66s12378s", "9s", riichi=True, tsumo=True, honba=1)
    assert (tsumo.payments.dealer, tsumo.payments.non_dealer, tsumo.payments.total) == (1400, 800, 3000)


def test_open_pinfu_shape_counts_30_fu_and_open_tanyao_is_an_option():
    result = scored("345p66s23467s", "8s", melds=[chi("234m")])
    assert (result.yaku_keys, result.han, result.fu, result.payments.ron) == (("tanyao",), 1, 30, 1000)
    assert result.fu_lines[-1].name == "Open pinfu shape"
    with pytest.raises(NoYakuError):
        scored("345p66s23467s", "8s", melds=[chi("234m")], options=RiichiOptions(open_tanyao=False))


def test_double_wind_pair_fu_is_an_option():
    hand = dict(riichi=True, seat_wind="E", round_wind="E")
    assert scored("123m456p999s67s11z", "8s", **hand).fu == 50  # 20 + 10 + 8 + 4 = 42
    two = scored("123m456p999s67s11z", "8s", options=RiichiOptions(double_wind_pair_fu=2), **hand)
    assert two.fu == 40
    assert ("Pair of East Wind", 2) in [(line.name, line.value) for line in two.fu_lines]


def test_the_reading_worth_most_is_chosen():
    # 22 33 44m 55 66 77p 88s: ryanpeikou (4 han 40 fu, mangan) beats chiitoitsu (3 han 25 fu).
    result = scored("223344m556677p8s", "8s")
    assert result.yaku_keys == ("tanyao", "ryanpeikou")
    assert (result.han, result.fu, result.payments.ron) == (4, 40, 8000)


def test_ron_on_a_pung_wait_opens_that_pung():
    ron = scored("111m222p333s44z55z", "5z")
    assert ron.yaku_keys == ("haku", "toitoi", "sanankou")
    assert ("Open pung of White Dragon", 4) in [(line.name, line.value) for line in ron.fu_lines]
    tsumo = scored("111m222p333s44z55z", "5z", tsumo=True)
    assert (tsumo.yaku_keys, tsumo.yakuman, tsumo.payments.total) == (("suuankou",), 1, 32000)


def test_kans_fu_and_rinshan():
    result = scored("234p678s9m", "9m", melds=[kan("1111m", closed=True), pon("777z")], tsumo=True, rinshan=True)
    assert result.yaku_keys == ("chun", "rinshan")  # the pon opened the hand: no menzen tsumo
    fu = {line.name: line.value for line in result.fu_lines}
    assert fu["Closed kan of 1 Characters"] == 32
    assert fu["Open pung of Red Dragon"] == 4
    assert result.fu == 60  # 20 + 32 + 4 + 2 (tsumo) + 2 (tanki)


def test_yakuman_and_double_yakuman():
    kokushi = scored("19m19p19s1234567z", "1m")
    assert (kokushi.yaku_keys, kokushi.yakuman, kokushi.payments.ron) == (("kokushi",), 1, 32000)
    double = scored("19m19p19s1234567z", "1m", options=RiichiOptions(double_yakuman=True))
    assert (double.yaku_keys, double.yakuman, double.limit, double.payments.ron) == (
        ("kokushi_13",),
        2,
        "2x yakuman",
        64000,
    )
    daisangen = scored("555666777z2m", "2m", melds=[pon("1m")])
    assert daisangen.yaku_keys == ("daisangen",) and daisangen.payments.ron == 32000
    assert scored("1112345678999m", "5m").yaku_keys == ("chuuren",)
    assert scored("1112345678999m", "5m", options=RiichiOptions(double_yakuman=True)).yakuman == 2
    # Dora never count with a yakuman.
    assert "dora" not in scored("19m19p19s1234567z", "1m", dora_indicators="9m").yaku_keys


def test_dora_count_only_with_a_yaku():
    with pytest.raises(NoYakuError):
        score(RiichiHand.of("345p66s23467s", "8s", melds=[chi("123m")], dora_indicators="1m"))
    assert dora_of(Tile.parse("9m")) == Tile.parse("1m")
    assert dora_of(Tile.parse("4z")) == Tile.parse("1z")
    assert dora_of(Tile.parse("7z")) == Tile.parse("5z")


def test_red_fives_and_ura_dora():
    result = scored(PINFU_TANYAO, "8s", riichi=True, aka=(0, 1, 0))
    assert result.yaku_keys[-1] == "aka" and result.han == 4
    ura = scored(PINFU_TANYAO, "8s", riichi=True, dora_indicators="1z", ura_dora_indicators="5s")
    # The ura dora is 6s: the pair and one in 678s.
    assert dict(zip(ura.yaku_keys, (line.value for line in ura.yaku), strict=True))["ura"] == 3
    off = scored(PINFU_TANYAO, "8s", riichi=True, aka=1, options=RiichiOptions(aka_dora=False))
    assert "aka" not in off.yaku_keys


def test_the_score_card_and_the_table_agree():
    result = scored("111m222p333s44z55z", "5z", riichi=True)
    card = result.to_score_result()
    assert card.rules == "riichi" and card.valid and card.total == result.points
    assert {item.kind for item in card.items} == {"han", "fu"}
    assert sum(item.value for item in card.items if item.kind == "fu") == result.fu
    table = scoring_table()
    for item in card.items:
        assert table.entry_of(item) is not None, item
    assert len(table.sections) == 5 and len(YAKU) + len(YAKUMAN) <= len(table.entries)
    assert card.details["reading"].endswith("(shanpon)")


# ---------------------------------------------------------------------------- errors


def test_not_a_winning_hand():
    with pytest.raises(NotWinningError):
        scored("123m456p789s1234z", "5z")


def test_no_yaku():
    with pytest.raises(NoYakuError, match="no yaku"):
        score(RiichiHand.of("345p66s23467s", "8s", melds=[chi("123m")]))


def test_more_than_one_red_five_of_a_suit():
    with pytest.raises(RiichiError, match="more than one red five"):
        scored(PINFU_TANYAO, "8s", riichi=True, aka=(0, 2, 0))
    with pytest.raises(RiichiError, match="red"):
        scored(PINFU_TANYAO, "8s", riichi=True, aka=4)


def test_riichi_with_an_open_hand():
    with pytest.raises(RiichiError, match="closed hand"):
        score(RiichiHand.of("345p66s23467s", "8s", melds=[chi("234m")], riichi=True))
    # A closed kan keeps the hand closed.
    closed = score(
        RiichiHand.of("234p678s99m11z", "9m", melds=[kan("1111m", closed=True)], riichi=True, tsumo=True, rinshan=True)
    )
    assert closed.yaku_keys == ("riichi", "menzen_tsumo", "rinshan")


def test_a_dora_indicator_that_is_not_a_tile():
    with pytest.raises(RiichiError, match="dora_indicators"):
        scored(PINFU_TANYAO, "8s", riichi=True, dora_indicators="8z")
    with pytest.raises(RiichiError, match="flower"):
        scored(PINFU_TANYAO, "8s", riichi=True, dora_indicators="1f")
    with pytest.raises(RiichiError):
        scored(PINFU_TANYAO, "8s", riichi=True, dora_indicators=(99,))


def test_five_copies_of_a_tile():
    with pytest.raises(RiichiError, match="5 copies"):
        scored("1111m345p66s2346s", "1m")
    # The indicators are tiles of the set too.
    with pytest.raises(RiichiError, match="copies"):
        scored("222m345p66s23467s", "8s", riichi=True, dora_indicators="2m2m")


@pytest.mark.parametrize(
    ("facts", "field"),
    [
        ({"ippatsu": True}, "ippatsu"),
        ({"chankan": True, "tsumo": True}, "chankan"),
        ({"rinshan": True, "tsumo": True}, "rinshan"),
        ({"haitei": True}, "haitei"),
        ({"houtei": True, "tsumo": True}, "houtei"),
        ({"tenhou": True, "tsumo": True}, "tenhou"),
        ({"chiihou": True, "tsumo": True, "seat_wind": "E"}, "chiihou"),
        ({"renhou": True}, "renhou"),
        ({"ura_dora_indicators": "1m"}, "ura_dora_indicators"),
        ({"seat_wind": "X"}, "seat_wind"),
        ({"dealer": True}, "dealer"),
        ({"honba": -1}, "honba"),
    ],
)
def test_circumstances_that_cannot_be(facts, field):
    with pytest.raises(RiichiError) as raised:
        scored(PINFU_TANYAO, "8s", **facts)
    assert raised.value.field == field
    assert isinstance(raised.value, SituationError)


def test_wrong_tile_counts_and_options():
    with pytest.raises(RiichiError, match="standing tiles"):
        scored("234m345p66s2346s", "8s")
    with pytest.raises(RulesError):
        RiichiOptions(renhou="sometimes")
    with pytest.raises(RulesError):
        RiichiOptions(double_wind_pair_fu=3)
    with pytest.raises(RulesError, match="unknown riichi option"):
        RiichiOptions.from_mapping({"kuitan": True})
    assert RiichiOptions.from_mapping({"kiriage": True}).kiriage


def test_renhou_options():
    mangan = scored(PINFU_TANYAO, "8s", renhou=True, options=RiichiOptions(renhou="mangan"))
    assert mangan.yaku_keys[:1] == ("renhou",) or "renhou" in mangan.yaku_keys
    assert mangan.han == 5 + 2  # renhou, pinfu, tanyao: haneman
    yakuman = scored(PINFU_TANYAO, "8s", renhou=True, options=RiichiOptions(renhou="yakuman"))
    assert yakuman.yaku_keys == ("renhou_yakuman",)


def test_the_readings_yaku_constants_follow_the_table():
    from sparrow.rules.riichi import reading

    assert len(reading.KEYS) == len(YAKU) + 3
    for at, key in enumerate(reading.KEYS):
        assert getattr(reading, key.upper()) == at, key


def test_flags_given_as_truthy_values_count_as_in_python():
    # The compiled scorer reads the hand's facts as they were given: 1 is as good as True.
    as_ints = score(RiichiHand.of(PINFU_TANYAO, "5s", seat_wind="S", riichi=1, tsumo=1, aka=1))
    as_bools = score(RiichiHand.of(PINFU_TANYAO, "5s", seat_wind="S", riichi=True, tsumo=True, aka=1))
    assert (as_ints.han, as_ints.fu, as_ints.yaku_keys, as_ints.payments) == (
        as_bools.han,
        as_bools.fu,
        as_bools.yaku_keys,
        as_bools.payments,
    )


def test_the_readme_example_scores_as_it_says():
    result = score(RiichiHand.of("234m345p66s12378s", "9s", riichi=True, tsumo=True, dora_indicators="1m"))
    assert (result.han, result.fu, result.payments.total, result.payments.non_dealer) == (4, 20, 7800, 2600)
    assert [item.name for item in result.items if item.kind == "han"] == ["Riichi", "Menzen tsumo", "Pinfu", "Dora"]
