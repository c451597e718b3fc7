"""The seam between the table and a family (``sparrow.game.family``): every family's engine is found
by the name its ruleset gives, answers the same hooks, and one ``Match`` plays every family with the
family's policy; nothing outside the engines asks which family it serves."""

from __future__ import annotations

import random

import pytest

from sparrow.game import Match, MatchError, ReplayError, deal, new_match, replay_hand
from sparrow.game.family import table_family
from sparrow.game.hands import engine_of, from_hand_start, replay_onto

FAMILIES = [("nts", None), ("hkos", None), ("hkos", {"three_players": True}), ("chinese", None), ("casual", None)]
EVERY = [*FAMILIES, ("riichi", {"length": "tonpuu"})]


def _play(hand, rng):
    while not hand.is_over:
        seat = hand.to_act[0]
        legal = hand.legal_actions(seat)
        hand.apply(legal[int(rng.random() * len(legal))])
    return hand


@pytest.mark.parametrize(("rules", "options"), EVERY)
def test_every_family_answers_the_same_hooks(rules, options):
    family = table_family(rules, options)
    assert family is table_family(rules, options)  # one engine object per name, kept
    hand = _play(family.deal(rules, options, 5, None), random.Random(5))
    again = family.from_hand_start(hand.events[0])
    assert family.replay_onto(again, hand.events).events == hand.events
    assert family.replay(hand.events).events == hand.events
    # The one face says the same, whichever engine it is.
    assert deal(rules, options, 5).events[0] == hand.events[0]
    assert replay_hand(hand.events).events == replay_onto(from_hand_start(hand.events[0]), hand.events).events


@pytest.mark.parametrize(("rules", "options"), EVERY)
def test_a_log_played_onto_one_hand_a_step_at_a_time_goes_on_from_where_it_is(rules, options):
    # A replay drawn step by step plays ever longer beginnings of the log onto the same hand: each
    # step must leave the hand as a replay of that beginning from the deal does, and the same object
    # goes on (no engine deals again for every step).
    hand = _play(deal(rules, options, 8), random.Random(8))
    events = hand.events
    stepped = from_hand_start(events[0])
    for upto in range(len(stepped.events) + 1, len(events) + 1):
        try:
            now = replay_onto(stepped, events[:upto])
        except ReplayError:
            continue  # the beginning stops inside what the table does by itself
        assert now is stepped
        fresh = replay_onto(from_hand_start(events[0]), events[:upto])
        assert now.events == fresh.events
        assert [now.observation(seat) for seat in now.seats] == [fresh.observation(seat) for seat in fresh.seats]
    assert stepped.is_over and stepped.events == events
    # A log of the same deal played another way does not go on from where the hand is: refused at
    # every family, and the hand is left as it was.
    other = _play(deal(rules, options, 8), random.Random(9))
    assert other.events != events
    with pytest.raises(ReplayError):
        replay_onto(stepped, other.events)
    assert stepped.events == events


def test_the_engines_are_found_by_the_rulesets_names():
    assert {engine_of(rules, options) for rules, options in FAMILIES} == {"shared"}
    assert engine_of("riichi") == "riichi"
    assert type(table_family("riichi")) is not type(table_family("hkos"))


@pytest.mark.parametrize(("rules", "options"), EVERY)
def test_one_match_plays_every_family_with_its_policy(rules, options):
    match = Match(rules, 11, options)
    assert match.seats == match.family.seats and len(match.players) == len(match.seats)
    rng = random.Random(11)
    played = []
    while not match.is_over and match.hands_played < 6:
        seating = match.seating()
        hand = match.next_hand()
        assert dict(hand.players) == seating
        with pytest.raises(MatchError, match="record the hand in play"):
            match.next_hand()
        played.append(match.record(_play(hand, rng)))
    assert match.results == played
    assert [name for name, _ in match.standings()] == [name for name, _, _ in match.placings()]
    # The family's own final results where it settles them (Riichi's uma and oka), else none.
    assert (match.final is None) == (rules != "riichi")
    # new_match is the same match.
    other = new_match(rules, 11, options)
    assert type(other) is Match and other.first_dealer == match.first_dealer
