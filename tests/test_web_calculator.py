"""The calculator's API: ``POST /api/score`` and ``POST /api/settle`` answer exactly what ``sparrow score
--json`` and ``sparrow settle --json`` print, refusals are one sentence naming the field (in the page's
language), and the page's helpers read a hand from the notation, from JSON and from a shared link.
"""

from __future__ import annotations

import json
import random
from urllib.parse import parse_qs, urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sparrow.cli import app as cli_app
from sparrow.core.situation import HandSituation
from sparrow.formats.compact import format_compact, parse_compact
from sparrow.formats.handlink import hand_query_string
from sparrow.i18n import translate
from sparrow.rules import get_ruleset
from sparrow.rules.generate import random_complete_situation
from tests.web_support import Player, make_app

runner = CliRunner()

# Seed 000's worked example: open East pung 4, concealed Red Dragon pung 8, Bamboo 8 pair, Mahjong 20,
# self-drawn 2 = 34; dragon pung and own wind: 34 x 2 x 2 = 136.
NTS_136 = "nts: 23m456p88s777z [111z] +1m* seat=E round=S"
# Losers' hands for docs/rules/nts.md's settlement (South 32, West 28, North 8).
NTS_LOSERS = {
    "S": "nts: 1379s [222z] [444m] [666p] seat=S round=S",
    "W": "nts: 999p4567m [333z] [222s] seat=W round=S",
    "N": "nts: 999m123p456s78s55p seat=N round=S",
}
# Seed 003: Alice, East in the East round, bamboos with pungs of East and Red Dragon, self-drawn: 7 faan
# = 48 (she has a flower, not her own, so no "no bonus tiles" faan). Ben: all chows, concealed, his own
# flower, on a discard: 3 faan = 8.
HKOS_ALICE = "hkos: 123s456s9s777z [111z] +9s* seat=E round=E bonus=3f"
HKOS_BEN = "hkos: 123m456p789s234s5m +5m seat=S bonus=2f"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from sparrow.store import sqlite_url

    return make_app(sqlite_url(tmp_path_factory.mktemp("calc")))


@pytest.fixture
def player(app):
    return Player(app)


def cli_json(command: str, data: dict) -> dict:
    result = runner.invoke(cli_app, [command, "--json"], input=json.dumps(data))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def cli_error(command: str, data: object) -> str:
    result = runner.invoke(cli_app, [command, "--json"], input=json.dumps(data))
    assert result.exit_code == 2
    return (result.stderr or result.output).strip().removeprefix("error: ")


def situation(text: str) -> dict:
    return parse_compact(text).to_dict()


# ---------------------------------------------------------------------------- POST /api/score


def test_seed_000_worked_example_scores_136(player):
    answer = player.post("/api/score", situation(NTS_136))
    assert answer.status_code == 200
    result = answer.json()
    assert result["total"] == 136 and result["valid"] is True
    assert result["details"] == {"base": 34, "doublings": 2}
    points = {item["name"]: item["value"] for item in result["items"] if item["kind"] == "points"}
    assert points == {
        "Open pung of East Wind": 4,
        "Concealed pung of Red Dragon": 8,
        "Mahjong": 20,
        "Self-drawn winning tile": 2,
    }
    assert sum(item["value"] for item in result["items"] if item["kind"] == "doubling") == 2


def test_seed_003_worked_hands_score_48_and_8(player):
    alice = player.post("/api/score", situation(HKOS_ALICE)).json()
    ben = player.post("/api/score", situation(HKOS_BEN)).json()
    assert (alice["total"], alice["details"]["faan"]) == (48, 7)
    assert (ben["total"], ben["details"]["faan"]) == (8, 3)


