"""Hong Kong Old Style scoring and settlement (seeds 003/004, docs/rules/hkos.md).

Every expected value below was counted by hand from the faan table of the rules page; the comment
next to a hand says how. Unless a test says otherwise the player sits South in the East round, so
an East pung is the round wind only and a North pung scores nothing.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sparrow.core.shapes import decompositions
from sparrow.core.situation import HandSituation, SituationError
from sparrow.core.tiles import SEATS, format_tiles, format_tiles_in_order, parse_tiles, tile_counts
from sparrow.rules import RulesError, Settlement, get_ruleset, settle
from sparrow.rules import score as score_any
from tests.scale import scaled

HKOS = get_ruleset("hkos")


def situation(
    concealed: str,
    winning_tile: str | None,
    *,
    melds: tuple[tuple[str, str, bool], ...] = (),
    win_by: str = "discard",
    seat: str = "S",
    round_wind: str = "E",
    bonus: str = "",
    options: dict | None = None,
    moments: tuple[str, ...] = (),
) -> HandSituation:
    data = {
        "rules": "hkos",
        "concealed": concealed,
        "melds": [{"kind": kind, "tiles": tiles, "open": is_open} for kind, tiles, is_open in melds],
        "winning_tile": winning_tile,
        "win_by": win_by,
        "seat_wind": seat,
        "round_wind": round_wind,
        "bonus": bonus,
        "moments": list(moments),
    }
    if options is not None:
        data["options"] = options
    return HandSituation.from_dict(data)


def score(concealed: str, winning_tile: str | None, **kwargs):
    return HKOS.score(situation(concealed, winning_tile, **kwargs))


def names(result) -> list[str]:
    return [item.name for item in result.items]


def faan(result) -> dict[str, int]:
    return {item.name: item.value for item in result.items}


# ------------------------------------------------------------------ the seed's worked hands


def test_alice_123s456s111z777z99s_self_drawn_is_7_faan_48_points():
    # Seed 003: bamboos, East pung (her seat and the round's), red pung, bamboo pair, self-drawn,
    # holding a bonus tile that is not hers (Flower 2 belongs to South).
    result = score("123s456s111z777z9s", "9s", win_by="self_draw", seat="E", round_wind="E", bonus="2f")
    assert result.valid
    assert [(i.name, i.kind, i.value) for i in result.items] == [
        ("Mixed one suit (Bamboo)", "faan", 3),
        ("Seat wind (East)", "faan", 1),
        ("Round wind (East)", "faan", 1),
        ("Dragon pung (Red Dragon)", "faan", 1),
        ("Self-drawn", "faan", 1),
    ]
    assert result.details == {"faan": 7}
    assert result.total == 48
    assert result.arithmetic == "3 + 1 + 1 + 1 + 1 = 7 faan = 48 points"
    assert result.limit is None


def test_alice_with_her_honour_pungs_claimed_still_48():
    # Claimed pungs cost nothing on a self-draw: the concealed faan is only for a discard win.
    result = score(
        "123s456s9s",
        "9s",
        melds=(("pung", "111z", True), ("pung", "777z", True)),
        win_by="self_draw",
        seat="E",
        round_wind="E",
        bonus="2f",
    )
    assert (result.total, result.details["faan"]) == (48, 7)


def test_ben_all_chows_concealed_own_flower_is_3_faan_8_points():
    # Seed 003: all chows, nothing claimed, won on a discard, his own flower (South = Flower 2).
    result = score("123m456p789s234s5m", "5m", seat="S", bonus="2f")
    assert result.valid
    assert [(i.name, i.value) for i in result.items] == [
        ("All chows", 1),
        ("Concealed hand", 1),
        ("Own flower (Flower 2)", 1),
    ]
    assert (result.total, result.details["faan"]) == (8, 3)
    assert result.arithmetic == "1 + 1 + 1 = 3 faan = 8 points"


def test_seed_004_example_four_pungs_scores_all_pungs_plus_dragon():
    # Seed 004: 222p 555s 777m 777z and a pair of East: all pungs and a dragon pung "in the cited
    # profile". South in the East round: the East pair scores nothing; won on a discard, nothing claimed.
    result = score("777m222p555s777z1z", "1z")
    assert faan(result) == {"All pungs": 3, "Dragon pung (Red Dragon)": 1, "Concealed hand": 1, "No bonus tiles": 1}
    assert (result.total, result.details["faan"]) == (32, 6)


def test_the_sheet_after_two_hands_reads_alice_48_ben_8():
    alice = score("123s456s111z777z9s", "9s", win_by="self_draw", seat="E", round_wind="E", bonus="2f")
    ben = score("123m456p789s234s5m", "5m", seat="S", bonus="2f")
    assert (alice.total, ben.total) == (48, 8)


# ------------------------------------------------------------------ self-drawn


def test_self_drawn_counts_for_every_self_drawn_tile():
    # A replacement tile counts as self-drawn. 123m 456p 789s 999m 55p: Self-drawn + No bonus tiles.
    result = score("123m456p789s999m5p", "5p", win_by="self_draw", options={"minimum": 0})
    assert faan(result) == {"Self-drawn": 1, "No bonus tiles": 1}
    # The same hand with 999m declared as a concealed kong, won on the kong's replacement tile.
    result = score(
        "123m456p789s5p", "5p", melds=(("kong", "9999m", False),), win_by="kong_replacement", options={"minimum": 0}
    )
    assert faan(result) == {"Self-drawn": 1, "No bonus tiles": 1}
    # Won on the replacement for a flower that is not the player's own (South holds flower 1).
    result = score("123m456p789s999m5p", "5p", win_by="flower_replacement", bonus="1f", options={"minimum": 0})
    assert faan(result) == {"Self-drawn": 1}


@pytest.mark.parametrize("win_by", ["discard", "robbing_kong"])
def test_no_self_drawn_faan_on_a_discard_or_robbed_kong(win_by):
    # Robbing the kong scores as a win on a discard: concealed, not self-drawn.
    result = score("123m456p789s999m5p", "5p", win_by=win_by, options={"minimum": 0})
    assert faan(result) == {"Concealed hand": 1, "No bonus tiles": 1}


# ------------------------------------------------------------------ concealed


def test_concealed_hand_on_a_discard_with_a_concealed_kong():
    # A concealed kong keeps the hand concealed: 9999m(kong) 123m 456p 789s 55p on a discard.
    result = score("123m456p789s5p", "5p", melds=(("kong", "9999m", False),), options={"minimum": 0})
    assert faan(result) == {"Concealed hand": 1, "No bonus tiles": 1}


def test_no_concealed_faan_with_a_claimed_pung():
    result = score("123m456p789s5p", "5p", melds=(("pung", "999m", True),), options={"minimum": 0})
    assert faan(result) == {"No bonus tiles": 1}


def test_no_concealed_faan_with_an_exposed_kong():
    result = score("123m456p789s5p", "5p", melds=(("kong", "9999m", True),), options={"minimum": 0})
    assert "Concealed hand" not in names(result)


def test_concealed_faan_not_on_a_self_draw_by_default():
    result = score("123m456p789s999m5p", "5p", win_by="self_draw", options={"minimum": 0})
    assert "Concealed hand" not in names(result)


def test_option_concealed_self_draw_adds_the_concealed_faan_on_a_self_draw():
    # Self-drawn 1 + Concealed 1 + No bonus tiles 1 = 3 faan = 8 points.
    result = score("123m456p789s999m5p", "5p", win_by="self_draw", options={"concealed_self_draw": True})
    assert names(result) == ["Self-drawn", "Concealed hand", "No bonus tiles"]
    assert result.total == 8


def test_option_concealed_self_draw_still_needs_nothing_claimed():
    result = score(
        "123m456p789s5p",
        "5p",
        melds=(("pung", "999m", True),),
        win_by="self_draw",
        options={"concealed_self_draw": True, "minimum": 0},
    )
    assert faan(result) == {"Self-drawn": 1, "No bonus tiles": 1}


# ------------------------------------------------------------------ all chows


def test_all_chows_with_claimed_chows():
    # 123m 456p claimed, 789s 234s 55m: all chows and no bonus = 2 faan (nothing concealed).
    result = score("789s234s5m", "5m", melds=(("chow", "123m", True), ("chow", "456p", True)), options={"minimum": 0})
    assert faan(result) == {"All chows": 1, "No bonus tiles": 1}


def test_all_chows_with_a_pair_of_a_wind_that_is_neither_seat_nor_round():
    # North pair for South in the East round scores nothing, so the hand is all chows: 3 faan.
    result = score("123m456p789s234s4z", "4z", seat="S", round_wind="E")
    assert faan(result) == {"All chows": 1, "Concealed hand": 1, "No bonus tiles": 1}
    assert result.total == 8


@pytest.mark.parametrize(
    ("pair", "why"),
    [("2z", "seat wind South"), ("1z", "round wind East"), ("6z", "green dragon")],
)
def test_no_all_chows_when_the_pair_scores(pair, why):
    # Same chows, but the pair is a scoring pair: only Concealed + No bonus tiles = 2 faan.
    result = score(f"123m456p789s234s{pair}", pair, seat="S", round_wind="E")
    assert "All chows" not in names(result), why
    assert not result.valid and result.reason == "needs 3 faan, has 2"


def test_no_all_chows_with_one_pung():
    result = score("123m456p789s999s5m", "5m")
    assert "All chows" not in names(result)
    assert result.details["faan"] == 2


def test_all_chows_is_found_when_the_hand_also_splits_into_pungs():
    # 111222333m can be three pungs or three chows 123m; with 789p and 55s only the chow reading
    # gives a pattern: All chows + Concealed + No bonus tiles = 3 faan.
    result = score("111222333m789p5s", "5s")
    assert faan(result) == {"All chows": 1, "Concealed hand": 1, "No bonus tiles": 1}
    assert result.total == 8


# ------------------------------------------------------------------ all pungs


def test_all_pungs_with_a_claimed_pung_and_a_concealed_kong():
    # 111m claimed, 9999p concealed kong, 555s 777m, pair 33p: All pungs 3 + No bonus 1 = 4 faan.
    result = score("555s777m3p", "3p", melds=(("pung", "111m", True), ("kong", "9999p", False)))
    assert faan(result) == {"All pungs": 3, "No bonus tiles": 1}
    assert result.total == 16


def test_no_all_pungs_with_one_chow():
    result = score("555s678m3p", "3p", melds=(("pung", "111m", True), ("kong", "9999p", False)))
    assert "All pungs" not in names(result)
    assert result.reason == "needs 3 faan, has 1"


def test_no_all_pungs_for_pairs_that_make_chows():
    # 112233m 445566p 77s is two pairs of chows, not pungs: All chows, Concealed, No bonus tiles.
    result = score("112233m445566p7s", "7s")
    assert faan(result) == {"All chows": 1, "Concealed hand": 1, "No bonus tiles": 1}


def test_all_pungs_chosen_over_chows_in_a_pure_hand():
    # 111s 222s 333s 444s 55s: four pungs (3) beat 123s x3 + 444s (no chow pattern).
    # Pure one suit 7 + All pungs 3 + Concealed 1 + No bonus 1 = 12 faan -> the limit.
    result = score("111222333444s5s", "5s")
    assert faan(result) == {"Pure one suit (Bamboo)": 7, "All pungs": 3, "Concealed hand": 1, "No bonus tiles": 1}
    assert result.total == 128


# ------------------------------------------------------------------ dragons and winds


def test_dragon_pung_scores_one():
    result = score("123m456p789s777z5m", "5m")
    assert faan(result) == {"Dragon pung (Red Dragon)": 1, "Concealed hand": 1, "No bonus tiles": 1}
    assert result.total == 8


def test_dragon_kong_counts_as_a_pung():
    result = score("123m456p789s5m", "5m", melds=(("kong", "6666z", True),), options={"minimum": 0})
    assert faan(result) == {"Dragon pung (Green Dragon)": 1, "No bonus tiles": 1}


def test_each_dragon_pung_scores():
    result = score("123m456p555z777z5m", "5m")
    assert faan(result) == {
        "Dragon pung (White Dragon)": 1,
        "Dragon pung (Red Dragon)": 1,
        "Concealed hand": 1,
        "No bonus tiles": 1,
    }
    assert result.total == 16


def test_a_dragon_pair_is_not_a_dragon_pung():
    result = score("123m456p789s111p7z", "7z")
    assert faan(result) == {"Concealed hand": 1, "No bonus tiles": 1}


def test_seat_wind_pung():
    result = score("123m456p789s222z5m", "5m", seat="S", round_wind="E")
    assert faan(result) == {"Seat wind (South)": 1, "Concealed hand": 1, "No bonus tiles": 1}


def test_round_wind_pung():
    result = score("123m456p789s111z5m", "5m", seat="S", round_wind="E")
    assert faan(result) == {"Round wind (East)": 1, "Concealed hand": 1, "No bonus tiles": 1}


def test_seat_wind_that_is_also_the_round_wind_scores_both():
    # Seed 003: sitting East in the East round, a pung of East is two faan.
    result = score("123m456p789s111z5m", "5m", seat="E", round_wind="E")
    assert faan(result) == {"Seat wind (East)": 1, "Round wind (East)": 1, "Concealed hand": 1, "No bonus tiles": 1}
    assert result.total == 16


def test_a_wind_pung_of_another_seat_scores_nothing():
    # West pung for South in the East round.
    result = score("123m456p789s333z5m", "5m", seat="S", round_wind="E")
    assert faan(result) == {"Concealed hand": 1, "No bonus tiles": 1}


def test_little_three_dragons_replaces_the_dragon_pungs():
    # 123m claimed, 456p, 555z 666z, pair 77z: Little three dragons 5 + No bonus 1 = 6 faan = 32.
    result = score("456p555z666z7z", "7z", melds=(("chow", "123m", True),))
    assert faan(result) == {"Little three dragons": 5, "No bonus tiles": 1}
    assert result.total == 32


def test_two_dragon_pungs_with_a_suit_pair_are_not_little_three_dragons():
    result = score("456p555z666z1m", "1m", melds=(("chow", "123m", True),))
    assert faan(result) == {"Dragon pung (White Dragon)": 1, "Dragon pung (Green Dragon)": 1, "No bonus tiles": 1}
    assert result.total == 8


def test_great_three_dragons_replaces_the_dragon_pungs():
    # 123m claimed, 555z 666z 777z, pair 11p: Great three dragons 8 + No bonus 1 = 9 faan = 96.
    result = score("555z666z777z1p", "1p", melds=(("chow", "123m", True),))
    assert faan(result) == {"Great three dragons": 8, "No bonus tiles": 1}
    assert result.total == 96


def test_little_three_dragons_is_not_great_three_dragons():
    result = score("456p555z666z7z", "7z", melds=(("chow", "123m", True),))
    assert "Great three dragons" not in names(result)


# ------------------------------------------------------------------ flowers and seasons


def test_own_flower_and_own_season_score_one_each():
    # West holds Flower 3 and Season 3: 2 faan, plus Concealed = 3.
    result = score("123m456p789s999m5p", "5p", seat="W", bonus="3f7f")
    assert faan(result) == {"Concealed hand": 1, "Own flower (Flower 3)": 1, "Own season (Season 3)": 1}
    assert result.total == 8


def test_another_seats_flower_scores_nothing_and_loses_no_bonus_faan():
    result = score("123m456p789s999m5p", "5p", seat="W", bonus="1f5f")
    assert faan(result) == {"Concealed hand": 1}


def test_no_bonus_tiles_scores_one_when_flowers_are_in_play():
    result = score("123m456p789s999m5p", "5p", options={"minimum": 0})
    assert faan(result)["No bonus tiles"] == 1


def test_no_bonus_faan_without_flowers_in_play():
    # 136 tiles: nobody can hold a bonus tile, so there is no faan for having none.
    result = score("123m456p789s999m5p", "5p", options={"flowers": False, "minimum": 0})
    assert faan(result) == {"Concealed hand": 1}


def test_flower_faan_count_toward_the_minimum():
    # Ben's three faan include his flower; without it he has two and cannot win.
    result = score("123m456p789s234s5m", "5m", seat="S", bonus="1f")
    assert result.reason == "needs 3 faan, has 2"


# ------------------------------------------------------------------ one suit


def test_mixed_one_suit():
    # Bamboo with an East pung (the round wind for South): 3 + 1 + Concealed 1 + No bonus 1 = 6 faan.
    result = score("123s456s789s111z5s", "5s")
    assert faan(result) == {
        "Mixed one suit (Bamboo)": 3,
        "Round wind (East)": 1,
        "Concealed hand": 1,
        "No bonus tiles": 1,
    }
    assert result.total == 32


def test_two_suits_with_honours_are_not_mixed_one_suit():
    result = score("123s456s789p111z5s", "5s")
    assert "Mixed one suit (Bamboo)" not in names(result)
    assert result.details["faan"] == 3


def test_pure_one_suit():
    # 123s 456s 789s 111s 55s: Pure 7 + Concealed 1 + No bonus 1 = 9 faan = 96 (111s blocks all chows).
    result = score("123s456s789s111s5s", "5s")
    assert faan(result) == {"Pure one suit (Bamboo)": 7, "Concealed hand": 1, "No bonus tiles": 1}
    assert result.total == 96


def test_one_honour_pair_makes_pure_into_mixed():
    # Red dragon pair: Mixed 3 + Concealed 1 + No bonus 1 = 5 faan = 24 (a dragon pair scores nothing).
    result = score("123s456s789s111s7z", "7z")
    assert faan(result) == {"Mixed one suit (Bamboo)": 3, "Concealed hand": 1, "No bonus tiles": 1}
    assert result.total == 24


# ------------------------------------------------------------------ limit hands


def test_thirteen_orphans_is_a_limit_hand():
    result = score("19m19p19s1234567z", "1m")
    assert [(i.name, i.kind, i.value) for i in result.items] == [("Thirteen orphans", "limit", 10)]
    assert (result.valid, result.total, result.limit, result.details) == (True, 128, "Thirteen orphans", {"faan": 10})
    assert result.arithmetic == "Thirteen orphans: limit, 10 faan = 128 points"


def test_twelve_orphans_and_a_simple_is_not_a_winning_hand():
    result = score("119m19p19s123456z", "2m")
    assert not result.valid
    assert result.total == 0
    assert result.reason == "not a winning hand: the tiles do not make four sets and a pair"


def test_all_honours_is_a_limit_hand():
    result = score("111z333z555z777z4z", "4z", seat="S", round_wind="S")
    assert (result.total, result.limit, names(result)) == (128, "All honours", ["All honours"])


def test_honour_pungs_with_a_suit_pair_are_not_all_honours():
    # Claimed 111z 333z; 555z 777z and a pair of 1m, South in the South round, non-own flower:
    # Mixed one suit 3 + All pungs 3 + White 1 + Red 1 = 8 faan = 64, no limit.
    result = score(
        "555z777z1m",
        "1m",
        melds=(("pung", "111z", True), ("pung", "333z", True)),
        seat="S",
        round_wind="S",
        bonus="1f",
    )
    assert result.limit is None
    assert (result.details["faan"], result.total) == (8, 64)


def test_great_four_winds_is_a_limit_hand():
    result = score("111z222z333z444z5m", "5m")
    assert (result.total, result.limit) == (128, "Great four winds")


def test_great_four_winds_with_an_honour_pair_is_named_great_four_winds():
    # Also all honours; the rarer name is given, the value is the limit either way.
    result = score("111z222z333z444z5z", "5z")
    assert (result.total, result.limit) == (128, "Great four winds")


def test_three_wind_pungs_and_a_wind_pair_are_not_great_four_winds():
    # Little four winds is not on this table: Mixed 3 + seat South 1 + round East 1 + Concealed 1
    # + No bonus 1 = 7 faan = 48.
    result = score("123m111z222z333z4z", "4z", seat="S", round_wind="E")
    assert result.limit is None
    assert (result.details["faan"], result.total) == (7, 48)


# ------------------------------------------------------------------ faan to points, minimum, cap

POINTS_TABLE_HANDS = [
    # (faan, points, situation keyword arguments) -- each counted by hand in the comment
    # 0: claimed chow, 999m pung, other seat's flower: nothing at all.
    (0, 1, dict(concealed="456p789s999m5s", winning_tile="5s", melds=(("chow", "123m", True),), bonus="1f")),
    # 1: the same with no bonus tiles.
    (1, 2, dict(concealed="456p789s999m5s", winning_tile="5s", melds=(("chow", "123m", True),))),
    # 2: no bonus + self-drawn.
    (2, 4, dict(concealed="456p789s999m5s", winning_tile="5s", melds=(("chow", "123m", True),), win_by="self_draw")),
    # 3: Ben.
    (3, 8, dict(concealed="123m456p789s234s5m", winning_tile="5m", bonus="2f")),
    # 4: mixed bamboo 3 + no bonus 1 (North pung for South in the East round scores nothing).
    (4, 16, dict(concealed="345s678s444z1s", winning_tile="1s", melds=(("pung", "222s", True),))),
    # 5: the same, self-drawn.
    (5, 24, dict(concealed="345s678s444z1s", winning_tile="1s", melds=(("pung", "222s", True),), win_by="self_draw")),
    # 6: the same sitting North: + seat wind.
    (
        6,
        32,
        dict(
            concealed="345s678s444z1s",
            winning_tile="1s",
            melds=(("pung", "222s", True),),
            win_by="self_draw",
            seat="N",
        ),
    ),
    # 7: Alice.
    (7, 48, dict(concealed="123s456s111z777z9s", winning_tile="9s", win_by="self_draw", seat="E", bonus="2f")),
    # 8: Alice without a bonus tile: + no bonus tiles.
    (8, 64, dict(concealed="123s456s111z777z9s", winning_tile="9s", win_by="self_draw", seat="E")),
    # 9: pure circles 7 + self-drawn 1 + no bonus 1 (222p is a pung: not all chows).
    (9, 96, dict(concealed="456p789p222p5p", winning_tile="5p", melds=(("chow", "123p", True),), win_by="self_draw")),
    # 10: pure circles 7 + all chows 1 + concealed 1 + no bonus 1.
    (10, 128, dict(concealed="123p456p789p234p5p", winning_tile="5p")),
    # 12: pure bamboo 7 + all pungs 3 + self-drawn 1 + no bonus 1: still the limit.
    (12, 128, dict(concealed="333s555s777s9s", winning_tile="9s", melds=(("pung", "111s", True),), win_by="self_draw")),
]


@pytest.mark.parametrize(("expected_faan", "points", "hand"), POINTS_TABLE_HANDS)
def test_faan_to_points_table(expected_faan, points, hand):
    hand = dict(hand)
    result = score(hand.pop("concealed"), hand.pop("winning_tile"), options={"minimum": 0}, **hand)
    assert result.valid
    assert result.details["faan"] == expected_faan
    assert sum(item.value for item in result.items) == expected_faan
    assert result.total == points


def test_zero_faan_arithmetic_reads_one_point():
    faan_, _, hand = POINTS_TABLE_HANDS[0]
    hand = dict(hand)
    result = score(hand.pop("concealed"), hand.pop("winning_tile"), options={"minimum": 0}, **hand)
    assert result.items == ()
    assert result.arithmetic == "0 faan = 1 point"


def test_the_limit_caps_a_hand_over_ten_faan():
    _, _, hand = POINTS_TABLE_HANDS[-1]
    hand = dict(hand)
    result = score(hand.pop("concealed"), hand.pop("winning_tile"), **hand)
    assert result.total == 128 and result.limit is None
    assert result.arithmetic == "7 + 3 + 1 + 1 = 12 faan, over the 10-faan limit = 128 points"


def test_below_the_minimum_is_not_a_win_and_says_why():
    # Concealed + No bonus tiles only.
    result = score("123m456p789s999m5p", "5p")
    assert not result.valid
    assert result.total == 0
    assert result.reason == "needs 3 faan, has 2"
    assert result.details == {"faan": 2}
    assert names(result) == ["Concealed hand", "No bonus tiles"]  # shown so the player can check


def test_exactly_the_minimum_wins():
    result = score("123m456p789s234s5m", "5m", bonus="2f")
    assert result.valid and result.details["faan"] == 3


def test_a_higher_minimum_option():
    result = score("123m456p789s234s5m", "5m", bonus="2f", options={"minimum": 5})
    assert (result.valid, result.reason) == (False, "needs 5 faan, has 3")


def test_minimum_zero_lets_a_no_faan_hand_win_one_point():
    result = score("456p789s999m5s", "5s", melds=(("chow", "123m", True),), bonus="1f")
    assert result.reason == "needs 3 faan, has 0"
    result = score("456p789s999m5s", "5s", melds=(("chow", "123m", True),), bonus="1f", options={"minimum": 0})
    assert (result.valid, result.total) == (True, 1)


# ------------------------------------------------------------------ winning shapes and invalid hands


def test_not_a_winning_shape():
    result = score("123m456p789s999m5p", "6p")
    assert (result.valid, result.total, result.items) == (False, 0, ())
    assert result.reason == "not a winning hand: the tiles do not make four sets and a pair"


def test_seven_pairs_does_not_win_by_default():
    result = score("1122m3344p5566s7z", "7z")
    assert not result.valid
    assert result.reason == "not a winning hand: seven pairs does not win under these rules (option seven_pairs is off)"


def test_seven_pairs_option_scores_4_faan():
    # Seven pairs 4 + Concealed 1 + No bonus 1 = 6 faan = 32.
    result = score("1122m3344p5566s7z", "7z", options={"seven_pairs": True})
    assert faan(result) == {"Seven pairs": 4, "Concealed hand": 1, "No bonus tiles": 1}
    assert result.total == 32


def test_four_of_a_kind_is_not_two_pairs():
    result = score("1111m3344p5566s7z", "7z", options={"seven_pairs": True})
    assert not result.valid
    assert result.reason.startswith("not a winning hand")


def test_seven_pairs_reading_beats_the_all_chows_reading_when_allowed():
    # 112233m 445566p 77s: as sets, All chows 1 + Concealed 1 + No bonus 1 = 3 faan (8 points);
    # as seven pairs 4 + 1 + 1 = 6 faan (32 points). The player gets the higher.
    assert score("112233m445566p7s", "7s").total == 8
    with_option = score("112233m445566p7s", "7s", options={"seven_pairs": True})
    assert with_option.total == 32 and "Seven pairs" in names(with_option)


def test_seven_pairs_of_honours_is_all_honours():
    result = score("1122334455667z", "7z", options={"seven_pairs": True})
    assert (result.total, result.limit) == (128, "All honours")


def test_a_non_winning_hand_scores_nothing_and_is_valid():
    result = score("123m456p789s999m5p", None)
    assert (result.valid, result.total, result.items, result.reason) == (True, 0, (), None)


def test_special_moments_add_no_faan():
    # The HKOS table has no faan for the last tile or the like: Ben is still 3 faan.
    result = score("123m456p789s234s5m", "5m", bonus="2f", moments=("last_tile", "fourth_tile"))
    assert (result.details["faan"], result.total) == (3, 8)


# ------------------------------------------------------------------ practice profile


def test_practice_any_complete_hand_scores_one_point():
    # A 0-faan hand wins in practice, and so does a rich one, for one point either way.
    poor = score("456p789s999m5s", "5s", melds=(("chow", "123m", True),), bonus="1f", options={"practice": True})
    rich = score("19m19p19s1234567z", "1m", options={"practice": True})
    for result in (poor, rich):
        assert (result.valid, result.total, result.details) == (True, 1, {"faan": 0})
        assert [(i.name, i.kind, i.value) for i in result.items] == [("Practice win", "points", 1)]


def test_practice_still_needs_a_winning_hand():
    result = score("123m456p789s999m5p", "6p", options={"practice": True})
    assert (result.valid, result.total) == (False, 0)
    assert result.reason.startswith("not a winning hand")


def test_practice_losers_score_zero():
    assert score("123m456p789s999m5p", None, options={"practice": True}).total == 0


# ------------------------------------------------------------------ options and input errors


def test_defaults_name_every_option():
    assert dict(HKOS.defaults) == {
        "flowers": True,
        "practice": False,
        "minimum": 3,
        "seven_pairs": False,
        "concealed_self_draw": False,
        "three_dice_break": True,
        "short_match": False,
        "three_players": False,
        "responsibility": "half",
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"minimun": 3}, "unknown option 'minimun'"),
        ({"minimum": "3"}, "option 'minimum' of hkos must be int"),
        ({"flowers": 1}, "option 'flowers' of hkos must be bool"),
        ({"minimum": -1}, "must be 0 or more faan"),
        ({"responsibility": "most"}, "must be 'half' or 'full'"),
    ],
)
def test_bad_options_are_named(options, message):
    with pytest.raises(RulesError, match=message):
        score("123m456p789s234s5m", "5m", options=options)


def test_bonus_tiles_without_flowers_in_play_are_an_input_error():
    with pytest.raises(SituationError, match="bonus: no flowers or seasons are in play"):
        score("123m456p789s234s5m", "5m", bonus="2f", options={"flowers": False})


def test_flower_replacement_without_flowers_is_an_input_error():
    with pytest.raises(SituationError, match="win_by"):
        score("123m456p789s234s5m", "5m", win_by="flower_replacement", options={"flowers": False})


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        (dict(concealed="123p456p789s999s5m", winning_tile="5m"), "concealed"),
        (dict(concealed="123p456p789s999s1m", winning_tile="5m"), "winning_tile"),
        (
            dict(concealed="789s999s1m", winning_tile="1m", melds=(("chow", "123p", True), ("pung", "555p", True))),
            "melds[0]",
        ),
        (
            dict(concealed="789s999s1m", winning_tile="1m", melds=(("pung", "555m", True), ("pung", "555p", True))),
            "melds[0]",
        ),
        (dict(concealed="123p456p789s999s1m", winning_tile="1m", seat="N"), "seat_wind"),
        # North's flower and season leave the set with the North seat (docs/rules/hkos.md)
        (dict(concealed="123p456p789s999s1m", winning_tile="1m", bonus="4f"), "bonus"),
        (dict(concealed="123p456p789s999s1m", winning_tile="1m", bonus="1f8f"), "bonus"),
    ],
)
def test_three_players_refuses_what_is_not_at_that_table(kwargs, field):
    kwargs = dict(kwargs)
    with pytest.raises(SituationError) as caught:
        score(kwargs.pop("concealed"), kwargs.pop("winning_tile"), options={"three_players": True}, **kwargs)
    assert caught.value.field == field


def test_three_players_scores_like_four():
    # A concealed chow still counts (only chow claims are gone): Ben's hand with 1m pair -> 3 faan.
    result = score("123p456p789s234s1m", "1m", bonus="2f", options={"three_players": True})
    assert (result.details["faan"], result.total) == (3, 8)


def test_score_through_the_package_entry_point_and_json():
    data = {
        "rules": "hkos",
        "concealed": "123s456s111z777z9s",
        "winning_tile": "9s",
        "win_by": "self_draw",
        "seat_wind": "E",
        "round_wind": "E",
        "bonus": "2f",
    }
    result = score_any(HandSituation.from_dict(data))
    assert result.to_dict()["total"] == 48
    assert result.to_dict()["details"] == {"faan": 7}


# ------------------------------------------------------------------ table, shapes, waits


def test_table_defaults_and_options():
    table = HKOS.table()
    assert (table.bonus_tiles, table.break_dice, table.dead_wall, table.rotation) == (
        True,
        3,
        "reserve",
        "dealer_keeps",
    )
    assert (table.rob_added_kong, table.chow, table.hands_in_match) == (True, True, 16)
    assert HKOS.table({"three_dice_break": False}).break_dice == 2
    assert HKOS.table({"short_match": True}).hands_in_match == 4
    assert HKOS.table({"flowers": False}).bonus_tiles is False
    three = HKOS.table({"three_players": True})
    assert (three.chow, three.hands_in_match) == (False, 12)


def test_waits_know_seven_pairs_only_with_the_option():
    hand = tile_counts(parse_tiles("1122m3344p5566s7z"))
    assert HKOS.waits(hand) == []
    assert [str(t) for t in HKOS.waits(hand, 0, {"seven_pairs": True})] == ["7z"]


def test_waits_of_a_thirteen_sided_orphans_hand():
    hand = tile_counts(parse_tiles("19m19p19s1234567z"))
    assert len(HKOS.waits(hand)) == 13


def test_is_complete_regular_and_special():
    assert HKOS.is_complete(tile_counts(parse_tiles("123m456p789s234s55m")))
    assert HKOS.is_complete(tile_counts(parse_tiles("119m19p19s1234567z")))
    assert not HKOS.is_complete(tile_counts(parse_tiles("1122m3344p5566s77z")))
    assert HKOS.is_complete(tile_counts(parse_tiles("1122m3344p5566s77z")), 0, {"seven_pairs": True})


# ------------------------------------------------------------------ settlement


def pay(**data):
    return settle(Settlement.from_dict({"rules": "hkos", **data}))


def test_discard_win_discarder_pays_double_others_single():
    # Ben's 8 points off West's discard: West 16, East and North 8 each; South gains 32.
    payments = pay(winner="S", win_by="discard", discarder="W", scores={"S": 8})
    assert payments == {"E": -8, "S": 32, "W": -16, "N": -8}


def test_self_draw_all_three_pay_double():
    # Alice's self-drawn 48: each of the three pays 96.
    payments = pay(winner="E", win_by="self_draw", scores={"E": 48})
    assert payments == {"E": 288, "S": -96, "W": -96, "N": -96}


def test_replacement_tile_wins_are_paid_as_self_draws():
    assert pay(winner="N", win_by="kong_replacement", scores={"N": 16}) == {"E": -32, "S": -32, "W": -32, "N": 96}


def test_robbing_the_kong_is_paid_as_a_discard_by_the_robbed_player():
    payments = pay(winner="W", win_by="robbing_kong", discarder="E", scores={"W": 24})
    assert payments == {"E": -48, "S": -24, "W": 96, "N": -24}


def test_drawn_hand_pays_nothing():
    assert pay(winner=None, scores={}) == {"E": 0, "S": 0, "W": 0, "N": 0}


def test_practice_pays_nothing():
    payments = pay(winner="S", win_by="discard", discarder="W", scores={"S": 1}, options={"practice": True})
    assert payments == {"E": 0, "S": 0, "W": 0, "N": 0}


def test_full_responsibility_discarder_pays_for_the_table():
    payments = pay(winner="S", win_by="discard", discarder="W", scores={"S": 8}, options={"responsibility": "full"})
    assert payments == {"E": 0, "S": 32, "W": -32, "N": 0}


def test_full_responsibility_leaves_self_draws_alone():
    payments = pay(winner="E", win_by="self_draw", scores={"E": 48}, options={"responsibility": "full"})
    assert payments == {"E": 288, "S": -96, "W": -96, "N": -96}


def test_three_players_settle_between_three_seats():
    assert pay(winner="S", win_by="discard", discarder="W", scores={"S": 8}, options={"three_players": True}) == {
        "E": -8,
        "S": 24,
        "W": -16,
    }
    assert pay(winner="E", win_by="self_draw", scores={"E": 8}, options={"three_players": True}) == {
        "E": 32,
        "S": -16,
        "W": -16,
    }
    with pytest.raises(SituationError, match="winner"):
        pay(winner="N", win_by="self_draw", scores={"N": 8}, options={"three_players": True})


# ------------------------------------------------------------------ properties


@st.composite
def complete_hands(draw):
    """A random complete hand as situation data: four sets and a pair, some sets declared."""
    counts = [0] * 34
    sets = []
    for _ in range(4):
        kind = draw(st.sampled_from(["chow", "chow", "pung", "kong"]))
        if kind == "chow":
            first = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            tiles = [first, first + 1, first + 2]
        else:
            tile = draw(st.integers(0, 33))
            tiles = [tile] * (4 if kind == "kong" else 3)
        sets.append((kind, tiles))
        for tile in tiles:
            counts[tile] += 1
    pair = draw(st.integers(0, 33))
    counts[pair] += 2
    assume(max(counts) <= 4)
    standing = [pair, pair]
    melds = []
    for kind, tiles in sets:
        if kind == "kong" or draw(st.booleans()):
            is_open = draw(st.booleans()) if kind == "kong" else True
            melds.append({"kind": kind, "tiles": format_tiles(tiles), "open": is_open})
        else:
            standing.extend(tiles)
    winning = draw(st.sampled_from(sorted(set(standing))))
    standing.remove(winning)
    bonus = draw(st.lists(st.integers(34, 41), unique=True, max_size=4))
    # Only the ways of winning the hand makes possible: a kong replacement needs a kong, a flower one a flower.
    ways = ["discard", "self_draw", "robbing_kong"]
    ways += ["kong_replacement"] * any(kind == "kong" for kind, _ in sets) + ["flower_replacement"] * bool(bonus)
    return {
        "rules": "hkos",
        "concealed": format_tiles(standing),
        "melds": melds,
        "winning_tile": format_tiles([winning]),
        "win_by": draw(st.sampled_from(ways)),
        "seat_wind": draw(st.sampled_from(SEATS)),
        "round_wind": draw(st.sampled_from(SEATS)),
        "bonus": format_tiles(bonus),
        "options": draw(
            st.fixed_dictionaries(
                {},
                optional={
                    "minimum": st.integers(0, 5),
                    "seven_pairs": st.booleans(),
                    "concealed_self_draw": st.booleans(),
                },
            )
        ),
    }


@pytest.mark.slow
@settings(max_examples=scaled(100), deadline=None)
@given(complete_hands(), st.randoms(use_true_random=False))
def test_scoring_ignores_the_order_tiles_are_written_in(data, rng: random.Random):
    first = HKOS.score(HandSituation.from_dict(data))
    shuffled = dict(data)
    concealed = parse_tiles(data["concealed"])
    rng.shuffle(concealed)
    shuffled["concealed"] = format_tiles_in_order(concealed)
    bonus = parse_tiles(data["bonus"])
    rng.shuffle(bonus)
    shuffled["bonus"] = format_tiles_in_order(bonus)
    melds = list(data["melds"])
    rng.shuffle(melds)
    shuffled["melds"] = melds
    second = HKOS.score(HandSituation.from_dict(shuffled))
    assert first.to_dict() == second.to_dict()
    assert first.arithmetic == second.arithmetic


@settings(max_examples=scaled(100), deadline=None)
@given(complete_hands(), st.sampled_from([0, 4]))
def test_adding_an_own_bonus_tile_never_lowers_the_score(data, season):
    own = 34 + SEATS.index(data["seat_wind"]) + season  # the seat's flower or season
    bonus = parse_tiles(data["bonus"])
    assume(own not in bonus)
    before = HKOS.score(HandSituation.from_dict(data))
    after = HKOS.score(HandSituation.from_dict({**data, "bonus": format_tiles([*bonus, own])}))
    assert after.total >= before.total
    assert after.details["faan"] >= before.details["faan"]


@settings(max_examples=scaled(100), deadline=None)
@given(complete_hands())
def test_results_are_consistent_and_survive_to_dict(data):
    result = HKOS.score(HandSituation.from_dict(data))
    again = json.loads(json.dumps(result.to_dict()))
    assert again == result.to_dict()
    assert again["rules"] == "hkos" and set(again) == {"rules", "valid", "reason", "total", "items", "limit", "details"}
    minimum = data["options"].get("minimum", 3)
    if result.valid:
        assert result.reason is None
        assert result.details["faan"] >= minimum
        assert result.total in (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128)
        if result.limit is None:
            assert sum(item.value for item in result.items) == result.details["faan"]
    else:
        assert result.total == 0 and result.reason


@settings(max_examples=scaled(100), deadline=None)
@given(
    st.sampled_from([None, *SEATS]),
    st.sampled_from(["discard", "self_draw", "kong_replacement", "flower_replacement", "robbing_kong"]),
    st.sampled_from(SEATS),
    st.sampled_from([1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128]),
    st.fixed_dictionaries(
        {}, optional={"responsibility": st.sampled_from(["half", "full"]), "practice": st.booleans()}
    ),
)
def test_payments_sum_to_zero(winner, win_by, discarder, points, options):
    assume(winner is None or winner != discarder)
    on_discard = winner is not None and win_by in ("discard", "robbing_kong")
    data = {"rules": "hkos", "winner": winner, "win_by": win_by, "options": options}
    data["discarder"] = discarder if on_discard else None  # only a discard win has a discarder
    data["scores"] = {winner: points} if winner else {}
    payments = HKOS.settle(Settlement.from_dict(data))
    assert sum(payments.values()) == 0
    assert set(payments) == set(SEATS)
    if winner is not None and not options.get("practice"):
        assert payments[winner] > 0


@pytest.mark.slow
@settings(max_examples=scaled(250), deadline=None)
@given(complete_hands())
def test_split_patterns_agree_with_every_decomposition(data):
    # An independent check of the counting shortcuts: look for "all chows" and "all pungs" among
    # every split the core finds, as a player would by laying the hand out each way.
    situation_ = HandSituation.from_dict(data)
    result = HKOS.score(situation_)
    assume(result.limit is None and "Seven pairs" not in names(result))
    valued = {31, 32, 33, 27 + SEATS.index(data["seat_wind"]), 27 + SEATS.index(data["round_wind"])}
    splits = decompositions(situation_.counts(), situation_.melds)
    any_all_chows = any(
        all(group.is_chow for group in split.sets) and split.pair.tile not in valued for split in splits
    )
    any_all_pungs = any(all(group.is_pung_or_kong for group in split.sets) for split in splits)
    assert ("All chows" in names(result)) == any_all_chows
    assert ("All pungs" in names(result)) == any_all_pungs


def test_a_wrong_type_is_named_even_after_the_right_one_was_used():
    # 1 == True in Python: the options seen before must not let {"flowers": 1} through.
    assert score("123m456p789s234s5m", "5m", options={"flowers": True}).valid
    with pytest.raises(RulesError, match="option 'flowers' of hkos must be bool"):
        score("123m456p789s234s5m", "5m", options={"flowers": 1})
