"""Sessions and CSRF: who is asking, and whether a change really comes from our own pages.

A session is a random token in an HttpOnly, SameSite=Lax cookie; the database keeps only its hash.
A guest is a session without a user. Every request that changes something must carry the session's
CSRF token in ``X-CSRF-Token`` (the pages read it from ``GET /api/session``); without it, or with
another session's: 403, before anything else is looked at.
"""

from __future__ import annotations

import secrets

from fastapi import Request, Response

from sparrow.store import SessionRecord, Store
from sparrow.web.errors import WebError

__all__ = ["COOKIE", "UNSAFE_METHODS", "current_session", "set_session_cookie", "clear_session_cookie"]

COOKIE = "sparrow_session"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_MAX_AGE = 60 * 60 * 24 * 365


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=_MAX_AGE,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path="/",
    )


def clear_session_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https")


def current_session(request: Request, response: Response) -> SessionRecord:
    """The request's session. A read without one gets a new guest session (and its cookie); a
    change must name an existing session and carry its CSRF token."""
    store: Store = request.app.state.store
    token = request.cookies.get(COOKIE, "")
    session = store.session(token) if token else None
    if request.method in UNSAFE_METHODS:
        header = request.headers.get("X-CSRF-Token", "")
        if session is None:
            raise WebError(403, "No session: load /api/session first and send its csrf_token in X-CSRF-Token.")
        if not header or not secrets.compare_digest(header.encode(), session.csrf_token.encode()):
            raise WebError(403, "Missing or wrong X-CSRF-Token header: send the csrf_token of this session.")
        return session
    if session is None:
        token, session = store.new_session()
        set_session_cookie(request, response, token)
        request.state.new_session_token = token  # for answers that are Responses of their own (pages)
    return session