@pytest.mark.parametrize(
    "text",
    [
        NTS_136,
        *NTS_LOSERS.values(),
        HKOS_ALICE,
        HKOS_BEN,
        "chinese: 123m456p789s234s5m +5m",
        "casual: 234m567p345s6s [888m] +6s seat=S",
    ],
)
def test_score_answers_exactly_what_the_cli_prints(player, text):
    data = situation(text)
    assert player.post("/api/score", data).json() == cli_json("score", data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(["nts", "hkos", "chinese", "casual"]), winning=st.booleans())
def test_any_generated_hand_scores_as_the_scorer_says(player, seed, rules, winning):
    if rules != "nts":
        winning = True
    hand = random_complete_situation(random.Random(seed), rules, winning=winning)
    answer = player.post("/api/score", hand.to_dict())
    assert answer.status_code == 200
    assert answer.json() == get_ruleset(rules).score(HandSituation.from_dict(hand.to_dict())).to_dict()


def test_score_and_settle_take_the_csrf_token_like_every_post(app):
    """web-api.md: every POST carries the session's X-CSRF-Token, the calculator's too."""
    from fastapi.testclient import TestClient

    client = TestClient(app)  # no session cookie, no token
    settle = {"rules": "nts", "winner": "E", "win_by": "self_draw", "scores": {"E": 136, "S": 32, "W": 28, "N": 8}}
    assert client.post("/api/score", json=situation(NTS_136)).status_code == 403
    assert client.post("/api/settle", json=settle).status_code == 403
    player = Player(app)
    assert player.send("POST", "/api/score", situation(NTS_136), csrf="wrong").status_code == 403
    assert player.post("/api/score", situation(NTS_136)).json()["total"] == 136
    assert player.post("/api/settle", settle).status_code == 200


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"concealed": "123m", "winning_tile": "1m"}, "rules"),
        ({"rules": "mcr", "concealed": "123m456p789s234s5m", "winning_tile": "5m"}, "rules"),
        ({"rules": "nts", "concealed": "123m456p789s234s", "winning_tile": "5m"}, "concealed"),
        ({"rules": "nts", "concealed": "123x456p789s234s5m", "winning_tile": "5m"}, "concealed"),
        ({"rules": "nts", "concealed": "11111m456p789s23s", "winning_tile": "5m"}, "concealed"),
        ({"rules": "nts", "concealed": "123m456p789s234s5m", "winning_tile": "1f"}, "winning_tile"),
        ({"rules": "nts", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "seat_wind": "X"}, "seat_wind"),
        (
            {"rules": "hkos", "options": {"flowerz": False}, "concealed": "123m456p789s234s5m", "winning_tile": "5m"},
            "options",
        ),
        (
            {
                "rules": "nts",
                "concealed": "123m456p789s5m",
                "melds": [{"kind": "chow", "tiles": "235s"}],
                "winning_tile": "5m",
            },
            "melds[0]",
        ),
        ([1, 2], "situation"),
    ],
)
def test_malformed_hand_is_422_naming_the_field_as_the_cli_does(player, body, field):
    answer = player.post("/api/score", body)
    assert answer.status_code == 422
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and "Traceback" not in detail
    assert detail.startswith(field)
    assert detail == cli_error("score", body)


def test_body_that_is_not_json_or_too_long_is_one_sentence(player):
    headers = {"Content-Type": "application/json", "X-CSRF-Token": player.csrf}
    bad = player.client.post("/api/score", content=b"{rules", headers=headers)
    assert bad.status_code == 422 and bad.json()["detail"].startswith("input: not valid JSON")
    long = player.client.post("/api/score", content=b" " * 20000 + b"{}", headers=headers)
    assert long.status_code == 422 and "too long" in long.json()["detail"]
    deep = player.client.post("/api/score", content=b"[" * 100000, headers=headers)
    assert deep.status_code == 422


