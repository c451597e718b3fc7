"""The page language, English or Dutch, and the switch that remembers it.

The language of a request is, in this order: ``?lang=en|nl`` in the address (which also sets the
``lang`` cookie, so the choice is remembered), the ``lang`` cookie, then the browser's
``Accept-Language`` header (:func:`sparrow.i18n.pick_language`). Templates get ``_()`` (the page's
gettext), ``page_language()``, ``language_links()`` and ``number()`` from :func:`install`; the JSON API translates
its messages with :func:`language_of`.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from fastapi import Request, Response
from jinja2 import Environment, pass_context
from starlette.requests import HTTPConnection

from sparrow.i18n import DEFAULT_LANGUAGE, LANGUAGES, format_number, gettext, pick_language

__all__ = ["COOKIE", "LanguageMiddleware", "install", "language_of"]

COOKIE = "lang"
PARAMETER = "lang"
_MAX_AGE = 60 * 60 * 24 * 365
NAMES = {"en": "English", "nl": "Nederlands"}  # each language in its own words, as a switch shows it


def language_of(request: HTTPConnection) -> str:
    """``en`` or ``nl``: the address's ``lang``, else the cookie, else the Accept-Language header
    (of a request, or a WebSocket's opening one)."""
    asked = request.query_params.get(PARAMETER)
    if asked in LANGUAGES:
        return asked
    kept = request.cookies.get(COOKIE)
    if kept in LANGUAGES:
        return kept
    return pick_language(request.headers.get("accept-language"), DEFAULT_LANGUAGE)


def remember(request: Request, response: Response, lang: str) -> None:
    response.set_cookie(COOKIE, lang, max_age=_MAX_AGE, samesite="lax", secure=request.url.scheme == "https", path="/")


@pass_context
def _gettext(context: Any, message: str, **values: Any) -> str:
    text = gettext(language_of(context["request"]))(message)
    return text.format(**values) if values else text


@pass_context
def _page_language(context: Any) -> str:
    return language_of(context["request"])


@pass_context
def _number(context: Any, value: Any) -> str:
    """A number as the page's language writes it (``12,000`` / ``12.000``); anything else as it is."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    return format_number(value, language_of(context["request"]))


@pass_context
def _language_links(context: Any) -> list[dict[str, Any]]:
    """One link per language to this same page (its other parameters kept) in that language."""
    request: Request = context["request"]
    current = language_of(request)
    links = []
    for lang in LANGUAGES:
        params = [(key, value) for key, value in request.query_params.multi_items() if key != PARAMETER]
        params.append((PARAMETER, lang))
        links.append(
            {
                "lang": lang,
                "name": NAMES[lang],
                "href": f"{request.url.path}?{urlencode(params)}",
                "current": lang == current,
            }
        )
    return links


def install(env: Environment) -> None:
    """Give a Jinja environment the page's gettext ``_``, ``page_language`` and ``language_links``."""
    env.globals["_"] = _gettext
    env.globals["page_language"] = _page_language
    env.globals["language_links"] = _language_links
    env.globals["number"] = _number


class LanguageMiddleware:
    """Remembers ``?lang=`` in the ``lang`` cookie on whatever answer the request gets (pages answer
    with Responses of their own, which a dependency's cookies do not reach)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        asked = request.query_params.get(PARAMETER)
        if asked not in LANGUAGES or request.cookies.get(COOKIE) == asked:
            await self.app(scope, receive, send)
            return

        async def send_with_cookie(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                carrier = Response()
                remember(request, carrier, asked)
                cookies = [(k, v) for k, v in carrier.raw_headers if k == b"set-cookie"]
                message = message | {"headers": list(message.get("headers", [])) + cookies}
            await send(message)

        await self.app(scope, receive, send_with_cookie)
