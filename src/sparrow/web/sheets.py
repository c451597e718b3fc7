"""Score sheets on the web: the API under ``/api/sheets`` (``docs/spec/web-api.md``) and the pages
``/sheets`` and ``/sheets/{id}`` (``docs/score-app.md``).

The arithmetic is :mod:`sparrow.sheets` (a sheet is a value). Each request loads the stored sheet with
``Sheet.from_dict``, applies one operation and stores the result only when the operation was accepted:
a refused one (``SheetError``) is a 422 naming the field and leaves the stored sheet as it was. A sheet
belongs to the guest session or the user that made it; to anybody else it does not exist (404), and a
change without this session's CSRF token is refused (403) before the owner is looked at.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse
from fastapi.templating import Jinja2Templates

from sparrow.i18n import N_, gettext, translate_error
from sparrow.sheets import (
    Sheet,
    SheetError,
    create_sheet,
    export_csv,
    export_json,
    length_label,
    lengths,
    sheet_label,
    sheet_order,
    sheet_rules,
)
from sparrow.sheets.hands import calculator_query
from sparrow.sheets.riichi import match_label, preset_choices
from sparrow.sheets.seating import by_games
from sparrow.store import SessionRecord, SheetRecord, StaleSheetError, Store
from sparrow.web.api import session_view, settings_of
from sparrow.web.api_docs import json_body
from sparrow.web.errors import WebError
from sparrow.web.language import install as install_language
from sparrow.web.language import language_of
from sparrow.web.quotas import check_new_sheet
from sparrow.web.session import current_session

__all__ = ["api_router", "pages_router", "PAGE_TEXTS"]

api_router = APIRouter(prefix="/api/sheets", tags=["sheets"])
pages_router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).with_name("templates"))
install_language(templates.env)
Session = Annotated[SessionRecord, Depends(current_session)]

_MAX_BODY = 16 * 1024  # a new sheet or a row: a small JSON object
_MAX_IMPORT = 2 * 1024 * 1024  # an export of a long evening is some tens of kilobytes
MAX_ROWS = 1000  # a long evening is some tens of hands; this keeps every request quick
_NEW_SHEET_FIELDS = ("rules", "players", "options", "title", "length")

# The refusals of this layer (the sheet's own come with SheetError), in the catalogue.
NO_SUCH_SHEET = N_("There is no such sheet.")
NO_SUCH_ROW = N_("This sheet has no row {n}.")
STALE = N_("The sheet was changed meanwhile (another tab?): reload it and try again.")
NOT_JSON = N_("The request body is not valid JSON.")
NOT_OBJECT = N_("The request body must be a JSON object.")
TOO_LARGE = N_("The request body is too large.")
UNKNOWN_FIELD = N_("Unknown field {name} (expected rules, players, options, title, length).")
BAD_FORMAT = N_("format must be json or csv.")
TOO_MANY_ROWS = N_("A sheet holds at most {limit} rows.")

# Every text the sheet page's script writes, translated on the server and handed to it as JSON.
PAGE_TEXTS = (
    N_("Hand"),
    N_("Game"),
    N_("Dealer"),
    N_("Winner"),
    N_("Discarder"),
    N_("Drawn hand"),
    N_("Dead hand"),
    N_("Hand scores"),
    N_("Payments"),
    N_("Points"),
    N_("Totals"),
    N_("Add row"),
    N_("Save"),
    N_("Cancel"),
    N_("Edit"),
    N_("Edit row {n}"),
    N_("Undo last row"),
    N_("End match"),
    N_("The match is over."),
    N_("Deals next"),
    N_("Round wind"),
    N_("Prevailing wind"),
    N_("Roll the dice for the prevailing wind"),
    N_("Standings"),
    N_("Place"),
    N_("Player"),
    N_("Games won"),
    N_("Mahjongs"),
    N_("Deal-ins"),
    N_("Table points"),
    N_("How it was won"),
    N_("On a discard"),
    N_("Self-drawn"),
    N_("On a kong replacement"),
    N_("On a flower replacement"),
    N_("Robbing a kong"),
    N_("East"),
    N_("South"),
    N_("West"),
    N_("North"),
    N_("not noted"),
    N_("drawn"),
    N_("No rows yet: enter the first hand below."),
    N_("Winner's points"),
    N_("Delete this sheet and all its rows?"),
    N_("Who won (or drawn)"),
    N_("Nobody"),
    N_("Settlement"),
    N_("Running total"),
    NOT_JSON,
    N_("The server cannot be reached: check the connection and try again."),
    N_("{count} rows wait to be sent: the server cannot be reached."),
    N_("waiting to be sent"),
    N_("dead"),
    N_("A row typed offline was refused"),
    N_("{count} row waits to be sent: the server cannot be reached."),
    N_("Check in the calculator"),
    N_("Check"),
    N_("Winner's faan"),
    N_("{faan} faan = {points} points"),
    N_("faan"),
    # a riichi sheet (one row per game)
    N_("First dealer"),
    N_("Final points"),
    N_("Result"),
    N_("Rank points"),
    N_("Games"),
    N_("Average place"),
    N_("Places 1-2-3-4"),
    N_("No games yet: enter the first game's final points below."),
    N_("Add game"),
    N_("Undo last game"),
    N_("Edit game {n}"),
    N_("Sum {sum} of {expected}"),
    N_("{difference} too many"),
    N_("{difference} too few"),
    N_("A riichi stick left on the table ({points}) is missing from the totals: it goes to the first place."),
    N_("{count} riichi sticks left on the table ({points}) are missing from the totals: they go to the first place."),
    N_("Add {points} to {name}"),
    N_("{count} game played"),
    N_("{count} games played"),
    # a chombo row (a penalty outside the hands, on the sheets whose family counts one)
    N_("Chombo"),
    N_("Add chombo"),
    N_("Who made the chombo"),
    N_("A chombo costs the player {points} on the totals; it is no hand and does not move the deal."),
)

# The texts of the templates (sheets.html, sheet.html, sheet_missing.html), for the catalogue's extraction.
TEMPLATE_TEXTS = (
    N_("Score sheets"),
    N_("Keep the score of a game at a real table: one row per hand, the rotation, the settlement and the standings."),
    N_("Your sheets"),
    N_("{count} hand"),
    N_("{count} hands"),
    N_("over"),
    N_("New sheet"),
    N_("Ruleset"),
    N_("Match length"),
    N_("Three players"),
    N_("Players"),
    N_("the first deals first"),
    N_("Title"),
    N_("optional"),
    N_("Import"),
    N_("A sheet exported as JSON, from this site or another."),
    N_("Export CSV"),
    N_("Export JSON"),
    N_("Delete sheet"),
    N_("Games won across your sheets"),
    N_("{count} game"),
    N_("{count} games"),
    N_("Preset"),
)


def _store(request: Request) -> Store:
    return request.app.state.store


def _text(request: Request, message: str, **values: Any) -> str:
    return gettext(language_of(request))(message).format(**values)


def _refusal(request: Request, error: SheetError) -> WebError:
    if error.field == "n":
        return WebError(404, _text(request, NO_SUCH_ROW, n=error.params.get("n")))
    return WebError(422, translate_error(error, language_of(request)))


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


async def _raw_body(request: Request) -> bytes:
    # Read as bytes and parsed only after the owner is checked: another session's request is a 404
    # whatever its body holds.
    return await request.body()


Body = Annotated[bytes, Depends(_raw_body)]


def _parse(request: Request, body: bytes, limit: int = _MAX_BODY) -> Any:
    if len(body) > limit:
        raise WebError(413, _text(request, TOO_LARGE))
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        raise WebError(422, _text(request, NOT_JSON)) from None


def _object(request: Request, body: bytes) -> dict[str, Any]:
    data = _parse(request, body)
    if not isinstance(data, dict):
        raise WebError(422, _text(request, NOT_OBJECT))
    return data


def _owned(request: Request, session: SessionRecord, sheet_id: str) -> SheetRecord:
    """The stored sheet if it is this session's or user's; a 404 otherwise (also for a sheet of
    somebody else, whose existence is not revealed)."""
    record = _store(request).sheet(sheet_id)
    if record is None:
        raise WebError(404, _text(request, NO_SUCH_SHEET))
    if session.user_id is not None:
        mine = record.user_id == session.user_id
    else:
        mine = record.user_id is None and record.session_id == session.id
    if not mine:
        raise WebError(404, _text(request, NO_SUCH_SHEET))
    return record


def _loaded(record: SheetRecord) -> Sheet:
    return Sheet.from_dict(record.data)


def _new_id() -> str:
    return secrets.token_urlsafe(12)


def _save(request: Request, record: SheetRecord, sheet: Sheet) -> dict[str, Any]:
    data = sheet.to_dict()
    try:
        _store(request).save_sheet(record, data)
    except StaleSheetError:
        raise WebError(409, _text(request, STALE)) from None
    return data


def _change(request: Request, session: SessionRecord, sheet_id: str, operation: Any) -> dict[str, Any]:
    record = _owned(request, session, sheet_id)
    try:
        sheet = operation(_loaded(record))
    except SheetError as error:
        raise _refusal(request, error) from None
    return _save(request, record, sheet)


def summary(record: SheetRecord) -> dict[str, Any]:
    """A sheet in the list: what it is and where it stands, not its rows."""
    data = record.data
    return {
        "id": record.id,
        "origin": data.get("origin"),
        "rules": record.rules,
        "title": record.title,
        "players": data.get("players", []),
        "length": data.get("length"),
        "hands": sum(1 for row in data.get("rows", []) if row.get("chombo") is None),  # a chombo is no hand
        "totals": data.get("totals", {}),
        "over": bool(data.get("over")),
        "dealer": data.get("dealer"),
        "round_wind": data.get("round_wind"),
        "options": data.get("options", {}),
        "standings": data.get("standings", []),
        "match": data.get("match"),
        "created_at": record.created_at,
        "updated_at": record.updated_at,
    }


def games_won(sheets: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """Games won across the sheets (seed 003: "the leaderboard counts games won across the session"),
    by player name, most first: a finished sheet's winner(s) each count one. An imported copy is the
    same match as the sheet it was exported from (its ``origin``): a match counts once however many
    copies of it are kept."""
    counts: dict[str, int] = {}
    seen: set[str] = set()
    for sheet in sheets:
        match = sheet.get("origin") or sheet.get("id")
        if match is not None:
            if match in seen:
                continue
            seen.add(match)
        for standing in sheet.get("standings", []):
            if standing.get("games_won"):
                counts[standing["player"]] = counts.get(standing["player"], 0) + standing["games_won"]
    return sorted(counts.items(), key=lambda item: (-item[1], item[0].casefold()))


# ---------------------------------------------------------------------------- the API


_ROW_EXAMPLE = {"winner": "Ann", "win_by": "discard", "discarder": "Bob", "scores": {"Ann": 8}}
_ROW = {
    "type": "object",
    "description": 'A hand: {"winner", "win_by", "discarder"?, "scores"}, {"drawn": true}, or {"points"} on a free sheet.',
}
_NEW_SHEET = {
    "type": "object",
    "properties": {
        "rules": {"type": "string"},
        "players": {"type": "array", "items": {"type": "string"}},
        "options": {"type": "object"},
        "title": {"type": ["string", "null"]},
        "length": {"type": ["string", "null"]},
    },
    "required": ["rules", "players"],
    "additionalProperties": False,
}
_EXPORTED = {"type": "object", "description": "A sheet as GET /api/sheets/{sheet_id}/export gives it (JSON)."}


@api_router.post(
    "",
    status_code=201,
    response_class=JSONResponse,
    openapi_extra=json_body(_NEW_SHEET, {"rules": "hkos", "players": ["Ann", "Bob", "Cor", "Dirk"]}),
)
def new_sheet(request: Request, session: Session, body: Body) -> JSONResponse:
    """A new sheet: ``{"rules", "players", "options"?, "title"?, "length"?}``; ``players[0]`` is East."""
    data = _object(request, body)
    unknown = sorted(set(data) - set(_NEW_SHEET_FIELDS))
    if unknown:
        raise WebError(422, _text(request, UNKNOWN_FIELD, name=repr(unknown[0])))
    sheet_id = _new_id()
    try:
        sheet = create_sheet(
            data.get("rules"),
            data.get("players"),
            options=data.get("options"),
            title=data.get("title"),
            length=data.get("length"),
            id=sheet_id,
        )
    except SheetError as error:
        raise _refusal(request, error) from None
    check_new_sheet(request, session)  # once the sheet is known to be valid
    record = _store(request).create_sheet(sheet_id, session, sheet.to_dict())
    return _json(record.data, 201)


@api_router.get("")
def list_sheets(request: Request, session: Session) -> list[dict[str, Any]]:
    """Your sheets (this session's, or your account's once signed in), the latest changed first."""
    return [summary(record) for record in _store(request).sheets_of(session)]


@api_router.post("/import", status_code=201, response_class=JSONResponse, openapi_extra=json_body(_EXPORTED))
def import_sheet(request: Request, session: Session, body: Body) -> JSONResponse:
    """A sheet from its JSON export (every row checked and recomputed), as a new sheet of yours."""
    data = _parse(request, body, _MAX_IMPORT)
    if isinstance(data, dict) and isinstance(data.get("rows"), list) and len(data["rows"]) > MAX_ROWS:
        raise WebError(422, _text(request, TOO_MANY_ROWS, limit=MAX_ROWS))
    try:
        sheet = Sheet.from_dict(data)  # the body is read once, under the import's own size limit
    except SheetError as error:
        raise _refusal(request, error) from None
    sheet_id = _new_id()
    # The copy remembers the match it is (the exported sheet's id, or that sheet's own origin).
    sheet = dataclasses.replace(sheet, id=sheet_id, origin=sheet.origin or sheet.id)
    check_new_sheet(request, session)
    record = _store(request).create_sheet(sheet_id, session, sheet.to_dict())
    return _json(record.data, 201)


@api_router.get("/{sheet_id}", response_class=JSONResponse)
def get_sheet(request: Request, session: Session, sheet_id: str) -> JSONResponse:
    """The Sheet: rows, running totals, who deals next, standings."""
    return _json(_owned(request, session, sheet_id).data)


@api_router.delete("/{sheet_id}", status_code=204)
def delete_sheet(request: Request, session: Session, sheet_id: str) -> Response:
    """Delete the sheet and its rows."""
    record = _owned(request, session, sheet_id)
    _store(request).delete_sheet(record.id)
    return Response(status_code=204)


@api_router.post(
    "/{sheet_id}/rows",
    status_code=201,
    response_class=JSONResponse,
    openapi_extra=json_body(_ROW, _ROW_EXAMPLE),
)
def add_row(request: Request, session: Session, sheet_id: str, body: Body) -> JSONResponse:
    """A hand: ``{"winner", "win_by", "discarder"?, "scores": {name: n}}``, ``{"drawn": true}``, or on a
    free sheet ``{"points": {name: n}}``."""
    record = _owned(request, session, sheet_id)
    row = _object(request, body)
    if len(record.data.get("rows", [])) >= MAX_ROWS:
        raise WebError(422, _text(request, TOO_MANY_ROWS, limit=MAX_ROWS))
    try:
        sheet = _loaded(record).add_row(row)
    except SheetError as error:
        raise _refusal(request, error) from None
    return _json(_save(request, record, sheet), 201)


@api_router.put("/{sheet_id}/rows/{n}", response_class=JSONResponse, openapi_extra=json_body(_ROW, _ROW_EXAMPLE))
def edit_row(request: Request, session: Session, sheet_id: str, n: int, body: Body) -> JSONResponse:
    """Replace row ``n`` (from 1); every later total is recomputed."""
    record = _owned(request, session, sheet_id)
    row = _object(request, body)
    try:
        sheet = _loaded(record).edit_row(n, row)
    except SheetError as error:
        raise _refusal(request, error) from None
    return _json(_save(request, record, sheet))


@api_router.delete("/{sheet_id}/rows/last", response_class=JSONResponse)
def undo(request: Request, session: Session, sheet_id: str) -> JSONResponse:
    """Undo: the sheet without its last row."""
    return _json(_change(request, session, sheet_id, Sheet.undo))


@api_router.post("/{sheet_id}/end", response_class=JSONResponse)
def end_match(request: Request, session: Session, sheet_id: str) -> JSONResponse:
    """End the match ("End match"); the standings become final."""
    return _json(_change(request, session, sheet_id, Sheet.end))


@api_router.get("/{sheet_id}/export")
def export(request: Request, session: Session, sheet_id: str, format: Annotated[str, Query()] = "json") -> Response:
    """The sheet as a JSON document (``POST /api/sheets/import`` takes it back) or as CSV."""
    record = _owned(request, session, sheet_id)
    if format not in ("json", "csv"):
        raise WebError(422, _text(request, BAD_FORMAT))
    sheet = _loaded(record)
    name = f"sheet-{record.id}.{format}"
    headers = {"Content-Disposition": f'attachment; filename="{name}"'}
    if format == "csv":
        return Response(export_csv(sheet, language_of(request)), media_type="text/csv; charset=utf-8", headers=headers)
    return Response(export_json(sheet), media_type="application/json", headers=headers)


@pages_router.get("/sheets/{sheet_id}/rows/{n}/calculator")
def check_row(request: Request, session: Session, sheet_id: str, n: int) -> Response:
    """ "Check in the calculator": row ``n`` opened in the calculator, with the hands it keeps (all four
    under NTS, the winner and the discarder), or, for a row typed without hands, its ruleset, the
    winner's seat and the wind; ``sheet`` and ``row`` let the calculator save the hands back."""
    record = _owned(request, session, sheet_id)
    rows = record.data.get("rows", [])
    if not 1 <= n <= len(rows):
        raise WebError(404, _text(request, NO_SUCH_ROW, n=n))
    row = rows[n - 1]
    seats = row.get("seats") or {}
    query = calculator_query(row.get("hands") or {}, row.get("winner"), row.get("discarder"), seats)
    if query is None:
        query = {"rules": record.rules}
        if row.get("winner") in seats:
            query["seat"] = seats[row["winner"]]
        if row.get("round_wind"):
            query["round"] = row["round_wind"]
        if row.get("win_by"):
            query["win_by"] = row["win_by"]
    query |= {"sheet": sheet_id, "row": str(n)}
    return RedirectResponse(f"/calculator?{urlencode(query)}", status_code=303)


