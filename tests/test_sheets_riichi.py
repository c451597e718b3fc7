"""Riichi score sheets (sparrow.sheets.riichi): one row per game, each player's final table points; the
sheet computes the places, the results with uma and oka, the running totals and the standings."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from sparrow.i18n import translate_error
from sparrow.rules.riichi.match import Standing as TableStanding
from sparrow.rules.riichi.match import final_results
from sparrow.rules.riichi.presets import PRESETS, match_options
from sparrow.sheets import SheetError, create_sheet, export_csv, export_json, import_json, sheet_rules
from sparrow.sheets.riichi import riichi_options
from sparrow.sheets.sheet import sheet_label, sheet_order

PLAYERS = ["Ann", "Ben", "Cara", "Dev"]
GAME = {"Ann": 41200, "Ben": 28900, "Cara": 19700, "Dev": 10200}


def sheet(**options):
    return create_sheet("riichi", PLAYERS, options=options or None)


def refused(make, field, words):
    with pytest.raises(SheetError) as error:
        make()
    assert error.value.field == field, str(error.value)
    assert words in error.value.message, str(error.value)
    return error.value


# ---------------------------------------------------------------------------- making a sheet


def test_riichi_is_a_sheet_ruleset_whatever_the_registry_says():
    assert "riichi" in sheet_rules() and sheet_rules()[-1] == "free"
    made = sheet()
    assert made.options == {"preset": "tenhou"} and made.length == "open"
    assert made.to_dict()["match"] == {
        "uma": [20, 10, -10, -20],
        "start_points": 25000,
        "return_points": 30000,
        "oka": 20,
        "split_ties": False,
    }


def test_a_sheet_of_whole_games_is_offered_because_the_registry_says_so(monkeypatch):
    from sparrow.rules import get_ruleset

    riichi = type(get_ruleset("riichi"))
    assert sheet_rules() == ["casual", "chinese", "hkos", "nts", "riichi", "free"]
    assert sheet_label("riichi") == "Riichi: one row per game, with uma and oka" and sheet_order("riichi") == 60
    made = import_json(export_json(sheet().add_row({"scores": GAME})))
    assert made.to_dict()["totals"]["Ann"] == 51.2 and made.riichi
    monkeypatch.setattr(riichi, "sheet_rows", "hands")  # the family no longer keeps a sheet of games
    assert "riichi" not in sheet_rules()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_is_the_rules_own(preset):
    made = sheet(preset=preset)
    assert made.match == match_options(preset)


def test_overrides_of_uma_start_and_return():
    made = sheet(preset="wrc", uma=[30, 10, -10, -30], start_points=25000, return_points=30000)
    assert made.match.uma == (30, 10, -10, -30) and made.match.oka == 20000 and made.match.split_ties
    assert made.options == {"preset": "wrc", "uma": [30, 10, -10, -30], "start_points": 25000, "return_points": 30000}


@pytest.mark.parametrize(
    ("options", "field", "words"),
    [
        ({"preset": "ema"}, "options.preset", "unknown preset 'ema' (presets: tenhou, mahjong-soul, m-league, wrc)"),
        ({"red_fives": 0}, "options", "unknown option 'red_fives' for riichi"),
        ({"uma": [20, 10, -10]}, "options.uma", "must be four whole numbers"),
        ({"uma": [20, 10, -10, -10]}, "options.uma", "the uma must add up to 0, got [20, 10, -10, -10]"),
        ({"uma": [-20, -10, 10, 20]}, "options.uma", "the uma must run from first place down"),
        ({"start_points": 25050}, "options.start_points", "must be a positive multiple of 100, got 25050"),
        ({"return_points": True}, "options.return_points", "must be a positive multiple of 100, got True"),
        ({"return_points": 20000}, "options.return_points", "the return points (20000) are below the start points"),
    ],
)
def test_bad_options_are_refused(options, field, words):
    refused(lambda: riichi_options(options), field, words)
    refused(lambda: create_sheet("riichi", PLAYERS, options=options), field, words)


def test_a_riichi_sheet_is_four_players():
    refused(lambda: create_sheet("riichi", PLAYERS[:3]), "players", "a riichi sheet needs 4 players' names, got 3")


# ---------------------------------------------------------------------------- worked examples


def test_the_tenhou_example():
    # start 25,000, return 30,000: the oka is 4 x 5,000 = 20.0 to the top; uma +20/+10/-10/-20.
    # Ann (41,200 - 30,000) / 1000 = +11.2, + 20 uma + 20 oka = +51.2; Ben -1.1 + 10 = +8.9;
    # Cara -10.3 - 10 = -20.3; Dev -19.8 - 20 = -39.8. They add up to 0.
    made = sheet().add_row({"scores": GAME})
    row = made.rows[0]
    assert dict(row.places) == {"Ann": 1, "Ben": 2, "Cara": 3, "Dev": 4}
    assert dict(row.points) == {
        "Ann": Fraction("51.2"),
        "Ben": Fraction("8.9"),
        "Cara": Fraction("-20.3"),
        "Dev": Fraction("-39.8"),
    }
    assert sum(row.points.values()) == 0
    data = made.to_dict()["rows"][0]
    assert data == {
        "n": 1,
        "hand": 1,
        "scores": GAME,
        "first_dealer": None,
        "places": {"Ann": 1, "Ben": 2, "Cara": 3, "Dev": 4},
        "points": {"Ann": 51.2, "Ben": 8.9, "Cara": -20.3, "Dev": -39.8},
        "totals": {"Ann": 51.2, "Ben": 8.9, "Cara": -20.3, "Dev": -39.8},
    }


def test_the_other_presets_on_the_same_game():
    # Mahjong Soul: return = start (no oka), uma 15/5: Ann 16.2 + 15 = 31.2, Ben 3.9 + 5 = 8.9,
    # Cara -5.3 - 5 = -10.3, Dev -14.8 - 15 = -29.8.
    soul = sheet(preset="mahjong-soul").add_row({"scores": GAME}).to_dict()["rows"][0]["points"]
    assert soul == {"Ann": 31.2, "Ben": 8.9, "Cara": -10.3, "Dev": -29.8}
    # M.League: uma 30/10, oka 20: Ann 11.2 + 30 + 20 = 61.2, Dev -19.8 - 30 = -49.8.
    league = sheet(preset="m-league").add_row({"scores": GAME}).to_dict()["rows"][0]["points"]
    assert league == {"Ann": 61.2, "Ben": 8.9, "Cara": -20.3, "Dev": -49.8}
    # WRC: 30,000 start and return (so the scores add up to 120,000), uma 15/5.
    wrc = sheet(preset="wrc").add_row({"scores": {"Ann": 45000, "Ben": 32000, "Cara": 27000, "Dev": 16000}})
    assert wrc.to_dict()["rows"][0]["points"] == {"Ann": 30, "Ben": 7, "Cara": -8, "Dev": -29}


def test_the_sheet_agrees_with_the_rules_final_results():
    for preset in PRESETS:
        made = sheet(preset=preset)
        start = made.match.start_points
        scores = {"Ann": start + 12300, "Ben": start - 4100, "Cara": start + 800, "Dev": start - 9000}
        row = made.add_row({"scores": scores}).rows[0]
        results = final_results(TableStanding(tuple(scores[name] for name in PLAYERS)), made.match)
        assert {PLAYERS[r.seat]: r.result for r in results} == dict(row.points)


def test_running_totals_and_standings():
    made = sheet()
    made = made.add_row({"scores": GAME})
    made = made.add_row({"scores": {"Ann": 10200, "Ben": 28900, "Cara": 41200, "Dev": 19700}})
    made = made.add_row({"scores": {"Ann": 31000, "Ben": 31000, "Cara": 20000, "Dev": 18000}})
    # game 3: a tie at 31,000, to the earlier seat (Ann): Ann 1.0 + 20 + 20 = +41.0, Ben 1.0 + 10 = +11.0
    assert dict(made.rows[2].places) == {"Ann": 1, "Ben": 2, "Cara": 3, "Dev": 4}
    assert made.to_dict()["rows"][2]["points"] == {"Ann": 41, "Ben": 11, "Cara": -20, "Dev": -32}
    assert made.to_dict()["totals"] == {"Ann": 52.4, "Ben": 28.8, "Cara": 10.9, "Dev": -92.1}
    standings = made.to_dict()["standings"]
    assert [(s["player"], s["place"], s["total"], s["average_place"], s["places"]) for s in standings] == [
        ("Ann", 1, 52.4, 2, [2, 0, 0, 1]),
        ("Ben", 2, 28.8, 2, [0, 3, 0, 0]),
        ("Cara", 3, 10.9, 2.33, [1, 0, 2, 0]),
        ("Dev", 4, -92.1, 3.67, [0, 0, 1, 2]),
    ]
    assert [s["games_won"] for s in standings] == [2, 0, 1, 0] and standings[0]["games"] == 3
    assert sum(Fraction(value) for value in made.totals.values()) == 0


def test_standings_break_a_tie_in_rank_points_by_average_place():
    made = sheet(preset="mahjong-soul")  # no oka: the results are symmetric
    made = made.add_row({"scores": {"Ann": 35000, "Ben": 25000, "Cara": 25000, "Dev": 15000}})
    made = made.add_row({"scores": {"Ann": 15000, "Ben": 25000, "Cara": 25000, "Dev": 35000}, "first_dealer": "Cara"})
    standings = made.standings()
    # Everybody 0.0 and 2.5 on average: Ann and Dev a first and a fourth (+25 - 25), Ben and Cara a second
    # and a third (+5 - 5; the tie at 25,000 goes to the earlier seat, Ben's then Cara's). The firsts decide.
    assert all(s.total == 0 for s in standings)
    assert [s.player for s in standings] == ["Ann", "Dev", "Ben", "Cara"]
    assert [s.place for s in standings] == [1, 1, 3, 3]  # level on points, average place and firsts


def test_the_first_dealer_decides_a_tie_without_split_ties():
    tie = {"Ann": 30000, "Ben": 20000, "Cara": 30000, "Dev": 20000}
    plain = sheet().add_row({"scores": tie})
    assert dict(plain.rows[0].places) == {"Ann": 1, "Ben": 3, "Cara": 2, "Dev": 4}
    from_cara = sheet().add_row({"scores": tie, "first_dealer": "Cara"})
    assert dict(from_cara.rows[0].places) == {"Ann": 2, "Ben": 4, "Cara": 1, "Dev": 3}
    assert from_cara.to_dict()["rows"][0]["points"] == {"Ann": 10, "Ben": -30, "Cara": 40, "Dev": -20}
    # naming the sheet's first player is the default, kept as such
    assert sheet().add_row({"scores": tie, "first_dealer": "Ann"}).entries[0].first_dealer is None


def test_split_ties_share_the_place_and_the_uma():
    # M.League splits: Ann and Cara share (30 + 10 + 20 oka) / 2 = 30 on top of 0.0 each.
    tie = {"Ann": 30000, "Ben": 20000, "Cara": 30000, "Dev": 20000}
    row = sheet(preset="m-league").add_row({"scores": tie}).to_dict()["rows"][0]
    assert row["places"] == {"Ann": 1, "Ben": 3, "Cara": 1, "Dev": 3}
    assert row["points"] == {"Ann": 30, "Ben": -30, "Cara": 30, "Dev": -30}
    three = {"Ann": 25000, "Ben": 25000, "Cara": 25000, "Dev": 25000}
    row = sheet(preset="m-league").add_row({"scores": three}).to_dict()["rows"][0]
    assert row["places"] == dict.fromkeys(PLAYERS, 1)
    assert row["points"] == dict.fromkeys(PLAYERS, 0)  # (30 + 10 - 10 - 30 + 20) / 4 - 5 = 0


def test_a_busted_player_below_zero_is_a_score():
    row = sheet().add_row({"scores": {"Ann": 62300, "Ben": 24700, "Cara": 14200, "Dev": -1200}}).to_dict()["rows"][0]
    assert row["places"]["Dev"] == 4 and row["points"]["Dev"] == -51.2  # -31.2 - 20


# ---------------------------------------------------------------------------- bad rows


@pytest.mark.parametrize(
    ("row", "field", "words"),
    [
        (
            {"scores": {**GAME, "Dev": 10300}},
            "scores",
            "the final scores add up to 100100, not 100000 (4 × 25000 start points): 100 too many",
        ),
        (
            {"scores": {**GAME, "Dev": 9200}},
            "scores",
            "the final scores add up to 99000, not 100000: 1000 in riichi sticks left on the table is missing from"
            " the totals; the sticks go to the first place, so add them to the top player's points",
        ),
        (
            {"scores": {**GAME, "Dev": 9700}},
            "scores",
            "the final scores add up to 99500, not 100000 (4 × 25000 start points): 500 too few",
        ),
        ({"scores": {**GAME, "Ann": 41250, "Ben": 28850}}, "scores.Ann", "41250 is not a multiple of 100"),
        ({"scores": {"Ann": 41200, "Ben": 28900, "Cara": 29900}}, "scores", "enter those of Dev"),
        ({"scores": {**GAME, "Eve": 0}}, "scores", "'Eve' is not a player of this sheet"),
        ({"scores": {**GAME, "Ann": "41,200"}}, "scores.Ann", "must be a whole number of table points, got '41,200'"),
        ({"scores": {**GAME, "Ann": 41200.0}}, "scores.Ann", "must be a whole number of table points"),
        ({"scores": [41200, 28900, 19700, 10200]}, "scores", "must map every player to their final table points"),
        ({}, "scores", "must map every player to their final table points"),
        ({"points": GAME}, "points", "a riichi sheet has one row per game"),
        ({"winner": "Ann", "win_by": "self_draw", "scores": GAME}, "winner", "a riichi sheet has one row per game"),
        ({"scores": GAME, "places": {}}, "places", "is not a field of a row (fields: scores, first_dealer)"),
        ({"scores": GAME, "first_dealer": "Eve"}, "first_dealer", "'Eve' is not a player of this sheet"),
        ([41200, 28900, 19700, 10200], "row", "expected a JSON object"),
    ],
)
def test_bad_rows_are_refused_and_change_nothing(row, field, words):
    made = sheet().add_row({"scores": GAME})
    refused(lambda: made.add_row(row), field, words)
    refused(lambda: made.edit_row(1, row), field, words)
    assert len(made.rows) == 1


def test_the_sum_follows_the_start_points():
    made = sheet(start_points=30000, return_points=30000)
    refused(lambda: made.add_row({"scores": GAME}), "scores", "not 120000: 20000 in riichi sticks left")


def test_refusals_in_dutch():
    error = refused(lambda: sheet().add_row({"scores": {**GAME, "Dev": 10300}}), "scores", "100 too many")
    assert translate_error(error, "nl") == (
        "scores: de eindpunten zijn samen 100100, niet 100000 (4 × 25000 startpunten): 100 te veel"
    )
    error = refused(lambda: sheet().add_row({"scores": {**GAME, "Ann": 41250}}), "scores.Ann", "multiple of 100")
    assert translate_error(error, "nl") == (
        "scores.Ann: 41250 is geen veelvoud van 100: punten tellen in honderdtallen"
    )


# ---------------------------------------------------------------------------- edit, undo, JSON, CSV


def test_edit_and_undo_recompute_the_totals():
    made = sheet().add_row({"scores": GAME}).add_row({"scores": GAME})
    assert made.to_dict()["totals"] == {"Ann": 102.4, "Ben": 17.8, "Cara": -40.6, "Dev": -79.6}
    edited = made.edit_row(1, {"scores": {"Ann": 10200, "Ben": 19700, "Cara": 28900, "Dev": 41200}})
    assert edited.to_dict()["totals"] == {"Ann": 11.4, "Ben": -11.4, "Cara": -11.4, "Dev": 11.4}
    assert edited.undo().to_dict()["totals"] == {"Ann": -39.8, "Ben": -20.3, "Cara": 8.9, "Dev": 51.2}
    assert not made.over and made.end().over
    refused(lambda: made.end().add_row({"scores": GAME}), "sheet", "the match is over")


def test_json_round_trip():
    made = sheet(preset="m-league", uma=[40, 10, -10, -40])
    made = made.add_row({"scores": GAME}).add_row(
        {"scores": {**GAME, "Ann": 28900, "Ben": 41200}, "first_dealer": "Dev"}
    )
    made = made.end()
    text = export_json(made)
    again = import_json(text)
    assert again == made
    assert again.to_dict() == made.to_dict() == json.loads(text)
    # an export whose numbers were tampered with is recomputed, not believed
    data = json.loads(text)
    data["rows"][0]["points"]["Ann"] = 99
    data["totals"]["Ann"] = 99
    assert import_json(json.dumps(data)).to_dict() == made.to_dict()
    data["rows"][1]["scores"]["Ann"] = 29000
    error = refused(lambda: import_json(json.dumps(data)), "rows[1].scores", "100 too many")
    assert str(error).startswith("rows[1].scores: the final scores add up to 100100")


def test_csv_export():
    made = sheet().add_row({"scores": GAME}).add_row({"scores": GAME, "first_dealer": "Ben"})
    lines = list(csv.reader(io.StringIO(export_csv(made))))
    assert lines[0][:3] == ["Game", "First dealer", "Ann final points"]
    assert lines[0][6] == "Ann place" and lines[0][10] == "Ann result" and lines[0][14:] == PLAYERS
    assert lines[1] == [
        "1",
        "Ann",
        *"41200 28900 19700 10200 1 2 3 4 51.2 8.9 -20.3 -39.8 51.2 8.9 -20.3 -39.8".split(),
    ]
    assert lines[2][:2] == ["2", "Ben"]
    assert lines[3] == ["Totals", *[""] * 13, "102.4", "17.8", "-40.6", "-79.6"]
    dutch = list(csv.reader(io.StringIO(export_csv(made, "nl"))))
    assert dutch[0][:3] == ["Spel", "Eerste gever", "Ann eindpunten"] and dutch[3][0] == "Totalen"
