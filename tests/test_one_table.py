"""The one face of a hand, for every family: ``sparrow.game.deal``, ``new_match``, ``replay_hand``,
the one ``Action`` (with Riichi's red fives, riichi and abortive draw) and the one ``Observation``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sparrow
from sparrow.bots import get_bot
from sparrow.core.tiles import KINDS, SEATS
from sparrow.game import (
    Action,
    ActionKind,
    HandOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    Phase,
    ReplayError,
    deal,
    new_match,
    replay_hand,
)
from sparrow.rules import ruleset_names

FAMILIES = ruleset_names()


# --- the one Action --------------------------------------------------------------------------------


@st.composite
def actions(draw: st.DrawFn) -> Action:
    kind = draw(st.sampled_from(list(ActionKind)))
    seat = draw(st.sampled_from(SEATS))
    if kind is ActionKind.CHOW:
        suit = draw(st.sampled_from("mps"))
        rank = draw(st.integers(1, 7))
        red = 3 <= rank <= 5 and draw(st.booleans())
        return Action(kind, seat, f"{rank}{suit}", red)  # type: ignore[arg-type]
    if kind in (ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
        tile = draw(st.sampled_from(KINDS))
        if kind is ActionKind.DISCARD:
            red = tile.is_suited and tile.rank == 5 and draw(st.booleans())
            return Action(kind, seat, tile, red, draw(st.booleans()))
        return Action(kind, seat, tile)
    if kind is ActionKind.PUNG:
        return Action(kind, seat, None, draw(st.booleans()))
    return Action(kind, seat)


@given(actions())
def test_every_action_round_trips_through_its_text_and_its_dict(action: Action) -> None:
    assert Action.parse(str(action)) == action
    assert Action.from_dict(action.to_dict()) == action


def test_a_red_five_is_written_as_players_write_it() -> None:
    action = Action.parse("E discard 0p riichi")
    assert (action.tile, action.red, action.riichi) == (KINDS[13], True, True)
    assert action.to_dict() == {"seat": "E", "action": "discard", "tile": "0p", "riichi": True}
    assert Action.parse("S pung red").to_dict() == {"seat": "S", "action": "pung", "red": True}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("E discard 4p red", "only a five is red"),
        ("E pass red", "only a discard, a chow or a pung plays a red five"),
        ("E pung riichi", "riichi is declared with a discard"),
        ("S chow 6p red", "holds no five"),
        ("E abortive_draw 1m", "names no tile"),
    ],
)
def test_flags_where_they_mean_nothing_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError, match=message):
        Action.parse(text)


@pytest.mark.parametrize("text", ["E discard 0m", "E discard 5m riichi", "E abortive_draw"])
def test_the_shared_table_refuses_what_its_families_do_not_have(text: str) -> None:
    hand = deal("hkos", seed=3)
    events = list(hand.events)
    action = Action.parse(text)
    with pytest.raises(IllegalActionError):
        hand.apply(action)
    assert hand.events == events


# --- every family behind one face -----------------------------------------------------------------


def _play(hand: object, seed: int, *, check: bool = False) -> None:
    rng = random.Random(seed)
    while not hand.is_over:  # type: ignore[attr-defined]
        seat = hand.to_act[0]  # type: ignore[attr-defined]
        observation = hand.observation(seat)  # type: ignore[attr-defined]
        legal = hand.legal_actions(seat)  # type: ignore[attr-defined]
        assert list(observation.legal_actions) == legal and legal
        if check:
            for action in legal:
                assert Action.parse(str(action)) == action
                assert Action.from_dict(action.to_dict()) == action
        hand.apply(rng.choice(legal))  # type: ignore[attr-defined]


@pytest.mark.parametrize("rules", FAMILIES)
def test_every_family_deals_plays_and_replays_through_one_face(rules: str) -> None:
    for seed in range(3):
        hand = deal(rules, seed=seed)
        assert hand.rules == rules and hand.seats[0] == "E"
        _play(hand, seed, check=True)
        result = hand.result
        assert result is not None and set(result.payments) == set(hand.seats)
        again = replay_hand(hand.events)
        assert again.events == hand.events and again.result == result


def test_a_riichi_observation_shows_one_seat_and_its_family_facts() -> None:
    hand = deal("riichi", seed=11)
    for seat in SEATS:
        seen = hand.observation(seat)
        assert seen.rules == "riichi" and seen.seat == seat and len(seen.hand) == (14 if seat == "E" else 13)
        assert seen.family is not None
        facts = seen.family.to_dict()
        assert facts["wind"] == seat and "wall" not in facts
        assert [other["standing"] for other in facts["seats"] if other["wind"] != seat] in (
            [13, 13, 13],
            [14, 13, 13],
            [13, 14, 13],
            [13, 13, 14],
        )
        assert len(seen.family.dora_indicators) == 1 and seen.family.honba == 0 and seen.family.riichi == ()
        assert (seen.legal_actions != ()) == (seat == "E")
        assert seen.to_dict()["family"] == facts
    assert hand.observation("E").phase is Phase.TURN and hand.observation("E").drawn is not None


def test_a_riichi_hand_refuses_what_is_not_legal_and_stays_as_it_was() -> None:
    hand = deal("riichi", seed=4)
    events = list(hand.events)
    with pytest.raises(NotYourTurnError):
        hand.apply(Action.parse("S discard 1m"))
    held = set(hand.observation("E").hand)
    missing = next(tile for tile in KINDS if tile not in held)
    with pytest.raises(IllegalActionError, match="not legal now"):
        hand.apply(Action(ActionKind.DISCARD, "E", missing))
    with pytest.raises(IllegalActionError):
        hand.apply(Action(ActionKind.DISCARD, "E", hand.observation("E").hand[0], riichi=True))
    assert hand.events == events
    _play(hand, 4)
    with pytest.raises(HandOverError):
        hand.apply(Action.parse("E pass"))


def test_riichi_wins_and_calls_come_through_the_one_action() -> None:
    kinds: set[ActionKind] = set()
    wins = 0
    for seed in range(40):
        hand = sparrow.play_hand("riichi", seed=seed, players=("expert", "normal", "easy", "normal"))
        result = hand.result
        wins += result.winner is not None
        if result.winner is not None:
            assert result.payments[result.winner] > 0 and result.family.kind in ("tsumo", "ron")
        replayed = sparrow.replay(hand.events)
        assert replayed.result == result
        for event in hand.events:
            if event["event"] == "claim":
                kinds.add(ActionKind.WIN if event.get("kind") == "win" else ActionKind.PUNG)
            if event["event"] == "discard" and event.get("riichi"):
                kinds.add(ActionKind.DISCARD)
    assert wins >= 20 and {ActionKind.WIN, ActionKind.PUNG, ActionKind.DISCARD} <= kinds


def test_a_bot_decides_from_the_seed_and_the_observation_alone() -> None:
    hand = deal("riichi", seed=9)
    bot = get_bot("expert", 5)
    seat = hand.to_act[0]
    observation = hand.observation(seat)
    assert {bot.act(observation) for _ in range(5)} == {get_bot("expert", 5).act(observation)}


def test_a_replay_of_a_log_that_does_not_belong_says_so() -> None:
    hand = sparrow.play_hand("riichi", seed=2)
    events = [dict(event) for event in hand.events]
    events[5] = {**events[5], "tile": "9z" if events[5].get("tile") != "9z" else "1m"}
    with pytest.raises(ReplayError):
        replay_hand(events)


# --- one match face --------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["riichi", "hkos"])
def test_a_match_of_any_family_runs_to_its_end(rules: str) -> None:
    match = new_match(rules, 3, players=("Ann", "Bob", "Cy", "Di"))
    bots = {name: get_bot("normal", index) for index, name in enumerate(match.players)}
    while not match.is_over:
        hand = match.next_hand()
        seating = match.seating()
        assert dict(hand.players) == seating
        while not hand.is_over:
            seat = hand.to_act[0]
            hand.apply(bots[seating[seat]].act(hand.observation(seat)))
        match.record(hand)
    assert match.hands_played == len(match.results) >= 4
    assert [name for name, _ in match.standings()] == sorted(match.totals, key=lambda n: -match.totals[n])
    if rules == "riichi":
        sticks = match.family.standing.sticks  # type: ignore[attr-defined]  # Riichi's policy keeps the standing
        assert sum(match.totals.values()) + 1000 * sticks == 100_000
        assert sorted(result.place for result in match.final().values()) == [1, 2, 3, 4]  # type: ignore[attr-defined]
