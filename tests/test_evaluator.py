"""The evaluator (``sparrow.bots.evaluator``): each discard's chance to win, what a win would be
worth by the family's own scorer, its chance to deal in against a riichi, and their sum in points;
from the seat's observation alone and the same every time."""

from __future__ import annotations

import pytest

import sparrow
from sparrow.bots.evaluator import (
    DISCARD_LOOKS,
    NORMAL,
    RIICHI_DEAL_IN_COST,
    RIICHI_LOOKS,
    RIICHI_STICK,
    STICK_LOST_SHARE,
    TYPICAL_WIN,
    evaluate_discards,
    han_points,
)
from sparrow.bots.reading import RATES
from sparrow.game.riichi.hand import RiichiHand
from tests.test_riichi_hand import NORTH, SOUTH, WEST, discard, pass_all, table, tsumogiri

READY = "123m456m789m23p55s"
RON = DISCARD_LOOKS / (1 + DISCARD_LOOKS)  # the share of a ready hand's wins that are rons (dama)
# Against a riichi the opponents fold: fewer of its wins are rons.
RIICHI_RON = DISCARD_LOOKS * RIICHI_LOOKS / (1 + DISCARD_LOOKS * RIICHI_LOOKS)


def observation(state, seat: str):
    return RiichiHand(state=state).observation(seat)


def points(concealed: str, tile: str, win_by: str, seat: str = "E", dora: str = "1z", riichi: bool = True) -> int:
    """The public scorer's answer, as the evaluator should ask it (riichi declared on a closed hand)."""
    situation = {
        "rules": "riichi",
        "concealed": concealed,
        "winning_tile": tile,
        "win_by": win_by,
        "seat_wind": seat,
        "round_wind": "E",
        "moments": ["riichi"] if riichi else [],
        "dora": dora,
    }
    return sparrow.score(sparrow.HandSituation.from_dict(situation)).total


def test_a_ready_discard_is_worth_its_waits_by_the_scorer():
    # East drew 1z to 123m 456m 789m 23p 55s: discarding it waits on 1p and 4p.
    values = evaluate_discards(observation(table(READY, draws="1z", dora="1z"), "E"))
    best = values[0]
    assert str(best.tile) == "1z" and best.shanten == 0
    assert [str(w) for w in best.waits] == ["1p", "4p"] and best.accepted == 8
    # Both waits score alike: riichi, ittsu, pinfu by ron; and menzen tsumo on a tsumo.
    ron, tsumo = points(READY, "1p", "discard"), points(READY, "1p", "self_draw")
    assert (ron, tsumo) == (11600, 12000)
    # With riichi, the ura dora it may turn (a fraction of a han) takes East's 11,600 ron to a
    # dealer's mangan, 12,000, the limit it is then counted at; the stick is lost when another wins.
    assert RIICHI_RON * ron + (1 - RIICHI_RON) * tsumo < best.win_value == han_points(5, dealer=True) == 12000
    chance = best.win_chance
    assert 0 < chance < 1 and best.deal_in == 0
    assert best.value == pytest.approx(chance * 12000 - RIICHI_STICK * STICK_LOST_SHARE * (1 - chance))
    # Dama: ittsu and pinfu by ron (5,800), menzen tsumo too by tsumo; more rons, no stick.
    dama_ron, dama_tsumo = (points(READY, "1p", how, riichi=False) for how in ("discard", "self_draw"))
    assert (dama_ron, dama_tsumo) == (5800, 7800)  # 4 han 20 fu by tsumo: 2,600 all
    assert best.dama_value is not None and 0 < best.dama_value < best.value and best.declares
    # Every other discard leaves the hand one from ready: worth less.
    assert all(v.shanten == 1 and v.value < best.value for v in values[1:])
    assert sorted(str(v.tile) for v in values) == sorted({"1z", *"1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 5s".split()})


def test_a_wait_in_your_own_river_wins_only_by_tsumo():
    state = table(READY, draws="4p 9p 9s 9m 1z", dora="1z")
    discard(state, "4p")  # East lets 4p go: a wait on 1p-4p is furiten from then on
    pass_all(state)
    tsumogiri(state, 3)
    furiten = next(v for v in evaluate_discards(observation(state, "E")) if str(v.tile) == "1z")
    fresh = next(
        v for v in evaluate_discards(observation(table(READY, draws="1z", dora="1z"), "E")) if str(v.tile) == "1z"
    )
    assert furiten.shanten == 0 and furiten.win_value == pytest.approx(points(READY, "1p", "self_draw"))
    assert furiten.win_chance < fresh.win_chance


