"""The Riichi table against the computer, through the API and the play layer: a Riichi game is created,
played and resumed like any other; the view shows the seat's own tiles and the table, never another
hand, a draw of another seat or the wall; riichi, claims and wins are sent as the legal actions list
them; bad actions are refused with a 4xx and change nothing; a finished match has its final results
with uma and oka; a table rebuilt from its log goes on exactly as the one that wrote it."""

from __future__ import annotations

import json
import random

import pytest

from sparrow.bots.riichi import RiichiBot
from sparrow.game.riichi import RiichiAction
from sparrow.play.riichi_table import HUMAN_SEAT, RiichiTable
from sparrow.web.app import create_app
from tests.web_support import Player, plain


@pytest.fixture
def app(tmp_path):
    application = create_app(f"sqlite:///{tmp_path / 'games.db'}", game_seeds=iter(range(40, 400)))
    yield application
    application.state.store.close()


def bot_action(view: dict, seed: int = 3) -> dict:
    """What a Normal bot would do in the person's seat, as the page would send it."""
    seen = view["observation"]
    legal = [RiichiAction.from_dict(a) for a in seen["legal_actions"]]
    return plain(RiichiBot("normal", seed).act(seen, legal).to_dict())


def win_points(card: dict) -> int:
    """The hand's value as its details give it (before honba and sticks)."""
    return card["details"]["points"]


def play_on(player: Player, view: dict, choose) -> dict:
    while not view["match_over"]:
        if view["hand_over"]:
            answer = player.post(f"/api/games/{view['id']}/next")
        else:
            answer = player.act(view["id"], choose(view) | {"version": view["version"]})
        assert answer.status_code == 200, answer.text
        view = answer.json()
    return view


def check_hidden(view: dict) -> None:
    """Nothing in a view of a hand in play tells another seat's standing tiles or the wall."""
    me = view["observation"]["wind"]
    for event in view["events"]:
        assert "wall" not in event and "seed" not in event
        if event["event"] == "deal":
            assert list(event["hands"]) == [me]
        if event["event"] == "draw" and event["seat"] != me:
            assert "tile" not in event
    for seat in view["observation"]["seats"]:
        assert set(seat) >= {"standing", "discards", "melds"} and "hand" not in seat


def test_a_riichi_game_is_played_to_its_final_results(app):
    player = Player(app)
    answer = player.post("/api/games", {"rules": "riichi", "level": "easy", "options": {"length": "tonpuu"}})
    assert answer.status_code == 201, answer.text
    view = answer.json()
    assert view["rules"] == "riichi" and view["seat"] == HUMAN_SEAT and view["ranked"]
    seen = view["observation"]
    assert seen["wind"] == "S" and seen["dealer"] == 0 and seen["scores"] == [25000] * 4
    assert len(seen["dora_indicators"]) == 1 and seen["honba"] == 0 and seen["sticks"] == 0
    assert view["names"][HUMAN_SEAT] == "You"
    check_hidden(view)
    hands = 0

    def choose(view: dict) -> dict:
        nonlocal hands
        check_hidden(view)
        hands = max(hands, view["hand_number"])
        return bot_action(view)

    view = play_on(player, view, choose)
    result = view["result"]
    assert result["kind"] in ("tsumo", "ron", "exhaustive", "abortive")
    rows = result["standings"]
    assert sorted(row["place"] for row in rows) == [1, 2, 3, 4]
    assert sum(row["points"] for row in rows) == 100_000  # the sticks left over go to the top
    assert abs(sum(row["result"] for row in rows)) < 1e-9  # uma and oka add up to nothing
    assert [row["points"] for row in rows] == sorted((row["points"] for row in rows), reverse=True)
    # The hands of the match, a line each: together they make the final points.
    history = result["history"]
    assert [line["number"] for line in history] == list(range(1, hands + 1))
    assert history[0]["round_wind"] == "E" and history[0]["hand"] == 1 and history[0]["honba"] == 0
    for row in rows:
        assert 25000 + sum(line["deltas"][row["seat"]] for line in history) == row["points"]
    assert sum(row["hands_won"] for row in rows) == sum(len(line["winners"]) for line in history)
    listed = player.get("/api/games").json()[0]
    assert listed["match_over"] and listed["finish"]["of"] == 4
    # "Your games" gives the result as players count it, uma and oka included.
    mine = next(row for row in rows if row["seat"] == HUMAN_SEAT)
    assert listed["finish"]["result_text"] == mine["result_text"]
    assert f'data-testid="game-result">({mine["result_text"]})<' in player.get("/").text
    assert player.post(f"/api/games/{view['id']}/next").status_code == 409


