"""The language of a page or an answer: English or Dutch (``docs/i18n.md``).

``?lang=nl`` (or ``en``) on any page chooses a language and a cookie ``lang`` remembers it; without
either, the browser's ``Accept-Language`` decides. The API answers its refusals in the same language.
"""

from __future__ import annotations

from fastapi import Request, Response

from sparrow.i18n import LANGUAGES, pick_language

__all__ = ["COOKIE", "request_language", "remember_language"]

COOKIE = "lang"
_MAX_AGE = 60 * 60 * 24 * 365


def _chosen(request: Request) -> str | None:
    """The language the query asks for, if it is one of ours."""
    asked = request.query_params.get("lang", "")
    return asked if asked in LANGUAGES else None


def request_language(request: Request) -> str:
    """``?lang=``, else the ``lang`` cookie, else ``Accept-Language``, else English."""
    chosen = _chosen(request)
    if chosen is not None:
        return chosen
    remembered = request.cookies.get(COOKIE, "")
    if remembered in LANGUAGES:
        return remembered
    return pick_language(request.headers.get("accept-language"))


def remember_language(request: Request, response: Response) -> None:
    """Set the ``lang`` cookie when the query chose a language it does not hold yet."""
    chosen = _chosen(request)
    if chosen is not None and request.cookies.get(COOKIE) != chosen:
        response.set_cookie(
            COOKIE, chosen, max_age=_MAX_AGE, samesite="lax", secure=request.url.scheme == "https", path="/"
        )
