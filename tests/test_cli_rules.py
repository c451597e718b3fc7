"""A CLI that explains itself: ``sparrow rules``, ``--version``, tiles as glyphs, readable help, and
score cards that say how far a hand is from winning, in the family's own units."""

import dataclasses
import importlib.metadata
import io
import json
import random
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

import sparrow
from sparrow.cli import app
from sparrow.cli.text import counted, terminal_shows_glyphs, value_text
from sparrow.core.tiles import parse_tiles
from sparrow.formats.compact import parse_compact
from sparrow.rules import chinese as chinese_rules
from sparrow.rules import get_ruleset, ruleset_names
from sparrow.rules.generate import random_complete_situation
from sparrow.rules.ruleset import ScoreItem, ScoringEntry

runner = CliRunner()


def run(*args, stdin=None):
    return runner.invoke(app, list(args), input=stdin, env={"COLUMNS": "80"})


def rules_json(name=None, *options):
    args = ["rules", *([name] if name else []), *[part for option in options for part in ("-o", option)], "--json"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# ---------------------------------------------------------------------------- sparrow rules


def test_rules_lists_every_family_with_one_line():
    result = run("rules")
    assert result.exit_code == 0
    for name in ruleset_names():
        ruleset = get_ruleset(name)
        assert ruleset.summary and "\n" not in ruleset.summary
        line = next(line for line in result.stdout.splitlines() if line.startswith(f"│ {name} "))
        assert ruleset.summary.split()[0] in line
    assert rules_json() == [
        {"name": name, "title": get_ruleset(name).title, "summary": get_ruleset(name).summary}
        for name in ruleset_names()
    ]


@pytest.mark.slow
@pytest.mark.parametrize("name", ruleset_names())
def test_a_family_shows_its_options_scoring_table_and_procedure(name):
    ruleset = get_ruleset(name)
    data = rules_json(name)
    assert [option["name"] for option in data["options"]] == list(ruleset.defaults)
    for option in data["options"]:
        assert option["default"] == ruleset.defaults[option["name"]] == option["value"]
        assert option["meaning"], f"option {option['name']} of {name} has no meaning"
    assert data["table"] == {**dataclasses.asdict(ruleset.table()), "removed_tiles": ""}
    assert data["scoring"]["sections"] and data["scoring"]["totals"]

    text = run("rules", name).stdout
    for option in ruleset.defaults:
        assert option in text
    for entry in ruleset.scoring_table().entries:
        assert entry.name in text.replace("\n", " ") or entry.name.split()[0] in text
    assert "Table procedure" in text and "Options" in text and "Scoring" in text


def test_the_hkos_listing_shows_faan_the_limit_hands_and_the_table_of_points():
    text = run("rules", "hkos").stdout
    assert re.search(r"Thirteen orphans\s+│\s+10 faan \(limit\)", text)
    assert re.search(r"Pure one suit \(\{suit\}\)\s+│\s+7 faan", text)
    assert re.search(r"│ 10\+ faan\s+│\s+128 │", text)
    data = rules_json("hkos")
    assert data["scoring"]["limit_unit"] == "faan"
    assert [row["points"] for row in data["scoring"]["conversion"]] == [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128]


def test_the_nts_listing_has_every_limit_hand_with_its_value():
    limits = next(s for s in rules_json("nts")["scoring"]["sections"] if s["title"] == "Limit hands")
    values = {entry["name"]: entry["value"] for entry in limits["entries"]}
    assert values["Nine Gates"] == 2000 and values["Seven Twins"] == 250 and values["Earthly Hand"] == 1000
    assert len(values) == 19  # the 18 limit hands and the half value of a loser waiting for one


def test_options_change_the_table_procedure_shown():
    three = rules_json("hkos", "three_players=true")["table"]
    assert three["seats"] == 3 and three["chow"] is False and three["removed_tiles"] == "2345678m48f"
    assert "114: the full set without 2345678m48f" in run("rules", "hkos", "-o", "three_players=true").stdout
    assert (
        "108: the full set without 2345678m"
        in run("rules", "hkos", "-o", "three_players=true", "-o", "flowers=false").stdout
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["rules", "mcr"], "error: FAMILY: unknown ruleset 'mcr' (known: casual, chinese, hkos, nts, riichi)"),
        (["rules", "hkos", "-o", "minimum=x"], "error: options: option 'minimum' of hkos must be int, got 'x'"),
        (["rules", "hkos", "-o", "nope=1"], "error: options: unknown option 'nope' for hkos"),
        (["rules", "hkos", "-o", "minimum"], "error: --option: write name=value"),
        (["rules", "-o", "flowers=false"], "error: --option: give a FAMILY too"),
    ],
)
def test_bad_rules_input_is_one_line_and_exit_2(args, says):
    result = run(*args)
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith(says), result.stderr


# ------------------------------------------------------- one table feeds the scorer and the listing