def test_the_view_after_a_win_has_the_score_card_and_the_changes(app):
    player = Player(app)
    assert player.sign_up("riichi-player").status_code == 201
    view = player.post("/api/games", {"rules": "riichi", "level": "normal"}).json()
    mine = 0
    for _ in range(40):
        while not view["hand_over"]:
            view = player.act(view["id"], bot_action(view) | {"version": view["version"]}).json()
        mine += sum(win["seat"] == HUMAN_SEAT for win in view["result"]["wins"])
        if (view["result"]["wins"] and mine) or view["match_over"]:
            break
        view = player.post(f"/api/games/{view['id']}/next").json()
    # Each hand the person won counts for the leaderboard (Normal players: 30 points a hand).
    board = {row["username"]: row for row in player.get("/api/leaderboard").json()}
    assert board.get("riichi-player", {"points": 0})["points"] == 30 * mine
    result = view["result"]
    assert result["wins"], "no hand was won in 40 hands"
    win = result["wins"][0]
    card = win["card"]
    assert card["rules"] == "riichi" and card["total"] > 0
    assert any(item["kind"] == "han" for item in card["items"])
    start = view["events"][0]
    assert start["event"] == "hand_start"
    # The scores before the hand are by seat wind; the dealer (East) sits in chair hand - 1.
    before = [start["scores"]["ESWN"[(chair - start["hand"] + 1) % 4]] for chair in range(4)]
    assert [a + d for a, d in zip(before, result["deltas"])] == result["scores"]
    # Every tile on show once the hand is over: the deal whole, each seat's standing tiles.
    assert len(view["events"][1]["hands"]) == 4 and len(result["hands"]) == 4
    assert result["deltas"][win["seat"]] > 0 and card["total"] == win_points(card)
    # Who paid what: every change but the riichi sticks put down this hand (1,000 from a declarer).
    net = [0, 0, 0, 0]
    for payment in result["payments"]:
        assert payment["points"] > 0 and payment["reason"] in ("ron", "tsumo", "pao", "honba", "sticks", "leftover")
        net[payment["payee"]] += payment["points"]
        if payment["payer"] is not None:
            net[payment["payer"]] -= payment["points"]
        else:
            assert payment["reason"] in ("sticks", "leftover")
    assert all(delta - paid in (0, -1000) for delta, paid in zip(result["deltas"], net))
    won = sum(p["points"] for p in result["payments"] if p["payee"] == win["seat"] and p["reason"] in ("ron", "tsumo"))
    assert won == card["total"]  # the hand's value, before honba and sticks


def test_riichi_is_declared_with_its_discard(app):
    player = Player(app)
    view = player.post("/api/games", {"rules": "riichi", "level": "easy"}).json()
    for _ in range(200):
        if view["match_over"]:
            break
        if view["hand_over"]:
            view = player.post(f"/api/games/{view['id']}/next").json()
            continue
        declaring = [a for a in view["observation"]["legal_actions"] if a.get("riichi")]
        if declaring:
            score = view["observation"]["scores"][HUMAN_SEAT]
            answer = player.act(view["id"], plain(declaring[0]) | {"version": view["version"]})
            assert answer.status_code == 200, answer.text
            after = answer.json()
            me = after["observation"]["seats"][HUMAN_SEAT]
            if not after["hand_over"]:
                assert me["riichi"] and me["discards"][-1]["riichi"] or any(d["riichi"] for d in me["discards"])
                assert after["observation"]["scores"][HUMAN_SEAT] == score - 1000
                # After riichi the drawn tile is discarded for you unless you may win or kan.
                legal = after["observation"]["legal_actions"]
                assert all(a["action"] != "discard" or a["tile"] for a in legal)
            return
        view = player.act(view["id"], bot_action(view) | {"version": view["version"]}).json()
    pytest.fail("the person never had a riichi to declare")


