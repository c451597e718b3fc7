"""Matches: each family's rotation and running totals; the simulation loop and ``sparrow simulate``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sparrow.cli import app
from sparrow.core.tiles import SEATS
from sparrow.game import events as log
from sparrow.game.match import Match, MatchError
from sparrow.game.replay import replay_match
from sparrow.game.state import HandState
from sparrow.play.sim import SimplePlayer, play_hand, simulate
from sparrow.rules import RulesError

NEXT = {"E": "S", "S": "W", "W": "N", "N": "E"}


def play_match(rules: str, seed: int, options: dict | None = None) -> tuple[Match, list[HandState]]:
    match = Match(rules, seed, options, players=("Ann", "Bob", "Cy", "Di"))
    rng = random.Random(seed)
    bots = {name: SimplePlayer(random.Random(rng.getrandbits(32))) for name in match.players}
    hands = []
    while not match.is_over:
        hand = play_hand(match.next_hand(), bots)
        match.record(hand)
        hands.append(hand)
        assert len(hands) < 200
    return match, hands


def check_running_totals(match: Match, hands: list[HandState]) -> None:
    totals = dict.fromkeys(match.players, 0)
    for hand in hands:
        start = hand.events[0]
        assert start["totals"] == {seat: totals[name] for seat, name in start["players"].items()}
        for seat, amount in hand.result.payments.items():
            totals[hand.players[seat]] += amount
    assert totals == match.totals
    assert sum(totals.values()) == 0


def test_nts_seats_rotate_every_game_and_a_session_is_four_games():
    match, hands = play_match("nts", 1)
    assert len(hands) == 4 and match.is_over
    rolls = [[roll["purpose"] for roll in hand.events[0]["dice"]] for hand in hands]
    assert "east" in rolls[0] and all("east" not in r for r in rolls[1:])
    assert all(r.count("prevailing_wind") == 1 for r in rolls)
    for before, after in zip(hands, hands[1:]):
        # East becomes North, North West, West South, South East
        for seat in SEATS:
            assert after.players[seat] == before.players[NEXT[seat]]
        assert before.events[-1]["next_dealer"] == "S" and before.events[-1]["next_round_wind"] is None
    check_running_totals(match, hands)


@pytest.mark.slow
@pytest.mark.parametrize("short", [False, True])
def test_hkos_the_dealer_keeps_the_deal_and_the_round_wind_moves_when_everyone_has_dealt(short):
    match, hands = play_match("hkos", 3, {"short_match": True} if short else None)
    passes = 0
    first = hands[0].players["E"]
    for before, after in zip(hands, hands[1:]):
        result = before.result
        keeps = result.winner is None or result.winner == "E"
        if keeps:
            assert after.players == before.players
        else:
            passes += 1
            assert after.players["E"] == before.players["S"]
        assert after.round_wind == "ESWN"[passes // 4]
    assert hands[0].round_wind == "E" and hands[0].players["E"] == first
    assert passes + 1 == (4 if short else 16)  # the last hand passed the deal and ended the match
    assert len(hands) >= (4 if short else 16)
    assert any(h.result.winner is None or h.result.winner == "E" for h in hands[:-1])  # a deal was kept
    check_running_totals(match, hands)


def test_chinese_the_deal_passes_every_hand_for_sixteen_hands():
    match, hands = play_match("chinese", 4)
    assert len(hands) == 16
    for index, hand in enumerate(hands):
        assert hand.round_wind == "ESWN"[index // 4]
        if index:
            assert hand.players["E"] == hands[index - 1].players["S"]
    check_running_totals(match, hands)


def test_casual_each_deal_stands_alone_with_the_players_seated_as_given():
    match, hands = play_match("casual", 5)
    assert len(hands) == 1 and hands[0].players == {"E": "Ann", "S": "Bob", "W": "Cy", "N": "Di"}
    assert [roll["purpose"] for roll in hands[0].events[0]["dice"]] == ["break"]
    match, hands = play_match("casual", 5, {"rotate": True})
    assert all(hand.round_wind == "E" for hand in hands)
    dealers = {hand.players["E"] for hand in hands}
    assert dealers == {"Ann", "Bob", "Cy", "Di"}  # one round: everyone deals
    check_running_totals(match, hands)


def test_a_match_is_used_in_order():
    match = Match("hkos", 1)
    hand = match.next_hand()
    with pytest.raises(MatchError, match="record the hand in play"):
        match.next_hand()
    with pytest.raises(MatchError, match="not over"):
        match.record(hand)
    with pytest.raises(MatchError, match="four different player names"):
        Match("hkos", 1, players=("a", "a", "b", "c"))
    with pytest.raises(RulesError):
        Match("hkos", 1, {"nope": 1})
    one = Match("casual", 2)
    play_hand_and_record(one)
    assert one.is_over
    with pytest.raises(MatchError, match="over"):
        one.next_hand()


def play_hand_and_record(match: Match) -> None:
    bots = {name: SimplePlayer(random.Random(0)) for name in match.players}
    match.record(play_hand(match.next_hand(), bots))


def test_a_match_log_replays_hand_by_hand():
    match, hands = play_match("chinese", 8)
    events = [event for hand in hands for event in hand.events]
    text = log.dumps(events)
    replayed = replay_match(log.loads(text))
    assert [h.result.payments for h in replayed] == [h.result.payments for h in hands]
    assert [h.players for h in replayed] == [h.players for h in hands]


# ---------------------------------------------------------------------------- the simulation loop


def test_simulate_plays_the_hands_and_counts_what_happened():
    logs = []
    summary = simulate("chinese", 40, seed=9, on_hand=logs.append)
    assert summary.hands == 40 and len(logs) == 40
    assert summary.matches == 3  # 16 + 16 + 8
    assert summary.wins + summary.drawn_hands == 40
    wins = {seat: 0 for seat in SEATS}
    claims = kongs = self_drawn = 0
    score = 0
    for events in logs:
        for event in events:
            if event["event"] == "win":
                wins[event["seat"]] += 1
                score += event["score"]["total"]
                self_drawn += event["from"] is None
            elif event["event"] == "claim" and event["kind"] != "win":
                claims += 1
                kongs += event["kind"] == "kong"
            elif event["event"] == "kong":
                kongs += 1
            elif event["event"] == "rob":
                kongs -= 1
    assert summary.wins_by_seat == wins and summary.claims == claims and summary.kongs == kongs
    assert summary.self_draw_share == pytest.approx(self_drawn / summary.wins)
    assert summary.average_winning_score == pytest.approx(score / summary.wins)
    assert summary.average_hand_length > 10
    assert summary.to_dict()["hands"] == 40


def test_the_same_seed_plays_the_same_hands():
    one, two = [], []
    a = simulate("nts", 12, seed=3, players="random", on_hand=one.append)
    b = simulate("nts", 12, seed=3, players="random", on_hand=two.append)
    assert one == two
    assert {k: v for k, v in a.to_dict().items() if k not in ("elapsed", "hands_per_second")} == {
        k: v for k, v in b.to_dict().items() if k not in ("elapsed", "hands_per_second")
    }
    three = []
    simulate("nts", 12, seed=4, players="random", on_hand=three.append)
    assert three != one


def test_simulate_refuses_bad_input():
    with pytest.raises(RulesError, match="unknown ruleset"):
        simulate("mcr", 1, 0)
    with pytest.raises(RulesError, match="unknown option"):
        simulate("casual", 1, 0, options={"jokers": 8})
    with pytest.raises(ValueError, match="number of hands"):
        simulate("casual", -1, 0)
    with pytest.raises(ValueError, match="unknown players"):
        simulate("casual", 1, 0, players="expert")
    empty = simulate("casual", 0, 0)
    assert empty.hands == 0 and empty.wins == 0 and empty.average_hand_length == 0


# ---------------------------------------------------------------------------- sparrow simulate

runner = CliRunner()


def test_the_simulate_command_prints_a_summary_and_writes_the_log(tmp_path: Path):
    path = tmp_path / "hands.jsonl"
    result = runner.invoke(
        app, ["simulate", "--rules", "hkos", "--hands", "6", "--seed", "2", "-p", "simple", "--log", str(path)]
    )
    assert result.exit_code == 0, result.output
    for label in ("win %", "deal-in %", "self-drawn", "average win", "net per hand", "drawn hands", "turns a hand"):
        assert label in result.output
    events = log.loads(path.read_text(encoding="utf-8"))
    assert sum(1 for e in events if e["event"] == "hand_start") == 6
    assert len(replay_match(events)) == 6


@pytest.mark.slow
def test_the_simulate_command_can_print_json_and_take_options():
    result = runner.invoke(
        app, ["simulate", "-r", "hkos", "-n", "5", "-s", "1", "-o", "practice=true", "-p", "random", "--json"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["hands"] == 5 and summary["options"] == {"practice": True}
    assert [p["level"] for p in summary["players"]] == ["random"] * 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "mcr"], "unknown ruleset 'mcr'"),
        (["--rules", "hkos", "--hands", "-3"], "'--hands' / '-n': must be 1 or more"),
        (["--rules", "hkos", "--hands", "1_000"], "'--hands' / '-n': must be a whole number in ASCII digits"),
        (["--rules", "hkos", "--hands", "0"], "'--hands' / '-n': must be 1 or more"),
        (["--rules", "hkos", "--hands", "many"], "'--hands' / '-n': must be a whole number"),
        (["--rules", "hkos", "--seed", "x"], "'--seed' / '-s': must be a whole number"),
        (["--rules", "hkos", "--option", "flowers"], "--option: write name=value"),
        (["--rules", "hkos", "--option", "flowers=3"], "option 'flowers' of hkos must be bool"),
        (["--rules", "hkos", "--players", "wizard"], "unknown player 'wizard'"),
        (["--rules", "hkos", "--log", "/nonexistent/dir/log.jsonl"], "cannot write the log"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args, message, capsys):
    # Through the command's entry point, which turns a bad number (a usage error) into one line too.
    from sparrow.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["simulate", *args, "--hands", "1"] if "--hands" not in args else ["simulate", *args])
    assert stopped.value.code == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]


@pytest.mark.slow
def test_the_installed_command_runs_in_a_real_process(tmp_path: Path):
    sparrow = Path(sys.executable).with_name("sparrow")
    done = subprocess.run(
        [str(sparrow), "simulate", "--rules", "casual", "--hands", "3", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["hands"] == 3
    bad = subprocess.run([str(sparrow), "simulate", "--rules", "nope"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.strip().startswith("error: ") and "Traceback" not in bad.stderr
