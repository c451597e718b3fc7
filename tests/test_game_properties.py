"""Invariants over thousands of seeded hands per ruleset.

* tile conservation in every state: every tile exactly once in the wall, a hand, a meld, a bonus area
  or a discard pile (the three-player table's set too, over the seats at that table);
* hand sizes: 13 + kongs between turns, 14 + kongs for the seat whose turn it is (and the winner);
* observations show exactly the seat's own hand and the public table, never hidden tiles;
* the moments passed to scoring match what happened;
* every logged win re-scores to the logged score, every hand_end's payments re-settle;
* the log survives JSON Lines and replays to the same events and result;
* a drawn hand ends with the live wall empty, and under the HKOS reserve with exactly 14 tiles left.

The budget: about 250 hands per ruleset in all, every state checked in 25 of them
(``SPARROW_TEST_SCALE`` multiplies both, see tests/scale.py).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sparrow.core.situation import HandSituation
from sparrow.core.tiles import parse_tiles
from sparrow.game import events as log
from sparrow.game.actions import Action, ActionKind
from sparrow.game.replay import replay, replay_match
from sparrow.game.state import HandState, Observation, Phase
from sparrow.game.wall import deal_order
from sparrow.play.sim import RandomPlayer, SimplePlayer, simulate
from sparrow.rules import Settlement, get_ruleset, settle
from tests.scale import scaled
from tests.test_game_scenarios import CLAIM_HANDS, hand_start_for

RULESETS = [
    ("nts", {}),
    ("hkos", {}),
    ("chinese", {}),
    ("casual", {}),
]
THREE_PLAYERS = ("hkos", {"three_players": True})
VARIANTS = RULESETS + [
    ("hkos", {"practice": True}),
    ("hkos", {"flowers": False, "seven_pairs": True}),
    THREE_PLAYERS,
    ("hkos", {"three_players": True, "flowers": False}),
]
IDS = [
    f"{rules}{'-' + '-'.join(f'{k}={v}' for k, v in options.items()) if options else ''}" for rules, options in VARIANTS
]

OBSERVATION_FIELDS = {
    "seat",
    "rules",
    "options",
    "seats",
    "round_wind",
    "players",
    "scores",
    "phase",
    "turn",
    "to_act",
    "hand",
    "drawn",
    "melds",
    "bonus",
    "discards",
    "hand_sizes",
    "live_wall",
    "replacement_tiles",
    "claim_tile",
    "claim_from",
    "dead",
    "legal_actions",
    "family",
}


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def visible_count(view: Observation, tile) -> int:
    count = 0
    for seat in view.seats:
        count += sum(1 for meld in view.melds[seat] for t in meld.tiles if t == tile)
        count += sum(1 for t in view.discards[seat] if t == tile)
    return count


def check_state(state: HandState, tile_set: list, seats: tuple[str, ...] | None = None) -> None:
    """The table's invariants, and those of the observations of ``seats`` (default: every seat)."""
    view = state.table_view()
    at_table = state.seats
    assert tuple(view.hands) == at_table
    assert sorted(view.all_tiles()) == tile_set, "a tile was lost or duplicated"
    for seat in at_table:
        melds = view.melds[seat]
        kongs = sum(1 for m in melds if m.is_kong)
        size = len(view.hands[seat]) + sum(len(m.tiles) for m in melds) - kongs
        holding = state.phase is Phase.TURN and state.turn == seat
        won = state.is_over and state.result.winner == seat
        assert size == (14 if holding or won else 13), (seat, size, state.phase)
    for seat in seats or at_table:
        obs = state.observation(seat)
        data = obs.to_dict()
        assert set(data) == OBSERVATION_FIELDS
        # Every per-seat mapping holds exactly the seats at the table (E, S, W with three players).
        assert obs.seats == at_table
        for mapping in (obs.players, obs.scores, obs.melds, obs.bonus, obs.discards, obs.hand_sizes):
            assert tuple(mapping) == at_table
        assert obs.hand == view.hands[seat]
        assert obs.melds == view.melds and obs.discards == view.discards and obs.bonus == view.bonus
        assert obs.hand_sizes == {s: len(view.hands[s]) for s in at_table}
        assert obs.live_wall + obs.replacement_tiles == len(view.wall)
        assert list(obs.legal_actions) == state.legal_actions(seat)
        # everything an observation names is the seat's own hand or on the table for everyone
        shown = Counter(obs.hand)
        for other in obs.seats:
            shown.update(t for m in obs.melds[other] for t in m.tiles)
            shown.update(obs.discards[other])
            shown.update(obs.bonus[other])
        hidden = Counter(view.wall)
        for other in obs.seats:
            if other != seat:
                hidden.update(view.hands[other])
        assert shown + hidden == Counter(tile_set)
        assert data["hand"] == log.tiles_text(view.hands[seat])
    check_public_parts_agree(state)


