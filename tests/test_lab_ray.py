"""The lab on Ray (``sparrow.play.executors.ray_executor``, ``sparrow simulate --ray``): a local Ray
instance started by the test plays the same hands, log and summary as a local run of the same seed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from sparrow.play.executors import LabClusterError, check_cluster, ray_executor
from sparrow.play.lab import run_lab
from tests.cli_support import run_sparrow
from tests.test_lab import _DUPLICATE_RUNS

ray = pytest.importorskip("ray")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PYTHON = sys.executable


@pytest.fixture(scope="module")
def local_ray():
    """One Ray instance for the module, two CPUs (as many as the test machine has)."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def _same(first, second) -> None:
    assert second.to_dict() == first.to_dict()
    assert second.logs == first.logs
    assert second.units == first.units


@pytest.mark.slow
@pytest.mark.parametrize("rules, options, players, hands", _DUPLICATE_RUNS)
def test_a_duplicate_run_on_ray_is_the_local_run(local_ray, rules, options, players, hands):
    local = run_lab(rules, players, hands, seed=2, duplicate=True, options=options, keep_logs=True, workers=1)
    on_ray = run_lab(
        rules, players, hands, seed=2, duplicate=True, options=options, keep_logs=True, executor=ray_executor()
    )
    _same(local, on_ray)
    assert on_ray.hands == hands


@pytest.mark.slow
def test_a_plain_run_of_bots_on_ray_is_the_local_run(local_ray):
    players = ["expert", "normal", "easy", "normal"]
    local = run_lab("hkos", players, 37, seed=6, keep_logs=True, workers=2)
    # One task in play at a time and the whole cluster: the hands do not depend on it.
    for executor in (ray_executor(workers=1), ray_executor()):
        _same(local, run_lab("hkos", players, 37, seed=6, keep_logs=True, executor=executor))


@pytest.mark.slow
def test_outside_programs_play_the_same_on_ray(local_ray):
    # Each worker keeps its own copy of a program from match to match; the match message's seed
    # makes the example bot's random choices the same wherever a match is played.
    players = [f"cmd:{PYTHON} {EXAMPLES / 'random_bot.py'}", "normal", f"cmd:sh {EXAMPLES / 'first_legal.sh'}", "easy"]
    local = run_lab("nts", players, 24, seed=4, duplicate=True, keep_logs=True, workers=1)
    _same(local, run_lab("nts", players, 24, seed=4, duplicate=True, keep_logs=True, executor=ray_executor()))
    assert [stats.fallbacks for stats in local.stats] == [0, 0, 0, 0]  # the programs answered every time


@pytest.mark.slow
def test_simulate_on_ray_writes_the_same_log_and_result(tmp_path):
    # The command starts a Ray of its own for the run (and stops it after).
    outputs = {}
    for name, where in (("local", ["-w", "2"]), ("ray", ["--ray"])):
        log = tmp_path / f"{name}.jsonl"
        args = ["-r", "chinese", "-p", "expert,normal,easy,normal", "-n", "24", "-s", "8", "--duplicate"]
        done = run_sparrow("simulate", *args, *where, "--log", str(log), "--json")
        assert done.returncode == 0, done.stderr
        data = json.loads(done.stdout)
        for timing in ("elapsed_seconds", "workers"):
            data.pop(timing)
        outputs[name] = (data, log.read_bytes())
    assert outputs["ray"][0].pop("ray") == "local"
    assert outputs["ray"] == outputs["local"]
    assert outputs["local"][1].count(b'"event":"hand_start"') == 24


def test_an_address_where_no_cluster_answers_is_one_line(tmp_path):
    log = tmp_path / "log.jsonl"
    done = run_sparrow("simulate", "-r", "casual", "-n", "4", "--ray", "127.0.0.1:1", "--log", str(log))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: cannot reach a Ray cluster at '127.0.0.1:1': Connection refused"
    ]
    assert not log.exists()  # said before anything was opened or played
    with pytest.raises(LabClusterError, match="HOST:PORT"):
        check_cluster("not an address")


def test_without_ray_installed_the_run_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails
    with pytest.raises(LabClusterError, match=r"Ray is not installed: pip install 'sparrow-mahjong\[ray\]'"):
        check_cluster(None)
    with pytest.raises(LabClusterError, match="Ray is not installed"):
        run_lab("casual", ["normal"] * 4, 4, executor=ray_executor())
    done = run_sparrow("simulate", "-r", "casual", "-n", "4", "--ray")
    assert done.returncode == 2 and "Ray is not installed" in done.stderr
