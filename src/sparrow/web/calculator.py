"""The score calculator: ``POST /api/score``, ``POST /api/settle`` (the contract) and the
``/calculator`` page with the two helpers it reads hands through.

The two contract endpoints run exactly the code of ``sparrow score --json`` and ``sparrow settle --json``
(:mod:`sparrow.formats.contract`): same checks, same results (the input's ``id`` copied in), same one-line
messages, here as ``422 {"detail": ...}`` in the page's language (``web/language.py``). Like every
``POST`` they take the session's CSRF token (web-api.md).

The page's helpers (``docs/score-app.md``):

* ``POST /api/calculator/read`` ``{"notation": "nts: ..."}`` or ``{"situation": {...}}`` → the hand
  read once by the server's parser: its JSON form, its canonical notation, its link parameters, the
  contract's result and the score card in the page's language;
* ``POST /api/calculator/link`` ``{"query": "rules=nts&hand=..."}`` → every hand a shared link holds
  (NTS: the other three players' hands as ``hand.S=...&bonus.S=...``) and the discarder.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.templating import Jinja2Templates

from sparrow.core.situation import HandSituation, SituationError
from sparrow.core.tiles import SEATS
from sparrow.formats.batches import loads as _loads
from sparrow.formats.compact import compact_fields, format_compact
from sparrow.formats.contract import INPUT_ERRORS, input_message, score_input, settle_input, with_id
from sparrow.formats.handlink import hand_from_query, hand_query
from sparrow.i18n import N_, gettext, translate, translate_error, translate_result
from sparrow.rules import ScoreResult, get_ruleset, ruleset_names
from sparrow.rules.nts import CAP
from sparrow.rules.riichi.presets import PRESETS as RIICHI_PRESETS
from sparrow.sheets import SheetError
from sparrow.sheets.checks import check_nts_totals
from sparrow.store import SessionRecord
from sparrow.web import language
from sparrow.web.api import session_view
from sparrow.web.api_docs import json_body
from sparrow.web.errors import WebError
from sparrow.web.session import current_session

Session = Annotated[SessionRecord, Depends(current_session)]

__all__ = ["api_router", "page_router", "RULES", "OPTION_CHOICES"]

api_router = APIRouter(prefix="/api", tags=["calculator"])
page_router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).with_name("templates"))
language.install(templates.env)

_MAX_BODY = 16 * 1024  # a hand situation is a few hundred bytes

# The rulesets the calculator offers, in this order, and their names on the page (catalogue texts).
# The rulesets in the order the page offers them; each is shown by its own title (``Ruleset.title``).
RULES = ("nts", "hkos", "chinese", "casual", "riichi")
# The options a ruleset's calculator shows, where not all of them: Riichi's are a whole match's, and
# a hand's score reads only these (its preset has a field of its own on the page).
SHOWN_OPTIONS = {
    "riichi": (
        "preset", "red_fives", "open_tanyao", "kiriage", "kazoe_yakuman", "double_yakuman", "renhou",
        "double_wind_pair_fu", "wait_on_own_fourth",
    ),
}  # fmt: skip
_PRESET_NAMES = {"tenhou": "Tenhou", "mahjong-soul": "Mahjong Soul", "m-league": "M-League", "wrc": "WRC"}
# Options whose value is a word: the words allowed (every other option is a yes/no or a number).
OPTION_CHOICES = {
    "responsibility": {
        "half": "Half: the discarder pays double, the others single",
        "full": "Full: the discarder pays for everyone",
    },
    # riichi calculator
    # the presets by their own names, in any language
    "preset": {name: _PRESET_NAMES.get(name, name) for name in RIICHI_PRESETS},
    "renhou": {
        "none": "Not played",
        "mangan": "Mangan",
        "yakuman": "Yakuman",
    },
}
# Option words shown as they are, not through the catalogue.
_PROPER_NAMES = frozenset({"preset"})
# What each option means, for its label on the page (catalogue texts; terms.py lists them).
OPTION_LABELS = {
    "flowers": "Flowers and seasons in play (144 tiles)",
    "practice": "Practice profile: any complete hand wins 1 point",
    "minimum": "Faan needed to win",
    "seven_pairs": "Seven pairs wins (4 faan)",
    "concealed_self_draw": "Concealed faan also on a self-draw",
    "three_dice_break": "Three dice for the wall break",
    "short_match": "East round only",
    "three_players": "Three players",
    "responsibility": "Who pays for a discard",
    "max_fan": "Most fan counted",
    "rotate": "Rotate the dealer",
    "hands": "Hands in a match",
    # riichi calculator
    "preset": "Preset",
    "red_fives": "Red fives in the set (0 or 3)",
    "open_tanyao": "Tanyao with open sets (kuitan)",
    "kiriage": "Kiriage mangan (4 han 30 fu, 3 han 60 fu)",
    "kazoe_yakuman": "13 han or more is a yakuman (kazoe)",
    "double_yakuman": "Double yakuman count two",
    "renhou": "Renhou (a non-dealer's ron before the first draw)",
    "double_wind_pair_fu": "Fu for a pair of the double wind",
    "wait_on_own_fourth": "A wait on a tile you hold four of counts",
}
_OTHER_HAND = "hand."
_OTHER_BONUS = "bonus."


# ---------------------------------------------------------------------------- reading a request


async def _body(request: Request) -> Any:
    raw = await request.body()
    if len(raw) > _MAX_BODY:
        raise WebError(422, _t(request, "input: the request body is too long for one hand"))
    try:
        return _loads(raw.decode("utf-8-sig") if raw else "")
    except UnicodeDecodeError:
        raise WebError(422, _t(request, "input: the request body is not UTF-8 text")) from None
    except json.JSONDecodeError as error:
        raise WebError(422, _t(request, input_message(error))) from None
    except INPUT_ERRORS as error:  # nested too deeply
        raise WebError(422, _t(request, input_message(error))) from None


def _t(request: Request, text: str) -> str:
    return translate(text, language.language_of(request))


def _refusal(request: Request, error: Exception) -> WebError:
    return WebError(422, _t(request, input_message(error)))


# A decision of docs/rules/nts.md that changes a total, said on the card where it applies.
PE_LING_DECISION = N_(
    "Pe-ling eats cake is not counted: the Circle 1 does not close the pair in place of a Bamboo 1, as"
    " docs/rules/nts.md decides. Read as seed 000 words it (a win on Circle 1 while Bamboo 1 forms the"
    " pair) this hand would score {total}."
)


def _decisions(situation: HandSituation | None, result: Any) -> list[str]:
    """The decisions that change this hand's total (English; the card translates them)."""
    if situation is None or situation.rules != "nts" or not result.valid or result.limit is not None:
        return []
    if str(situation.winning_tile) != "1p" or any(item.name == "Pe-ling eats cake" for item in result.items):
        return []
    if sum(str(tile) == "1s" for tile in situation.concealed) < 2:
        return []
    base, doublings = result.details.get("base", 0), result.details.get("doublings", 0)
    total = min((base + 10) << doublings, CAP)
    return [PE_LING_DECISION.format(total=total)] if total != result.total else []


