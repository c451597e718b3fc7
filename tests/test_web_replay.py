"""The replay of a finished hand through the API (``GET /api/games/{id}/hands/{n}/replay``) and its
page's texts: the result after the last step (the winner's score card, translated into the page
language as the calculator's is, the hand scores under NTS, the payments and totals), and every text
the page's script writes, in English and in Dutch."""

from __future__ import annotations

import functools
import json
import re
from string import Formatter

import pytest

from sparrow.i18n import translate
from sparrow.i18n.catalog import catalogue
from sparrow.play.sim import simulate
from sparrow.play.table import Table
from sparrow.store import sqlite_url
from sparrow.web.replay_texts import TEXTS, replay_result, replay_texts, translate_events
from tests.web_support import Player, make_app, plain, sensible_action, winning_line


@functools.cache
def nts_line(start: int = 2000) -> tuple[int, tuple[dict, ...]]:
    """The first seed from ``start`` on which a computer player wins the first NTS hand against
    :func:`sensible_action`, and a loser's hand scores points too; the actions the person plays."""
    for seed in range(start, start + 300):
        table = Table("nts", "normal", seed)
        step = table.start()
        actions = []
        while not step.hand_over:
            action = sensible_action(step.observation)
            actions.append(plain(action.to_dict()))
            step = table.act(action)
        result = step.result
        if result.winner is not None and result.winner != step.seat:
            if any(total for seat, total in result.scores.items() if seat != result.winner):
                return seed, tuple(actions)
    raise AssertionError("no NTS seed found")


def finished_step(rules: str, seed: int, line: tuple[dict, ...]):
    table = Table(rules, "normal", seed)
    step = table.start()
    for action in line:
        step = table.act(action)
    assert step.hand_over
    return step


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """A casual hand the person wins and an NTS hand a computer player wins, both over."""
    casual_seed, casual_line = winning_line("casual", "normal")
    nts_seed, nts_actions = nts_line()
    app = make_app(sqlite_url(tmp_path_factory.mktemp("replay")), iter([casual_seed, nts_seed]))
    player = Player(app)
    ids = {}
    for rules, line in (("casual", casual_line), ("nts", nts_actions)):
        view = player.new_game(rules=rules, level="normal")
        for action in line:
            answer = player.act(view["id"], action)
            assert answer.status_code == 200, answer.text
            view = answer.json()
        assert view["hand_over"]
        ids[rules] = view
    yield player, ids
    app.state.store.close()


def _events(replay: dict) -> list[dict]:
    return [event for frame in replay["frames"] for event in frame["events"]]


def test_every_text_of_the_replay_page_has_its_dutch_with_the_same_fields():
    fields = lambda text: sorted(name for _, name, _, _ in Formatter().parse(text) if name)  # noqa: E731
    for text in TEXTS:
        dutch = catalogue("nl").exact.get(text)
        assert dutch, text
        assert fields(dutch) == fields(text), text
    texts = replay_texts("nl")
    assert texts["You discard {tile}."] == "Je gooit {tile} af."
    assert texts["East"] == "Oost" and texts["Score card"] == "Puntentelling" and texts["Total"] == "Totaal"
    same = {text for text in TEXTS if texts[text] == text}  # (the table's texts it shares have their own check)
    assert same <= {"West", "Expert", "faan", "fan"}
    assert replay_texts("en")["{who} discards {tile}."] == "{who} discards {tile}."
    # "You" and the other seats have sentences of their own: no "You sets", no "East set".
    for text in TEXTS:
        if text.startswith("You "):
            assert not re.match(r"You \w+s\b", text), text
        if text.startswith("{who} "):
            assert re.match(r"\{who\} (\w+s|is)\b", text), text


