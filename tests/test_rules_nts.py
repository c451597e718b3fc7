"""The NTS family (seed 000, docs/rules/nts.md): base points, doublings, limit hands, the minimum,
the cap, losers' hands and the settlement between all four players.

Every expected total below was worked out by hand from the rules page: ``min(base × 2^doublings,
2000)``. Unless a test says otherwise the player sits South in an East round (East is the
prevailing wind, South the own wind), wins on a discard, and holds no flowers. Many winning hands
declare open pungs of White and Green (``DRAGONS``): 4 + 4 points and 2 doublings, which is the
minimum, so a test can add one element and see exactly its effect.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sparrow.core.situation import HandSituation, SituationError
from sparrow.core.tiles import SEATS, format_tiles, format_tiles_in_order, parse_tiles, tile_counts
from sparrow.rules import RulesError, ScoreResult, Settlement, get_ruleset, score, settle
from sparrow.rules.generate import random_complete_situation
from tests.scale import scaled

NTS = get_ruleset("nts")


def situation(
    concealed: str,
    winning_tile: str | None = None,
    *,
    melds: tuple[dict[str, Any], ...] = (),
    win_by: str | None = None,
    seat: str = "S",
    round_wind: str = "E",
    bonus: str = "",
    moments: tuple[str, ...] = (),
    options: dict[str, Any] | None = None,
) -> HandSituation:
    data: dict[str, Any] = {
        "rules": "nts",
        "concealed": concealed,
        "melds": list(melds),
        "winning_tile": winning_tile,
        "seat_wind": seat,
        "round_wind": round_wind,
        "bonus": bonus,
        "moments": list(moments),
    }
    if win_by is not None:
        data["win_by"] = win_by
    if options is not None:
        data["options"] = options
    return HandSituation.from_dict(data)


def nts(concealed: str, winning_tile: str | None = None, **kwargs: Any) -> ScoreResult:
    return score(situation(concealed, winning_tile, **kwargs))


def pung(tiles: str) -> dict[str, Any]:
    return {"kind": "pung", "tiles": tiles, "open": True}


def chow(tiles: str) -> dict[str, Any]:
    return {"kind": "chow", "tiles": tiles, "open": True}


def kong(tiles: str, open: bool = True) -> dict[str, Any]:
    return {"kind": "kong", "tiles": tiles, "open": open}


DRAGONS = (pung("555z"), pung("666z"))  # 8 points, 2 doublings
DRAGON_LINES = [("Open pung of White Dragon", 4), ("Open pung of Green Dragon", 4)]
DRAGON_DOUBLINGS = [("Pung of dragons (White Dragon)", 1), ("Pung of dragons (Green Dragon)", 1)]
PLAIN = "13579m234p678p19s"  # a loser's 13 tiles that score nothing: no pung, no pair, three suits


def lines(result: ScoreResult) -> list[tuple[str, int]]:
    return [(item.name, item.value) for item in result.items]


def names(result: ScoreResult) -> set[str]:
    return {item.name for item in result.items}


def check(result: ScoreResult, base: int, doublings: int, total: int) -> None:
    assert result.valid, result.reason
    assert result.details == {"base": base, "doublings": doublings}
    assert min(base * 2**doublings, 2000) == total  # the expectation itself is consistent
    assert result.total == total
    points = sum(item.value for item in result.items if item.kind == "points")
    assert points == base
    assert sum(item.value for item in result.items if item.kind == "doubling") == doublings


# ---------------------------------------------------------------------------- the seed's example


def test_seed_worked_example_34_times_2_times_2_is_136() -> None:
    # Chows 0, open East pung 4, concealed Red Dragon pung 8, Bamboo 8 pair 0, Mahjong 20,
    # self-drawn 2 = 34; dragon pung and own wind (East) pung: 34 × 2 × 2 = 136.
    result = nts("777z234m56p88s", "7p", melds=(pung("111z"),), win_by="self_draw", seat="E", round_wind="S")
    check(result, 34, 2, 136)
    assert lines(result) == [
        ("Open pung of East Wind", 4),
        ("Concealed pung of Red Dragon", 8),
        ("Mahjong", 20),
        ("Self-drawn winning tile", 2),
        ("Pung of own wind (East Wind)", 1),
        ("Pung of dragons (Red Dragon)", 1),
    ]
    assert [item.kind for item in result.items] == ["points"] * 4 + ["doubling"] * 2
    assert result.arithmetic == "34 × 2² = 136"
    assert result.limit is None and result.reason is None


# ---------------------------------------------------------------------------- base points (all players)

# Losers' hands: the base points are the total when there is no doubling (three suits, no honours
# of value). (melds, standing tiles, the line, the total)
BASE_POINT_ROWS = [
    pytest.param((pung("555m"),), "234p678p19s13m", ("Open pung of 5 Characters", 2), 2, id="pung 2-8 open 2"),
    pytest.param((), "15559m234p678p19s", ("Concealed pung of 5 Characters", 4), 4, id="pung 2-8 concealed 4"),
    pytest.param((pung("999p"),), "234m678m19s13s", ("Open pung of 9 Circles", 4), 4, id="pung 1/9 open 4"),
    pytest.param((pung("333z"),), "234m678m19s13s", ("Open pung of West Wind", 4), 4, id="pung wind open 4"),
    pytest.param((), "111s234m678m1359p", ("Concealed pung of 1 Bamboo", 8), 8, id="pung 1/9 concealed 8"),
    pytest.param((kong("5555m"),), "234p678p19s13s", ("Open kong of 5 Characters", 8), 8, id="kong 2-8 open 8"),
    pytest.param(
        (kong("5555m", open=False),), "234p678p19s13s", ("Concealed kong of 5 Characters", 16), 16, id="kong 2-8 closed"
    ),
    pytest.param((kong("9999p"),), "234m678m19s13s", ("Open kong of 9 Circles", 16), 16, id="kong 1/9 open 16"),
    pytest.param(
        (kong("9999p", open=False),), "234m678m19s13s", ("Concealed kong of 9 Circles", 32), 32, id="kong 1/9 closed"
    ),
    pytest.param(
        (kong("3333z", open=False),), "234m678m19s13s", ("Concealed kong of West Wind", 32), 32, id="kong wind closed"
    ),
    pytest.param((), "137m234p678p19s55z", ("Pair of dragons (White Dragon)", 2), 2, id="pair of dragons 2"),
]


@pytest.mark.parametrize(("melds", "concealed", "line", "total"), BASE_POINT_ROWS)
def test_base_points_table_row(
    melds: tuple[dict[str, Any], ...], concealed: str, line: tuple[str, int], total: int
) -> None:
    result = nts(concealed, melds=melds)
    assert lines(result) == [line]
    check(result, total, 0, total)


# The same hands, almost: each must not score the row above.
@pytest.mark.parametrize(
    ("melds", "concealed", "total", "why"),
    [
        ((chow("456m"),), "234p678p19s13m", 0, "a chow scores nothing"),
        ((), "13579m234p678p19s", 0, "no three alike standing"),
        ((pung("888p"),), "234m678m19s13s", 2, "an 8 is a simple, not a terminal"),
        ((), "5555m234p678p139s", 4, "four alike standing, not declared, are a pung, not a kong"),
        ((pung("555m"),), "234p678p19s13s", 2, "an open pung of 5s is not a kong"),
        ((), "137m234p678p19s22z", 0, "a pair of the own wind scores nothing"),
        ((), "137m234p678p19s11z", 0, "a pair of the prevailing wind scores nothing"),
        ((), "137m234p678p11s19p", 0, "a pair of terminals scores nothing"),
    ],
)
def test_base_points_near_misses(melds: tuple[dict[str, Any], ...], concealed: str, total: int, why: str) -> None:
    result = nts(concealed, melds=melds)
    assert result.valid
    assert result.total == total, why
    assert result.details["doublings"] == 0


def test_chows_score_no_points() -> None:
    # Four chows and a plain pair, self-drawn, nothing declared: 20 + 2 points only.
    result = nts("123m456p789s23s55m", "4s", win_by="self_draw")
    assert not [name for name in names(result) if "chow" in name and name != "Four chows"]
    check(result, 22, 3, 176)  # fully concealed 2, four chows 1


def test_flowers_and_seasons_four_points_each() -> None:
    result = nts(PLAIN, bonus="3f7f")  # Flower 3 and Season 3 belong to West; the player is South
    assert lines(result) == [("Flower 3", 4), ("Season 3", 4)]
    check(result, 8, 0, 8)
    assert nts(PLAIN).total == 0  # the same hand without them


@pytest.mark.parametrize(
    ("bonus", "own_line"),
    [("2f", ("Own flower (Flower 2)", 1)), ("6f", ("Own season (Season 2)", 1))],
)
def test_own_flower_and_own_season_double(bonus: str, own_line: tuple[str, int]) -> None:
    result = nts(PLAIN, bonus=bonus)  # South owns Flower 2 and Season 2
    assert own_line in lines(result)
    check(result, 4, 1, 8)
    # The same tile for West is not its own: 4 points, no doubling.
    assert nts(PLAIN, bonus=bonus, seat="W").total == 4


def test_set_completed_by_the_winning_discard_is_open() -> None:
    # 22m and 55m wait on either; 2m by discard completes 222m, which is then open (2, not 4).
    by_discard = nts("22m444p666s999s55m", "2m")
    assert ("Open pung of 2 Characters", 2) in lines(by_discard)
    # 2 + 4 + 4 + 8 + Mahjong 20 = 38; four pungs 1, three concealed pungs 1: 38 × 4 = 152.
    check(by_discard, 38, 2, 152)
    self_drawn = nts("22m444p666s999s55m", "2m", win_by="self_draw")
    assert ("Concealed pung of 2 Characters", 4) in lines(self_drawn)
    # 4+4+4+8 + 20 + self-drawn 2 = 42; fully concealed 2, four pungs 1, four concealed pungs 2.
    check(self_drawn, 42, 5, 1344)


# ---------------------------------------------------------------------------- winner-only points


def test_mahjong_20_for_the_winner_only() -> None:
    # Two-sided wait 45p on 6p: 8 + 20 = 28, the two dragon pungs: 28 × 4 = 112.
    result = nts("123m45p99s", "6p", melds=DRAGONS)
    assert lines(result) == DRAGON_LINES + [("Mahjong", 20)] + DRAGON_DOUBLINGS
    check(result, 28, 2, 112)
    # The same tiles without the winning tile, as a loser: 8 × 4 = 32, no Mahjong.
    loser = nts("123m45p99s", melds=DRAGONS)
    assert "Mahjong" not in names(loser)
    check(loser, 8, 2, 32)


@pytest.mark.parametrize("win_by", ["self_draw", "kong_replacement", "flower_replacement"])
def test_self_drawn_2(win_by: str) -> None:
    result = nts("123m45p99s", "6p", melds=(kong("5555z"), pung("666z")), win_by=win_by, bonus="3f")
    assert ("Self-drawn winning tile", 2) in lines(result)
    # 16 + 4 + Flower 3 4 + 20 + 2 = 46; two dragon sets, a kong replacement adds 1.
    extra = 1 if win_by == "kong_replacement" else 0
    check(result, 46, 2 + extra, 46 * 2 ** (2 + extra))


@pytest.mark.parametrize("win_by", ["discard", "robbing_kong"])
def test_not_self_drawn(win_by: str) -> None:
    result = nts("123m45p99s", "6p", melds=DRAGONS, win_by=win_by)
    assert "Self-drawn winning tile" not in names(result)
    extra = 1 if win_by == "robbing_kong" else 0
    check(result, 28, 2 + extra, 28 * 2 ** (2 + extra))


@pytest.mark.parametrize(
    ("concealed", "win", "pair_wait"),
    [
        pytest.param("123m46p99s", "5p", False, id="closed wait 46p on 5p"),
        pytest.param("123m12p99s", "3p", False, id="edge wait 12p on 3p"),
        pytest.param("123m89p99s", "7p", False, id="edge wait 89p on 7p"),
        pytest.param("123m456p9s", "9s", True, id="pair wait on 9s"),
    ],
)
def test_only_possible_tile_2(concealed: str, win: str, pair_wait: bool) -> None:
    result = nts(concealed, win, melds=DRAGONS)
    assert ("Only possible tile", 2) in lines(result)
    assert (("Winning tile completes the pair", 2) in lines(result)) == pair_wait
    base = 8 + 20 + 2 + 2 * pair_wait
    check(result, base, 2, base * 4)


@pytest.mark.parametrize(
    ("concealed", "win", "base"),
    [
        pytest.param("123m45p99s", "6p", 28, id="two-sided 45p waits on 3p and 6p"),
        pytest.param("1234m456p", "4m", 30, id="1234m waits on 1m and 4m: the pair is completed, not only possible"),
        pytest.param("123m55p99s", "5p", 30, id="55p 99s wait on either: 555p by discard is open, 2"),
        pytest.param("123m4567p", "7p", 30, id="4567p waits on 4p and 7p"),
    ],
)
def test_only_possible_tile_near_misses(concealed: str, win: str, base: int) -> None:
    result = nts(concealed, win, melds=DRAGONS)
    assert "Only possible tile" not in names(result)
    check(result, base, 2, base * 4)


def test_only_possible_tile_counts_the_players_own_four() -> None:
    # 45p waits on 3p and 6p, but all four 3p are in the player's own kong: only 6p can come.
    result = nts("45p99s", "6p", melds=(*DRAGONS, kong("3333p")))
    assert ("Only possible tile", 2) in lines(result)
    check(result, 8 + 8 + 20 + 2, 2, 38 * 4)


def test_winning_tile_completes_the_pair_2() -> None:
    result = nts("1234m456p", "1m", melds=DRAGONS)
    assert ("Winning tile completes the pair", 2) in lines(result)
    # A winning tile in a chow does not complete the pair (the two-sided hand above).
    assert "Winning tile completes the pair" not in names(nts("123m45p99s", "6p", melds=DRAGONS))


def test_pe_ling_eats_cake_10() -> None:
    # 123m 456p and a single Bamboo 1: waiting on a Bamboo 1 for the pair; Circle 1 stands in.
    result = nts("123m456p1s", "1p", melds=DRAGONS)
    assert lines(result)[-5:-2] == [
        ("Only possible tile", 2),
        ("Winning tile completes the pair", 2),
        ("Pe-ling eats cake", 10),
    ]
    check(result, 8 + 20 + 2 + 2 + 10, 2, 42 * 4)


def test_pe_ling_near_misses() -> None:
    # Winning on the Bamboo 1 itself: no cake.
    real = nts("123m456p1s", "1s", melds=DRAGONS)
    assert "Pe-ling eats cake" not in names(real)
    check(real, 32, 2, 128)
    # A Bamboo 1 pair with a Circle 1 completing a chow (the seed's loose wording): no cake.
    chow_win = nts("23p456m11s", "1p", melds=DRAGONS)
    assert "Pe-ling eats cake" not in names(chow_win)
    check(chow_win, 28, 2, 112)
    # A Circle 1 with no Bamboo 1 to pair with does not complete anything.
    assert not nts("123m456p9s", "1p", melds=DRAGONS).valid


def test_pe_ling_in_twins() -> None:
    result = nts("113355m2244p66s1s", "1p")
    assert result.limit == "Seven Twins" and result.total == 250


def test_pe_ling_cleanliness_reads_the_cake_as_a_bamboo() -> None:
    # Bamboo and honours only, the Circle 1 standing in for a Bamboo 1: a clean hand.
    result = nts("345s678s1s", "1p", melds=DRAGONS)
    assert ("Clean hand", 1) in lines(result)
    check(result, 8 + 20 + 2 + 2 + 10, 3, 42 * 8)


# ---------------------------------------------------------------------------- doublings for all players


@pytest.mark.parametrize(
    ("meld", "seat", "round_wind", "expected"),
    [
        pytest.param(pung("777z"), "S", "E", [("Pung of dragons (Red Dragon)", 1)], id="dragons 1"),
        pytest.param(pung("222z"), "S", "E", [("Pung of own wind (South Wind)", 1)], id="own wind 1"),
        pytest.param(pung("111z"), "S", "E", [("Pung of prevailing wind (East Wind)", 1)], id="prevailing wind 1"),
        pytest.param(
            pung("111z"),
            "E",
            "E",
            [("Pung of own wind (East Wind)", 1), ("Pung of prevailing wind (East Wind)", 1)],
            id="both: 2",
        ),
        pytest.param(
            kong("1111z"),
            "E",
            "E",
            [("Kong of own wind (East Wind)", 1), ("Kong of prevailing wind (East Wind)", 1)],
            id="a kong counts",
        ),
        pytest.param(pung("333z"), "S", "E", [], id="another wind: nothing"),
    ],
)
def test_wind_and_dragon_doublings(meld: dict[str, Any], seat: str, round_wind: str, expected: list) -> None:
    result = nts("234m678m19s13s", melds=(meld,), seat=seat, round_wind=round_wind)
    points = 16 if meld["kind"] == "kong" else 4
    assert lines(result)[1:] == expected
    check(result, points, len(expected), points * 2 ** len(expected))


def test_dragon_pair_is_no_doubling() -> None:
    result = nts("137m234p678p19s77z")
    check(result, 2, 0, 2)


def test_three_concealed_pungs_1() -> None:
    result = nts("222m444p666s1379m")
    assert ("Three concealed pungs", 1) in lines(result)
    check(result, 12, 1, 24)
    # One of them declared open: two concealed pungs, no doubling.
    check(nts("222m444p1379m", melds=(pung("666s"),)), 10, 0, 10)


def test_four_concealed_pungs_2() -> None:
    result = nts("222m444p666s999s5m", "5m", win_by="self_draw")
    # 4+4+4+8 + 20 + self-drawn 2 + only possible 2 + completes the pair 2 = 46;
    # fully concealed 2, four pungs 1, four concealed pungs 2: 46 × 32 = 1472.
    assert lines(result)[-3:] == [("Fully concealed hand", 2), ("Four pungs", 1), ("Four concealed pungs", 2)]
    check(result, 46, 5, 1472)


def test_three_concealed_kongs_2_on_top_of_the_concealed_pungs() -> None:
    melds = (kong("2222m", open=False), kong("4444p", open=False), kong("6666s", open=False))
    result = nts("1379m", melds=melds)
    assert lines(result)[-2:] == [("Three concealed pungs", 1), ("Three concealed kongs", 2)]
    check(result, 48, 3, 384)
    # One of them open: two concealed kongs (8 points less), no doubling.
    check(nts("1379m", melds=(*melds[:2], kong("6666s"))), 40, 0, 40)


def test_four_kongs_3() -> None:
    melds = (kong("2222m"), kong("4444p"), kong("6666s"), kong("8888s"))
    result = nts("1m", melds=melds)
    assert ("Four kongs", 3) in lines(result)
    check(result, 32, 3, 256)
    check(nts("1m", melds=(*melds[:3], pung("888s"))), 26, 0, 26)  # three kongs and a pung


@pytest.mark.parametrize(
    ("melds", "concealed", "line", "base", "doublings"),
    [
        pytest.param((pung("333z"),), "123456789m1z", ("Clean hand", 1), 4, 1, id="clean 1"),
        pytest.param((pung("333z"),), "11m99m1z5z6z7z22z", ("Very clean", 2), 4, 2, id="very clean 2"),
        pytest.param((pung("555m"),), "1234678m999m", ("Pure", 3), 10, 3, id="pure (one suit) 3"),
        pytest.param((pung("333z"), pung("444z")), "1z55z66z77z", ("Pure", 3), 14, 3, id="pure (honours) 3"),
    ],
)
def test_cleanliness(
    melds: tuple[dict[str, Any], ...], concealed: str, line: tuple[str, int], base: int, doublings: int
) -> None:
    result = nts(concealed, melds=melds)
    doubling_lines = [entry for entry in lines(result) if entry[0] in ("Clean hand", "Very clean", "Pure")]
    assert doubling_lines == [line]  # the highest one only
    check(result, base, doublings, base * 2**doublings)


@pytest.mark.parametrize(
    ("melds", "concealed", "total", "why"),
    [
        ((pung("333z"),), "12345678m1p1z", 4, "a second suit: not clean"),
        ((pung("333z"),), "11m88m1z5z6z7z22z", 8, "an 8 among the 1s and 9s: clean, not very clean"),
        ((pung("555m"),), "234678m999m1z", 20, "one honour: clean, not pure"),
    ],
)
def test_cleanliness_near_misses(melds: tuple[dict[str, Any], ...], concealed: str, total: int, why: str) -> None:
    assert nts(concealed, melds=melds).total == total, why


# ---------------------------------------------------------------------------- doublings for the winner only


def test_four_chows_1() -> None:
    result = nts("123m456p789s23s55m", "4s", win_by="self_draw")
    assert lines(result) == [
        ("Mahjong", 20),
        ("Self-drawn winning tile", 2),
        ("Fully concealed hand", 2),
        ("Four chows", 1),
    ]
    check(result, 22, 3, 176)
    # A pung instead of one chow: 8 more points, no four chows: 30 × 4 = 120.
    check(nts("123m456p999s23s55m", "4s", win_by="self_draw"), 30, 2, 120)


def test_four_chows_is_for_the_winner_only() -> None:
    assert "Four chows" not in names(nts("123m456p789s234s5m"))


def test_four_pungs_1() -> None:
    result = nts("222m444p9s", "9s", melds=DRAGONS)
    assert ("Four pungs", 1) in lines(result)
    check(result, 8 + 4 + 4 + 20 + 2 + 2, 3, 40 * 8)
    check(nts("222m345p9s", "9s", melds=DRAGONS), 8 + 4 + 20 + 2 + 2, 2, 36 * 4)


def test_pure_simplicity_1() -> None:
    # 234m 456p 678s 333s 55m, self-drawn 5m (it also waited on 2m): 4 + 20 + 2 + 2 = 28;
    # fully concealed 2, pure simplicity 1: 28 × 8 = 224.
    result = nts("234m456p678s333s5m", "5m", win_by="self_draw")
    assert ("Pure simplicity", 1) in lines(result)
    check(result, 28, 3, 224)
    # A 9 in a chow: no pure simplicity.
    check(nts("234m456p789s333s5m", "5m", win_by="self_draw"), 28, 2, 112)


def test_pure_simplicity_is_for_the_winner_only() -> None:
    assert "Pure simplicity" not in names(nts("234m456p678s333s5m"))


def test_little_four_winds_1() -> None:
    result = nts("333z123m4z", "4z", melds=(pung("111z"), pung("222z")))
    # 4 + 4 + 8 + 20 + only possible 2 + pair 2 = 40; prevailing 1, own 1, little four winds 1,
    # clean (characters and honours) 1.
    assert ("Little four winds", 1) in lines(result)
    check(result, 40, 4, 640)
    # A dragon pair instead of the wind pair: 2 more points, no little four winds.
    near = nts("333z123m5z", "5z", melds=(pung("111z"), pung("222z")))
    assert "Little four winds" not in names(near)
    check(near, 42, 3, 336)


def test_little_three_dragons_1() -> None:
    result = nts("123m456p7z", "7z", melds=DRAGONS)
    assert ("Little three dragons", 1) in lines(result)
    check(result, 8 + 2 + 20 + 2 + 2, 3, 34 * 8)
    near = nts("123m456p1z", "1z", melds=DRAGONS)  # a pair of the prevailing wind
    assert "Little three dragons" not in names(near)
    check(near, 32, 2, 128)


def test_fully_concealed_2_with_a_concealed_kong() -> None:
    melds = (kong("5555z", open=False),)
    result = nts("123m456p789s1s", "1s", melds=melds, win_by="self_draw")
    # 32 + 20 + 2 + only possible 2 + pair 2 = 58; dragon kong 1, fully concealed 2: 58 × 8 = 464.
    assert ("Fully concealed hand", 2) in lines(result)
    check(result, 58, 3, 464)


def test_fully_concealed_needs_a_self_drawn_tile_and_no_open_set() -> None:
    by_discard = nts("123m456p789s1s", "1s", melds=(kong("5555z", open=False),))
    assert "Fully concealed hand" not in names(by_discard)
    assert not by_discard.valid  # 56 points, only the dragon kong's doubling
    open_chow = nts("123m456p1s", "1s", melds=(kong("5555z", open=False), chow("789s")), win_by="self_draw")
    assert "Fully concealed hand" not in names(open_chow)


@pytest.mark.parametrize(
    ("concealed", "win", "line", "base"),
    [
        pytest.param("123m45p99s", "6p", ("Last tile of the live wall", 1), 28, id="last tile 1"),
        pytest.param("123m23p99s", "1p", ("Last tile is Circle 1", 3), 28, id="last tile Circle 1: 3"),
    ],
)
def test_last_tile(concealed: str, win: str, line: tuple[str, int], base: int) -> None:
    # The last tile of the live wall, self-drawn: 2 more points for the self-draw, and the doubling.
    result = nts(concealed, win, melds=DRAGONS, win_by="self_draw", moments=("last_tile",))
    assert line in lines(result)
    check(result, base + 2, 2 + line[1], (base + 2) * 2 ** (2 + line[1]))
    assert line[0] not in names(nts(concealed, win, melds=DRAGONS, win_by="self_draw"))


@pytest.mark.parametrize(
    ("concealed", "win"),
    [
        pytest.param("123m45p99s", "6p", id="a 6p discarded after the last tile"),
        pytest.param("123m23p99s", "1p", id="a Circle 1 discarded after the last tile"),
    ],
)
def test_winning_on_the_discard_after_the_last_tile_earns_nothing(concealed: str, win: str) -> None:
    # docs/rules/nts.md: the doubling is for the last live tile self-drawn; NTS has no last-discard item,
    # though the moment last_tile also names the discard made after the last tile.
    result = nts(concealed, win, melds=DRAGONS, moments=("last_tile",))
    assert not {"Last tile of the live wall", "Last tile is Circle 1"} & set(names(result))
    assert result.total == nts(concealed, win, melds=DRAGONS).total
    check(result, 28, 2, 28 * 4)


def test_the_last_tile_as_a_replacement_drawn_from_the_live_wall_doubles() -> None:
    # With the dead wall used up, a kong replacement comes from the end of the live wall and may be
    # its last tile: self-drawn, so the last-tile doubling adds to the replacement doubling.
    result = nts("45p99s", "6p", melds=(*DRAGONS, kong("2222s")), win_by="kong_replacement", moments=("last_tile",))
    assert ("Last tile of the live wall", 1) in lines(result)
    assert ("Kong with flowering flowers", 1) in lines(result)


def test_robbing_the_kong_1() -> None:
    result = nts("123m45p99s", "6p", melds=DRAGONS, win_by="robbing_kong")
    assert ("Robbing the kong", 1) in lines(result)
    check(result, 28, 3, 224)


@pytest.mark.parametrize(
    ("concealed", "win", "second_kong", "moments", "line", "base"),
    [
        pytest.param("123m45p99s", "6p", False, (), ("Kong with flowering flowers", 1), 42, id="replacement 1"),
        pytest.param(
            "123m46p99s", "5p", False, (), ("Kong with flowering flowers - Circle 5", 3), 44, id="replacement C5: 3"
        ),
        pytest.param("123m45p99s", "6p", True, ("kong_on_kong",), ("Kong on kong", 2), 54, id="kong on kong 2"),
        pytest.param(
            "123m46p99s", "5p", True, ("kong_on_kong",), ("Kong on kong - Circle 5", 3), 56, id="kong on kong C5: 3"
        ),
    ],
)
def test_kong_replacement_wins(
    concealed: str, win: str, second_kong: bool, moments: tuple[str, ...], line: tuple[str, int], base: int
) -> None:
    melds = (kong("5555z"), kong("6666z") if second_kong else pung("666z"))
    result = nts(concealed, win, melds=melds, win_by="kong_replacement", moments=moments)
    replacement_lines = [entry for entry in lines(result) if entry[0] in REPLACEMENT_ITEMS]
    assert replacement_lines == [line]  # the three replacement items never add up
    check(result, base, 2 + line[1], min(base * 2 ** (2 + line[1]), 2000))


REPLACEMENT_ITEMS = {
    "Kong with flowering flowers",
    "Kong with flowering flowers - Circle 5",
    "Kong on kong",
    "Kong on kong - Circle 5",
}


def test_a_flower_replacement_is_an_ordinary_self_draw() -> None:
    result = nts("123m45p99s", "6p", melds=DRAGONS, win_by="flower_replacement", bonus="3f")
    check(result, 8 + 4 + 20 + 2, 2, 34 * 4)


# ---------------------------------------------------------------------------- limit hands

LIMIT_HANDS = [
    # irregular, concealed
    pytest.param("1112345678999m", "5m", {}, "Nine Gates", 2000, id="Nine Gates"),
    pytest.param("19m19p19s1234567z", "1z", {}, "Thirteen Orphans", 2000, id="Thirteen Orphans"),
    pytest.param("123456789p1234z", "9p", {}, "Wind Snake", 1000, id="Wind Snake (extra 9)"),
    pytest.param("123456789p1234z", "3z", {}, "Wind Snake", 1000, id="Wind Snake (extra wind)"),
    pytest.param("123456789p567z1z", "1z", {}, "Dragon Snake", 1000, id="Dragon Snake"),
    pytest.param("1234567s123456z", "7z", {}, "Imperial Court", 1000, id="Imperial Court"),
    pytest.param("1122334455667z", "7z", {}, "Honour Twins", 2000, id="Honour Twins"),
    pytest.param("1122334455779s", "9s", {}, "Pure Twins", 1000, id="Pure Twins"),
    pytest.param("1199m112233445z", "5z", {}, "Very Clean Twins", 1000, id="Very Clean Twins"),
    pytest.param("113355m1122334z", "4z", {}, "Clean Twins", 500, id="Clean Twins"),
    pytest.param("1133m5577p2299s1z", "1z", {}, "Seven Twins", 250, id="Seven Twins"),
    # regular, open or concealed
    pytest.param("333z444z5m", "5m", {"melds": (pung("111z"), pung("222z"))}, "Four Winds", 2000, id="Four Winds"),
    pytest.param("777z234m9p", "9p", {"melds": DRAGONS}, "Three Dragons", 2000, id="Three Dragons"),
    pytest.param("234s666s888s222s6z", "6z", {}, "Jade Hand", 2000, id="Jade Hand"),
    pytest.param(
        "222s8s", "8s", {"melds": (pung("666z"), chow("234s"), pung("666s"))}, "Jade Hand", 2000, id="Jade open"
    ),
    pytest.param(
        "123m456p789s111z2z",
        "2z",
        {"seat": "E", "win_by": "self_draw", "moments": ("heavenly",)},
        "Heavenly Hand",
        2000,
        id="Heavenly Hand",
    ),
    pytest.param(
        "9m",
        "9m",
        {"melds": tuple(kong(t, open=False) for t in ("2222m", "3333p", "4444s", "5555z"))},
        "Four Concealed Kongs",
        2000,
        id="Four Concealed Kongs",
    ),
    pytest.param("999m111p999s1s", "1s", {"melds": (pung("111m"),)}, "Head and Tail", 2000, id="Head and Tail"),
    pytest.param("123m456p789s111z2z", "2z", {"moments": ("earthly",)}, "Earthly Hand", 1000, id="Earthly Hand"),
    pytest.param("345678999m2m", "2m", {"melds": (pung("111m"),)}, "Winding Snake", 1000, id="Winding Snake pair 2"),
    pytest.param("111678999m5m", "5m", {"melds": (chow("234m"),)}, "Winding Snake", 1000, id="Winding Snake pair 5"),
    pytest.param("111234999m8m", "8m", {"melds": (chow("567m"),)}, "Winding Snake", 1000, id="Winding Snake pair 8"),
]


@pytest.mark.parametrize(("concealed", "win", "extra", "name", "value"), LIMIT_HANDS)
def test_limit_hand(concealed: str, win: str, extra: dict[str, Any], name: str, value: int) -> None:
    result = nts(concealed, win, **extra)
    assert result.valid
    assert result.limit == name
    assert result.total == value
    assert lines(result) == [(name, value)]
    assert result.items[0].kind == "limit"


def test_limit_hands_ignore_flowers_and_the_minimum() -> None:
    # Seven Twins with no doubling at all, and with the player's own flower: 250 either way.
    plain = nts("1133m5577p2299s1z", "1z")
    with_flowers = nts("1133m5577p2299s1z", "1z", bonus="2f3f")
    assert plain.total == with_flowers.total == 250


def test_a_limit_hand_scores_its_value_even_below_the_ordinary_count() -> None:
    # 11223344556677p is also 123 123 456 456 77: pure 3, four chows 1, fully concealed 2 would give
    # 24 × 2^6 = 1536 at least; Pure Twins is 1000.
    result = nts("1122334455667p", "7p", win_by="self_draw")
    assert result.limit == "Pure Twins" and result.total == 1000


LIMIT_NEAR_MISSES = [
    # Nine Gates with a chow declared: an ordinary pure hand.
    pytest.param("1115678999m", "5m", {"melds": (chow("234m"),)}, "Nine Gates", id="Nine Gates with a claimed chow"),
    pytest.param("1112345678999m", "1p", {}, "Nine Gates", id="Nine Gates with a tile of another suit"),
    pytest.param("19m19p19s1234566z", "1m", {}, "Thirteen Orphans", id="Thirteen Orphans without a Red Dragon"),
    pytest.param("123456789p1235z", "9p", {}, "Wind Snake", id="Wind Snake with a dragon for a wind"),
    pytest.param("123456789p567z1z", "2z", {}, "Dragon Snake", id="Dragon Snake without a wind pair"),
    pytest.param("2345678s123456z", "7z", {}, "Imperial Court", id="Imperial Court 2-8"),
    pytest.param("55m1122334455z6z", "6z", {}, "Honour Twins", id="Honour Twins with a 5m pair"),
    pytest.param("1133557799p224z", "4z", {}, "Pure Twins", id="Pure Twins with an honour pair"),
    pytest.param("1199m11p1122334z", "4z", {}, "Very Clean Twins", id="Very Clean Twins over two suits"),
    pytest.param("1133m55p1122334z", "4z", {}, "Clean Twins", id="Clean Twins over two suits"),
    pytest.param("1111m3355p2299s1z", "1z", {}, "Seven Twins", id="Seven Twins with four alike"),
    pytest.param("333z123m4z", "4z", {"melds": (pung("111z"), pung("222z"))}, "Four Winds", id="three wind pungs"),
    pytest.param("123m456p7z", "7z", {"melds": DRAGONS}, "Three Dragons", id="two dragon pungs and a pair"),
    pytest.param("234s666s888s222s5z", "5z", {}, "Jade Hand", id="Jade with a White Dragon pair"),
    pytest.param("123m456p789s111z2z", "2z", {"seat": "E", "win_by": "self_draw"}, "Heavenly Hand", id="no moment"),
    pytest.param(
        "9m",
        "9m",
        {"melds": (*(kong(t, open=False) for t in ("2222m", "3333p", "4444s")), kong("5555z"))},
        "Four Concealed Kongs",
        id="one kong open",
    ),
    pytest.param("999m111p999s1s", "1s", {"melds": (pung("111z"),)}, "Head and Tail", id="an East pung"),
    pytest.param("123m456p789s111z2z", "2z", {}, "Earthly Hand", id="no moment"),
    pytest.param("345678999m2m", "2m", {"melds": (pung("111p"),)}, "Winding Snake", id="Winding Snake over two suits"),
]


@pytest.mark.parametrize(("concealed", "win", "extra", "name"), LIMIT_NEAR_MISSES)
def test_limit_hand_near_miss(concealed: str, win: str, extra: dict[str, Any], name: str) -> None:
    result = nts(concealed, win, **extra)
    assert result.limit != name
    assert name not in names(result)


def test_four_winds_near_miss_is_little_four_winds() -> None:
    assert ("Little four winds", 1) in lines(nts("333z123m4z", "4z", melds=(pung("111z"), pung("222z"))))


def test_a_concealed_winding_snake_is_nine_gates() -> None:
    # 111 2 345 678 999 (+2) concealed is also 1112345678999 and a 2: the higher limit.
    assert nts("111345678999m2m", "2m").limit == "Nine Gates"


# ---------------------------------------------------------------------------- losers one tile from a limit


@pytest.mark.parametrize(
    ("concealed", "name", "value"),
    [
        pytest.param("1133m5577p2299s1z", "Seven Twins", 125, id="Seven Twins 250 / 2"),
        pytest.param("113355m1122334z", "Clean Twins", 250, id="Clean Twins 500 / 2"),
        pytest.param("19m19p19s1234567z", "Thirteen Orphans", 1000, id="Thirteen Orphans 13-sided"),
        pytest.param("1112345678999m", "Nine Gates", 1000, id="Nine Gates 9-sided"),
        pytest.param("123456789p1234z", "Wind Snake", 500, id="Wind Snake"),
        pytest.param("1234567s123456z", "Imperial Court", 500, id="Imperial Court"),
    ],
)
def test_loser_waiting_on_an_irregular_limit_hand_scores_half(concealed: str, name: str, value: int) -> None:
    result = nts(concealed)
    assert result.valid
    assert result.limit == f"{name} (waiting)"
    assert result.total == value
    assert result.items[0].kind == "limit" and result.items[0].value == value


def test_loser_not_waiting_on_an_irregular_limit_hand_counts_normally() -> None:
    # Five pairs and three alike: a fourth 2s would be four alike, never two pairs.
    result = nts("1133m5577p222s11z")
    assert result.limit is None
    check(result, 4, 0, 4)
    # A regular limit hand (here Four Winds) earns a loser nothing special.
    assert nts("333z444z5m", melds=(pung("111z"), pung("222z"))).limit is None


def test_loser_half_limit_gives_way_to_a_higher_count() -> None:
    # All eight bonus tiles (32 points; South's own flower and season: 2 doublings) and waiting on
    # Seven Twins: 32 × 4 = 128 beats 125.
    result = nts("1133m5577p2299s5z", bonus="1f2f3f4f5f6f7f8f")
    assert result.limit is None
    check(result, 32, 2, 128)


# ---------------------------------------------------------------------------- minimum, cap, invalid


def test_minimum_two_doublings() -> None:
    result = nts("123m456p789s1s", "1s", melds=(kong("5555z", open=False),))
    assert not result.valid
    assert result.total == 0
    assert result.reason == "needs at least 2 doublings, has 1"
    assert result.details == {"base": 56, "doublings": 1}
    assert result.items  # the card still shows what was counted


def test_minimum_with_no_doubling() -> None:
    result = nts("123m456p999s23s55m", "4s")
    assert (result.valid, result.total, result.reason) == (False, 0, "needs at least 2 doublings, has 0")


def test_own_flower_counts_toward_the_minimum() -> None:
    result = nts("123m456p789s1s", "1s", melds=(kong("5555z", open=False),), bonus="2f")
    check(result, 60, 2, 240)


def test_cap_2000() -> None:
    melds = (kong("2222m", open=False), kong("3333p", open=False), kong("4444s", open=False), kong("5555z"))
    result = nts("9m", "9m", melds=melds)
    # 16 × 4 + 20 + only possible 2 + pair 2 = 88; dragon kong 1, four pungs 1, three concealed
    # pungs 1, three concealed kongs 2, four kongs 3 = 8: 88 × 256 = 22528, capped.
    check(result, 88, 8, 2000)
    assert result.arithmetic == "88 × 2⁸ = 22528, capped at 2000"


def test_cap_applies_to_losers_too() -> None:
    melds = (kong("5555z", open=False), kong("6666z", open=False), kong("7777z", open=False))
    result = nts("1112z", melds=melds, seat="E", round_wind="E")
    # 32 × 3 + standing East pung 8 = 104; three dragon kongs 3, East own + prevailing 2, three
    # concealed kongs 2, four concealed pungs 2, pure (honours only) 3 = 12: capped at 2000.
    check(result, 104, 12, 2000)


def test_not_a_winning_hand() -> None:
    result = nts("123m456p789s1234z", "5z")
    assert not result.valid and result.total == 0 and result.items == ()
    assert result.reason is not None and result.reason.startswith("not a winning hand")


def test_unknown_option_is_an_error() -> None:
    with pytest.raises(RulesError, match="unknown option 'flowers' for nts"):
        nts("123m45p99s", "6p", melds=DRAGONS, options={"flowers": False})
    assert NTS.defaults == {}


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"seat": "S", "win_by": "self_draw", "moments": ("heavenly",)}, "moments"),
        ({"seat": "E", "moments": ("earthly",)}, "moments"),
        ({"seat": "S", "win_by": "self_draw", "moments": ("earthly",)}, "moments"),
        ({"win_by": "self_draw", "moments": ("kong_on_kong",)}, "moments"),
    ],
)
def test_moments_that_cannot_happen_are_errors(extra: dict[str, Any], field: str) -> None:
    with pytest.raises(SituationError) as error:
        nts("123m456p789s111z2z", "2z", **extra)
    assert error.value.field == field


def test_non_winning_hand_with_nothing_scores_zero() -> None:
    result = nts(PLAIN)
    assert (result.valid, result.total, result.items, result.arithmetic) == (True, 0, (), "0 = 0")


# ---------------------------------------------------------------------------- winning shapes and waits


@pytest.mark.parametrize(
    "tiles",
    [
        "1112345678999m5m",
        "19m19p19s1234567z1z",
        "123456789p1234z9p",
        "123456789p567z11z",
        "1234567s1234567z",
        "11223344556677z",
        "1133m5577p2299s11z",
        "123m456p789s111z22z",
    ],
)
def test_is_complete_knows_every_nts_shape(tiles: str) -> None:
    assert NTS.is_complete(tile_counts(parse_tiles(tiles)))


@pytest.mark.parametrize(
    "tiles",
    ["1111m3355p2299s11z", "2345678s1234567z", "123456789p1235z9p", "123m456p789s11z234z"],
)
def test_is_complete_near_misses(tiles: str) -> None:
    assert not NTS.is_complete(tile_counts(parse_tiles(tiles)))


def test_is_complete_counts_the_declared_sets() -> None:
    assert NTS.is_complete(tile_counts(parse_tiles("123m456p99s")), melds=2)
    assert not NTS.is_complete(tile_counts(parse_tiles("123m456p99s")), melds=1)


def test_waits_of_irregular_hands() -> None:
    assert format_tiles(NTS.waits(tile_counts(parse_tiles("19m19p19s1234567z")))) == "19m19p19s1234567z"
    assert format_tiles(NTS.waits(tile_counts(parse_tiles("123456789p1234z")))) == "123456789p1234z"
    assert format_tiles(NTS.waits(tile_counts(parse_tiles("1133m5577p2299s1z")))) == "1z"


def test_waits_include_the_cake_for_a_bamboo_1_pair() -> None:
    assert format_tiles(NTS.waits(tile_counts(parse_tiles("123m456p1s")), melds=2)) == "1p1s"
    # 11s waiting on 1s for a pung is no pair wait: no cake.
    assert format_tiles(NTS.waits(tile_counts(parse_tiles("123m11s99s")), melds=2)) == "19s"


@settings(max_examples=scaled(60), deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_waits_agree_with_is_complete(seed: int) -> None:
    rng = random.Random(seed)
    hand = random_complete_situation(rng, "nts")
    counts = hand.counts()
    melds = len(hand.melds)
    counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
    if counts[9]:
        return  # is_complete also accepts a held Circle 1 pairing a Bamboo 1 that was not the last tile
    waits = [int(t) for t in NTS.waits(counts, melds)]
    for tile in range(34):
        if counts[tile] >= 4:
            continue
        counts[tile] += 1
        if tile != 9:  # the cake is a wait only as the last tile: checked in the tests above
            assert (tile in waits) == NTS.is_complete(counts, melds), tile
        counts[tile] -= 1


def test_forms() -> None:
    forms = NTS.forms()
    assert forms.seven_pairs and forms.thirteen_orphans and not forms.four_as_two_pairs


def test_table_is_the_nts_procedure() -> None:
    table = NTS.table()
    assert table.bonus_tiles and table.prevailing_wind_by_dice and table.dead_wall == "fixed"
    assert table.rotation == "seats" and table.false_win == "dead_hand" and table.break_dice == 2


# ---------------------------------------------------------------------------- settlement


def nts_settle(
    winner: str | None, scores: dict[str, int], win_by: str | None = "self_draw", **extra: Any
) -> dict[str, int]:
    data: dict[str, Any] = {"rules": "nts", "winner": winner, "win_by": win_by, "scores": scores, **extra}
    return settle(Settlement.from_dict(data))


def test_settlement_worked_example() -> None:
    # East wins 136; each loser pays East 272; W→S 4, N→S 24, N→W 20.
    payments = nts_settle("E", {"E": 136, "S": 32, "W": 28, "N": 8})
    assert payments == {"E": 816, "S": -244, "W": -256, "N": -316}


def test_settlement_non_east_winner() -> None:
    # South wins 100: East pays 200, West and North 100 each. E–W 10 × 2, E–N 20 × 2, W–N 10.
    payments = nts_settle("S", {"E": 20, "S": 100, "W": 10, "N": 0}, win_by="discard", discarder="W")
    assert payments == {"E": -200 + 20 + 40, "S": 400, "W": -100 - 20 + 10, "N": -100 - 40 - 10}


def test_settlement_dead_hand_scores_zero_and_settles_as_a_loser() -> None:
    # North claimed a false Mahjong: its 60 count for nothing. Each loser pays South 40 (East 80);
    # East (0) pays West (10) 10 × 2, East and North (0) are even, North pays West 10.
    payments = nts_settle("S", {"E": 0, "S": 40, "W": 10, "N": 60}, dead=["N"])
    assert payments == {"E": -80 - 20, "S": 160, "W": -40 + 20 + 10, "N": -40 - 10}


def test_drawn_game_pays_nothing() -> None:
    assert nts_settle(None, {"E": 40, "S": 10, "W": 0, "N": 8}, win_by=None) == dict.fromkeys(SEATS, 0)


def test_settlement_errors() -> None:
    with pytest.raises(SituationError, match="needs the total of W"):
        nts_settle("E", {"E": 136, "S": 32, "N": 8})
    with pytest.raises(SituationError, match="cannot have a dead hand"):
        nts_settle("E", {"E": 136, "S": 32, "W": 0, "N": 8}, dead=["E"])
    with pytest.raises(RulesError):
        nts_settle("E", {"E": 136, "S": 32, "W": 0, "N": 8}, options={"east_double": False})


@given(
    st.sampled_from([None, *SEATS]),
    st.fixed_dictionaries({seat: st.integers(0, 2000) for seat in SEATS}),
    st.sets(st.sampled_from(SEATS), max_size=3),
)
def test_payments_always_sum_to_zero(winner: str | None, scores: dict[str, int], dead: set[str]) -> None:
    dead.discard(winner)  # type: ignore[arg-type]
    payments = nts_settle(winner, scores, win_by="self_draw" if winner else None, dead=sorted(dead))
    assert sum(payments.values()) == 0
    if winner is not None:
        assert payments[winner] >= 0  # the winner pays nobody
        assert all(payments[seat] <= 0 for seat in dead)  # a dead hand receives nothing from the winner's side


# ---------------------------------------------------------------------------- properties of the scorer


def random_hand(seed: int, winning: bool = True) -> HandSituation:
    return random_complete_situation(random.Random(seed), "nts", winning=winning, special_form_chance=0.1)


@settings(max_examples=scaled(100), deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_complete_hand_is_a_win_or_short_of_the_minimum(seed: int) -> None:
    hand = random_hand(seed)
    result = NTS.score(hand)
    assert NTS.is_complete(hand.counts(), len(hand.melds))
    if result.valid:
        assert 0 < result.total <= 2000
        assert result.reason is None
    else:
        assert result.total == 0
        assert result.reason is not None and result.reason.startswith("needs at least 2 doublings")


@settings(max_examples=scaled(80), deadline=None)
@given(st.integers(0, 2**32 - 1), st.randoms(use_true_random=False))
def test_scoring_does_not_depend_on_the_order_of_the_tiles(seed: int, shuffler: random.Random) -> None:
    hand = random_hand(seed)
    data = hand.to_dict()
    tiles = parse_tiles(data["concealed"])
    shuffler.shuffle(tiles)
    data["concealed"] = format_tiles_in_order(tiles)
    data["melds"] = list(reversed(data["melds"]))
    reordered = score(HandSituation.from_dict(data))
    original = score(hand)
    assert (reordered.valid, reordered.total, reordered.details) == (original.valid, original.total, original.details)
    assert sorted(lines(reordered)) == sorted(lines(original))


@settings(max_examples=scaled(80), deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans(), st.booleans())
def test_an_own_flower_or_season_never_lowers_the_total(seed: int, winning: bool, season: bool) -> None:
    hand = random_hand(seed, winning)
    own = parse_tiles(f"{SEATS.index(hand.seat_wind) + (5 if season else 1)}f")[0]
    if own in hand.bonus:
        return
    data = hand.to_dict()
    data["bonus"] = format_tiles((*hand.bonus, own))
    assert score(HandSituation.from_dict(data)).total >= score(hand).total


@settings(max_examples=scaled(80), deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans())
def test_results_follow_the_contract(seed: int, winning: bool) -> None:
    result = NTS.score(random_hand(seed, winning))
    data = json.loads(json.dumps(result.to_dict()))
    assert set(data) == {"rules", "valid", "reason", "total", "items", "limit", "details"}
    assert data["rules"] == "nts"
    assert set(data["details"]) == {"base", "doublings"}
    assert all(set(item) == {"name", "kind", "value"} for item in data["items"])
    assert all(item["kind"] in ("points", "doubling", "limit") for item in data["items"])
    if not data["valid"]:
        assert data["total"] == 0 and data["reason"]
    if data["limit"] is None:
        base, doublings = data["details"]["base"], data["details"]["doublings"]
        assert sum(i["value"] for i in data["items"] if i["kind"] == "points") == base
        assert sum(i["value"] for i in data["items"] if i["kind"] == "doubling") == doublings
        if data["valid"]:
            assert data["total"] == min(base * 2**doublings, 2000)
    assert result.arithmetic


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_losers_hands_are_always_valid(seed: int) -> None:
    result = NTS.score(random_hand(seed, winning=False))
    assert result.valid and 0 <= result.total <= 2000
    assert "Mahjong" not in names(result)


def test_dict_round_trip_of_a_situation_scores_the_same() -> None:
    hand = situation("777z234m56p88s", "7p", melds=(pung("111z"),), win_by="self_draw", seat="E", round_wind="S")
    assert score(HandSituation.from_dict(hand.to_dict())) == score(hand)


if __name__ == "__main__":  # a quick speed figure: .venv/bin/python tests/test_rules_nts.py
    import time

    hands = [random_complete_situation(random.Random(seed), "nts") for seed in range(10_000)]
    start = time.perf_counter()
    for hand in hands:
        NTS.score(hand)
    elapsed = time.perf_counter() - start
    print(f"nts: {len(hands) / elapsed:,.0f} hands/second ({elapsed / len(hands) * 1e6:.1f} µs a hand)")
