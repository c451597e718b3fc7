"""Score sheets (sparrow.sheets): the seeds' worked examples end to end, rotation, undo and edit,
standings and NTS table points, refusals, export and import."""

from __future__ import annotations

import csv
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sparrow.formats.compact import parse_compact
from sparrow.rules import score
from sparrow.sheets import (
    SheetError,
    create_sheet,
    export_csv,
    export_json,
    import_json,
    length_label,
    lengths,
    sheet_rules,
)
from sparrow.sheets.sheet import Sheet
from tests.scale import scaled

NTS_PLAYERS = ["Ann", "Bob", "Cor", "Dirk"]
HKOS_PLAYERS = ["Alice", "Ben", "Cara", "Dev"]


def nts_row(winner, scores, win_by="self_draw", discarder=None, round_wind=None, **extra):
    row = {"winner": winner, "win_by": win_by, "discarder": discarder, "scores": dict(zip(NTS_PLAYERS, scores))}
    if round_wind is not None:
        row["round_wind"] = round_wind
    return {**row, **extra}


# ---------------------------------------------------------------------------- the seeds' examples


def test_nts_hand_of_136_and_its_settlement():
    # Seed 000's hand, scored by the calculator: East, open East pung, concealed Red Dragon pung,
    # self-drawn, in a South game: 34 x 2 x 2 = 136. The losers' totals are the rules page's.
    winner = score(parse_compact("nts: 23m456p88s777z [111z] +1m* seat=E round=S"))
    assert winner.total == 136
    sheet = create_sheet("nts", NTS_PLAYERS).add_row(nts_row("Ann", [winner.total, 32, 28, 8], round_wind="S"))
    row = sheet.to_dict()["rows"][0]
    assert row["payments"] == {"Ann": 816, "Bob": -244, "Cor": -256, "Dirk": -316}
    assert row["seats"] == {"Ann": "E", "Bob": "S", "Cor": "W", "Dirk": "N"}
    assert row["dealer"] == "Ann" and row["round_wind"] == "S"
    assert sheet.totals == {"Ann": 816, "Bob": -244, "Cor": -256, "Dirk": -316}
    assert sum(sheet.totals.values()) == 0


def test_hkos_alice_48_ben_8():
    # Seed 003: Alice (East, East round) self-draws bamboos with East and red dragon pungs: 7 faan;
    # Ben wins on a discard with all chows, concealed, his own flower: 3 faan.
    alice = score(parse_compact("hkos: 12345699s11177z +7z* seat=E round=E bonus=2f"))
    ben = score(parse_compact("hkos: 123m456p789s234s5m +5m seat=S round=E bonus=2f"))
    assert (alice.total, ben.total) == (48, 8)
    sheet = create_sheet("hkos", HKOS_PLAYERS)
    sheet = sheet.add_row({"winner": "Alice", "win_by": "self_draw", "scores": {"Alice": alice.total}})
    sheet = sheet.add_row({"winner": "Ben", "win_by": "discard", "discarder": "Dev", "scores": {"Ben": ben.total}})
    assert sheet.totals == {"Alice": 48, "Ben": 8, "Cara": 0, "Dev": 0}
    data = sheet.to_dict()
    # Only the winner scores: the rows write the winner's points in their column.
    assert [row["points"] for row in data["rows"]] == [
        {"Alice": 48, "Ben": 0, "Cara": 0, "Dev": 0},
        {"Alice": 0, "Ben": 8, "Cara": 0, "Dev": 0},
    ]
    # Payments are still worked out, as the ruleset settles: Ben's discarder pays double.
    assert data["rows"][1]["payments"] == {"Alice": -8, "Ben": 32, "Cara": -8, "Dev": -16}
    # Alice dealt and won: she kept the deal; Ben won: the deal passed to him.
    assert [row["dealer"] for row in data["rows"]] == ["Alice", "Alice"]
    assert (data["dealer"], data["round_wind"]) == ("Ben", "E")


def test_hkos_drawn_hand_is_a_row_of_zeros_and_the_dealer_keeps_the_deal():
    sheet = create_sheet("hkos", HKOS_PLAYERS).add_row({"drawn": True})
    row = sheet.to_dict()["rows"][0]
    assert row["points"] == {name: 0 for name in HKOS_PLAYERS}
    assert row["payments"] == {name: 0 for name in HKOS_PLAYERS}
    assert row["drawn"] is True and row["winner"] is None
    assert sheet.dealer == "Alice"


# ---------------------------------------------------------------------------- an NTS session


