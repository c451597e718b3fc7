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
from sparrow.play import lab, lab_figures
from sparrow.play.executors import local_executor
from sparrow.play.lab import Chunk, ChunkResult, LabError, parse_players, play_chunk, run_lab
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

    run = local_executor(2)
    seen = []
    for result in run(_slow_square, items()):
        seen.append(result.index)
        # Never more than a few chunks beyond the results handed on are drawn.
        assert len(drawn) <= len(seen) + 4 * 2 * 32 + 3
    assert seen == [x * x for x in range(40)]


def test_a_failing_chunk_fails_the_run():
    with pytest.raises(RuntimeError, match="chunk 7 failed"):
        list(local_executor(2)(_fails_at_seven, iter(range(12))))


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
    timing = ("elapsed_seconds", "workers")
    assert {k: v for k, v in json.loads(again.stdout).items() if k not in timing} == {
        k: v for k, v in data.items() if k not in timing
    }


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


# ---------------------------------------------------------------- duplicate runs, exact counts, intervals

# Per family a table and a run long enough for several duplicate boards, the last one cut. Where the
# rotations of a match last different numbers of hands (the dealer keeps the deal), seed 2 made the
# lab's old code keep different hands for a pool of workers (which draws chunks ahead) than for one.
_DUPLICATE_RUNS = [
    ("casual", {}, ["easy", "simple", "simple", "simple"], 24),
    ("chinese", {}, ["easy", "simple", "simple", "simple"], 72),
    ("nts", {}, ["easy", "simple", "simple", "simple"], 24),
    ("casual", {"rotate": True, "hands": 4}, ["easy", "simple", "simple", "simple"], 100),
    ("hkos", {}, ["easy", "simple", "simple", "simple"], 120),
    ("hkos", {"short_match": True}, ["easy", "simple", "simple", "simple"], 160),
    ("hkos", {"three_players": True, "short_match": True}, ["easy", "simple", "simple"], 60),
]


def _eager(ahead: int):
    """An executor that draws ``ahead`` chunks before playing any (as a pool of workers does)."""

    def run(function, chunks):
        iterator = iter(chunks)
        waiting = []
        while True:
            while len(waiting) < ahead:
                chunk = next(iterator, None)
                if chunk is None:
                    break
                waiting.append(chunk)
            if not waiting:
                return
            yield function(waiting.pop(0))

    return run


@pytest.mark.parametrize("rules, options, players, hands", _DUPLICATE_RUNS)
def test_a_duplicate_run_is_the_same_for_any_number_of_workers(rules, options, players, hands):
    # The bug this guards: chunks drawn ahead (as workers draw them) were given other hand limits
    # than chunks drawn one by one, and boards were cut unevenly, so the hands kept differed.
    runs = [
        run_lab(rules, players, hands, seed=2, duplicate=True, options=options, keep_logs=True, workers=1),
        run_lab(rules, players, hands, seed=2, duplicate=True, options=options, keep_logs=True, workers=2),
        run_lab(rules, players, hands, seed=2, duplicate=True, options=options, keep_logs=True, executor=_eager(9)),
    ]
    for other in runs[1:]:
        assert other.to_dict() == runs[0].to_dict()
        assert other.logs == runs[0].logs
        assert other.units == runs[0].units
    assert runs[0].hands == hands == len(runs[0].logs)
    # Every board is every rotation of one match cut to the same length: the same walls, in turn.
    seats = len(players)
    start = 0
    for size, _ in runs[0].units:
        assert size % seats == 0
        board = runs[0].logs[start : start + size]
        per_rotation = size // seats
        for k in range(per_rotation):
            walls = {board[r * per_rotation + k][0]["wall"] for r in range(seats)}
            assert len(walls) == 1
        start += size


@pytest.mark.parametrize("rules, options, hands", [("hkos", {}, 37), ("chinese", {}, 21), ("casual", {}, 5)])
def test_a_run_plays_exactly_the_hands_asked_for(rules, options, hands):
    result = run_lab(rules, ["simple"] * 4, hands, seed=3, options=options, workers=2)
    assert result.hands == hands == sum(size for size, _ in result.units)


def test_a_duplicate_run_needs_a_multiple_of_the_seats():
    with pytest.raises(LabError, match="multiple of 4.*e.g. 2000 or 2004"):
        run_lab("hkos", ["simple"] * 4, 2001, duplicate=True)
    with pytest.raises(LabError, match="multiple of 3"):
        run_lab("hkos", ["simple"] * 3, 10, duplicate=True, options={"three_players": True})
    assert run_lab("casual", ["simple"] * 4, 8, seed=1, duplicate=True).hands == 8
    done = run_sparrow("simulate", "-r", "casual", "-p", "simple", "-n", "10", "--duplicate")
    assert done.returncode == 2
    assert "multiple of 4" in done.stderr and done.stderr.count("\n") == 1


def test_the_t_quantile():
    assert lab_figures._t975(1) == pytest.approx(12.706, abs=1e-3)
    assert lab_figures._t975(9) == pytest.approx(2.262, abs=1e-3)
    assert lab_figures._t975(10) == pytest.approx(2.2281, abs=1e-4)
    assert lab_figures._t975(30) == pytest.approx(2.0423, abs=1e-4)
    assert lab_figures._t975(10**6) == pytest.approx(1.95996, abs=1e-4)


