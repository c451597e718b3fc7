"""Slowing down password guessing without locking the owner out.

Failures are counted under three keys (``login_failures``), each forgotten 15 minutes after its last
failure:

- **this address and this username**: 5 free, then each try waits 30 s, doubling up to 15 minutes.
  Whoever guesses from one address only slows themselves.
- **this address, any username**: 20 free, then the same waits: one password tried on many usernames
  is slowed as well (every try costs the server a full hash).
- **this username, any address**: 20 free, then a device that has never signed in to the account
  waits 10 s, doubling every 10 further failures up to 5 minutes. A *known device* (one that signed
  in successfully before: the ``sparrow_device`` cookie) is never held back by this count or by the
  address's count.

A refused try (429) is not a failure: it costs no hash and pushes no wait further. The address is the
client's as the server sees it; behind a reverse proxy ``sparrow serve --forwarded-allow-ips`` names
the proxies whose ``X-Forwarded-For`` is believed (uvicorn's), and no other header is ever read.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable

from sparrow.store import Store
from sparrow.web.errors import WebError

__all__ = ["Throttle", "FREE_PAIR", "FREE_ADDRESS", "FREE_USERNAME", "FORGET_AFTER"]

FREE_PAIR = 5
FREE_ADDRESS = 20
FREE_USERNAME = 20
FORGET_AFTER = 15 * 60


def _pair_key(address: str, username: str) -> str:
    return "p:" + hashlib.sha256(f"{address}\0{username.lower()}".encode()).hexdigest()[:60]


def _address_key(address: str) -> str:
    return "a:" + address[:60]


def _username_key(username: str) -> str:
    return "u:" + username.lower()[:60]


def _pair_wait(failures: int) -> float:
    return min(FORGET_AFTER, 30 * 2 ** (failures - FREE_PAIR))


def _address_wait(failures: int) -> float:
    return min(FORGET_AFTER, 30 * 2 ** min(20, failures - FREE_ADDRESS))


def _username_wait(failures: int) -> float:
    return min(300, 10 * 2 ** min(20, (failures - FREE_USERNAME) // 10))


class Throttle:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    def _left(self, key: str, free: int, wait: Callable[[int], float]) -> int:
        """Seconds to wait before the next try counted under ``key`` (0: go ahead)."""
        failures, last = self.store.failures(key)
        if failures < free:
            return 0
        now = self.clock()
        if now - last >= FORGET_AFTER:
            self.store.clear_failures(key)
            return 0
        left = last + wait(failures) - now
        return int(left) + 1 if left > 0 else 0

    def check(self, address: str, username: str, known_device: bool) -> None:
        """Refuse (429 with Retry-After) a try that must wait."""
        checks: list[tuple[str, int, Callable[[int], float], str]] = [
            (_pair_key(address, username), FREE_PAIR, _pair_wait, "from this address for this username"),
        ]
        if not known_device:
            checks.append((_address_key(address), FREE_ADDRESS, _address_wait, "from this address"))
            checks.append((_username_key(username), FREE_USERNAME, _username_wait, "for this username"))
        for key, free, wait, where in checks:
            left = self._left(key, free, wait)
            if left:
                raise WebError(
                    429,
                    f"Too many failed sign-ins {where}: try again in {left} seconds.",
                    {"Retry-After": str(left)},
                )

    def failed(self, address: str, username: str) -> None:
        self.store.record_failure(_pair_key(address, username), _address_key(address), _username_key(username))

    def succeeded(self, address: str, username: str) -> None:
        """The right password: this address's count for the username starts again (the others stay,
        or signing in to one's own account would reset an attacker's count)."""
        self.store.clear_failures(_pair_key(address, username))
