"""Riichi as a registered family: hand situations with its own facts, the registry's scorer and
settlement, the compact notation, bad input, and the commands (score, settle, rules, analyze,
simulate, play)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sparrow.cli.app import app
from sparrow.core.situation import HandSituation, SituationError
from sparrow.formats.compact import format_compact, parse_compact
from sparrow.play.lab import LabError, parse_players, run_lab
from sparrow.rules import Settlement, get_ruleset, score, settle
from sparrow.rules.generate import random_complete_situation

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "mjai_tsumogiri.py"

# A non-dealer's riichi ippatsu tsumo with pinfu, a dora (2m from the 1m indicator) and a red 5p:
# 6 han, haneman, 3,000/6,000 and two honba on top (100 from each payer for each).
HANEMAN = {
    "rules": "riichi",
    "concealed": "234m340p66s12378s",
    "winning_tile": "9s",
    "win_by": "self_draw",
    "seat_wind": "S",
    "moments": ["riichi", "ippatsu"],
    "dora": "1m",
    "ura_dora": "0p",
    "honba": 2,
}


def test_the_family_is_registered_with_its_options_and_presets():
    riichi = get_ruleset("riichi")
    assert riichi.defaults["preset"] == "tenhou" and set(riichi.presets) == {
        "tenhou",
        "mahjong-soul",
        "m-league",
        "wrc",
    }
    assert set(riichi.option_help) == set(riichi.defaults)
    wrc = riichi.resolve_options({"preset": "wrc"})
    assert wrc["red_fives"] == 0 and wrc["start_points"] == 30000
    assert riichi.resolve_options({"preset": "wrc", "red_fives": 3})["red_fives"] == 3  # given beside the preset
    assert riichi.table().engine == "riichi"


def test_a_worked_hand_scores_han_fu_and_the_payments():
    result = score(HandSituation.from_dict(HANEMAN))
    assert result.valid and result.limit == "haneman" and result.total == 12000
    han = {item.name: item.value for item in result.items if item.kind == "han"}
    assert han == {"Riichi": 1, "Ippatsu": 1, "Menzen tsumo": 1, "Pinfu": 1, "Dora": 1, "Aka dora": 1}
    assert [item.name for item in result.items if item.kind == "fu"] == ["Base"]
    paid = result.details["payments"]
    assert (paid["dealer"], paid["non_dealer"], paid["honba"], paid["total"]) == (6200, 3200, 600, 12600)


def test_the_riichi_facts_round_trip_through_json_and_the_compact_notation():
    situation = HandSituation.from_dict(HANEMAN)
    assert situation.red_fives == (0, 1, 0)
    assert situation.facts["dora"] == (HandSituation.from_dict(HANEMAN).facts["dora"])
    again = HandSituation.from_dict(situation.to_dict())
    assert again == situation and again.to_dict()["concealed"] == "234m340p1236678s"
    text = format_compact(situation)
    assert "340p" in text and "dora=1m" in text and "honba=2" in text and "moments=riichi,ippatsu" in text
    assert parse_compact(text) == situation
    # A red five in a declared set and as the winning tile stays where it was written.
    open_hand = parse_compact("riichi: 234m789s66s34s [406p] +0s seat=W round=S")
    assert open_hand.red_fives == (0, 1, 1)
    assert parse_compact(format_compact(open_hand)) == open_hand
    assert "[406p]" in format_compact(open_hand) or "[460p]" in format_compact(open_hand)


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"concealed": "234m340p66s12378s", "winning_tile": "0p"}, "winning_tile", "two red fives of circles"),
        ({"dora": "8z"}, "dora", "is not a tile"),
        ({"dora": "1f"}, "dora", "cannot be an indicator"),
        ({"concealed": "234m345p66s1230z"}, "concealed", "only m, p and s"),
        ({"honba": -1}, "honba", "whole number"),
        ({"moments": ["first_round"]}, "moments", "expected a list of riichi"),
        ({"moments": ["ippatsu"], "ura_dora": ""}, "moments", "ippatsu needs riichi"),
        ({"moments": [], "ura_dora": "1m"}, "ura_dora", "only for a riichi winner"),
        ({"bonus": "1f"}, "bonus", "without flowers"),
        ({"win_by": "flower_replacement", "bonus": ""}, "win_by", "flower"),
    ],
)
def test_impossible_riichi_input_is_refused_naming_the_field(change, field, words):
    data = {**HANEMAN, **change}
    with pytest.raises(SituationError) as raised:
        score(HandSituation.from_dict(data))
    assert raised.value.field == field and words in str(raised.value)


def test_riichi_on_an_open_hand_is_refused():
    data = {
        "rules": "riichi",
        "concealed": "345p66s12378s",
        "melds": [{"kind": "chow", "tiles": "234m"}],
        "winning_tile": "9s",
        "moments": ["riichi"],
    }
    with pytest.raises(SituationError, match="moments: riichi is declared only with a closed hand"):
        score(HandSituation.from_dict(data))


def test_the_riichi_fields_are_unknown_to_the_other_families():
    plain = {key: value for key, value in HANEMAN.items() if key not in ("dora", "ura_dora", "honba", "moments")}
    for name, value in (("dora", "1m"), ("honba", 1)):
        with pytest.raises(SituationError, match=f"{name}: unknown field"):
            HandSituation.from_dict({**plain, "concealed": "234m345p66s12378s", "rules": "nts", name: value})
    with pytest.raises(SituationError, match="there is no tile 0"):
        HandSituation.from_dict({"rules": "hkos", "concealed": "234m340p66s12378s", "winning_tile": "9s"})


def test_no_yaku_and_no_shape_are_not_wins():
    no_yaku = score(
        HandSituation.from_dict({"rules": "riichi", "concealed": "123m456p789s234s5m", "winning_tile": "5m"})
    )
    assert not no_yaku.valid and no_yaku.total == 0 and "no yaku" in no_yaku.reason
    not_shaped = score(
        HandSituation.from_dict({"rules": "riichi", "concealed": "123m456p789s234s5m", "winning_tile": "1z"})
    )
    assert not not_shaped.valid and "do not win" in not_shaped.reason


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_settlement_of_a_scored_total_pays_what_the_scorer_says(seed):
    situation = random_complete_situation(random.Random(seed), "riichi", winning=True, moment_chance=0)
    result = get_ruleset("riichi").score(situation)
    if not result.valid:
        return
    winner = situation.seat_wind
    tsumo = situation.win_by in ("self_draw", "kong_replacement")
    discarder = None if tsumo else next(seat for seat in "ESWN" if seat != winner)
    win_by = situation.win_by if situation.win_by != "robbing_kong" else "robbing_kong"
    payments = settle(Settlement("riichi", winner, win_by, discarder, {winner: result.total}))
    paid = result.details["payments"]
    assert sum(payments.values()) == 0 and payments[winner] == result.total
    if tsumo:
        for seat in "ESWN":
            if seat != winner:
                expected = paid["dealer"] if seat == "E" and winner != "E" else paid["non_dealer"]
                assert payments[seat] == -expected
    else:
        assert payments[discarder] == -paid["ron"]


def test_the_commands_score_settle_and_analyze_riichi_hands():
    scored = runner.invoke(app, ["score", "--json", "-"], input=json.dumps(HANEMAN))
    assert scored.exit_code == 0 and json.loads(scored.stdout)["total"] == 12000
    shown = runner.invoke(app, ["score", "--hand", format_compact(HandSituation.from_dict(HANEMAN))])
    assert shown.exit_code == 0 and "haneman" in shown.stdout and "the dealer pays 6,200" in shown.stdout
    bad = runner.invoke(app, ["score", "-"], input=json.dumps({**HANEMAN, "winning_tile": "0p"}))
    assert bad.exit_code == 2 and "two red fives of circles" in bad.stderr and len(bad.stderr.splitlines()) == 1
    settled = runner.invoke(
        app,
        ["settle", "--json", "-"],
        input=json.dumps({"rules": "riichi", "winner": "S", "win_by": "self_draw", "scores": {"S": 12000}}),
    )
    assert json.loads(settled.stdout)["payments"] == {"E": -6000, "S": 12000, "W": -3000, "N": -3000}
    wrong = runner.invoke(
        app,
        ["settle", "-"],
        input=json.dumps({"rules": "riichi", "winner": "S", "win_by": "self_draw", "scores": {"S": 1234}}),
    )
    assert wrong.exit_code == 2 and "not the value of any riichi hand" in wrong.stderr
    analysed = runner.invoke(app, ["analyze", "--rules", "riichi", "--json", "234m340p66s1237s9p"])
    assert analysed.exit_code == 0 and json.loads(analysed.stdout)["shanten"] == 1


def test_sparrow_rules_riichi_lists_the_yaku_the_presets_and_the_table():
    shown = runner.invoke(app, ["rules", "riichi"], env={"COLUMNS": "160"})
    assert shown.exit_code == 0
    for words in ("Pinfu", "Kokushi musou", "Ura dora", "mahjong-soul", "m-league", "wrc", "abortive draws", "uma"):
        assert words in shown.stdout, words
    data = json.loads(runner.invoke(app, ["rules", "riichi", "--json"]).stdout)
    assert data["presets"]["wrc"]["red_fives"] == 0 and any(row["what"] == "uma" for row in data["procedure"])
    wrc = runner.invoke(app, ["rules", "riichi", "-o", "preset=wrc"], env={"COLUMNS": "160"})
    assert "no red fives" in wrc.stdout and "head bump" in wrc.stdout
    bad = runner.invoke(app, ["rules", "riichi", "-o", "preset=club"])
    assert bad.exit_code == 2 and bad.stderr.startswith("error: options: unknown riichi preset 'club'")


def test_the_lab_plays_whole_matches_in_duplicate():
    result = run_lab("riichi", ["normal", "easy", "easy", "easy"], 4, seed=5, duplicate=True)
    assert result.matches == 4 and result.hands >= 4 * 4
    # Over a board every player sits in every seat, so the four results of each match sum to zero.
    for game in result.games:
        assert abs(sum(game.results)) < 1e-9 and sorted(game.places) == [1, 2, 3, 4]
        assert sum(game.points) == 4 * 25000
    assert [stats.level for stats in result.stats] == ["normal", "easy", "easy", "easy"]
    assert abs(sum(stats.games.result for stats in result.stats)) < 1e-6
    assert (
        run_lab("riichi", ["random"] * 4, 2, seed=1).games
        == run_lab("riichi", ["random"] * 4, 2, seed=1, workers=2).games
    )
    with pytest.raises(ValueError, match="multiple of 4"):
        run_lab("riichi", ["normal"] * 4, 3, duplicate=True)
    with pytest.raises(LabError, match="unknown player 'strong'"):
        parse_players("strong")


def test_an_outside_mjai_bot_plays_whole_matches_in_the_lab():
    bot = f"cmd:{sys.executable} {EXAMPLE}"
    result = run_lab("riichi", [bot, "easy", "easy", "easy"], 1, seed=2, options={"length": "tonpuu"})
    assert result.matches == 1 and result.stats[0].fallbacks == 0
    assert result.stats[0].win_rate == 0  # it never wins: it only discards what it draws


def test_sparrow_simulate_riichi():
    result = runner.invoke(
        app, ["simulate", "--rules", "riichi", "-n", "2", "-p", "easy", "--json", "-o", "length=tonpuu"]
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["matches"] == 2 and len(data["players"]) == 4
    bad = runner.invoke(app, ["simulate", "--rules", "riichi", "-n", "2", "-p", "easy,normal"])
    assert bad.exit_code == 2 and "seats 4 players" in bad.stderr


def test_the_play_command_refuses_a_bad_option():
    result = runner.invoke(app, ["play", "--rules", "riichi", "-o", "uma=3"])
    assert result.exit_code == 2 and "uma" in result.stderr
