"""A bad preset or option is refused by a game as by a room, in the same sentence naming what was
wrong (no field name in front: messages are for people); unknown rules too; and the table's one module names of old are gone (no alias of ``Table`` or ``RoomTable``,
no mention of the Riichi table's own page or script in the static files)."""

from __future__ import annotations

from pathlib import Path

import sparrow.web.games
import sparrow.web.rooms
from tests.web_support import Player, make_app

WEB = Path(sparrow.web.games.__file__).parent


def test_a_bad_preset_is_refused_under_options_by_games_and_rooms(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'web.db'}")
    try:
        player = Player(app)
        for options, wrong in (({"preset": "nonsense"}, "preset 'nonsense'"), ({"bogus": 1}, "option 'bogus'")):
            game = player.post("/api/games", {"rules": "riichi", "level": "easy", "options": options})
            room = player.post(
                "/api/rooms", {"rules": "riichi", "level": "easy", "turn_seconds": None, "options": options}
            )
            assert game.status_code == room.status_code == 422
            detail = game.json()["detail"]
            assert wrong in detail and detail[0].isupper() and not detail.startswith("options"), game.text
            assert detail == room.json()["detail"]
        unknown = player.post("/api/games", {"rules": "no-such-rules", "level": "easy"})
        detail = unknown.json()["detail"]
        assert unknown.status_code == 422 and "'no-such-rules'" in detail and detail.startswith("The rules"), detail
    finally:
        app.state.store.close()


def test_no_old_names_are_left():
    assert not hasattr(sparrow.web.games, "AnyTable") and not hasattr(sparrow.web.rooms, "AnyRoomTable")
    for path in [
        *WEB.joinpath("static").rglob("*.js"),
        *WEB.joinpath("static").rglob("*.css"),
        *WEB.joinpath("templates").glob("*.html"),
    ]:
        if "vendor" in path.parts:
            continue
        text = path.read_text()
        assert "riichi-table.js" not in text and "riichi_table.html" not in text, path