def test_refusals_speak_the_pages_language(app):
    body = {"rules": "nts", "concealed": "123m456p789s234s", "winning_tile": "5m"}
    english = Player(app).post("/api/score", body).json()["detail"]
    dutch_cookie = Player(app)
    dutch_cookie.client.cookies.set("lang", "nl")
    by_cookie = dutch_cookie.post("/api/score", body).json()["detail"]
    asking = Player(app)
    by_header = asking.client.post(
        "/api/score", json=body, headers={"Accept-Language": "nl-NL,nl;q=0.9", "X-CSRF-Token": asking.csrf}
    )
    by_header = by_header.json()["detail"]
    assert by_cookie == by_header == translate(english, "nl") != english
    assert by_cookie.startswith("concealed: ")
    # The result itself is the contract: the same keys and values in either language.
    assert dutch_cookie.post("/api/score", situation(NTS_136)).json() == cli_json("score", situation(NTS_136))


# ---------------------------------------------------------------------------- POST /api/settle


def test_nts_worked_settlement(player):
    body = {"rules": "nts", "winner": "E", "win_by": "self_draw", "scores": {"E": 136, "S": 32, "W": 28, "N": 8}}
    answer = player.post("/api/settle", body)
    assert answer.status_code == 200
    assert answer.json() == {"payments": {"E": 816, "S": -244, "W": -256, "N": -316}} == cli_json("settle", body)


def test_nts_four_hands_end_to_end(player):
    """The four hands scored by the API, their totals settled by the API: seed 000's hand of 136 and
    docs/rules/nts.md's settlement."""
    scores = {"E": player.post("/api/score", situation(NTS_136)).json()["total"]}
    for seat, text in NTS_LOSERS.items():
        scores[seat] = player.post("/api/score", situation(text)).json()["total"]
    assert scores == {"E": 136, "S": 32, "W": 28, "N": 8}
    body = {"rules": "nts", "winner": "E", "win_by": "self_draw", "scores": scores}
    assert player.post("/api/settle", body).json()["payments"] == {"E": 816, "S": -244, "W": -256, "N": -316}


@pytest.mark.parametrize(
    "body",
    [
        {"rules": "hkos", "winner": "S", "win_by": "discard", "discarder": "W", "scores": {"S": 8}},
        {"rules": "nts", "winner": None, "scores": {"E": 10, "S": 0, "W": 0, "N": 0}},
        {"rules": "casual", "winner": "N", "win_by": "self_draw", "scores": {"N": 40}},
    ],
)
def test_settle_answers_exactly_what_the_cli_prints(player, body):
    answer = player.post("/api/settle", body)
    assert answer.status_code == 200
    assert answer.json() == cli_json("settle", body)
    assert sum(answer.json()["payments"].values()) == 0


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"rules": "nts", "winner": "X", "scores": {}}, "winner"),
        ({"rules": "nts", "winner": "E", "win_by": "discard", "scores": {"E": 40}}, "discarder"),
        ({"rules": "nts", "winner": "E", "win_by": "self_draw", "scores": {"E": -4}}, "scores.E"),
        ({"rules": "nts", "winner": "E", "win_by": "self_draw", "scores": {"S": 4}}, "scores"),
        ({"rules": "mahjong", "winner": None}, "rules"),
    ],
)
def test_malformed_settlement_is_422_naming_the_field(player, body, field):
    answer = player.post("/api/settle", body)
    assert answer.status_code == 422
    assert answer.json()["detail"].startswith(field)
    assert answer.json()["detail"] == cli_error("settle", body)


