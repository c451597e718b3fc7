"""The web API (docs/spec/web-api.md) end to end through FastAPI's test client, on SQLite and on
PostgreSQL: every endpoint, and every refusal with its status, its one sentence and nothing changed."""

from __future__ import annotations

import itertools
import json
import random
import threading
import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from sparrow.core.tiles import parse_tiles
from sparrow.game.events import loads
from sparrow.play.table import Table
from sparrow.store.tables import sessions
from tests.web_support import (
    Player,
    app_on_each_backend,  # noqa: F401 (the module's "app" fixture)
    plain,
    winning_line,
)


def fresh_name(prefix: str = "p") -> str:
    return f"{prefix}{random.randrange(10**9)}"


def play_out(player: Player, view: dict, rng: random.Random) -> dict:
    """Random legal actions until the hand is over."""
    while not view["hand_over"]:
        action = plain(rng.choice(view["observation"]["legal_actions"]))
        answer = player.act(view["id"], action | {"version": view["version"]})
        assert answer.status_code == 200, answer.text
        view = answer.json()
    return view


def assert_refused(answer, status: int) -> str:
    assert answer.status_code == status, answer.text
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and detail and "Traceback" not in detail
    return detail


# ---------------------------------------------------------------------------- sessions and CSRF


def test_a_session_is_a_guest_with_an_httponly_samesite_cookie(app):
    player = Player(app)
    answer = player.get("/api/session")
    assert answer.json() == {"user": None, "csrf_token": player.csrf}
    fresh = TestClient(app).get("/api/session")
    cookie = fresh.headers["set-cookie"]
    assert "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    assert fresh.headers["x-content-type-options"] == "nosniff"
    assert "script-src 'self'" in fresh.headers["content-security-policy"]


def test_a_session_unused_for_ninety_days_is_over(app):
    player = Player(app)
    player.send("PUT", "/api/settings", {"speed": "fast"})  # a guest's session is stored at its first change
    store = app.state.store
    token = player.client.cookies.get("sparrow_session")
    session = store.session(token)
    with store.engine.begin() as db:
        db.execute(update(sessions).where(sessions.c.id == session.id).values(seen_at=time.time() - 91 * 24 * 3600))
    assert store.session(token) is None
    assert player.get("/api/settings").json()["speed"] == "normal"  # a new guest session: nothing of the old


def test_changes_need_this_sessions_csrf_token(app):
    player, other = Player(app), Player(app)
    assert_refused(player.client.post("/api/games", json={}), 403)
    assert_refused(player.post("/api/games", {}, csrf=other.csrf), 403)
    assert_refused(player.post("/api/games", {}, csrf=""), 403)
    stranger = Player(app)
    stranger.client.cookies.clear()
    assert_refused(stranger.post("/api/games", {}), 403)  # no session at all
    assert player.get("/api/games").json() == []  # nothing was created


# ---------------------------------------------------------------------------- games


def test_a_new_game_seats_the_human_south_with_the_seat_view_only(app):
    player = Player(app)
    view = player.new_game(rules="casual", level="easy")
    assert view["seat"] == "S" and view["hand_number"] == 1 and view["rules"] == "casual"
    assert view["level"] == "easy" and view["options"] == {} and view["match_over"] is False
    assert view["result"] is None
    observation = view["observation"]
    assert observation["seat"] == "S" and observation["legal_actions"]
    start = view["events"][0]
    assert start["event"] == "hand_start" and start["seed"] is None and start["wall"] is None
    deal = view["events"][1]
    assert [seat for seat, tiles in deal["hands"].items() if tiles is not None] == ["S"]
    assert player.get(f"/api/games/{view['id']}").json() == view
    assert [game["id"] for game in player.get("/api/games").json()] == [view["id"]]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"rules": "bridge"}, 422, "unknown ruleset"),
        ({"level": "hard"}, 422, "level"),
        ({"options": {"bogus": 1}}, 422, "bogus"),
        ({"rules": "casual", "colour": "red"}, 422, "colour"),
        ([1, 2], 422, ""),
    ],
)
def test_a_game_that_cannot_be_made_is_refused(app, body, status, words):
    player = Player(app)
    assert words in assert_refused(player.post("/api/games", body), status)
    assert player.get("/api/games").json() == []


