"""Every option of every decision valued on the evaluator's one scale (``sparrow.bots.option_values``):
a discard, a win, a call, a kong, a pass, in every family, from the seat's observation alone."""

from __future__ import annotations

import pytest

from sparrow.bots import get_bot
from sparrow.bots.call_values import value_of_call, value_of_kong
from sparrow.bots.evaluator import evaluate_discards, evaluate_standing
from sparrow.bots.option_values import best_option, evaluate_options
from sparrow.bots.seat_view import SeatView
from sparrow.game import deal
from sparrow.game.actions import ActionKind

FAMILIES = ("riichi", "nts", "hkos", "chinese", "casual")
# The yaku of a moment the seat's view cannot tell (haitei and houtei it can: the wall is empty).
_MOMENT_YAKU = {"ippatsu", "chankan", "rinshan", "tenhou", "chiihou", "renhou"}


def _decisions(rules: str, seeds: range):
    """Each decision of hands four Expert play out: the observation and the action taken."""
    for seed in seeds:
        state = deal(rules, None, seed)
        bots = {seat: get_bot("expert", index) for index, seat in enumerate(state.seats)}
        while not state.is_over:
            seat = state.to_act[0]
            seen = state.observation(seat)
            action = bots[seat].act(seen)
            yield state, seen, action
            state.apply(action)


def _wins(rules: str, seeds: range):
    """Each hand of those where a seat declared a win: its observation then, its value of the win,
    and how the hand ended (by another's win too, where two claimed the same discard)."""
    for seed in seeds:
        state = deal(rules, None, seed)
        bots = {seat: get_bot("expert", index) for index, seat in enumerate(state.seats)}
        declared = None
        while not state.is_over:
            seat = state.to_act[0]
            seen = state.observation(seat)
            action = bots[seat].act(seen)
            if action.kind is ActionKind.WIN and declared is None:
                declared = (seen, next(o.value for o in evaluate_options(seen) if o.action == action))
            state.apply(action)
        if declared is not None:
            yield declared[0], declared[1], state.result


@pytest.mark.parametrize("rules", FAMILIES)
def test_every_legal_action_of_every_decision_is_valued_once(rules):
    kinds_met = set()
    for _, seen, _ in _decisions(rules, range(3)):
        options = evaluate_options(seen)
        assert sorted(str(option.action) for option in options) == sorted(str(a) for a in seen.legal_actions)
        assert [option.value for option in options] == sorted((option.value for option in options), reverse=True)
        assert options == evaluate_options(seen)  # no randomness
        assert best_option(seen) == options[0].action
        discards = {int(value.tile): value for value in evaluate_discards(seen)}
        view = SeatView.from_observation(seen)
        for option in options:
            kind = option.action.kind
            kinds_met.add(kind)
            if kind is ActionKind.DISCARD and not option.action.red:
                value = discards[int(option.action.tile)]
                riichi_or_plain = value.value if option.action.riichi or value.dama_value is None else value.dama_value
                assert option.value == riichi_or_plain and option.then == value
            elif kind is ActionKind.PASS and seen.seat not in view.riichi:
                assert option.value == evaluate_standing(view)  # passing keeps the standing hand
            elif kind in (ActionKind.CHOW, ActionKind.PUNG) and option.then is not None:
                assert option.value == option.then.value  # the best discard after the call
                assert int(option.then.tile) in {int(t) for t in option.then.waits} or option.then.shanten >= 0
            elif kind is ActionKind.WIN:
                assert option.value > 0  # a legal win gains
    assert {ActionKind.DISCARD, ActionKind.PASS, ActionKind.CHOW, ActionKind.PUNG} <= kinds_met


@pytest.mark.parametrize("rules", ("nts", "hkos", "chinese", "casual"))
def test_a_win_is_worth_what_the_settlement_pays_for_it(rules):
    """Differential against the table: the winner's payment is the win's value, exactly, when
    nothing but the tiles and the way of winning scores (no replacement tile, no robbed kong)."""
    compared = 0
    for seen, value, result in _wins(rules, range(12)):
        if result.winner != seen.seat or result.win_by not in ("discard", "self_draw"):
            continue
        assert value == result.payments[seen.seat]
        compared += 1
    assert compared >= 5