def four_game_session() -> Sheet:
    sheet = create_sheet("nts", NTS_PLAYERS, title="Tuesday")
    sheet = sheet.add_row(nts_row("Ann", [136, 32, 28, 8], round_wind="S"))  # Ann East
    sheet = sheet.add_row(nts_row("Cor", [40, 0, 96, 16], win_by="discard", discarder="Bob", round_wind="E"))
    sheet = sheet.add_row({"drawn": True, "round_wind": "W"})  # Cor East; a drawn game still rotates
    sheet = sheet.add_row(nts_row("Dirk", [8, 24, 0, 256], win_by="discard", discarder="Ann", round_wind="N"))
    return sheet


def test_nts_session_rotates_the_seats_every_game_and_ends_after_four():
    sheet = four_game_session()
    rows = sheet.to_dict()["rows"]
    assert [row["dealer"] for row in rows] == ["Ann", "Bob", "Cor", "Dirk"]
    # Seed 000: after each game East becomes North, North West, West South, South East.
    assert rows[1]["seats"] == {"Bob": "E", "Cor": "S", "Dirk": "W", "Ann": "N"}
    assert rows[3]["seats"] == {"Dirk": "E", "Ann": "S", "Bob": "W", "Cor": "N"}
    assert [row["round_wind"] for row in rows] == ["S", "E", "W", "N"]  # as rolled and entered
    # Game 2: Bob is East, so every payment he is part of is doubled. Cor wins 96: Bob pays 192, Ann
    # and Dirk 96 each; Bob pays Ann 2 x 40 and Dirk 2 x 16; Dirk pays Ann 40 - 16.
    assert rows[1]["payments"] == {"Ann": -96 + 80 + 24, "Bob": -192 - 80 - 32, "Cor": 384, "Dirk": -96 + 32 - 24}
    assert rows[2]["payments"] == {name: 0 for name in NTS_PLAYERS}
    assert sheet.over and sheet.complete and not sheet.ended
    assert sheet.dealer is None and sheet.round_wind is None
    with pytest.raises(SheetError, match="the match is over"):
        sheet.add_row(nts_row("Ann", [80, 0, 0, 0]))


def test_nts_session_standings_and_table_points():
    sheet = four_game_session()
    assert sum(sheet.totals.values()) == 0
    standings = sheet.to_dict()["standings"]
    by_place = [(s["player"], s["total"], s["table_points"]) for s in standings]
    totals = sheet.totals
    expected = sorted(NTS_PLAYERS, key=lambda name: -totals[name])
    assert [name for name, _, _ in by_place] == expected
    assert [points for _, _, points in by_place] == [4, 2, 1, 0.5]
    first = standings[0]
    assert first["games_won"] == 1 and all(s["games_won"] == 0 for s in standings[1:])
    mahjongs = {s["player"]: s["mahjongs"] for s in standings}
    deal_ins = {s["player"]: s["deal_ins"] for s in standings}
    assert mahjongs == {"Ann": 1, "Bob": 0, "Cor": 1, "Dirk": 1}
    assert deal_ins == {"Ann": 1, "Bob": 1, "Cor": 0, "Dirk": 0}


def test_table_points_mahjongs_break_a_tie_before_deal_ins():
    sheet = create_sheet("nts", NTS_PLAYERS, length="open")
    sheet = sheet.add_row(nts_row("Bob", [0, 80, 0, 0]))  # Ann East pays 160, Cor and Dirk 80
    # Bob East: Dirk wins 400 on Bob's discard; Bob pays double as East.
    sheet = sheet.add_row(nts_row("Dirk", [0, 0, 0, 400], win_by="discard", discarder="Bob"))
    assert sheet.totals == {"Ann": -560, "Bob": -480, "Cor": -480, "Dirk": 1520}
    standings = [(s["player"], s["place"], s["table_points"]) for s in sheet.to_dict()["standings"]]
    # Bob and Cor are level; Bob made a mahjong (and dealt in once): mahjongs come first.
    assert standings == [("Dirk", 1, 4), ("Bob", 2, 2), ("Cor", 3, 1), ("Ann", 4, 0.5)]


def test_table_points_fewest_deal_ins_break_a_tie_of_points_and_mahjongs():
    sheet = create_sheet("nts", NTS_PLAYERS, length="open")
    sheet = sheet.add_row(nts_row("Bob", [0, 100, 0, 0], win_by="discard", discarder="Cor"))
    assert sheet.totals == {"Ann": -200, "Bob": 400, "Cor": -100, "Dirk": -100}
    standings = [(s["player"], s["place"], s["table_points"]) for s in sheet.to_dict()["standings"]]
    assert standings == [("Bob", 1, 4), ("Dirk", 2, 2), ("Cor", 3, 1), ("Ann", 4, 0.5)]