OPTIONS = {
    "nts": [{}],
    "hkos": [{}, {"seven_pairs": True, "concealed_self_draw": True}, {"flowers": False}, {"practice": True}],
    "chinese": [{}],
    "casual": [{}],
    "riichi": [{}, {"preset": "mahjong-soul"}],
}


@pytest.mark.slow
@pytest.mark.parametrize("name", ruleset_names())
def test_every_line_a_scored_hand_gets_is_a_row_of_the_listed_table(name):
    """Thousands of generated hands, winners and losers: each score card line is made from a row
    the ``rules`` listing shows, with that row's value, and every kind of row occurs."""
    ruleset = get_ruleset(name)
    listed = [ScoringEntry(**{k: v for k, v in entry.items()}) for entry in _listed_entries(name)]
    assert listed == list(ruleset.scoring_table().entries)
    rng = random.Random(10)
    used = set()
    for options in OPTIONS[name]:
        for number in range(1500):
            try:
                situation = random_complete_situation(
                    rng, name, options=options, winning=number % 5 != 0, special_form_chance=0.2, moment_chance=0.2
                )
                result = ruleset.score(situation)
            except ValueError:
                continue
            for item in result.items:
                entry = next((entry for entry in listed if entry.matches(item)), None)
                assert entry is not None, f"{name}: {item} is not in sparrow rules {name}"
                used.add(entry.name)
    assert len(used) >= len({entry.name for entry in listed}) // 2, sorted(used)


def _listed_entries(name):
    return [entry for section in rules_json(name)["scoring"]["sections"] for entry in section["entries"]]


def test_a_row_matches_its_own_lines_only():
    row = ScoringEntry("Open pung of {tile}", "points", 4)
    assert row.matches(ScoreItem("Open pung of Red Dragon", "points", 4))
    assert not row.matches(ScoreItem("Open pung of Red Dragon", "points", 2))
    assert not row.matches(ScoreItem("Concealed pung of Red Dragon", "points", 4))
    assert not row.matches(ScoreItem("Open pung of Red Dragon", "doubling", 4))
    each = ScoringEntry("Tile Hog", "points", 1, each=True)
    assert each.matches(ScoreItem("Tile Hog", "points", 2))


def test_changing_the_table_changes_the_score_and_the_listing(monkeypatch):
    """The Chinese scorer reads its table as it scores: a new value shows in both at once."""
    hand = "chinese: 234m345p456s678s2p +2p"

    def all_simples():
        chinese_rules._result_of.cache_clear()
        card = json.loads(run("score", "--hand", hand, "--json").stdout)
        scored = next(item["value"] for item in card["items"] if item["name"] == "All Simples")
        listed = next(entry["value"] for entry in _listed_entries("chinese") if entry["name"] == "All Simples")
        return scored, listed

    assert all_simples() == (1, 1)
    monkeypatch.setitem(chinese_rules.PATTERN_POINTS, chinese_rules.ALL_SIMPLES, 5)
    assert all_simples() == (5, 5)
    chinese_rules._result_of.cache_clear()


_CHANGED_NTS = """
import json
from sparrow.rules import nts_table

# Change one row of the NTS table before the scorer reads it: Mahjong worth 30 instead of 20.
object.__setattr__(nts_table.POINTS["mahjong"], "value", 30)
from sparrow.cli.rules import family_dict
from sparrow.formats.compact import parse_compact
from sparrow.rules import get_ruleset

card = get_ruleset("nts").score(parse_compact("nts: 23m456p88s777z [111z] +1m* seat=E round=S"))
listed = [e for s in family_dict(get_ruleset("nts"))["scoring"]["sections"] for e in s["entries"]]
print(json.dumps([card.total, [i.value for i in card.items if i.name == "Mahjong"],
                  [e["value"] for e in listed if e["name"] == "Mahjong"]]))
"""