# What an observation shows of the seat's own: everything else is the same for every seat.
OWN_FIELDS = ("seat", "hand", "drawn", "legal_actions")


def public_part(obs: Observation) -> dict[str, Any]:
    """The observation's fields but the seat's own, as values (``to_dict`` writes each field as a function
    of its value alone, and check_state checks it for the seat in turn)."""
    return {name: getattr(obs, name) for name in Observation.__slots__ if name not in OWN_FIELDS}


def check_public_parts_agree(state: HandState) -> None:
    """Beyond its own tiles and actions, every seat sees the same table; and while a tile is open to
    claims, ``to_act`` tells a seat only whether it is asked itself, never which other seats could
    use the tile (that would reveal their concealed tiles)."""
    parts = {seat: public_part(state.observation(seat)) for seat in state.seats}
    claim_open = state.phase in (Phase.CLAIMS, Phase.ROB)
    asked = set(state.to_act) if claim_open else set()
    for seat in state.seats:
        if seat in asked:
            expected = [seat]
        else:
            expected = [] if claim_open else state.to_act
        assert list(parts[seat].pop("to_act")) == expected, (seat, state.phase)
    for seat in state.seats:
        assert parts[seat] == parts["E"], seat


def check_moments(before: HandState, after: HandState) -> None:
    """The moments of a win that just happened agree with the table before it."""
    win = next(e for e in reversed(after.events) if e["event"] == "win")
    situation = win["situation"]
    moments = set(situation["moments"])
    win_by = situation["win_by"]
    earlier = [e["event"] for e in after.events[: after.events.index(win)]]
    tile = HandSituation.from_dict(situation).winning_tile
    seen = visible_count(before.observation("E"), tile)
    if win_by in ("discard", "robbing_kong"):
        seen -= 1  # the winning tile itself lies in the discard pile or on the kong
    assert ("fourth_tile" in moments) == (seen == 3), (moments, seen)
    assert ("heavenly" in moments) == (
        win["seat"] == "E" and win["from"] is None and "discard" not in earlier and "kong" not in earlier
    )
    first_discard_win = win_by == "discard" and earlier.count("discard") == 1 and "claim" not in earlier[:-1]
    assert ("earthly" in moments) == (first_discard_win and "kong" not in earlier)
    if "last_tile" in moments:
        assert before.live_wall == 0
    if win_by == "discard" and before.live_wall == 0:
        assert "last_tile" in moments


def play_checked(state: HandState, rng: random.Random, players: str = "simple") -> HandState:
    kind = SimplePlayer if players == "simple" else RandomPlayer
    seats = state.seats
    bots = {seat: kind(random.Random(rng.getrandbits(32))) for seat in seats}
    tile_set = sorted(state.procedure.tiles)
    check_state(state, tile_set)
    step = 0
    while not state.is_over:
        before = state.copy()
        seat = state.to_act[0]
        action = bots[seat].choose(state, seat, state.legal_actions(seat))
        state.apply(action)
        step += 1
        check_state(state, tile_set, (seats[step % len(seats)],))  # each seat's view in turn
        if state.is_over and state.result.winner is not None:
            check_moments(before, state)
        elif action.kind is ActionKind.WIN and len(state.events) > len(before.events):
            # a win that ends nothing yet is a declaration waiting for the others, or a false claim
            assert state.events[len(before.events)]["event"] == "false_win"
    return state


