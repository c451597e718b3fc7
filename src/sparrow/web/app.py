"""The web app: ``create_app(database_url)`` builds the FastAPI application that ``sparrow serve`` runs.

Bad input never gets a traceback: every refusal is a 4xx with ``{"detail": "one sentence"}``, and an
unexpected error is a 500 with a sentence too (the traceback goes to the server's log only).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from sparrow.bots import LEVELS
from sparrow.i18n import translate
from sparrow.play.table import Table
from sparrow.store import Store
from sparrow.store.room_news import RoomNews
from sparrow.web import account_api, api, api_docs, calculator, pages, rating_pages, room_api, room_pages, sheets
from sparrow.web.accounts import Accounts
from sparrow.web.errors import CONTRACT_PATHS, WebError, for_people, validation_sentence
from sparrow.web.games import Games
from sparrow.web.language import LanguageMiddleware, language_of
from sparrow.web.limits import BodyLimitMiddleware
from sparrow.web.quotas import QuotaGuard, Quotas
from sparrow.web.rooms import Rooms
from sparrow.web.session import COOKIE, set_session_cookie

__all__ = ["create_app", "app_from_environment"]

log = logging.getLogger("sparrow.web")
_FASTAPI_BODY_ERROR = "There was an error parsing the body"
STATIC = Path(__file__).with_name("static")


def _warm_up() -> None:
    """Load what the engine and the bots load on first use (the shanten tables, the bots' caches)
    before the first request: otherwise every request thread of a busy first moment loads its own
    copy at once, and all of them wait seconds."""
    for level in LEVELS:
        Table("casual", level, 0).start()


def create_app(
    database_url: str,
    *,
    game_seeds: Iterator[int] | None = None,
    room_seeds: Iterator[int] | None = None,
    opponents: Mapping[str, str] | None = None,
    public_url: str | None = None,
    workers: int = 1,
    quotas: Quotas | None = None,
) -> FastAPI:
    """The web app on the database at ``database_url``. ``game_seeds`` and ``room_seeds``: the deal
    seeds of new games and rooms, in order (default: drawn at random). ``opponents``: outside players
    offered besides the built-in levels, by name (``sparrow serve --opponent NAME=KIND``, ``Games``). ``public_url``:
    where people reach the server (``--public-url``), the start of rooms' invitation links.
    ``workers``: how many server processes share the database (``--workers``). ``quotas``: how many
    games, rooms and sheets a player and an address may make (default: ``SPARROW_QUOTAS``, else
    ``Quotas()``)."""
    limits = quotas if quotas is not None else Quotas.from_environment()  # a bad setting fails at start
    _warm_up()
    store = Store(database_url)
    # Room changes reach the other server processes through PostgreSQL, or Redis when REDIS_URL is set,
    # or, on SQLite shared by several processes, by reading the versions of the rooms watched.
    news = RoomNews(store.engine, os.environ.get("REDIS_URL", "").strip() or None, poll=workers > 1)
    rooms = Rooms(store, news, public_url=public_url, seeds=room_seeds)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        rooms.news.listen(rooms.heard, rooms.watched)  # from the start: no news is missed before the first watcher
        yield
        rooms.close()

    app = FastAPI(
        lifespan=lifespan,
        title="Sparrow",
        summary="Mahjong against the computer: games, accounts, replays and the leaderboard.",
        version="0.1.0",
        docs_url=None,  # our own /docs (api_docs): FastAPI's loads Swagger UI from a CDN
        redoc_url=None,
    )
    app.state.store = store
    app.state.quotas = QuotaGuard(store, limits)
    app.state.games = Games(store, game_seeds, opponents, app.state.quotas)
    app.state.rooms = rooms
    app.state.accounts = Accounts(store)

    @app.exception_handler(WebError)
    async def web_error(request: Request, error: WebError) -> JSONResponse:
        # In the page's language where the catalogue has the sentence (unknown text stays English).
        # A check's "field: message" becomes a sentence naming the field as a person would (errors.py).
        lang = language_of(request)
        detail = translate(error.detail, lang)
        if request.url.path not in CONTRACT_PATHS:
            detail = for_people(detail, lang)
        return JSONResponse({"detail": detail}, status_code=error.status, headers=error.headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        detail = validation_sentence(list(error.errors()), language_of(request))
        return JSONResponse({"detail": detail}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        detail = error.detail if isinstance(error.detail, str) else "The request was refused."
        if error.status_code == 400 and detail == _FASTAPI_BODY_ERROR:
            # FastAPI's answer to a JSON body it cannot decode (bytes that are no UTF-8): the same
            # refusal as any other body that is not JSON (the 422 of json_invalid, above).
            return JSONResponse({"detail": "The request body is not valid JSON."}, status_code=422)
        if error.status_code == 404 and detail == "Not Found":
            detail = "There is nothing at this address."
        elif error.status_code == 405:
            detail = "This address does not take that method."
        return JSONResponse({"detail": detail}, status_code=error.status_code, headers=getattr(error, "headers", None))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return JSONResponse({"detail": "The server failed to answer this request."}, status_code=500)

    app.include_router(api.router)
    app.include_router(account_api.router)
    app.include_router(room_api.router)
    app.include_router(rating_pages.api_router)
    app.include_router(api_docs.router)
    app.include_router(sheets.api_router)
    app.include_router(pages.router)
    app.include_router(room_pages.router)
    app.include_router(rating_pages.pages_router)
    app.include_router(calculator.api_router)
    app.include_router(calculator.page_router)
    app.include_router(sheets.pages_router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    api_docs.describe(app)  # /openapi.json as the server answers: errors, CSRF, throttles, quotas
    app.add_middleware(SessionCookieMiddleware)
    app.add_middleware(LanguageMiddleware)
    app.add_middleware(BodyLimitMiddleware)  # outermost: before anything reads a body
    return app


def app_from_environment() -> FastAPI:
    """The app of one of several server processes (``sparrow serve --workers N``): the database from
    ``SPARROW_DATABASE_URL``, which ``sparrow serve`` sets, the offered opponents from
    ``SPARROW_OPPONENTS`` (a JSON object of names to kinds), the public address from
    ``SPARROW_PUBLIC_URL`` and the number of processes from ``SPARROW_WORKERS``."""
    return create_app(
        os.environ["SPARROW_DATABASE_URL"],
        opponents=json.loads(os.environ.get("SPARROW_OPPONENTS") or "{}"),
        public_url=os.environ.get("SPARROW_PUBLIC_URL") or None,
        workers=int(os.environ.get("SPARROW_WORKERS") or 2),
    )


# Our pages load nothing from elsewhere and run no inline script: say so, so that an injected one
# would not run either; and no other site may frame them.
_SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; script-src 'self'; style-src 'self'; "
        b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]
# Over HTTPS, the browser is told to come back only over HTTPS for a year (a first visit typed as
# http:// then never leaves a cookie on the wire). Only then: the scheme is https when uvicorn served
# TLS itself, or when a proxy named by --forwarded-allow-ips says X-Forwarded-Proto: https.
_HSTS = (b"strict-transport-security", b"max-age=31536000")


class SessionCookieMiddleware:
    """Sends the cookie of a session made during the request (``current_session`` leaves its token in
    the request's state) also when the endpoint answers with a Response of its own, as pages do, and
    the security headers with every answer. A plain ASGI middleware: it only looks at the start of
    the answer."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_cookie(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                token = scope.get("state", {}).get("new_session_token")
                headers = list(message.get("headers", []))
                headers += _SECURITY_HEADERS
                if scope.get("scheme") == "https":
                    headers.append(_HSTS)
                prefix = COOKIE.encode() + b"="
                if token and not any(k == b"set-cookie" and v.startswith(prefix) for k, v in headers):
                    carrier = Response()
                    set_session_cookie(Request(scope), carrier, token)
                    headers += [(k, v) for k, v in carrier.raw_headers if k == b"set-cookie"]
                message = message | {"headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cookie)
