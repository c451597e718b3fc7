"""The Chinese points guidelines (seed 002, docs/rules/chinese.md), through the public API.

Every expected value below was worked out by hand from the seed's points table and the rules page;
the comment beside a hand says how. Hands are written as the standing tiles, the winning tile and
the declared melds: ``[123m]`` is an open meld, ``(1111s)`` a concealed kong.
"""

from __future__ import annotations

import json

import pytest

from sparrow.core.situation import HandSituation, SituationError
from sparrow.core.tiles import parse_tiles
from sparrow.rules import RulesError, Settlement, get_ruleset, score, settle

RULES = get_ruleset("chinese")


def meld(text: str) -> dict:
    """``[777z]`` open, ``(1111s)`` concealed kong; the kind follows from the tiles."""
    is_open = text.startswith("[")
    tiles = parse_tiles(text[1:-1])
    kind = "chow" if len(set(tiles)) == 3 else ("kong" if len(tiles) == 4 else "pung")
    return {"kind": kind, "tiles": text[1:-1], "open": is_open}


def hand(
    concealed: str,
    winning: str | None,
    *melds: str,
    win_by: str = "discard",
    seat: str = "S",
    round_wind: str = "E",
    bonus: str = "",
    moments: tuple[str, ...] = (),
) -> HandSituation:
    data = {
        "rules": "chinese",
        "concealed": concealed,
        "melds": [meld(m) for m in melds],
        "winning_tile": winning,
        "win_by": win_by,
        "seat_wind": seat,
        "round_wind": round_wind,
        "bonus": bonus,
        "moments": list(moments),
    }
    return HandSituation.from_dict(data)


def scored(*args, **kwargs):
    return RULES.score(hand(*args, **kwargs))


def points(*args, **kwargs) -> dict[str, int]:
    """The items of the hand as {name: value} (also for a hand below the minimum)."""
    return {item.name: item.value for item in scored(*args, **kwargs).items}


WAIT_ITEMS = {"Edge Wait", "Closed Wait", "Single Wait"}


# ---------------------------------------------------------------- section 2: chows


def test_double_chow_two_chows_with_the_same_numbers():
    # 123m 123p 456s 789s 55z: the two 1-2-3 chows; 78s waits on 6s or 9s (no wait point).
    assert points("123m123p456s78s55z", "9s") == {"Double Chow": 1, "Concealed Hand": 1}


def test_double_chow_needs_the_same_numbers():
    assert points("123m234p456s78s55z", "9s") == {"Concealed Hand": 1}


def test_mixed_triple_chow_three_suits():
    # 123m 123p 123s 789m 55z; 78m waits on 6m or 9m.
    assert points("123m123p123s78m55z", "9m") == {"Mixed Triple Chow": 2, "Concealed Hand": 1}


def test_mixed_triple_chow_two_in_one_suit():
    # "not all in the same suit": 123m 123m 123p is mixed, and is not also a double chow.
    assert points("112233m123p78s55z", "9s") == {"Mixed Triple Chow": 2, "Concealed Hand": 1}


def test_mixed_triple_chow_needs_three():
    assert points("123m123p234s78m55z", "9m") == {"Double Chow": 1, "Concealed Hand": 1}


def test_straight_chows():
    # 123m 456m 789m 234p 55z; 23p waits on 1p or 4p.
    assert points("123456789m23p55z", "4p") == {"Straight Chows": 2, "Concealed Hand": 1}


def test_straight_chows_must_be_one_suit():
    assert points("123456m789p23s55z", "4s") == {"Concealed Hand": 1}


def test_two_double_chows_includes_all_chows():
    # 123m 123p 456m 456s 55p: two double chows (3, All Chows included), concealed 1, and the 5p is
    # the only tile that completes 13 tiles whose lone 5p is the eye: single wait 1.
    result = scored("123456m123p456s5p", "5p")
    assert {i.name: i.value for i in result.items} == {"Two Double Chows": 3, "Concealed Hand": 1, "Single Wait": 1}
    assert result.valid and result.total == 5


def test_one_double_chow_and_all_chows_is_not_two_double_chows():
    # 123m 123p 456s 567m 55p: one double chow 1, All Chows 1, concealed 1, single wait on 5p 1.
    assert points("123567m123p456s5p", "5p") == {
        "Double Chow": 1,
        "All Chows": 1,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }


def test_pure_triple_chow():
    # 123m x3, 456p, 99s: pure triple 3 and All Chows 1 (read as chows, better than three pungs),
    # concealed 1, the lone 9s a single wait 1.
    assert points("111222333m456p9s", "9s") == {
        "Pure Triple Chow": 3,
        "All Chows": 1,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }


def test_pure_triple_chow_needs_one_suit():
    assert points("112233m123p456p9s", "9s") == {
        "Mixed Triple Chow": 2,
        "All Chows": 1,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }


def test_mixed_triple_and_double_chow_includes_all_chows():
    # 123m 123m 123p 123s 55p: 4 (All Chows included), concealed 1, single wait 1.
    assert points("112233m123p123s5p", "5p") == {
        "Mixed Triple and Double Chow": 4,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }


def test_mixed_triple_and_double_chow_needs_the_fourth_chow_to_match():
    # 123m 123p 123s 234m 55p: mixed triple 2 + All Chows 1; 55p with 23m... the lone 5p is the eye.
    assert points("123234m123p123s5p", "5p") == {
        "Mixed Triple Chow": 2,
        "All Chows": 1,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }


def test_quadruple_chow_includes_all_chows_and_tile_hog():
    # 123m x4 + 55p: 9 (All Chows and the three tile hogs included), concealed 1, single wait 1 = 11.
    # Read as 111m 222m 333m 123m it would be tile hog 3 + 2: the scorer keeps the higher reading.
    result = scored("111122223333m5p", "5p")
    assert {i.name: i.value for i in result.items} == {"Quadruple Chow": 9, "Concealed Hand": 1, "Single Wait": 1}
    assert result.total == 11


def test_quadruple_chow_needs_one_suit():
    assert "Quadruple Chow" not in points("111222333m123p5p", "5p")
    assert points("111222333m123p5p", "5p")["Mixed Triple and Double Chow"] == 4


def test_all_chows():
    # 123m 234m 456p 789s 99p: the lone 9p is the only tile that completes (single wait).
    assert points("123234m456p789s9p", "9p") == {"All Chows": 1, "Concealed Hand": 1, "Single Wait": 1}


def test_all_chows_needs_a_suit_eye():
    assert points("123234m456p789s5z", "5z") == {"Concealed Hand": 1, "Single Wait": 1}


def test_all_chows_needs_four_chows():
    assert points("123m555p789s234m9p", "9p") == {"Concealed Hand": 1, "Single Wait": 1}


# ---------------------------------------------------------------- section 3: pungs and kongs


def test_one_dragon_pong():
    assert points("123m456p789s555z1p", "1p") == {"One Dragon Pong": 1, "Concealed Hand": 1, "Single Wait": 1}


def test_a_dragon_eye_is_not_a_dragon_pong():
    assert points("123m456p789s234m5z", "5z") == {"Concealed Hand": 1, "Single Wait": 1}


def test_two_dragon_pongs():
    # 555z 666z 123m 456m 99p.
    assert points("123456m555666z9p", "9p") == {"Two Dragon Pongs": 2, "Concealed Hand": 1, "Single Wait": 1}


def test_little_three_dragons_replaces_two_dragon_pongs():
    # 555z 666z 77z + 123m 456m: only the highest of the dragon tier; one suit + honours = semi-pure.
    assert points("123456m555666z7z", "7z") == {
        "Little Three Dragons": 4,
        "Semi-Pure Hand": 3,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }


def test_big_three_dragons():
    assert points("123m555666777z9p", "9p") == {"Big Three Dragons": 6, "Concealed Hand": 1, "Single Wait": 1}


def test_dragon_kong_counts_as_a_dragon_pong_and_a_kong():
    # Rules page: a dragon kong = one dragon pong 1 + single kong 1; the lone 1p is a single wait.
    assert points("123m456p789s1p", "1p", "[7777z]") == {"One Dragon Pong": 1, "Single Kong": 1, "Single Wait": 1}


def test_pong_of_round_wind():
    # Round E, seat S: the East pung earns the round wind only.
    assert points("123m456m789p111z9s", "9s") == {"Pong of Round Wind": 1, "Concealed Hand": 1, "Single Wait": 1}


def test_pong_of_seat_wind():
    assert points("123m456m789p222z9s", "9s") == {"Pong of Seat Wind": 1, "Concealed Hand": 1, "Single Wait": 1}


def test_pong_of_a_wind_that_is_neither_round_nor_seat():
    assert points("123m456m789p333z9s", "9s") == {"Concealed Hand": 1, "Single Wait": 1}


def test_east_pung_for_east_in_the_east_round_is_both():
    assert points("123m456m789p111z9s", "9s", seat="E") == {
        "Pong of Round Wind": 1,
        "Pong of Seat Wind": 1,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }


def test_big_three_winds_keeps_round_and_seat():
    # 111z 222z 333z 123m 99m: big three winds 3, round (E) 1, seat (S) 1, semi-pure 3, concealed 1, single 1.
    assert points("123m9m111222333z", "9m") == {
        "Pong of Round Wind": 1,
        "Pong of Seat Wind": 1,
        "Big Three Winds": 3,
        "Semi-Pure Hand": 3,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }


def test_two_wind_pongs_are_not_big_three_winds():
    assert "Big Three Winds" not in points("123m456m111333z9m", "9m")


def test_little_four_winds():
    # 111z 222z 333z 44z + 123m, won on 3m: 12m waits on 3m only (edge).
    assert points("12m111222333z44z", "3m") == {
        "Pong of Round Wind": 1,
        "Pong of Seat Wind": 1,
        "Little Four Winds": 4,
        "Semi-Pure Hand": 3,
        "Concealed Hand": 1,
        "Edge Wait": 1,
    }


