"""Riichi in the one lab (``sparrow.play.lab``, whole matches): ``sparrow simulate --rules riichi --log
FILE`` writes every hand of every match as the run goes, each hand replaying exactly and each match
ending on the scores the run reports; ``sparrow log convert`` turns the file into one mjai game per
match; a run on Ray (``--ray``, ``ray_executor``) plays the very matches a local run plays; and the
table shows Riichi's figures."""

from __future__ import annotations

import json

import pytest

from sparrow.game.riichi.replay import replay
from sparrow.play.lab import run_lab
from tests.cli_support import run_sparrow

PLAYERS = "normal,easy,random,easy"


def _hands(events: list[dict]) -> list[list[dict]]:
    hands: list[list[dict]] = []
    for event in events:
        if event["event"] == "hand_start":
            hands.append([])
        hands[-1].append(event)
    return hands


def test_the_log_holds_every_hand_of_every_match_and_each_replays(tmp_path):
    path = tmp_path / "riichi.jsonl"
    args = ("simulate", "--rules", "riichi", "-p", PLAYERS, "-n", "3", "-o", "length=tonpuu", "--seed", "4")
    done = run_sparrow(*args, "--log", str(path), "--json", "--workers", "2")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    events = [json.loads(line) for line in path.read_text().splitlines()]
    hands = _hands(events)
    assert len(hands) == summary["hands"]
    ends = []
    for hand in hands:
        state = replay(hand)  # raises unless the replay writes the very same events
        assert state.over
        ends.append(state.result.after.scores)
    # The log is the run's: the same run without a log plays the same matches.
    again = run_lab("riichi", PLAYERS.split(","), 3, seed=4, options={"length": "tonpuu"}, keep_logs=True)
    assert [event for log in again.logs for event in log] == events
    finals = [tuple(game.points) for game in again.games]
    assert len(finals) == 3 and all(sum(points) == 100_000 for points in finals)
    assert again.hands == len(hands) and again.matches == 3
    # Converted, each match is one mjai game, start_game to end_game.
    mjai = run_sparrow("log", "convert", str(path), "--to", "mjai")
    assert mjai.returncode == 0, mjai.stderr
    messages = [json.loads(line) for line in mjai.stdout.splitlines()]
    assert [m["type"] for m in messages].count("start_game") == 3
    games = [m for m in messages if m["type"] == "end_game"]
    assert len(games) == 3
    back = run_sparrow("log", "convert", "-", "--to", "sparrow", stdin=mjai.stdout)
    assert back.returncode == 0, back.stderr
    assert len(_hands([json.loads(line) for line in back.stdout.splitlines()])) == len(hands)


def test_a_log_that_cannot_be_written_is_a_clear_error(tmp_path):
    done = run_sparrow("simulate", "--rules", "riichi", "-n", "1", "--log", str(tmp_path / "no" / "such" / "dir.jsonl"))
    assert done.returncode == 2 and done.stderr.startswith("error: cannot write the log")


def test_a_run_keeps_its_logs_only_when_asked():
    plain = run_lab("riichi", ["random"] * 4, 2, seed=3, options={"length": "tonpuu"})
    kept = run_lab("riichi", ["random"] * 4, 2, seed=3, options={"length": "tonpuu"}, keep_logs=True, workers=2)
    assert plain.logs == () and len(kept.logs) == kept.hands
    assert [g.points for g in plain.games] == [g.points for g in kept.games]
    assert plain.to_dict() | {"version": ""} == kept.to_dict() | {"version": ""}


def test_the_lab_measures_whole_matches_by_place_and_uma():
    seen = []
    result = run_lab(
        "riichi",
        ["expert", "normal", "easy", "random"],
        2,
        seed=6,
        options={"length": "tonpuu"},
        on_progress=seen.append,
    )
    assert seen == [1, 1] and result.whole_games and result.matches == 2 and result.interval_unit == "match"
    for game in result.games:
        assert sorted(game.places) == [1, 2, 3, 4] and abs(sum(game.results)) < 1e-9
    for stats in result.stats:
        assert stats.games is not None and stats.games.matches == 2 and stats.hands == result.hands
        assert 1 <= stats.games.place <= 4 and 0 <= stats.riichi_rate <= 1
        low, high = stats.games.result_ci
        assert low <= stats.games.result <= high
        low, high = stats.games.place_ci
        assert low <= stats.games.place <= high
        # A call rate is a share of hands (each hand counted once however many sets it claimed).
        assert 0 <= stats.call_rate <= 1 and stats.call_rate * stats.hands <= stats.calls
        data = stats.to_dict()
        assert {"result", "result_ci", "place", "place_ci", "points", "riichi_rate", "call_rate"} <= set(data)
        assert {"top_rate", "last_rate"} <= set(data)
    assert sum(stats.wins for stats in result.stats) >= sum(stats.deal_ins for stats in result.stats)
    assert result.stats[3].riichi == 0 and result.stats[3].level == "random"
    data = result.to_dict()
    assert data["interval_unit"] == "match" and data["units"] == 2 and len(data["seeds"]["matches"]) == 2
    assert "drawn_rate" not in data and "vs_others" not in data["players"][0]


def test_the_simple_players_sit_at_riichi_too():
    result = run_lab(
        "riichi", ["simple", "random-observing", "easy", "random"], 1, seed=2, options={"length": "tonpuu"}
    )
    assert result.matches == 1 and result.hands >= 4


def test_the_table_shows_riichis_figures():
    done = run_sparrow("simulate", "--rules", "riichi", "-p", "easy,random,random,random", "-n", "2", "-w", "1",
                       "-o", "length=tonpuu", "--seed", "3")  # fmt: skip
    assert done.returncode == 0, done.stderr
    for said in ("result", "place", "riichi %", "win %", "deal-in %", "2 matches", "uma and oka", "over 2 matches"):
        assert said in done.stdout, said
    bad = run_sparrow("simulate", "--rules", "riichi", "-n", "3", "--duplicate")
    assert bad.returncode == 2 and "number of matches must be a multiple of 4" in bad.stderr
    wrong = run_sparrow("simulate", "--rules", "riichi", "-o", "preset=tenhuo")
    assert wrong.returncode == 2 and "unknown riichi preset 'tenhuo'" in wrong.stderr


@pytest.mark.slow
def test_a_riichi_run_on_ray_is_the_local_run():
    ray = pytest.importorskip("ray")
    from sparrow.play.executors import ray_executor

    players = ["normal", "easy", "easy", "easy"]
    tonpuu = {"length": "tonpuu"}
    local = run_lab("riichi", players, 4, seed=8, duplicate=True, options=tonpuu, keep_logs=True)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_lab(
            "riichi", players, 4, seed=8, duplicate=True, options=tonpuu, keep_logs=True, executor=ray_executor()
        )
    finally:
        ray.shutdown()
    assert on_ray.games == local.games and on_ray.logs == local.logs and on_ray.to_dict() == local.to_dict()


def test_the_call_rate_is_the_share_of_hands_with_a_claimed_set_as_the_logs_tell():
    result = run_lab("riichi", ["expert", "normal", "easy", "random"], 3, seed=11, keep_logs=True)
    opened = [0] * 4
    for log in result.logs:
        players = log[0]["players"]
        callers = {e["seat"] for e in log if e["event"] == "claim" and e["kind"] != "win"}
        for seat in callers:
            opened[int(players[seat].split()[0][1:]) - 1] += 1
    assert sum(opened) > 0  # the run has calls to count
    for stats in result.stats:
        assert stats.call_rate == opened[stats.player] / result.hands
        assert stats.to_dict()["call_rate"] == stats.call_rate
