"""A game and a score sheet survive the server being killed (SIGKILL): a real ``sparrow serve``
process is stopped hard half-way through a hand, started again on the same database, and the hand
goes on where it was (its log then replays to the same end) and the sheet holds every answered row.
On SQLite and on PostgreSQL."""

from __future__ import annotations

import random

import httpx2 as httpx
import pytest

from sparrow.game.events import loads
from sparrow.game.replay import replay
from tests.web_support import BACKENDS, Server, database_url, plain

pytestmark = pytest.mark.slow


@pytest.fixture(params=BACKENDS)
def database(request, tmp_path_factory):
    yield from database_url(request.param, tmp_path_factory)


def test_a_hand_and_a_sheet_go_on_after_the_server_is_killed(database, tmp_path):
    server = Server(tmp_path / "data", database).start()
    rng = random.Random(8)
    try:
        client = httpx.Client(base_url=server.url, timeout=30)
        csrf = client.get("/api/session").json()["csrf_token"]
        headers = {"X-CSRF-Token": csrf}
        view = client.post("/api/games", json={"rules": "casual", "level": "normal"}, headers=headers).json()
        game = view["id"]
        players = ["Alice", "Ben", "Cara", "Dev"]
        sheet = client.post("/api/sheets", json={"rules": "hkos", "players": players}, headers=headers).json()
        row = {"winner": "Alice", "win_by": "self_draw", "scores": {"Alice": 48}}
        saved = client.post(f"/api/sheets/{sheet['id']}/rows", json=row, headers=headers).json()
        for _ in range(6):
            if view["hand_over"]:
                break
            action = plain(rng.choice(view["observation"]["legal_actions"])) | {"version": view["version"]}
            answer = client.post(f"/api/games/{game}/actions", json=action, headers=headers)
            assert answer.status_code == 200, answer.text
            view = answer.json()
        server.kill()  # acknowledged actions are in the database: nothing is lost
        with pytest.raises(httpx.TransportError):
            client.get("/api/session")
        server.start()
        again = client.get(f"/api/games/{game}")  # the same cookie: the session survived too
        assert again.status_code == 200, again.text
        assert again.json() == view
        assert client.get("/api/session").json()["csrf_token"] == csrf
        assert client.get(f"/api/sheets/{sheet['id']}").json() == saved
        while not view["hand_over"]:
            action = plain(rng.choice(view["observation"]["legal_actions"])) | {"version": view["version"]}
            answer = client.post(f"/api/games/{game}/actions", json=action, headers=headers)
            assert answer.status_code == 200, answer.text
            view = answer.json()
        log = client.get(f"/api/games/{game}/log")
        assert log.status_code == 200
        events = loads(log.text)
        state = replay(events)
        assert state.is_over and state.events == events
        assert state.result.winner == view["result"]["winner"]
        assert dict(state.result.payments) == view["result"]["payments"]
    finally:
        server.stop()