def test_duplicate_intervals_are_over_boards_centred_and_narrow_with_more_boards():
    few = run_lab("casual", ["easy", "simple", "simple", "simple"], 40, seed=6, duplicate=True)
    many = run_lab("casual", ["easy", "simple", "simple", "simple"], 400, seed=6, duplicate=True)
    assert len(few.units) == 10 and len(many.units) == 100  # a casual board: one deal, four rotations
    assert few.to_dict()["interval_unit"] == "board" and few.to_dict()["units"] == 10
    for result in (few, many):
        for stats in result.stats:
            for value, (low, high) in (
                (stats.win_rate, stats.win_rate_ci),
                (stats.deal_in_rate, stats.deal_in_rate_ci),
                (stats.net_per_hand, stats.net_per_hand_ci),
            ):
                assert low <= value <= high
            low, high = stats.net_per_hand_ci
            assert (low + high) / 2 == pytest.approx(stats.net_per_hand)  # centred on the figure shown
            assert stats.win_rate == stats.wins / result.hands
    for f, m in zip(few.stats, many.stats):
        assert m.net_per_hand_ci[1] - m.net_per_hand_ci[0] < f.net_per_hand_ci[1] - f.net_per_hand_ci[0]
    # Student's t over 10 boards: wider than the normal approximation would give.
    estimate, low, high = lab_figures._ratio_interval([1, 3, 0, 2, 5, 1, 0, 2, 4, 2], [4] * 10)
    assert estimate == 20 / 40 and (high - low) / 2 == pytest.approx(
        lab_figures._t975(9) * (sum((t - 2) ** 2 for t in [1, 3, 0, 2, 5, 1, 0, 2, 4, 2]) / 9 / 10) ** 0.5 / 4
    )


def test_the_paired_difference_is_the_difference_of_the_estimates():
    result = run_lab("casual", ["easy", "simple", "simple", "simple"], 80, seed=2, duplicate=True)
    stats = result.stats
    for mine in stats:
        others = [s for s in stats if s is not mine]
        for measure in lab_figures.MEASURES:
            difference, low, high = mine.vs_others[measure]
            expected = getattr(mine, measure) - sum(getattr(s, measure) for s in others) / len(others)
            assert difference == pytest.approx(expected)
            assert low <= difference <= high
    difference, low, high = result.compare(0, [1], "net_per_hand")
    assert difference == pytest.approx(stats[0].net_per_hand - stats[1].net_per_hand)
    paired = result.to_dict()["players"][0]["vs_others"]
    assert paired["win_rate"] == pytest.approx(stats[0].vs_others["win_rate"][0]) and len(paired["win_rate_ci"]) == 2


def test_simulate_json_names_the_version_seeds_players_and_time():
    from sparrow import __version__

    done = run_sparrow("simulate", "-r", "casual", "-p", "easy,simple,simple,simple", "-n", "8", "-s", "3", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["version"] == __version__
    assert data["seed"] == 3 and data["seeds"]["run"] == 3 and len(data["seeds"]["matches"]) == data["matches"] == 8
    assert data["seeds"]["matches"][0] == Chunk("casual", (), ("easy",) * 4, 3, 0, 0).match_seed()
    assert [(p["name"], p["kind"], p["level"]) for p in data["players"]] == [
        ("P1 easy", "bot", "easy"),
        ("P2 simple", "simple", "simple"),
        ("P3 simple", "simple", "simple"),
        ("P4 simple", "simple", "simple"),
    ]
    assert data["elapsed_seconds"] >= 0 and data["workers"] >= 1
    assert {"win_rate", "win_rate_ci", "net_per_hand", "net_per_hand_ci"} <= set(data["players"][0]["vs_others"])


def test_simulate_log_names_each_seats_player_and_is_the_same_for_any_workers(tmp_path):
    from sparrow.game.events import loads, split_hands

    paths = []
    for workers in ("1", "2"):
        path = tmp_path / f"log{workers}.jsonl"
        args = ("-r", "chinese", "-p", "easy,simple,simple,simple", "-n", "24", "--duplicate", "-w", workers)
        done = run_sparrow("simulate", *args, "--log", str(path), "--json")
        assert done.returncode == 0, done.stderr
        paths.append(path)
    assert paths[0].read_text() == paths[1].read_text()
    hands = split_hands(loads(paths[0].read_text()))
    assert len(hands) == 24
    for hand in hands:
        # hand_start's players name each seat's player: its place in --players and its kind or level.
        assert sorted(hand[0]["players"].values()) == ["P1 easy", "P2 simple", "P3 simple", "P4 simple"]
    assert len(replay_match([event for hand in hands for event in hand])) == 24


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_an_interrupted_simulation_keeps_a_readable_log(tmp_path, workers):
    import signal

    from sparrow.game.events import loads, split_hands

    path = tmp_path / "log.jsonl"
    args = [SPARROW, "simulate", "-r", "hkos", "-p", "simple", "-n", "1000000", "-w", workers, "--log", str(path)]
    # Its own process group, interrupted as a terminal's Ctrl-C does: every process of the group.
    # A test worker may run with SIGINT ignored, and a child inherits that: give it back the default,
    # as a terminal's shell does for the command it starts.
    process = subprocess.Popen(
        args,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler),
    )
    try:
        # Interrupted once a few hands are in the log; a loaded machine (the whole suite on two
        # cores) is given minutes, not seconds, for both the hands and the way out.
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and (not path.exists() or path.read_bytes().count(b'"hand_end"') < 3):
            time.sleep(0.2)
        os.killpg(process.pid, signal.SIGINT)
        _, stderr = process.communicate(timeout=240)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130, stderr
    assert "interrupted" in stderr and "keeps the" in stderr
    hands = split_hands(loads(path.read_text(encoding="utf-8")))
    assert len(hands) >= 2
    assert all(hand[-1]["event"] == "hand_end" for hand in hands)  # whole hands only
    assert len(replay_match([event for hand in hands for event in hand])) == len(hands)
