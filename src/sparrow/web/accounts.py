"""Accounts: sign up, sign in, a new password, signing out everywhere, export and deletion.

Passwords are hashed with Argon2 (argon2-cffi) and never logged or returned. A failed sign-in is
answered the same whether or not the user exists, and failures are slowed down by who tries
(:mod:`sparrow.web.throttle`): an attacker never locks the owner out. A device that signed in once
gets a long-lived ``sparrow_device`` cookie, by which the throttle counts its own tries apart.

Every operation that hashes a password is a coroutine in three steps: the try is counted by the
throttle (a thread: the database), it waits for a turn to hash (:mod:`sparrow.web.hashing`: at most
about one hash per core, waiting costs no thread), and the hash and what follows run in a thread.
A new password must not be one of the 10,000 most common (``sparrow/data/common_passwords.txt``).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from starlette.concurrency import run_in_threadpool

from sparrow.store import SessionRecord, Store, UsernameTakenError, UserRecord
from sparrow.web.errors import WebError
from sparrow.web.hashing import Busy, HashingGate, default_slots
from sparrow.web.throttle import Throttle, Ticket

__all__ = ["Accounts", "Client", "SignedIn", "USERNAME_RULE", "not_signed_in"]

USERNAME = re.compile(r"[A-Za-z0-9_.-]{3,32}")
DEVICE_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,100}")
USERNAME_RULE = "3 to 32 characters, each a letter, a digit, '_', '.' or '-'"
MIN_PASSWORD = 8
# The password fields as the pages name them, for the sentences that refuse one.
PASSWORD_NAMES = {
    "password": "The password",
    "new_password": "The new password",
    "current_password": "The current password",
}
MAX_PASSWORD = 1024  # a longer one is refused before hashing: hashing megabytes is a denial of service


@dataclass(frozen=True, slots=True)
class Client:
    """Who is asking: the address as the server sees it, the device cookie's token, the browser."""

    address: str = "unknown"
    device_token: str = ""
    user_agent: str = ""

    @property
    def device_id(self) -> str | None:
        if not DEVICE_TOKEN.fullmatch(self.device_token):
            return None
        return hashlib.sha256(self.device_token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class SignedIn:
    token: str  # the new session's cookie
    session: SessionRecord
    device_token: str | None  # a new device cookie to set, or None when the device was known
    rooms: tuple[tuple[str, int], ...] = ()  # rooms whose chair or host moved to the session: (id, version)


T = TypeVar("T")


@cache
def common_passwords() -> frozenset[str]:
    """The 10,000 most common passwords (SecLists' list, its origin and licence beside it), in lower case."""
    text = resources.files("sparrow").joinpath("data", "common_passwords.txt").read_text(encoding="utf-8")
    return frozenset(line.strip().lower() for line in text.splitlines() if line.strip())


def _taken(username: str) -> WebError:
    return WebError(409, f"The username {username!r} is taken.")


def not_signed_in() -> WebError:
    return WebError(401, "You are not signed in: sign in to manage your account.")


class Accounts:
    def __init__(self, store: Store, gate: HashingGate | None = None) -> None:
        self.store = store
        # OWASP's recommended Argon2id setting (19 MiB, 2 passes, 1 lane): argon2-cffi's default
        # (64 MiB, 4 lanes) takes several times longer on a small server for little more safety.
        self.hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
        self.throttle = Throttle(store)
        self.gate = gate if gate is not None else HashingGate(default_slots())
        self._dummy_hash: str | None = None

    @staticmethod
    def check_username(username: str) -> None:
        if not USERNAME.fullmatch(username):
            raise WebError(422, f"A username has {USERNAME_RULE}.")

    @staticmethod
    def check_password(password: str, field: str = "password") -> None:
        # A sentence for people, naming the password as the form does (web/errors.py, FIELDS).
        which = PASSWORD_NAMES.get(field, "The password")
        if len(password) < MIN_PASSWORD:
            raise WebError(422, f"{which} needs at least {MIN_PASSWORD} characters.")
        if len(password) > MAX_PASSWORD:
            raise WebError(422, f"{which} has more than {MAX_PASSWORD} characters.")
        if password.lower() in common_passwords():
            raise WebError(
                422, f"{which} is one of the most common passwords, which are guessed first: choose another."
            )

    async def _hash_turn(self, ticket: Ticket, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a thread once a turn to hash comes; when none comes, the try is taken
        back from the throttle's counts (it never happened) and refused (429)."""
        try:
            async with self.gate.turn():
                return await run_in_threadpool(work, *args)
        except Busy:
            await run_in_threadpool(self.throttle.abandoned, ticket)
            raise

    async def sign_up(self, session: SessionRecord, username: str, password: str, client: Client) -> SignedIn:
        self.check_username(username)
        self.check_password(password)
        ticket = await run_in_threadpool(self._admit_sign_up, username, client)
        password_hash = await self._hash_turn(ticket, self.hasher.hash, password)
        return await run_in_threadpool(self._create, session, username, password_hash, client)

    def _admit_sign_up(self, username: str, client: Client) -> Ticket:
        if self.store.user_by_name(username) is not None:  # known before any hash is spent
            raise _taken(username)
        return self.throttle.admit_sign_up(client.address)

    def _create(self, session: SessionRecord, username: str, password_hash: str, client: Client) -> SignedIn:
        try:
            user = self.store.create_user(username, password_hash)
        except UsernameTakenError:
            raise _taken(username) from None
        return self._signed_in(session, user, client)

    async def sign_in(self, session: SessionRecord, username: str, password: str, client: Client) -> SignedIn:
        user, ticket = await run_in_threadpool(self._admit, username, client)
        # An unknown username is hashed for nothing: refused in the same time as a wrong password.
        if not await self._hash_turn(ticket, self._check, user, password) or user is None:
            raise WebError(401, "Wrong username or password.")  # the try stays counted
        return await run_in_threadpool(self._succeeded, session, user, ticket, client)

    def _admit(self, username: str, client: Client) -> tuple[UserRecord | None, Ticket]:
        """The user (None: no such user) and the try counted by the throttle, or 429."""
        user = self.store.user_by_name(username) if USERNAME.fullmatch(username) else None
        device = client.device_id
        known = user is not None and device is not None and self.store.is_known_device(device, user.id)
        return user, self.throttle.admit(client.address, username, device if known else None)

    def _check(self, user: UserRecord | None, password: str) -> bool:
        if user is None:
            self.spend_time(password)
            return False
        return self._verify(user, password)

    def _succeeded(self, session: SessionRecord, user: UserRecord, ticket: Ticket, client: Client) -> SignedIn:
        self.throttle.succeeded(ticket)
        return self._signed_in(session, user, client)

    def _signed_in(self, session: SessionRecord, user: UserRecord, client: Client) -> SignedIn:
        token, new, rooms = self.store.sign_in(session, user.id, client.user_agent)
        device = client.device_id
        fresh = None
        if device is None:
            fresh = secrets.token_urlsafe(32)
            device = hashlib.sha256(fresh.encode()).hexdigest()
        self.store.remember_device(device, user.id)
        return SignedIn(token, new, fresh, tuple(rooms))

    async def _check_current(
        self, session: SessionRecord, password: str, client: Client, field: str, then: Callable[[UserRecord], T]
    ) -> T:
        """``then(user)`` for the signed-in user, if ``password`` is theirs, in the same turn to hash
        (a wrong password counts as a failed sign-in: 403)."""
        if session.user_id is None or session.username is None:
            raise not_signed_in()
        user, ticket = await run_in_threadpool(self._admit, session.username, client)
        if user is None or user.id != session.user_id:
            await run_in_threadpool(self.throttle.abandoned, ticket)
            raise not_signed_in()

        def check_then() -> T | None:
            return then(user) if self._verify(user, password) else None

        done = await self._hash_turn(ticket, check_then)
        if done is None:
            raise WebError(403, f"{PASSWORD_NAMES.get(field, 'The password')} you typed is not your password.")
        await run_in_threadpool(self.throttle.succeeded, ticket)
        return done

    async def change_password(self, session: SessionRecord, current: str, new: str, client: Client) -> int:
        """Set a new password (the current one required); every other session is signed out and
        other devices are no longer known. Returns the number of sessions signed out."""
        if session.user_id is None:
            raise not_signed_in()
        self.check_password(new, "new_password")
        if new == current:
            raise WebError(422, "The new password is the same as the current one: choose another.")

        def hashed(_user: UserRecord) -> str:
            return self.hasher.hash(new)

        password_hash = await self._check_current(session, current, client, "current_password", hashed)
        return await run_in_threadpool(self._set_password, session, password_hash, client)

    def _set_password(self, session: SessionRecord, password_hash: str, client: Client) -> int:
        assert session.user_id is not None
        others = sum(1 for other in self.store.sessions_of(session.user_id) if other.id != session.id)
        self.store.change_password(session.user_id, password_hash, session.id, client.device_id)
        return others

    def sign_out_everywhere(self, session: SessionRecord, client: Client) -> int:
        """End every session of the account, this one too; no device stays known but this one."""
        if session.user_id is None:
            raise not_signed_in()
        return self.store.end_sessions_of(session.user_id, keep_device=client.device_id)

    def export(self, session: SessionRecord) -> dict[str, Any]:
        if session.user_id is None:
            raise not_signed_in()
        data = self.store.export_user(session.user_id)
        if data is None:
            raise not_signed_in()
        return data

    async def delete(self, session: SessionRecord, password: str, client: Client) -> None:
        """Delete the account (its password required): the user, sessions, sheets and wins go, the
        games stay without an owner."""
        user = await self._check_current(session, password, client, "password", lambda user: user)
        if not await run_in_threadpool(self.store.delete_user, user.id):
            raise not_signed_in()

    def _verify(self, user: UserRecord, password: str) -> bool:
        if len(password) > MAX_PASSWORD:
            return False
        try:
            self.hasher.verify(user.password_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False
        if self.hasher.check_needs_rehash(user.password_hash):
            self.store.set_password_hash(user.id, self.hasher.hash(password))
        return True

    def spend_time(self, password: str) -> None:
        """Hash once for nothing, so an unknown username takes as long to refuse as a wrong password."""
        if self._dummy_hash is None:
            self._dummy_hash = self.hasher.hash("not a password of anyone")
        try:
            self.hasher.verify(self._dummy_hash, password[:MAX_PASSWORD])
        except VerificationError:
            pass
