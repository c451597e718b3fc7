"""Two server processes taking decisions of one claim window at the same moment: the one whose save
comes second is not refused (409) but taken again, in the server, on the room as the other process
saved it. Two apps on one database stand for the two processes (each has its own locks and memory);
the second decision is sent through the other app exactly while the first one is being saved."""

from __future__ import annotations

from typing import Any

import pytest

from sparrow.web.app import create_app
from tests.web_support import BACKENDS, Player, database_url, plain

NAMES = ("Ann", "Bob", "Cat", "Dan")


@pytest.fixture(params=BACKENDS)
def database(request, tmp_path_factory):
    urls = database_url(request.param, tmp_path_factory)
    yield next(urls)
    next(urls, None)


def choose(asked: list[dict]) -> dict:
    kinds = {a["action"]: a for a in asked}
    return plain(kinds.get("win") or kinds.get("pass") or next(a for a in asked if a["action"] == "discard"))


def pass_(asked: list[dict]) -> dict:
    return plain(next(a for a in asked if a["action"] == "pass"))


def _two_asked(people: dict[str, Player], room_id: str) -> dict[str, dict[str, Any]]:
    """Play plain decisions until two people are asked at once (a claim window two may claim in);
    their views."""
    path = f"/api/rooms/{room_id}"
    for _ in range(3000):
        views = {name: player.get(path).json() for name, player in people.items()}
        asked = {name: view for name, view in views.items() if view["asked"]}
        if len(asked) >= 2:
            return asked
        some = next(iter(views.values()))
        if some["hand_over"]:
            assert people["Ann"].post(f"{path}/next").status_code == 200
            continue
        name, view = next(iter(asked.items()))
        answer = people[name].post(f"{path}/actions", choose(view["asked"]) | {"seen": view["event_count"]})
        assert answer.status_code == 200, answer.text
    raise AssertionError("no claim window asked two people")


@pytest.mark.parametrize("rules", ["casual", "riichi"])
def test_a_decision_saved_a_moment_after_another_process_saved_is_taken(database, rules):
    first, second = create_app(database), create_app(database)
    for app in (first, second):
        app.state.rooms.actions_per_second = 10_000  # a script plays faster than people
    try:
        people = {name: Player(first) for name in NAMES}
        host = people["Ann"]
        options = {"hands": 16} if rules == "casual" else {}
        answer = host.post("/api/rooms", {"rules": rules, "level": "easy", "turn_seconds": None, "options": options})
        room_id = answer.json()["id"]
        for chair, (name, player) in enumerate(people.items()):
            assert player.post(f"/api/rooms/{room_id}/chair", {"chair": chair, "name": name}).status_code == 200
        host.post(f"/api/rooms/{room_id}/start")
        asked = _two_asked(people, room_id)
        (one, one_view), (two, two_view) = list(asked.items())[:2]
        # Two's browser talks to the other process.
        elsewhere = Player(second)
        elsewhere.client.cookies = people[two].client.cookies
        elsewhere.csrf = people[two].csrf
        store = first.state.store
        save = store.save_room
        others: list[int] = []

        def save_after_the_other(record: Any, **changes: Any) -> Any:
            if not others:  # the other process saves its decision first, from the same room
                decision = pass_(two_view["asked"]) | {"seen": two_view["event_count"]}
                others.append(elsewhere.post(f"/api/rooms/{room_id}/actions", decision).status_code)
            return save(record, **changes)

        store.save_room = save_after_the_other  # type: ignore[method-assign]
        decision = pass_(one_view["asked"]) | {"seen": one_view["event_count"]}
        answer = people[one].post(f"/api/rooms/{room_id}/actions", decision)
        store.save_room = save  # type: ignore[method-assign]
        assert others == [200]
        assert answer.status_code == 200, answer.text
        # Both decisions are in the room, as both processes see it.
        for app in (first, second):
            view = Player(app).get(f"/api/rooms/{room_id}").json()
            assert view["version"] == answer.json()["version"]
    finally:
        first.state.store.close()
        second.state.store.close()
