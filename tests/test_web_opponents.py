"""Outside programs at the web table: the server's operator offers them by name
(``sparrow serve --opponent NAME=KIND``), a player picks one as the computer opponents, and the server
stays the referee (each program sees only its own seat; it runs for that game alone, is stopped when
the game leaves memory, and comes back from the log)."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

from sparrow.web.app import create_app
from tests.cli_support import run_sparrow
from tests.web_support import Player, plain

ROOT = Path(__file__).resolve().parents[1]
RANDOM_BOT = ROOT / "examples" / "random_bot.py"


def _programs_running(marker: str) -> int:
    """Processes (children of this one) whose command line names ``marker``."""
    count = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().decode(errors="replace")
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if marker in command and parent == os.getpid():
            count += 1
    return count


@pytest.fixture
def bot_copy(tmp_path):
    """The example bot under a path of this test's own, to count its processes."""
    path = tmp_path / "table_bot.py"
    path.write_text(RANDOM_BOT.read_text())
    return path


def _app(tmp_path, opponents):
    return create_app(f"sqlite:///{tmp_path / 'games.db'}", game_seeds=iter(range(100, 200)), opponents=opponents)


def _play_hand(player: Player, view: dict, rng: random.Random) -> dict:
    while not view["hand_over"]:
        answer = player.act(view["id"], plain(rng.choice(view["observation"]["legal_actions"])))
        assert answer.status_code == 200, answer.text
        view = answer.json()
    return view


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="counts processes in /proc")
def test_an_offered_program_plays_a_game_in_the_browser_and_comes_back_from_the_log(tmp_path, bot_copy):
    application = _app(tmp_path, {"tablebot": f"cmd:{sys.executable} {bot_copy}"})
    player = Player(application)
    choices = player.get("/api/choices").json()
    assert choices["levels"] == ["easy", "normal", "expert", "tablebot"]
    assert 'value="tablebot"' in player.get("/").text  # offered beside the levels on the home page

    view = player.new_game(rules="hkos", level="tablebot")
    assert view["level"] == "tablebot"
    players = next(event["players"] for event in view["events"] if event["event"] == "hand_start")
    names = [name for seat, name in players.items() if seat != view["seat"]]
    assert sorted(names) == ["tablebot 1", "tablebot 2", "tablebot 3"]
    rng = random.Random(3)
    view = _play_hand(player, view, rng)
    assert view["hand_over"] and view["ranked"] is False  # no leaderboard points against a program
    assert _programs_running(str(bot_copy)) == 3  # one program per chair, for this game alone

    # A server restart (a new app on the same database): the game is rebuilt from its log and the
    # programs start again, told the match's seed and the hand's events as their seats saw them.
    application.state.games._forget(view["id"])
    assert _programs_running(str(bot_copy)) == 0  # stopped with the table
    again = Player(_app(tmp_path, {"tablebot": f"cmd:{sys.executable} {bot_copy}"}))
    again.client.cookies = player.client.cookies
    again.csrf = player.csrf
    answer = again.post(f"/api/games/{view['id']}/next")
    assert answer.status_code == 200, answer.text
    view = _play_hand(again, answer.json(), rng)
    assert view["hand_over"]
    assert "tablebot" in again.get("/").text  # "Your games" names the opponent


def test_a_server_keeps_only_a_few_tables_with_programs_running(tmp_path, bot_copy, monkeypatch):
    monkeypatch.setattr("sparrow.web.games._PROGRAM_TABLES", 1)
    application = _app(tmp_path, {"tablebot": f"cmd:{sys.executable} {bot_copy}"})
    player = Player(application)
    rng = random.Random(5)
    first = _play_hand(player, player.new_game(rules="casual", level="tablebot"), rng)
    second = _play_hand(player, player.new_game(rules="casual", level="tablebot"), rng)
    assert first["hand_over"] and second["hand_over"]
    assert _programs_running(str(bot_copy)) == 3  # the first game's programs were stopped
    # The first game is still there: rebuilt from its log when asked for.
    assert player.get(f"/api/games/{first['id']}").status_code == 200


def test_opponents_the_server_does_not_offer_are_refused(tmp_path, bot_copy):
    application = _app(tmp_path, {"tablebot": f"cmd:{sys.executable} {bot_copy}"})
    player = Player(application)
    answer = player.post("/api/games", {"rules": "casual", "level": "wizard"})
    assert answer.status_code == 422
    assert (
        answer.json()["detail"] == "The level: unknown level 'wizard' (expected one of easy, normal, expert, tablebot)."
    )
    assert player.post("/api/games", {"rules": "casual", "level": "cmd:sh -c reboot"}).status_code == 422
    view = player.new_game(rules="casual", level="tablebot")
    # The same database behind a server that no longer offers the program: said, not a traceback.
    other = Player(_app(tmp_path, {}))
    other.client.cookies = player.client.cookies
    answer = other.get(f"/api/games/{view['id']}")
    assert answer.status_code == 409
    assert "opponent 'tablebot' is not offered by this server" in answer.json()["detail"]


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("tablebot", "expected NAME=KIND"),
        ("Bad Name=cmd:x", "expected NAME=KIND"),
        ("normal=cmd:x", "the name 'normal' is taken"),
        ("mine=expert", "is no outside player"),
        ("mine=no_such_module_here:Bot", "no_such_module_here"),
        ("mine=cmd:", "cmd: names no command"),
    ],
)
def test_serve_refuses_a_bad_opponent_in_one_line(value, said):
    done = run_sparrow("serve", "--opponent", value)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and said in done.stderr
    assert done.stderr.startswith("error: --opponent:")