def _card(result: Any, lang: str, situation: HandSituation | None = None) -> dict[str, Any]:
    """The score card the page shows: the result with its arithmetic, its texts in ``lang``, and the
    decisions that changed its total."""
    data = result.to_dict() | {"arithmetic": result.arithmetic}
    card = translate_result(data, lang)
    card["decisions"] = [translate(text, lang) for text in _decisions(situation, result)]
    return card


def _hand(situation: HandSituation, lang: str, result: ScoreResult | None = None) -> dict[str, Any]:
    """A hand as the page reads it: JSON, canonical notation, link parameters, result and card."""
    if result is None:
        result = score_input(situation.to_dict())
    return {
        "seat": situation.seat_wind,
        "situation": situation.to_dict(),
        "notation": format_compact(situation),
        "link": hand_query(situation),
        "result": result.to_dict(),
        "card": _card(result, lang, situation),
    }


# ---------------------------------------------------------------------------- the contract


# Every POST takes the session (web-api.md): the dependency refuses a request without its CSRF token.
_SITUATION = {"type": "object", "description": "A hand situation (hand-situation.md)."}
_SETTLEMENT = {"type": "object", "description": "A settlement, as sparrow settle reads it."}
_READ = {
    "oneOf": [
        {"type": "object", "properties": {"notation": {"type": "string"}}, "required": ["notation"]},
        {"type": "object", "properties": {"situation": _SITUATION}, "required": ["situation"]},
    ]
}
_LINK = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}