@pytest.mark.slow
def test_changing_a_row_of_the_nts_table_changes_the_score_and_the_listing():
    """The NTS scorer makes its lines from ``nts_table`` at import: a row changed there changes the
    worked example (34 base points with Mahjong 20, so 44 with 30: 44 × 2² = 176) and the listing."""
    done = subprocess.run([sys.executable, "-c", _CHANGED_NTS], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [176, [30], [30]]
    assert get_ruleset("nts").score(parse_compact("nts: 23m456p88s777z [111z] +1m* seat=E round=S")).total == 136


# ---------------------------------------------------------------------------- the score card


def test_the_hkos_limit_line_is_in_faan():
    result = run("score", "--hand", "hkos: 19m19p19s1234567z +1m")
    assert re.search(r"│ Thirteen orphans\s+│ 10 faan \(limit\) │", result.stdout)
    assert "points (limit)" not in result.stdout
    nts = run("score", "--hand", "nts: 19m19p19s1234567z +1m").stdout
    assert re.search(r"│ Thirteen Orphans\s+│ 2000 points \(limit\) │", nts)


@pytest.mark.parametrize(
    ("hand", "shanten", "analyze"),
    [
        ("hkos: 123m456p789s1134z +5z", 1, "sparrow analyze 123m456p789s11345z --rules hkos"),
        ("nts: 123m456p1578s [111z] +1s", 0, "sparrow analyze 123m456p11578s --melds 1 --rules nts"),
        ("casual: 13579m2468p1357s +9s", 4, "sparrow analyze 13579m2468p13579s --rules casual"),
    ],
)
def test_a_hand_that_is_not_complete_says_its_shanten_and_how_to_analyse_it(hand, shanten, analyze):
    result = run("score", "--hand", hand)
    assert result.exit_code == 0
    last = result.stdout.splitlines()[-1]
    assert last.startswith(f"shanten {shanten} (") and last.endswith(f"see {analyze}"), last
    # The command it points to agrees.
    analysed = run(*analyze.split()[1:], "--json")
    assert json.loads(analysed.stdout)["shanten"] == shanten


def test_a_complete_hand_below_the_minimum_gives_no_shanten():
    result = run("score", "--hand", "hkos: 456p789s234s5m [123m] +5m seat=S bonus=1f")
    assert "needs 3 faan, has 1" in result.stdout and "shanten" not in result.stdout


def test_values_and_counts_read_in_the_singular_for_one():
    assert value_text("points", 1) == "1 point" and value_text("points", 2) == "2 points"
    assert value_text("doubling", 1) == "1 doubling" and value_text("doubling", 3) == "3 doublings"
    assert value_text("faan", 1) == "1 faan" and value_text("fan", 2) == "2 fan"
    assert value_text("limit", 10, "faan") == "10 faan (limit)"
    assert counted(1, "hand") == "1 hand" and counted(2, "match", "matches") == "2 matches"
    card = run("score", "--hand", "chinese: 123m456p789s11z23p +4p").stdout
    assert "1 = 1 point, 3 needed before flowers" in card and "1 points" not in card
    assert re.search(r"│ Concealed Hand\s+│ 1 point │", card)
    error = run("analyze", "123m", "--melds", "1")
    assert error.stderr.strip() == "error: '123m' has 3 tiles; with 1 declared set it needs 10 or 11"


# ---------------------------------------------------------------------------- version and glyphs


def test_version():
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout == f"sparrow {sparrow.__version__}\n"
    assert sparrow.__version__ == importlib.metadata.version("sparrow-mahjong")


def test_tiles_are_glyphs_with_glyphs_and_text_with_ascii_or_off_a_terminal():
    glyphs = "".join(tile.glyph for tile in parse_tiles("123m456p789s1122z"))
    assert glyphs in run("--glyphs", "analyze", "123m456p789s1122z").stdout
    for args in (["--ascii"], []):  # CliRunner's output is not a terminal: text by default
        out = run(*args, "analyze", "123m456p789s1122z").stdout
        assert out.startswith("123m456p789s1122z  shanten 0") and glyphs not in out
    card = run("--glyphs", "score", "--hand", "nts: 23m456p88s777z [111z] +1m* seat=E round=S").stdout
    second = card.splitlines()[1]
    assert second == "".join(t.glyph for t in parse_tiles("23m456p88s777z")) + " [🀀🀀🀀] +🀇"


class _Stream(io.StringIO):
    def __init__(self, encoding, tty):
        super().__init__()
        self._encoding, self._tty = encoding, tty

    @property
    def encoding(self):
        return self._encoding

    def isatty(self):
        return self._tty


@pytest.mark.parametrize(
    ("encoding", "tty", "shown"),
    [("utf-8", True, True), ("UTF8", True, True), ("utf-8", False, False), ("latin-1", True, False)],
)
def test_glyphs_by_default_only_on_a_utf8_terminal(monkeypatch, encoding, tty, shown):
    monkeypatch.setattr("sys.stdout", _Stream(encoding, tty))
    assert terminal_shows_glyphs() is shown


# ---------------------------------------------------------------------------- help


def _helps():
    commands = [[]] + [[info.name or info.callback.__name__] for info in app.registered_commands]
    return [pytest.param(args, id=" ".join(args) or "sparrow") for args in commands]


@pytest.mark.parametrize("args", _helps())
def test_help_reads_well_at_80_columns(args):
    result = run(*args, "--help")
    assert result.exit_code == 0
    text = result.stdout
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert "{" not in usage and "<" not in usage, usage
    assert "<bool>" not in text and "<str>" not in text and "<list" not in text, text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_help_paragraphs_are_not_broken_mid_sentence():
    for info in app.registered_commands:
        for paragraph in (info.help or "").split("\n\n") + (info.epilog or "").split("\n\n"):
            lines = paragraph.split("\n")
            assert len(lines) == 1 or any(line.startswith(" ") for line in lines), (info.name, paragraph)
    text = run("analyze", "--help").stdout
    assert "a 13-tile hand lists the tiles that improve it" in " ".join(text.split())