def test_at_riichi_a_win_is_worth_its_points_and_the_ura_dora_expected():
    compared = 0
    for seen, value, result in _wins("riichi", range(12)):
        view = SeatView.from_observation(seen)
        if view.seat in view.riichi:
            assert value > 0  # the ura dora are not known: their expectation is counted
        elif (
            result.winner == seen.seat
            and not {item.name.split()[0].lower() for item in result.score.items} & _MOMENT_YAKU
        ):
            assert value == result.score.total, (view.hand, result.score.total)
            compared += 1
    assert compared >= 3


def test_a_seat_in_riichi_passing_a_win_is_furiten_from_then_on():
    for _, seen, _ in _decisions("riichi", range(40)):
        view = SeatView.from_observation(seen)
        kinds = {action.kind for action in seen.legal_actions}
        if ActionKind.WIN in kinds and ActionKind.PASS in kinds and seen.seat in view.riichi:
            passing = next(o for o in evaluate_options(seen) if o.action.kind is ActionKind.PASS)
            furiten = evaluate_standing(type(view)(**{**_fields(view), "furiten": True}))
            assert passing.value == furiten < evaluate_standing(view)
            return
    pytest.skip("no seat in riichi was offered a ron in these hands")


def _fields(view: SeatView) -> dict:
    return {name: getattr(view, name) for name in view.__dataclass_fields__}


@pytest.mark.parametrize("rules", FAMILIES)
def test_a_kong_is_the_standing_hand_it_leaves_with_a_draw_more(rules):
    met = 0
    for _, seen, _ in _decisions(rules, range(12)):
        view = SeatView.from_observation(seen)
        for option in evaluate_options(seen):
            kind = option.action.kind
            if kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
                assert option.value == value_of_kong(view, str(option.action.tile), kind.value)
                met += 1
            elif kind is ActionKind.KONG:
                assert option.value == value_of_kong(view, str(seen.claim_tile), "kong", seen.claim_from)
                met += 1
    assert met


def test_a_dragon_pung_that_makes_a_hand_ready_is_worth_more_than_passing():
    """A worked example of the casual game (no minimum): two red dragons and a 1-2 of characters
    beside three sets; West throws the third red dragon. Pung it, let the 1m go, and the hand is
    ready on the 2m, where passing leaves it a tile from ready."""
    rules = "casual"
    from dataclasses import replace

    typed = {"rules": rules, "seat": "S", "rivers": {"E": "1z", "S": "9s", "W": "4p3m7z", "N": "2z"}, "live_wall": 60}
    seen = SeatView.from_dict({**typed, "hand": "456m234p789s77z12m9p"})
    hand = list(seen.hand)
    hand.remove("9p")
    seen = replace(seen, hand=tuple(hand), may_discard=())  # between its turns: 13 tiles
    call = value_of_call(seen, "7z", ["7z", "7z"], "pung", "W")
    assert call is not None and call.shanten == 0 and call.win_chance > 0
    assert call.value > evaluate_standing(seen)


@pytest.mark.parametrize("rules", ("nts", "riichi"))
def test_the_terminal_hint_says_what_each_choice_of_a_claim_is_worth(rules):
    from sparrow.cli.play import hint_lines

    for _, seen, _ in _decisions(rules, range(3)):
        kinds = {action.kind for action in seen.legal_actions}
        if kinds == {ActionKind.DISCARD}:  # only which tile to let go: the discard rows say it all
            assert not any("each choice" in line for line in hint_lines(seen))
            continue
        if ActionKind.PASS not in kinds or not kinds & {ActionKind.CHOW, ActionKind.PUNG}:
            continue
        line = next(line for line in hint_lines(seen) if "each choice, in expected points: " in line)
        options = evaluate_options(seen)
        said = line.split(": ", 1)[1].split(" · ")
        assert len(said) == len(options)
        for text, option in zip(said, options):
            assert text.startswith(option.action.kind.value) and text.endswith(f"{round(option.value):+,}")
        return
    pytest.fail("no claim came up in these hands")


def test_letting_the_red_five_go_where_a_plain_one_is_held_gives_up_its_han():
    from sparrow.bots.option_values import _red_let_go
    from tests.test_seat_view import view

    seen = view("123m99m4506p378s22z")  # a plain 5p and the red one
    plain = next(value for value in evaluate_discards(seen) if value.name == "5p")
    red = _red_let_go(seen, plain.tile)
    assert red.tile == plain.tile and red.win_chance == plain.win_chance
    assert red.win_value < plain.win_value and red.value < plain.value
