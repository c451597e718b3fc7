"""Accounts: sign up, sign in, sign out. Passwords are hashed with Argon2 (argon2-cffi) and never
logged or returned. A failed sign-in is answered the same whether or not the user exists, and
repeated failures for one username are slowed down (429 with Retry-After)."""

from __future__ import annotations

import re
import time

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from sparrow.store import SessionRecord, Store, UsernameTakenError, UserRecord
from sparrow.web.errors import WebError

__all__ = ["Accounts", "USERNAME_RULE"]

USERNAME = re.compile(r"[A-Za-z0-9_.-]{3,32}")
USERNAME_RULE = "3 to 32 characters, each a letter, a digit, '_', '.' or '-'"
MIN_PASSWORD = 8
MAX_PASSWORD = 1024  # a longer one is refused before hashing: hashing megabytes is a denial of service
FREE_FAILURES = 5  # failed sign-ins allowed before each further attempt must wait
FORGET_AFTER = 15 * 60  # failures this old no longer count


class Accounts:
    def __init__(self, store: Store) -> None:
        self.store = store
        # OWASP's recommended Argon2id setting (19 MiB, 2 passes, 1 lane): argon2-cffi's default
        # (64 MiB, 4 lanes) takes several times longer on a small server for little more safety.
        self.hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
        self._dummy_hash: str | None = None

    @staticmethod
    def check_username(username: str) -> None:
        if not USERNAME.fullmatch(username):
            raise WebError(422, f"username: {USERNAME_RULE}.")

    @staticmethod
    def check_password(password: str) -> None:
        if len(password) < MIN_PASSWORD:
            raise WebError(422, f"password: at least {MIN_PASSWORD} characters.")
        if len(password) > MAX_PASSWORD:
            raise WebError(422, f"password: at most {MAX_PASSWORD} characters.")

    def sign_up(self, session: SessionRecord, username: str, password: str) -> tuple[str, SessionRecord]:
        self.check_username(username)
        self.check_password(password)
        try:
            user = self.store.create_user(username, self.hasher.hash(password))
        except UsernameTakenError:
            raise WebError(409, f"The username {username!r} is taken.") from None
        return self.store.sign_in(session, user.id)

    def sign_in(self, session: SessionRecord, username: str, password: str) -> tuple[str, SessionRecord]:
        failures, last = self.store.failures(username)
        now = time.time()
        if failures >= FREE_FAILURES and now - last < FORGET_AFTER:
            wait = min(FORGET_AFTER, 2 ** (failures - FREE_FAILURES) * 30)
            left = int(last + wait - now) + 1
            if left > 0:
                raise WebError(
                    429,
                    f"Too many failed sign-ins for this username: try again in {left} seconds.",
                    {"Retry-After": str(left)},
                )
        elif failures and now - last >= FORGET_AFTER:
            self.store.clear_failures(username)
        user = self.store.user_by_name(username) if USERNAME.fullmatch(username) else None
        if user is None:
            self.spend_time(password)
        if user is None or not self._verify(user, password):
            self.store.record_failure(username)
            raise WebError(401, "Wrong username or password.")
        self.store.clear_failures(username)
        return self.store.sign_in(session, user.id)

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