@pytest.mark.parametrize(
    ("scores", "dead", "field", "words"),
    [
        ({"E": 0, "S": 40, "W": 8, "N": 0}, [], "scores.S", "at least 80"),
        ({"E": 0, "S": 96, "W": 2400, "N": 0}, [], "scores.W", "at most 2000"),
        ({"E": 0, "S": 96, "W": 8, "N": 60}, ["N"], "scores.N", "a dead hand scores 0"),
    ],
)
def test_settle_refuses_what_the_sheet_refuses(player, scores, dead, field, words):
    """One validation for /api/settle and the sheet (sparrow.sheets.checks): the same refusal, in the
    same words, in English and Dutch."""
    from sparrow.sheets import SheetError, create_sheet

    body = {"rules": "nts", "winner": "S", "win_by": "self_draw", "scores": scores, "dead": dead}
    answer = player.post("/api/settle", body)
    assert answer.status_code == 422
    assert answer.json()["detail"].startswith(f"{field}: ") and words in answer.json()["detail"]
    names = dict(zip("ESWN", ["Ann", "Bob", "Cor", "Dirk"]))
    row = {"winner": "Bob", "win_by": "self_draw", "scores": {names[k]: v for k, v in scores.items()}}
    with pytest.raises(SheetError) as error:
        create_sheet("nts", list(names.values())).add_row(row | {"dead": [names[k] for k in dead]})
    assert error.value.message == answer.json()["detail"].split(": ", 1)[1]
    dutch = player.post("/api/settle?lang=nl", body).json()["detail"]
    assert dutch.startswith(f"{field}: ") and dutch != answer.json()["detail"]


# ---------------------------------------------------------------------------- the page's helpers


@pytest.mark.parametrize(
    "text", [NTS_136, HKOS_ALICE, HKOS_BEN, "hkos: 123m456p789s234s5m +5m minimum=0 seven_pairs=true"]
)
def test_read_notation_gives_json_canonical_notation_link_and_card(player, text):
    answer = player.post("/api/calculator/read", {"notation": text})
    assert answer.status_code == 200
    data = answer.json()
    hand = parse_compact(text)
    assert data["situation"] == hand.to_dict()
    assert data["notation"] == format_compact(hand)
    assert urlencode(data["link"]) == hand_query_string(hand)
    assert data["result"] == cli_json("score", hand.to_dict())
    assert data["card"]["total"] == data["result"]["total"]
    assert data["card"]["arithmetic"]
    # The same hand built as JSON (as the picker sends it) reads the same.
    assert player.post("/api/calculator/read", {"situation": hand.to_dict()}).json() == data


def test_read_card_is_in_dutch_the_result_stays_the_contract(player):
    player.client.cookies.set("lang", "nl")
    data = player.post("/api/calculator/read", {"notation": NTS_136}).json()
    names = [item["name"] for item in data["card"]["items"]]
    assert "Open pung Oostenwind" in names and "Dichte pung Rode draak" in names
    assert data["card"]["arithmetic"] == "34 × 2² = 136"
    assert data["result"]["items"][0]["name"] == "Open pung of East Wind"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"notation": "nts: 123m [12m] +1z"}, "The hand: "),
        ({"notation": "123m456p789s234s5m +5m"}, "The rules: "),
        ({"notation": "nts: 123m456p789s234s +5m"}, "The concealed tiles: "),
        ({"notation": 5}, "The notation must be text."),
        ({"notation": "x", "situation": {}}, "Send either notation or situation."),
        ({}, "Send either notation or situation."),
    ],
)
def test_read_refusals_name_the_field(player, body, field):
    """The page's helpers answer a sentence for people: the field named as the page names it."""
    answer = player.post("/api/calculator/read", body)
    assert answer.status_code == 422
    assert answer.json()["detail"].startswith(field)


def test_link_reopens_the_same_hand(player):
    hand = parse_compact("hkos: 123s456s9s777z [111z] +9s* seat=E round=E bonus=3f moments=last_tile minimum=0")
    answer = player.post("/api/calculator/link", {"query": "?" + hand_query_string(hand) + "&lang=nl"})
    assert answer.status_code == 200
    data = answer.json()
    assert len(data["hands"]) == 1
    assert HandSituation.from_dict(data["hands"][0]["situation"]) == hand