def test_a_won_hand_replays_to_its_score_card_payments_and_totals(games):
    player, views = games
    view = views["casual"]
    replay = player.get(f"/api/games/{view['id']}/hands/1/replay?lang=en").json()
    assert replay["you"] == view["seat"] == "S" and replay["language"] == "en"
    events = _events(replay)
    win = next(event for event in events if event["event"] == "win")
    end = events[-1]
    result = replay["result"]
    assert result["winner"] == win["seat"] == view["result"]["winner"] == "S"
    assert result["win_by"] == win["situation"]["win_by"] == view["result"]["win_by"]
    card = result["score"]
    assert card["total"] == win["score"]["total"] == view["result"]["score"]["total"] > 0
    assert card["items"] == win["score"]["items"]
    assert card["arithmetic"] == view["result"]["score"]["arithmetic"] and card["arithmetic"]
    assert result["payments"] == end["payments"] == view["result"]["payments"]
    assert result["totals"] == view["result"]["totals"]
    assert result["scores"] == end["scores"] and result["scores_losers"] is False
    assert result["limit_unit"] == "points" and result["dead"] == [] and not result["exhausted"]

    # The same hand asked in Dutch: the card's lines in Dutch, the numbers the same.
    dutch = player.get(f"/api/games/{view['id']}/hands/1/replay?lang=nl").json()
    assert dutch["language"] == "nl"
    names = [item["name"] for item in dutch["result"]["score"]["items"]]
    assert names == [translate(item["name"], "nl") for item in win["score"]["items"]]
    assert names != [item["name"] for item in win["score"]["items"]]
    assert [item["value"] for item in dutch["result"]["score"]["items"]] == [i["value"] for i in win["score"]["items"]]
    assert dutch["result"]["score"]["total"] == card["total"]
    assert dutch["frames"] == replay["frames"]  # the referee's events stay as logged


def test_an_nts_replay_shows_every_hand_score(games):
    player, views = games
    view = views["nts"]
    replay = player.get(f"/api/games/{view['id']}/hands/1/replay?lang=en").json()
    result = replay["result"]
    end = _events(replay)[-1]
    assert result["scores_losers"] is True
    assert result["winner"] not in (None, replay["you"])
    assert result["scores"] == end["scores"] == view["result"]["scores"]
    assert any(total for seat, total in result["scores"].items() if seat != result["winner"])
    assert result["payments"] == view["result"]["payments"] and sum(result["payments"].values()) == 0
    assert result["score"]["total"] == result["scores"][result["winner"]]


def test_the_replay_page_speaks_the_page_language(games):
    player, views = games
    game = views["casual"]["id"]
    english = player.get(f"/games/{game}/hands/1?lang=en").text
    assert "Replay of hand 1" in english and "Back to the game" in english
    page = player.get(f"/games/{game}/hands/1/replay?lang=nl")
    assert page.status_code == 200
    html = page.text
    assert "Herhaling van spel 1" in html and "Terug naar de partij" in html and "Afspelen" in html
    data = json.loads(re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', html, re.S)[1])
    assert data["texts"]["{who} pongs {tile} from {whom}."] == "{who} neemt {tile} van {whom} voor een pung."
    assert data["texts"]["You"] == "Jij"


def test_a_false_claim_to_win_is_told_in_the_page_language():
    frames = [{"events": [{"event": "false_win", "seat": "S", "reason": "needs at least 2 doublings, has 1"}]}]
    translate_events(frames, "nl")
    event = frames[0]["events"][0]
    assert event["reason"] == "needs at least 2 doublings, has 1"
    assert event["reason_text"] == translate(event["reason"], "nl") != event["reason"]


def test_a_drawn_hand_and_a_dead_hand_in_the_result():
    logs: list[list[dict]] = []
    simulate("nts", 12, seed=6, players="simple", on_hand=logs.append)
    drawn = next(events for events in logs if events[-2]["event"] == "exhausted")
    result = replay_result(drawn, "en")
    assert result["winner"] is None and result["score"] is None and result["exhausted"] is True
    assert result["payments"] == drawn[-1]["payments"]
    dead = next(events for events in logs if any(event["event"] == "false_win" for event in events))
    result = replay_result(dead, "nl")
    assert result["dead"] == dead[-1]["dead"] and result["dead"]
    assert replay_result(drawn[:-1], "en") is None  # no end, no result
