"""The places at stake in a match's last hand (sparrow.bots.placement), and how the evaluator and
Riichi's Expert count them: worked examples at Tenhou's uma and oka, properties, the seat view's
``scores`` and ``hands_left`` from a live table and typed in."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sparrow.bots.evaluator import RIICHI_DEAL_IN_COST, evaluate_discards, places_at_stake, value_of_win
from sparrow.bots.placement import THREAT_WINS, Stakes, stakes_of
from sparrow.bots.seat_view import SeatView
from sparrow.bots.settings import NORMAL
from sparrow.core.situation import SituationError
from sparrow.rules import get_ruleset
from tests.test_seat_view import tenhou_observations

# Tenhou's ranked game: uma +20/+10/-10/-20 thousand, and the oka (4 x 5,000) to the top.
TENHOU = (40000, 10000, -10000, -20000)


def test_the_bonus_of_each_place_is_the_family_s_uma_and_oka():
    riichi = get_ruleset("riichi")
    assert riichi.placement_bonus({}) == TENHOU
    assert riichi.placement_bonus({"uma": [15, 5, -5, -15]}) == (35000, 5000, -5000, -15000)
    assert riichi.placement_bonus({"preset": "mahjong-soul"})[0] < TENHOU[0]  # no oka there
    for family in ("nts", "hkos", "chinese", "casual"):
        assert get_ruleset(family).placement_bonus({}) == ()  # their matches are their points


def test_a_win_that_takes_first_place_is_worth_its_points_and_the_places_between():
    stakes = Stakes("E", {"E": 28000, "S": 31000, "W": 22000, "N": 19000}, TENHOU)
    # 3,900 from South, the leader: 31,900 against 27,100, first; the bonus of first less second's.
    assert stakes.ron_gain(3900, "S") == 3900 + 30000
    # 2,000 from West: 30,000, still second behind South's 31,000: the points alone.
    assert stakes.ron_gain(2000, "W") == 2000
    # East is the dealer: a tsumo of 6,000 is 2,000 from each; 34,000 against South's 29,000.
    assert stakes.tsumo_gain(6000) == 6000 + 30000
    # Dealing South 8,000: 20,000, below West's 22,000: third.
    assert stakes.loss(8000, "S") == 8000 + 20000


def test_a_non_dealer_s_tsumo_is_paid_half_by_the_dealer_and_tied_places_share_their_bonus():
    stakes = Stakes("S", {"E": 30000, "S": 27000, "W": 23000, "N": 20000}, TENHOU)
    # 4,000 by tsumo: the dealer 2,000 and 1,000 each from the others: 31,000 against 28,000.
    assert stakes.tsumo_gain(4000) == 4000 + 30000
    # Tied with the dealer for first: half of first's bonus and half of second's.
    tied = Stakes("S", {"E": 30000, "S": 30000, "W": 22000, "N": 18000}, TENHOU)
    assert tied.now == 30000 + (40000 + 10000) / 2


def test_a_leader_s_win_ends_the_match_before_a_riichi_behind_it_can_pass():
    # West, 1,000 behind South, is in riichi: its tsumo would pass South (a fifth of the time), and so
    # would a ron on East's or North's discard (0.15 between them).
    scores = {"E": 24000, "S": 31000, "W": 30000, "N": 15000}
    stakes = Stakes("S", scores, TENHOU, threats=[("W", 5500)])
    tsumo, ron = THREAT_WINS
    first, second = 31000 + 40000, 31000 + 10000
    # West's tsumo: 35,500, and South pays a quarter, 1,375: second.
    assert stakes.now == pytest.approx((1 - tsumo - ron) * first + tsumo * (29625 + 10000) + ron * second)
    # South's 1,000 on North's discard ends it first: worth the 1,000 and most of first's bonus.
    assert stakes.ron_gain(1000, "N") == pytest.approx(32000 + 40000 - stakes.now)
    assert stakes.ron_gain(1000, "N") > 1000 + 10000
    # Without the riichi, a leader's win is its points.
    assert Stakes("S", scores, TENHOU).ron_gain(1000, "N") == 1000


@settings(max_examples=200, deadline=None)
@given(
    scores=st.lists(st.integers(-20000, 80000).map(lambda p: p // 100 * 100), min_size=4, max_size=4),
    points=st.integers(0, 48000).map(lambda p: p // 100 * 100),
    more=st.integers(0, 20000).map(lambda p: p // 100 * 100),
    seat=st.sampled_from("ESWN"),
)
def test_more_points_never_win_less_and_a_deal_in_never_costs_less_than_its_points(scores, points, more, seat):
    by_seat = dict(zip("ESWN", scores))
    stakes = Stakes(seat, by_seat, TENHOU)
    others = [other for other in "ESWN" if other != seat]
    for other in others:
        assert points <= stakes.ron_gain(points, other) <= stakes.ron_gain(points + more, other)
        assert stakes.loss(points, other) >= points
    assert stakes.tsumo_gain(points) <= stakes.tsumo_gain(points + more)
    # Where every place is worth the same, a point is a point.
    flat = Stakes(seat, by_seat, (0, 0, 0, 0))
    assert flat.ron_gain(points, others[0]) == points == flat.loss(points, others[1]) == flat.tsumo_gain(points)


def test_the_places_count_only_in_the_last_hand_of_a_family_that_pays_for_them():
    scores = {"E": 25000, "S": 25000, "W": 25000, "N": 25000}
    assert stakes_of("riichi", {}, "E", scores, 0) is not None
    assert stakes_of("riichi", {}, "E", scores, 1) is None
    assert stakes_of("riichi", {}, "E", scores, None) is None
    assert stakes_of("riichi", {}, "E", {}, 0) is None
    assert stakes_of("nts", {}, "E", scores, 0) is None


# South, ready by letting 1p or 4p go (waits 6s and 9s) or one from ready by the genbutsu 7m, against
# North's riichi, in the last hand of a hanchan.
_LAST_HAND = {
    "rules": "riichi",
    "seat": "S",
    "round_wind": "S",
    "hand": "234567m123p66s78s4p",
    "rivers": {"E": "1z9p2m3z", "S": "1m1z2p4z", "W": "2z9m8m1s", "N": "9m1z2z3z8p2s7m"},
    "riichi": {"N": 6},
    "dora": "3z",
    "live_wall": 30,
    "hands_left": 0,
}
_LEADING = {"E": 24000, "S": 33000, "W": 31000, "N": 12000}  # a deal-in drops South to second
_LAST = {"E": 31000, "S": 14000, "W": 30000, "N": 25000}  # nothing this hand moves South from fourth


def _values(scores, **changes):
    view = SeatView.from_dict({**_LAST_HAND, "scores": scores, **changes})
    return view, {str(value.tile): value for value in evaluate_discards(view)}


def test_a_leader_in_the_last_hand_folds_what_the_last_player_pushes():
    view, leading = _values(_LEADING)
    assert places_at_stake(view) and not places_at_stake(view, NORMAL)
    # A deal-in costs the leader a riichi's price and the places between first and second, less what
    # North's tsumo (a fifth of the time) would have cost South anyway: its share, 1,375.
    assert leading["1p"].deal_in_cost == RIICHI_DEAL_IN_COST[0] + 30000 - THREAT_WINS[0] * 1375
    assert max(leading.values(), key=lambda value: value.value).name == "7m"  # the genbutsu
    _, last = _values(_LAST)
    # Fourth cannot fall: the price alone, less North's tsumo's share that South would pay anyway.
    assert last["1p"].deal_in_cost == RIICHI_DEAL_IN_COST[0] - THREAT_WINS[0] * 1375
    assert max(last.values(), key=lambda value: value.value).name in ("1p", "4p")  # ready, pushing
    # Before the last hand the same standing is points alone: the push.
    _, earlier = _values(_LEADING, hands_left=1)
    assert earlier["1p"].deal_in_cost == RIICHI_DEAL_IN_COST[0]
    assert max(earlier.values(), key=lambda value: value.value).name in ("1p", "4p")


def test_a_win_on_the_table_is_worth_the_place_it_takes():
    # South waits on 6s and 9s (13 tiles: a ron on another's discard), second behind West by 1,500.
    scores = {"E": 24000, "S": 29000, "W": 30500, "N": 16500}
    view = replace(
        SeatView.from_dict({**_LAST_HAND, "riichi": {}, "scores": scores}),
        hand=tuple("2m 3m 4m 5m 6m 7m 2p 3p 4p 6s 6s 7s 8s".split()),
    )
    points = value_of_win(replace(view, hands_left=None), "9s", "W")
    assert points == 1000  # all simples, 30 fu: the scorer's points
    assert value_of_win(view, "9s", "W") == points + 30000  # from West, it overtakes West: first
    assert value_of_win(view, "9s", "N") == points  # from North: still second


def test_a_live_riichi_table_tells_the_hands_left_and_the_points():
    games = 0
    previous = None
    for observation in tenhou_observations(2):
        view = SeatView.from_observation(observation)
        assert sum(view.scores.values()) + 1000 * observation.family.sticks == 100000
        if previous is None or view.hands_left > previous:
            assert view.hands_left == 7  # East 1 of a hanchan: seven hands after it
            games += 1
        previous = view.hands_left
        typed = SeatView.from_dict(view.to_dict())
        assert (typed.scores, typed.hands_left) == (view.scores, view.hands_left)
    assert games == 2 and previous == 0  # the second game ended in its last hand


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"scores": {"E": 25000, "S": 25000}}, "scores", "W, N missing"),
        ({"scores": {"E": 25000, "S": 25000, "W": "x", "N": 0}}, "scores.W", "whole number"),
        ({"hands_left": 8}, "hands_left", "0 to 7"),
        ({"hands_left": True}, "hands_left", "0 to 7"),
        ({"options": {"length": "tonpuu"}, "hands_left": 4}, "hands_left", "0 to 3"),
    ],
)
def test_a_standing_typed_in_wrong_is_named(changes, field, words):
    with pytest.raises(SituationError) as caught:
        SeatView.from_dict({**_LAST_HAND, **changes})
    assert caught.value.field == field and words in str(caught.value)


def test_expert_in_the_last_hand_against_a_riichi_plays_the_evaluator_s_push_or_fold():
    """South 4 of a hanchan at the one table: when another seat is in riichi, Expert (closed) lets go
    of the fastest discard the evaluator values most, or of a slower one (its fold) only when the
    evaluator values that more than every fastest discard."""
    from sparrow.game.riichi import RiichiHandState
    from sparrow.game.riichi.hand import RiichiHand
    from tests.riichi_turns import discards_played

    standings = ([33000, 31000, 24000, 12000], [14000, 30000, 31000, 25000], [26000, 25000, 24500, 24500])
    checked = folds = 0
    for seed in range(30):
        scores = standings[seed % len(standings)]
        hand = RiichiHand(state=RiichiHandState(seed, dealer_seat=3, round_wind=1, scores=scores))
        for _, view, action in discards_played(hand, "expert", seed):
            if not view.own_melds and view.seat not in view.riichi and view.riichi:
                assert places_at_stake(view)
                values = evaluate_discards(view)
                fastest = max(value.value for value in values if value.shanten == min(v.shanten for v in values))
                mine = next(value for value in values if value.tile == action.tile)
                if mine.shanten > min(v.shanten for v in values):
                    assert mine.value > fastest
                    folds += 1
                else:
                    assert mine.value == fastest
                checked += 1
    assert checked > 50 and folds > 5


def test_the_terminal_hint_says_when_its_figures_count_the_places():
    from sparrow.cli.play import hint_lines
    from sparrow.game.riichi import RiichiHandState
    from sparrow.game.riichi.hand import RiichiHand

    line = "the match's last hand: the figures count the places at stake (uma and oka)"
    for dealer, round_wind, shown in ((3, 1, True), (2, 1, False)):  # South 4, then South 3
        hand = RiichiHand(state=RiichiHandState(5, dealer_seat=dealer, round_wind=round_wind))
        assert (line in hint_lines(hand.observation(hand.to_act[0]))) is shown
