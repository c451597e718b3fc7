"""Chombo rows (issue 42, item 9): a penalty outside the hands on the sheets whose family counts one,
NTS and Riichi, at the family's price (``Ruleset.sheet_chombo``, decided in docs/rules/<family>.md):
in the totals and the standings, out of the hand count and the rotation, in the CSV and JSON export."""

from __future__ import annotations

import csv
import io

import pytest

from sparrow.rules import get_ruleset
from sparrow.sheets import SheetError, create_sheet, export_csv, export_json, import_json
from tests.web_support import Player, make_app

NTS = ["Ann", "Bob", "Cor", "Dirk"]
RIICHI = ["Ann", "Ben", "Cara", "Dev"]
SEED_000 = {"winner": "Ann", "win_by": "self_draw", "scores": {"Ann": 136, "Bob": 32, "Cor": 28, "Dirk": 8}}
GAME = {"Ann": 41200, "Ben": 28900, "Cara": 19700, "Dev": 10200}


def test_the_price_is_the_familys():
    assert get_ruleset("nts").sheet_chombo == 1000  # half the limit, off the offender's total
    assert get_ruleset("riichi").sheet_chombo == 20  # 20,000 points after uma: 20 rank points
    for rules in ("hkos", "chinese", "casual"):
        assert get_ruleset(rules).sheet_chombo is None


def test_an_nts_chombo_counts_in_the_totals_not_in_the_hands():
    sheet = create_sheet("nts", NTS).add_row(SEED_000)
    dealer = sheet.dealer
    sheet = sheet.add_row({"chombo": "Bob"})
    # Seed 000's hand (+816/-244/-256/-316), then Bob's chombo: 1000 off his total, nobody else's changed.
    assert sheet.totals == {"Ann": 816, "Bob": -1244, "Cor": -256, "Dirk": -316}
    assert sheet.hands == 1 and len(sheet.rows) == 2
    assert sheet.dealer == dealer  # no hand: the seats do not move
    row = sheet.to_dict()["rows"][1]
    assert row == {
        "n": 2,
        "hand": None,
        "chombo": "Bob",
        "points": {"Ann": 0, "Bob": -1000, "Cor": 0, "Dirk": 0},
        "totals": {"Ann": 816, "Bob": -1244, "Cor": -256, "Dirk": -316},
    }
    sheet = sheet.add_row({"drawn": True})
    assert [row["hand"] for row in sheet.to_dict()["rows"]] == [1, None, 2]  # the next hand is hand 2
    places = {standing.player: standing.place for standing in sheet.standings()}
    assert places["Bob"] == 4  # the chombo took him from second to last
    assert {standing.player: standing.mahjongs for standing in sheet.standings()}["Ann"] == 1


def test_a_chombo_may_follow_the_end_of_a_session():
    sheet = create_sheet("nts", NTS)  # a session: 4 games
    for _ in range(4):
        sheet = sheet.add_row({"drawn": True})
    assert sheet.over
    with pytest.raises(SheetError):
        sheet.add_row({"drawn": True})
    sheet = sheet.add_row({"chombo": "Dirk"})  # the penalty given at the end still counts
    assert sheet.totals["Dirk"] == -1000 and sheet.hands == 4
    assert sheet.undo().totals["Dirk"] == 0
    # An export with the chombo after the session's last game reads back the same.
    assert import_json(export_json(sheet)) == sheet


def test_a_riichi_chombo_takes_20_rank_points_after_uma():
    sheet = create_sheet("riichi", RIICHI).add_row({"scores": GAME}).add_row({"chombo": "Ann"})
    data = sheet.to_dict()
    # Tenhou: Ann 51.2 from the game, then -20 for the chombo; the others keep their results.
    assert data["totals"] == {"Ann": 31.2, "Ben": 8.9, "Cara": -20.3, "Dev": -39.8}
    assert data["rows"][1]["points"] == {"Ann": -20, "Ben": 0, "Cara": 0, "Dev": 0}
    standing = {s["player"]: s for s in data["standings"]}
    assert standing["Ann"]["games"] == 1 and standing["Ann"]["places"] == [1, 0, 0, 0]  # still first in the game
    assert standing["Ann"]["total"] == 31.2
    assert data["chombo"] == 20
    sheet = sheet.add_row({"scores": GAME})
    assert [row["hand"] for row in sheet.to_dict()["rows"]] == [1, None, 2]


def test_the_export_has_the_chombo_row():
    sheet = create_sheet("nts", NTS).add_row(SEED_000).add_row({"chombo": "Bob"})
    lines = list(csv.reader(io.StringIO(export_csv(sheet))))
    assert lines[2][0] == "Chombo: Bob" and lines[2][6:10] == ["0", "-1000", "0", "0"]
    assert lines[1][0] == "1"  # the hand keeps its number
    assert lines[-1][6:10] == ["816", "-1244", "-256", "-316"]
    assert list(csv.reader(io.StringIO(export_csv(sheet, "nl"))))[2][0] == "Chombo: Bob"
    assert import_json(export_json(sheet)) == sheet
    riichi = create_sheet("riichi", RIICHI).add_row({"scores": GAME}).add_row({"chombo": "Dev"})
    lines = list(csv.reader(io.StringIO(export_csv(riichi))))
    assert lines[2][0] == "Chombo: Dev"
    assert lines[2][-8:] == ["0", "0", "0", "-20", "51.2", "8.9", "-20.3", "-59.8"]
    assert import_json(export_json(riichi)) == riichi


@pytest.mark.parametrize(
    ("rules", "players", "row", "field"),
    [
        ("hkos", NTS, {"chombo": "Ann"}, "chombo"),  # no chombo row under HKOS
        ("free", NTS, {"chombo": "Ann"}, "chombo"),
        ("nts", NTS, {"chombo": "Zoe"}, "chombo"),
        ("nts", NTS, {"chombo": "Ann", "scores": {"Ann": 8}}, "scores"),
        ("riichi", RIICHI, {"chombo": 3}, "chombo"),
    ],
)
def test_malformed_chombo_rows_are_refused(rules, players, row, field):
    with pytest.raises(SheetError) as caught:
        create_sheet(rules, players).add_row(row)
    assert caught.value.field == field


# ---------------------------------------------------------------------------- through the API


@pytest.fixture
def player(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'sheets.db'}")
    yield Player(app)
    app.state.store.close()


def test_a_chombo_through_the_api(player):
    sheet = player.post("/api/sheets", {"rules": "nts", "players": NTS}).json()
    assert sheet["chombo"] == 1000  # the page learns the price from the sheet, not from the rules' name
    player.post(f"/api/sheets/{sheet['id']}/rows", SEED_000)
    answer = player.post(f"/api/sheets/{sheet['id']}/rows", {"chombo": "Bob"})
    assert answer.status_code == 201, answer.text
    assert answer.json()["totals"]["Bob"] == -1244
    listed = {item["id"]: item for item in player.get("/api/sheets").json()}[sheet["id"]]
    assert listed["hands"] == 1  # the chombo row is no hand
    text = player.get(f"/api/sheets/{sheet['id']}/export", params={"format": "csv"}).text
    assert "Chombo: Bob" in text
    hkos = player.post("/api/sheets", {"rules": "hkos", "players": NTS}).json()
    assert hkos["chombo"] is None
    refused = player.post(f"/api/sheets/{hkos['id']}/rows", {"chombo": "Ann"}, params={"lang": "nl"})
    assert refused.status_code == 422
    assert "geen chombo-regel" in refused.json()["detail"]
