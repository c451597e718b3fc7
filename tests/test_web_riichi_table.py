"""The Riichi table against the computer, through the API and the play layer: a Riichi game is created,
played and resumed like any other, at the one table (``play.table.Table``) and in the one GameView:
the shared fields by seat wind, and Riichi's own view in ``observation.family`` (dora indicators,
honba, sticks, riichi, the rivers with their marks, red fives as ``0p``). The view shows the seat's own
tiles and the table, never another hand, a draw of another seat or the wall; riichi, claims and wins
are sent as the legal actions list them (the one ``Action``'s dict); bad actions are refused with a 4xx
and change nothing; a finished match has its final results with uma and oka; a table rebuilt from
its log goes on exactly as the one that wrote it."""

from __future__ import annotations

import json
import random

import pytest

from sparrow.game.replay import ReplayError
from sparrow.play.table import Table
from sparrow.web.app import create_app
from sparrow.web.views import result_view
from tests.test_web_replay_frames import unfold
from tests.web_support import Player, plain


@pytest.fixture
def app(tmp_path):
    application = create_app(f"sqlite:///{tmp_path / 'games.db'}", game_seeds=iter(range(40, 400)))
    yield application
    application.state.store.close()


def bot_action(view: dict, seed: int = 3, player: Player | None = None) -> dict:
    """A sensible choice as the page would send it: a win when offered, riichi when offered, on a turn
    the hint's best discard (when ``player`` may ask for it), else a seeded choice among the legal
    actions (claims passed half the time)."""
    legal = view["observation"]["legal_actions"]
    rng = random.Random(f"{seed}/{view['version']}/{len(view['events'])}")
    for wanted in (lambda a: a["action"] == "win", lambda a: a.get("riichi")):
        found = [a for a in legal if wanted(a)]
        if found:
            return plain(found[0])
    discards = [a for a in legal if a["action"] == "discard"]
    if discards and player is not None:
        hint = player.get(f"/api/games/{view['id']}/hint").json()
        if hint["discards"]:
            best = hint["discards"][0]["discard"]
            return plain(next((a for a in discards if a["tile"] == best), discards[0]))
    passes = [a for a in legal if a["action"] == "pass"]
    if passes and rng.random() < 0.5:
        return plain(passes[0])
    return plain(rng.choice(legal))


def win_points(card: dict) -> int:
    """The hand's value as its details give it (before honba and sticks)."""
    return card["details"]["points"]


def chair(view: dict, wind: str) -> int:
    """The chair of the family's own view that sits at ``wind`` this hand."""
    return next(seat["seat"] for seat in view["observation"]["family"]["seats"] if seat["wind"] == wind)


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
    me = view["observation"]["seat"]
    for event in view["events"]:
        assert "wall" not in event and "seed" not in event
        if event["event"] == "deal":
            assert list(event["hands"]) == [me]
        if event["event"] == "draw" and event["seat"] != me:
            assert "tile" not in event
    for seat in view["observation"]["family"]["seats"]:
        assert set(seat) >= {"standing", "discards", "melds"} and "hand" not in seat


