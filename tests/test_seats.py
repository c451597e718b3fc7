"""Seats open to any program: outside bots over the JSON-lines protocol (docs/protocol.md) and Python
agents named module:Class, in the lab and on the command line; a bot that misbehaves never stops the
table (the decision falls to a built-in bot and the fault is counted and told)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sparrow.game.events import loads
from sparrow.game.match import Match
from sparrow.game.replay import replay_match
from sparrow.play.lab import LabError, parse_players, run_lab
from sparrow.seats import AgentError, ProcessAgent, Seat, load_agent

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
PYTHON = sys.executable


def program(tmp_path: Path, body: str) -> str:
    """A bot program in Python (no Sparrow import), as a cmd: command."""
    path = tmp_path / f"bot{abs(hash(body)) % 10**8}.py"
    path.write_text(textwrap.dedent(body))
    return f"{PYTHON} {path}"


def play(rules: str, agent, seed: int = 1, hands: int = 1, options=None):
    """``hands`` hands of a match with ``agent`` in player 0's chair and Normal bots elsewhere."""
    match = Match(rules, seed, options or {}, ["A", "B", "C", "D"][: 3 if options else 4])
    from sparrow.seats import BotAgent

    others = {name: Seat(BotAgent("normal", n)) for n, name in enumerate(match.players) if name != "A"}
    players = {"A": agent, **others}
    states = []
    for number in range(hands):
        if match.is_over:  # a casual match is one hand: the next one starts another
            match = Match(rules, seed + number, options or {}, match.players)
        state = match.next_hand()
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(players[state.players[seat]].choose(state, seat, state.legal_actions(seat)))
        match.record(state)
        states.append(state)
    return states


@pytest.mark.parametrize(
    ("rules", "options"),
    [("casual", None), ("nts", None), ("hkos", None), ("chinese", None), ("hkos", {"three_players": True})],
)
@pytest.mark.parametrize("example", ["random_bot.py", "first_legal.sh"])
def test_the_example_bots_play_every_family_without_a_fault(rules, options, example):
    command = f"{PYTHON} {EXAMPLES / example}" if example.endswith(".py") else f"sh {EXAMPLES / example}"
    warnings = io.StringIO()
    agent = ProcessAgent(command, warn=warnings)
    try:
        states = play(rules, agent, hands=2, options=options)
    finally:
        agent.close()
    assert all(state.is_over for state in states)
    assert not agent.faults and warnings.getvalue() == ""


def test_the_program_sees_only_its_own_seat(tmp_path):
    seen = tmp_path / "seen.jsonl"
    command = program(
        tmp_path,
        f"""
        import json, sys
        out = open({str(seen)!r}, "w")
        for line in sys.stdin:
            out.write(line)
            message = json.loads(line)
            if message["type"] == "request":
                print(json.dumps({{"choose": 0}}), flush=True)
        """,
    )
    agent = ProcessAgent(command)
    states = play("hkos", agent, hands=1)
    agent.close()
    messages = [json.loads(line) for line in seen.read_text().splitlines()]
    requests = [m for m in messages if m["type"] == "request"]
    events = [m["event"] for m in messages if m["type"] == "event"]
    assert requests and messages[-1] == {"type": "end"}
    assert events[0]["event"] == "hand_start" and events[0].get("wall") is None  # no wall order
    deal = next(e for e in events if e["event"] == "deal")
    mine = requests[0]["seat"]
    assert all(hand is None for seat, hand in deal["hands"].items() if seat != mine) and deal["hands"][mine]
    assert events[-1]["event"] == "hand_end"  # the rest of the hand reaches it at the end
    for request in requests:
        assert "legal_actions" not in request["observation"] and request["legal"]  # the list is sent once
    assert len([e for e in states[0].events if e["event"] == "draw"]) >= len(
        [e for e in events if e["event"] == "draw"]
    )


@pytest.mark.parametrize(
    ("body", "fault"),
    [
        ('print("this is not json", flush=True)', "not a JSON line"),
        ('print(json.dumps({"action": "discard", "tile": "9x"}), flush=True)', "not an action"),
        ('print(json.dumps({"action": "concealed_kong", "tile": "1m"}), flush=True)', "not a legal action now"),
        ('print(json.dumps({"choose": 999}), flush=True)', "no legal action number 999"),
        ("print(json.dumps([1, 2]), flush=True)", "not an action"),
    ],
)
def test_a_wrong_answer_falls_to_the_built_in_bot_and_is_counted(tmp_path, body, fault):
    command = program(
        tmp_path,
        f"""
        import json, sys
        for line in sys.stdin:
            if json.loads(line)["type"] == "request":
                {body}
        """,
    )
    warnings = io.StringIO()
    agent = ProcessAgent(command, warn=warnings)
    states = play("casual", agent, hands=1)
    agent.close()
    assert states[0].is_over
    assert list(agent.faults) == [fault] and agent.faults[fault] >= 1
    assert "a built-in bot decides" in warnings.getvalue()


