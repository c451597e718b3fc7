"""The server is the referee: no answer before a hand's end names a tile the human seat could not see.

Whole hands are played through the API with random legal actions, under every ruleset. After every
answer the referee's own table is rebuilt from the stored log, and the answer is checked against it:

* the wall, the seed and the other seats' concealed hands appear nowhere in it;
* every other seat's drawn tile and dealt hand is hidden in its events;
* every tile the answer names, field by field, is among the tiles the seat can see: its own hand,
  every discard, every exposed set and bonus tile (so a leaked tile of a hidden kind is caught).

The referee is a table of the test's own, dealt from the same seed and given the same actions (the
bots are deterministic), so it knows every tile without asking the server.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sparrow.core.tiles import format_tiles, parse_tiles
from sparrow.game.events import split_hands
from sparrow.play.table import Table
from tests.web_support import Player, database_url, make_app, plain

pytestmark = pytest.mark.slow

TILES = re.compile(r"(?:[1-9]+[mpszf])+")
WORDS = re.compile(r"[0-9a-z]+")
# Refusals are probed with actions whose words come from the request or the open tile (a chow's
# refusal names the tiles it would need, worked out from what the player asked, so it is left out).
PROBES = [{"action": kind} for kind in ("discard", "pung", "kong", "win", "pass")]
ALL_TILES = [f"{rank}{suit}" for suit in "mps" for rank in "123456789"] + [f"{rank}z" for rank in "1234567"]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    for url in database_url("sqlite", tmp_path_factory):
        application = make_app(url)
        yield application
        application.state.store.close()


def strings(value: Any, path: str = "") -> list[tuple[str, str]]:
    """Every string in a JSON value, with where it is."""
    if isinstance(value, str):
        return [(path, value)]
    if isinstance(value, dict):
        return [item for key, inner in value.items() for item in strings(inner, f"{path}.{key}")]
    if isinstance(value, list):
        return [item for index, inner in enumerate(value) for item in strings(inner, f"{path}[{index}]")]
    return []


def visible_tiles(table: Table, me: str) -> Counter:
    """What the seat can see: its hand, every discard pile, every exposed set and bonus tile."""
    tables = table.hand.table_view()
    visible = Counter(str(t) for t in tables.hands[me])
    for seat in tables.hands:
        visible.update(str(t) for t in tables.discards[seat])
        visible.update(str(t) for meld in tables.melds[seat] for t in meld.tiles)
        visible.update(str(t) for t in tables.bonus[seat])
    return visible


def check_text(table: Table, me: str, text: str, sent: str | None) -> None:
    """A refusal names only tiles the seat can see (or the tile it sent itself)."""
    visible = visible_tiles(table, me)
    for word in WORDS.findall(text):
        if not TILES.fullmatch(word) or word == sent:
            continue
        named = Counter(str(t) for t in parse_tiles(word, as_set=False))
        unseen = {tile: n for tile, n in named.items() if n > visible[tile]}
        assert not unseen, f"{text!r} names tiles the seat cannot see: {unseen}"


def check_answer(table: Table, view: dict[str, Any]) -> None:
    if view["hand_over"]:
        return
    hand = table.hand
    assert hand is not None and not hand.is_over
    me = view["seat"]
    assert me == table.human_seat
    text = json.dumps(view)
    truth = table.view()
    start = hand.events[0]
    assert str(start["seed"]) not in text
    assert start["wall"] not in text
    tables = hand.table_view()
    # A short wall's notation ("8s") can name a tile the seat sees elsewhere; single tiles are
    # checked field by field below.
    if len(tables.wall) >= 4:
        assert format_tiles(tables.wall) not in text, "the wall's order leaks"
    visible = visible_tiles(table, me)
    for seat in tables.hands:
        if seat != me and len(tables.hands[seat]) >= 4:
            assert format_tiles(tables.hands[seat]) not in text, f"{seat}'s concealed hand leaks"
    # Discarded tiles that were claimed sit in melds; a player's own past tiles were in its hand,
    # discarded or melded: so every tile the seat ever saw is counted above, save its own tiles that
    # it drew and then discarded, which are in the discard piles too.
    for path, value in strings(view):
        if not TILES.fullmatch(value):
            continue
        named = Counter(str(t) for t in parse_tiles(value, as_set=False))
        unseen = {tile: n for tile, n in named.items() if n > visible[tile]}
        assert not unseen, f"{path} = {value!r} names tiles the seat cannot see: {unseen}"
    # The events: other seats' draws and dealt hands are hidden.
    for event in view["events"]:
        if event["event"] == "draw" and event["seat"] != me:
            assert event["tile"] is None
        if event["event"] == "bonus" and event["seat"] != me:
            assert event["replacement"] is None
        if event["event"] == "deal":
            assert all(tiles is None for seat, tiles in event["hands"].items() if seat != me)
        if event["event"] == "hand_start":
            assert event["wall"] is None and event["seed"] is None
    assert view["events"] == list(truth.events)
    assert view["observation"] == truth.observation.to_dict()


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    rules=st.sampled_from(["casual", "hkos", "nts", "chinese"]),
    level=st.sampled_from(["easy", "normal", "expert"]),
    seed=st.integers(0, 2**40),
    choices=st.randoms(use_true_random=False),
)
def test_no_answer_names_a_hidden_tile(app, rules: str, level: str, seed: int, choices: random.Random) -> None:
    app.state.games.seeds = iter([seed])
    player = Player(app)
    view = player.new_game(rules=rules, level=level)
    table = Table(rules, level, seed)
    table.start()
    check_answer(table, view)
    hands = 0
    while hands < 2 and not view["match_over"]:
        while not view["hand_over"]:
            probe = choices.choice(PROBES)
            if probe["action"] == "discard":
                probe = probe | {"tile": choices.choice(ALL_TILES)}
            refused = player.act(view["id"], probe)
            if refused.status_code != 200:  # the refusal names no hidden tile either
                check_text(table, view["seat"], refused.json()["detail"], probe.get("tile"))
            else:  # the probe happened to be legal: the table goes on with it
                view = refused.json()
                table.act(probe)
                check_answer(table, view)
                if view["hand_over"]:
                    break
            action = plain(choices.choice(view["observation"]["legal_actions"]))
            answer = player.act(view["id"], action | {"version": view["version"]})
            assert answer.status_code == 200, answer.text
            view = answer.json()
            table.act(action)
            check_answer(table, view)
        hands += 1
        # Once over, every hand is revealed, and the log is the referee's.
        assert set(view["result"]["hands"]) == set(view["observation"]["hand_sizes"])
        log = player.get(f"/api/games/{view['id']}/log?hand={view['hand_number']}")
        assert log.status_code == 200
        assert len(split_hands([json.loads(line) for line in log.text.splitlines()])) == 1
        if not view["match_over"] and hands < 2:
            view = player.post(f"/api/games/{view['id']}/next").json()
            table.next_hand()
            check_answer(table, view)
