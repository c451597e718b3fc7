"""The calculator under Riichi (issue 26, item 6): the page offers the ruleset with its preset and the
options a hand's score reads; a riichi hand with red fives, dora and ura dora indicators, honba and
riichi sticks reads from the notation and from JSON, scores as ``sparrow score --json`` does, shows
han, fu, limit and who pays; bad input is a 422 with the server's one sentence; a shared link holds
every riichi field and reopens the same hand.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlencode

import pytest
from typer.testing import CliRunner

from sparrow.cli import app as cli_app
from sparrow.core.situation import HandSituation
from sparrow.formats.compact import format_compact, parse_compact
from sparrow.formats.handlink import hand_from_query_string, hand_query, hand_query_string
from sparrow.web.errors import for_people
from tests.web_support import Player, make_app

runner = CliRunner()

# Riichi, ippatsu, menzen tsumo, pinfu, dora (1m shows 2m), aka dora (0p), ura dora (0p shows 6p:
# none held): 6 han 20 fu, haneman for a non-dealer's tsumo, 6000/3000 + 2 honba.
HANEMAN = "riichi: 234m340p66s12378s +9s* seat=S moments=riichi,ippatsu dora=1m ura_dora=0p honba=2"
# The same tiles by ron with two riichi sticks on the table: 4 han 30 fu = 7700 + 300 + 2000.
RON = "riichi: 234m340p66s12378s +9s seat=S moments=riichi dora=1m honba=1 riichi_sticks=2"
KOKUSHI = "riichi: 19m19p19s1234567z +1m seat=S"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from sparrow.store import sqlite_url

    return make_app(sqlite_url(tmp_path_factory.mktemp("calc-riichi")))


@pytest.fixture
def player(app):
    return Player(app)


def cli_json(data: dict) -> dict:
    result = runner.invoke(cli_app, ["score", "--json"], input=json.dumps(data))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def page_data(player: Player, lang: str | None = None) -> dict:
    page = player.get("/calculator" + (f"?lang={lang}" if lang else ""))
    assert page.status_code == 200
    text = page.text
    start = text.index('<script type="application/json" id="calc-data">') + len(
        '<script type="application/json" id="calc-data">'
    )
    return json.loads(text[start : text.index("</script>", start)])


# ---------------------------------------------------------------------------- the page


def test_riichi_is_a_choice_with_its_preset_and_scoring_options(player):
    page = player.get("/calculator")
    assert '<option value="riichi">Riichi (Japanese mahjong)</option>' in page.text
    for label in ("Dora indicators", "Ura dora indicators", "Honba", "Riichi sticks on the table", "Haitei / houtei"):
        assert label in page.text
    riichi = next(r for r in page_data(player)["rules"] if r["name"] == "riichi")
    names = [o["name"] for o in riichi["options"]]
    # The options a hand's score reads, not the whole match's (uma, start points...).
    assert names[0] == "preset" and "kiriage" in names and "uma" not in names and "length" not in names
    preset = riichi["options"][0]
    assert [c["value"] for c in preset["choices"]] == ["tenhou", "mahjong-soul", "m-league", "wrc"]
    # Each preset's values of those options: the page shows them as the defaults under that preset.
    assert riichi["presets"]["m-league"]["kiriage"] is True and riichi["presets"]["tenhou"]["kiriage"] is False
    assert riichi["presets"]["wrc"]["red_fives"] == 0
    renhou = next(o for o in riichi["options"] if o["name"] == "renhou")
    assert [c["value"] for c in renhou["choices"]] == ["none", "mangan", "yakuman"]


def test_page_speaks_dutch_keeping_the_japanese_terms(player):
    page = player.get("/calculator?lang=nl")
    assert "Dora-indicatoren" in page.text and "Haitei / houtei" in page.text and "Honba" in page.text
    texts = page_data(player, "nl")["texts"]
    assert texts["The discarder pays"] == "De afgooier betaalt"
    assert texts["Ron (on a discard)"].startswith("Ron")


# ---------------------------------------------------------------------------- reading and scoring


@pytest.mark.parametrize("text", [HANEMAN, RON, KOKUSHI, HANEMAN + " preset=m-league kiriage=false"])
def test_riichi_notation_reads_and_scores_as_the_cli(player, text):
    answer = player.post("/api/calculator/read", {"notation": text})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    hand = parse_compact(text)
    assert data["situation"] == hand.to_dict()
    assert data["notation"] == format_compact(hand)
    assert urlencode(data["link"]) == hand_query_string(hand)
    assert data["result"] == cli_json(hand.to_dict())
    # The same hand built as JSON (as the picker sends it) reads the same.
    assert player.post("/api/calculator/read", {"situation": hand.to_dict()}).json() == data


def test_haneman_card_has_yaku_fu_limit_and_payments(player):
    data = player.post("/api/calculator/read", {"notation": HANEMAN}).json()
    card = data["card"]
    assert card["total"] == 12000 and card["limit"] == "haneman"
    han = {item["name"]: item["value"] for item in card["items"] if item["kind"] == "han"}
    assert han == {"Riichi": 1, "Ippatsu": 1, "Menzen tsumo": 1, "Pinfu": 1, "Dora": 1, "Aka dora": 1}
    assert [item for item in card["items"] if item["kind"] == "fu"] == [{"name": "Base", "kind": "fu", "value": 20}]
    details = card["details"]
    assert (details["han"], details["fu"]) == (6, 20)
    assert details["payments"] == {
        "ron": 0,
        "dealer": 6200,
        "non_dealer": 3200,
        "honba": 600,
        "riichi_sticks": 0,
        "total": 12600,
    }
    assert card["arithmetic"] == "6 han 20 fu: haneman, base 3,000"
    assert data["situation"]["dora"] == "1m" and data["situation"]["honba"] == 2


def test_ron_card_says_what_the_discarder_pays_with_honba_and_sticks(player):
    details = player.post("/api/calculator/read", {"notation": RON}).json()["card"]["details"]
    assert (details["han"], details["fu"]) == (4, 30)
    assert details["payments"]["ron"] == 8000  # 7700 + 300 for the honba
    assert details["payments"]["riichi_sticks"] == 2000 and details["payments"]["total"] == 10000


def test_dutch_card_keeps_the_yaku_names(player):
    player.client.cookies.set("lang", "nl")
    data = player.post("/api/calculator/read", {"notation": HANEMAN}).json()
    names = [item["name"] for item in data["card"]["items"]]
    assert "Riichi" in names and "Ippatsu" in names and "Dora" in names
    assert data["result"]["items"][-1]["name"] == "Base"  # the contract's result stays English


def test_preset_changes_the_score(player):
    # 4 han 30 fu by ron: 7700, or mangan (8000) where kiriage rounds it up (M-League).
    text = "riichi: 234m340p66s12378s +9s seat=S moments=riichi dora=1m"
    assert player.post("/api/calculator/read", {"notation": text}).json()["card"]["total"] == 7700
    league = player.post("/api/calculator/read", {"notation": text + " preset=m-league"}).json()
    assert league["card"]["total"] == 8000 and league["card"]["limit"] == "mangan"
    assert league["link"]["o.preset"] == "m-league"


# ---------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("situation", "field", "words"),
    [
        ({"concealed": "234m300p66s12378s"}, "concealed", "two red fives of circles"),
        ({"dora": "9x"}, "dora", "unknown character"),
        ({"dora": "1f"}, "dora", "flower or season"),
        ({"concealed": "234m340p66s12s", "melds": [{"kind": "chow", "tiles": "789s", "open": True}]}, "moments",
         "riichi is declared only with a closed hand"),
        ({"moments": ["ippatsu"]}, "moments", "ippatsu needs riichi"),
        ({"honba": -1}, "honba", "whole number"),
        ({"bonus": "1f"}, "bonus", "without flowers and seasons"),
    ],
)  # fmt: skip
def test_bad_riichi_hand_is_422_with_the_servers_sentence(player, situation, field, words):
    base = parse_compact("riichi: 234m340p66s12378s +9s seat=S moments=riichi").to_dict()
    if "melds" in situation:
        base["winning_tile"] = "3s"
    body = {"situation": base | situation}
    answer = player.post("/api/calculator/read", body)
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"]
    assert words in detail and not detail.startswith(field + ":"), detail  # the page's sentence: no field name
    # /api/score, the contract, refuses it in the command's words, field first; the page says the same
    # as a sentence for people.
    contract = player.post("/api/score", body["situation"]).json()["detail"]
    assert contract.startswith(field + ":") and for_people(contract, "en") == detail


def test_bad_riichi_notation_is_refused_naming_the_field(player):
    answer = player.post("/api/calculator/read", {"notation": "riichi: 234m300p66s12378s +9s seat=S"})
    assert answer.status_code == 422
    assert "two red fives" in answer.json()["detail"]
    answer = player.post("/api/calculator/read", {"notation": "riichi: 234m340p66s12378s +9s seat=S dora=0z"})
    assert answer.status_code == 422 and answer.json()["detail"].startswith("The dora indicators: ")


def test_refusal_in_dutch(player):
    player.client.cookies.set("lang", "nl")
    answer = player.post("/api/calculator/read", {"notation": "riichi: 234m300p66s12378s +9s seat=S"})
    assert answer.status_code == 422
    assert "two red fives" not in answer.json()["detail"]  # translated


# ---------------------------------------------------------------------------- the link


@pytest.mark.parametrize(
    "text",
    [
        HANEMAN,
        RON + " preset=wrc red_fives=3",
        "riichi: 234m340p66s12s [789s] +3s seat=E round=S dora=4z1m",
        "riichi: 22m [0555p] 234s678s77z +7z* seat=W win_by=kong_replacement dora=4p7z",
        "riichi: 234m340p66s12378s +9s* seat=E moments=heavenly",
        "riichi: 234m340p66s12378s +9s seat=N moments=riichi,last_tile ura_dora=3z dora=1s riichi_sticks=5",
    ],
)
def test_link_round_trips_every_riichi_field(player, text):
    hand = parse_compact(text)
    link = hand_query(hand)
    for key in ("dora", "ura_dora", "honba", "riichi_sticks"):
        # Riichi's facts are parameters of their own, not options.
        assert "o." + key not in link
    assert hand_from_query_string(hand_query_string(hand)) == hand
    answer = player.post("/api/calculator/link", {"query": "?" + hand_query_string(hand) + "&lang=nl"})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert HandSituation.from_dict(data["hands"][0]["situation"]) == hand
    assert data["hands"][0]["link"] == link


def test_link_keeps_the_indicators_order(player):
    hand = parse_compact("riichi: 234m340p66s12378s +9s seat=S moments=riichi dora=4z1m ura_dora=9s2p")
    params = parse_qs(hand_query_string(hand))
    assert params["dora"] == ["4z1m"] and params["ura_dora"] == ["9s2p"]
    assert params["moments"] == ["riichi"] and params["hand"] == ["234m340p1236678s +9s"]


@pytest.mark.parametrize(
    ("extra", "field"),
    [("&honba=x", "The honba"), ("&dora=9x", "The dora indicators"), ("&moments=fourth_tile", "The special moments")],
)
def test_bad_riichi_link_names_the_parameter(player, extra, field):
    hand = parse_compact("riichi: 234m340p66s12378s +9s seat=S")
    answer = player.post("/api/calculator/link", {"query": hand_query_string(hand) + extra})
    assert answer.status_code == 422
    assert answer.json()["detail"].startswith(field), answer.text
