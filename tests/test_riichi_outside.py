"""Outside players at the Riichi table and on the command line, as a tester who writes a bot from the
docs meets them: a fault's reason is shown and logged as at the other families' tables, every
decision a built-in player takes for a bot that is gone is counted, an mjai bot is told how the match
ends, the outside player is named by its program, ``q`` leaves ``sparrow play`` the same way at every
table, ``sparrow simulate --json`` is one strict JSON shape for every family, and the help and docs
say what the code does."""

from __future__ import annotations

import json
import math
import sys
import textwrap
from pathlib import Path

import pytest
from rich.console import Console

from sparrow.bots.riichi import RiichiBot
from sparrow.game.riichi import observation
from sparrow.game.riichi.match import RiichiMatch
from sparrow.play.lab import run_lab
from sparrow.play.table import Table
from sparrow.rules.riichi.presets import MatchOptions
from sparrow.seats.mjai import MjaiProcess, MjaiSeat
from tests.cli_support import run_sparrow

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "mjai_tsumogiri.py"
PYTHON = sys.executable
TONPUU = ("-o", "length=tonpuu")


def program(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return f"{PYTHON} {path}"


def garbage(tmp_path: Path) -> str:
    return program(tmp_path, "garbage", "import sys\nfor line in sys.stdin:\n    print('garbage!', flush=True)\n")


def recorder(tmp_path: Path) -> tuple[str, Path]:
    """A tsumogiri mjai bot that writes down every message it is sent."""
    seen = tmp_path / "seen.jsonl"
    command = program(
        tmp_path,
        "recorder",
        f"""
        import json, sys
        me = None
        with open({str(seen)!r}, "w") as out:
            for line in sys.stdin:
                messages = json.loads(line)
                for message in messages:
                    out.write(json.dumps(message) + "\\n")
                    out.flush()
                    if message["type"] == "start_game":
                        me = message["id"]
                last = messages[-1]
                answer = {{"type": "none"}}
                if last["type"] == "tsumo" and last["actor"] == me:
                    answer = {{"type": "dahai", "actor": me, "pai": last["pai"], "tsumogiri": True}}
                print(json.dumps(answer), flush=True)
        """,
    )
    return command, seen


# ---------------------------------------------------------------------------- faults: told, logged, counted


def test_a_riichi_fault_is_told_and_logged_with_its_reason(tmp_path, capsys):
    result = run_lab("riichi", [f"cmd:{garbage(tmp_path)}", "random", "random", "random"], 1, seed=2,
                     options={"length": "tonpuu"}, keep_logs=True)  # fmt: skip
    told = capsys.readouterr().err
    assert "not a JSON line: b'garbage!'" in told and "a built-in player decides" in told
    said = 0
    for event in (event for hand in result.logs for event in hand):
        if event["event"] == "hand_end" and "fallbacks" in event:
            ((seat, reasons),) = event["fallbacks"].items()
            assert seat in "ESWN" and list(reasons) == ["not a JSON line"]
            said += reasons["not a JSON line"]
    assert said == result.stats[0].fallbacks > 0
    done = run_sparrow("simulate", "--rules", "riichi", "-p", f"cmd:{garbage(tmp_path)},random,random,random",
                       "-n", "1", "-w", "1", *TONPUU)  # fmt: skip
    assert done.returncode == 0 and "not a JSON line" in done.stderr
    assert "taken by the built-in bot" in done.stdout


def _play(seat_of_bot: int, bot, hands: int = 1):
    """Hands of a match with ``bot`` (an mjai bot) at one seat; returns the seat and how many
    decisions it was asked for."""
    match = RiichiMatch(3, MatchOptions(length="tonpuu"))
    others = [RiichiBot("normal", s) for s in range(4)]
    seat = MjaiSeat(seat_of_bot, bot, fallback=lambda legal: legal[0])
    asked = 0
    for _ in range(hands):
        hand = match.next_hand()
        while not hand.over:
            turn = hand.to_act[0]
            legal = hand.legal_actions(turn)
            if turn == seat_of_bot:
                asked += 1
                action = seat.act(match.log + hand.events, legal)
            else:
                action = others[turn].act(observation(hand, turn), legal)
            hand.apply(action)
        match.record(hand)
    return seat, asked


def test_every_decision_after_an_mjai_bot_is_gone_is_counted(capsys):
    process = MjaiProcess([PYTHON, "-c", "pass"], time_limit=2)
    try:
        seat, asked = _play(1, process, hands=2)
    finally:
        process.close()
    assert seat.gone and asked > 5
    assert seat.faults == {"the program exited": asked}
    assert capsys.readouterr().err.count("the program exited") == 1  # told once, counted each time


def test_a_line_an_mjai_bot_writes_before_it_is_asked_is_never_its_answer(tmp_path, capsys):
    # Each answer comes with a log line after it, in the same write: mjai's answers carry no id, so
    # the log line must not be read as the answer to the next question.
    chatty = program(
        tmp_path,
        "chatty",
        """
        import json, sys
        me = None
        for line in sys.stdin:
            messages = json.loads(line)
            me = next((m["id"] for m in messages if m["type"] == "start_game"), me)
            last = messages[-1]
            answer = {"type": "none"}
            if last["type"] == "tsumo" and last["actor"] == me:
                answer = {"type": "dahai", "actor": me, "pai": last["pai"], "tsumogiri": True}
            sys.stdout.write(json.dumps(answer) + "\\nthought about " + str(len(messages)) + " messages\\n")
            sys.stdout.flush()
        """,
    )
    process = MjaiProcess(chatty.split(), time_limit=5)
    try:
        seat, asked = _play(2, process)
    finally:
        process.close()
    assert asked > 5 and not seat.faults
    assert process.stale >= asked - 1 and "thought about" in capsys.readouterr().err


# ---------------------------------------------------------------------------- the end of the match


def _assert_told_the_end(seen: Path, hands: int) -> None:
    messages = [json.loads(line) for line in seen.read_text().splitlines()]
    assert messages[-1]["type"] == "end_game" and len(messages[-1]["scores"]) == 4
    assert messages[-2]["type"] == "end_kyoku" and messages[-3]["type"] in ("hora", "ryukyoku")
    assert sum(m["type"] == "end_kyoku" for m in messages) == hands


def test_an_mjai_bot_in_the_lab_is_told_how_the_match_ends(tmp_path):
    command, seen = recorder(tmp_path)
    result = run_lab(
        "riichi", [f"cmd:{command}", "random", "random", "random"], 1, seed=4, options={"length": "tonpuu"}
    )
    assert result.stats[0].fallbacks == 0
    _assert_told_the_end(seen, result.hands)


def test_an_mjai_bot_at_a_person_s_table_is_told_how_the_match_ends(tmp_path):
    command, seen = recorder(tmp_path)
    table = Table("riichi", "easy", 6, {"length": "tonpuu"}, opponents=[f"cmd:{command}"], forced=True)
    try:
        step = table.start()
        while not table.match_over:
            if table.hand_over:
                step = table.next_hand()
                continue
            step = table.act(step.observation.legal_actions[0])
    finally:
        table.close()
    assert not next(iter(table.seated.values())).faults
    _assert_told_the_end(seen, table.match.hands_played)


# ---------------------------------------------------------------------------- sparrow play


def test_the_riichi_terminal_names_the_outside_player_by_its_program():
    done = run_sparrow("play", "--rules", "riichi", "--seed", "2", "--opponent", f"cmd:{PYTHON} {EXAMPLE}", stdin="q\n")
    assert done.returncode == 0, done.stderr
    assert "mjai_tsumogiri.py 2" in done.stdout and "cmd " not in done.stdout


@pytest.mark.parametrize("rules", ["casual", "riichi"])
def test_leaving_sparrow_play_has_one_exit_code_at_every_table(rules, monkeypatch):
    # q (or the end of the input) is leaving on purpose: 0 at every table.
    for typed in ("q\n", ""):
        done = run_sparrow("play", "--rules", rules, "--seed", "3", stdin=typed)
        assert done.returncode == 0, (typed, done.stderr)

    # Ctrl-C at the prompt is an interrupt: 130, as for any command.
    def interrupted(self, prompt=""):
        raise KeyboardInterrupt

    monkeypatch.setattr(Console, "input", interrupted)
    assert run_sparrow("play", "--rules", rules, "--seed", "3").returncode == 130


# ---------------------------------------------------------------------------- sparrow simulate --json


def _strict(text: str):
    def refuse(name: str):
        raise ValueError(f"not JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def _intervals(data, where: str = ""):
    """Every ``*_ci`` of a parsed result, with where it stands."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key.endswith("_ci"):
                yield f"{where}.{key}", value
            yield from _intervals(value, f"{where}.{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _intervals(value, f"{where}[{index}]")


def test_simulate_json_is_one_strict_shape_for_every_family():
    shapes = {}
    for rules, extra in (("casual", ("-n", "4")), ("riichi", ("-n", "1", *TONPUU))):
        done = run_sparrow("simulate", "--rules", rules, "-p", "random", "-w", "1", "--seed", "7", "--json", *extra)
        assert done.returncode == 0, done.stderr
        data = _strict(done.stdout)
        shapes[rules] = data
        assert data["rules"] == rules and data["seed"] == 7 and data["seeds"]["run"] == 7
        assert len(data["seeds"]["matches"]) == data["matches"] and data["version"]
        assert [p["player"] for p in data["players"]] == [0, 1, 2, 3]
        intervals = dict(_intervals(data))
        assert intervals, rules
        for where, interval in intervals.items():
            assert isinstance(interval, list) and len(interval) == 2, where
            assert all(end is None or (isinstance(end, (int, float)) and math.isfinite(end)) for end in interval)
    casual, riichi = shapes["casual"], shapes["riichi"]
    common = {"version", "rules", "options", "seed", "seeds", "hands", "matches", "duplicate", "interval_unit",
              "units", "players", "workers", "elapsed_seconds"}  # fmt: skip
    assert common <= set(casual) and common <= set(riichi)
    per_player = {
        "player",
        "name",
        "kind",
        "level",
        "hands",
        "wins",
        "win_rate",
        "deal_ins",
        "deal_in_rate",
        "fallbacks",
    }
    for data in (casual, riichi):
        for player in data["players"]:
            assert per_player <= set(player)
    # One match: the result has no interval, said as null at both ends.
    assert riichi["players"][0]["result_ci"] == [None, None] and riichi["interval_unit"] == "match"


# ---------------------------------------------------------------------------- help and docs


def test_the_help_and_the_docs_say_what_the_code_does():
    assert "'sparrow-mahjong[ray]'" in run_sparrow("simulate", "--help").stdout  # the brackets are kept
    score = " ".join(run_sparrow("score", "--help").stdout.replace("│", " ").split())
    assert "The ruleset for --hand: nts, hkos, chinese, casual or riichi." in score
    protocol = (ROOT / "docs" / "protocol.md").read_text()
    agents = (ROOT / "docs" / "agents.md").read_text()
    # The web table seats outside programs, Riichi included (sparrow serve --opponent NAME=KIND).
    assert "do not offer Riichi yet" not in protocol and "seats only the built-in bots" not in agents
    assert "sparrow serve --opponent" in agents
    # The protocol says where the logs go and how an answer is matched with its request.
    assert "standard error" in protocol and '"id"' in protocol.split("What the program answers")[1]
