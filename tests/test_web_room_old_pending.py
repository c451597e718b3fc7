"""A Riichi room saved by the server before Riichi came to the one room, with a claim window open: its
pending decisions are Riichi's own (``{"seat": 2, "action": "pass"}``, the chair as a number). The
server of now drops what does not fit the log, with a warning, and builds the table without it (the
bots answer again, a person is asked again): the room opens and plays on, never an error. The
migration 0009 clears such pending decisions in the database (tests/test_store_migration_0009.py)."""

from __future__ import annotations

import json
import logging

from sqlalchemy import update

from sparrow.store.rooms import rooms
from tests.web_support import Player, make_app, plain

WINDS = "ESWN"


def a_room_with_a_claim_window_open(app, ann: Player) -> tuple[str, list[dict]]:
    """A Riichi room of Ann and three bots whose saved record holds decisions of an open claim window."""
    app.state.rooms.actions_per_second = 10_000
    for _ in range(40):
        room = ann.new_room(rules="riichi", level="easy")
        ann.sit(room, 0, "Ann")
        assert ann.post(f"/api/rooms/{room['id']}/start").status_code == 200
        for _ in range(300):
            view = ann.get(f"/api/rooms/{room['id']}").json()
            if view["hand_over"]:
                break
            record = app.state.store.room(room["id"])
            if record.pending:  # in the first hand, whose dealer is chair 0
                return room["id"], [dict(action) for action in record.pending]
            action = next((a for a in view["asked"] if a["action"] == "pass"), view["asked"][0])
            answer = ann.post(f"/api/rooms/{room['id']}/actions", plain(action) | {"seen": view["event_count"]})
            assert answer.status_code == 200, answer.text
    raise AssertionError("no claim window held a decision")


def test_a_room_whose_pending_decisions_are_of_the_old_riichi_form_opens_and_plays_on(tmp_path, caplog):
    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    app = make_app(url)
    ann = Player(app)
    room_id, pending = a_room_with_a_claim_window_open(app, ann)
    asked = ann.get(f"/api/rooms/{room_id}").json()["asked"]
    assert asked
    # As the old server saved them: Riichi's chairs (in the first hand the dealer's chair is 0).
    old = [
        {"seat": WINDS.index(action["seat"]), **{k: v for k, v in action.items() if k != "seat"}} for action in pending
    ]
    with app.state.store.engine.begin() as db:
        db.execute(update(rooms).where(rooms.c.id == room_id).values(pending=json.dumps(old)))
    cookies = dict(ann.client.cookies)
    app.state.store.close()

    restarted = make_app(url)  # a new server on the old database: the table is built from the record
    try:
        again = Player(restarted)
        again.client.cookies.clear()  # Ann's browser, still holding her session
        again.client.cookies.update(cookies)
        again.csrf = again.client.get("/api/session").json()["csrf_token"]
        with caplog.at_level(logging.WARNING, logger="sparrow.rooms"):
            answer = again.get(f"/api/rooms/{room_id}")
        assert answer.status_code == 200, answer.text
        assert any("pending decisions are dropped" in record.getMessage() for record in caplog.records)
        view = answer.json()
        assert view["asked"] == asked  # the person is asked again what they were asked
        assert again.get(f"/rooms/{room_id}").status_code == 200
        # and the room plays on to the hand's end
        restarted.state.rooms.actions_per_second = 10_000
        for _ in range(300):
            if view["hand_over"]:
                break
            answer = again.post(
                f"/api/rooms/{room_id}/actions", plain(view["asked"][0]) | {"seen": view["event_count"]}
            )
            assert answer.status_code == 200, answer.text
            view = again.get(f"/api/rooms/{room_id}").json()
        assert view["hand_over"]
    finally:
        restarted.state.store.close()
