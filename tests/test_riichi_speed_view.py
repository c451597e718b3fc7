"""The one face's Riichi observation, made fast (issue 41), shows what it showed before.

The Riichi view of an observation (``Observation.family.view``) is written when it is first read, from
what the table kept of the moment: read at once, or only after the hand went on (to its end), it is
the view Riichi's own :func:`sparrow.game.riichi.observation` wrote at that moment, and the
``RiichiView`` holding it equals, prints and copies as one made with that view.
"""

from __future__ import annotations

import copy
import pickle
import random

from sparrow.game.hands import new_match
from sparrow.game.riichi import observation as riichi_observation
from sparrow.game.riichi.hand import RiichiHand, RiichiView


def _play(games: int, seed: int) -> int:
    """Play ``games`` hanchan with random players, checking every seat's view at every decision:
    some read at once, the others when the hand is over."""
    rng = random.Random(seed)
    checked = 0
    for game in range(games):
        match = new_match("riichi", seed + game)
        while not match.is_over:
            hand = match.next_hand()
            assert isinstance(hand, RiichiHand)
            later: list[tuple[RiichiView, dict[str, object], dict[str, object]]] = []
            while not hand.is_over:
                for seat in hand.seats:
                    seen = hand.observation(seat)
                    family = seen.family
                    assert isinstance(family, RiichiView)
                    expected = riichi_observation(hand.state, hand.state.seat_of(seat))
                    if rng.random() < 0.3:
                        assert family.view == expected
                        assert family.to_dict() == expected
                    else:
                        later.append((family, expected, {"legal": family.legal, "seen": seen}))
                seat = hand.to_act[0]
                hand.apply(rng.choice(hand.observation(seat).legal_actions))
            for family, expected, extra in later:
                assert family.to_dict() == expected
                made = RiichiView(expected, family.legal)
                assert family == made and repr(family) == repr(made)
                assert extra["seen"].to_dict()["family"] == expected  # type: ignore[attr-defined]
                checked += 1
            match.record(hand)
    return checked


def test_views_read_late_are_the_views_of_their_moment() -> None:
    assert _play(2, 41) > 1000


def test_a_view_not_yet_written_copies_and_pickles_as_its_view() -> None:
    hand = new_match("riichi", 7).next_hand()
    for _ in range(30):
        seat = hand.to_act[0]
        hand.apply(hand.legal_actions(seat)[0])
    family = hand.observation("S").family
    expected = riichi_observation(hand.state, hand.state.seat_of("S"))
    assert copy.deepcopy(family).view == expected
    family = hand.observation("S").family
    assert pickle.loads(pickle.dumps(family)).view == expected
    assert family.view == expected