def test_bad_actions_are_refused_and_change_nothing(app):
    player = Player(app)
    view = player.post("/api/games", {"rules": "riichi", "level": "easy"}).json()
    game = view["id"]
    while not any(a["action"] == "discard" for a in view["observation"]["legal_actions"]):
        view = player.act(game, bot_action(view)).json()
    held = set(view["observation"]["hand"])
    missing = next(t for t in ("1z", "2z", "3z", "4z", "5z", "6z", "7z", "9m", "1m") if t not in held)
    cases = [
        ({"action": "discard", "tile": missing}, 409, "Not allowed now"),
        ({"action": "pon", "tiles": ["1z", "1z"]}, 409, "Not allowed now"),
        ({"action": "discard", "tile": "5x"}, 422, "Malformed"),
        ({"action": "shout"}, 422, "Malformed"),
        ({"action": "chi", "tiles": "45p"}, 422, "tiles must be a list"),
        ({"action": "discard", "tile": missing, "riichi": "yes"}, 422, "riichi must be true or false"),
        ({"action": "discard", "tile": missing, "seat": 2}, 422, "seat"),
        ({"action": "discard", "tile": missing, "extra": 1}, 422, "Unknown field 'extra'"),
    ]
    for body, status, words in cases:
        answer = player.act(game, body)
        assert answer.status_code == status, (body, answer.text)
        assert words in answer.json()["detail"], answer.json()["detail"]
        assert player.get(f"/api/games/{game}").json()["version"] == view["version"]
    stale = player.act(game, plain(view["observation"]["legal_actions"][0]) | {"version": view["version"] - 1})
    assert stale.status_code == 409
    other = Player(app)
    assert other.get(f"/api/games/{game}").status_code == 404
    assert player.post("/api/games", {"rules": "riichi", "options": {"preset": "nowhere"}}).status_code == 422


def test_a_game_resumes_from_the_database_exactly(app, tmp_path):
    player = Player(app)
    view = player.post("/api/games", {"rules": "riichi", "level": "normal"}).json()
    rng = random.Random(5)
    for _ in range(60):
        if view["hand_over"]:
            view = player.post(f"/api/games/{view['id']}/next").json()
            continue
        view = player.act(view["id"], plain(rng.choice(view["observation"]["legal_actions"]))).json()
    # Another server process on the same database rebuilds the table from the log alone.
    again = create_app(f"sqlite:///{tmp_path / 'games.db'}")
    try:
        resumed = Player(again)
        resumed.client.cookies = player.client.cookies
        assert resumed.get(f"/api/games/{view['id']}").json() == player.get(f"/api/games/{view['id']}").json()
    finally:
        again.state.store.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_table_rebuilt_from_its_log_goes_on_as_the_one_that_wrote_it(seed):
    """At every decision the log is saved and a table rebuilt from it: both then play on the same."""
    rng = random.Random(seed)
    table = RiichiTable("normal", seed, {"length": "tonpuu"})
    table.start()
    decisions = 0
    while not table.match_over and decisions < 400:
        if table.hand_over:
            table.next_hand()
            continue
        rebuilt = RiichiTable.from_log("normal", seed, json.loads(json.dumps(table.log())), {"length": "tonpuu"})
        assert rebuilt.observation() == table.observation()
        choice = rng.choice(table.observation()["legal_actions"])
        table.act(choice)
        rebuilt.act(choice)
        assert rebuilt.log() == table.log()
        decisions += 1
    assert decisions > 10


def test_a_log_of_another_table_is_refused():
    table = RiichiTable("normal", 1)
    table.start()
    from sparrow.game.riichi import ReplayError

    with pytest.raises(ReplayError, match="deal is not this table's"):
        RiichiTable.from_log("normal", 2, table.log())


def test_the_home_page_offers_riichi(app):
    player = Player(app)
    home = player.get("/").text
    assert 'value="riichi"' in home and 'data-rules="riichi"' in home
    choices = {family["rules"]: family for family in player.get("/api/choices").json()["rules"]}
    assert [c["option"] for c in choices["riichi"]["choices"]] == ["preset", "length"]
    page = player.get(f"/games/{player.post('/api/games', {'rules': 'riichi'}).json()['id']}").text
    assert "riichi-table.js" in page and "Tenhou" in page


def test_a_score_card_shows_the_winning_tile_once():
    """A win's ``hand`` is the standing tiles without the winning one, which ``tile`` names: after a
    tsumo as after a ron, the hand and the tile together are the whole hand."""
    from sparrow.web.riichi_views import riichi_result

    kinds = set()
    for seed in range(1, 40):
        table = RiichiTable("normal", seed, {"length": "tonpuu"})
        table.start()
        while not table.match_over and len(kinds) < 2:
            while not table.hand_over:
                seen = table.observation()
                legal = [RiichiAction.from_dict(a) for a in seen["legal_actions"]]
                table.act(RiichiBot("normal", seed).act(seen, legal))
            result = riichi_result(table)
            for win in result["wins"]:
                kinds.add("tsumo" if win["from"] is None else "ron")
                assert len(win["hand"]) % 3 == 1, win
            table.next_hand()
        if len(kinds) == 2:
            break
    assert kinds == {"tsumo", "ron"}