def test_nts_link_holds_all_four_hands(player):
    main = parse_compact(NTS_136)
    params = parse_qs(hand_query_string(main))
    query = {key: values[0] for key, values in params.items()}
    for seat, text in NTS_LOSERS.items():
        query[f"hand.{seat}"] = text.removeprefix("nts: ").split(" seat=")[0]
    query["bonus.N"] = "4f"
    query["discarder"] = "W"
    data = player.post("/api/calculator/link", {"query": urlencode(query)}).json()
    totals = {hand["seat"]: hand["result"]["total"] for hand in data["hands"]}
    north = get_ruleset("nts").score(parse_compact(NTS_LOSERS["N"] + " bonus=4f")).total
    assert north == (8 + 4) * 2  # a season is 4 points, North's own season a doubling
    assert totals == {"E": 136, "S": 32, "W": 28, "N": north}
    assert data["discarder"] == "W"


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"hand.S": "1379s [222z] [444m] [666p] +1s"}, "The hand of South: "),
        ({"hand.S": "1379s [222z] [444m]"}, "The hand of South: "),
        ({"hand.E": "1379s [222z] [444m] [666p]"}, "The hand of East: "),
        ({"discarder": "X"}, "The discarder: "),
        ({"seat": "Q"}, "The seat: "),
        ({"hand.S": "xyz"}, "The hand of South: "),
        ({"bonus.S": "zz"}, "The flowers and seasons of South: "),
        ({"hand.S": "1379s [222z] [444m] [666p] seat=N"}, "The hand of South: only the main hand gives seat_wind"),
        ({"hand.S": "1379s [222z] [444m] [666p] twins=true"}, "The hand of South: only the main hand gives options"),
    ],
)
def test_link_refusals_name_the_parameter(player, extra, field):
    query = {key: values[0] for key, values in parse_qs(hand_query_string(parse_compact(NTS_136))).items()}
    answer = player.post("/api/calculator/link", {"query": urlencode(query | extra)})
    assert answer.status_code == 422
    assert answer.json()["detail"].startswith(field)


# ---------------------------------------------------------------------------- the page and its language


def test_calculator_page_and_nav_link(player):
    page = player.get("/calculator")
    assert page.status_code == 200
    assert 'id="calc-notation"' in page.text and "Hand calculator" in page.text
    assert 'href="/calculator"' in player.get("/").text


def test_language_switch_is_remembered(app):
    guest = Player(app)
    dutch = guest.get("/calculator?lang=nl")
    assert "lang=nl" in dutch.headers.get("set-cookie", "")
    assert "Puntenteller" in dutch.text and '<html lang="nl">' in dutch.text
    again = guest.get("/calculator")  # no parameter: the cookie remembers
    assert "Puntenteller" in again.text
    assert "Puntenteller" in guest.get("/").text  # the nav of every page
    back = guest.get("/calculator?lang=en")
    assert "Hand calculator" in back.text
    assert "Hand calculator" in guest.get("/calculator").text


def test_language_from_the_browser_when_nothing_was_chosen(app):
    assert "Puntenteller" in Player(app).get("/calculator", headers={"Accept-Language": "nl-BE,nl;q=0.9"}).text
    assert "Hand calculator" in Player(app).get("/calculator", headers={"Accept-Language": "fr, en;q=0.5"}).text


def test_the_id_comes_back_as_the_cli_writes_it(player):
    """hand-situation.md: ``id`` is copied into the result; the web answers what the CLI prints."""
    hand = situation(NTS_136) | {"id": "table 3"}
    assert player.post("/api/score", hand).json() == cli_json("score", hand)
    assert player.post("/api/score", hand).json()["id"] == "table 3"
    settle = {
        "id": 7,
        "rules": "nts",
        "winner": "E",
        "win_by": "self_draw",
        "scores": {"E": 136, "S": 32, "W": 28, "N": 8},
    }
    answer = player.post("/api/settle", settle).json()
    assert answer == cli_json("settle", settle) and list(answer) == ["id", "payments"]
