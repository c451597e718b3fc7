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
from sparrow.i18n import gettext, translate, translate_error, translate_result
from sparrow.rules import Ruleset, ScoreResult, families, get_ruleset
from sparrow.sheets import SheetError
from sparrow.sheets.checks import check_scores
from sparrow.store import SessionRecord
from sparrow.web import language
from sparrow.web.api import session_view
from sparrow.web.api_docs import json_body
from sparrow.web.errors import WebError
from sparrow.web.session import current_session

Session = Annotated[SessionRecord, Depends(current_session)]

__all__ = ["api_router", "page_router", "calculator_rules"]

api_router = APIRouter(prefix="/api", tags=["calculator"])
page_router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).with_name("templates"))
language.install(templates.env)

_MAX_BODY = 16 * 1024  # a hand situation is a few hundred bytes

# What the page shows of each family (its order, title, options with their labels and values, presets)
# is the family's own (``Ruleset``): every family of the registry is offered.
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


def _decisions(situation: HandSituation | None, result: Any) -> list[str]:
    """The decisions of the family's rules page that change this hand's total (English; the card
    translates them)."""
    if situation is None:
        return []
    return get_ruleset(situation.rules).decisions(situation, result)


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
    # The family's own checks of the hand scores (an NTS winner scores at least 80): one validation for
    # the sheet and this endpoint (``sparrow.sheets.checks``).
    try:
        check_scores(data["rules"], data.get("scores") or {}, data.get("winner"), data.get("dead") or ())
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


def _family(ruleset: Ruleset, _: Any) -> dict[str, Any]:
    """One family as the page offers it: its title, the options it shows (each with its label, default,
    kind and the words it may take), what a limit hand's value counts and its presets' values."""
    defaults = dict(ruleset.defaults)
    shown = ruleset.calculator_options if ruleset.calculator_options is not None else tuple(defaults)
    options = [
        {
            "name": option,
            "label": _(ruleset.option_labels.get(option, option)),
            "default": value,
            "type": "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else "choice",
            "choices": [{"value": v, "label": _(text)} for v, text in ruleset.option_values.get(option, {}).items()],
        }
        for option, value in defaults.items()
        if option in shown
    ]
    # What a limit hand's value counts (HKOS: faan).
    entry: dict[str, Any] = {
        "name": ruleset.name,
        "title": _(ruleset.title),
        "options": options,
        "limit_unit": ruleset.limit_unit,
    }
    if ruleset.presets:
        # Each preset's values of the options shown: the defaults the page shows under that preset.
        entry["presets"] = {
            preset: {option: value for option, value in values.items() if option in shown}
            for preset, values in ruleset.presets.items()
        }
    return entry


def calculator_rules(lang: str) -> list[dict[str, Any]]:
    """Every family the calculator offers, in the order the faces list them, its texts in ``lang``."""
    _ = gettext(lang)
    return [_family(ruleset, _) for ruleset in families()]


@page_router.get("/calculator", response_class=HTMLResponse)
def calculator_page(request: Request, session: Session) -> HTMLResponse:
    """The calculator; the hand, if the address holds one, is read by the page's script."""
    lang = language.language_of(request)
    rules = calculator_rules(lang)
    page = {"rules": rules, "texts": _texts(lang)}
    context = {
        "session": session_view(request.app.state.store, session),
        "rules": rules,
        "page_data": json.dumps(page, ensure_ascii=False).replace("</", "<\\/"),
    }
    return templates.TemplateResponse(request, "calculator.html", context)