def check_log(events: list[dict[str, Any]]) -> None:
    """JSON Lines round trip, replay, re-scoring and re-settling of one hand's log."""
    text = log.dumps(events)
    assert text.count("\n") == len(events)
    back = log.loads(text)
    assert back == plain(events)
    state = replay(back)
    assert plain(state.events) == back
    start, end = back[0], back[-1]
    assert end["event"] == "hand_end" and state.is_over
    assert end["payments"] == dict(state.result.payments)
    assert set(end["payments"]) == set(end["scores"]) == set(start["players"]) == set(state.seats)
    if state.result.exhausted:
        assert state.live_wall == 0
        if state.procedure.table.dead_wall == "reserve":
            assert len(state.table_view().wall) == 14  # the reserve is never broken into
    for event in back:
        if event["event"] == "win":
            situation = HandSituation.from_dict(event["situation"])
            result = get_ruleset(situation.rules).score(situation)
            assert result.valid
            assert plain(result.to_dict()) == event["score"]
            assert end["scores"][event["seat"]] == result.total
    settlement = Settlement.from_dict(
        {
            "rules": start["rules"],
            "options": start["options"],
            "winner": end["winner"],
            "win_by": end["win_by"],
            "discarder": end["discarder"],
            "scores": end["scores"],
            "dead": end["dead"],
        }
    )
    payments = settle(settlement)
    assert payments == end["payments"] and sum(payments.values()) == 0
    for seat in end["dead"]:
        assert end["scores"][seat] == 0 and seat != end["winner"]


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "options"), VARIANTS, ids=IDS)
def test_every_state_of_seeded_hands_keeps_the_invariants(rules, options):
    rng = random.Random(f"states-{rules}-{options}")
    outcomes = Counter()
    budget = scaled(12 if options else 25)
    # Play the budget, and on (up to four times over) until both a won and a drawn hand were checked.
    while sum(outcomes.values()) < budget or (len(outcomes) < 2 and sum(outcomes.values()) < 4 * budget):
        state = play_checked(HandState(rules, options, rng.getrandbits(48)), rng)
        outcomes["won" if state.result.winner else "drawn"] += 1
        check_log(state.events)
    assert outcomes["won"] > 0 and outcomes["drawn"] > 0


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "options"), RULESETS, ids=[r for r, _ in RULESETS])
def test_thousands_of_logged_hands_replay_and_rescore(rules, options):
    logs: list[list[dict[str, Any]]] = []
    simple = simulate(rules, scaled(120), seed=2026, players="simple", options=options, on_hand=logs.append)
    simulate(rules, scaled(45), seed=2027, players="random", options=options, on_hand=logs.append)
    assert len(logs) == scaled(165)
    for events in logs:
        check_log(events)
    assert simple.wins > 8  # the simple players do win: every win above was re-scored
    match_log = [event for events in logs[:40] for event in events]
    assert [h.result.payments for h in replay_match(match_log)] == [e[-1]["payments"] for e in logs[:40]]


@pytest.mark.slow
def test_three_player_hands_replay_and_rescore():
    """HKOS at a three-player table: every logged hand round-trips, replays, re-scores and re-settles
    between the three seats; a match log replays hand by hand."""
    logs: list[list[dict[str, Any]]] = []
    simple = simulate("hkos", scaled(100), seed=2028, options={"three_players": True}, on_hand=logs.append)
    simulate("hkos", scaled(40), seed=2029, players="random", options={"three_players": True}, on_hand=logs.append)
    for events in logs:
        check_log(events)
        assert set(events[0]["players"]) == {"E", "S", "W"}
        assert not any(e["event"] == "claim" and e["kind"] == "chow" for e in events)
    assert simple.wins > 10 and set(simple.wins_by_seat) == {"E", "S", "W"}
    match_log = [event for events in logs[:30] for event in events]
    assert [h.result.payments for h in replay_match(match_log)] == [e[-1]["payments"] for e in logs[:30]]