def test_no_rows_every_player_shares_every_place():
    standings = create_sheet("nts", NTS_PLAYERS).to_dict()["standings"]
    assert {s["place"] for s in standings} == {1}
    assert {s["table_points"] for s in standings} == {1.88}  # (4 + 2 + 1 + 1/2) / 4 = 1.875


def test_table_points_shared_by_players_level_on_every_tie_break():
    sheet = create_sheet("nts", NTS_PLAYERS, length="open")
    # Ann wins 80 (East, self-drawn) then Bob wins 80 as East, self-drawn: level on every count.
    sheet = sheet.add_row(nts_row("Ann", [80, 0, 0, 0]))
    sheet = sheet.add_row(nts_row("Bob", [0, 80, 0, 0]))
    standings = {s["player"]: s for s in sheet.to_dict()["standings"]}
    assert sheet.totals["Ann"] == sheet.totals["Bob"]
    assert standings["Ann"]["place"] == standings["Bob"]["place"] == 1
    assert standings["Ann"]["table_points"] == standings["Bob"]["table_points"] == 3  # (4 + 2) / 2
    assert standings["Cor"]["table_points"] == standings["Dirk"]["table_points"] == 0.75  # (1 + ½) / 2


def test_free_sheet_ties_broken_by_mahjongs():
    free = create_sheet("free", NTS_PLAYERS)
    free = free.add_row({"points": {"Ann": 5, "Bob": 5}, "winner": "Bob"})
    places = {s["player"]: s["place"] for s in free.to_dict()["standings"]}
    assert places == {"Bob": 1, "Ann": 2, "Cor": 3, "Dirk": 3}


# ---------------------------------------------------------------------------- undo, edit, end


def test_undo_removes_the_last_row_and_reopens_an_ended_match():
    sheet = create_sheet("hkos", HKOS_PLAYERS)
    first = sheet.add_row({"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": 16}})
    second = first.add_row({"winner": "Cara", "win_by": "self_draw", "scores": {"Cara": 8}}).end()
    assert second.over
    undone = second.undo()
    assert undone == first and not undone.over
    assert undone.dealer == "Ben"
    with pytest.raises(SheetError, match="no rows to undo"):
        sheet.undo()


def test_edit_recomputes_every_later_row_and_the_rotation():
    sheet = create_sheet("hkos", HKOS_PLAYERS)
    sheet = sheet.add_row({"winner": "Alice", "win_by": "self_draw", "scores": {"Alice": 48}})  # keeps deal
    sheet = sheet.add_row({"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": 8}})  # passes to Ben
    sheet = sheet.add_row({"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": 16}})  # Ben keeps
    assert [row.turn.dealer for row in sheet.rows] == ["Alice", "Alice", "Ben"]
    assert [row.totals["Ben"] for row in sheet.rows] == [0, 8, 24]
    # Row 1 was really Cara's win: the deal passed to Ben after row 1, and then to Cara after row 2.
    edited = sheet.edit_row(1, {"winner": "Cara", "win_by": "self_draw", "scores": {"Cara": 32}})
    assert [row.turn.dealer for row in edited.rows] == ["Alice", "Ben", "Ben"]
    assert [row.totals["Cara"] for row in edited.rows] == [32, 32, 32]
    assert [row.totals["Alice"] for row in edited.rows] == [0, 0, 0]
    assert edited.totals == {"Alice": 0, "Ben": 24, "Cara": 32, "Dev": 0}
    assert edited.dealer == "Ben"
    assert sheet.totals["Alice"] == 48  # the original sheet is a value: unchanged
    with pytest.raises(SheetError) as error:
        sheet.edit_row(4, {"drawn": True})
    assert error.value.field == "n"


def test_nts_edit_changes_every_later_total():
    sheet = four_game_session()
    before = [row.totals for row in sheet.rows]
    edited = sheet.edit_row(2, nts_row("Cor", [40, 0, 96, 8], win_by="discard", discarder="Bob", round_wind="E"))
    after = [row.totals for row in edited.rows]
    assert after[0] == before[0]
    assert all(a != b for a, b in zip(after[1:], before[1:]))
    assert sum(edited.totals.values()) == 0 and edited.over


