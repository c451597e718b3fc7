"""Riichi's rank ladder (docs/rules/riichi.md, "Rank") as the family's data: points by place, promotion
at the threshold with the next rank's start points, no demotion in kyu, demotion below zero from
1 dan up; and the same ladder applied by the ratings to a match's places, for a family that has one
only (a face never asks which family it is)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sparrow.rules import families, get_ruleset
from sparrow.rules.ranks import RankStanding
from sparrow.store.ratings import RatedSeat
from sparrow.web.ratings import fresh, new_ratings

LADDER = get_ruleset("riichi").rank_ladder
assert LADDER is not None
NAMES = [step.name for step in LADDER.steps]
FIRST_DAN = next(i for i, step in enumerate(LADDER.steps) if step.kind == "dan")


def test_the_ladder_runs_from_6_kyu_to_7_dan_and_only_riichi_has_one():
    assert NAMES[0] == "6 kyu" and NAMES[FIRST_DAN - 1] == "1 kyu" and NAMES[FIRST_DAN] == "1 dan"
    assert NAMES[-1] == "7 dan" and LADDER.steps[-1].promotion is None
    assert [family.name for family in families() if family.rank_ladder is not None] == ["riichi"]
    assert LADDER.first() == RankStanding(0, 0)


def test_a_first_place_earns_and_the_threshold_promotes_with_the_next_start():
    # 6 kyu promotes at 20: one first place (+40) is enough; 5 kyu starts at 0.
    assert LADDER.after(RankStanding(0, 0), 1, 4) == RankStanding(1, 0)
    assert LADDER.after(RankStanding(1, 0), 2, 4) == RankStanding(1, 10)
    assert LADDER.after(RankStanding(1, 10), 3, 4) == RankStanding(1, 10)
    # 1 kyu at 90 points: a second place (+10) reaches 100, 1 dan with its 200 start points.
    assert LADDER.after(RankStanding(FIRST_DAN - 1, 90), 2, 4) == RankStanding(FIRST_DAN, 200)


def test_no_demotion_in_kyu_and_demotion_below_zero_from_1_dan_up():
    one_kyu = FIRST_DAN - 1
    assert LADDER.after(RankStanding(one_kyu, 10), 4, 4) == RankStanding(one_kyu, 0)  # -25: floored at zero
    assert LADDER.after(RankStanding(0, 0), 4, 4) == RankStanding(0, 0)
    # 1 dan at 20 points: a fourth place (-40) drops below zero, back to 1 kyu with its start points.
    assert LADDER.after(RankStanding(FIRST_DAN, 20), 4, 4) == RankStanding(one_kyu, LADDER.steps[one_kyu].start)
    assert LADDER.after(RankStanding(FIRST_DAN, 40), 4, 4) == RankStanding(FIRST_DAN, 0)  # zero is kept
    two_dan = FIRST_DAN + 1
    assert LADDER.after(RankStanding(two_dan, 30), 4, 4) == RankStanding(FIRST_DAN, LADDER.steps[FIRST_DAN].start)


def test_three_seats_count_first_second_and_last():
    step = FIRST_DAN
    assert [LADDER.earned(step, place, 3) for place in (1, 2, 3)] == [40, 10, LADDER.steps[step].places[-1]]


@given(st.lists(st.integers(1, 4), max_size=200))
def test_any_run_of_places_stays_on_the_ladder(places):
    standing = LADDER.first()
    for place in places:
        after = LADDER.after(standing, place, 4)
        assert 0 <= after.step < len(LADDER.steps) and after.points >= 0
        assert abs(after.step - standing.step) <= 1
        if LADDER.steps[standing.step].kind == "kyu":
            assert after.step >= standing.step  # a kyu rank is never lost
        top = LADDER.steps[after.step].promotion
        assert top is None or after.points < top
        standing = after


def test_the_ratings_give_riichi_players_a_rank_and_other_families_none():
    seats = [RatedSeat(user, place) for place, user in enumerate((11, 12, 13, 14), start=1)]
    riichi = new_ratings("riichi", seats, {})
    assert riichi[11][0] == fresh("riichi") and riichi[11][1].rank_step == 1  # 6 kyu -> 5 kyu
    assert [riichi[user][1].rank_points for user in (12, 13, 14)] == [10, 0, 0]
    casual = new_ratings("casual", seats, {})
    assert all(after.rank_step is None and after.rank_points is None for _, after in casual.values())
    # OpenSkill's Plackett-Luce: the first gains, the last loses, the uncertainty shrinks.
    mus = [casual[user][1].mu for user in (11, 12, 13, 14)]
    assert mus == sorted(mus, reverse=True) and mus[0] > fresh("casual").mu > mus[-1]
    assert all(after.sigma < before.sigma and after.matches == 1 for before, after in casual.values())