def test_three_wind_pongs_with_a_dragon_eye_are_big_three_winds():
    assert points("12m111222333z55z", "3m")["Big Three Winds"] == 3


def test_big_four_winds_includes_all_pongs_and_wind_pongs():
    # 111z 222z 333z 444z 55m: 11 + semi-pure 3 + concealed 1 + single wait 1 = 16.
    result = scored("5m111222333444z", "5m")
    assert {i.name: i.value for i in result.items} == {
        "Big Four Winds": 11,
        "Semi-Pure Hand": 3,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }
    assert result.total == 16


def test_all_pongs():
    # 111m 222p 333s 555z 99m: all pongs 3, one dragon 1, concealed 1, single wait 1.
    assert points("1119m222p333s555z", "9m") == {
        "One Dragon Pong": 1,
        "All Pongs": 3,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }


def test_all_pongs_needs_four_pongs():
    assert "All Pongs" not in points("1239m222p333s555z", "9m")


def test_triple_pong():
    # 222m 222p 222s 345m 99p.
    assert points("222345m222p222s9p", "9p") == {"Triple Pong": 3, "Concealed Hand": 1, "Single Wait": 1}


def test_triple_pong_needs_the_same_number():
    assert points("222345m222p333s9p", "9p") == {"Concealed Hand": 1, "Single Wait": 1}


def test_triple_pong_counts_kongs():
    assert points("222345m222p9p", "9p", "[2222s]")["Triple Pong"] == 3


@pytest.mark.parametrize(
    ("melds", "expected"),
    [
        (("[1111s]",), {"Single Kong": 1}),
        (("[1111s]", "(9999p)"), {"Double Kong": 2}),
        (("[1111s]", "(9999p)", "[4444m]"), {"Triple Kong": 4}),
    ],
)
def test_kongs(melds, expected):
    standing = {1: "123m456m789p5p", 2: "123m456m5p", 3: "123m5p"}[len(melds)]
    got = points(standing, "5p", *melds)
    assert {name: value for name, value in got.items() if "Kong" in name} == expected


def test_quadruple_kong_includes_all_pongs():
    # Four kongs + 55p: 12 + single wait 1 (one concealed kong: not a revealed hand).
    assert points("5p", "5p", "[1111s]", "(9999p)", "[4444m]", "[7777z]") == {
        "One Dragon Pong": 1,
        "Quadruple Kong": 12,
        "Single Wait": 1,
    }


def test_three_kongs_and_a_pung_are_triple_kong_and_all_pongs():
    assert points("5p", "5p", "[1111s]", "(9999p)", "[4444m]", "[777z]") == {
        "One Dragon Pong": 1,
        "All Pongs": 3,
        "Triple Kong": 4,
        "Single Wait": 1,
    }


def test_four_alike_in_the_hand_are_not_a_kong():
    got = points("123m456p111123s5p", "5p")  # 111s + 123s hold all four 1s
    assert "Single Kong" not in got and got["Tile Hog"] == 1


# ---------------------------------------------------------------- section 4: the whole hand


def test_all_simples():
    # 234m 345p 456s 678m 88p: all simples 1, all chows 1, concealed 1, single 1.
    assert points("234678m345p456s8p", "8p") == {
        "All Chows": 1,
        "All Simples": 1,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }


def test_all_simples_fails_on_one_terminal():
    assert "All Simples" not in points("234789m345p456s8p", "8p")


def test_all_terminals_and_honors():
    # 111m 999p 111s 777z 99s: 4 + all pongs 3 + one dragon 1 + concealed 1 + single 1.
    assert points("111m999p111s777z9s", "9s") == {
        "One Dragon Pong": 1,
        "All Pongs": 3,
        "All Terminals and Honors": 4,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }


def test_all_terminals_and_honors_fails_on_a_simple():
    assert "All Terminals and Honors" not in points("111m888p111s777z9s", "9s")


def test_all_terminals():
    assert points("111999m111999p1s", "1s") == {
        "All Pongs": 3,
        "All Terminals": 6,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }


def test_all_terminals_with_an_honour_eye_is_all_terminals_and_honors():
    got = points("111999m111999p5z", "5z")
    assert "All Terminals" not in got and got["All Terminals and Honors"] == 4


def test_all_honors_gets_no_semi_pure_or_pure():
    # 111z (round E) 222z (seat S) 555z 666z 77z: little three dragons 4, round 1, seat 1,
    # all pongs 3, all honors 6, concealed 1, single 1 = 17.
    result = scored("111222555666z7z", "7z")
    assert {i.name: i.value for i in result.items} == {
        "Little Three Dragons": 4,
        "Pong of Round Wind": 1,
        "Pong of Seat Wind": 1,
        "All Pongs": 3,
        "All Honors": 6,
        "Concealed Hand": 1,
        "Single Wait": 1,
    }
    assert result.total == 17


def test_all_honors_fails_on_one_suit_tile():
    got = points("111222555z111m7z", "7z")
    assert "All Honors" not in got and got["All Terminals and Honors"] == 4


