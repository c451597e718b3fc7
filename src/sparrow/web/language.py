"""The language of a page or an answer: English or Dutch (``docs/i18n.md``).

``?lang=nl`` (or ``en``) on any address chooses a language and the cookie ``lang`` remembers it;
without either, the browser's ``Accept-Language`` decides, then English. The API answers its
refusals in the same language as the pages.
"""

from __future__ import annotations

from typing import Any

from fastapi import Request, Response

from sparrow.i18n import DEFAULT_LANGUAGE, LANGUAGES, pick_language

__all__ = ["COOKIE", "LanguageMiddleware", "language_of"]

COOKIE = "lang"
_MAX_AGE = 60 * 60 * 24 * 365


def language_of(request: Request) -> str:
    """``?lang=``, else the ``lang`` cookie, else ``Accept-Language``, else English."""
    for candidate in (request.query_params.get("lang"), request.cookies.get(COOKIE)):
        if candidate in LANGUAGES:
            return candidate
    return pick_language(request.headers.get("accept-language"), DEFAULT_LANGUAGE)


class LanguageMiddleware:
    """Sets the ``lang`` cookie on the answer to a request whose ``?lang=`` chose a language the
    cookie does not hold yet (whatever the endpoint answers: pages return Responses of their own)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        chosen = request.query_params.get("lang")
        if chosen not in LANGUAGES or request.cookies.get(COOKIE) == chosen:
            await self.app(scope, receive, send)
            return

        async def send_with_cookie(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                carrier = Response()
                carrier.set_cookie(
                    COOKIE, chosen, max_age=_MAX_AGE, samesite="lax", secure=request.url.scheme == "https", path="/"
                )
                headers = list(message.get("headers", []))
                headers += [(k, v) for k, v in carrier.raw_headers if k == b"set-cookie"]
                message = message | {"headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cookie)
