"""The account export under every family (issue 45, items 1 and 2): it works for every family, Riichi
included, and holds only finished hands. A game is played through the API to the middle of its second
hand; the export then holds the first hand whole and nothing of the second (no wall, no other seat's
tiles, no seed that deals it), and no match seed while the match goes on."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from sparrow.core.tiles import parse_tiles
from sparrow.rules import FAMILIES
from sparrow.web.app import create_app
from tests.web_support import Player, plain

MOVES_INTO_SECOND_HAND = 3
# The casual game is one hand unless asked; the other families' matches are longer already.
LONGER = {"casual": {"hands": 4}}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    folder = tmp_path_factory.mktemp("export")
    application = create_app(f"sqlite:///{folder / 'games.db'}", game_seeds=iter(range(700, 900)))
    yield application
    application.state.store.close()


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """Win when the table allows it, else discard the first tile offered, else pass."""
    legal = view["observation"]["legal_actions"]
    for kind in ("win", "tsumo", "ron", "discard", "pass"):
        for action in legal:
            if action["action"] == kind:
                return plain(action)
    return plain(legal[0])


def act(player: Player, view: dict[str, Any]) -> dict[str, Any]:
    answer = player.act(view["id"], choose(view) | {"version": view["version"]})
    assert answer.status_code == 200, answer.text
    return answer.json()


def into_the_second_hand(player: Player, rules: str) -> dict[str, Any]:
    """A game of ``rules`` played to the end of its first hand and a few moves into the second."""
    answer = player.post("/api/games", {"rules": rules, "level": "easy", "options": LONGER.get(rules, {})})
    assert answer.status_code == 201, answer.text
    view = answer.json()
    while not view["hand_over"]:
        view = act(player, view)
    assert not view["match_over"], f"{rules}: the default match is longer than one hand"
    answer = player.post(f"/api/games/{view['id']}/next")
    assert answer.status_code == 200, answer.text
    view = answer.json()
    for _ in range(MOVES_INTO_SECOND_HAND):
        if view["hand_over"]:
            break
        view = act(player, view)
    assert view["hand_number"] == 2 and not view["hand_over"]
    return view


def _sequences(value: Any) -> Iterator[tuple[str, ...]]:
    """Every run of five or more tiles written anywhere in ``value``, in its order: a wall, a dealt
    hand (in the compact notation or as a list of tiles)."""
    if isinstance(value, dict):
        for item in value.values():
            yield from _sequences(item)
    elif isinstance(value, list):
        if len(value) >= 5 and all(isinstance(item, str) and len(item) == 2 for item in value):
            yield tuple(value)
        for item in value:
            yield from _sequences(item)
    elif isinstance(value, str) and len(value) >= 6:
        try:
            tiles = parse_tiles(value)
        except ValueError:
            return
        if len(tiles) >= 5:
            yield tuple(str(tile) for tile in tiles)


def _numbers(value: Any) -> Iterator[int]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _numbers(item)
    elif isinstance(value, list):
        for item in value:
            yield from _numbers(item)
    elif isinstance(value, int) and not isinstance(value, bool):
        yield value


@pytest.mark.parametrize("rules", sorted(FAMILIES))
def test_the_export_holds_finished_hands_only_for_every_family(app, rules):
    player = Player(app)
    assert player.sign_up(f"export_{rules}").status_code == 201
    view = into_the_second_hand(player, rules)
    store = app.state.store

    answer = player.get("/api/account/export")
    assert answer.status_code == 200, answer.text
    data = json.loads(answer.content)
    (game,) = data["games"]
    assert game["id"] == view["id"] and game["rules"] == rules and not game["match_over"]
    assert game["seed"] is None  # the match's seed would deal every hand to come
    assert [hand["number"] for hand in game["hands"]] == [1]
    first = store.hands(view["id"], 1)[0]
    assert first.over and game["hands"][0]["log"] == first.events

    # What the server holds of the hand in play, which no export may hold: its wall, every dealt hand
    # and draw, its seed, the match's seed.
    (in_play,) = store.hands(view["id"], 2)
    assert not in_play.over
    secret = set(_sequences(in_play.events))
    assert secret, "the hand in play's log names its wall and deal"
    shown = set(_sequences(data))
    assert not secret & shown
    seeds = {event["seed"] for event in in_play.events if "seed" in event} | {store.game(view["id"]).seed}
    assert not seeds & set(_numbers(data))


def test_a_finished_match_tells_its_seed(app):
    player = Player(app)
    assert player.sign_up("export_done").status_code == 201
    answer = player.post("/api/games", {"rules": "casual", "level": "easy", "options": {"hands": 1}})
    assert answer.status_code == 201, answer.text
    view = answer.json()
    while not view["hand_over"]:
        view = act(player, view)
    assert view["match_over"]
    (game,) = json.loads(player.get("/api/account/export").content)["games"]
    assert game["seed"] == app.state.store.game(view["id"]).seed
    assert [hand["number"] for hand in game["hands"]] == [1]
