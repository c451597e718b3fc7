"""The Riichi lab's logs and its matches on Ray: ``sparrow simulate --rules riichi --log FILE`` writes
every hand of every match as the run goes, each hand replaying exactly and each match ending on the
scores the run reports; ``sparrow log convert`` turns the file into one mjai game per match; and a run
on Ray (``--ray``, ``ray_executor``) plays the very matches a local run plays."""

from __future__ import annotations

import json

import pytest

from sparrow.game.riichi.replay import replay
from sparrow.play.riichi_lab import run_lab
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
    again = run_lab(PLAYERS.split(","), 3, seed=4, options={"length": "tonpuu"}, keep_logs=True)
    assert [event for log in again.logs for event in log] == events
    finals = [tuple(record.points) for record in again.records]
    assert len(finals) == 3 and all(sum(points) == 100_000 for points in finals)
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
    plain = run_lab(["random"], 2, seed=3, options={"length": "tonpuu"})
    kept = run_lab(["random"], 2, seed=3, options={"length": "tonpuu"}, keep_logs=True, workers=2)
    assert plain.logs == ((), ()) and all(kept.logs)
    assert [r.points for r in plain.records] == [r.points for r in kept.records]


@pytest.mark.slow
def test_a_riichi_run_on_ray_is_the_local_run():
    ray = pytest.importorskip("ray")
    from sparrow.play.executors import ray_executor

    players = ["normal", "easy", "easy", "easy"]
    local = run_lab(players, 4, seed=8, duplicate=True, options={"length": "tonpuu"}, keep_logs=True)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_lab(
            players, 4, seed=8, duplicate=True, options={"length": "tonpuu"}, keep_logs=True, executor=ray_executor()
        )
    finally:
        ray.shutdown()
    assert on_ray.records == local.records and on_ray.to_dict() == local.to_dict()
