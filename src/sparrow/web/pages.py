"""The HTML pages: server-rendered shells (Jinja2) that plain JavaScript modules fill from the API."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from sparrow.rules import get_ruleset, ruleset_names
from sparrow.store import SessionRecord, Store
from sparrow.web.api import session_view, settings_of
from sparrow.web.errors import WebError
from sparrow.web.language import install as install_language
from sparrow.web.session import current_session
from sparrow.web.views import summary

__all__ = ["router", "RULES_SHOWN"]

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=Path(__file__).with_name("templates"))
install_language(templates.env)
Session = Annotated[SessionRecord, Depends(current_session)]

# The rulesets offered on the home page, casual first (the default).
RULES_SHOWN = {
    "casual": "Casual (136 tiles, no minimum)",
    "nts": "NTS (Dutch tournament rules)",
    "hkos": "Hong Kong Old Style (3-faan minimum)",
    "chinese": "Chinese (3-point minimum)",
}
LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "expert": "Expert"}


def _page(request: Request, session: SessionRecord, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    store: Store = request.app.state.store
    base = {
        "session": session_view(store, session),
        "settings": settings_of(session).model_dump(),
        "levels": LEVEL_NAMES,
    }
    return templates.TemplateResponse(request, name, base | context, status_code=status)


@router.get("/", response_class=HTMLResponse)
def home(request: Request, session: Session) -> HTMLResponse:
    store: Store = request.app.state.store
    games = [summary(game) for game in store.games_of(session, limit=10)]
    known = set(ruleset_names())
    rules = {name: label for name, label in RULES_SHOWN.items() if name in known}
    return _page(request, session, "home.html", games=games, rules=rules)


@router.get("/games/{game_id}", response_class=HTMLResponse)
def table_page(request: Request, session: Session, game_id: str) -> HTMLResponse:
    try:
        game = request.app.state.games.owned(game_id, session)
    except WebError as error:
        return _page(request, session, "missing.html", status=error.status, message=error.detail)
    # What a limit hand's value counts in this game's ruleset (HKOS: faan), for the score card.
    limit_unit = get_ruleset(game.rules).limit_unit
    return _page(request, session, "table.html", game=summary(game), limit_unit=limit_unit)


@router.get("/games/{game_id}/hands/{number}", response_class=HTMLResponse)
def replay_page(request: Request, session: Session, game_id: str, number: int) -> HTMLResponse:
    try:
        game = request.app.state.games.owned(game_id, session)
    except WebError as error:
        return _page(request, session, "missing.html", status=error.status, message=error.detail)
    return _page(request, session, "replay.html", game=summary(game), number=number)


@router.get("/leaderboard", response_class=HTMLResponse)
def leaderboard_page(request: Request, session: Session) -> HTMLResponse:
    store: Store = request.app.state.store
    return _page(request, session, "leaderboard.html", rows=store.leaderboard(100))


@router.get("/signin", response_class=HTMLResponse)
def signin_page(request: Request, session: Session) -> HTMLResponse:
    return _page(request, session, "account.html", mode="signin")


@router.get("/signup", response_class=HTMLResponse)
def signup_page(request: Request, session: Session) -> HTMLResponse:
    return _page(request, session, "account.html", mode="signup")