def test_a_riichi_game_is_played_to_its_final_results(app):
    player = Player(app)
    answer = player.post("/api/games", {"rules": "riichi", "level": "easy", "options": {"length": "tonpuu"}})
    assert answer.status_code == 201, answer.text
    view = answer.json()
    assert view["rules"] == "riichi" and view["seat"] == "S" and view["ranked"]
    seen = view["observation"]
    family = seen["family"]
    assert seen["seat"] == "S" and family["wind"] == "S" and family["scores"] == [25000] * 4
    assert len(family["dora_indicators"]) == 1 and family["honba"] == 0 and family["sticks"] == 0
    assert seen["players"]["S"] == "You" and seen["scores"] == {wind: 25000 for wind in "ESWN"}
    check_hidden(view)
    hands = 0

    def choose(view: dict) -> dict:
        nonlocal hands
        check_hidden(view)
        hands = max(hands, view["hand_number"])
        return bot_action(view)

    view = play_on(player, view, choose)
    result = view["result"]
    assert result["family"]["kind"] in ("tsumo", "ron", "exhaustive", "abortive")
    rows = result["standings"]
    assert sorted(row["place"] for row in rows) == [1, 2, 3, 4]
    assert sum(row["total"] for row in rows) == 100_000  # the sticks left over go to the top
    assert abs(sum(row["result"] for row in rows)) < 1e-6  # uma and oka add up to nothing
    assert [row["total"] for row in rows] == sorted((row["total"] for row in rows), reverse=True)
    # The hands of the match, a line each: together they make the final points.
    history = result["history"]
    assert [line["number"] for line in history] == list(range(1, hands + 1))
    for row in rows:
        assert 25000 + sum(line["payments"][row["name"]] for line in history) == row["total"]
    assert sum(row["hands_won"] for row in rows) == sum(len(line["winners"]) for line in history)
    listed = player.get("/api/games").json()[0]
    assert listed["match_over"] and listed["finish"]["of"] == 4
    # "Your games" gives the result as players count it, uma and oka included.
    mine = next(row for row in rows if row["name"] == "You")
    assert listed["finish"]["result_text"] == mine["result_text"]
    assert mine["result_text"][0] in "+-" and "." in mine["result_text"]
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
        mine += sum(win["seat"] == view["seat"] for win in view["result"]["family"]["wins"])
        if (view["result"]["family"]["wins"] and mine) or view["match_over"]:
            break
        view = player.post(f"/api/games/{view['id']}/next").json()
    # Each hand the person won counts for the leaderboard (Normal players: 30 points a hand).
    board = {row["username"]: row for row in player.get("/api/leaderboard").json()}
    assert board.get("riichi-player", {"points": 0})["points"] == 30 * mine
    result = view["result"]["family"]
    assert result["wins"], "no hand was won in 40 hands"
    win = result["wins"][0]
    card = win["card"]
    assert card["rules"] == "riichi" and card["total"] > 0
    assert any(item["kind"] == "han" for item in card["items"])
    assert view["result"]["cards"][win["seat"]] == card  # the shared result's card of the same winner
    start = view["events"][0]
    assert start["event"] == "hand_start"
    # The scores before the hand and after it, by seat wind.
    assert {wind: start["scores"][wind] + result["deltas"][wind] for wind in "ESWN"} == result["scores"]
    assert view["result"]["payments"] == result["deltas"]
    # Every tile on show once the hand is over: the deal whole, each seat's standing tiles.
    assert len(view["events"][1]["hands"]) == 4 and len(view["result"]["hands"]) == 4
    assert result["deltas"][win["seat"]] > 0 and card["total"] == win_points(card)
    # Who paid what: every change but the riichi sticks put down this hand (1,000 from a declarer).
    net = dict.fromkeys("ESWN", 0)
    for payment in result["payments"]:
        assert payment["points"] > 0 and payment["reason"] in ("ron", "tsumo", "pao", "honba", "sticks", "leftover")
        net[payment["payee"]] += payment["points"]
        if payment["payer"] is not None:
            net[payment["payer"]] -= payment["points"]
        else:
            assert payment["reason"] in ("sticks", "leftover")
    assert all(result["deltas"][wind] - net[wind] in (0, -1000) for wind in "ESWN")
    won = sum(p["points"] for p in result["payments"] if p["payee"] == win["seat"] and p["reason"] in ("ron", "tsumo"))
    assert won == card["total"]  # the hand's value, before honba and sticks


def test_riichi_is_declared_with_its_discard(app):
    player = Player(app)
    view = player.post("/api/games", {"rules": "riichi", "level": "easy"}).json()
    for _ in range(400):
        if view["match_over"]:
            break
        if view["hand_over"]:
            view = player.post(f"/api/games/{view['id']}/next").json()
            continue
        declaring = [a for a in view["observation"]["legal_actions"] if a.get("riichi")]
        if declaring:
            assert all(a["action"] == "discard" for a in declaring)
            me = chair(view, view["seat"])
            score = view["observation"]["family"]["scores"][me]
            answer = player.act(view["id"], plain(declaring[0]) | {"version": view["version"]})
            assert answer.status_code == 200, answer.text
            after = answer.json()
            new = after["events"][len(view["events"]) :]  # the view tells the whole hand so far
            mine = [e for e in new if e["event"] == "discard" and e["seat"] == view["seat"]]
            assert mine and mine[0]["riichi"], "the discard sent is the riichi discard"
            if not after["hand_over"]:
                family = after["observation"]["family"]
                assert family["seats"][me]["riichi"] and any(d["riichi"] for d in family["seats"][me]["discards"])
                assert family["scores"][me] == score - 1000
                # After riichi the drawn tile is discarded for you unless you may win or kan: a
                # discard is offered alone never, and with a win or a kan only the drawn tile.
                legal = after["observation"]["legal_actions"]
                discards = [a for a in legal if a["action"] == "discard"]
                assert len(discards) <= 1 and (not discards or len(legal) > 1)
            return
        view = player.act(view["id"], bot_action(view, player=player) | {"version": view["version"]}).json()
    pytest.fail("the person never had a riichi to declare")