@api_router.post("/score", openapi_extra=json_body(_SITUATION))
async def score(request: Request, session: Session) -> JSONResponse:
    """A hand situation (``hand-situation.md``) → its score result, as ``sparrow score --json``."""
    data = await _body(request)
    try:
        result = score_input(data)
    except INPUT_ERRORS as error:
        raise _refusal(request, error) from None
    return JSONResponse(with_id(data, result.to_dict()))


@api_router.post("/settle", openapi_extra=json_body(_SETTLEMENT))
async def settle(request: Request, session: Session) -> JSONResponse:
    """A settlement → ``{"payments": {...}}``, as ``sparrow settle --json``."""
    data = await _body(request)
    try:
        payments = settle_input(data)
    except INPUT_ERRORS as error:
        raise _refusal(request, error) from None
    if data.get("rules") == "nts":
        # The score sheet's own checks of the hand scores (an NTS winner scores at least 80): one
        # validation for the sheet and this endpoint (``sparrow.sheets.checks``).
        try:
            check_nts_totals(data.get("scores") or {}, data.get("winner"), data.get("dead") or ())
        except SheetError as error:
            raise WebError(422, translate_error(error, language.language_of(request))) from None
    return JSONResponse(with_id(data, {"payments": payments}))


# ---------------------------------------------------------------------------- the page's helpers


@api_router.post("/calculator/read", openapi_extra=json_body(_READ, {"notation": "123m456p789s11122z"}))
async def read_hand(request: Request, session: Session) -> JSONResponse:
    """One hand, typed in the notation or built as JSON: read, written back canonically and scored."""
    data = await _body(request)
    lang = language.language_of(request)
    if not isinstance(data, Mapping) or len(data) != 1 or not {"notation", "situation"} & set(data):
        raise WebError(422, _t(request, "input: send either notation or situation"))
    try:
        if "notation" in data:
            if not isinstance(data["notation"], str):
                raise SituationError("notation", "must be text")
            fields = compact_fields(data["notation"])
        else:
            fields = data["situation"]
        # Scored first: the ruleset and its options are checked as the CLI checks them.
        result = score_input(fields)
        situation = HandSituation.from_dict(fields)
        return JSONResponse(_hand(situation, lang, result))
    except INPUT_ERRORS as error:
        raise _refusal(request, error) from None


@api_router.post("/calculator/link", openapi_extra=json_body(_LINK))
async def read_link(request: Request, session: Session) -> JSONResponse:
    """Every hand of a shared link: the main hand (``handlink``) and, for NTS, the other players'."""
    data = await _body(request)
    if not isinstance(data, Mapping) or not isinstance(data.get("query"), str) or len(data) != 1:
        raise WebError(422, _t(request, "input: send the link's query as text"))
    lang = language.language_of(request)
    params = parse_qs(data["query"].removeprefix("?"), keep_blank_values=True)
    try:
        main = hand_from_query(params)
        hands = [_hand(main, lang)]
        for seat in SEATS:
            text = _one(params, _OTHER_HAND + seat)
            bonus = _one(params, _OTHER_BONUS + seat)
            if text is None and bonus is None:
                continue
            if seat == main.seat_wind:
                raise SituationError(_OTHER_HAND + seat, f"the main hand already sits {seat}")
            try:
                fields = compact_fields(text or "", main.rules)
            except INPUT_ERRORS as error:  # said of this player's hand, by its link parameter
                raise SituationError(_OTHER_HAND + seat, str(error).split(": ", 1)[-1]) from None
            # Only tiles: the seat, the winds, the options and the way of winning are the main hand's.
            extra = sorted(set(fields) - {"rules", "concealed", "melds"})
            if extra:
                raise SituationError(_OTHER_HAND + seat, f"only the main hand gives {extra[0]}")
            fields |= {"seat_wind": seat, "round_wind": main.round_wind, "options": dict(main.options)}
            try:
                situation = HandSituation.from_dict(fields | {"bonus": bonus or ""})
            except SituationError as error:  # said by its link parameter
                name = _OTHER_BONUS + seat if error.field == "bonus" else _OTHER_HAND + seat
                raise SituationError(name, str(error).split(": ", 1)[-1]) from None
            hands.append(_hand(situation, lang))
        discarder = _one(params, "discarder")
        if discarder is not None and discarder not in SEATS:
            raise SituationError("discarder", f"expected one of E, S, W, N, got {discarder!r}")
    except INPUT_ERRORS as error:
        raise _refusal(request, error) from None
    return JSONResponse({"hands": hands, "discarder": discarder})