def test_semi_pure_hand():
    # 123m 456m 789m 555z 11m: semi-pure 3, straight 2, one dragon 1, concealed 1. The 13 tiles
    # 11 23456789m also win on 4m (11 234 456 789) and 7m (11 234 567 789): no wait award.
    assert points("1234567891m555z", "1m") == {
        "Straight Chows": 2,
        "One Dragon Pong": 1,
        "Semi-Pure Hand": 3,
        "Concealed Hand": 1,
    }


def test_pure_hand():
    # 123m 234m 456m 789m 55m: pure hand 6, straight chows 2 (123 456 789), no semi-pure.
    got = points("1223344556789m", "5m")
    assert got["Pure Hand"] == 6 and got["Straight Chows"] == 2 and "Semi-Pure Hand" not in got


def test_pure_hand_fails_with_an_honour():
    got = points("1234567891m555z", "1m")
    assert "Pure Hand" not in got and got["Semi-Pure Hand"] == 3


def test_pure_hand_fails_with_a_second_suit():
    got = points("123456789m1p234m", "1p")
    assert "Pure Hand" not in got and "Semi-Pure Hand" not in got


def test_reversible_tiles():
    # 123p 345p 888p 555z 99p: reversible 3, semi-pure 3, one dragon 1, concealed 1. A 7p would
    # also win (123 345 789 88p): no wait award.
    assert points("123345888p555z9p", "9p") == {
        "One Dragon Pong": 1,
        "Semi-Pure Hand": 3,
        "Reversible Tiles": 3,
        "Concealed Hand": 1,
    }


def test_reversible_tiles_fails_on_a_six_of_circles():
    assert "Reversible Tiles" not in points("123456888p555z9p", "9p")


def test_all_green_includes_semi_pure():
    # 234s 234s 666s 666z 88s: all green 12 (no semi-pure), double chow 1, one dragon 1,
    # concealed 1. A 7s would also win (234 234 678 66s): no wait award.
    assert points("2233446668s666z", "8s") == {
        "Double Chow": 1,
        "One Dragon Pong": 1,
        "All Green": 12,
        "Concealed Hand": 1,
    }


def test_all_green_fails_on_a_five_of_bamboo():
    got = points("2233445558s666z", "8s")
    assert "All Green" not in got and got["Semi-Pure Hand"] == 3


# ---------------------------------------------------------------- section 5: special hands


def test_seven_pairs_includes_concealed_and_single_wait():
    result = scored("1122m3344p5566s7z", "7z")
    assert {i.name: i.value for i in result.items} == {"Seven Pairs": 7}
    assert result.valid and result.total == 7


def test_six_pairs_and_a_pung_are_not_seven_pairs():
    # 11 22m 33 44p 77z 555 6s: five pairs, three 5s and a 6s; no split into four sets either.
    result = scored("1122m3344p555s77z", "6s")
    assert not result.valid and result.reason.startswith("not a winning hand") and result.items == ()


def test_seven_pairs_self_drawn_still_adds_self_touch():
    assert points("1122m3344p5566s7z", "7z", win_by="self_draw") == {"Self-Touch": 1, "Seven Pairs": 7}


def test_seven_pairs_with_four_alike_earns_tile_hog():
    assert points("1111m3344p5566s7z", "7z") == {"Tile Hog": 1, "Seven Pairs": 7}


def test_seven_pairs_takes_whole_hand_patterns():
    # Pairs 11 22 33 44 55 66 99 of circles: pure hand 6 + seven pairs 7, better than any split.
    assert points("1122334455669p", "9p") == {"Pure Hand": 6, "Seven Pairs": 7}


def test_nine_gates():
    result = scored("1112345678999m", "5m")
    assert {i.name: i.value for i in result.items} == {"Nine Gates": 12}
    assert result.total == 12


def test_nine_gates_self_drawn_adds_self_touch_not_fully_concealed():
    assert points("1112345678999m", "5m", win_by="self_draw") == {"Self-Touch": 1, "Nine Gates": 12}


def test_nine_gates_on_the_fourth_nine_earns_tile_hog_but_not_straight_chows():
    # 11 123 456 789 999m: the split has a straight, which Nine Gates does not receive; the four
    # 9m (not a kong) are a tile hog, which the seed does not exclude.
    assert points("1112345678999m", "9m") == {"Tile Hog": 1, "Nine Gates": 12}


def test_nine_gates_fails_with_a_declared_set():
    got = points("2345678999m", "5m", "[111m]")
    assert "Nine Gates" not in got and got["Pure Hand"] == 6


def test_nine_gates_fails_with_two_ones():
    assert "Nine Gates" not in points("1122345678999m", "5m")


def test_thirteen_orphans():
    result = scored("19m19p19s1234567z", "1m")
    assert {i.name: i.value for i in result.items} == {"Thirteen Orphans": 12}


def test_thirteen_orphans_missing_one_kind_is_no_win():
    result = scored("119m19p19s123456z", "9m")
    assert not result.valid and result.total == 0
    assert result.reason == "not a winning hand: the tiles form neither four sets and an eye nor a special hand"


# ---------------------------------------------------------------- section 6: end of the hand