def test_an_edit_that_would_end_the_match_before_the_last_row_is_refused():
    sheet = create_sheet("hkos", HKOS_PLAYERS, length="east")
    # The deal passes to Ben, Cara and Dev; Ben and Dev keep it once each: 6 hands, one pass to go.
    for name in ["Ben", "Ben", "Cara", "Dev", "Dev", "Dev"]:
        sheet = sheet.add_row({"winner": name, "win_by": "self_draw", "scores": {name: 8}})
    assert not sheet.over and sheet.dealer == "Dev"
    with pytest.raises(SheetError, match="the match ends at row 5, before the last row"):
        sheet.edit_row(5, {"winner": "Alice", "win_by": "self_draw", "scores": {"Alice": 8}})
    ended = sheet.edit_row(6, {"winner": "Alice", "win_by": "self_draw", "scores": {"Alice": 8}})
    assert ended.over and ended.complete


def test_end_match_is_final_for_new_rows_and_idempotent():
    sheet = create_sheet("chinese", NTS_PLAYERS).end()
    assert sheet.over and sheet.ended and sheet.end() is sheet
    with pytest.raises(SheetError, match="over"):
        sheet.add_row({"drawn": True})


# ---------------------------------------------------------------------------- other rulesets


def test_hkos_full_game_four_rounds_and_the_east_round_only():
    full = create_sheet("hkos", HKOS_PLAYERS)
    winds = []
    for hand in range(16):
        assert not full.over
        winds.append(full.round_wind)
        winner = HKOS_PLAYERS[(hand + 1) % 4]  # never the dealer: the deal passes every hand
        full = full.add_row({"winner": winner, "win_by": "self_draw", "scores": {winner: 8}})
    assert full.over and winds == ["E"] * 4 + ["S"] * 4 + ["W"] * 4 + ["N"] * 4
    east = create_sheet("hkos", HKOS_PLAYERS, length="east")
    assert east.options == {"short_match": True}
    for hand in range(4):
        winner = HKOS_PLAYERS[(hand + 1) % 4]
        east = east.add_row({"winner": winner, "win_by": "self_draw", "scores": {winner: 8}})
    assert east.over


def test_hkos_three_players():
    players = ["Ann", "Bea", "Cas"]
    with pytest.raises(SheetError, match="three_players"):
        create_sheet("hkos", players)
    sheet = create_sheet("hkos", players, options={"three_players": True})
    sheet = sheet.add_row({"winner": "Bea", "win_by": "discard", "discarder": "Cas", "scores": {"Bea": 16}})
    row = sheet.to_dict()["rows"][0]
    assert row["seats"] == {"Ann": "E", "Bea": "S", "Cas": "W"}
    assert row["payments"] == {"Ann": -16, "Bea": 48, "Cas": -32}
    assert sheet.totals == {"Ann": 0, "Bea": 16, "Cas": 0}
    # The deal passes among three; every player has dealt once after three passes: South round.
    for winner in ("Cas", "Ann"):
        sheet = sheet.add_row({"winner": winner, "win_by": "self_draw", "scores": {winner: 8}})
    assert (sheet.dealer, sheet.round_wind) == ("Ann", "S")
    with pytest.raises(SheetError, match="not a player"):
        sheet.add_row({"winner": "Dev", "win_by": "self_draw", "scores": {"Dev": 8}})


def test_chinese_passes_every_hand_and_ends_after_sixteen():
    sheet = create_sheet("chinese", NTS_PLAYERS)
    sheet = sheet.add_row({"winner": "Ann", "win_by": "discard", "discarder": "Bob", "scores": {"Ann": 8}})
    assert sheet.rows[0].payments == {"Ann": 17, "Bob": -11, "Cor": -3, "Dirk": -3}
    assert sheet.dealer == "Bob"  # even after the dealer's win
    for _ in range(15):
        sheet = sheet.add_row({"drawn": True})
    assert sheet.over and [row.turn.round_wind for row in sheet.rows][::4] == ["E", "S", "W", "N"]
    with pytest.raises(SheetError, match="at least 3"):
        create_sheet("chinese", NTS_PLAYERS).add_row({"winner": "Ann", "win_by": "self_draw", "scores": {"Ann": 2}})


def test_casual_values_depend_on_the_dealer():
    sheet = create_sheet("casual", NTS_PLAYERS)
    sheet = sheet.add_row({"winner": "Ann", "win_by": "discard", "discarder": "Cor", "scores": {"Ann": 60}})
    assert sheet.rows[0].payments == {"Ann": 60, "Bob": 0, "Cor": -60, "Dirk": 0}
    with pytest.raises(SheetError, match="not the dealer's casual score"):
        sheet.add_row({"winner": "Ann", "win_by": "self_draw", "scores": {"Ann": 40}})
    with pytest.raises(SheetError, match="not a non-dealer's casual score"):
        sheet.add_row({"winner": "Bob", "win_by": "self_draw", "scores": {"Bob": 60}})
    assert sheet.dealer == "Ann" and not sheet.over  # each deal stands alone


