"""Sessions and CSRF: who is asking, and whether a change really comes from our own pages.

A session is a token in an HttpOnly, SameSite=Lax cookie; the database keeps only its hash. A guest
is a session without a user. Every request that changes something must carry the session's CSRF
token in ``X-CSRF-Token`` (the pages read it from ``GET /api/session`` or their ``csrf-token`` meta
tag); without it, or with another session's: 403, before anything else is looked at.

A guest who only reads (a page view, ``GET /api/session``) gets a cookie but no row: the session is
stored at its first change. Its token is the server's own, checkable without a row: random bytes, the
time it was issued and an HMAC of both under a secret the server keeps in the database. Until the
first change its CSRF token is derived from the cookie's token (a hash of it, so only the holder of
the cookie knows it). Only such a token, issued within the cookie's lifetime, is ever stored; a
token a client made up is answered with a new one. A session that ended (signed out, replaced at
sign-in, a new password, signed out everywhere, an account deleted, idle too long) is remembered as
ended by its id (``Store.end_session``), so its token is never taken again, not even as a guest's.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import time

from fastapi import Request, Response

from sparrow.store import SessionRecord, Store
from sparrow.store.store import SESSION_IDLE_LIMIT, token_hash
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
    "live_session_id",
    "new_guest_token",
]

COOKIE = "sparrow_session"
DEVICE_COOKIE = "sparrow_device"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# As long as an unused session lives, and as long as an ended one's id is remembered: a guest token
# older than this is refused anyway, so its end need not be remembered longer.
MAX_AGE = SESSION_IDLE_LIMIT
_DEVICE_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
# A guest's token, as this server issues it: 32 random bytes, the time it was issued (seconds since
# the epoch, in hexadecimal) and an HMAC-SHA256 of both under the server's secret, which every server
# process reads from the database. The token is checked without a row, so a guest who only looks
# stores nothing, and a token the server did not issue (a client's invention) is never taken.
_GUEST_TOKEN = re.compile(r"([A-Za-z0-9_-]{43})\.([0-9a-f]{8,12})\.([A-Za-z0-9_-]{43})")
_GUEST_SECRET = "guest_tokens"
_CLOCK_SKEW = 300  # seconds: server processes on other machines may run this far ahead


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _guest_mac(store: Store, body: str, issued: str) -> str:
    key = store.server_secret(_GUEST_SECRET)
    return _b64(hmac.new(key, f"sparrow guest\0{body}.{issued}".encode(), hashlib.sha256).digest())


def new_guest_token(store: Store) -> str:
    """A new guest's cookie token, signed by the server (nothing is stored)."""
    body, issued = secrets.token_urlsafe(32), f"{int(time.time()):x}"
    return f"{body}.{issued}.{_guest_mac(store, body, issued)}"


def _issued_guest_token(store: Store, token: str) -> bool:
    """Whether ``token`` is a guest token this server issued within the cookie's lifetime."""
    parts = _GUEST_TOKEN.fullmatch(token)
    if parts is None:
        return False
    body, issued, mac = parts.groups()
    age = time.time() - int(issued, 16)
    if not -_CLOCK_SKEW <= age < MAX_AGE:
        return False
    return hmac.compare_digest(mac.encode(), _guest_mac(store, body, issued).encode())


def live_session_id(store: Store, token: str) -> str | None:
    """The session id (the SHA-256 of the cookie's ``token``) if the token names a live session, else None.

    Live: a stored session that has neither ended nor been idle past its limit, or a guest token this
    server issued, younger than the cookie's lifetime, whose session never ended (a guest who has only
    looked so far has no row). Refused, so owning nothing (no game, no chair, no host role): a token
    the server never issued, and the token of a session that ended (signed out, replaced at sign-in,
    a new password, signed out everywhere, the account deleted, idle too long). For the rooms' live
    connection, which checks its cookie without the request machinery of ``current_session``.
    """
    if not token or len(token) > 200:
        return None
    session, _ = store.find_session(token)
    if session is not None:
        return session.id
    session_id = token_hash(token)
    if _issued_guest_token(store, token) and not store.is_ended(session_id):
        return session_id
    return None


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
    """The request's session. A read without a live one gets a new guest's cookie (nothing stored);
    a change must name a live session and carry its CSRF token (a guest's is stored then)."""
    store: Store = request.app.state.store
    token = request.cookies.get(COOKIE, "")
    session, _ = store.find_session(token) if token else (None, False)
    if request.method in UNSAFE_METHODS:
        header = request.headers.get("X-CSRF-Token", "")
        if session is None and header and _issued_guest_token(store, token):
            if secrets.compare_digest(header.encode(), _derived_csrf(token).encode()):
                quotas = getattr(request.app.state, "quotas", None)  # (web.quotas, which imports this module)
                if quotas is not None:
                    quotas.new_guest(client_of(request).address)  # 429 before a row is written
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
    if not (_issued_guest_token(store, token) and not store.is_ended(token_hash(token))):
        token = new_guest_token(store)
        set_session_cookie(request, response, token)
        request.state.new_session_token = token  # for answers that are Responses of their own (pages)
    return _unstored(token)