@pytest.mark.slow
def test_the_rarer_paths_are_played_in_the_simulations():
    """Robbed kongs, NTS dead hands, kong replacements, flower replacements and last-tile wins turn up."""
    seen: Counter = Counter()

    def tally(events: list[dict[str, Any]]) -> None:
        for event in events:
            name = event["event"]
            seen[name] += 1
            if name == "win":
                seen[event["situation"]["win_by"]] += 1
                seen.update(event["situation"]["moments"])
            elif name == "claim":
                seen["claim " + event["kind"]] += 1
            elif name == "kong":
                seen["kong " + event["kind"]] += 1

    for rules in ("nts", "chinese"):
        simulate(rules, 200, seed=5, on_hand=tally)
    ends: Counter = Counter()  # how HKOS hands that run out of live tiles end

    def hkos_tally(events: list[dict[str, Any]]) -> None:
        if events[-2]["event"] == "exhausted":
            last = events[-3]
            ends["flower" if last["event"] == "bonus" and last["replacement"] is None else "other"] += 1

    simulate("hkos", 300, seed=5, players="random", on_hand=hkos_tally)
    # a flower drawn as the last live tile cannot be replaced without breaking into the reserve
    assert ends["flower"] > 0 and ends["other"] > 0
    for name in (
        "rob",
        "false_win",
        "exhausted",
        "bonus",
        "self_draw",
        "discard",
        "kong_replacement",
        "flower_replacement",
        "robbing_kong",
        "claim chow",
        "claim pung",
        "claim kong",
        "kong concealed",
        "kong added",
        "last_tile",
        "fourth_tile",
    ):
        assert seen[name] > 0, name


@settings(max_examples=20, deadline=None)
@given(
    table=st.sampled_from([*RULESETS, THREE_PLAYERS]),
    seed=st.integers(0, 2**63 - 1),
    players=st.sampled_from(["simple", "random"]),
)
@pytest.mark.slow
def test_any_seed_plays_a_consistent_hand(table, seed, players):
    rules, options = table
    state = play_checked(HandState(rules, options, seed), random.Random(seed), players)
    check_log(state.events)


# The last seat at each table (North, or West at the three-player table), whose hidden tiles change.
HIDDEN_SEAT_TABLES = [(rules, {}, "N") for rules in ("nts", "hkos", "chinese", "casual")] + [
    ("hkos", {"three_players": True}, "W")
]
HIDDEN_IDS = [f"{rules}{'-three' if options else ''}" for rules, options, _ in HIDDEN_SEAT_TABLES]


def _first_dealt(seat: str, seats: tuple[str, ...]) -> int:
    """Where (taking order) the first tile of ``seat``'s first packet lies."""
    return deal_order(len(seats)).index(seats.index(seat))


@pytest.mark.parametrize(("rules", "options", "hidden"), HIDDEN_SEAT_TABLES, ids=HIDDEN_IDS)
def test_an_observation_does_not_change_when_hidden_tiles_do(rules, options, hidden):
    """Swap a tile dealt to the last seat with one deep in the live wall: no other seat can tell."""
    for seed in range(5):
        state = HandState(rules, options, seed)
        event = dict(state.events[0])
        other = _swap_hidden_tile(event, _first_dealt(hidden, state.seats), 80)
        if other is None:
            continue
        one = HandState.from_hand_start(event)
        two = HandState.from_hand_start(other)
        for seat in state.seats:
            if seat != hidden:
                assert one.observation(seat) == two.observation(seat)
        assert one.observation(hidden) != two.observation(hidden)


def _swap_hidden_tile(event: dict[str, Any], dealt: int, deep: int) -> dict[str, Any] | None:
    """The same hand_start with the tile dealt at ``dealt`` swapped with the wall tile at ``deep`` (taking
    order), or None when the swap would change nothing or move a bonus tile."""
    wall = parse_tiles(event["wall"])
    if wall[dealt] == wall[deep] or wall[dealt].is_bonus or wall[deep].is_bonus:
        return None
    swapped = list(wall)
    swapped[dealt], swapped[deep] = swapped[deep], swapped[dealt]
    return dict(event, wall=log.tiles_in_order_text(swapped))


