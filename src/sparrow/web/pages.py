"""The HTML pages: server-rendered shells (Jinja2) that plain JavaScript modules fill from the API."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates

from sparrow.i18n import gettext, translate
from sparrow.rules import families, get_ruleset
from sparrow.store import SessionRecord, Store
from sparrow.web.account_api import device_name
from sparrow.web.api import session_view, settings_of
from sparrow.web.choices import chosen_terms, match_choices
from sparrow.web.errors import WebError
from sparrow.web.games import RANKED_OPTIONS
from sparrow.web.language import install as install_language
from sparrow.web.language import language_of
from sparrow.web.replay_texts import replay_texts
from sparrow.web.session import current_session
from sparrow.web.table_texts import rules_name, tile_names
from sparrow.web.views import summary

__all__ = ["router", "rules_shown", "DEFAULT_RULES"]

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).with_name("templates"))
install_language(templates.env)


def _isodate(moment: float, separator: str = "T") -> str:
    """A stored time (seconds since the epoch) as the page writes it: UTC, to the minute."""
    text = datetime.fromtimestamp(moment, UTC).strftime(f"%Y-%m-%d{separator}%H:%M")
    return text + ("Z" if separator == "T" else " UTC")


templates.env.filters["isodate"] = _isodate
# A change as players write it: +12, -8, ±0.
templates.env.filters["signed"] = lambda number: f"{number:+d}" if number else "±0"
Session = Annotated[SessionRecord, Depends(current_session)]

# The family the home page offers first, chosen when nothing else is.
DEFAULT_RULES = "casual"


def rules_shown() -> dict[str, str]:
    """The families the home page offers to play, the default first then in the registry's order:
    each family's name and its label (``Ruleset.play_label``; a family without one is not offered)."""
    offered = [family for family in families() if family.play_label]
    offered.sort(key=lambda family: family.name != DEFAULT_RULES)
    return {family.name: family.play_label for family in offered}


LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "expert": "Expert"}


def _page(request: Request, session: SessionRecord, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    store: Store = request.app.state.store
    base = {
        "session": session_view(store, session),
        "settings": settings_of(session).model_dump(),
        # The built-in levels, then the outside players this server offers (by their names).
        "levels": LEVEL_NAMES | {name: name for name in request.app.state.games.opponents},
    }
    return templates.TemplateResponse(request, name, base | context, status_code=status)


@router.get("/", response_class=HTMLResponse)
def home(request: Request, session: Session) -> HTMLResponse:
    store: Store = request.app.state.store
    played = request.app.state.games
    games = [summary(game, played.finish(game)) for game in store.games_of(session, limit=10)]
    rules = rules_shown()
    lang = language_of(request)
    _ = gettext(lang)
    choices = {family["rules"]: family["choices"] for family in match_choices(_, RANKED_OPTIONS)}
    # The room matches begun with people, each with what it did to the rating (web/ratings.py).
    rooms = [room for room in request.app.state.rooms.history(session, 10, _) if room["status"] != "open"]
    for room in rooms:
        room["name"] = rules_name(room["rules"], lang)
    # How a hand of each family is played, in its own words (its registry entry: Riichi's pon and kan).
    intros = {name: get_ruleset(name).play_intro for name in rules}
    return _page(
        request,
        session,
        "home.html",
        games=games,
        rules=rules,
        choices=choices,
        rooms=rooms,
        intros=intros,
        ranked_levels=frozenset(LEVEL_NAMES),  # an outside program as the opponents plays unranked
    )


@router.get("/games/{game_id}", response_class=HTMLResponse)
def table_page(request: Request, session: Session, game_id: str) -> HTMLResponse:
    try:
        game = request.app.state.games.owned(game_id, session)
    except WebError as error:
        return _page(request, session, "missing.html", status=error.status, message=error.detail)
    from sparrow.web import table_texts  # the table page's texts (its own module)

    # What a limit hand's value counts in this game's ruleset (HKOS: faan), for the score card.
    limit_unit = get_ruleset(game.rules).limit_unit
    lang = language_of(request)
    # The texts table.js writes, in the page's language (a JSON script tag the script reads).
    page_data = {"texts": table_texts.texts(lang), "tile_names": table_texts.tile_names(lang)}
    return _page(
        request,
        session,
        "table.html",
        game=summary(game),
        limit_unit=limit_unit,
        page_data=page_data,
        rules_name=table_texts.rules_name(game.rules, lang),
        terms=chosen_terms(game.rules, game.options, lambda text: translate(text, lang)),
    )


@router.get("/games/{game_id}/hands/{number}", response_class=HTMLResponse)
@router.get("/games/{game_id}/hands/{number}/replay", response_class=HTMLResponse)
def replay_page(request: Request, session: Session, game_id: str, number: int) -> HTMLResponse:
    """A finished hand step by step; the script's texts (``replay_texts``) in the page language."""
    try:
        game = request.app.state.games.owned(game_id, session)
    except WebError as error:
        return _page(request, session, "missing.html", status=error.status, message=error.detail)
    lang = language_of(request)
    data = {"texts": replay_texts(lang), "tile_names": tile_names(lang)}
    page_data = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    return _page(request, session, "replay.html", game=summary(game), number=number, page_data=page_data)


@router.get("/leaderboard", response_class=HTMLResponse)
def leaderboard_page(request: Request, session: Session) -> HTMLResponse:
    store: Store = request.app.state.store
    lang = language_of(request)
    names = {family.name: rules_name(family.name, lang) for family in families()}
    return _page(request, session, "leaderboard.html", rows=store.leaderboard(100), family_names=names)


@router.get("/signin", response_class=HTMLResponse)
def signin_page(request: Request, session: Session) -> HTMLResponse:
    return _page(request, session, "account.html", mode="signin")


@router.get("/account", response_class=HTMLResponse, response_model=None)
def account_page(request: Request, session: Session) -> HTMLResponse | RedirectResponse:
    """Your account: where you are signed in, a new password, the export, deletion (signed in only)."""
    if session.user_id is None:
        return RedirectResponse("/signin", status_code=303)
    store: Store = request.app.state.store
    rows = [
        {"device": device_name(other.user_agent), "seen_at": other.seen_at, "current": other.id == session.id}
        for other in store.sessions_of(session.user_id)
    ]
    return _page(request, session, "account_settings.html", sessions=rows)


@router.get("/account/deleted", response_class=HTMLResponse)
def account_deleted_page(request: Request, session: Session) -> HTMLResponse:
    """Where the account page goes once the account is deleted: it says so, and what was kept."""
    return _page(request, session, "account_deleted.html")


@router.get("/signup", response_class=HTMLResponse)
def signup_page(request: Request, session: Session) -> HTMLResponse:
    return _page(request, session, "account.html", mode="signup")
