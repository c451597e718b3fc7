"""``sparrow analyze TILES --situation JSON``: one seat's view of a Riichi table (docs/spec/seat-view.md)
and every discard valued by the evaluator; every bad input one sentence and exit code 2. And the
terminal game's hint, which shows the same figures (``sparrow play``'s ``h``)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from sparrow.bots.evaluator import evaluate_discards
from sparrow.bots.seat_view import SeatView
from sparrow.cli import app
from sparrow.cli.analyze import situation_rows
from sparrow.cli.play import hint_lines
from sparrow.game.riichi.hand import RiichiHand
from tests.tenhou_turns import TABLE
from tests.test_riichi_hand import discard, pass_all, table

runner = CliRunner()

FAR = "1379m2468p35s256z7p"  # three from ready
SITUATION = TABLE  # East in riichi on its 6z, South on its turn (tests/tenhou_turns.py)
ROW_KEYS = [
    "discard",
    "shanten",
    "accepted",
    "waits",
    "win_chance",
    "win_value",
    "deal_in",
    "deal_in_cost",
    "value",
    "dama_value",
    "risk",
    "reasons",
    "reason",
]


def run(*args: str, stdin: str | None = None):
    return runner.invoke(app, ["--ascii", "analyze", *args], input=stdin)


def analysed(tiles: str = FAR, situation: dict | None = None) -> dict:
    result = run(tiles, "--situation", json.dumps(situation or SITUATION), "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_table_lists_every_discard_best_first_with_its_reason():
    result = run(FAR, "--situation", json.dumps(SITUATION))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "1379m24678p35s256z  shanten 3"
    assert lines[1] == "riichi · seat S · round E · dora indicators 3m · wall 40 · riichi: East"
    header = next(line for line in lines if "discard" in line)
    for column in ("shanten", "accepted", "win %", "worth", "deal-in vs East", "expected"):
        assert column in header
    rows = [line for line in lines if line.startswith("│")]
    assert [row.split("│")[1].strip() for row in rows][:3] == ["6z", "9m", "2p"]  # the genbutsu first
    assert "genbutsu" in rows[0] and "+77" in rows[0]
    assert "  6z: 3 from ready, 39 tiles improve it; genbutsu against East" in lines
    assert "  1m: 3 from ready, 19 tiles improve it; 6% against East (no suji 1/9)" in lines


def test_json_has_stable_keys_and_round_trips():
    data = analysed()
    assert list(data) == ["tiles", "seat", "shanten", "threats", "discards"]
    assert (data["tiles"], data["seat"], data["shanten"], data["threats"]) == ("1379m24678p35s256z", "S", 3, ["E"])
    assert all(list(row) == ROW_KEYS for row in data["discards"])
    best = data["discards"][0]
    assert best["discard"] == "6z" and best["deal_in"] == 0.0
    assert best["risk"] == [{"seat": "E", "percent": 0.0, "why": "genbutsu", "notes": []}]
    assert best["reasons"][-1] == {"code": "genbutsu", "seat": "E", "percent": 0.0, "notes": []}
    # What the command printed is what the evaluator valued, read back the same.
    view = SeatView.from_dict({**SITUATION, "hand": FAR})
    assert data["discards"] == json.loads(json.dumps(situation_rows(evaluate_discards(view))))
    assert json.loads(json.dumps(data)) == data


def test_the_situation_is_read_from_a_file_standard_input_or_the_option_itself(tmp_path):
    path = tmp_path / "table.json"
    path.write_text(json.dumps(SITUATION, indent=2), encoding="utf-8")
    inline = analysed()
    from_file = run(FAR, "--situation", str(path), "--json")
    from_stdin = run(FAR, "--situation", "-", "--json", stdin=json.dumps(SITUATION))
    assert json.loads(from_file.stdout) == inline == json.loads(from_stdin.stdout)


def test_a_ready_hand_names_its_wait_and_a_red_five_stays_red():
    situation = {**SITUATION, "rivers": {"E": "9s1s2s3s", "W": "8s"}, "riichi": {"E": 3}}
    best = analysed("123456789m23p50s1z", situation)["discards"][0]
    assert best["discard"] == "1z" and best["shanten"] == 0 and best["waits"] == ["1p", "4p"]
    assert best["reason"].startswith("ready on the 2-sided wait 1p-4p (8 left)")
    rows = {row["discard"]: row for row in analysed("123456789m23p50s1z", situation)["discards"]}
    assert "5s" in rows and "0s" not in rows  # a plain five is let go before the red one


def test_rules_on_the_command_line_stand_for_the_situations():
    situation = {key: value for key, value in SITUATION.items() if key != "rules"}
    result = run(FAR, "--rules", "riichi", "--situation", json.dumps(situation), "--json")
    assert result.exit_code == 0 and json.loads(result.stdout) == analysed()


def _with(**changes) -> str:
    return json.dumps({**SITUATION, **changes})


@pytest.mark.parametrize(
    ("args", "start"),
    [
        ([FAR, "--situation", _with(seat="X")], "error: seat: expected one of E, S, W, N, got 'X'"),
        ([FAR, "--situation", _with(rivers={"E": "1z9m2p7s1p8z"})], "error: rivers.E: '8z' at position 10"),
        (
            [FAR, "--situation", _with(rivers={"E": "1z9m2p7s1p6z999m"})],
            "error: situation: 5 copies of 9m between the hand",
        ),
        ([FAR, "--situation", _with(rivers={"E": "1z33m7s3m6z"})], "error: situation: 5 copies of 3m"),
        ([FAR, "--situation", _with(rules="hkos")], "error: riichi: hkos has no riichi and no dora indicators"),
        ([FAR, "--situation", _with(rules="nope")], "error: rules: unknown ruleset 'nope'"),
        ([FAR, "--situation", _with(rivers={"E": "1z9m2p7s1p6z", "X": "1m"})], "error: rivers: unknown seat 'X'"),
        ([FAR, "--situation", _with(riichi={"E": 9})], "error: riichi.E: must be the place of a tile"),
        ([FAR, "--situation", _with(riichi={"N": 0}, rivers={})], "error: riichi.N: that seat's river is empty"),
        ([FAR, "--situation", _with(live_wall=99)], "error: live_wall: must be the tiles left to draw"),
        ([FAR, "--situation", _with(live_wall=None)], "error: live_wall: must be the tiles left to draw"),
        ([FAR, "--situation", _with(dora="")], "error: dora: 1 to 5 indicators are turned over, got 0"),
        ([FAR, "--situation", _with(furiten=True)], "error: furiten: only a seat in riichi"),
        ([FAR, "--situation", _with(riverz={})], "error: riverz: unknown field; did you mean rivers?"),
        ([FAR, "--situation", _with(options={"bogus": 1})], "error: options: unknown option 'bogus'"),
        ([FAR, "--situation", _with(may_discard="1s")], "error: may_discard: 1s is not in the hand"),
        ([FAR, "--situation", _with(may_discard="")], "error: may_discard: name at least one tile"),
        ([FAR, "--situation", _with(rivers={"E": "1z9m2p7s1p0z"})], "error: rivers.E: 0 is a red five"),
        ([FAR, "--situation", _with(rivers={"E": "1z9m2p7s1p0m"}, dora="0m")], "error: situation: two red fives"),
        (
            [FAR, "--situation", _with(melds={"S": [{"kind": "pung", "tiles": "123m"}]})],
            "error: melds.S[0]: a pung must be 3 identical tiles",
        ),
        (
            [FAR, "--situation", _with(melds={"E": [{"kind": "pung", "tiles": "444z"}]})],
            "error: riichi.E: a seat with an open set cannot be in riichi",
        ),
        ([FAR, "--situation", _with(hand=FAR)], "error: --situation: the hand is TILES"),
        (["1379m", "--situation", _with()], "error: TILES: on its turn the seat holds 14 tiles"),
        (["1379m2468p35s256z7q", "--situation", _with()], "error: TILES: unknown character 'q'"),
        ([FAR, "--situation", "[1]"], "error: --situation: expected a JSON object, got list"),
        ([FAR, "--situation", "{bad"], "error: --situation: not JSON (Expecting property name"),
        ([FAR, "--situation", "no/such/file.json"], "error: --situation: cannot read 'no/such/file.json'"),
        ([FAR, "--situation", _with(), "--melds", "1"], "error: --melds: with --situation"),
        ([FAR, "--situation", _with(), "--visible", "1m"], "error: --visible: with --situation"),
        ([FAR, "--situation", _with(), "--rules", "hkos"], "error: --rules hkos and the situation's rules"),
    ],
)
def test_every_bad_situation_is_one_sentence_and_exit_code_2(args, start):
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(start), result.stderr
    assert "Traceback" not in result.output and not result.stdout


def test_without_a_situation_the_command_is_as_it_was():
    result = run("123m456p789s1122z5z", "--json")
    assert json.loads(result.stdout)["shanten"] == 0
    assert "win_chance" not in result.stdout


# ---------------------------------------------------------------------- the terminal's hint


def test_the_terminal_hint_shows_the_evaluators_figures_and_reasons():
    # East declares riichi on 1z; South, far from ready, has 1z among its tiles: genbutsu.
    state = table("123m456m789m23p55s", draws="1z 7s", dora="1z")
    discard(state, "1z", riichi=True)
    pass_all(state)
    lines = hint_lines(RiichiHand(state=state).observation("S"))
    assert lines[0].startswith("shanten")
    assert lines[1].startswith("  safest against East: 1z 0%")
    assert lines[2].startswith("  discard 1z: shanten") and "unseen)" in lines[2]
    assert lines[3].startswith("      win ") and ", worth " in lines[3]
    assert "deal-in 0.0%, expected +" in lines[3] and lines[4] == "      why: genbutsu against East"
    assert any(line.startswith("      why: ") and "against East (" in line for line in lines[5:])


# ---------------------------------------------------------------------- in Dutch


def test_the_situation_is_said_in_dutch_with_lang_nl():
    english = runner.invoke(app, ["analyze", FAR, "--situation", json.dumps(SITUATION)])
    dutch = runner.invoke(app, ["analyze", FAR, "--situation", json.dumps(SITUATION), "--lang", "nl"])
    assert english.exit_code == 0 and dutch.exit_code == 0, dutch.output
    assert "expected" in english.output and "verwacht" in dutch.output
    assert "riichi: East" in english.output and "riichi: Oost" in dutch.output
    assert "against East" in english.output and "tegen Oost" in dutch.output
    assert "from ready" in english.output and "van wachtend" in dutch.output and "from ready" not in dutch.output
    # The same figures, numbers as Dutch writes them.
    rows = json.loads(runner.invoke(app, ["analyze", FAR, "--situation", json.dumps(SITUATION), "--json"]).output)
    best = rows["discards"][0]
    assert f"{best['value']:+,}".replace(",", ".") in dutch.output


def test_every_reason_the_evaluator_gives_has_its_dutch_words():
    """Over the turns of real games, every reason line in Dutch differs from the English one and
    leaves no English phrase behind."""
    from sparrow.bots.reasons import reason_text
    from sparrow.i18n import gettext
    from tests.test_seat_view import tenhou_observations

    dutch = gettext("nl")
    codes = set()
    for observation in tenhou_observations(2):
        for value in evaluate_discards(observation):
            english, translated = reason_text(value.reasons), reason_text(value.reasons, dutch)
            codes.update(reason.code for reason in value.reasons)
            assert translated != english
            for phrase in (" from ready", " left)", " against ", "suji of ", "honour with", "behind the fastest"):
                assert phrase not in translated, translated
    assert {"accepts", "ready", "suji", "genbutsu", "honour_seen", "dangerous", "slower"} <= codes


def test_a_language_sparrow_does_not_speak_is_one_sentence_and_exit_2():
    run = runner.invoke(app, ["analyze", FAR, "--lang", "fr"])
    assert run.exit_code == 2
    assert "--lang: 'fr' is not a language of Sparrow's (one of en, nl)" in run.output