def test_free_sheets():
    # Riichi: every player's final count as one row.
    riichi = create_sheet("free", ["A", "B", "C", "D"], title="Riichi")
    riichi = riichi.add_row({"points": {"A": 41200, "B": 30100, "C": 19800, "D": 8900}}).end()
    assert riichi.totals == {"A": 41200, "B": 30100, "C": 19800, "D": 8900} and riichi.over
    # American: the card's value in the winner's column.
    american = create_sheet("free", ["A", "B", "C", "D"])
    american = american.add_row({"winner": "C", "points": {"C": 25}}).add_row({"winner": "A", "points": {"A": 30}})
    assert american.totals == {"A": 30, "B": 0, "C": 25, "D": 0}
    standing = american.to_dict()["standings"]
    assert standing[0]["player"] == "A" and standing[0]["mahjongs"] == 1 and standing[0]["deal_ins"] is None
    # Chinese classical: every player's count, three players, negative totals allowed.
    classical = create_sheet("free", ["A", "B", "C"])
    classical = classical.add_row({"points": {"A": 120, "B": -40, "C": 8}})
    assert classical.totals == {"A": 120, "B": -40, "C": 8}
    data = classical.to_dict()
    assert data["dealer"] is None and data["round_wind"] is None and data["rows"][0]["payments"] is None


# ---------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("row", "field", "words"),
    [
        ([1, 2], "row", "expected a JSON object"),
        ({"winner": "Zed", "win_by": "self_draw", "scores": {}}, "winner", "'Zed' is not a player"),
        ({"win_by": "self_draw", "scores": {}}, "winner", "name the winner"),
        ({"winner": "Ann", "scores": {}}, "win_by", "say how the hand was won"),
        ({"winner": "Ann", "win_by": "ron", "scores": {}}, "win_by", "expected one of"),
        ({"winner": "Ann", "win_by": "discard", "scores": {}}, "discarder", "needs the discarder"),
        ({"winner": "Ann", "win_by": "discard", "discarder": "Ann", "scores": {}}, "discarder", "cannot be"),
        ({"winner": "Ann", "win_by": "self_draw", "discarder": "Bob", "scores": {}}, "discarder", "only a win"),
        ({"winner": "Ann", "win_by": "self_draw", "scores": [80]}, "scores", "must map"),
        ({"winner": "Ann", "win_by": "self_draw", "scores": {"Ann": 80}}, "scores", "enter the hand score of Bob"),
        (nts_row("Ann", [80, 0, 0, 2400]), "scores.Dirk", "at most 2000"),
        (nts_row("Ann", [60, 0, 0, 0]), "scores.Ann", "at least 80"),
        (nts_row("Ann", [80, -4, 0, 0]), "scores.Bob", "0 or more"),
        (nts_row("Ann", [80, 1.5, 0, 0]), "scores.Bob", "whole number"),
        (nts_row("Ann", [80, True, 0, 0]), "scores.Bob", "whole number"),
        (nts_row("Ann", [80, 0, 0, 0], round_wind="X"), "round_wind", "E, S, W, N"),
        (nts_row("Ann", [80, 0, 0, 0], dead=["Ann"]), "dead", "cannot have a dead hand"),
        (nts_row("Ann", [80, 8, 0, 0], dead=["Bob"]), "scores.Bob", "a dead hand scores 0"),
        ({**nts_row("Ann", [80, 0, 0, 0]), "points": {"Ann": 80}}, "points", "not points"),
        ({**nts_row("Ann", [80, 0, 0, 0]), "extra": 1}, "extra", "is not a field of a row"),
        ({"drawn": "yes"}, "drawn", "true or false"),
        ({"drawn": True, "winner": "Ann"}, "winner", "a drawn hand has no winner"),
        ({"drawn": True, "scores": {"Ann": 8}}, "scores", "scores nothing"),
    ],
)
def test_malformed_nts_rows_name_the_field_and_change_nothing(row, field, words):
    sheet = create_sheet("nts", NTS_PLAYERS)
    before = sheet.to_dict()
    with pytest.raises(SheetError) as error:
        sheet.add_row(row)
    assert error.value.field == field
    assert words in str(error.value)
    assert str(error.value).startswith(f"{field}: ")
    assert sheet.to_dict() == before


