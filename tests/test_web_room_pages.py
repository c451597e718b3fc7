"""The room pages' routes (``/rooms``, ``/rooms/{id}``) and the end of a room's hand
(``GET /api/rooms/{id}/result``), without a browser: ``test_web_rooms_browser.py`` plays them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sparrow.i18n.catalog import catalogue
from sparrow.web.room_pages import PAGE, SCRIPT
from sparrow.web.table_texts import SCRIPT as TABLE_SCRIPT
from tests.web_support import Player, plain

STATIC = Path(__file__).resolve().parents[1] / "src" / "sparrow" / "web" / "static"


@pytest.fixture
def app(tmp_path):
    from sparrow.web.app import create_app

    application = create_app(f"sqlite:///{tmp_path / 'rooms.db'}")
    application.state.rooms.actions_per_second = 10_000  # one test person plays a whole hand at once
    yield application
    application.state.store.close()


def _room(host: Player, **options) -> dict:
    body = {"rules": "casual", "options": options, "level": "easy", "turn_seconds": None}
    answer = host.post("/api/rooms", body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def _finish_hand(player: Player, room_id: str) -> dict:
    """The one person at the table passes claims and discards the first tile offered to the end."""
    while True:
        view = player.get(f"/api/rooms/{room_id}").json()
        if view["hand_over"]:
            return view
        asked = view["asked"]
        action = next((a for a in asked if a["action"] in ("win", "pass")), asked[0])
        answer = player.post(f"/api/rooms/{room_id}/actions", plain(action) | {"seen": view["event_count"]})
        assert answer.status_code == 200, answer.text


def test_the_lobby_and_a_room_page_and_an_unknown_room(app):
    ann = Player(app)
    lobby = ann.get("/rooms")
    assert lobby.status_code == 200
    assert 'id="new-room"' in lobby.text and 'id="turn-seconds"' in lobby.text
    assert 'href="/rooms"' in ann.get("/").text  # the nav links the lobby
    room = _room(ann)
    page = ann.get(room["link"])
    assert page.status_code == 200
    assert f'data-room="{room["id"]}"' in page.text and 'id="copy-link"' in page.text
    missing = ann.get("/rooms/no-such-room-at-all")
    assert missing.status_code == 404
    assert "There is no such room." in missing.text


def test_the_room_pages_speak_dutch(app):
    ann = Player(app)
    assert "Speel met vrienden" in ann.get("/rooms?lang=nl").text
    room = _room(ann)
    page = ann.get(room["link"])  # the language is remembered (the cookie)
    assert "Uitnodiging" in page.text and "Kopieer de link" in page.text
    assert '"Sit here": "Hier zitten"' in page.text  # the script's texts, in the page's language
    assert "Deze kamer bestaat niet." in ann.get("/rooms/nothing-here").text


def test_every_text_of_the_room_scripts_is_in_the_catalogue_in_dutch():
    nl = catalogue("nl")
    for msgid in (*SCRIPT, *PAGE):
        assert nl.lookup(msgid), msgid
    listed = set(SCRIPT) | set(TABLE_SCRIPT)
    for script in [STATIC / "room.js", *sorted((STATIC / "room").glob("*.js")), STATIC / "table" / "hand.js"]:
        for msgid in re.findall(r'\bT\("((?:[^"\\]|\\.)*)"', script.read_text()):
            assert msgid in listed, f"{script.name}: {msgid!r} is not in room_pages.SCRIPT"


def test_the_result_of_a_hand_is_everyones_once_it_is_over(app):
    ann, watcher = Player(app), Player(app)
    room = _room(ann, hands=4)
    assert ann.post(f"/api/rooms/{room['id']}/chair", {"chair": 0, "name": "Ann"}).status_code == 200
    assert ann.get(f"/api/rooms/{room['id']}/result").status_code == 409  # not started
    assert ann.post(f"/api/rooms/{room['id']}/start").status_code == 200
    assert watcher.get(f"/api/rooms/{room['id']}/result").status_code == 409  # a hand in play hides the hands
    view = _finish_hand(ann, room["id"])
    assert not view["match_over"]
    mine, theirs = ann.get(f"/api/rooms/{room['id']}/result").json(), watcher.get(f"/api/rooms/{room['id']}/result")
    assert theirs.status_code == 200 and theirs.json() == mine
    assert mine["hand_number"] == 1 and set(mine["hands"]) == {"E", "S", "W", "N"}
    assert set(mine["payments"]) == set(mine["totals"]) == {"E", "S", "W", "N"}
    assert "standings" not in mine  # the match goes on
    assert view["live_wall"] is not None
    assert ann.post(f"/api/rooms/{room['id']}/next").status_code == 200
    assert ann.get(f"/api/rooms/{room['id']}/result").status_code == 409


def test_the_result_of_the_last_hand_carries_the_standings(app):
    ann = Player(app)
    room = _room(ann)  # casual: one hand
    ann.post(f"/api/rooms/{room['id']}/chair", {"chair": 2, "name": "Ann"})
    ann.post(f"/api/rooms/{room['id']}/start")
    assert _finish_hand(ann, room["id"])["match_over"]
    result = ann.get(f"/api/rooms/{room['id']}/result?lang=nl").json()
    names = {row["name"] for row in result["standings"]}
    assert "Ann" in names and len(names) == 4
    assert [row["number"] for row in result["history"]] == [1]
    assert all(row["points"] == 0 for row in result["standings"])  # no leaderboard for rooms


def _invitation(page: str) -> str:
    """The link the invitation shows (its field's value)."""
    found = re.search(r'<input[^>]*id="room-link"[^>]*value="([^"]*)"', page)
    assert found, "no invitation field"
    return found.group(1)


def test_the_invitation_link_is_never_taken_from_the_host_header(app, tmp_path):
    """Without ``--public-url`` the page gets the path alone and completes it with the address the
    browser shows; with it, the link is the public address. A request's Host header never makes it."""
    from sparrow.web.app import create_app

    ann = Player(app)
    room = _room(ann)
    page = ann.get(f"/rooms/{room['id']}", headers={"Host": "evil.example"})
    assert _invitation(page.text) == f"/rooms/{room['id']}" and room["link"] == f"/rooms/{room['id']}"
    public = create_app(f"sqlite:///{tmp_path / 'public.db'}", public_url="https://mahjong.example.org/club/")
    try:
        bob = Player(public)
        room = _room(bob)
        link = f"https://mahjong.example.org/club/rooms/{room['id']}"
        assert room["link"] == link
        page = bob.get(f"/rooms/{room['id']}", headers={"Host": "evil.example"})
        assert _invitation(page.text) == link and f'"link": "{link}"' in page.text
        assert bob.get("/api/rooms").json()[0]["link"] == link
    finally:
        public.state.store.close()
