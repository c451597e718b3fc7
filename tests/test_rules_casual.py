"""The casual family (seed 001, docs/rules/casual.md): fans, cap, dealer, payments, winning shapes.

Every expected value below was worked out by hand from the rules page: value = 20 × 2^fan with the
fan capped at ``max_fan`` (5), × 1.5 for the dealer (seat wind E). Unless a test says otherwise the
player sits South in an East round, so East is the round wind and South the seat wind.

Run this file as a script to measure scoring speed:
``.venv/bin/python tests/test_rules_casual.py``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sparrow.core.situation import HandSituation, SituationError
from sparrow.core.tiles import KINDS, SEATS, format_tiles_in_order, parse_tiles, tile_counts
from sparrow.rules import RulesError, ScoreResult, Settlement, get_ruleset, score, settle
from tests.scale import scaled

CASUAL = get_ruleset("casual")


def situation(
    concealed: str,
    winning_tile: str | None,
    *,
    melds: tuple[dict[str, Any], ...] = (),
    win_by: str = "discard",
    seat: str = "S",
    round_wind: str = "E",
    **extra: Any,
) -> HandSituation:
    data: dict[str, Any] = {
        "rules": "casual",
        "concealed": concealed,
        "melds": list(melds),
        "winning_tile": winning_tile,
        "win_by": win_by,
        "seat_wind": seat,
        "round_wind": round_wind,
    }
    data.update(extra)
    return HandSituation.from_dict(data)


def casual(concealed: str, winning_tile: str | None, **kwargs: Any) -> ScoreResult:
    return score(situation(concealed, winning_tile, **kwargs))


def claimed(kind: str, tiles: str) -> dict[str, Any]:
    return {"kind": kind, "tiles": tiles, "open": True}


def concealed_kong(tiles: str) -> dict[str, Any]:
    return {"kind": "kong", "tiles": tiles, "open": False}


def names(result: ScoreResult) -> list[str]:
    return [item.name for item in result.items]


def fans(result: ScoreResult) -> dict[str, int]:
    return {item.name: item.value for item in result.items}


# A hand with no fan: 123m 456p 789s 234s and the pair 99m (terminals, three suits, no honours).
PLAIN = "123m456p789s234s9m"


# ---------------------------------------------------------------------------- the seed's statements


def test_base_value_of_a_hand_without_fan_is_20() -> None:
    result = casual(PLAIN, "9m")
    assert (result.valid, result.total, result.items, result.reason) == (True, 20, (), None)
    assert result.arithmetic == "20 (base) × 2⁰ (0 fan) = 20"
    assert result.details == {"fan": 0, "scored_fan": 0, "dealer": False}


def test_no_minimum_any_legal_shape_wins() -> None:
    # "this version does NOT require any special pattern": a no-fan hand is a legal win.
    assert casual(PLAIN, "9m").valid


def test_dealer_multiplies_by_one_and_a_half() -> None:
    result = casual(PLAIN, "9m", seat="E")
    assert result.total == 30  # 20 × 1.5
    assert result.arithmetic == "20 (base) × 2⁰ (0 fan) × 1.5 (dealer) = 30"
    assert result.details["dealer"] is True


def test_each_fan_doubles_the_value() -> None:
    # Concealed self-draw (1) + all simples (1) + all triplets (2) = 4 fan: 20 × 16 = 320.
    result = casual("222m444p666s888s5m", "5m", win_by="self_draw")
    assert names(result) == ["Concealed self-draw", "All simples", "All triplets"]
    assert result.total == 320
    assert (
        result.arithmetic == "20 (base) × 2⁴ (4 fan) = 320; self-drawn: each opponent pays 320 ÷ 3, rounded up to 107"
    )


# ---------------------------------------------------------------------------- concealed self-draw


def test_concealed_self_draw() -> None:
    result = casual(PLAIN, "9m", win_by="self_draw")
    assert fans(result) == {"Concealed self-draw": 1}
    assert result.total == 40


def test_concealed_kong_keeps_the_hand_concealed_and_its_replacement_is_a_tsumo() -> None:
    # 123m [5555p] 789s 234s 99m, won on the kong's replacement tile.
    result = casual("123m789s234s9m", "9m", melds=(concealed_kong("5555p"),), win_by="kong_replacement")
    assert fans(result) == {"Concealed self-draw": 1}
    assert result.total == 40


def test_self_draw_with_a_claimed_set_is_not_concealed() -> None:
    result = casual("456p789s234s9m", "9m", melds=(claimed("chow", "123m"),), win_by="self_draw")
    assert result.items == () and result.total == 20


def test_self_draw_after_adding_to_an_exposed_pung_is_not_concealed() -> None:
    result = casual("123m789s234s9m", "9m", melds=(claimed("kong", "5555p"),), win_by="kong_replacement")
    assert result.items == () and result.total == 20


def test_a_concealed_hand_won_on_a_discard_has_no_self_draw_fan() -> None:
    assert casual(PLAIN, "9m", win_by="discard").items == ()


# ---------------------------------------------------------------------------- all simples


def test_all_simples_with_claimed_sets() -> None:
    # [234m] [555p] 678s 345s 88p: nothing but 2-8.
    result = casual("678s345s8p", "8p", melds=(claimed("chow", "234m"), claimed("pung", "555p")))
    assert fans(result) == {"All simples": 1}
    assert result.total == 40


def test_all_simples_fails_on_a_terminal_pair() -> None:
    result = casual("678s345s9p", "9p", melds=(claimed("chow", "234m"), claimed("pung", "555p")))
    assert result.items == () and result.total == 20


def test_all_simples_fails_on_a_chow_holding_a_nine() -> None:
    result = casual("789s345s8p", "8p", melds=(claimed("chow", "234m"), claimed("pung", "555p")))
    assert result.items == () and result.total == 20


def test_all_simples_fails_on_an_honour_pair() -> None:
    result = casual("678s345s5z", "5z", melds=(claimed("chow", "234m"), claimed("pung", "555p")))
    assert result.items == () and result.total == 20


# ---------------------------------------------------------------------------- honour triplets


def test_dragon_triplet() -> None:
    result = casual("234m456p678s777z5p", "5p")
    assert fans(result) == {"Honour triplet (Red Dragon)": 1}
    assert result.total == 40


def test_dragon_concealed_kong_counts_as_a_triplet() -> None:
    result = casual("234m456p678s5p", "5p", melds=(concealed_kong("6666z"),))
    assert fans(result) == {"Honour triplet (Green Dragon)": 1}
    assert result.total == 40


def test_each_dragon_triplet_counts() -> None:
    # White, Green and Red triplets: 3 fan = 160 (two suits: no flush).
    result = casual("555666777z234m5p", "5p")
    assert names(result) == [
        "Honour triplet (White Dragon)",
        "Honour triplet (Green Dragon)",
        "Honour triplet (Red Dragon)",
    ]
    assert result.total == 160


def test_round_wind_triplet() -> None:
    result = casual("234m456p678s5p", "5p", melds=(claimed("pung", "111z"),))
    assert fans(result) == {"Honour triplet (East Wind, round wind)": 1}
    assert result.total == 40


def test_seat_wind_triplet() -> None:
    result = casual("234m456p678s5p", "5p", melds=(claimed("pung", "222z"),))
    assert fans(result) == {"Honour triplet (South Wind, seat wind)": 1}
    assert result.total == 40


def test_a_wind_that_is_both_round_and_seat_wind_counts_twice() -> None:
    # The dealer (seat East) in the East round: 2 fan, × 1.5 = 120.
    result = casual("234m456p678s5p", "5p", melds=(claimed("pung", "111z"),), seat="E")
    assert names(result) == ["Honour triplet (East Wind, round wind)", "Honour triplet (East Wind, seat wind)"]
    assert result.total == 120
    assert result.arithmetic == "20 (base) × 2² (2 fan) × 1.5 (dealer) = 120"


def test_the_round_wind_follows_the_situation() -> None:
    # South round, West seat: a South triplet is the round wind.
    result = casual("234m456p678s5p", "5p", melds=(claimed("pung", "222z"),), seat="W", round_wind="S")
    assert fans(result) == {"Honour triplet (South Wind, round wind)": 1}


def test_a_wind_that_is_neither_round_nor_seat_wind_scores_nothing() -> None:
    result = casual("234m456p678s5p", "5p", melds=(claimed("pung", "444z"),))
    assert result.items == () and result.total == 20


def test_a_pair_of_dragons_is_not_a_triplet() -> None:
    result = casual("234m456p678s345s7z", "7z")
    assert result.items == () and result.total == 20


# ---------------------------------------------------------------------------- all triplets


def test_all_triplets() -> None:
    result = casual("111m444p666s888s5z", "5z")
    assert fans(result) == {"All triplets": 2}
    assert result.total == 80


def test_all_triplets_with_claimed_pung_and_kongs() -> None:
    # [111m] (9999p) 444s 777s 55z, won on a discard.
    result = casual("444s777s5z", "5z", melds=(claimed("pung", "111m"), concealed_kong("9999p")))
    assert fans(result) == {"All triplets": 2}
    assert result.total == 80


def test_all_triplets_takes_the_split_without_chows() -> None:
    # 111222333m is three triplets or three chows of 123m; the player gets the triplets.
    result = casual("111222333m555p7z", "7z")
    assert fans(result) == {"All triplets": 2}
    assert result.total == 80


def test_all_triplets_fails_with_one_chow() -> None:
    result = casual("111m444p666s789s5z", "5z")
    assert result.items == () and result.total == 20


def test_all_triplets_fails_with_a_claimed_chow() -> None:
    result = casual("444p666s888s5z", "5z", melds=(claimed("chow", "123m"),))
    assert result.items == () and result.total == 20


# ---------------------------------------------------------------------------- seven pairs


def test_seven_pairs() -> None:
    result = casual("1155m3399p2277s1z", "1z")
    assert fans(result) == {"Seven pairs": 2}
    assert result.total == 80


def test_seven_pairs_self_drawn_adds_concealed_self_draw() -> None:
    result = casual("1155m3399p2277s1z", "1z", win_by="self_draw")
    assert names(result) == ["Concealed self-draw", "Seven pairs"]
    assert result.total == 160


def test_seven_pairs_is_preferred_when_the_hand_is_also_four_sets_and_a_pair() -> None:
    # 22334455667788m is also 234m 234m 567m 567m 88m (all simples + full flush = 5 fan); as seven
    # pairs it is all simples + seven pairs + full flush = 7 fan. Without the cap: 20 × 2⁷ = 2560.
    result = casual("2233445566778m", "8m", options={"max_fan": 10})
    assert names(result) == ["All simples", "Seven pairs", "Full flush"]
    assert result.total == 2560


def test_seven_pairs_must_be_different_pairs() -> None:
    result = casual("1111m3399p2277s1z", "1z")
    assert not result.valid and result.total == 0 and result.items == ()
    assert result.reason == "not a winning hand: seven pairs must be seven different pairs, and 1m is held four times"


# ---------------------------------------------------------------------------- flushes and all honours


def test_half_flush() -> None:
    # 123m 456m 789m, a North triplet (neither round nor seat wind), 55z.
    result = casual("123456789m444z5z", "5z")
    assert fans(result) == {"Half flush": 2}
    assert result.total == 80


def test_half_flush_fails_with_two_suits() -> None:
    result = casual("123456m789p444z5z", "5z")
    assert result.items == () and result.total == 20


def test_full_flush() -> None:
    result = casual("123456789m234m5m", "5m")
    assert fans(result) == {"Full flush": 4}
    assert result.total == 320


def test_one_honour_pair_turns_a_full_flush_into_a_half_flush() -> None:
    result = casual("123456789m234m5z", "5z")
    assert fans(result) == {"Half flush": 2}
    assert result.total == 80


def test_all_honours_is_not_also_a_half_flush() -> None:
    # Seven pairs of the seven honours: seven pairs 2 + all honours 4 = 6 fan.
    result = casual("1122334455667z", "7z", options={"max_fan": 10})
    assert names(result) == ["Seven pairs", "All honours"]
    assert result.total == 1280


def test_all_honours_with_triplets() -> None:
    # East (round), South (seat), West, White triplets and 77z: 1 + 1 + 1 + 2 + 4 = 9 fan.
    result = casual("111222333555z7z", "7z", options={"max_fan": 20})
    assert fans(result) == {
        "Honour triplet (East Wind, round wind)": 1,
        "Honour triplet (South Wind, seat wind)": 1,
        "Honour triplet (White Dragon)": 1,
        "All triplets": 2,
        "All honours": 4,
    }
    assert result.total == 20 * 2**9


def test_one_suited_triplet_makes_it_a_half_flush_not_all_honours() -> None:
    result = casual("111222333z555m7z", "7z", options={"max_fan": 20})
    assert "All honours" not in names(result)
    assert fans(result)["Half flush"] == 2
    assert result.details["fan"] == 1 + 1 + 2 + 2  # East, South, all triplets, half flush


# ---------------------------------------------------------------------------- cap and options


def test_the_fan_is_capped_at_five_by_default() -> None:
    # Full flush 4 + all triplets 2 = 6 fan, capped at 5: 640.
    result = casual("111222333555m7m", "7m")
    assert names(result) == ["All triplets", "Full flush"]
    assert result.total == 640
    assert result.details == {"fan": 6, "scored_fan": 5, "dealer": False}
    assert result.arithmetic == "6 fan, capped at 5: 20 (base) × 2⁵ (5 fan) = 640"


def test_five_fan_exactly_is_not_capped() -> None:
    result = casual("123456789m234m5m", "5m", win_by="self_draw")  # self-draw 1 + full flush 4
    assert result.total == 640
    assert (
        result.arithmetic == "20 (base) × 2⁵ (5 fan) = 640; self-drawn: each opponent pays 640 ÷ 3, rounded up to 214"
    )


def test_a_self_draw_says_what_each_opponent_pays_and_when_it_was_rounded_up() -> None:
    # The dealer's 60 (1 fan, × 1.5) splits in three 20s; a non-dealer's 40 does not: 14 each.
    dealer = casual("222m444p666s789s5m", "5m", win_by="self_draw", seat="E")
    assert dealer.arithmetic.endswith("= 60; self-drawn: each opponent pays 60 ÷ 3 = 20")
    other = casual("222m444p666s789s5m", "5m", win_by="self_draw")
    assert other.total == 40 and other.arithmetic.endswith("; self-drawn: each opponent pays 40 ÷ 3, rounded up to 14")
    settled = get_ruleset("casual").settle(Settlement("casual", "S", "self_draw", None, {"S": 40}))
    assert settled == {"E": -14, "S": 42, "W": -14, "N": -14}


def test_the_cap_applies_before_the_dealer_multiplier() -> None:
    result = casual("111222333555m7m", "7m", seat="E")
    assert result.total == 960  # 20 × 2⁵ × 1.5
    assert result.arithmetic == "6 fan, capped at 5: 20 (base) × 2⁵ (5 fan) × 1.5 (dealer) = 960"


def test_max_fan_option() -> None:
    assert casual("111222333555m7m", "7m", options={"max_fan": 3}).total == 160
    assert casual("111222333555m7m", "7m", options={"max_fan": 6}).total == 1280
    assert casual("111222333555m7m", "7m", options={"max_fan": 0}).total == 20


def test_rotate_option_does_not_change_a_hand_value() -> None:
    assert casual(PLAIN, "9m", options={"rotate": True}).total == 20


def test_defaults() -> None:
    assert dict(CASUAL.defaults) == {"max_fan": 5, "rotate": False, "hands": 1}


@pytest.mark.parametrize(("options", "hands"), [({}, 1), ({"hands": 4}, 4), ({"hands": 16}, 16)])
def test_hands_option_sets_the_length_of_a_match_and_not_a_hand_value(options, hands) -> None:
    assert CASUAL.table(options).hands_in_match == hands
    assert casual(PLAIN, "9m", options=options).total == 20


@pytest.mark.parametrize(
    "options",
    [
        {"max_fans": 5},
        {"max_fan": "5"},
        {"max_fan": True},
        {"max_fan": -1},
        {"rotate": 1},
        {"flowers": False},
        {"hands": 0},
        {"hands": 65},
    ],
)
def test_bad_options_are_rules_errors(options: dict[str, Any]) -> None:
    with pytest.raises(RulesError, match="casual"):
        casual(PLAIN, "9m", options=options)


def test_table_rules() -> None:
    table = CASUAL.table()
    assert (table.bonus_tiles, table.dead_wall, table.rob_added_kong, table.rotation) == (False, "none", False, "none")
    assert CASUAL.table({"rotate": True}).rotation == "dealer_keeps"


# ---------------------------------------------------------------------------- circumstances of the win


def test_moments_score_nothing_in_casual() -> None:
    plain = casual(PLAIN, "9m", win_by="self_draw")
    special = casual(PLAIN, "9m", win_by="self_draw", moments=["last_tile", "first_round"])
    assert special.to_dict() == plain.to_dict()


def test_robbing_the_kong_is_not_a_legal_win() -> None:
    result = casual(PLAIN, "9m", win_by="robbing_kong")
    assert not result.valid and result.total == 0
    assert result.reason == "casual has no robbing the kong: a tile added to a pung cannot be claimed"


def test_not_a_winning_shape() -> None:
    result = casual("123m456p789s234s8m", "9m")
    assert (result.valid, result.total, result.items) == (False, 0, ())
    assert result.reason == "not a winning hand: the tiles form neither four sets and a pair nor seven different pairs"


def test_thirteen_orphans_is_not_a_winning_hand_here() -> None:
    result = casual("19m19p19s1234567z", "1m")
    assert not result.valid and result.reason.startswith("not a winning hand")


def test_a_losers_hand_is_worth_nothing() -> None:
    result = casual("123m456p789s234s9m"[:-2] + "5z", None)
    assert (result.valid, result.total, result.items, result.reason) == (True, 0, (), None)


def test_bonus_tiles_are_an_input_error() -> None:
    with pytest.raises(SituationError) as error:
        casual(PLAIN, "9m", bonus="2f")
    assert error.value.field == "bonus"


def test_flower_replacement_is_an_input_error() -> None:
    with pytest.raises(SituationError) as error:
        casual(PLAIN, "9m", win_by="flower_replacement")
    assert error.value.field == "win_by"


def test_kong_replacement_needs_a_kong() -> None:
    with pytest.raises(SituationError) as error:
        casual(PLAIN, "9m", win_by="kong_replacement")
    assert error.value.field == "win_by"


# ---------------------------------------------------------------------------- winning shapes and waits


def test_forms_are_regular_and_seven_distinct_pairs() -> None:
    forms = CASUAL.forms()
    assert forms.seven_pairs and not forms.thirteen_orphans and not forms.four_as_two_pairs


def test_is_complete() -> None:
    assert CASUAL.is_complete(tile_counts(parse_tiles(PLAIN + "9m")))
    assert CASUAL.is_complete(tile_counts(parse_tiles("1155m3399p2277s11z")))
    assert not CASUAL.is_complete(tile_counts(parse_tiles("1111m3399p2277s11z")))
    assert not CASUAL.is_complete(tile_counts(parse_tiles("19m19p19s12345677z")))
    # With two declared sets the standing tiles need two sets and a pair.
    assert CASUAL.is_complete(tile_counts(parse_tiles("123m456p99s")), melds=2)


def test_waits() -> None:
    assert [str(t) for t in CASUAL.waits(tile_counts(parse_tiles("1133557799m11p5z")))] == ["5z"]
    assert [str(t) for t in CASUAL.waits(tile_counts(parse_tiles("123m456p789s234s9m")))] == ["9m"]
    assert [str(t) for t in CASUAL.waits(tile_counts(parse_tiles("23m456p789s234s99m")))] == ["1m", "4m"]
    assert CASUAL.waits(tile_counts(parse_tiles("19m19p19s1234567z"))) == []
    # A seven-pairs wait on a tile already held three times would make four of a kind: not a win.
    assert CASUAL.waits(tile_counts(parse_tiles("111m3399p2277s11z"))) == []


# ---------------------------------------------------------------------------- settlement


def pay(data: dict[str, Any]) -> dict[str, int]:
    return settle(Settlement.from_dict({"rules": "casual", **data}))


def test_ron_the_discarder_pays_the_whole_value() -> None:
    payments = pay({"winner": "S", "win_by": "discard", "discarder": "W", "scores": {"S": 160}})
    assert payments == {"E": 0, "S": 160, "W": -160, "N": 0}


def test_tsumo_each_opponent_pays_a_third_rounded_up() -> None:
    # 160 / 3 = 53.3, rounded up to 54; the winner receives the three payments, 162.
    payments = pay({"winner": "S", "win_by": "self_draw", "scores": {"S": 160}})
    assert payments == {"E": -54, "S": 162, "W": -54, "N": -54}


def test_tsumo_of_a_plain_hand() -> None:
    payments = pay({"winner": "N", "win_by": "self_draw", "scores": {"N": 20}})
    assert payments == {"E": -7, "S": -7, "W": -7, "N": 21}


def test_dealer_tsumo_divides_evenly() -> None:
    payments = pay({"winner": "E", "win_by": "self_draw", "scores": {"E": 30}})
    assert payments == {"E": 30, "S": -10, "W": -10, "N": -10}


def test_a_kong_replacement_win_is_paid_as_a_tsumo() -> None:
    payments = pay({"winner": "W", "win_by": "kong_replacement", "scores": {"W": 80}})
    assert payments == {"E": -27, "S": -27, "W": 81, "N": -27}


def test_a_washout_pays_nothing() -> None:
    assert pay({"winner": None, "scores": {}}) == dict.fromkeys(SEATS, 0)


def test_settlement_rejects_robbing_the_kong_and_unknown_options() -> None:
    with pytest.raises(SituationError) as error:
        pay({"winner": "S", "win_by": "robbing_kong", "discarder": "W", "scores": {"S": 40}})
    assert error.value.field == "win_by"
    with pytest.raises(RulesError):
        pay({"winner": "S", "win_by": "self_draw", "scores": {"S": 40}, "options": {"dealer": 2}})


def test_settling_a_scored_hand() -> None:
    # The dealer wins a concealed full flush by self-draw: 5 fan × 1.5 = 960; 320 from each opponent.
    result = casual("123456789m234m5m", "5m", win_by="self_draw", seat="E")
    payments = pay({"winner": "E", "win_by": "self_draw", "scores": {"E": result.total}})
    assert payments == {"E": 960, "S": -320, "W": -320, "N": -320}


# ---------------------------------------------------------------------------- properties

_CHOW_STARTS = [t for t in KINDS if t.is_suited and t.rank <= 7]


@st.composite
def complete_casual_hands(draw: st.DrawFn) -> dict[str, Any]:
    """A random complete casual hand as hand-situation JSON, its concealed tiles in random order."""
    used = [0] * 34
    if draw(st.integers(0, 9)) == 0:
        kinds = draw(st.lists(st.sampled_from(KINDS), min_size=7, max_size=7, unique=True))
        standing = [t for t in kinds for _ in range(2)]
        melds: list[dict[str, Any]] = []
    else:
        standing, melds = [], []
        while len(melds) + len(standing) // 3 < 4:
            shape = draw(st.sampled_from(["chow", "pung", "kong"]))
            if shape == "chow":
                start = draw(st.sampled_from(_CHOW_STARTS))
                tiles = [start, KINDS[start + 1], KINDS[start + 2]]
            else:
                tiles = [draw(st.sampled_from(KINDS))] * (4 if shape == "kong" else 3)
            if any(used[t] + tiles.count(t) > 4 for t in tiles):
                continue
            for t in tiles:
                used[t] += 1
            if shape == "kong" or draw(st.booleans()):
                is_open = shape != "kong" or draw(st.booleans())
                melds.append({"kind": shape, "tiles": format_tiles_in_order(tiles), "open": is_open})
            else:
                standing.extend(tiles)
        pair = draw(st.sampled_from([t for t in KINDS if used[t] <= 2]))
        standing.extend([pair, pair])
    standing = draw(st.permutations(standing))
    winning = standing[draw(st.integers(0, len(standing) - 1))]
    concealed = list(standing)
    concealed.remove(winning)
    has_kong = any(m["kind"] == "kong" for m in melds)
    win_by = draw(st.sampled_from(["discard", "self_draw"] + (["kong_replacement"] if has_kong else [])))
    return {
        "rules": "casual",
        "concealed": format_tiles_in_order(concealed),
        "melds": melds,
        "winning_tile": str(winning),
        "win_by": win_by,
        "seat_wind": draw(st.sampled_from(SEATS)),
        "round_wind": draw(st.sampled_from(SEATS)),
    }


@settings(max_examples=scaled(100))
@given(complete_casual_hands())
def test_every_complete_hand_is_a_valid_win_with_consistent_arithmetic(data: dict[str, Any]) -> None:
    result = score(HandSituation.from_dict(data))
    assert result.valid and result.reason is None
    fan = sum(item.value for item in result.items)
    assert all(item.kind == "fan" for item in result.items)
    assert result.details["fan"] == fan
    assert result.details["scored_fan"] == min(fan, 5)
    base = 30 if data["seat_wind"] == "E" else 20
    assert result.total == base * 2 ** min(fan, 5)
    calculation, _, share = result.arithmetic.partition("; self-drawn: ")
    assert calculation.endswith(f"= {result.total}")
    assert bool(share) == (data["win_by"] in ("self_draw", "kong_replacement"))
    if share:  # what each opponent pays, a third rounded up, and "rounded up" said when it was
        assert share.endswith(f"{-(-result.total // 3)}")
        assert ("rounded up" in share) == (result.total % 3 != 0)


@given(complete_casual_hands(), st.data())
def test_scoring_does_not_depend_on_the_order_tiles_are_written_in(data: dict[str, Any], more: st.DataObject) -> None:
    shuffled = dict(data)
    tiles = more.draw(st.permutations(parse_tiles(data["concealed"])))
    shuffled["concealed"] = format_tiles_in_order(tiles)
    shuffled["melds"] = list(reversed(data["melds"]))
    first = score(HandSituation.from_dict(data))
    second = score(HandSituation.from_dict(shuffled))
    assert first.to_dict() == second.to_dict() and first.arithmetic == second.arithmetic


@given(complete_casual_hands())
def test_the_result_survives_to_dict_and_json(data: dict[str, Any]) -> None:
    result = score(HandSituation.from_dict(data))
    as_dict = result.to_dict()
    assert json.loads(json.dumps(as_dict)) == as_dict
    assert as_dict["total"] == result.total and len(as_dict["items"]) == len(result.items)
    assert sum(item["value"] for item in as_dict["items"]) == as_dict["details"]["fan"]


@given(complete_casual_hands(), st.integers(0, 12), st.integers(0, 12))
def test_a_higher_cap_never_lowers_the_value(data: dict[str, Any], low: int, high: int) -> None:
    low, high = sorted((low, high))
    capped = score(HandSituation.from_dict({**data, "options": {"max_fan": low}}))
    freer = score(HandSituation.from_dict({**data, "options": {"max_fan": high}}))
    assert capped.total <= freer.total


@given(complete_casual_hands())
def test_drawing_the_tile_yourself_never_lowers_the_value(data: dict[str, Any]) -> None:
    on_discard = score(HandSituation.from_dict({**data, "win_by": "discard"}))
    self_drawn = score(HandSituation.from_dict({**data, "win_by": "self_draw"}))
    assert self_drawn.total >= on_discard.total


@given(complete_casual_hands(), st.sampled_from([f"{k}f" for k in range(1, 9)]))
def test_bonus_tiles_are_never_in_play(data: dict[str, Any], flower: str) -> None:
    # Casual has 136 tiles: adding one of the player's flowers is not a lower score but bad input.
    with pytest.raises(SituationError) as error:
        score(HandSituation.from_dict({**data, "bonus": flower}))
    assert error.value.field == "bonus"


@given(
    st.sampled_from(SEATS),
    st.sampled_from(["discard", "self_draw", "kong_replacement"]),
    st.sampled_from(SEATS),
    st.integers(0, 10**7),
)
def test_payments_sum_to_zero(winner: str, win_by: str, discarder: str, value: int) -> None:
    data: dict[str, Any] = {"winner": winner, "win_by": win_by, "scores": {winner: value}}
    if win_by == "discard":
        data["discarder"] = discarder if discarder != winner else SEATS[(SEATS.index(winner) + 1) % 4]
    payments = pay(data)
    assert sum(payments.values()) == 0
    assert payments[winner] >= value
    assert all(amount <= 0 for seat, amount in payments.items() if seat != winner)


# ---------------------------------------------------------------------------- speed (run as a script)


def _measure(hands: int = 10_000, seed: int = 2024) -> None:
    import random
    import time

    from sparrow.rules.generate import random_complete_situation

    rng = random.Random(seed)
    situations = [random_complete_situation(rng, "casual") for _ in range(hands)]
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for one in situations:
            CASUAL.score(one)
        best = min(best, time.perf_counter() - start)
    print(f"casual: {hands} complete hands in {best:.3f} s = {hands / best:,.0f} hands/s ({best / hands * 1e6:.1f} µs)")


if __name__ == "__main__":
    _measure()