@pytest.mark.parametrize(
    ("row", "field", "words"),
    [
        ({"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": 50}}, "scores.Ben", "not a score of this HKOS"),
        ({"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": 4}}, "scores.Ben", "8, 16, 24"),
        ({"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": 8, "Dev": 8}}, "scores.Dev", "only the winner"),
        ({"winner": "Ben", "win_by": "self_draw", "scores": {}}, "scores", "enter the winner's (Ben) score"),
        (
            {"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": 8}, "round_wind": "S"},
            "round_wind",
            "round wind E",
        ),
        ({"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": 8}, "dead": ["Dev"]}, "dead", "only NTS"),
    ],
)
def test_malformed_hkos_rows(row, field, words):
    with pytest.raises(SheetError) as error:
        create_sheet("hkos", HKOS_PLAYERS).add_row(row)
    assert error.value.field == field and words in str(error.value)


def test_hkos_practice_and_minimum_options_change_the_scores_allowed():
    practice = create_sheet("hkos", HKOS_PLAYERS, options={"practice": True})
    assert practice.add_row({"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": 1}}).totals["Ben"] == 1
    low = create_sheet("hkos", HKOS_PLAYERS, options={"minimum": 0})
    assert low.add_row({"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": 2}}).totals["Ben"] == 2


@pytest.mark.parametrize(
    ("kwargs", "field", "words"),
    [
        ({"rules": "mcr", "players": NTS_PLAYERS}, "rules", "unknown ruleset 'mcr'"),
        ({"rules": "nts", "players": NTS_PLAYERS[:3]}, "players", "needs 4 players"),
        ({"rules": "free", "players": ["A", "B"]}, "players", "needs 3 or 4 players"),
        ({"rules": "nts", "players": ["Ann", "ann", "Cor", "Dirk"]}, "players[1]", "given twice"),
        ({"rules": "nts", "players": ["Ann", " ", "Cor", "Dirk"]}, "players[1]", "1 to 32"),
        ({"rules": "nts", "players": ["Ann", "x" * 33, "Cor", "Dirk"]}, "players[1]", "1 to 32"),
        ({"rules": "nts", "players": NTS_PLAYERS, "options": {"flowers": False}}, "options", "unknown option"),
        ({"rules": "hkos", "players": HKOS_PLAYERS, "options": {"minimum": "3"}}, "options.minimum", "whole number"),
        ({"rules": "hkos", "players": HKOS_PLAYERS, "options": {"minimum": -1}}, "options", "0 or more"),
        ({"rules": "nts", "players": NTS_PLAYERS, "length": "east"}, "length", "session, open"),
        (
            {"rules": "hkos", "players": HKOS_PLAYERS, "length": "full", "options": {"short_match": True}},
            "length",
            "contradicts",
        ),
        ({"rules": "free", "players": NTS_PLAYERS, "options": {"x": 1}}, "options", "no options"),
        ({"rules": "nts", "players": NTS_PLAYERS, "title": 5}, "title", "at most 120"),
    ],
)
def test_creating_a_sheet_checks_every_argument(kwargs, field, words):
    kwargs = dict(kwargs)
    with pytest.raises(SheetError) as error:
        create_sheet(kwargs.pop("rules"), kwargs.pop("players"), **kwargs)
    assert error.value.field == field and words in str(error.value)


def test_free_rows_refused():
    sheet = create_sheet("free", ["A", "B", "C"])
    with pytest.raises(SheetError, match="points.A: must be a whole number"):
        sheet.add_row({"points": {"A": "ten"}})
    with pytest.raises(SheetError, match="each player's points"):
        sheet.add_row({"scores": {"A": 1}})
    with pytest.raises(SheetError, match="'Z' is not a player"):
        sheet.add_row({"points": {"Z": 1}})


# ---------------------------------------------------------------------------- export and import


def test_csv_export():
    text = export_csv(four_game_session())
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0] == ["Hand", "Dealer", "Round wind", "Winner", "How it was won", "Discarder", *NTS_PLAYERS] + [
        f"{name} hand score" for name in NTS_PLAYERS
    ]
    assert lines[1][:10] == ["1", "Ann", "S", "Ann", "Self-drawn", "", "816", "-244", "-256", "-316"]
    assert lines[3][3] == "drawn"
    totals = four_game_session().totals
    assert lines[-1] == ["Totals", "", "", "", "", "", *(str(totals[name]) for name in NTS_PLAYERS)]


def test_csv_export_in_dutch_keeps_the_dead_hand_mark():
    sheet = create_sheet("nts", NTS_PLAYERS).add_row(nts_row("Bob", [0, 96, 8, 0], dead=["Dirk"]))
    sheet = sheet.add_row({"drawn": True})
    lines = list(csv.reader(io.StringIO(export_csv(sheet, "nl"))))
    assert lines[0][:6] == ["Spel", "Gever", "Wind van de ronde", "Winnaar", "Hoe gewonnen", "Afgooier"]
    assert lines[0][-1] == "Dirk spelscore"
    assert lines[1][-1] == "dood" and lines[1][4] == "Zelf gepakt"
    assert lines[2][3] == "remise" and lines[-1][0] == "Totalen"