OPEN_HAND = ("123m456p789s9p", "9p", "[777z]")  # one dragon pong, open: no concealed award


def test_self_touch():
    assert points(*OPEN_HAND, win_by="self_draw") == {"One Dragon Pong": 1, "Self-Touch": 1, "Single Wait": 1}


def test_no_self_touch_on_a_discard():
    assert "Self-Touch" not in points(*OPEN_HAND)


@pytest.mark.parametrize("win_by", ["kong_replacement", "flower_replacement"])
def test_self_touch_with_supplement_tile(win_by):
    got = points("123m456p9p", "9p", "[777z]", "[1111s]", win_by=win_by, bonus="2f")
    assert got["Self-Touch with Supplement Tile"] == 2 and "Self-Touch" not in got


def test_concealed_hand_on_a_discard():
    assert points("123m456p789s9p777z", "9p")["Concealed Hand"] == 1


def test_a_concealed_kong_keeps_the_hand_concealed():
    assert points("123m456p789s9p", "9p", "(7777z)")["Concealed Hand"] == 1


def test_no_concealed_hand_with_an_open_set():
    assert "Concealed Hand" not in points(*OPEN_HAND)


def test_fully_concealed_includes_self_touch():
    got = points("123m456p789s9p777z", "9p", win_by="self_draw")
    assert got["Fully Concealed Hand"] == 2 and "Self-Touch" not in got and "Concealed Hand" not in got


def test_fully_concealed_by_supplement_tile():
    got = points("123m456p9p777z", "9p", "(1111s)", win_by="kong_replacement")
    assert got["Fully Concealed Hand by Supplement Tile"] == 3
    assert "Self-Touch with Supplement Tile" not in got and "Fully Concealed Hand" not in got


def test_open_kong_replacement_is_not_fully_concealed():
    got = points("123m456p9p777z", "9p", "[1111s]", win_by="kong_replacement")
    assert "Fully Concealed Hand by Supplement Tile" not in got and got["Self-Touch with Supplement Tile"] == 2


def test_revealed_hand_includes_single_wait():
    assert points("5p", "5p", "[123m]", "[456p]", "[789s]", "[777z]") == {"One Dragon Pong": 1, "Revealed Hand": 2}


def test_revealed_hand_needs_a_discard():
    assert points("5p", "5p", "[123m]", "[456p]", "[789s]", "[777z]", win_by="self_draw") == {
        "One Dragon Pong": 1,
        "Self-Touch": 1,
        "Single Wait": 1,
    }


def test_revealed_hand_excludes_a_concealed_kong():
    assert points("5p", "5p", "[123m]", "[456p]", "[789s]", "(7777z)") == {
        "One Dragon Pong": 1,
        "Single Kong": 1,
        "Single Wait": 1,
    }


def test_last_drawn_tile_includes_self_touch():
    assert points(*OPEN_HAND, win_by="self_draw", moments=("last_tile",)) == {
        "One Dragon Pong": 1,
        "Last Drawn Tile": 2,
        "Single Wait": 1,
    }


def test_last_drawn_tile_with_a_concealed_hand_keeps_the_concealed_point():
    # Rules page: "with a concealed hand that gives 2 + concealed 1".
    got = points("123m456p789s9p777z", "9p", win_by="self_draw", moments=("last_tile",))
    assert got["Last Drawn Tile"] == 2 and got["Concealed Hand"] == 1
    assert "Fully Concealed Hand" not in got and "Self-Touch" not in got


def test_a_supplement_tile_as_the_last_tile_keeps_its_own_award():
    # Last Drawn Tile includes only the 1-point Self-Touch (decision in docs/rules/chinese.md).
    got = points("123m456p9p", "9p", "[777z]", "[1111s]", win_by="kong_replacement", moments=("last_tile",))
    assert got["Self-Touch with Supplement Tile"] == 2 and got["Last Drawn Tile"] == 2
    got = points("123m456p9p777z", "9p", "(1111s)", win_by="kong_replacement", moments=("last_tile",))
    assert got["Fully Concealed Hand by Supplement Tile"] == 3 and got["Last Drawn Tile"] == 2


def test_last_discarded_tile():
    got = points(*OPEN_HAND, moments=("last_tile",))
    assert got["Last Discarded Tile"] == 2 and "Last Drawn Tile" not in got


def test_no_last_tile_award_without_the_moment():
    got = points(*OPEN_HAND)
    assert "Last Discarded Tile" not in got and "Last Drawn Tile" not in got


def test_last_tile_fourth_of_its_kind():
    # Won on 3m completing 123m (edge wait); the other three 3m are visible elsewhere.
    assert points("12m456p789s55p", "3m", "[777z]", moments=("fourth_tile",)) == {
        "One Dragon Pong": 1,
        "Last Tile": 1,
        "Edge Wait": 1,
    }


def test_last_tile_not_with_a_concealed_pung_of_it():
    # 555m stands in the hand, so the winning fourth 5m's other copies are not all visible.
    got = points("46m555m789s55p", "5m", "[777z]", moments=("fourth_tile",))
    assert "Last Tile" not in got and got["Tile Hog"] == 1