# ---------------------------------------------------------------------------- the pages


def _page(request: Request, session: SessionRecord, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    lang = language_of(request)
    translate = gettext(lang)
    base = {
        "session": session_view(_store(request), session),
        "settings": settings_of(session).model_dump(),
        "lang": lang,
        "texts": {text: translate(text) for text in PAGE_TEXTS},
    }
    return templates.TemplateResponse(request, name, base | context, status_code=status)


def _length_label(translate: Any, rules: str, sheet: dict[str, Any]) -> str:
    """The page's words for a sheet's length; for a sheet with a match summary (riichi) its preset and
    terms instead."""
    if isinstance(sheet.get("match"), dict):
        return match_label(translate, sheet.get("options") or {}, sheet["match"])
    return translate(length_label(rules, sheet.get("length") or "open"))


def _choices(translate: Any) -> list[dict[str, Any]]:
    """The rulesets a sheet can follow, each with its match lengths, for the new-sheet form (the score
    app's own rules first, seed 000, then seed 003's)."""
    return [
        {
            "name": rules,
            "label": translate(sheet_label(rules)),
            "lengths": [{"name": length, "label": translate(length_label(rules, length))} for length in lengths(rules)],
        }
        for rules in sorted(sheet_rules(), key=sheet_order)
    ]


@pages_router.get("/sheets-sw.js")
def service_worker() -> FileResponse:
    """The sheets' service worker, served from the root so that it may control ``/sheets``."""
    return FileResponse(
        Path(__file__).with_name("static") / "sheets-sw.js",
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache"},
    )


@pages_router.get("/sheets", response_class=HTMLResponse)
def sheets_page(request: Request, session: Session) -> HTMLResponse:
    translate = gettext(language_of(request))
    sheets = [summary(record) for record in _store(request).sheets_of(session)]
    for sheet in sheets:
        sheet["rules_label"] = translate(sheet_label(sheet["rules"]))
        sheet["length_label"] = _length_label(translate, sheet["rules"], sheet)
        sheet["rows_of_games"] = by_games(sheet["rules"])  # a row a game (Riichi), else a row a hand
    choices = _choices(translate)
    return _page(
        request,
        session,
        "sheets.html",
        sheets=sheets,
        choices=choices,
        presets=preset_choices(translate),
        games_won=games_won(sheets),
    )


@pages_router.get("/sheets/{sheet_id}", response_class=HTMLResponse)
def sheet_page(request: Request, session: Session, sheet_id: str) -> HTMLResponse:
    try:
        record = _owned(request, session, sheet_id)
    except WebError as error:
        return _page(request, session, "sheet_missing.html", status=error.status, message=error.detail)
    translate = gettext(language_of(request))
    sheet = record.data
    return _page(
        request,
        session,
        "sheet.html",
        sheet=sheet,
        rules_label=translate(sheet_label(record.rules)),
        length_label=_length_label(translate, record.rules, sheet),
    )