def _one(params: Mapping[str, list[str]], key: str) -> str | None:
    values = params.get(key)
    if not values:
        return None
    if len(values) != 1:
        raise SituationError(key, f"give {key} once in the link, got {len(values)} values")
    return values[0]


# ---------------------------------------------------------------------------- the page


def _texts(lang: str) -> dict[str, str]:
    """The texts the page's script writes itself, in ``lang`` (English msgid → text)."""
    _ = gettext(lang)
    words = [
        "points", "point", "doubling", "doublings", "faan", "fan", "limit", "Total", "Limit hand",
        "Not a legal win", "This tile is already in the hand four times.",
        "A hand has {expected} tiles here, this one has {count}.", "Winner", "Loser", "Drawn hand",
        "No tiles yet: tap the tiles below.", "A set is three or four tiles: a chow, a pung or a kong.",
        "Only a kong can be declared concealed; a concealed pung or chow stands in the hand.",
        "Only one hand has a winning tile: this one now wins.", "Settlement", "Gain or loss",
        "The settlement needs every hand complete.", "Link copied.", "Tap a tile to remove it.",
        "Remove this set", "East", "South", "West", "North",
        "Hand scores", "Discarder", "Score card", "Complete the hand to see its score.",
        "The winner pays nobody; East pays and receives double.",
        "Add to sheet", "Save the hands in row {n}", "No open sheet of these rules: start one under Score sheets.",
        "Added as row {n}.", "Row {n} now keeps these hands.", "Open the sheet", "Choose the discarder.",
        "Every hand must be complete to go on the sheet.", "Only a legal win goes on the sheet.",
        "The hand needs a winning tile to go on the sheet.", "Sheet", "Score card",
        "The winner pays nobody. East pays and receives double: every payment East makes or receives is doubled, the winner's score and the differences between losers alike.",
        "Decision", "Seat wind",
        # riichi calculator
        "han", "fu", "yakuman", "Yaku", "Fu", "Han", "Points", "Who pays", "The discarder pays",
        "The dealer pays", "Each non-dealer pays", "Each other player pays", "Honba ({n}), included",
        "Riichi sticks ({n})", "The winner receives", "Red five", "Dora indicator", "Ura dora indicator",
        "Ron (on a discard)", "Tsumo (self-drawn)", "Rinshan kaihou (on a kan replacement)",
        "Chankan (robbing a kan)", "{han} han {fu} fu",
    ]  # fmt: skip
    return {word: _(word) for word in words}


@page_router.get("/calculator", response_class=HTMLResponse)
def calculator_page(request: Request, session: Session) -> HTMLResponse:
    """The calculator; the hand, if the address holds one, is read by the page's script."""
    lang = language.language_of(request)
    _ = gettext(lang)
    known = set(ruleset_names())
    rules = []
    for name in RULES:
        if name not in known:
            continue
        title = get_ruleset(name).title
        defaults = dict(get_ruleset(name).defaults)
        shown = SHOWN_OPTIONS.get(name, tuple(defaults))
        options = [
            {
                "name": option,
                "label": _(OPTION_LABELS.get(option, option)),
                "default": value,
                "type": "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else "choice",
                "choices": [
                    {"value": v, "label": text if option in _PROPER_NAMES else _(text)}
                    for v, text in OPTION_CHOICES.get(option, {}).items()
                ],
            }
            for option, value in defaults.items()
            if option in shown
        ]
        unit = get_ruleset(name).limit_unit  # what a limit hand's value counts (HKOS: faan)
        entry: dict[str, Any] = {"name": name, "title": _(title), "options": options, "limit_unit": unit}
        if name == "riichi":
            # Each preset's values of the options shown: the defaults the page shows under that preset.
            entry["presets"] = {
                preset: {option: value for option, value in values.items() if option in shown}
                for preset, values in RIICHI_PRESETS.items()
            }
        rules.append(entry)
    page = {"rules": rules, "texts": _texts(lang)}
    context = {
        "session": session_view(request.app.state.store, session),
        "rules": rules,
        "page_data": json.dumps(page, ensure_ascii=False).replace("</", "<\\/"),
    }
    return templates.TemplateResponse(request, "calculator.html", context)