def test_malformed_json_is_one_sentence(app):
    player = Player(app)
    answer = player.client.post(
        "/api/games", content=b"{not json", headers={"X-CSRF-Token": player.csrf, "Content-Type": "application/json"}
    )
    assert assert_refused(answer, 422) == "The request body is not valid JSON."


def test_another_sessions_game_is_not_found(app):
    owner, other = Player(app), Player(app)
    view = owner.new_game()
    game = view["id"]
    assert_refused(other.get(f"/api/games/{game}"), 404)
    assert_refused(other.act(game, plain(view["observation"]["legal_actions"][0])), 404)
    assert_refused(other.act(game, ["not", "an", "action"]), 404)  # whatever the body holds
    assert_refused(other.post(f"/api/games/{game}/next"), 404)
    assert_refused(other.get(f"/api/games/{game}/log"), 404)
    assert_refused(other.get(f"/api/games/{game}/hint"), 404)
    assert_refused(other.get(f"/api/games/{game}/hands/1/replay"), 404)
    # The CSRF check comes first: a change without the token is 403 even on someone else's game.
    assert_refused(other.post(f"/api/games/{game}/next", csrf="x"), 403)
    assert_refused(owner.get("/api/games/no-such-game"), 404)
    assert owner.get(f"/api/games/{game}").json() == view


def test_refused_actions_change_nothing(app):
    player = Player(app)
    view = player.new_game()
    game = view["id"]
    url = f"/api/games/{game}"
    legal = view["observation"]["legal_actions"]
    held = {str(tile) for tile in parse_tiles(view["observation"]["hand"])}
    missing = next(f"{rank}{suit}" for suit in "mpsz" for rank in "1234567" if f"{rank}{suit}" not in held)
    cases = [
        ({"action": "discard", "tile": missing}, 409),  # not held (or not the moment)
        ({"action": "dance"}, 422),
        ({"action": "discard", "tile": "9z"}, 422),
        ({"action": "discard"}, 422),
        ({"action": "pass", "mood": "calm"}, 422),
        ({"action": "pass", "version": "one"}, 422),
        ({"action": "pass", "seat": "E"}, 409),  # another seat's decision
        (plain(legal[0]) | {"version": view["version"] - 1}, 409),  # stale
        (["pass"], 422),
        ({"action": "pass", "tile": "x" * 5000}, 422),
    ]
    for body, status in cases:
        assert_refused(player.act(game, body), status)
        assert player.get(url).json() == view, body
    assert_refused(player.post(f"{url}/next"), 409)  # the hand is still on


def test_a_whole_hand_then_its_log_replay_and_the_end_of_the_match(app):
    player = Player(app)
    rng = random.Random(5)
    view = play_out(player, player.new_game(), rng)
    game = view["id"]
    result = view["result"]
    assert set(result["hands"]) == {"E", "S", "W", "N"}
    assert set(result["payments"]) == set(result["totals"]) == {"E", "S", "W", "N"}
    assert sum(result["payments"].values()) == 0
    if result["winner"] is not None:
        assert result["score"]["total"] > 0 and result["score"]["arithmetic"]
    assert view["match_over"] is True  # casual: each deal stands alone
    assert_refused(player.act(game, {"action": "pass"}), 409)
    assert_refused(player.post(f"/api/games/{game}/next"), 409)
    assert_refused(player.get(f"/api/games/{game}/hint"), 409)
    # The log is the referee's: it replays to the same result.
    log = player.get(f"/api/games/{game}/log")
    assert log.status_code == 200
    events = loads(log.text)
    assert events[0]["event"] == "hand_start" and events[0]["wall"] and events[-1]["event"] == "hand_end"
    table = Table.from_log("casual", "normal", _seed_of(player, game), events)
    assert table.finished_log() == events
    assert loads(player.get(f"/api/games/{game}/log?hand=1").text) == events
    assert_refused(player.get(f"/api/games/{game}/log?hand=2"), 404)
    replay = player.get(f"/api/games/{game}/hands/1/replay").json()
    assert replay["hand_number"] == 1 and len(replay["frames"]) > 2
    last = replay["frames"][-1]
    assert last["phase"] == "over"
    assert {seat: tiles for seat, tiles in last["hands"].items()} == result["hands"]
    assert_refused(player.get(f"/api/games/{game}/hands/2/replay"), 404)


