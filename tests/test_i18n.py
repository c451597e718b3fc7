"""Two languages (sparrow.i18n): the catalogue is complete and compiled, and every score card line,
reason, calculator error and sheet error the code produces has a Dutch translation."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from sparrow.core.situation import HandSituation
from sparrow.formats.compact import parse_compact
from sparrow.formats.handlink import hand_from_query_string
from sparrow.i18n import gettext, pick_language, translate, translate_error, translate_result
from sparrow.i18n.__main__ import check, missing
from sparrow.i18n.catalog import catalogue
from sparrow.i18n.terms import ITEMS, LABELS
from sparrow.rules import Settlement, get_ruleset, ruleset_names, score, settle
from sparrow.rules.generate import random_complete_situation
from sparrow.sheets import SheetError, create_sheet

SHEETS_SOURCE = Path(__file__).parents[1] / "src" / "sparrow" / "sheets"

OPTIONS = {
    "nts": [{}],
    "hkos": [{}, {"minimum": 0}, {"seven_pairs": True}, {"flowers": False}, {"practice": True}],
    "chinese": [{}],
    "casual": [{}, {"max_fan": 8}],
}


def dutch(text: str) -> str | None:
    return catalogue("nl").lookup(text)


def test_every_message_has_a_dutch_translation_and_the_compiled_catalogues_are_current():
    assert missing("nl") == []
    assert check() == 0


def test_labels_in_dutch():
    _ = gettext("nl")
    assert _("End match") == "Partij beëindigen"
    assert _("Table points") == "Tafelpunten"
    assert _("Deal-ins") == "Veroorzaakt"
    assert gettext("en")("End match") == "End match"
    for label in LABELS:
        assert dutch(label) is not None, label
    with pytest.raises(ValueError):
        gettext("fr")


def test_nts_items_use_the_dutch_players_terms():
    assert translate("Robbing the kong", "nl") == "Kongroof"
    assert translate("Pe-ling eats cake", "nl") == "Pe-ling eet cake"
    assert translate("Only possible tile", "nl") == "Enig mogelijke steen"
    assert translate("Clean hand", "nl") == "Schoon spel"
    assert translate("Kong on kong - Circle 5", "nl") == "Kong op kong - Kringen 5"
    assert translate("Open pung of East Wind", "nl") == "Open pung Oostenwind"
    assert translate("Concealed pung of 5 Characters", "nl") == "Dichte pung Tekens 5"
    assert translate("Kong of prevailing wind (South Wind)", "nl") == "Kong wind van de ronde (Zuidenwind)"
    assert translate("Waiting for Seven Twins on 1z (half its value)", "nl") == (
        "Wachtend op Zeven Tweelingen met 1z (halve waarde)"
    )
    assert translate("Open pung of East Wind", "en") == "Open pung of East Wind"


def test_the_seed_hand_score_card_in_dutch():
    result = score(parse_compact("nts: 23m456p88s777z [111z] +1m* seat=E round=S"))
    card = translate_result({**result.to_dict(), "arithmetic": result.arithmetic}, "nl")
    assert [item["name"] for item in card["items"]] == [
        "Open pung Oostenwind",
        "Dichte pung Rode draak",
        "Mahjong",
        "Winnende steen zelf gepakt",
        "Pung eigen wind (Oostenwind)",
        "Pung van draken (Rode draak)",
    ]
    assert card["total"] == 136 and card["arithmetic"] == "34 × 2² = 136"
    hkos = score(parse_compact("hkos: 456p789s234s5m [123m] +5m seat=S bonus=1f"))
    assert translate_result(hkos.to_dict(), "nl")["reason"] == "heeft 3 faan nodig, heeft er 1"


@pytest.mark.slow
@pytest.mark.parametrize("rules", sorted(OPTIONS))
def test_every_line_reason_and_arithmetic_of_thousands_of_hands_translates(rules):
    rng = random.Random(9)
    seen: set[str] = set()
    for options in OPTIONS[rules]:
        for number in range(1500):
            try:
                situation = random_complete_situation(
                    rng, rules, options=options, winning=number % 5 != 0, special_form_chance=0.1, moment_chance=0.2
                )
                result = score(situation)
            except ValueError:
                continue
            for item in result.items:
                seen.add(item.name)
            for text in (result.reason, result.limit, result.arithmetic):
                if text:
                    seen.add(text)
    untranslated = sorted(text for text in seen if dutch(text) is None and not _arithmetic_only(text))
    assert untranslated == []
    assert len(seen) > 20


def _arithmetic_only(text: str) -> bool:
    """A calculation of numbers and signs only (``34 × 2² = 136``) needs no translation."""
    return not any(char.isalpha() for char in text)


def test_every_item_template_of_the_rulesets_tables_is_in_the_catalogue():
    # The rulesets list their score card lines as data (``Ruleset.scoring_table``, which the scorers
    # make their lines from); every template there is a message of the catalogue, and ITEMS lists them
    # all. (NTS writes a flower or season set out by the tile's own name, "{tile}", which TILES holds.)
    listed = {name for names in ITEMS.values() for name in names}
    for rules in ruleset_names():
        for entry in get_ruleset(rules).scoring_table().entries:
            if entry.name == "{tile}":
                continue
            assert entry.name in listed and dutch(entry.name) is not None, (rules, entry.name)


BAD_SITUATIONS = [
    [],
    {"concealed": "123m"},
    {"rules": "nts"},
    {"rules": "mcr", "concealed": "123m456p789s234s5m", "winning_tile": "5m"},
    # riichi's own facts: two red fives of one suit, an indicator that is not a tile, riichi on an open hand
    {"rules": "riichi", "concealed": "340m456p789s234s5m", "winning_tile": "0m"},
    {"rules": "riichi", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "dora": "8z"},
    {"rules": "riichi", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "dora": "1f"},
    {
        "rules": "riichi",
        "concealed": "456p789s234s5m",
        "melds": [{"kind": "chow", "tiles": "123m"}],
        "winning_tile": "5m",
        "moments": ["riichi"],
    },
    {"rules": "riichi", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "ura_dora": "1m"},
    {"rules": "riichi", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "honba": -1},
    {"rules": "riichi", "concealed": "123m456p789s230z5m", "winning_tile": "5m"},
    {"rules": "nts", "concealed": "123m456p789s234s", "winning_tile": "5m"},
    {"rules": "nts", "concealed": "123m456p789s234s55m"},
    {"rules": "nts", "concealed": "123m456p789s234s1f", "winning_tile": "5m"},
    {"rules": "nts", "concealed": "12x", "winning_tile": "5m"},
    {"rules": "nts", "concealed": "m123", "winning_tile": "5m"},
    {"rules": "nts", "concealed": "0m", "winning_tile": "5m"},
    {"rules": "nts", "concealed": "123", "winning_tile": "5m"},
    {"rules": "nts", "concealed": "11111m", "winning_tile": "5m"},
    {"rules": "nts", "concealed": "123m456p789s5m", "melds": [{"kind": "chow", "tiles": "235s"}], "winning_tile": "5m"},
    {"rules": "nts", "concealed": "123m456p789s5m", "melds": [{"kind": "chow", "tiles": "123z"}], "winning_tile": "5m"},
    {"rules": "nts", "concealed": "123m456p789s5m", "melds": [{"kind": "pung", "tiles": "123s"}], "winning_tile": "5m"},
    {"rules": "nts", "concealed": "123m456p789s5m", "melds": [{"kind": "pong", "tiles": "111s"}], "winning_tile": "5m"},
    {"rules": "nts", "concealed": "123m456p789s5m", "melds": [{"kind": "pung", "tiles": "11s"}], "winning_tile": "5m"},
    {"rules": "nts", "concealed": "123m456p789s5m", "melds": [{"kind": "pung", "tiles": "111s", "open": 1}]},
    {"rules": "nts", "concealed": "123m456p789s5m", "melds": ["x"], "winning_tile": "5m"},
    {"rules": "nts", "concealed": "123m456p789s234s", "winning_tile": "1f"},
    {"rules": "nts", "concealed": "123m456p789s234s", "winning_tile": "5m", "win_by": "ron"},
    {"rules": "nts", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "moments": ["lucky"]},
    {"rules": "nts", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "seat_wind": "X"},
    {"rules": "nts", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "bonus": "5m"},
    {"rules": "nts", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "options": []},
    {"rules": "nts", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "win_by": "kong_replacement"},
    {"rules": "nts", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "win_by": "flower_replacement"},
    {"rules": "nts", "concealed": "123m456p789s234s5m", "moments": ["last_tile"]},
    {
        "rules": "nts",
        "concealed": "123m456p789s234s5m",
        "winning_tile": "5m",
        "seat_wind": "S",
        "moments": ["heavenly"],
    },
    {"rules": "nts", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "moments": ["earthly"]},
    {"rules": "nts", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "moments": ["kong_on_kong"]},
    {"rules": "nts", "options": {"flowers": False}, "concealed": "123m456p789s234s5m", "winning_tile": "5m"},
    {"rules": "hkos", "options": {"minimum": -1}, "concealed": "123m456p789s234s5m", "winning_tile": "5m"},
    {"rules": "hkos", "options": {"minimum": "3"}, "concealed": "123m456p789s234s5m", "winning_tile": "5m"},
    {
        "rules": "hkos",
        "options": {"flowers": False},
        "concealed": "123m456p789s234s5m",
        "winning_tile": "5m",
        "bonus": "1f",
    },
    {"rules": "hkos", "options": {"three_players": True}, "concealed": "123m456p789s234s5m", "winning_tile": "5m"},
    {
        "rules": "hkos",
        "options": {"three_players": True},
        "concealed": "111m456p789s234s9m",
        "winning_tile": "9m",
        "seat_wind": "N",
    },
    {"rules": "casual", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "bonus": "1f"},
    {"rules": "casual", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "options": {"max_fan": -1}},
    {
        "rules": "chinese",
        "concealed": "123m456p789s234s5m",
        "winning_tile": "5m",
        "moments": ["heavenly"],
        "seat_wind": "S",
    },
    {"rules": "chinese", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "moments": ["earthly"]},
]

BAD_COMPACT = [
    "nts: 123m [12m] +1z",
    "nts: 123m (123m) +1z",
    "nts: 123m [111m +1z",
    "nts: 123m 111m] +1z",
    "nts: 123m +1z +2z",
    "123m456p789s11z22z +2z",
    "nts: 123m456p789s11z2z1f +2z",
    "nts: 123m456p789s11z22z +2",
    "nts: 123m456p789s11z22z +1f",
    "nts: 123m456p789s11z22z +2z seat=X",
    "nts: 123m456p789s11z22z +2z seat=S seat=W",
    "nts: 123m456p789s11z22z +2z win_by=ron",
    "nts: 123m456p789s11z22z +2z* win_by=discard",
    "nts: 123m456p789s11z22z win_by=discard",
    "nts: 123m456p789s11z22z +2z bonus=5m",
    "nts: 123m456p789s11z22z +2z moments=lucky",
    "nts: 123m456p789s11z22z +2z =x",
    "nts: 123m456p789s11z22z +2z a=1 a=2",
    "n-s: 123m",
    "nts: 123m456p789s11z2222z +2z",
]


def _errors():
    for data in BAD_SITUATIONS:
        try:
            score(HandSituation.from_dict(data))
        except ValueError as error:
            yield error
        else:
            raise AssertionError(f"no error for {data}")
    for text in BAD_COMPACT:
        try:
            score(parse_compact(text))
        except ValueError as error:
            yield error
        else:
            raise AssertionError(f"no error for {text}")
    for data in (
        {"rules": "nts", "winner": "E", "win_by": "discard", "discarder": "E", "scores": {"E": 80}},
        {"rules": "nts", "winner": "E", "win_by": "self_draw", "scores": {"E": 80}},
        {"rules": "nts", "winner": "E", "win_by": "self_draw", "scores": {"E": 80, "S": 0, "W": 0}, "dead": ["E"]},
        {"rules": "hkos", "winner": "X", "win_by": "self_draw", "scores": {}},
        {"rules": "hkos", "winner": "E", "win_by": "self_draw", "discarder": "S", "scores": {"E": 8}},
        {"rules": "hkos", "winner": "E", "win_by": "self_draw", "scores": {"E": -8}},
        {"rules": "hkos", "winner": "E", "win_by": "self_draw", "scores": {}},
        {"rules": "chinese", "winner": "E", "win_by": "self_draw", "scores": {"E": 2}},
        {"rules": "casual", "winner": "E", "win_by": "robbing_kong", "discarder": "S", "scores": {"E": 20}},
    ):
        try:
            settle(Settlement.from_dict(data))
        except ValueError as error:
            yield error
        else:
            raise AssertionError(f"no error for {data}")
    for query in ("hand=1m", "rules=nts", "rules=nts&hand=123m+seat%3DS", "rules=nts&hand=1m&o.=1"):
        try:
            hand_from_query_string(query)
        except ValueError as error:
            yield error


def test_every_calculator_error_translates():
    untranslated = []
    count = 0
    for error in _errors():
        count += 1
        text = str(error)
        if translate(text, "nl") == text:
            untranslated.append(text)
    assert untranslated == []
    assert count > 60


def _sheet_error_templates() -> set[str]:
    templates = set()
    for path in SHEETS_SOURCE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "SheetError" and len(node.args) >= 2:
                message = node.args[1]
                if isinstance(message, ast.Constant) and isinstance(message.value, str):
                    templates.add(message.value)
    return templates


def test_every_sheet_error_has_a_dutch_translation():
    templates = _sheet_error_templates()
    assert len(templates) > 40
    for template in templates:
        assert catalogue("nl").exact.get(template), template


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda: create_sheet("nts", ["A", "B"]), "players: een nts-scorelijst vraagt de namen van 4 spelers, niet 2"),
        (
            lambda: create_sheet("hkos", ["A", "B", "C", "D"]).add_row({"winner": "Z", "win_by": "discard"}),
            "winner: 'Z' is geen speler van deze scorelijst (spelers: A, B, C, D)",
        ),
        (
            lambda: create_sheet("casual", ["A", "B", "C", "D"]).add_row(
                {"winner": "B", "win_by": "self_draw", "scores": {"B": 30}}
            ),
            "scores.B: 30 is geen casual-score voor een andere speler dan Oost: een van 20, 40, 80, 160, 320, 640",
        ),
        (
            lambda: create_sheet("free", ["A", "B", "C"]).undo(),
            "rows: de scorelijst heeft geen spel om ongedaan te maken",
        ),
        (
            lambda: create_sheet("hkos", ["A", "B", "C", "D"], options={"minimum": -2}),
            "options: optie 'minimum' van hkos moet 0 of meer faan zijn, niet -2",
        ),
    ],
)
def test_sheet_errors_in_dutch(make, expected):
    with pytest.raises(SheetError) as error:
        make()
    assert translate_error(error.value, "nl") == expected
    assert translate(str(error.value), "nl") == expected  # the same through the templates
    assert translate_error(error.value, "en") == str(error.value)


def test_pick_language():
    assert pick_language("nl-NL,nl;q=0.9,en;q=0.8") == "nl"
    assert pick_language("fr-FR, en;q=0.5, nl;q=0.7") == "nl"
    assert pick_language("fr") == "en"
    assert pick_language(None) == "en"
    assert pick_language("nl;q=0") == "en"


_ENGLISH = re.compile(
    r"\b(at|position|there|is no|copies|copy|expected|must|got|unknown|character|needs|with|the|and)\b"
)


def _unquoted(text: str) -> str:
    """The message without what it quotes of the input (a notation, a name, a value)."""
    return re.sub(r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]|\b\w+=\w*|\b[\w.]+: ", " ", text)


def test_every_calculator_error_is_wholly_dutch():
    """Not half English: no English word is left in a Dutch message outside what it quotes."""
    mixed = []
    for error in _errors():
        dutch = translate(str(error), "nl")
        if _ENGLISH.search(_unquoted(dutch)):
            mixed.append(dutch)
    assert mixed == []
