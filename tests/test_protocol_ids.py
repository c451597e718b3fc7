"""The JSON-lines protocol cannot fall out of step (docs/protocol.md, "Answers and request ids"): an
answer echoes its request's ``id``, a line that answers another request is discarded as stale, and
lines written between requests are never taken for an answer; a program that sends no ``id`` still
plays. Also: an outside player is named after what it is, a program that is gone has every later
decision of its match counted, and ``module:Class`` imports from the directory the command runs in."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from sparrow.game.match import Match
from sparrow.play.lab import run_lab
from sparrow.play.table import Table
from sparrow.seats import BotAgent, ProcessAgent, Seat
from tests.cli_support import run_sparrow

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
PYTHON = sys.executable
SPARROW = str(Path(PYTHON).with_name("sparrow"))

# The last legal action, as an action (not an index): an answer that only fits its own request, so
# an answer that reaches the wrong request shows as a fallback.
ANSWER = 'legal = message["legal"][-1]\nanswer = {"action": legal["action"], "tile": legal.get("tile")}'


def program(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return f"{PYTHON} {path}"


def bot(tmp_path: Path, name: str, answering: str) -> str:
    """A bot (no Sparrow import) that computes ``answer`` for each request and then runs ``answering``
    with ``message`` (the request), ``answer`` and ``requests`` (how many it has had) at hand."""
    lines = "\n".join("            " + line for line in (ANSWER + "\n" + textwrap.dedent(answering)).splitlines())
    return program(
        tmp_path,
        name,
        f"""
        import json, sys
        requests = 0
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] != "request":
                continue
            requests += 1
{lines}
        """,
    )


def play(agent, rules: str = "casual", seed: int = 1, hands: int = 2):
    """``hands`` hands with ``agent`` in player A's chair and Normal bots elsewhere; returns the
    finished hands and how many decisions the agent's seat was asked for."""
    asked = 0
    states = []
    match = Match(rules, seed, {}, ["A", "B", "C", "D"])
    others = {name: Seat(BotAgent("normal", n)) for n, name in enumerate(match.players) if name != "A"}
    for number in range(hands):
        if match.is_over:
            match = Match(rules, seed + number, {}, match.players)
        state = match.next_hand()
        while not state.is_over:
            seat = state.to_act[0]
            name = state.players[seat]
            asked += name == "A"
            player = agent if name == "A" else others[name]
            state.apply(player.choose(state, seat, state.legal_actions(seat)))
        match.record(state)
        states.append(state)
    return states, asked


def play_program(command: str, hands: int = 2):
    """:func:`play` with the program of ``command`` in player A's chair; returns the agent (closed),
    the finished hands, how many decisions it was asked for and the warnings it gave."""
    warnings = io.StringIO()
    agent = ProcessAgent(command, warn=warnings)
    try:
        states, asked = play(agent, hands=hands)
    finally:
        agent.close()
    return agent, states, asked, warnings.getvalue()


def test_a_stray_line_costs_one_decision_and_the_answers_stay_in_step(tmp_path):
    # One line of debugging on standard output before the first answer, then every answer with its id.
    command = bot(
        tmp_path,
        "stray",
        """
        if requests == 1:
            print("thinking...", flush=True)
        print(json.dumps({**answer, "id": message["id"]}), flush=True)
        """,
    )
    agent, states, asked, warnings = play_program(command)
    assert all(state.is_over for state in states) and asked > 10
    # The stray line was taken for the first answer (it carries no id); the first answer, read at the
    # second request, answers request 1: discarded, and every later answer fits its own request.
    assert agent.faults == {"not a JSON line": 1}
    assert agent.stale == 1
    assert "stale" in warnings and "request 1" in warnings


def test_a_program_that_echoes_ids_may_log_on_standard_output(tmp_path):
    # A log line before every answer: once the program is seen echoing ids (its first answer, found
    # stale at the second request), a line without the request's id is stale, never a fallen decision.
    command = bot(
        tmp_path,
        "logging",
        """
        print("thinking about request", message["id"], flush=True)
        print(json.dumps({**answer, "id": message["id"]}), flush=True)
        """,
    )
    agent, states, asked, warnings = play_program(command)
    assert all(state.is_over for state in states) and asked > 10
    assert agent.faults == {"not a JSON line": 1}  # the first request, before any id was seen
    assert agent.stale == asked  # every log line, and the first answer
    assert "no id, while waiting for the answer to request 2" in warnings