def test_hkos_rows_take_faan_and_convert_them_to_points():
    # Seed 003: count the faan, turn them into points: Alice's 7 faan are 48, Ben's 3 faan 8.
    sheet = create_sheet("hkos", HKOS_PLAYERS).add_row({"winner": "Alice", "win_by": "self_draw", "faan": 7})
    sheet = sheet.add_row({"winner": "Ben", "win_by": "discard", "discarder": "Dev", "faan": 3})
    assert sheet.totals == {"Alice": 48, "Ben": 8, "Cara": 0, "Dev": 0}
    assert [row["faan"] for row in sheet.to_dict()["rows"]] == [7, 3]
    assert import_json(export_json(sheet)) == sheet
    limit = sheet.add_row({"winner": "Ben", "win_by": "self_draw", "faan": 13})
    assert limit.rows[-1].points["Ben"] == 128  # 10 faan or more: the limit
    points = sheet.add_row({"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": 16}})
    assert points.rows[-1].entry.faan == 4  # points typed: their faan are known too
    with pytest.raises(SheetError, match="needs 3 faan"):
        sheet.add_row({"winner": "Ben", "win_by": "self_draw", "faan": 2})
    with pytest.raises(SheetError, match="7 faan are 48 points, not 32"):
        sheet.add_row({"winner": "Ben", "win_by": "self_draw", "faan": 7, "scores": {"Ben": 32}})
    with pytest.raises(SheetError, match="only a Hong Kong Old Style sheet counts faan"):
        create_sheet("chinese", NTS_PLAYERS).add_row({"winner": "Ann", "win_by": "self_draw", "faan": 8})
    assert "Faan" in export_csv(sheet).splitlines()[0]


def test_rows_keep_their_hands_in_canonical_notation():
    hand = "nts: 777z 23m 456p 88s [111z] +1m* round=S seat=E"
    row = nts_row("Ann", [136, 32, 28, 8], round_wind="S") | {"hands": {"Ann": hand}}
    sheet = create_sheet("nts", NTS_PLAYERS).add_row(row)
    assert sheet.to_dict()["rows"][0]["hands"] == {"Ann": "nts: 23m456p88s777z [111z] +1m* seat=E round=S"}
    assert import_json(export_json(sheet)) == sheet
    for hands, message in (
        ({"Zed": hand}, "not a player"),
        ({"Ann": "nts: 1111m1m"}, "hands.Ann"),
        ({"Ann": "hkos: 123m456p789s11z22z +2z"}, "hands.Ann: rules"),
        ("Ann", "must map player names"),
    ):
        with pytest.raises(SheetError, match=message):
            create_sheet("nts", NTS_PLAYERS).add_row(row | {"hands": hands})


def test_nts_totals_are_checked_as_the_settle_api_checks_them():
    from sparrow.sheets.checks import check_scores

    with pytest.raises(SheetError, match="at least 80") as error:
        check_scores("nts", {"E": 0, "S": 40, "W": 8, "N": 0}, "S")
    assert error.value.field == "scores.S"
    with pytest.raises(SheetError, match="at least 80"):
        create_sheet("nts", NTS_PLAYERS).add_row(nts_row("Bob", [0, 40, 8, 0]))
    check_scores("nts", {"E": 40, "S": 10, "W": 0, "N": 8}, None)  # a drawn game: any hand scores


def test_csv_quotes_names_a_spreadsheet_would_run():
    text = export_csv(create_sheet("free", ["=SUM(A1)", "B", "C"]))
    assert text.splitlines()[0].endswith("'=SUM(A1),B,C")


def test_json_export_is_the_sheet_and_imports_back():
    sheet = four_game_session()
    data = json.loads(export_json(sheet))
    assert data == sheet.to_dict()
    assert set(data) >= {
        "id",
        "rules",
        "title",
        "players",
        "options",
        "rows",
        "totals",
        "dealer",
        "round_wind",
        "over",
        "standings",
    }
    assert set(data["rows"][0]) >= {"n", "winner", "scores", "payments", "dealer", "round_wind"}
    assert import_json(export_json(sheet)) == sheet