def _seed_of(player: Player, game: str) -> int:
    store = player.client.app.state.store
    return store.game(game).seed


def test_the_log_and_the_replay_wait_for_the_end_of_the_hand(app):
    player = Player(app)
    game = player.new_game()["id"]
    assert_refused(player.get(f"/api/games/{game}/log"), 409)
    assert_refused(player.get(f"/api/games/{game}/log?hand=1"), 409)
    assert_refused(player.get(f"/api/games/{game}/hands/1/replay"), 409)


def test_next_deals_the_following_hand_of_a_longer_match(app):
    player = Player(app)
    view = play_out(player, player.new_game(rules="casual", level="easy", options={"rotate": True}), random.Random(2))
    assert view["match_over"] is False and view["ranked"] is True
    nxt = player.post(f"/api/games/{view['id']}/next")
    assert nxt.status_code == 200, nxt.text
    second = nxt.json()
    assert second["hand_number"] == 2 and second["hand_over"] is False and second["result"] is None
    assert second["events"][0]["event"] == "hand_start"
    assert_refused(player.post(f"/api/games/{view['id']}/next"), 409)
    assert player.get(f"/api/games/{view['id']}/log").status_code == 409  # hand 2 is in play
    assert player.get(f"/api/games/{view['id']}/log?hand=1").status_code == 200


def test_hint_tells_shanten_and_the_discards(app):
    player = Player(app)
    view = player.new_game(rules="hkos")
    while not any(a["action"] == "discard" for a in view["observation"]["legal_actions"]):
        view = player.act(view["id"], {"action": "pass"}).json()
    hint = player.get(f"/api/games/{view['id']}/hint").json()
    assert hint["seat"] == view["seat"] and hint["your_turn"] is True
    assert isinstance(hint["shanten"], int) and hint["discards"]
    assert {row["discard"] for row in hint["discards"]} == {str(t) for t in parse_tiles(view["observation"]["hand"])}
    for row in hint["discards"]:
        assert row["unseen"] >= 0
        for wait in row.get("waits", []):
            assert set(wait["discard"]) == {"valid", "total", "reason"}