def test_a_bot_that_is_too_slow_or_exits_is_retired_and_the_hand_goes_on(tmp_path):
    slow = program(tmp_path, "import sys, time\nfor line in sys.stdin:\n    time.sleep(5)\n")
    agent = ProcessAgent(slow, time_limit=0.2, warn=io.StringIO())
    states = play("casual", agent, hands=2)
    agent.close()
    # Every decision from the timeout on fell to the built-in bot, each counted under the reason.
    assert all(state.is_over for state in states) and list(agent.faults) == ["no answer within 0.2 s"]
    assert agent.faults["no answer within 0.2 s"] > 1
    gone = program(tmp_path, "import sys\nsys.stdin.readline()\n")
    agent = ProcessAgent(gone, warn=io.StringIO())
    states = play("casual", agent, hands=1)
    agent.close()
    assert states[0].is_over and list(agent.faults) == ["the program exited"] and agent.faults["the program exited"] > 1
    missing = ProcessAgent("/no/such/program", warn=io.StringIO())
    assert play("casual", missing)[0].is_over and list(missing.faults) == ["could not start '/no/such/program'"]


def test_a_python_agent_named_module_and_class(tmp_path, monkeypatch):
    (tmp_path / "my_agents.py").write_text(
        textwrap.dedent(
            """
            class Greedy:
                def __init__(self, seed=0):
                    self.seed = seed
                    self.calls = 0

                def act(self, observation, legal):
                    self.calls += 1
                    return next((a for a in legal if a.kind.value == "win"), legal[-1])

            class Broken:
                def act(self, observation, legal):
                    raise RuntimeError("boom")

            class Wandering:
                def __init__(self):
                    self.turns = 0

                def act(self, observation, legal):
                    self.turns += 1
                    return f"dance {self.turns - 1}"

            NotAnAgent = dict
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    agent = load_agent("my_agents:Greedy", seed=3)
    assert agent.seed == 3
    seat = Seat(agent)
    assert play("nts", seat)[0].is_over and agent.calls > 0 and not seat.faults
    told = io.StringIO()
    broken = Seat(load_agent("my_agents:Broken"), warn=told)
    assert play("casual", broken)[0].is_over and list(broken.faults) == ["the agent failed"]
    # Why is said once, however many decisions fell to the built-in bot for it.
    assert told.getvalue().count("\n") == 1 and broken.faults["the agent failed"] > 1
    assert "(my_agents:Broken): the agent failed: RuntimeError: boom; a built-in bot decides" in told.getvalue()
    # A different wrong answer every time is still one kind of fault: said once.
    told = io.StringIO()
    wandering = Seat(load_agent("my_agents:Wandering"), warn=told)
    assert play("casual", wandering)[0].is_over and wandering.faults["not a legal action"] > 1
    assert told.getvalue().count("\n") == 1 and "not a legal action: 'dance 0'" in told.getvalue()
    result = run_lab("casual", ["my_agents:Greedy", "normal", "normal", "normal"], 20, seed=2)
    assert result.hands == 20
    for path, words in [
        ("my_agents:Nobody", "has no 'Nobody'"),
        ("no_such_module:Agent", "does not import"),
        ("my_agents:NotAnAgent", "has no act"),
        ("just_a_name:", "module:Class"),
    ]:
        with pytest.raises(AgentError, match=words):
            load_agent(path)
    with pytest.raises(LabError, match="does not import"):
        parse_players("no_such_module:Agent,normal,normal,normal")


def test_the_command_line_seats_an_outside_bot_and_refuses_a_bad_one_in_one_line(tmp_path):
    log = tmp_path / "games.jsonl"
    command = f"cmd:{PYTHON} {EXAMPLES / 'random_bot.py'}"
    done = subprocess.run(
        [PYTHON, "-m", "sparrow.cli", "simulate", "--rules", "casual", "--players", f"{command},normal,normal,normal",
         "--hands", "30", "--seed", "4", "--json", "--log", str(log)],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["hands"] == 30
    assert sum(1 for e in loads(log.read_text()) if e["event"] == "hand_start") == 30
    bad = subprocess.run(
        [PYTHON, "-m", "sparrow.cli", "simulate", "--rules", "casual", "--players", "no_such_module:Agent,normal,normal,normal", "--hands", "4"],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1 and "does not import" in bad.stderr


def test_a_person_plays_against_an_outside_bot_at_the_table(tmp_path):
    from sparrow.play.table import Table, TableError

    table = Table("hkos", "normal", 5, opponents=[f"cmd:{PYTHON} {EXAMPLES / 'random_bot.py'}", "expert"])
    outside = next(iter(table.seated.values()))
    assert len(table.seated) == 1 and isinstance(outside, ProcessAgent)
    step = table.start()
    while not step.hand_over:
        step = table.act(step.observation.legal_actions[0])
    assert step.result is not None and not outside.faults
    # The log replays without the program: its decisions are in it.
    again = Table.from_log("hkos", "normal", 5, table.log())
    assert again.log() == table.log()
    # A program that answers garbage: the built-in bot decides, and the hand's end in the log says why.
    garbage = program(
        tmp_path, 'import sys\nfor line in sys.stdin:\n    if \'"request"\' in line:\n        print("??", flush=True)\n'
    )
    table = Table("casual", "normal", 5, opponents=[f"cmd:{garbage}"], own_programs=True)
    step = table.start()
    while not step.hand_over:
        step = table.act(step.observation.legal_actions[0])
    table.close()
    fell = table.log()[-1]["fallbacks"]
    assert list(fell) == [seat for seat, name in table.log()[0]["players"].items() if name in table.seated]
    assert list(next(iter(fell.values()))) == ["not a JSON line"]
    assert Table.from_log("casual", "normal", 5, table.log()).hand_over  # replays: the field is ignored
    with pytest.raises(TableError, match="does not import"):
        Table("casual", "normal", 1, opponents=["no_such_module:Agent"])
    with pytest.raises(TableError, match="unknown opponent"):
        Table("casual", "normal", 1, opponents=["grandmaster"])
    done = subprocess.run(
        [PYTHON, "-m", "sparrow.cli", "play", "--opponent", "no_such_module:Agent"],
        capture_output=True, text=True, cwd=ROOT, timeout=120, input="",
    )  # fmt: skip
    assert done.returncode == 2 and "does not import" in done.stderr and "Traceback" not in done.stderr


def test_the_runs_summary_counts_the_decisions_the_built_in_bot_took(tmp_path):
    garbage = program(
        tmp_path, 'import sys\nfor line in sys.stdin:\n    if \'"request"\' in line:\n        print("??", flush=True)\n'
    )
    result = run_lab("casual", [f"cmd:{garbage}", "normal", "normal", "normal"], 6, seed=3, keep_logs=True)
    stats = result.stats[0]
    assert stats.fallbacks > 0 and stats.to_dict()["fallbacks"] == stats.fallbacks
    assert all(other.fallbacks == 0 for other in result.stats[1:])
    # The log says why, hand by hand, in hand_end (a field readers ignore: every hand still replays).
    said = 0
    for log in result.logs:
        end = log[-1]
        program_seat = next(seat for seat, name in log[0]["players"].items() if name.startswith("P1 "))
        assert set(end.get("fallbacks", {})) <= {program_seat}
        said += sum(end.get("fallbacks", {}).get(program_seat, {}).values())
        assert set(end.get("fallbacks", {}).get(program_seat, {})) <= {"not a JSON line"}
    assert said == stats.fallbacks
    assert len(replay_match([event for log in result.logs for event in log])) == 6
    done = subprocess.run(
        [PYTHON, "-m", "sparrow.cli", "simulate", "--rules", "casual", "--players", f"cmd:{garbage},normal,normal,normal",
         "--hands", "4", "--seed", "3", "--workers", "1"],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0 and "taken by the built-in bot" in done.stdout
    assert "not a JSON line" in done.stderr


def test_each_match_begins_with_its_seed_and_a_program_that_exited_comes_back(tmp_path):
    # The program writes down each match's seed, and exits at the first request of its first life
    # (a marker file tells the second life from the first).
    seeds, marker = tmp_path / "seeds.txt", tmp_path / "lived"
    bot = program(
        tmp_path,
        f"""
        import json, os, sys
        first_life = not os.path.exists({str(marker)!r})
        open({str(marker)!r}, "w").close()
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] == "match":
                with open({str(seeds)!r}, "a") as out:
                    out.write(str(message["seed"]) + "\\n")
            elif message["type"] == "request":
                if first_life:
                    sys.exit(0)
                print(json.dumps({{"choose": 0}}), flush=True)
        """,
    )
    # Casual: a match is one hand, so three hands are three matches, all on one program in turn.
    result = run_lab("casual", [f"cmd:{bot}", "normal", "normal", "normal"], 3, seed=5, workers=1, keep_logs=True)
    written = [int(line) for line in seeds.read_text().split()]
    assert len(set(written)) == len(written) == 3  # a seed of its own for every match
    # The first match fell to the built-in bot once the program had gone (each of its decisions
    # counted); the program was started again for the next match and answered every request there.
    first, *others = (log[-1].get("fallbacks", {}) for log in result.logs)
    assert [list(reasons) for reasons in first.values()] == [["the program exited"]] and not any(others)
    assert result.stats[0].fallbacks == sum(first.popitem()[1].values()) > 1
    again = run_lab("casual", [f"cmd:{bot}", "normal", "normal", "normal"], 3, seed=5, workers=1)
    assert again.stats[0].fallbacks == 0  # its marker says it lived before: no exit this time