def test_last_tile_not_on_a_single_wait():
    got = points("123m456p789s9p", "9p", "[777z]", moments=("fourth_tile",))
    assert "Last Tile" not in got


def test_tile_hog_from_a_pung_and_a_chow():
    # Open pung 555p and 456p in the hand: all four 5p, not as a kong.
    got = points("456p123m789s9m", "9m", "[555p]")
    assert got["Tile Hog"] == 1


def test_tile_hog_one_point_per_kind():
    got = points("456p123s9m", "9m", "[555p]", "[111s]")
    assert got["Tile Hog"] == 2


def test_a_kong_is_not_a_tile_hog():
    got = points("123m456p789s9m", "9m", "[5555s]")
    assert "Tile Hog" not in got and got["Single Kong"] == 1


def test_robbing_the_kong_includes_last_tile_and_scores_as_a_discard():
    got = points("12m456p789s55p777z", "3m", win_by="robbing_kong", moments=("fourth_tile",))
    assert got["Robbing the Kong"] == 3 and got["Concealed Hand"] == 1
    assert "Last Tile" not in got and "Self-Touch" not in got


def test_no_robbing_the_kong_on_a_plain_discard():
    assert "Robbing the Kong" not in points("12m456p789s55p777z", "3m")


def test_heavenly_mahjong_dealer_on_the_dealt_hand_has_no_win_method_or_wait_points():
    got = points("12m456p789s55p777z", "3m", win_by="self_draw", seat="E", moments=("heavenly",))
    assert got == {"One Dragon Pong": 1, "Heavenly Mahjong": 12}


@pytest.mark.parametrize("moment", ["earthly", "first_round"])
def test_heavenly_mahjong_before_any_second_turn(moment):
    got = points("12m456p789s55p777z", "3m", seat="W", moments=(moment,))
    assert got == {"One Dragon Pong": 1, "Concealed Hand": 1, "Heavenly Mahjong": 12, "Edge Wait": 1}


def test_no_heavenly_mahjong_without_the_moment():
    assert "Heavenly Mahjong" not in points("12m456p789s55p777z", "3m", moments=("last_tile",))


def test_flowers_count_one_each_whatever_the_seat():
    # Seat S holds flower 1 (East's) and season 2 (its own): 2 points either way.
    result = scored("123m456p789s9p777z", "9p", bonus="1f6f")
    assert result.items[-1].name == "Flower Tiles" and result.items[-1].value == 2
    assert result.total == 3 + 2  # dragon 1, concealed 1, single wait 1, then the flowers


def test_flowers_do_not_count_toward_the_minimum():
    result = scored("12m456p789s55p", "3m", "[777z]", bonus="1f2f3f4f")
    # One dragon pong 1 + edge wait 1 = 2 points; the four flowers cannot lift it to the minimum.
    assert not result.valid and result.total == 0
    assert result.reason == "needs 3 points not counting flowers, has 2"
    assert {i.name: i.value for i in result.items}["Flower Tiles"] == 4


def test_edge_wait():
    assert points("12m456p789s55p", "3m", "[777z]")["Edge Wait"] == 1


def test_edge_wait_on_seven():
    assert points("89m456p789s55p", "7m", "[777z]")["Edge Wait"] == 1


def test_closed_wait():
    assert points("13m456p789s55p", "2m", "[777z]") == {"One Dragon Pong": 1, "Closed Wait": 1}


def test_two_sided_wait_earns_nothing():
    assert points("23m456p789s55p", "4m", "[777z]") == {"One Dragon Pong": 1}


def test_single_wait():
    assert points("123m456p789s9p", "9p", "[777z]") == {"One Dragon Pong": 1, "Single Wait": 1}


def test_pung_wait_on_two_pairs_earns_nothing():
    assert points("123m789p55p99s", "5p", "[777z]") == {"One Dragon Pong": 1}


# The seed's five waiting examples.


def test_waiting_example_1_edge_or_single_is_one_point():
    # 1-2-3-3 in a suit: a 3 is an edge wait (1-2 + 3) or a single wait (3-3 eye): 1 point only.
    got = points("1233m456p789p555s", "3m")
    assert sum(value for name, value in got.items() if name in WAIT_ITEMS) == 1


def test_waiting_example_2_edge_or_closed_is_one_point():
    got = points("12234m456p789p55s", "3m")
    assert sum(value for name, value in got.items() if name in WAIT_ITEMS) == 1


def test_waiting_example_3_two_tiles_complete_no_wait():
    # 1-2-3-3-3-4-5 concealed: a 3 or a 6 completes, so no wait award.
    assert not WAIT_ITEMS & set(points("1233345m789p555s", "3m"))
    assert not WAIT_ITEMS & set(points("1233345m789p555s", "6m"))


def test_waiting_example_4_with_the_chow_revealed():
    assert not WAIT_ITEMS & set(points("3345m789p555s", "3m", "[123m]"))