def test_two_tabs_see_one_game_and_only_one_of_two_clicks_counts(app):
    tab1 = Player(app)
    tab2 = Player(app)
    tab2.client.cookies = tab1.client.cookies
    tab2.csrf = tab1.csrf
    view = tab1.new_game()
    game = view["id"]
    assert tab2.get(f"/api/games/{game}").json() == view
    action = plain(view["observation"]["legal_actions"][0]) | {"version": view["version"]}
    answers = []

    def click(tab: Player) -> None:
        answers.append(tab.act(game, action))

    threads = [threading.Thread(target=click, args=(tab,)) for tab in (tab1, tab2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answer.status_code for answer in answers) == [200, 409]
    done = next(answer.json() for answer in answers if answer.status_code == 200)
    assert tab1.get(f"/api/games/{game}").json() == tab2.get(f"/api/games/{game}").json() == done


# ---------------------------------------------------------------------------- accounts


def test_sign_up_rules(app):
    player = Player(app)
    name = fresh_name("Ann")
    assert "username" in assert_refused(player.sign_up("ab"), 422)
    assert "username" in assert_refused(player.sign_up("bad name!"), 422)
    assert "username" in assert_refused(player.sign_up("x" * 33), 422)
    assert "password" in assert_refused(player.sign_up(name, "short"), 422)
    assert_refused(player.post("/api/auth/signup", {"username": name}), 422)
    answer = player.sign_up(name, "a good password")
    assert answer.status_code == 201
    assert answer.json()["user"] == {"username": name, "points": 0}
    assert "a good password" not in answer.text
    assert "taken" in assert_refused(Player(app).sign_up(name.upper()), 409)  # case-insensitive


@pytest.mark.slow
def test_sign_in_sign_out_and_the_guest_games_that_come_along(app):
    name = fresh_name("Bo")
    first = Player(app)
    assert first.sign_up(name).status_code == 201
    assert first.post("/api/auth/logout").status_code == 204
    guest = Player(app)
    game = guest.new_game()["id"]
    old_cookie = guest.client.cookies.get("sparrow_session")
    assert "Wrong username or password" in assert_refused(guest.log_in(name, "not the password"), 401)
    unknown = assert_refused(guest.log_in(fresh_name("nobody"), "whatever1"), 401)
    assert unknown == "Wrong username or password."
    answer = guest.log_in(name)
    assert answer.status_code == 200 and answer.json()["user"]["username"] == name
    assert guest.client.cookies.get("sparrow_session") != old_cookie  # a new session id
    assert guest.get(f"/api/games/{game}").status_code == 200  # the guest game came along
    # The old session is gone: its cookie is a stranger now.
    stale = Player(app)
    stale.client.cookies.set("sparrow_session", old_cookie)
    assert stale.get("/api/session").json()["user"] is None
    # Another device signing in as the same user sees the game too.
    other = Player(app)
    assert other.log_in(name).status_code == 200
    assert [g["id"] for g in other.get("/api/games").json()] == [game]
    # Logging out ends the session: its cookie opens nothing any more.
    cookie = guest.client.cookies.get("sparrow_session")
    assert guest.post("/api/auth/logout").status_code == 204
    after = Player(app)
    after.client.cookies.set("sparrow_session", cookie)
    assert after.get("/api/session").json()["user"] is None
    assert_refused(after.get(f"/api/games/{game}"), 404)


@pytest.mark.slow
def test_repeated_failed_sign_ins_are_slowed_down(app):
    name = fresh_name("Cy")
    Player(app).sign_up(name)
    attacker = Player(app)
    for _ in range(5):
        assert_refused(attacker.log_in(name, "guess guess"), 401)
    answer = attacker.log_in(name)  # even the right password waits now
    assert "try again" in assert_refused(answer, 429)
    assert int(answer.headers["Retry-After"]) > 0


# ---------------------------------------------------------------------------- settings


def test_settings_follow_the_account(app):
    player = Player(app)
    defaults = player.get("/api/settings").json()
    assert defaults == {"speed": "normal", "hints": False, "auto_pass": False, "sound": False, "captions": False}
    name = fresh_name("Di")
    player.sign_up(name)
    changed = player.send("PUT", "/api/settings", {"speed": "fast", "hints": True})
    assert changed.status_code == 200 and changed.json() == defaults | {"speed": "fast", "hints": True}
    assert_refused(player.send("PUT", "/api/settings", {"speed": "warp"}), 422)
    assert_refused(player.send("PUT", "/api/settings", {"hints": "yes"}), 422)
    assert_refused(player.send("PUT", "/api/settings", {"volume": 3}), 422)
    elsewhere = Player(app)
    elsewhere.log_in(name)
    assert elsewhere.get("/api/settings").json()["speed"] == "fast"


# ---------------------------------------------------------------------------- the leaderboard


@pytest.mark.slow
def test_a_signed_in_win_reaches_the_leaderboard_and_a_guest_win_does_not(app):
    seed, line = winning_line("casual", "normal")
    app.state.games.seeds = itertools.repeat(seed, 2)
    name = fresh_name("Ed")
    winner = Player(app)
    winner.sign_up(name)
    view = winner.new_game(rules="casual", level="normal")
    for action in line:
        view = winner.act(view["id"], action | {"version": view["version"]}).json()
    assert view["result"]["winner"] == view["seat"]
    guest = Player(app)
    guest_view = guest.new_game(rules="casual", level="normal")
    for action in line:
        guest_view = guest.act(guest_view["id"], action).json()
    assert guest_view["result"]["winner"] == guest_view["seat"]
    app.state.games.seeds = None
    board = winner.get("/api/leaderboard").json()
    mine = [row for row in board if row["username"] == name]
    assert mine == [
        {
            "username": name,
            "points": 30,
            "wins": 1,
            "best": {"level": "normal", "rules": "casual", "score": view["result"]["score"]["total"]},
        }
    ]
    assert winner.get("/api/session").json()["user"]["points"] == 30
    points = [row["points"] for row in board]
    assert points == sorted(points, reverse=True)
    assert json.dumps(board).count(name) == 1
