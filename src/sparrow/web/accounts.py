"""Accounts: sign up, sign in, a new password, signing out everywhere, export and deletion.

Passwords are hashed with Argon2 (argon2-cffi) and never logged or returned. A failed sign-in is
answered the same whether or not the user exists, and failures are slowed down by who tries
(:mod:`sparrow.web.throttle`): an attacker never locks the owner out. A device that signed in once
gets a long-lived ``sparrow_device`` cookie, which the throttle trusts.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from sparrow.store import SessionRecord, Store, UsernameTakenError, UserRecord
from sparrow.web.errors import WebError
from sparrow.web.throttle import Throttle

__all__ = ["Accounts", "Client", "SignedIn", "USERNAME_RULE", "not_signed_in"]

USERNAME = re.compile(r"[A-Za-z0-9_.-]{3,32}")
DEVICE_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,100}")
USERNAME_RULE = "3 to 32 characters, each a letter, a digit, '_', '.' or '-'"
MIN_PASSWORD = 8
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


def not_signed_in() -> WebError:
    return WebError(401, "You are not signed in: sign in to manage your account.")


class Accounts:
    def __init__(self, store: Store) -> None:
        self.store = store
        # OWASP's recommended Argon2id setting (19 MiB, 2 passes, 1 lane): argon2-cffi's default
        # (64 MiB, 4 lanes) takes several times longer on a small server for little more safety.
        self.hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
        self.throttle = Throttle(store)
        self._dummy_hash: str | None = None

    @staticmethod
    def check_username(username: str) -> None:
        if not USERNAME.fullmatch(username):
            raise WebError(422, f"username: {USERNAME_RULE}.")

    @staticmethod
    def check_password(password: str, field: str = "password") -> None:
        if len(password) < MIN_PASSWORD:
            raise WebError(422, f"{field}: at least {MIN_PASSWORD} characters.")
        if len(password) > MAX_PASSWORD:
            raise WebError(422, f"{field}: at most {MAX_PASSWORD} characters.")

    def sign_up(self, session: SessionRecord, username: str, password: str, client: Client) -> SignedIn:
        self.check_username(username)
        self.check_password(password)
        try:
            user = self.store.create_user(username, self.hasher.hash(password))
        except UsernameTakenError:
            raise WebError(409, f"The username {username!r} is taken.") from None
        return self._signed_in(session, user, client)

    def sign_in(self, session: SessionRecord, username: str, password: str, client: Client) -> SignedIn:
        user = self.store.user_by_name(username) if USERNAME.fullmatch(username) else None
        device = client.device_id
        known = user is not None and device is not None and self.store.is_known_device(device, user.id)
        self.throttle.check(client.address, username, known)
        if user is None:
            self.spend_time(password)
        if user is None or not self._verify(user, password):
            self.throttle.failed(client.address, username)
            raise WebError(401, "Wrong username or password.")
        self.throttle.succeeded(client.address, username)
        return self._signed_in(session, user, client)

    def _signed_in(self, session: SessionRecord, user: UserRecord, client: Client) -> SignedIn:
        token, new = self.store.sign_in(session, user.id, client.user_agent)
        device = client.device_id
        fresh = None
        if device is None:
            fresh = secrets.token_urlsafe(32)
            device = hashlib.sha256(fresh.encode()).hexdigest()
        self.store.remember_device(device, user.id)
        return SignedIn(token, new, fresh)

    def _check_current(self, session: SessionRecord, password: str, client: Client, field: str) -> UserRecord:
        """The signed-in user, if ``password`` is theirs (a wrong one counts as a failed sign-in)."""
        if session.user_id is None or session.username is None:
            raise not_signed_in()
        user = self.store.user_by_name(session.username)
        if user is None or user.id != session.user_id:
            raise not_signed_in()
        device = client.device_id
        known = device is not None and self.store.is_known_device(device, user.id)
        self.throttle.check(client.address, user.username, known)
        if not self._verify(user, password):
            self.throttle.failed(client.address, user.username)
            raise WebError(403, f"{field}: this is not your password.")
        return user

    def change_password(self, session: SessionRecord, current: str, new: str, client: Client) -> int:
        """Set a new password (the current one required); every other session is signed out and
        other devices are no longer known. Returns the number of sessions signed out."""
        if session.user_id is None:
            raise not_signed_in()
        self.check_password(new, "new_password")
        if new == current:
            raise WebError(422, "new_password: the same as the current password.")
        user = self._check_current(session, current, client, "current_password")
        others = sum(1 for other in self.store.sessions_of(user.id) if other.id != session.id)
        self.store.change_password(user.id, self.hasher.hash(new), session.id, client.device_id)
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

    def delete(self, session: SessionRecord, password: str, client: Client) -> None:
        """Delete the account (its password required): the user, sessions, sheets and wins go, the
        games stay without an owner."""
        user = self._check_current(session, password, client, "password")
        if not self.store.delete_user(user.id):
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