def test_bad_actions_are_refused_and_change_nothing(app):
    player = Player(app)
    view = player.post("/api/games", {"rules": "riichi", "level": "easy"}).json()
    game = view["id"]
    while not any(a["action"] == "discard" for a in view["observation"]["legal_actions"]):
        view = player.act(game, bot_action(view)).json()
    held = set(view["observation"]["family"]["hand"])
    missing = next(t for t in ("1z", "2z", "3z", "4z", "5z", "6z", "7z", "9m", "1m") if t not in held)
    cases = [
        ({"action": "discard", "tile": missing}, 409, "Not allowed now"),
        ({"action": "pung"}, 409, "Not allowed now"),
        ({"action": "discard", "tile": "5x"}, 422, "Malformed"),
        ({"action": "shout"}, 422, "Malformed"),
        ({"action": "pung", "riichi": True}, 422, "riichi is declared with a discard"),
        ({"action": "discard", "tile": "7z", "red": True}, 422, "only a five is red"),
        ({"action": "discard", "tile": missing, "riichi": "yes"}, 422, "riichi must be true or false"),
        ({"action": "discard", "tile": missing, "red": 1}, 422, "red must be true or false"),
        ({"action": "discard", "tile": missing, "seat": 2}, 422, "seat"),
        ({"action": "discard", "tile": missing, "seat": "N"}, 409, "you play the S seat"),
        ({"action": "discard", "tile": missing, "extra": 1}, 422, "Unknown field 'extra'"),
        ({"action": "chow", "tiles": ["4p", "6p"]}, 422, "Unknown field 'tiles'"),
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
    options = {"length": "tonpuu"}
    table = Table("riichi", "normal", seed, options, forced=True)
    table.start()
    decisions = 0
    while not table.match_over and decisions < 400:
        if table.hand_over:
            table.next_hand()
            continue
        rebuilt = Table.from_log("riichi", "normal", seed, json.loads(json.dumps(table.log())), options, forced=True)
        seen = table.view().observation
        assert rebuilt.view().observation.to_dict() == seen.to_dict()
        choice = rng.choice(seen.legal_actions)
        table.act(choice)
        rebuilt.act(choice)
        assert rebuilt.log() == table.log()
        decisions += 1
    assert decisions > 10


def test_a_log_of_another_table_is_refused():
    table = Table("riichi", "normal", 1)
    table.start()
    with pytest.raises(ReplayError, match="deal"):
        Table.from_log("riichi", "normal", 2, table.log())


def test_the_home_page_offers_riichi_at_the_one_table(app):
    player = Player(app)
    home = player.get("/").text
    assert 'value="riichi"' in home and 'data-rules="riichi"' in home
    choices = {family["rules"]: family for family in player.get("/api/choices").json()["rules"]}
    assert [c["option"] for c in choices["riichi"]["choices"]] == ["preset", "length"]
    page = player.get(f"/games/{player.post('/api/games', {'rules': 'riichi'}).json()['id']}").text
    assert "table.js" in page and "riichi-table.js" not in page
    # The family panel's texts are the one table's.
    assert '"Dora indicators"' in page and '"Riichi!"' in page


def test_a_score_card_shows_the_winning_tile_once():
    """A win's ``hand`` is the standing tiles without the winning one, which ``tile`` names: after a
    tsumo as after a ron, the hand and the tile together are the whole hand."""
    kinds = set()
    for seed in range(1, 40):
        table = Table("riichi", "normal", seed, {"length": "tonpuu"}, forced=True)
        step = table.start()
        while not table.match_over and len(kinds) < 2:
            while not step.hand_over:
                legal = step.observation.legal_actions
                wins = [a for a in legal if a.kind.value == "win"]
                step = table.act(wins[0] if wins else legal[-1])
            result = result_view(step)
            assert result is not None and result["family"] is not None
            for win in result["family"]["wins"]:
                kinds.add("tsumo" if win["from"] is None else "ron")
                assert len(win["hand"]) % 3 == 1, win
            step = table.next_hand()
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
        assert sorted(name for name in view["observation"]["players"].values() if name != "You") == [
            f"tsumogiri {n}" for n in (1, 2, 3)
        ]
        rng = random.Random(2)
        for _ in range(12):
            if view["hand_over"]:
                break
            view = player.act(view["id"], plain(rng.choice(view["observation"]["legal_actions"]))).json()
        # The bot discards what it draws: every discard of the other chairs is a tsumogiri.
        for seat in view["observation"]["family"]["seats"]:
            if seat["wind"] != view["seat"]:
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
    """The one replay serves Riichi: frames made through the one face, each with every tile (red fives
    as the family writes them, in ``family.hands``), the family's public view (rivers with their
    riichi marks, dora indicators, sticks), and the result with Riichi's own part."""
    player = Player(app)
    view = player.post("/api/games", {"rules": "riichi", "level": "easy"}).json()
    assert player.get(f"/api/games/{view['id']}/hands/1/replay").status_code == 409  # still in play
    while not view["hand_over"]:
        view = player.act(view["id"], bot_action(view) | {"version": view["version"]}).json()
    answer = player.get(f"/api/games/{view['id']}/hands/1/replay")
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["rules"] == "riichi" and data["you"] == "S" and data["players"]["S"] == "You"
    frames = data["frames"]
    log = [json.loads(line) for line in player.get(f"/api/games/{view['id']}/log?hand=1").text.splitlines()]
    shown = [event for frame in frames for event in frame["events"]]
    assert len(shown) == len(log) and all(not e.get("wall") and "seed" not in e for e in shown)
    assert [e["event"] for e in shown] == [e["event"] for e in log]
    assert all(len(hand) in (13, 14) for hand in frames[0]["family"]["hands"].values())
    for frame, family in zip(frames, unfold(frames), strict=True):  # the family part folded as the page does
        assert family is not None and "hand" not in family["view"]
        for seat in family["view"]["seats"]:
            held = len(family["hands"][seat["wind"]])
            assert held + 3 * len(seat["melds"]) in (13, 14), (seat, frame)
            # The family's names are the shared tiles, a red five "0p" being a 5p.
            kinds = sorted(name.replace("0", "5") for name in family["hands"][seat["wind"]])
            assert "".join(kinds) == "".join(sorted(_names(frame["hands"][seat["wind"]]))), frame
    result = data["result"]
    assert result["family"]["kind"] == view["result"]["family"]["kind"]
    assert result["family"]["scores"] == view["result"]["family"]["scores"]
    assert result["payments"] == view["result"]["payments"]
    assert player.get(f"/api/games/{view['id']}/hands/2/replay").status_code == 404
    page = player.get(f"/games/{view['id']}/hands/1")
    assert page.status_code == 200 and "replay.js" in page.text and "riichi-replay.js" not in page.text


def _names(text: str) -> list[str]:
    """ "123m5p" -> ["1m", "2m", "3m", "5p"]"""
    names, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            names += [d + ch for d in digits]
            digits = ""
    return names


def test_the_table_says_which_rules_it_plays(app):
    """Under the title, the value of each of the family's choices, worded as the home page offers it
    (a Riichi game's preset and length; an HKOS game's length and minimum), in the page's language."""
    player = Player(app)
    riichi = player.post("/api/games", {"rules": "riichi", "options": {"preset": "m-league", "length": "tonpuu"}})
    page = player.get(f"/games/{riichi.json()['id']}").text
    assert "M-League · East round only (tonpuusen)" in page
    hkos = player.post("/api/games", {"rules": "hkos"}).json()["id"]
    page = player.get(f"/games/{hkos}").text
    assert "Four rounds (16 hands at least) · 3 faan" in page
    nts = player.post("/api/games", {"rules": "nts"}).json()["id"]
    assert 'class="muted terms"' not in player.get(f"/games/{nts}").text  # no choices: no line