def _live_front(state: HandState) -> int:
    """How far into the wall (taking order) the deal and the live draws have reached."""
    dealt = len(deal_order(len(state.seats)))
    return dealt + sum(1 for e in state.events if e["event"] == "draw" and e["source"] == "live")


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "options", "hidden"), HIDDEN_SEAT_TABLES, ids=HIDDEN_IDS)
def test_no_seat_can_tell_what_another_holds_while_tiles_are_claimed(rules, options, hidden):
    """Two tables that differ only in one tile of the last seat's hand (swapped with a tile deep in the
    wall), played alike, that seat passing on every open tile and discarding what it draws: the other
    seats see the same observations, in the claims and rob phases too, up to the moment the swapped
    wall tile is drawn. (The one thing they can tell is whether the table pauses at all for claims when
    the hidden seat alone could use a tile: the phase differs then, and the states are compared again
    once it has passed.)"""
    deep = 80
    claims_compared = 0
    for seed in range(12):
        event = HandState(rules, options, seed).events[0]
        one = HandState.from_hand_start(event)
        others = [seat for seat in one.seats if seat != hidden]
        other = _swap_hidden_tile(event, _first_dealt(hidden, one.seats), deep)
        if other is None:
            continue
        two = HandState.from_hand_start(other)
        rng = random.Random(seed)
        bots = {seat: SimplePlayer(random.Random(rng.getrandbits(32))) for seat in others}
        while not one.is_over and _live_front(one) <= deep:
            assert not two.is_over
            if one.phase is two.phase:
                for seat in others:
                    assert one.observation(seat) == two.observation(seat), (seed, seat, one.phase)
                claims_compared += one.phase in (Phase.CLAIMS, Phase.ROB)
            asked = [s for s in (one, two) if s.phase in (Phase.CLAIMS, Phase.ROB) and hidden in s.to_act]
            if asked:
                for state in asked:
                    state.apply(Action.pass_(hidden))
                continue
            seat = one.to_act[0]
            if seat == hidden:
                action = Action.discard(hidden, one.observation(hidden).drawn)
            else:
                action = bots[seat].choose(one, seat, one.legal_actions(seat))
            one.apply(action)
            two.apply(action)
    assert claims_compared > 10


def test_to_act_does_not_show_which_other_seats_could_claim():
    """East discards 5p: South can chow it, North could win on it, and West pungs it with 5p5p. In a
    second deal West holds a 8p instead of one 5p (swapped with a tile deep in the wall), so West can
    do nothing. South and North, asked both times, and East see the same; only West's view differs."""
    event = hand_start_for("casual", CLAIM_HANDS)
    wall = parse_tiles(event["wall"])
    west_five = next(i for i, seat in enumerate(deal_order()) if seat == 2 and wall[i] == parse_tiles("5p")[0])
    deep = next(i for i in range(100, len(wall)) if wall[i] == parse_tiles("8p")[0])
    swapped = list(wall)
    swapped[west_five], swapped[deep] = swapped[deep], swapped[west_five]
    one = HandState.from_hand_start(event)
    two = HandState.from_hand_start(dict(event, wall=log.tiles_in_order_text(swapped)))
    for state in (one, two):
        state.apply(Action.discard("E", "5p"))
        assert state.phase is Phase.CLAIMS
    assert one.to_act == ["S", "W", "N"] and two.to_act == ["S", "N"]  # the referee's view
    for seat in ("E", "S", "N"):
        assert one.observation(seat) == two.observation(seat), seat
    assert one.observation("S").to_act == ("S",) and one.observation("E").to_act == ()
    assert one.observation("W").to_act == ("W",) and two.observation("W").to_act == ()
    check_public_parts_agree(one)
    check_public_parts_agree(two)


def test_the_scenario_builder_deals_what_it_is_asked():
    event = hand_start_for("casual", {"E": "123m456p789s11223z"})
    state = HandState.from_hand_start(event)
    assert state.events[1]["hands"]["E"] == "123m456p789s11223z"
