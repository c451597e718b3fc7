"""HKOS at a three-player table (seed 003 "Three players", option ``three_players``): the table engine,
matches, the simulation and the log play it with the seats E, S, W only, the 2-8 of characters and
North's flower and season out of the set, three walls, no chow claims, and rotation through three seats.
The decisions are in docs/rules/hkos.md ("Three players at the table") and docs/engine.md.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from typer.testing import CliRunner

from sparrow.cli import app
from sparrow.core.situation import HandSituation
from sparrow.core.tiles import Tile, parse_tiles
from sparrow.game import events as log
from sparrow.game.actions import Action, ActionKind, InvalidClaimError, NotYourTurnError
from sparrow.game.match import Match, MatchError
from sparrow.game.procedures import procedure
from sparrow.game.replay import replay, replay_match
from sparrow.game.state import HandState, Phase
from sparrow.game.wall import break_stack, count_seats, deal_order, draw_order, stacks_per_wall
from sparrow.play.sim import SimplePlayer, play_hand, simulate
from sparrow.rules import get_ruleset
from tests.test_game_scenarios import hand_start_for, pass_all, start

THREE = {"three_players": True}
REMOVED = set(parse_tiles("2345678m48f"))


# ---------------------------------------------------------------------------- the set, walls, break, deal


@pytest.mark.parametrize(("flowers", "tiles", "stacks"), [(True, 114, 19), (False, 108, 18)])
def test_the_set_is_the_four_player_set_less_the_2_8_of_characters_and_norths_bonus_tiles(flowers, tiles, stacks):
    proc = procedure("hkos", {**THREE, "flowers": flowers})
    assert proc.seats == ("E", "S", "W")
    assert proc.tile_count == tiles and stacks_per_wall(tiles, 3) == stacks  # three whole walls
    counts = Counter(proc.tiles)
    assert not REMOVED & set(counts)
    assert all(counts[tile] == (1 if tile.is_bonus else 4) for tile in counts)
    assert proc.table.chow is False and proc.table.dead_wall == "reserve"
    assert proc.match_rounds == 4 and procedure("hkos", {**THREE, "short_match": True}).match_rounds == 1
    state = HandState("hkos", {**THREE, "flowers": flowers}, 3)
    assert sorted(parse_tiles(state.events[0]["wall"])) == sorted(proc.tiles)


def test_the_dice_count_the_three_seats_and_the_walls_come_e_w_s_clockwise():
    # East rolls 3 + 4 + 5 = 12: counting E, S, W, E, ... the twelfth seat is West. Clockwise from East's
    # right end the walls are E, W, S (19 stacks each), so West's wall starts at stack 19 and the live
    # wall at stack 19 + 12 = 31 (tile 62); the twelve counted stacks are the replacement end.
    assert count_seats(0, 12, 3) == 2
    assert [count_seats(0, n, 3) for n in range(1, 7)] == [0, 1, 2, 0, 1, 2]
    assert break_stack(2, 12, 19, 3) == 31
    order = draw_order(list(range(114)), 2, 12, 3)
    assert order[:2] == [62, 63] and order[-24:] == list(range(38, 62))
    assert sorted(order) == list(range(114))
    # South's wall is the last clockwise: a count of 18 on it stays within its 19 stacks.
    assert break_stack(1, 18, 19, 3) == 2 * 19 + 18


def test_the_deal_is_packets_of_four_to_three_seats_then_one_each_and_easts_fourteenth():
    order = deal_order(3)
    assert order[:12] == [0] * 4 + [1] * 4 + [2] * 4
    assert order[36:] == [0, 1, 2, 0]
    assert Counter(order) == {0: 14, 1: 13, 2: 13}
    state = HandState("hkos", THREE, 5)
    wall = parse_tiles(state.events[0]["wall"])
    deal = state.events[1]["hands"]
    assert set(deal) == {"E", "S", "W"}
    east = wall[0:4] + wall[12:16] + wall[24:28] + [wall[36], wall[39]]
    assert sorted(parse_tiles(deal["E"])) == sorted(east)
    break_roll = [roll for roll in state.events[0]["dice"] if roll["purpose"] == "break"]
    assert len(break_roll) == 1 and len(break_roll[0]["dice"]) == 3 and break_roll[0]["seat"] == "E"


# ---------------------------------------------------------------------------- seats, observations, claims


def test_only_east_south_and_west_are_at_the_table():
    state = HandState("hkos", THREE, 8)
    assert state.seats == ("E", "S", "W")
    view = state.observation("S")
    assert view.seats == ("E", "S", "W")
    for mapping in (view.players, view.scores, view.melds, view.bonus, view.discards, view.hand_sizes):
        assert tuple(mapping) == ("E", "S", "W")
    assert view.to_dict()["seats"] == ["E", "S", "W"]
    assert tuple(state.table_view().hands) == ("E", "S", "W")
    with pytest.raises(ValueError, match="no N seat at this table"):
        state.observation("N")
    with pytest.raises(ValueError, match="no N seat at this table"):
        state.legal_actions("N")
    with pytest.raises(NotYourTurnError, match="no N seat"):
        state.apply(Action.discard("N", "1m"))
    assert HandState("hkos", seed=8).observation("N").seats == ("E", "S", "W", "N")


# East discards 5p. South (next in turn) holds 4p6p and 34p but may not chow; West pungs with 5p5p.
CLAIM_HANDS = {
    "E": "19m19p19s1234567z5p",
    "S": "346p111s999s1122z",
    "W": "55p222s333s46s156z",
}


def test_no_chow_is_ever_claimed_and_a_pung_is():
    state = start("hkos", CLAIM_HANDS, options=THREE)
    state.apply(Action.discard("E", "5p"))
    assert state.phase is Phase.CLAIMS and state.to_act == ["W"]
    assert state.legal_actions("S") == []
    with pytest.raises(InvalidClaimError, match="chows are not played"):
        state.apply(Action.chow("S", "4p"))
    assert {a.kind for a in state.legal_actions("W")} == {ActionKind.PUNG, ActionKind.PASS}
    state.apply(Action.pung("W"))
    assert state.turn == "W" and state.events[-1]["meld"] == "555p"


def test_after_west_comes_east():
    state = start("hkos", CLAIM_HANDS, options=THREE)
    state.apply(Action.discard("E", "5p"))
    pass_all(state)
    assert state.turn == "S"
    state.apply(Action.discard("S", state.observation("S").drawn))
    pass_all(state)
    assert state.turn == "W"
    state.apply(Action.discard("W", state.observation("W").drawn))
    pass_all(state)
    draws = [event for event in state.events if event["event"] == "draw"]
    assert state.turn == "E" and [event["seat"] for event in draws] == ["S", "W", "E"]


def test_a_win_is_settled_between_the_three_seats():
    # West wins on South's discard: South pays double, East single (docs/rules/hkos.md, "Three players
    # (`three_players`)", between three seats). West: mixed one suit 3, dragon pung 1, concealed 1, no bonus 1.
    hands = {
        "E": "19m19p19s1234566z1m",
        "S": "1357p13579s1467z",
        "W": "123p456p789p555z9p",
    }
    state = start("hkos", hands, draws="9p", options=THREE)
    state.apply(Action.discard("E", "1m"))
    pass_all(state)
    assert state.turn == "S" and str(state.observation("S").drawn) == "9p"
    state.apply(Action.discard("S", "9p"))
    assert Action.win("W") in state.legal_actions("W")
    state.apply(Action.win("W"))
    result = state.result
    points = result.scores["W"]
    assert (result.winner, result.score.details["faan"], points) == ("W", 6, 32)
    assert set(result.payments) == set(result.scores) == {"E", "S", "W"}
    assert result.payments == {"E": -points, "S": -2 * points, "W": 3 * points}
    end = state.events[-1]
    assert set(end["payments"]) == {"E", "S", "W"} and end["next_dealer"] == "S"


# ---------------------------------------------------------------------------- matches and rotation


def play_match(seed: int, options: dict) -> tuple[Match, list[HandState]]:
    match = Match("hkos", seed, options, players=("Ann", "Bob", "Cy"))
    rng = random.Random(seed)
    bots = {name: SimplePlayer(random.Random(rng.getrandbits(32))) for name in match.players}
    hands = []
    while not match.is_over:
        hand = play_hand(match.next_hand(), bots)
        match.record(hand)
        hands.append(hand)
        assert len(hands) < 300
    return match, hands


@pytest.mark.parametrize("short", [False, True])
def test_the_deal_passes_through_three_seats_and_a_round_is_three_deals(short):
    options = {**THREE, "short_match": True} if short else THREE
    match, hands = play_match(4, options)
    first = match.first_dealer
    assert hands[0].players["E"] == first and set(hands[0].players) == {"E", "S", "W"}
    passes = 0
    for before, after in zip(hands, hands[1:]):
        result = before.result
        if result.winner is None or result.winner == "E":
            assert after.players == before.players  # the dealer keeps the deal
        else:
            passes += 1
            assert after.players == {"E": before.players["S"], "S": before.players["W"], "W": before.players["E"]}
        assert after.round_wind == "ESWN"[passes // 3]  # every seat has dealt: the round wind moves on
        assert after.events[0]["deal_passes"] == passes % 3
    assert passes + 1 == (3 if short else 12)  # the last hand passed the deal and ended the match
    totals = dict.fromkeys(match.players, 0)
    for hand in hands:
        for seat, amount in hand.result.payments.items():
            totals[hand.players[seat]] += amount
    assert totals == match.totals and sum(totals.values()) == 0
    rolls = [roll for roll in hands[0].events[0]["dice"] if roll["purpose"] == "east"]
    assert {roll["player"] for roll in rolls} == {"Ann", "Bob", "Cy"}


def test_a_three_player_match_needs_three_names():
    assert Match("hkos", 1, THREE).players == ("P1", "P2", "P3")
    with pytest.raises(MatchError, match="three different player names"):
        Match("hkos", 1, THREE, players=("a", "b", "c", "d"))
    with pytest.raises(MatchError, match="four different player names"):
        Match("hkos", 1, players=("a", "b", "c"))


# ---------------------------------------------------------------------------- the log, replays, live views


def test_the_log_replays_and_each_seat_sees_only_its_own_tiles():
    match, hands = play_match(6, {**THREE, "short_match": True})
    events = [event for hand in hands for event in hand.events]
    back = log.loads(log.dumps(events))
    assert [h.result.payments for h in replay_match(back)] == [h.result.payments for h in hands]
    one = hands[0].events
    assert replay(one).events == one
    for seat in ("E", "S", "W"):
        view = list(log.seat_view(one, seat))
        deal = view[1]
        assert deal["hands"][seat] == one[1]["hands"][seat]
        assert [who for who, tiles in deal["hands"].items() if tiles is None] == [s for s in "ESW" if s != seat]
        for full, shown in zip(one, view):
            if full["event"] == "draw" and full["seat"] != seat:
                assert shown["tile"] is None
    with pytest.raises(ValueError, match="no N seat at this table"):
        list(log.seat_view(one, "N"))


def test_the_log_names_only_the_seats_at_the_table():
    event = hand_start_for("hkos", {}, options=THREE)
    assert event["players"] == {"E": "Ann", "S": "Bob", "W": "Cy"}
    log.validate_event(event)
    with pytest.raises(log.LogError, match="hand_start.players"):
        log.validate_event(dict(event, players={"E": "Ann", "S": "Bob", "N": "Di"}))
    with pytest.raises(log.LogError, match="deal.hands"):
        log.validate_event({"event": "deal", "hands": {"E": "1m", "S": "1m"}})


@pytest.mark.slow
def test_every_hand_scores_as_the_three_player_game():
    logs: list[list[dict]] = []
    simulate("hkos", 150, seed=1, options=THREE, on_hand=logs.append)
    ruleset = get_ruleset("hkos")
    wins = 0
    for events in logs:
        for event in events:
            if event["event"] == "win":
                wins += 1
                situation = event["situation"]
                assert situation["options"] == THREE and situation["seat_wind"] in ("E", "S", "W")
                tiles = parse_tiles(situation["concealed"]) + parse_tiles(situation["bonus"])
                assert not REMOVED & set(tiles)
                rescored = ruleset.score(HandSituation.from_dict(situation))
                assert rescored.valid and json.loads(json.dumps(rescored.to_dict())) == event["score"]
            if event["event"] in ("draw", "bonus", "discard"):
                assert Tile.parse(event["tile"]) not in REMOVED
    assert wins > 5


# ---------------------------------------------------------------------------- simulate and the command


def test_simulate_plays_three_players():
    summary = simulate("hkos", 60, seed=3, players="random", options=THREE)
    assert set(summary.wins_by_seat) == {"E", "S", "W"}
    assert summary.hands == 60 and summary.wins + summary.drawn_hands == 60


@pytest.mark.slow
def test_the_simulate_command_plays_three_players():
    runner = CliRunner()
    result = runner.invoke(
        app, ["simulate", "--rules", "hkos", "-o", "three_players=true", "-n", "20", "-s", "2", "-w", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "2 normal" in result.output and "3 normal" not in result.output
    result = runner.invoke(
        app, ["simulate", "-r", "hkos", "-o", "three_players=true", "-n", "5", "-p", "expert,normal,easy", "--json"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert [p["level"] for p in summary["players"]] == ["expert", "normal", "easy"] and summary["options"] == THREE
    result = runner.invoke(app, ["simulate", "-r", "hkos", "-o", "three_players=true", "-n", "5", "-p", "normal,easy"])
    assert result.exit_code == 2 and "seats 3" in result.stderr
