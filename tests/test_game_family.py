"""The seam between the table and a family (``sparrow.game.family``): every family's engine is found
by the name its ruleset gives, answers the same hooks, and one ``Match`` plays every family with the
family's policy; nothing outside the engines asks which family it serves."""

from __future__ import annotations

import random

import pytest

from sparrow.game import Match, MatchError, deal, new_match, replay_hand
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
