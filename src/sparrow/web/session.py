"""Sessions and CSRF: who is asking, and whether a change really comes from our own pages.

A session is a random token in an HttpOnly, SameSite=Lax cookie; the database keeps only its hash.
A guest is a session without a user. Every request that changes something must carry the session's
CSRF token in ``X-CSRF-Token`` (the pages read it from ``GET /api/session`` or their ``csrf-token``
meta tag); without it, or with another session's: 403, before anything else is looked at.

A guest who only reads (a page view, ``GET /api/session``) gets a cookie but no row: the session is
stored at its first change. Until then its CSRF token is derived from the cookie's token (a hash of
it, so only the holder of the cookie knows it), and a token whose session once owned a game or a
sheet (an ended session) is never stored again.
"""

from __future__ import annotations

import base64
import hashlib
import re
import secrets

from fastapi import Request, Response

from sparrow.store import SessionRecord, Store
from sparrow.store.store import token_hash
from sparrow.web.accounts import Client
from sparrow.web.errors import WebError

__all__ = [
    "COOKIE",
    "DEVICE_COOKIE",
    "UNSAFE_METHODS",
    "MAX_AGE",
    "current_session",
    "set_session_cookie",
    "clear_session_cookie",
    "set_device_cookie",
    "client_of",
]

COOKIE = "sparrow_session"
DEVICE_COOKIE = "sparrow_device"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_AGE = 90 * 24 * 3600  # as long as an unused session lives (store.SESSION_IDLE_LIMIT)
_DEVICE_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")


def _cookie(request: Request, response: Response, name: str, value: str, max_age: int) -> None:
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path="/",
    )


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    _cookie(request, response, COOKIE, token, MAX_AGE)


def set_device_cookie(request: Request, response: Response, token: str) -> None:
    """The known-device cookie: a device that signed in successfully is not held back by others' failures."""
    _cookie(request, response, DEVICE_COOKIE, token, _DEVICE_MAX_AGE)


def clear_session_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https")


def client_of(request: Request) -> Client:
    """Who is asking: the address as the server sees it (uvicorn believes ``X-Forwarded-For`` only from
    ``--forwarded-allow-ips``), the device cookie, the browser."""
    address = request.client.host if request.client is not None else "unknown"
    return Client(
        address=address or "unknown",
        device_token=request.cookies.get(DEVICE_COOKIE, "")[:200],
        user_agent=request.headers.get("user-agent", "")[:200],
    )


def _derived_csrf(token: str) -> str:
    digest = hashlib.sha256(b"sparrow csrf\0" + token.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def _unstored(token: str) -> SessionRecord:
    return SessionRecord(token_hash(token), _derived_csrf(token), None, None, None, stored=False)


def current_session(request: Request, response: Response) -> SessionRecord:
    """The request's session. A read without one gets a new guest session's cookie (nothing stored);
    a change must name a session and carry its CSRF token (a guest's is stored then)."""
    store: Store = request.app.state.store
    token = request.cookies.get(COOKIE, "")
    session, expired = store.find_session(token) if token else (None, False)
    if request.method in UNSAFE_METHODS:
        header = request.headers.get("X-CSRF-Token", "")
        if session is None and _TOKEN.fullmatch(token) and header:
            if secrets.compare_digest(header.encode(), _derived_csrf(token).encode()) and store.never_used(token):
                session = store.adopt_session(token, header, request.headers.get("user-agent", ""))
        if session is None:
            raise WebError(403, "No session: load /api/session first and send its csrf_token in X-CSRF-Token.")
        if not header or not secrets.compare_digest(header.encode(), session.csrf_token.encode()):
            raise WebError(403, "Missing or wrong X-CSRF-Token header: send the csrf_token of this session.")
        return session
    if session is not None:
        if session.refreshed:  # the cookie lives 90 days from the last use, as the session does
            set_session_cookie(request, response, token)
            request.state.new_session_token = token
        return session
    if expired or not (_TOKEN.fullmatch(token) and store.never_used(token)):
        token = secrets.token_urlsafe(32)
        set_session_cookie(request, response, token)
        request.state.new_session_token = token  # for answers that are Responses of their own (pages)
    return _unstored(token)