def test_waiting_example_5_a_two_sided_wait_earns_nothing():
    # 6-7 waits on 5 or 8: no wait point, whatever is left of either tile. (Here all four 8p are in the
    # player's own kong, so only a 5p can come; 5p still completes the two-sided 6-7, not an edge,
    # closed or single wait.)
    assert not WAIT_ITEMS & set(points("67p123m456s11z", "5p", "[8888p]"))


# No fifth copy (docs/rules/README.md): a kind the player already holds all four of, standing or in
# declared sets, is never a wait. The seed's "availability is ignored" holds for everything else.


def test_a_kind_held_four_times_in_hand_is_no_wait_won_on_a_kong_replacement():
    # 7779999p (4444p) [888p] + 8p: 77 + 789 + 999 with 8p the middle (closed wait). A 9p would also
    # complete 777 999 99, but all four 9p stand in the hand: 8p is the only tile that can come.
    got = points("7779999p", "8p", "(4444p)", "[888p]", win_by="kong_replacement")
    assert got == {
        "Single Kong": 1,
        "Pure Hand": 6,
        "Self-Touch with Supplement Tile": 2,
        "Tile Hog": 2,
        "Closed Wait": 1,
    }
    assert scored("7779999p", "8p", "(4444p)", "[888p]", win_by="kong_replacement").total == 12


def test_a_kind_held_four_times_in_hand_is_no_wait_won_on_a_discard():
    # 4556678888p777z + 5p: 456 678 888 55 (the 5p closes 4_6, or pairs the lone 5p). An 8p would also
    # complete it (456 567 888 88), but the hand holds all four 8p.
    got = points("4556678888p777z", "5p")
    assert got == {"One Dragon Pong": 1, "Semi-Pure Hand": 3, "Concealed Hand": 1, "Tile Hog": 1, "Closed Wait": 1}
    assert scored("4556678888p777z", "5p").total == 7


def test_a_kind_held_four_times_across_a_set_and_the_hand_is_no_wait():
    # 2345m with [222m] declared: 2m (22 + 345) or 5m (234 + 55) would complete it, but the pung and the
    # standing 2m are all four 2m: only the 5m can come, a single wait.
    assert points("2345m789p456s", "5m", "[222m]")["Single Wait"] == 1
    # With the pung in another suit both 2m and 5m can come: no wait point.
    assert not WAIT_ITEMS & set(points("2345m789p456s", "5m", "[222p]"))


# ---------------------------------------------------------------- minimum, no cap, invalid hands


def test_exactly_the_minimum_wins():
    result = scored("123m456p789s9p", "9p", "[777z]", win_by="self_draw")
    assert result.valid and result.total == 3
    assert result.arithmetic == "1 + 1 + 1 = 3 points"
    assert result.details["points"] == 3


def test_below_the_minimum_is_not_a_legal_win():
    result = scored("123m456p789s9p", "9p", "[777z]")
    assert not result.valid and result.total == 0
    assert result.reason == "needs 3 points not counting flowers, has 2"


def test_there_is_no_cap():
    # Big four winds 11 + all honors 6 + concealed 1... : every point counts, well above any limit.
    result = scored("111222333444z5z", "5z", win_by="self_draw")
    assert result.total == 11 + 6 + 2 + 1  # + fully concealed 2, single wait 1
    assert "limit" not in {item.kind for item in result.items}


def test_not_a_winning_shape():
    result = scored("123m456p789s1359m", "7z")
    assert not result.valid and result.total == 0
    assert result.reason.startswith("not a winning hand")


def test_a_non_winning_hand_scores_nothing():
    result = RULES.score(hand("123m456p789s1359m", None))
    assert result.valid and result.total == 0 and result.items == ()


def test_arithmetic_with_flowers():
    result = scored("123m456p789s9p777z", "9p", bonus="2f")
    assert result.arithmetic == "1 + 1 + 1 = 3 points, + 1 flower = 4 points"
    assert result.details == {"points": 4, "flowers": 1}


def test_items_are_in_the_seeds_counting_order():
    result = scored("123456m555666z7z", "7z", bonus="1f")
    assert [i.name for i in result.items] == [
        "Little Three Dragons",
        "Semi-Pure Hand",
        "Concealed Hand",
        "Single Wait",
        "Flower Tiles",
    ]
    assert all(item.kind == "points" for item in result.items)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"seat_wind": "S", "moments": ["heavenly"], "win_by": "self_draw"}, "moments"),
        ({"seat_wind": "E", "moments": ["heavenly"], "win_by": "discard"}, "moments"),
        ({"seat_wind": "E", "moments": ["earthly"]}, "moments"),
        ({"win_by": "kong_replacement"}, "win_by"),
        ({"win_by": "flower_replacement"}, "win_by"),
        ({"win_by": "robbing_kong", "winning_tile": "5p"}, "win_by"),
    ],
)
def test_contradictory_situations_are_refused_naming_the_field(change, field):
    data = {"rules": "chinese", "concealed": "123m456p789s5p777z", "winning_tile": "5p", "seat_wind": "S"}
    data.update(change)
    with pytest.raises(SituationError) as error:
        RULES.score(HandSituation.from_dict(data))
    assert error.value.field == field