def test_an_answer_to_another_request_is_discarded(tmp_path):
    # Each request gets a line with a wrong id first (a duplicate, a late answer), then its answer.
    command = bot(
        tmp_path,
        "wrong_ids",
        """
        print(json.dumps({"choose": 0, "id": message["id"] + 1000}), flush=True)
        print(json.dumps({**answer, "id": message["id"]}), flush=True)
        """,
    )
    agent, _, asked, warnings = play_program(command)
    assert not agent.faults
    assert agent.stale == asked


def test_lines_written_between_requests_are_never_an_answer(tmp_path):
    # An answer followed by a log line in the same write, from a program that sends no id: the log
    # line waits in the pipe when the next request is written, and is discarded then.
    command = bot(
        tmp_path,
        "chatty",
        """
        sys.stdout.write(json.dumps(answer) + "\\nanswered request " + str(message["id"]) + "\\n")
        sys.stdout.flush()
        """,
    )
    agent, _, asked, warnings = play_program(command)
    assert not agent.faults
    assert agent.stale >= asked - 2  # each request's log line (the last ones may still be on the way)
    assert "answered request" in warnings


def test_a_program_that_sends_no_id_still_plays(tmp_path):
    command = bot(tmp_path, "old", "print(json.dumps(answer), flush=True)")
    agent, states, _, warnings = play_program(command)
    assert all(state.is_over for state in states) and not agent.faults and agent.stale == 0


def test_the_examples_echo_the_request_id():
    request = {"type": "request", "id": 7, "seat": "E", "observation": {"id": 99}, "legal": [{"action": "pass"}]}
    lines = json.dumps({"type": "match", "seed": 1}) + "\n" + json.dumps(request, separators=(",", ":")) + "\n"
    for command in ([PYTHON, str(EXAMPLES / "random_bot.py")], ["sh", str(EXAMPLES / "first_legal.sh")]):
        done = subprocess.run(command, input=lines + '{"type":"end"}\n', capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["id"] == 7, command


def test_a_program_gone_mid_match_has_every_later_decision_counted(tmp_path):
    gone = program(tmp_path, "gone", "import sys\nsys.stdin.readline()\n")
    agent, states, asked, warnings = play_program(gone, hands=1)
    # Every decision of the seat fell to the built-in bot, and the hand's end in the log says so.
    assert agent.faults == {"the program exited": asked} and asked > 10
    assert warnings.count("the program exited") == 1  # one warning, not one a decision
    result = run_lab("casual", [f"cmd:{gone}", "normal", "normal", "normal"], 1, seed=3, keep_logs=True)
    fell = result.logs[0][-1]["fallbacks"]
    assert sum(sum(reasons.values()) for reasons in fell.values()) == result.stats[0].fallbacks > 10


def test_an_outside_player_is_named_after_what_it_is(tmp_path, monkeypatch):
    (tmp_path / "named_agents.py").write_text(
        "class Greedy:\n    def act(self, observation, legal):\n        return legal[-1]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "named_agents", raising=False)
    table = Table("hkos", "normal", 5, opponents=["named_agents:Greedy", f"cmd:{PYTHON} {EXAMPLES / 'random_bot.py'}"])
    try:
        names = sorted(name for name in table.match.players if name != "You")
    finally:
        table.close()
    # The chairs keep their numbers round the table; each is called after what sits in it.
    assert [name.split()[0] for name in names] == ["Greedy", "Normal", "random_bot.py"]
    assert sorted(name.split()[1] for name in names) == ["1", "2", "3"]
    done = run_sparrow("play", "--rules", "hkos", "--seed", "5", "--opponent", "named_agents:Greedy", stdin="q\n")
    assert done.returncode == 0, done.stderr
    assert "Greedy 1 (W)" in done.stdout and "Normal 1" not in done.stdout  # chair 1 is the agent's


def test_a_module_in_the_directory_the_command_runs_in_imports(tmp_path):
    (tmp_path / "here_agents.py").write_text(
        "class Greedy:\n    def act(self, observation, legal):\n        return legal[-1]\n"
    )
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    done = subprocess.run(
        [SPARROW, "simulate", "--rules", "casual", "--players", "here_agents:Greedy,normal,normal,normal",
         "--hands", "3", "--workers", "1", "--json"],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["hands"] == 3
