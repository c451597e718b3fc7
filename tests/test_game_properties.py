"""Invariants over thousands of seeded hands per ruleset.

* tile conservation in every state: every tile exactly once in the wall, a hand, a meld, a bonus area
  or a discard pile;
* hand sizes: 13 + kongs between turns, 14 + kongs for the seat whose turn it is (and the winner);
* observations show exactly the seat's own hand and the public table, never hidden tiles;
* the moments passed to scoring match what happened;
* every logged win re-scores to the logged score, every hand_end's payments re-settle;
* the log survives JSON Lines and replays to the same events and result.

The budget: about a thousand hands per ruleset in all, every state checked in a hundred of them.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sparrow.game import events as log
from sparrow.game.actions import Action, ActionKind
from sparrow.game.replay import replay, replay_match
from sparrow.game.state import HandState, Observation, Phase
from sparrow.rules import Settlement, get_ruleset, settle
from sparrow.sim import RandomPlayer, SimplePlayer, simulate
from sparrow.situation import HandSituation
from sparrow.tiles import SEATS, full_set, parse_tiles
from tests.test_game_scenarios import CLAIM_HANDS, hand_start_for

RULESETS = [
    ("nts", {}),
    ("hkos", {}),
    ("chinese", {}),
    ("casual", {}),
]
VARIANTS = RULESETS + [("hkos", {"practice": True}), ("hkos", {"flowers": False, "seven_pairs": True})]
IDS = [
    f"{rules}{'-' + '-'.join(f'{k}={v}' for k, v in options.items()) if options else ''}" for rules, options in VARIANTS
]

OBSERVATION_FIELDS = {
    "seat",
    "rules",
    "options",
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
}


def plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def visible_count(view: Observation, tile) -> int:
    count = 0
    for seat in SEATS:
        count += sum(1 for meld in view.melds[seat] for t in meld.tiles if t == tile)
        count += sum(1 for t in view.discards[seat] if t == tile)
    return count


def check_state(state: HandState, tile_set: list, seats: tuple[str, ...] = SEATS) -> None:
    """The table's invariants, and those of the observations of ``seats``."""
    view = state.table_view()
    assert sorted(view.all_tiles()) == tile_set, "a tile was lost or duplicated"
    for seat in SEATS:
        melds = view.melds[seat]
        kongs = sum(1 for m in melds if m.is_kong)
        size = len(view.hands[seat]) + sum(len(m.tiles) for m in melds) - kongs
        holding = state.phase is Phase.TURN and state.turn == seat
        won = state.is_over and state.result.winner == seat
        assert size == (14 if holding or won else 13), (seat, size, state.phase)
    for seat in seats:
        obs = state.observation(seat)
        data = obs.to_dict()
        assert set(data) == OBSERVATION_FIELDS
        assert obs.hand == view.hands[seat]
        assert obs.melds == view.melds and obs.discards == view.discards and obs.bonus == view.bonus
        assert obs.hand_sizes == {s: len(view.hands[s]) for s in SEATS}
        assert obs.live_wall + obs.replacement_tiles == len(view.wall)
        assert list(obs.legal_actions) == state.legal_actions(seat)
        # everything an observation names is the seat's own hand or on the table for everyone
        shown = Counter(obs.hand)
        for other in SEATS:
            shown.update(t for m in obs.melds[other] for t in m.tiles)
            shown.update(obs.discards[other])
            shown.update(obs.bonus[other])
        hidden = Counter(view.wall)
        for other in SEATS:
            if other != seat:
                hidden.update(view.hands[other])
        assert shown + hidden == Counter(tile_set)
        assert data["hand"] == log.tiles_text(view.hands[seat])
    check_public_parts_agree(state)


# What an observation shows of the seat's own: everything else is the same for every seat.
OWN_FIELDS = ("seat", "hand", "drawn", "legal_actions")


def public_part(obs: Observation) -> dict[str, Any]:
    data = obs.to_dict()
    for name in OWN_FIELDS:
        del data[name]
    return data


def check_public_parts_agree(state: HandState) -> None:
    """Beyond its own tiles and actions, every seat sees the same table; and while a tile is open to
    claims, ``to_act`` tells a seat only whether it is asked itself, never which other seats could
    use the tile (that would reveal their concealed tiles)."""
    parts = {seat: public_part(state.observation(seat)) for seat in SEATS}
    claim_open = state.phase in (Phase.CLAIMS, Phase.ROB)
    asked = set(state.to_act) if claim_open else set()
    for seat in SEATS:
        if seat in asked:
            expected = [seat]
        else:
            expected = [] if claim_open else state.to_act
        assert parts[seat].pop("to_act") == expected, (seat, state.phase)
    for seat in SEATS:
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
    bots = {seat: kind(random.Random(rng.getrandbits(32))) for seat in SEATS}
    tile_set = sorted(full_set(state.procedure.table.bonus_tiles))
    check_state(state, tile_set)
    step = 0
    while not state.is_over:
        before = state.copy()
        seat = state.to_act[0]
        action = bots[seat].choose(state, seat, state.legal_actions(seat))
        state.apply(action)
        step += 1
        check_state(state, tile_set, (SEATS[step % 4],))  # each seat's view in turn
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


