"""A family is data for the faces: a family registered in the registry alone (one ``Ruleset`` subclass
and one row of ``FAMILIES``) is offered by the home page's choices, the calculator and the score sheets,
with its own labels, options and lengths, and no face has to learn its name (docs/architecture.md,
"Where to add").
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

import sparrow.rules
from sparrow.core.situation import HandSituation
from sparrow.rules import MatchChoice, Ruleset, ScoreResult, ScoresError, Settlement, TableRules
from sparrow.sheets import SheetError, create_sheet
from tests.web_support import Player, make_app


class Toy(Ruleset):
    """A family that exists only in this test: any hand is worth 10, the winner collects it from each."""

    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy rules of the test"
    summary: ClassVar[str] = "A family for the test only."
    defaults: ClassVar[Mapping[str, Any]] = {"quick": False, "pace": "calm"}
    option_help: ClassVar[Mapping[str, str]] = {"quick": "a quick game", "pace": "calm or brisk"}
    order: ClassVar[int] = 35
    short_name: ClassVar[str] = "Toy"
    play_label: ClassVar[str] = "Toy (a family of the test)"
    option_labels: ClassVar[Mapping[str, str]] = {"quick": "Quick toy game", "pace": "Toy pace"}
    option_values: ClassVar[Mapping[str, Mapping[Any, str]]] = {"pace": {"calm": "Calm", "brisk": "Brisk"}}
    match_choices: ClassVar[tuple[MatchChoice, ...]] = (
        ("pace", "Toy pace", (("calm", "Calm"), ("brisk", "Brisk"))),
        ("quick", "Quick toy game", ()),
    )
    sheet_lengths: ClassVar[tuple[tuple[str, str], ...]] = (("open", "Open-ended"),)
    win_ways: ClassVar[tuple[str, ...]] = ("discard", "self_draw")

    def table(self, options: Mapping[str, Any] | None = None) -> TableRules:
        self.resolve_options(options)
        return TableRules(bonus_tiles=False, break_dice=2, dead_wall="none", rotation="none", seats_by_dice=False)

    def score(self, situation: HandSituation) -> ScoreResult:
        return ScoreResult(self.name, True, 10)

    def check_win(self, score: int, winner: str, options: Mapping[str, Any], *, field: str = "scores") -> None:
        if score != 10:
            raise ScoresError(f"{field}.{winner}", "a toy hand is worth 10, not {value}", value=score)

    def settle(self, settlement: Settlement) -> dict[str, int]:
        payments = {seat: 0 for seat in "ESWN"}
        if settlement.winner is not None:
            value = settlement.scores[settlement.winner]
            for seat in payments:
                payments[seat] = 3 * value if seat == settlement.winner else -value
        return payments


@pytest.fixture
def toy(monkeypatch):
    """The toy family in the registry, for this test only."""
    monkeypatch.setitem(sparrow.rules.FAMILIES, "toy", (__name__, "Toy"))
    monkeypatch.setitem(sparrow.rules._LOADED, "toy", Toy())
    return sparrow.rules.get_ruleset("toy")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from sparrow.store import sqlite_url

    return make_app(sqlite_url(tmp_path_factory.mktemp("toy")))


@pytest.fixture
def player(app):
    return Player(app)


def test_the_home_page_choices_offer_the_toy_family(toy, player):
    families = {family["rules"]: family["choices"] for family in player.get("/api/choices").json()["rules"]}
    assert families["toy"] == [
        {
            "option": "pace",
            "label": "Toy pace",
            "default": "calm",
            "ranked": False,
            "type": "choice",
            "values": [{"value": "calm", "label": "Calm"}, {"value": "brisk", "label": "Brisk"}],
        },
        {"option": "quick", "label": "Quick toy game", "default": False, "ranked": False, "type": "bool", "values": []},
    ]
    assert {"casual", "nts", "hkos", "chinese", "riichi"} <= set(families)


def test_the_calculator_offers_the_toy_family_in_its_order(toy, player):
    page = player.get("/calculator").text
    data = json.loads(re.search(r'id="calc-data">(.*?)</script>', page, re.S).group(1))
    names = [family["name"] for family in data["rules"]]
    assert names == ["nts", "hkos", "chinese", "toy", "casual", "riichi"]
    family = data["rules"][names.index("toy")]
    assert family["title"] == "Toy rules of the test" and family["limit_unit"] == "points"
    assert family["options"] == [
        {"name": "quick", "label": "Quick toy game", "default": False, "type": "bool", "choices": []},
        {
            "name": "pace",
            "label": "Toy pace",
            "default": "calm",
            "type": "choice",
            "choices": [{"value": "calm", "label": "Calm"}, {"value": "brisk", "label": "Brisk"}],
        },
    ]
    assert '<option value="toy">Toy rules of the test</option>' in page


def test_the_score_sheets_offer_the_toy_family_and_keep_its_rows(toy, player):
    page = player.get("/sheets").text
    choices = json.loads(re.search(r'id="sheet-choices">(.*?)</script>', page, re.S).group(1))
    assert [choice["name"] for choice in choices] == ["nts", "hkos", "chinese", "toy", "riichi", "free", "casual"]
    assert choices[3] == {
        "name": "toy",
        "label": "Toy rules of the test",
        "lengths": [{"name": "open", "label": "Open-ended"}],
    }
    made = player.post("/api/sheets", {"rules": "toy", "players": ["Ann", "Bob", "Cor", "Dirk"]})
    assert made.status_code == 201, made.text
    sheet = made.json()
    assert sheet["rules"] == "toy" and sheet["length"] == "open"
    row = {"winner": "Bob", "win_by": "self_draw", "scores": {"Bob": 10}}
    added = player.post(f"/api/sheets/{sheet['id']}/rows", row)
    assert added.status_code == 201, added.text
    assert added.json()["totals"] == {"Ann": -10, "Bob": 30, "Cor": -10, "Dirk": -10}
    assert "Toy rules of the test" in player.get(f"/sheets/{sheet['id']}").text


def test_the_home_page_offers_the_toy_family_to_play_after_the_default(toy, player):
    page = player.get("/").text
    offered = re.findall(r'<option value="(\w+)"(?: selected)?>', page.split('id="rules"')[1].split("</select>")[0])
    assert offered == ["casual", "nts", "hkos", "chinese", "toy", "riichi"]
    assert '<option value="toy">Toy (a family of the test)</option>' in page
    assert '<option value="casual" selected>' in page  # the default, first


def test_a_toy_sheet_checks_its_rows_by_the_family_s_own_facts(toy):
    sheet = create_sheet("toy", ["Ann", "Bob", "Cor", "Dirk"])
    sheet = sheet.add_row({"winner": "Ann", "win_by": "discard", "discarder": "Bob", "scores": {"Ann": 10}})
    assert sheet.totals == {"Ann": 30, "Bob": -10, "Cor": -10, "Dirk": -10}
    assert not sheet.counts_faan and not sheet.table_points and not sheet.every_hand_scored
    refusals = {
        "win_by: expected one of discard, self_draw, got 'robbing_kong'": {"win_by": "robbing_kong"},
        "scores.Bob: a toy hand is worth 10, not 12": {"scores": {"Bob": 12}},
        "faan: only a Hong Kong Old Style sheet counts faan: enter the points": {"faan": 3},
        "dead: only NTS has dead hands": {"dead": ["Cor"]},
    }
    for message, change in refusals.items():
        with pytest.raises(SheetError) as error:
            sheet.add_row({"winner": "Bob", "win_by": "self_draw", "scores": {"Bob": 10}, **change})
        assert str(error.value) == message