def test_import_rechecks_every_row():
    data = four_game_session().to_dict()
    data["rows"][1]["scores"]["Cor"] = 5000
    with pytest.raises(SheetError) as error:
        Sheet.from_dict(data)
    assert error.value.field == "rows[1].scores.Cor"
    data = four_game_session().to_dict()
    data["totals"] = {"Ann": 10**6}  # computed values are recomputed, not trusted
    assert Sheet.from_dict(data).totals == four_game_session().totals
    for bad in ("{", "[]", b"\xff"):
        with pytest.raises(SheetError):
            import_json(bad)


# ---------------------------------------------------------------------------- properties


@st.composite
def sheets(draw) -> Sheet:
    """A sheet of any kind with valid rows, built the way a table would fill it in."""
    rules = draw(st.sampled_from(["nts", "hkos", "chinese", "casual", "free"]))
    count = 4 if rules != "free" else draw(st.sampled_from([3, 4]))
    options = {}
    if rules == "hkos":
        options = draw(st.sampled_from([{}, {"three_players": True}, {"short_match": True}, {"minimum": 0}]))
        count = 3 if options.get("three_players") else 4
    players = [f"P{i}" for i in range(count)]
    lengths = {"nts": ["session", "open"], "hkos": [None, "open"], "chinese": ["full", "open"]}.get(rules, ["open"])
    sheet = create_sheet(rules, players, options=options, length=draw(st.sampled_from(lengths)), title="t")
    for _ in range(draw(st.integers(0, 12))):
        if sheet.over:
            break
        sheet = sheet.add_row(draw(_rows(sheet)))
    if draw(st.booleans()):
        sheet = sheet.end()
    return sheet


def _rows(sheet: Sheet):
    players = list(sheet.players)
    if sheet.rules == "free":
        return st.fixed_dictionaries(
            {"points": st.dictionaries(st.sampled_from(players), st.integers(-(10**6), 10**6))},
            optional={"winner": st.sampled_from(players)},
        )

    @st.composite
    def row(draw):
        if draw(st.integers(0, 5)) == 0:
            return {"drawn": True}
        winner = draw(st.sampled_from(players))
        win_by = draw(st.sampled_from(["discard", "self_draw"]))
        data = {"winner": winner, "win_by": win_by}
        if win_by == "discard":
            data["discarder"] = draw(st.sampled_from([p for p in players if p != winner]))
        if sheet.rules == "nts":
            data["scores"] = {p: draw(st.integers(80 if p == winner else 0, 2000)) for p in players}
            data["round_wind"] = draw(st.sampled_from(["E", "S", "W", "N"]))
        elif sheet.rules == "hkos":
            data["scores"] = {winner: draw(st.sampled_from([8, 16, 48, 128]))}
        elif sheet.rules == "chinese":
            data["scores"] = {winner: draw(st.integers(3, 200))}
        else:
            value = draw(st.sampled_from([20, 40, 80, 160, 320, 640]))
            data["scores"] = {winner: value * 3 // 2 if winner == sheet.dealer else value}
        return data

    return row()


@settings(
    max_examples=scaled(60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)  # sheets are built row by row
@pytest.mark.slow
@given(sheets())
def test_json_round_trip(sheet):
    again = import_json(export_json(sheet))
    assert again == sheet
    assert again.to_dict() == sheet.to_dict()


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # sheets are built row by row
@given(sheets())
def test_totals_are_the_sum_of_the_rows_and_settlements_sum_to_zero(sheet):
    for row in sheet.rows:
        if row.payments is not None:
            assert sum(row.payments.values()) == 0
    assert sheet.totals == {name: sum(row.points[name] for row in sheet.rows) for name in sheet.players}
    if sheet.rules in ("nts", "chinese", "casual"):
        assert sum(sheet.totals.values()) == 0
    standings = sheet.standings()
    assert sorted(s.player for s in standings) == sorted(sheet.players)
    if sheet.rules == "nts":
        assert sum(s.table_points for s in standings) == 7.5


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # sheets are built row by row
@given(sheets(), st.data())
def test_undo_after_add_gives_the_sheet_back(sheet, data):
    if sheet.over:
        return
    added = sheet.add_row(data.draw(_rows(sheet)))
    assert added.undo() == sheet
    # Editing the new last row into itself changes nothing.
    last = added.rows[-1]
    row = last.entry.to_dict(added.free)
    if added.rules not in ("nts", "free"):
        row.pop("round_wind", None)
    assert added.edit_row(len(added.rows), row) == added


def test_every_length_has_a_label_in_the_catalogue():
    from sparrow.i18n import translate

    for rules in sheet_rules():
        for length in lengths(rules):
            label = length_label(rules, length)
            assert translate(label, "nl") != label
    assert length_label("nts", "session") == "Session of 4 games"
