"""The Riichi match layer: settlements, the course of a match, its end, the final results, the presets.

Worked examples first (each with the points a Tenhou table would show), then property tests: every
settlement conserves the points on the table, and a finished match's results sum to zero.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sparrow.rules.riichi import RiichiHand, RiichiOptions, base_points, score
from sparrow.rules.riichi.match import (
    AbortiveDraw,
    ExhaustiveDraw,
    HandResult,
    Liability,
    MatchError,
    Ron,
    Standing,
    Tsumo,
    Win,
    final_results,
    play,
    ranking,
    settle,
)
from sparrow.rules.riichi.presets import PRESETS, MatchOptionError, MatchOptions, match_options

TENHOU = match_options("tenhou")
SOUL = match_options("mahjong-soul")
MLEAGUE = match_options("m-league")
WRC = match_options("wrc")
EVEN = (25000, 25000, 25000, 25000)


def base(han: int, fu: int, options: RiichiOptions | None = None) -> int:
    return base_points(han, fu, 0, options or RiichiOptions())[0]


def at(hand: str, scores=EVEN, honba: int = 0, sticks: int = 0) -> Standing:
    """A standing from a label such as "S4"."""
    wind = "ESWN".index(hand[0])
    return Standing(tuple(scores), wind, int(hand[1]), honba, sticks)


# --- one ron, tsumo, honba, sticks -------------------------------------------------------------------


def test_non_dealer_ron_3_han_30_fu_with_2_honba_and_a_stick():
    result = settle(at("E1", honba=2, sticks=1), Ron(1, Win(2, base(3, 30))))
    assert result.deltas == (0, -4500, 5500, 0)  # 3,900 + 600 from the discarder, + 1,000 from the table
    assert [(t.reason, t.points) for t in result.transfers] == [("ron", 3900), ("honba", 600), ("sticks", 1000)]
    assert result.after == Standing((25000, 20500, 30500, 25000), 0, 2, 0, 0)  # the deal passes, honba reset
    assert not result.renchan and result.winners == (2,)


def test_dealer_4_han_30_fu_tsumo_is_3900_all_and_4000_all_with_a_honba():
    assert settle(at("E1"), Tsumo(Win(0, base(4, 30)))).deltas == (11700, -3900, -3900, -3900)
    result = settle(at("E1", honba=1), Tsumo(Win(0, base(4, 30))))
    assert result.deltas == (12000, -4000, -4000, -4000)
    assert result.renchan and result.after.label == "East 1, 2 honba"


def test_non_dealer_tsumo_dealer_pays_the_larger_share():
    result = settle(at("E2", honba=1), Tsumo(Win(0, base(3, 30))))  # seat 1 deals East 2
    assert result.deltas == (4300, -2100, -1100, -1100)  # 1,000/2,000 and 100 a payer
    assert result.after.label == "East 3"


def test_kiriage_comes_from_the_scorer_options():
    assert settle(at("E1"), Ron(0, Win(1, base(4, 30)))).deltas[1] == 7700
    kiriage = MLEAGUE.scoring
    assert settle(at("E1"), Ron(0, Win(1, base(4, 30, kiriage))), options=MLEAGUE).deltas[1] == 8000


def test_a_scored_hand_settles_through_win_from_score():
    hand = score(RiichiHand.of("234m345p66s12378s", "9s", riichi=True, tsumo=True))  # dealer 1,300 all
    result = settle(at("E1"), Tsumo(Win.from_score(0, hand)), riichi=(0,))
    assert result.deltas == (3900 - 1000 + 1000, -1300, -1300, -1300)
    assert settle(at("E1"), Tsumo(Win.from_score(0, hand))).deltas == (3900, -1300, -1300, -1300)
    with pytest.raises(MatchError, match="scored as dealer"):
        settle(at("E2"), Tsumo(Win.from_score(0, hand)))
    with pytest.raises(MatchError, match="scored as tsumo"):
        settle(at("E1"), Ron(1, Win.from_score(0, hand)))


# --- several rons --------------------------------------------------------------------------------


def test_double_ron_honba_and_sticks_go_to_the_winner_nearest_the_discarder():
    standing = at("E1", honba=1, sticks=1)
    result = settle(standing, Ron(2, [Win(1, base(2, 30)), Win(0, base(1, 30))]), riichi=(1,))
    # From seat 2 the turn reaches seat 3, then seat 0: seat 0 is nearer, seat 1 further.
    assert result.winners == (0, 1)
    assert result.deltas == (1500 + 300 + 2000, 2000 - 1000, -(1500 + 300 + 2000), 0)
    assert result.renchan and result.after.honba == 2 and result.after.hand_number == 1  # the dealer won


def test_head_bump_keeps_only_the_nearest_winner():
    result = settle(at("E1"), Ron(2, [Win(1, base(2, 30)), Win(0, base(1, 30))]), options=MLEAGUE)
    assert result.winners == (0,) and result.deltas == (1500, 0, -1500, 0)


def test_triple_ron_is_abortive_on_tenhou_and_stands_on_mahjong_soul():
    wins = [Win(1, base(1, 30)), Win(2, base(1, 30)), Win(3, base(1, 30))]
    tenhou = settle(at("E1", sticks=1), Ron(0, wins), riichi=(1,))
    assert tenhou.winners == () and tenhou.deltas == (0, -1000, 0, 0)
    assert tenhou.after == Standing((25000, 24000, 25000, 25000), 0, 1, 1, 2)  # honba +1, dealer and sticks stay
    soul = settle(at("E1", sticks=1), Ron(0, wins), options=SOUL)
    assert soul.winners == (1, 2, 3) and soul.deltas == (-3000, 2000, 1000, 1000)
    mleague = settle(at("E1"), Ron(0, wins), options=MLEAGUE)
    assert mleague.winners == (1,)


# --- draws ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tenpai", "deltas"),
    [
        ((), (0, 0, 0, 0)),
        ((2,), (-1000, -1000, 3000, -1000)),
        ((1, 3), (-1500, 1500, -1500, 1500)),
        ((0, 1, 2), (1000, 1000, 1000, -3000)),
        ((0, 1, 2, 3), (0, 0, 0, 0)),
    ],
)
def test_noten_payments(tenpai, deltas):
    result = settle(at("E1", honba=1), ExhaustiveDraw(frozenset(tenpai)))
    assert result.deltas == deltas
    assert result.renchan == (0 in tenpai)
    assert result.after.honba == 2  # any draw adds a honba
    assert result.after.hand_number == (1 if 0 in tenpai else 2)


def test_riichi_sticks_stay_on_the_table_through_a_draw_and_go_to_the_next_winner():
    drawn = settle(at("E1"), ExhaustiveDraw(frozenset({0, 1})), riichi=(0, 1))
    assert drawn.deltas == (-1000 + 1500, -1000 + 1500, -1500, -1500)
    assert drawn.after.sticks == 2 and drawn.after.honba == 1
    won = settle(drawn.after, Ron(3, Win(2, base(1, 30))))
    assert won.deltas == (0, 0, 1000 + 300 + 2000, -1300)
    assert won.after.sticks == 0 and won.after.honba == 0


def test_riichi_needs_1000_points_where_busting_ends_the_match():
    poor = at("E1", scores=(900, 33100, 33000, 33000))
    with pytest.raises(MatchError, match="riichi needs 1000"):
        settle(poor, ExhaustiveDraw(), riichi=(0,))
    assert settle(poor, ExhaustiveDraw(frozenset({0})), riichi=(0,), options=MLEAGUE).after.scores[0] == 2900


def test_nagashi_mangan_is_a_mangan_tsumo_in_place_of_noten_payments():
    result = settle(at("E1", honba=2, sticks=1), ExhaustiveDraw(frozenset({0}), frozenset({2})))
    assert result.deltas == (-4000, -2000, 8000, -2000)  # no honba, no noten payments
    assert result.after == Standing((21000, 23000, 33000, 23000), 0, 1, 3, 1)  # dealer tenpai: renchan
    dealer = settle(at("E1"), ExhaustiveDraw(nagashi=frozenset({0})))
    assert dealer.deltas == (12000, -4000, -4000, -4000) and not dealer.renchan  # dealer noten: the deal passes
    with pytest.raises(MatchError, match="nagashi mangan is off"):
        settle(at("E1"), ExhaustiveDraw(nagashi=frozenset({0})), options=WRC)


@pytest.mark.parametrize("kind", ["nine_terminals", "four_winds", "four_kongs"])
def test_abortive_draws_keep_the_dealer_and_the_sticks(kind):
    result = settle(at("E3", honba=1, sticks=2), AbortiveDraw(kind))
    assert result.deltas == (0, 0, 0, 0) and result.renchan
    assert result.after == Standing(EVEN, 0, 3, 2, 2)
    with pytest.raises(MatchError, match=f"abortive draw {kind} is off"):
        settle(at("E3"), AbortiveDraw(kind), options=WRC)


def test_four_riichi_is_abortive_with_the_four_sticks_on_the_table():
    result = settle(at("E1"), AbortiveDraw("four_riichi"), riichi=(0, 1, 2, 3))
    assert result.after == Standing((24000, 24000, 24000, 24000), 0, 1, 1, 4)
    with pytest.raises(MatchError, match="all four seats"):
        settle(at("E1"), AbortiveDraw("four_riichi"), riichi=(0, 1))


# --- pao -----------------------------------------------------------------------------------------


def test_pao_tsumo_the_liable_seat_pays_all_with_the_honba():
    win = Win(2, 8000, Liability(1, "daisangen"))
    assert settle(at("E1", honba=1), Tsumo(win)).deltas == (0, -32300, 32300, 0)


def test_pao_ron_the_discarder_and_the_liable_seat_share():
    win = Win(2, 8000, Liability(1, "daisangen"))
    assert settle(at("E1", honba=1), Ron(3, win)).deltas == (0, -16300, 32300, -16000)
    assert settle(at("E1"), Ron(1, win)).deltas == (0, -32000, 32000, 0)  # the liable seat dealt in itself


# A hand worth more than the yakuman a seat is liable for (docs/rules/riichi.md, "Pao"): the issue's
# Tenhou game. South (seat 1) is liable for West's (seat 2) daisangen; West self-draws it with
# tsuuiisou, two yakuman, at three honba. East (seat 0) deals.
DOUBLE = Win(2, 16000, Liability(1, "daisangen"))


def test_pao_on_several_yakuman_tenhou_the_liable_seat_pays_the_whole_tsumo():
    assert TENHOU.pao_scope == "hand"
    assert settle(at("E1", honba=3), Tsumo(DOUBLE), options=TENHOU).deltas == (0, -64900, 64900, 0)


def test_pao_on_several_yakuman_tenhou_a_ron_is_shared_half_and_half():
    # North deals in: 64,000 shared, the honba from the liable seat.
    assert settle(at("E1", honba=1), Ron(3, DOUBLE), options=TENHOU).deltas == (0, -32300, 64300, -32000)
    # The dealer wins 96,000: 48,000 each.
    dealer_double = Win(0, 16000, Liability(3, "daisuushii"))
    assert settle(at("E1"), Ron(2, dealer_double), options=TENHOU).deltas == (96000, 0, -48000, -48000)


@pytest.mark.parametrize("preset", [SOUL, MLEAGUE, WRC])
def test_pao_on_several_yakuman_elsewhere_the_liable_seat_answers_for_its_yakuman_only(preset: MatchOptions):
    assert preset.pao_scope == "yakuman"
    # Tsumo: the liable seat pays its daisangen as a ron (32,000) and the honba; the tsuuiisou is
    # paid as a tsumo by all three (the liable seat too).
    assert settle(at("E1", honba=3), Tsumo(DOUBLE), options=preset).deltas == (-16000, -40900, 64900, -8000)
    # Ron: the discarder pays the tsuuiisou and half the daisangen; the liable seat the other half
    # and the honba.
    assert settle(at("E1", honba=1), Ron(3, DOUBLE), options=preset).deltas == (0, -16300, 64300, -48000)
    dealer_double = Win(0, 16000, Liability(3, "daisuushii"))
    assert settle(at("E1"), Tsumo(dealer_double), options=preset).deltas == (96000, -16000, -16000, -64000)


def test_pao_scope_is_checked():
    with pytest.raises(MatchOptionError, match="pao_scope must be one of hand, yakuman"):
        match_options("tenhou", {"pao_scope": "half"})


def test_pao_follows_the_rules():
    with pytest.raises(MatchError, match="pao for 'suukantsu' is off"):
        settle(at("E1"), Tsumo(Win(2, 8000, Liability(1, "suukantsu"))))
    assert settle(at("E1"), Tsumo(Win(2, 8000, Liability(1, "suukantsu"))), options=MLEAGUE).deltas[1] == -32000


# --- the course and the end of a match -----------------------------------------------------------


def test_rounds_advance_east_to_south():
    result = settle(at("E4"), Ron(0, Win(1, base(1, 30))))
    assert result.after.label == "South 1" and result.after.dealer == 0


def test_busting_below_zero_ends_and_exactly_zero_plays_on():
    zero = settle(at("E2", scores=(39000, 25000, 28000, 8000)), Ron(3, Win(0, 2000)))
    assert zero.after.scores[3] == 0 and not zero.after.finished
    bust = settle(at("E2", scores=(39000, 25000, 28000, 7900), sticks=1), Ron(3, Win(0, 2000)))
    assert bust.after.finished and bust.after.end_reason == "busting"
    assert bust.after.scores == (39000 + 8000 + 1000, 25000, 28000, -100)  # the stick goes with the win
    never = settle(at("E2", scores=(39000, 25000, 28000, 7900)), Ron(3, Win(0, 2000)), options=MLEAGUE)
    assert not never.after.finished


def test_south_4_dealer_leading_stops_after_a_win_or_in_tenpai():
    scores = (22000, 23000, 25000, 30000)
    won = settle(at("S4", scores), Ron(1, Win(3, base(1, 30))))
    assert won.after.finished and won.after.end_reason == "agari-yame"
    tenpai = settle(at("S4", scores), ExhaustiveDraw(frozenset({3})))
    assert tenpai.after.finished and tenpai.after.end_reason == "tenpai-yame"
    behind = settle(at("S4", (22000, 23000, 31000, 24000)), Ron(1, Win(3, base(1, 30))))
    assert not behind.after.finished and behind.after.label == "South 4, 1 honba"
    # M.League plays on; an abortive draw never stops a match.
    assert not settle(at("S4", scores), Ron(1, Win(3, base(1, 30))), options=MLEAGUE).after.finished
    assert not settle(at("S4", scores), AbortiveDraw("four_winds")).after.finished


def test_the_leading_last_dealer_under_30000_plays_on_where_west_would_follow():
    scores = (25000, 24000, 24000, 27000)
    drawn = settle(at("S4", scores), ExhaustiveDraw(frozenset({0, 3})))
    assert drawn.after.scores[3] == 28500 and not drawn.after.finished  # leads, but nobody has 30,000
    no_west = match_options("tenhou", {"west_extension": False})
    assert settle(at("S4", scores), ExhaustiveDraw(frozenset({0, 3})), options=no_west).after.finished


def test_south_4_ends_the_match_when_someone_has_30000():
    won = settle(at("S4", (31000, 23000, 25000, 21000)), Ron(3, Win(2, base(1, 30))))
    assert won.after.finished and won.after.end_reason == "last hand"
    result = settle(at("S4", (31000, 23000, 25000, 20000), sticks=1), ExhaustiveDraw(frozenset({0})), riichi=(1,))
    assert result.after.finished and result.after.end_reason == "last hand"
    assert result.after.scores == (34000 + 2000, 21000, 24000, 19000)  # the two sticks left go to the top
    assert result.transfers[-1].reason == "leftover" and result.after.sticks == 0
    assert result.after.table_points == 100000


def test_west_extension_is_sudden_death():
    into_west = settle(at("S4", (28000, 26000, 24000, 22000)), Ron(3, Win(2, base(1, 30))))
    assert not into_west.after.finished and into_west.after.label == "West 1"
    still = settle(into_west.after, Ron(0, Win(1, base(1, 30))))
    assert still.after.label == "West 2" and max(still.after.scores) < 30000
    over = settle(still.after, Tsumo(Win(1, base(3, 30))))  # the dealer reaches 30,000: the match ends at once
    assert over.after.finished and over.after.end_reason == "target reached"
    last = settle(at("W4", (28000, 26000, 24000, 22000)), ExhaustiveDraw())
    assert last.after.finished and last.after.end_reason == "last hand"
    wrc = settle(at("S4", (28000, 26000, 24000, 22000)), Ron(3, Win(2, base(1, 30))), options=WRC)
    assert wrc.after.finished


def test_an_east_only_game_ends_after_east_4():
    east = match_options("tenhou", {"length": "tonpuu"})
    result = settle(at("E4", (31000, 23000, 25000, 21000)), Ron(3, Win(2, base(1, 30))), options=east)
    assert result.after.finished
    into_south = settle(at("E4", (28000, 26000, 24000, 22000)), Ron(3, Win(2, base(1, 30))), options=east)
    assert into_south.after.label == "South 1"


def test_no_hand_after_the_end():
    over = settle(at("S4", (31000, 23000, 25000, 21000)), Ron(3, Win(2, base(1, 30))))
    with pytest.raises(MatchError, match="the match is over"):
        settle(over.after, ExhaustiveDraw())


def test_a_whole_east_only_match():
    east = match_options("tenhou", {"length": "tonpuu"})
    hands = [
        (Ron(2, Win(1, base(2, 30))), (1,)),  # East 1: seat 1 wins 2,000 and its own stick back
        (ExhaustiveDraw(frozenset({1, 3})), (3,)),  # East 2: the dealer tenpai, one stick stays
        (Tsumo(Win(1, base(4, 30))), ()),  # East 2, 1 honba: the dealer 4,000 all with the stick
        (AbortiveDraw("nine_terminals"), ()),  # East 2, 2 honba
        (Ron(0, Win(3, base(3, 30))), ()),  # East 2, 3 honba: 3,900 + 900 to seat 3
        (Ron(1, Win(0, base(1, 30))), (0,)),  # East 3: 1,000 to seat 0 with its stick
        (Tsumo(Win(3, base(5, 30))), ()),  # East 4: the dealer 4,000 all leads with 38,300 and stops
    ]
    results = play(hands, east)
    assert [r.before.label for r in results] == [
        "East 1",
        "East 2",
        "East 2, 1 honba",
        "East 2, 2 honba",
        "East 2, 3 honba",
        "East 3",
        "East 4",
    ]
    end = results[-1].after
    assert end.finished and end.end_reason == "agari-yame" and end.table_points == 100000
    assert end.scores == (11700, 36500, 13500, 38300)
    assert sum(r.result for r in final_results(end, east)) == 0
    with pytest.raises(MatchError, match="the match is over"):
        play([(ExhaustiveDraw(), ())], east, end)


# --- final results -------------------------------------------------------------------------------


def test_tenhou_final_results_with_uma_and_oka_sum_to_zero():
    standing = Standing((6200, 43100, 18900, 31800), 1, 4, 0, 0, True, "last hand")
    results = final_results(standing, TENHOU)
    assert [(r.seat, r.place, r.text) for r in results] == [
        (1, 1, "+53.1"),  # 13.1 + 20 uma + 20 oka
        (3, 2, "+11.8"),
        (2, 3, "-21.1"),
        (0, 4, "-43.8"),
    ]
    assert sum(r.result for r in results) == 0


def test_ties_by_seat_order_on_tenhou_and_shared_in_the_m_league():
    standing = Standing((20000, 35000, 35000, 10000), 1, 4, finished=True)
    assert ranking(standing.scores) == (1, 2, 0, 3)
    tenhou = final_results(standing, TENHOU)
    assert [(r.seat, r.result) for r in tenhou] == [(1, 45), (2, 15), (0, -20), (3, -40)]
    shared = final_results(standing, MLEAGUE)
    assert [(r.seat, r.result) for r in shared] == [(1, 35), (2, 35), (0, -20), (3, -50)]
    assert sum(r.result for r in shared) == 0


def test_wrc_and_mahjong_soul_have_no_oka():
    wrc = final_results(Standing((40000, 30000, 30000, 20000)), WRC)
    assert [r.result for r in wrc] == [25, 0, 0, -25]  # 5 and -5 shared by the tie at 30,000
    soul = final_results(Standing((40000, 25000, 20000, 15000)), SOUL)
    assert [r.result for r in soul] == [30, 5, -10, -25]


# --- presets and option errors -------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_read_back_as_written(name):
    assert match_options(name).to_dict() == PRESETS[name]


def test_tenhou_is_the_default():
    assert match_options() == MatchOptions() == TENHOU
    assert WRC.red_fives == 0 and not WRC.scoring.aka_dora and WRC.start_points == 30000
    assert MLEAGUE.scoring.kiriage and MLEAGUE.uma == (30, 10, -10, -30) and not MLEAGUE.double_ron


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"uma": [20, 10, -10]}, "uma must be four numbers summing to 0"),
        ({"uma": [10, 20, -10, -20]}, "uma must run from first place down"),
        ({"start": 25000}, "unknown riichi option 'start'"),
        ({"busting": "yes"}, "busting must be bool"),
        ({"start_points": 25000.0}, "start_points must be int"),
        ({"red_fives": 2}, "red_fives must be 0 or 3"),
        ({"triple_ron": "never"}, "triple_ron must be one of"),
        ({"double_ron": False, "triple_ron": "allowed"}, "cannot be allowed"),
        ({"pao": ["tsuuiisou"]}, "pao names 'tsuuiisou'"),
        ({"return_points": 20000}, "below start_points"),
        ({"kiriage": 1}, "kiriage must be bool"),
        ({"length": "east"}, "length must be one of"),
        ({"uma": [20, 10, -10, True]}, "uma must be a list like"),
        ({"west_target": True}, "west_target must be int"),
    ],
)
def test_a_bad_option_is_one_clear_line(overrides, message):
    with pytest.raises(MatchOptionError, match=message) as error:
        match_options("tenhou", overrides)
    assert isinstance(error.value, ValueError) and "\n" not in str(error.value)


def test_unknown_preset():
    with pytest.raises(MatchOptionError, match="unknown riichi preset 'jantama'"):
        match_options("jantama")


@pytest.mark.parametrize(
    ("outcome", "message"),
    [
        (Ron(1, Win(1, 1000)), "cannot win on its own discard"),
        (Ron(1, Win(5, 1000)), "winner must be a seat 0-3"),
        (Ron(1, [Win(2, 1000), Win(2, 1000)]), "wins once"),
        (Tsumo(Win(2, 0)), "positive whole number"),
        (Tsumo(Win(2, 8000, Liability(2, "daisangen"))), "its own win"),
        (AbortiveDraw("triple_ron"), "settled as a Ron"),
        (AbortiveDraw("five_dragons"), "unknown abortive draw"),
    ],
)
def test_a_bad_settlement_is_refused(outcome, message):
    with pytest.raises((MatchError, MatchOptionError), match=message):
        settle(at("E1"), outcome)


# --- properties ----------------------------------------------------------------------------------

BASES = sorted(
    {base_points(han, fu, 0, RiichiOptions())[0] for han in range(1, 5) for fu in (30, 40, 50, 70)}
    | {2000, 3000, 4000, 8000}
)


@st.composite
def outcomes(draw: st.DrawFn, standing: Standing, options: MatchOptions):
    kind = draw(st.sampled_from(["ron", "tsumo", "draw", "abortive"]))
    seats = st.integers(0, 3)
    if kind == "ron":
        loser = draw(seats)
        winners = draw(st.lists(seats.filter(lambda s: s != loser), min_size=1, max_size=3, unique=True))
        return Ron(loser, tuple(Win(w, draw(st.sampled_from(BASES))) for w in winners))
    if kind == "tsumo":
        winner = draw(seats)
        liable = draw(st.none() | seats.filter(lambda s: s != winner))
        if liable is not None:
            return Tsumo(Win(winner, 8000, Liability(liable, options.pao[0])))
        return Tsumo(Win(winner, draw(st.sampled_from(BASES))))
    if kind == "draw":
        tenpai = draw(st.frozensets(seats))
        nagashi = draw(st.frozensets(seats, max_size=1)) if options.nagashi_mangan else frozenset()
        return ExhaustiveDraw(tenpai, nagashi)
    kinds = [k for k in ("nine_terminals", "four_winds", "four_kongs") if options.abortive(k)]
    return AbortiveDraw(draw(st.sampled_from(kinds))) if kinds else ExhaustiveDraw()


@given(st.data(), st.sampled_from(sorted(PRESETS)))
def test_every_settlement_conserves_the_table_and_a_finished_match_sums_to_zero(data, preset):
    options = match_options(preset)
    standing = Standing.start(options)
    total = standing.table_points
    for _ in range(60):
        outcome = data.draw(outcomes(standing, options))
        can = [s for s in range(4) if standing.scores[s] >= 1000 or not options.busting]
        riichi = data.draw(st.lists(st.sampled_from(can), unique=True, max_size=3)) if can else []
        result: HandResult = settle(standing, outcome, riichi, options)
        assert sum(result.deltas) + 1000 * (result.after.sticks - standing.sticks) == 0
        assert result.after.table_points == total
        assert result.after.honba == (standing.honba + 1 if result.renchan or not result.winners else 0)
        assert result.renchan == (result.after.dealer == standing.dealer) or result.after.finished
        standing = result.after
        if standing.finished:
            assert standing.sticks == 0
            results = final_results(standing, options)
            assert sum((r.result for r in results), Fraction(0)) == 0
            assert [r.place for r in results] == [1, 2, 3, 4]
            break


def test_a_log_from_before_pao_scope_replays_as_it_was_played():
    """Logs written before the option existed settled a liable hand of several yakuman as "yakuman"
    (the liable seat answering for its yakuman alone): a hand_start without the option reads so."""
    import gzip
    import json
    from pathlib import Path

    from sparrow.game.riichi import RiichiHandState

    corpus = Path(__file__).parent / "data" / "corpora" / "simulate-riichi-normal.jsonl.gz"
    start = json.loads(gzip.decompress(corpus.read_bytes()).decode().splitlines()[1])
    assert start["event"] == "hand_start" and start["options"]["pao_scope"] == "hand"
    assert RiichiHandState.from_hand_start(start).options.pao_scope == "hand"
    del start["options"]["pao_scope"]
    assert RiichiHandState.from_hand_start(start).options.pao_scope == "yakuman"