def test_unknown_option_is_refused():
    data = {"rules": "chinese", "concealed": "123m456p789s5p777z", "winning_tile": "5p", "options": {"cap": 8}}
    with pytest.raises(RulesError, match="unknown option 'cap'"):
        RULES.score(HandSituation.from_dict(data))


def test_defaults_and_table():
    assert dict(RULES.defaults) == {"short_match": False}  # the length of a match only: nothing scores by it
    table = RULES.table()
    assert table.bonus_tiles and table.rotation == "pass" and table.rob_added_kong and table.hands_in_match == 16
    assert RULES.table({"short_match": True}).hands_in_match == 4


def test_score_through_the_registry():
    result = score(hand("123m456p789s9p777z", "9p"))
    assert result.rules == "chinese" and result.total == 3


# ---------------------------------------------------------------- shapes for the table engine


def counts_of(text: str) -> list[int]:
    counts = [0] * 34
    for tile in parse_tiles(text):
        counts[tile] += 1
    return counts


def test_is_complete_knows_the_special_hands():
    assert RULES.is_complete(counts_of("1122m3344p5566s77z"))
    assert RULES.is_complete(counts_of("1111m3344p5566s77z"))  # four alike as two pairs
    assert RULES.is_complete(counts_of("19m19p19s12345677z"))
    assert not RULES.is_complete(counts_of("1122m3344p5566s67z"))


def test_waits_of_nine_gates_are_all_nine():
    assert [str(t) for t in RULES.waits(counts_of("1112345678999m"))] == [f"{r}m" for r in range(1, 10)]


def test_waits_with_a_declared_set():
    assert [str(t) for t in RULES.waits(counts_of("123m456p78s55z"), melds=1)] == ["6s", "9s"]


# ---------------------------------------------------------------- settlement


def settle_dict(**data) -> dict[str, int]:
    return settle(Settlement.from_dict({"rules": "chinese", **data}))


def test_settlement_rules_page_example():
    # "a 3-point hand won on a discard is paid 6 by the discarder and 3 by each other player".
    assert settle_dict(winner="S", win_by="discard", discarder="W", scores={"S": 3}) == {
        "E": -3,
        "S": 12,
        "W": -6,
        "N": -3,
    }


def test_settlement_self_draw_everyone_pays_minimum_and_total():
    assert settle_dict(winner="N", win_by="self_draw", scores={"N": 10}) == {"E": -13, "S": -13, "W": -13, "N": 39}


def test_settlement_robbing_the_kong_is_paid_by_the_robbed_player():
    assert settle_dict(winner="E", win_by="robbing_kong", discarder="S", scores={"E": 8}) == {
        "E": 17,
        "S": -11,
        "W": -3,
        "N": -3,
    }


def test_settlement_of_a_drawn_hand_is_nothing():
    assert settle_dict(winner=None, scores={}) == {"E": 0, "S": 0, "W": 0, "N": 0}


def test_settlement_refuses_a_win_below_the_minimum():
    with pytest.raises(SituationError, match="scores.S: a Chinese win scores at least 3 points"):
        settle_dict(winner="S", win_by="discard", discarder="W", scores={"S": 2})


# ---------------------------------------------------------------- the result as JSON


def test_result_to_dict_is_the_contract():
    result = scored("123456m555666z7z", "7z", bonus="1f")
    data = json.loads(json.dumps(result.to_dict()))
    assert data["rules"] == "chinese" and data["valid"] is True and data["reason"] is None
    assert data["total"] == 4 + 3 + 1 + 1 + 1
    assert data["items"][0] == {"name": "Little Three Dragons", "kind": "points", "value": 4}
    assert data["limit"] is None and data["details"]["points"] == data["total"]


# ---------------------------------------------------------------- docs/rules/chinese.md worked examples


@pytest.mark.parametrize(
    ("situation", "arithmetic"),
    [
        (hand("112233m123p123s5p", "5p"), "4 + 1 + 1 = 6 points"),
        (hand("12m111222333z44z", "3m"), "1 + 1 + 4 + 3 + 1 + 1 = 11 points"),
        (hand("2233446668s666z", "8s"), "1 + 1 + 12 + 1 = 15 points"),
        (hand("1111m3344p5566s7z", "7z"), "7 + 1 = 8 points"),
        (
            hand("123m456p789s9p777z", "9p", win_by="self_draw", moments=("last_tile",), bonus="2f6f"),
            "1 + 1 + 2 + 1 = 5 points, + 2 flowers = 7 points",
        ),
        (hand("12m456p789s55p", "3m", "[777z]", bonus="1f2f3f4f"), "1 + 1 = 2 points, 3 needed before flowers"),
    ],
)
def test_docs_worked_examples(situation, arithmetic):
    assert RULES.score(situation).arithmetic == arithmetic


def test_docs_settlement_example_self_draw():
    assert settle_dict(winner="S", win_by="self_draw", scores={"S": 7}) == {"E": -10, "S": 30, "W": -10, "N": -10}