@pytest.mark.parametrize(("rules", "options"), VARIANTS, ids=IDS)
def test_every_state_of_seeded_hands_keeps_the_invariants(rules, options):
    rng = random.Random(f"states-{rules}-{options}")
    outcomes = Counter()
    for _ in range(40 if options else 100):
        state = play_checked(HandState(rules, options, rng.getrandbits(48)), rng)
        outcomes["won" if state.result.winner else "drawn"] += 1
        check_log(state.events)
    assert outcomes["won"] > 0 and outcomes["drawn"] > 0


@pytest.mark.parametrize(("rules", "options"), RULESETS, ids=[r for r, _ in RULESETS])
def test_thousands_of_logged_hands_replay_and_rescore(rules, options):
    logs: list[list[dict[str, Any]]] = []
    simple = simulate(rules, 500, seed=2026, players="simple", options=options, on_hand=logs.append)
    simulate(rules, 200, seed=2027, players="random", options=options, on_hand=logs.append)
    assert len(logs) == 700
    for events in logs:
        check_log(events)
    assert simple.wins > 25  # the simple players do win: every win above was re-scored
    match_log = [event for events in logs[:40] for event in events]
    assert [h.result.payments for h in replay_match(match_log)] == [e[-1]["payments"] for e in logs[:40]]


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
        simulate(rules, 400, seed=5, on_hand=tally)
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
    rules=st.sampled_from([r for r, _ in RULESETS]),
    seed=st.integers(0, 2**63 - 1),
    players=st.sampled_from(["simple", "random"]),
)
def test_any_seed_plays_a_consistent_hand(rules, seed, players):
    state = play_checked(HandState(rules, seed=seed), random.Random(seed), players)
    check_log(state.events)


@pytest.mark.parametrize("rules", ["nts", "hkos", "chinese", "casual"])
def test_an_observation_does_not_change_when_hidden_tiles_do(rules):
    """Swap a tile dealt to North with one deep in the live wall: no other seat can tell."""
    for seed in range(5):
        event = dict(HandState(rules, seed=seed).events[0])
        wall = parse_tiles(event["wall"])
        north = 12  # the first tile of North's first packet
        deep = 100
        if wall[north] == wall[deep] or wall[north].is_bonus or wall[deep].is_bonus:
            continue
        swapped = list(wall)
        swapped[north], swapped[deep] = swapped[deep], swapped[north]
        one = HandState.from_hand_start(event)
        two = HandState.from_hand_start(dict(event, wall=log.tiles_in_order_text(swapped)))
        for seat in ("E", "S", "W"):
            assert one.observation(seat) == two.observation(seat)
        assert one.observation("N") != two.observation("N")


def _swap_north_tile(event: dict[str, Any], deep: int) -> dict[str, Any] | None:
    """The same hand_start with a tile dealt to North swapped with the wall tile at ``deep`` (taking
    order), or None when the swap would change nothing or move a bonus tile."""
    wall = parse_tiles(event["wall"])
    north = 12  # the first tile of North's first packet
    if wall[north] == wall[deep] or wall[north].is_bonus or wall[deep].is_bonus:
        return None
    swapped = list(wall)
    swapped[north], swapped[deep] = swapped[deep], swapped[north]
    return dict(event, wall=log.tiles_in_order_text(swapped))


def _live_front(state: HandState) -> int:
    """How far into the wall (taking order) the deal and the live draws have reached."""
    return 53 + sum(1 for e in state.events if e["event"] == "draw" and e["source"] == "live")


@pytest.mark.parametrize("rules", ["nts", "hkos", "chinese", "casual"])
def test_no_seat_can_tell_what_north_holds_while_tiles_are_claimed(rules):
    """Two tables that differ only in one tile of North's hand (swapped with a tile deep in the wall),
    played alike, North passing on every open tile and discarding what it draws: East, South and West
    see the same observations, in the claims and rob phases too, up to the moment the swapped wall
    tile is drawn. (The one thing they can tell is whether the table pauses at all for claims when
    North alone could use a tile: the phase differs then, and the states are compared again once
    North has passed.)"""
    deep = 100
    claims_compared = 0
    for seed in range(12):
        event = HandState(rules, seed=seed).events[0]
        other = _swap_north_tile(event, deep)
        if other is None:
            continue
        one, two = HandState.from_hand_start(event), HandState.from_hand_start(other)
        rng = random.Random(seed)
        bots = {seat: SimplePlayer(random.Random(rng.getrandbits(32))) for seat in ("E", "S", "W")}
        while not one.is_over and _live_front(one) <= deep:
            assert not two.is_over
            if one.phase is two.phase:
                for seat in ("E", "S", "W"):
                    assert one.observation(seat) == two.observation(seat), (seed, seat, one.phase)
                claims_compared += one.phase in (Phase.CLAIMS, Phase.ROB)
            north_asked = [s for s in (one, two) if s.phase in (Phase.CLAIMS, Phase.ROB) and "N" in s.to_act]
            if north_asked:
                for state in north_asked:
                    state.apply(Action.pass_("N"))
                continue
            seat = one.to_act[0]
            if seat == "N":
                action = Action.discard("N", one.observation("N").drawn)
            else:
                action = bots[seat].choose(one, seat, one.legal_actions(seat))
            one.apply(action)
            two.apply(action)
    assert claims_compared > 10


def test_to_act_does_not_show_which_other_seats_could_claim():
    """East discards 5p: South can chow it, North could win on it, and West pungs it with 5p5p. In a
    second deal West holds a 8p instead of one 5p (swapped with a tile deep in the wall), so West can
    do nothing. South and North, asked both times, and East see the same; only West's view differs."""
    from sparrow.game.wall import deal_order

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