def test_against_a_riichi_a_far_hand_lets_go_of_a_safe_tile():
    # East declares riichi on 1z; South, far from ready, draws 7s: its own 1z is genbutsu.
    state = table(READY, draws="1z 7s", dora="1z")
    discard(state, "1z", riichi=True)
    pass_all(state)
    values = evaluate_discards(observation(state, "S"))
    by_tile = {str(v.tile): v for v in values}
    assert by_tile["1z"].deal_in == 0.0
    assert by_tile["5m"].deal_in == pytest.approx(RATES["no suji 4-6"] / 100)
    assert by_tile["5m"].deal_in_cost == RIICHI_DEAL_IN_COST[True]  # East deals: a dealer's riichi
    assert values[0].deal_in == 0.0  # the best discard deals in to nobody
    assert by_tile["5m"].value == pytest.approx(
        by_tile["5m"].win_chance * by_tile["5m"].win_value - by_tile["5m"].deal_in * RIICHI_DEAL_IN_COST[True]
    )


def test_normals_setting_counts_the_chance_to_win_alone_from_its_own_tiles():
    # East let 4p go and is ready on 1p-4p again: furiten, it wins by tsumo only.
    state = table(READY, draws="4p 9p 9s 9m 1z", dora="1z")
    discard(state, "4p")
    pass_all(state)
    tsumogiri(state, 3)
    seen = observation(state, "E")
    full = {str(v.tile): v for v in evaluate_discards(seen)}
    steady = {str(v.tile): v for v in evaluate_discards(seen, NORMAL)}
    assert set(full) == set(steady)
    # Its own tiles alone count as seen: the 4p in its river is still a tile to come for Normal.
    assert (full["1z"].accepted, steady["1z"].accepted) == (7, 8)
    # Furiten is a rule, not a reading: Normal knows it wins by tsumo only.
    fresh = evaluate_discards(observation(table(READY, draws="1z", dora="1z"), "E"), NORMAL)[0]
    assert str(fresh.tile) == "1z" and 0 < steady["1z"].win_chance < fresh.win_chance
    # Every win is worth a typical one (a dealer's): no scorer's points, no riichi-or-dama weighing.
    for value in steady.values():
        assert value.win_value == (TYPICAL_WIN[True] if value.win_chance else 0.0)
        assert value.value == pytest.approx(value.win_chance * value.win_value) and value.dama_value is None
    assert full["1z"].dama_value is not None


def test_normals_setting_reads_no_danger():
    # The riichi of the test above: Expert's setting reads 5m as dangerous, Normal's does not (it
    # folds by its own rule, sparrow.bots.riichi).
    state = table(READY, draws="1z 7s", dora="1z")
    discard(state, "1z", riichi=True)
    pass_all(state)
    full = {str(v.tile): v for v in evaluate_discards(observation(state, "S"))}
    steady = {str(v.tile): v for v in evaluate_discards(observation(state, "S"), NORMAL)}
    assert full["5m"].deal_in > 0
    assert all(value.deal_in == 0 and not value.dangers for value in steady.values())


def test_the_evaluator_sees_only_the_seat_and_answers_the_same_every_time():
    first = table(READY, SOUTH, WEST, NORTH, draws="1z 9p 9s", dora="1z")
    other = table(READY, WEST, NORTH, SOUTH, draws="1z 8p 8s", dora="1z")  # other hands, another wall
    values = evaluate_discards(observation(first, "E"))
    assert values == evaluate_discards(observation(other, "E")) == evaluate_discards(observation(first, "E"))


def test_nothing_to_value_when_the_seat_has_no_discard():
    state = table(READY, draws="1z", dora="1z")
    assert evaluate_discards(observation(state, "S")) == []


def test_han_points_are_a_ron_at_thirty_fu_and_a_dealer_gets_half_again():
    assert [han_points(han, False) for han in (1, 2, 3, 4, 5, 6, 8, 11, 13, 20)] == [
        1000,
        2000,
        3900,
        7700,
        8000,
        12000,
        16000,
        24000,
        32000,
        32000,
    ]
    assert han_points(3, True) == 5850


def test_the_discarded_copy_is_no_longer_a_tile_to_come():
    # 123m 456p 789s 22z 23s with 4s drawn: letting 4s go waits on 1s-4s, and of the 4s only three
    # are left to come (the fourth lies in the river).
    values = evaluate_discards(observation(table("123m456p789s22z23s", draws="4s", dora="1z"), "E"))
    four = next(v for v in values if str(v.tile) == "4s")
    assert four.shanten == 0 and [str(w) for w in four.waits] == ["1s", "4s"] and four.accepted == 4 + 3


def test_a_red_five_let_go_is_a_han_given_up():
    # The only five of characters is red: keeping it is worth a han more than letting it go.
    values = {
        str(v.tile): v for v in evaluate_discards(observation(table("0m179m28p37s1234z5z", draws="6z", dora="7z"), "E"))
    }
    assert values["5m"].win_value < values["6z"].win_value


def test_the_other_families_are_valued_by_their_plans_on_the_same_seat_view():
    from sparrow.bots.seat_view import SeatView
    from sparrow.game.hands import deal

    hand = deal("hkos", None, 3)
    seen = hand.observation(hand.to_act[0])
    assert evaluate_discards(seen)  # tests/test_plan_values.py: how
    assert evaluate_discards(SeatView.from_observation(seen)) == evaluate_discards(seen)
