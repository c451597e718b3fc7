"""The simulation lab (``sparrow.play.lab``, ``sparrow simulate``): seeded chunks, any number of workers,
seats rotated, duplicate boards, intervals and the JSON form."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from sparrow.game.replay import replay_match
from sparrow.play import lab
from sparrow.play.lab import Chunk, ChunkResult, LabError, _local_executor, parse_players, play_chunk, run_lab
from tests.cli_support import run_sparrow

SPARROW = str(Path(sys.executable).with_name("sparrow"))


@pytest.mark.slow
def test_the_result_is_the_same_for_any_number_of_workers():
    one = run_lab("chinese", ["easy", "normal", "easy", "normal"], 40, seed=5, workers=1)
    two = run_lab("chinese", ["easy", "normal", "easy", "normal"], 40, seed=5, workers=2)
    assert one.to_dict() == two.to_dict()
    assert one.hands == 40


@pytest.mark.slow
def test_a_chunk_is_a_pure_function_of_its_fields():
    chunk = Chunk("hkos", (), ("normal",) * 4, seed=3, index=2, rotation=1, keep_logs=True)
    first, second = play_chunk(chunk), play_chunk(chunk)
    assert first == second
    # The logs are real games: they replay.
    events = [event for hand in first.logs for event in hand]
    assert len(replay_match(events)) == len(first.hands)


def test_full_collections_are_rarer_while_playing_and_the_thresholds_come_back(monkeypatch):
    # The lab makes Python's full collections rarer while it plays (the bots' memo tables are large
    # and long-lived) and leaves the caller's thresholds as they were, also when a run fails.
    before = gc.get_threshold()
    gc.set_threshold(500, 7, 9)
    try:
        seen = []

        def spying(function, chunks):
            for chunk in chunks:
                seen.append(gc.get_threshold())
                yield function(chunk)

        run_lab("casual", ["normal"] * 4, 2, 3, executor=spying)
        assert seen and all(threshold == (500, 7, 100) for threshold in seen)
        assert gc.get_threshold() == (500, 7, 9)

        def failing(function, chunks):
            raise RuntimeError("the executor failed")
            yield  # a generator, as an executor is

        with pytest.raises(RuntimeError):
            run_lab("casual", ["normal"] * 4, 2, 3, executor=failing)
        assert gc.get_threshold() == (500, 7, 9)

        # A chunk played alone (as a distributed executor plays it in its own process) does the same.
        inside = []
        monkeypatch.setattr(
            lab, "_play_match", lambda chunk: inside.append(gc.get_threshold()) or ChunkResult(0, 0, ())
        )
        play_chunk(Chunk("casual", (), ("normal",) * 4, seed=3, index=0, rotation=0))
        assert inside == [(500, 7, 100)] and gc.get_threshold() == (500, 7, 9)
    finally:
        gc.set_threshold(*before)


def test_runs_in_two_threads_share_one_change_of_the_thresholds():
    # The thresholds belong to the process: a run ending in one thread leaves them raised while
    # another still plays, whichever began first, and the last one out puts back what was there
    # before the first.
    before = gc.get_threshold()
    gc.set_threshold(500, 7, 9)
    entered, leave, left = threading.Event(), threading.Event(), threading.Event()

    def other_run() -> None:
        with lab._rare_full_collections():
            entered.set()
            leave.wait(10)
        left.set()

    try:
        # The other run begins first and ends first.
        thread = threading.Thread(target=other_run)
        thread.start()
        assert entered.wait(10)
        with lab._rare_full_collections():
            leave.set()
            assert left.wait(10)
            assert gc.get_threshold() == (500, 7, 100)
        assert gc.get_threshold() == (500, 7, 9)
        thread.join(10)
        # The other run begins first and ends last, this one a whole run of the lab.
        for event in (entered, leave, left):
            event.clear()
        thread = threading.Thread(target=other_run)
        thread.start()
        assert entered.wait(10)
        run_lab("casual", ["normal"] * 4, 1, 3)
        assert gc.get_threshold() == (500, 7, 100)
        leave.set()
        assert left.wait(10)
        assert gc.get_threshold() == (500, 7, 9)
    finally:
        leave.set()
        thread.join(10)
        gc.set_threshold(*before)


def _slow_square(x: int) -> ChunkResult:
    # Even items take longer, so later items often finish before earlier ones.
    time.sleep(0.03 if x % 2 == 0 else 0.0)
    return ChunkResult(x * x, 0, ())


def _fails_at_seven(x: int) -> ChunkResult:
    if x == 7:
        raise RuntimeError("chunk 7 failed")
    return _slow_square(x)


def test_the_local_executor_hands_results_on_in_order_and_draws_chunks_lazily():
    drawn = []

    def items():
        for x in range(40):
            drawn.append(x)
            yield x

    run = _local_executor(2)
    seen = []
    for result in run(_slow_square, items()):
        seen.append(result.index)
        # Never more than a few chunks beyond the results handed on are drawn.
        assert len(drawn) <= len(seen) + 4 * 2 * 32 + 3
    assert seen == [x * x for x in range(40)]


def test_a_failing_chunk_fails_the_run():
    with pytest.raises(RuntimeError, match="chunk 7 failed"):
        list(_local_executor(2)(_fails_at_seven, iter(range(12))))


def test_seats_rotate_every_match():
    chunks = [Chunk("casual", (), ("easy", "normal", "expert", "easy"), 1, i, i % 4) for i in range(4)]
    east = set()
    for chunk in chunks:
        result = play_chunk(chunk)
        assert len(result.hands) == 1
        east.add(chunk.rotation)
    assert east == {0, 1, 2, 3}


def test_duplicate_plays_every_deal_in_every_rotation():
    result = run_lab("casual", ["expert", "easy", "easy", "easy"], 20, seed=2, duplicate=True)
    assert result.hands == 20 and result.matches == 5 and result.duplicate
    # Identical players on identical deals in every rotation: the easy seats' wins and net add up
    # exactly to what the deals gave them, whatever chair; the totals always balance.
    assert sum(s.net_per_hand for s in result.stats) == pytest.approx(0.0)


@pytest.mark.slow
def test_intervals_hold_their_estimate():
    result = run_lab("casual", ["normal"] * 4, 60, seed=9)
    for stats in result.stats:
        low, high = stats.win_rate_ci
        assert 0.0 <= low <= stats.win_rate <= high <= 1.0
        low, high = stats.net_per_hand_ci
        assert low <= stats.net_per_hand <= high


def test_bad_runs_are_refused_with_a_reason():
    with pytest.raises(LabError, match="seats 4"):
        run_lab("casual", ["normal"] * 3, 10)
    with pytest.raises(LabError, match="unknown player"):
        run_lab("casual", ["normal", "normal", "normal", "wizard"], 10)
    with pytest.raises(LabError, match="at least 1"):
        run_lab("casual", ["normal"] * 4, 0)
    with pytest.raises(LabError, match="at least 4 hands"):
        run_lab("casual", ["normal"] * 4, 3, duplicate=True)
    assert parse_players("normal") == ("normal",) * 4
    with pytest.raises(LabError, match="names 2"):
        parse_players("normal,easy")


def _run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, COLUMNS="100")
    return subprocess.run([SPARROW, "simulate", *args], capture_output=True, text=True, timeout=300, env=env)


@pytest.mark.slow
def test_simulate_json_has_the_promised_fields():
    done = _run(
        "--rules",
        "casual",
        "--players",
        "expert,normal,normal,normal",
        "--hands",
        "12",
        "--seed",
        "4",
        "--workers",
        "2",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert {"rules", "hands", "seed", "drawn_rate", "players"} <= set(data)
    assert data["rules"] == "casual" and data["hands"] == 12 and data["seed"] == 4
    player = data["players"][0]
    for key in (
        "player",
        "level",
        "hands",
        "wins",
        "win_rate",
        "win_rate_ci",
        "deal_ins",
        "deal_in_rate",
        "deal_in_rate_ci",
        "self_draw_share",
        "average_win",
        "net_per_hand",
        "net_per_hand_ci",
    ):
        assert key in player
    assert [p["level"] for p in data["players"]] == ["expert", "normal", "normal", "normal"]
    again = _run(
        "--rules",
        "casual",
        "--players",
        "expert,normal,normal,normal",
        "--hands",
        "12",
        "--seed",
        "4",
        "--workers",
        "1",
        "--json",
    )
    assert json.loads(again.stdout) == data


@pytest.mark.slow
def test_simulate_prints_a_table_per_player():
    done = _run("-r", "hkos", "-p", "easy", "-n", "8", "-w", "1", "--duplicate")
    assert done.returncode == 0, done.stderr
    assert "win %" in done.stdout and "deal-in %" in done.stdout and "drawn hands" in done.stdout


@pytest.mark.parametrize(
    "args, said",
    [
        (["-r", "casual", "-p", "wizard"], "unknown player"),
        (["-r", "casual", "-n", "٣"], "ASCII digits"),
        (["-r", "casual", "-n", "1_000"], "ASCII digits"),
        (["-r", "casual", "-w", "0"], "--workers"),
        (["-r", "casual", "-p", "normal,normal"], "names 2"),
    ],
)
def test_simulate_bad_input_is_one_line(args, said):
    done = run_sparrow("simulate", *args)
    assert done.returncode == 2
    assert said in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.slow
def test_simulate_writes_a_replayable_log(tmp_path):
    path = tmp_path / "log.jsonl"
    done = _run("-r", "chinese", "-n", "5", "-p", "easy", "-w", "2", "--log", str(path))
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(replay_match(events)) == 5