@pytest.mark.parametrize(
    ("options", "ranked"),
    [
        ({"preset": "wrc"}, True),
        ({"preset": "wrc", "length": "tonpuu"}, True),
        ({"preset": "wrc", "red_fives": 0}, True),  # WRC's own value given again
        ({"preset": "wrc", "red_fives": 3}, False),  # WRC plays without red fives
        ({"red_fives": 3}, True),  # Tenhou's own value
        ({"red_fives": 0}, False),
    ],
)
def test_a_game_is_ranked_when_its_options_are_its_presets(options, ranked):
    from sparrow.web.games import is_ranked

    assert is_ranked("riichi", options) is ranked


def test_an_offered_mjai_bot_plays_the_other_chairs_and_comes_back_from_the_log(tmp_path):
    """``sparrow serve --opponent tsumogiri=cmd:...`` at the Riichi table: the example mjai bot takes
    the three other chairs, the game is unranked, and a server that rebuilds the table from its log
    (a restart) starts the bot again and goes on from the same view."""
    import sys
    from pathlib import Path

    bot = Path(__file__).resolve().parents[1] / "examples" / "mjai_tsumogiri.py"
    offered = {"tsumogiri": f"cmd:{sys.executable} {bot}"}
    url = f"sqlite:///{tmp_path / 'games.db'}"
    app = create_app(url, game_seeds=iter(range(70, 99)), opponents=offered)
    try:
        player = Player(app)
        view = player.post("/api/games", {"rules": "riichi", "level": "tsumogiri"}).json()
        assert view["level"] == "tsumogiri" and not view["ranked"]
        assert view["names"][2] == "tsumogiri 2"
        rng = random.Random(2)
        for _ in range(12):
            if view["hand_over"]:
                break
            view = player.act(view["id"], plain(rng.choice(view["observation"]["legal_actions"]))).json()
        # The bot discards what it draws: every discard of the other chairs is a tsumogiri.
        for seat in view["observation"]["seats"]:
            if seat["seat"] != HUMAN_SEAT:
                assert all(item["tsumogiri"] for item in seat["discards"] if not item["riichi"])
        assert player.post("/api/games", {"rules": "riichi", "level": "nobody"}).status_code == 422
    finally:
        app.state.store.close()
    again = create_app(url, opponents=offered)
    try:
        resumed = Player(again)
        resumed.client.cookies = player.client.cookies
        assert resumed.get(f"/api/games/{view['id']}").json()["observation"] == view["observation"]
    finally:
        again.state.store.close()


def test_a_finished_hand_replays_step_by_step_with_every_tile(app):
    player = Player(app)
    view = player.post("/api/games", {"rules": "riichi", "level": "easy"}).json()
    assert player.get(f"/api/games/{view['id']}/hands/1/replay").status_code == 409  # still in play
    while not view["hand_over"]:
        view = player.act(view["id"], bot_action(view) | {"version": view["version"]}).json()
    answer = player.get(f"/api/games/{view['id']}/hands/1/replay")
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["rules"] == "riichi" and data["you"] == HUMAN_SEAT and data["names"][HUMAN_SEAT] == "You"
    frames = data["frames"]
    log = [json.loads(line) for line in player.get(f"/api/games/{view['id']}/log?hand=1").text.splitlines()]
    shown = [event for frame in frames for event in frame["events"]]
    assert len(shown) == len(log) and all("wall" not in e and "seed" not in e for e in shown)
    assert [e["event"] for e in shown] == [e["event"] for e in log]
    assert all(len(hand) == 13 for hand in frames[0]["hands"])
    for frame in frames:
        for chair, seat in enumerate(frame["observation"]["seats"]):
            sets = len(seat["melds"])
            held = len(frame["hands"][chair]) + (frame["drawn"][chair] is not None)
            assert held + 3 * sets in (13, 14), (chair, frame)
    assert data["result"]["kind"] == view["result"]["kind"]
    assert data["result"]["scores"] == view["result"]["scores"]
    assert player.get(f"/api/games/{view['id']}/hands/2/replay").status_code == 404
    page = player.get(f"/games/{view['id']}/hands/1")
    assert page.status_code == 200 and "riichi-replay.js" in page.text
