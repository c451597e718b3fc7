"""Slowing down password guessing without locking the owner out, and sign-ups by address.

A try is counted *before* its password is hashed: :meth:`Throttle.admit` claims it under every count
that applies, each claim one statement that both checks the wait and counts (``Store.claim``), so a
hundred tries sent at once are judged one after the other and never all see a count of zero. A
refused try (429) claims nothing: it costs no hash and pushes no wait further. The counts
(``login_failures``), each forgotten 15 minutes after its last counted try:

- **this address and this username**: 5 free, then each try waits 30 s, doubling up to 15 minutes.
  Whoever guesses from one address only slows themselves.
- **this address, any username**: 20 free, then the same waits: one password tried on many usernames
  is slowed as well (every try costs the server a full hash).
- **this username, any address**: 20 free, then a device that has never signed in to the account
  waits 10 s, doubling every 10 further tries up to 5 minutes.
- **this known device and this username**: a *known device* (one that signed in successfully before:
  the ``sparrow_device`` cookie, remembered for the account) is counted by its cookie alone, as in
  OWASP's device-cookie scheme: 5 free, then the pair's waits. None of the three counts above holds
  it back, so nobody else's failures (from its own office's address, or from a botnet) can.

The right password clears the count of this address (or device) for this username and takes back
the try from the other counts (or signing in to one's own account would reset an attacker's count);
a wrong one stays counted. Sign-ups are counted by address: 20 free, then one a minute, from 40 one
every 5 minutes, forgotten an hour after the last.

The address is the client's as the server sees it; behind a reverse proxy ``sparrow serve
--forwarded-allow-ips`` names the proxies whose ``X-Forwarded-For`` is believed (uvicorn's), and no
other header is ever read.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass

from sparrow.store import Store
from sparrow.web.errors import WebError

__all__ = [
    "Throttle",
    "Ticket",
    "FREE_PAIR",
    "FREE_ADDRESS",
    "FREE_USERNAME",
    "FREE_DEVICE",
    "FREE_SIGNUPS",
    "FORGET_AFTER",
]

FREE_PAIR = 5
FREE_ADDRESS = 20
FREE_USERNAME = 20
FREE_DEVICE = 5
FREE_SIGNUPS = 20
FORGET_AFTER = 15 * 60
SIGNUPS_FORGOTTEN_AFTER = 3600


@dataclass(frozen=True, slots=True)
class Count:
    """One count of the throttle: what its refusal says, and the waits once it is reached."""

    where: str  # "from this address for this username"
    waits: tuple[tuple[int, float], ...]  # (count, seconds) by increasing count: see Store.claim


def _steps(free: int, wait: Callable[[int], float], longest: float) -> tuple[tuple[int, float], ...]:
    """The waits of ``wait(count)`` from ``free`` on, as steps: each count at which the wait changes."""
    steps: list[tuple[int, float]] = []
    count = free
    while not steps or steps[-1][1] < longest:
        seconds = min(longest, wait(count))
        if not steps or steps[-1][1] != seconds:
            steps.append((count, seconds))
        count += 1
    return tuple(steps)


def _doubling(free: int) -> Callable[[int], float]:
    return lambda count: 30 * 2 ** min(20, count - free)


PAIR = Count("from this address for this username", _steps(FREE_PAIR, _doubling(FREE_PAIR), FORGET_AFTER))
ADDRESS = Count("from this address", _steps(FREE_ADDRESS, _doubling(FREE_ADDRESS), FORGET_AFTER))
USERNAME = Count(
    "for this username", _steps(FREE_USERNAME, lambda n: 10 * 2 ** min(20, (n - FREE_USERNAME) // 10), 300)
)
DEVICE = Count("from this device", _steps(FREE_DEVICE, _doubling(FREE_DEVICE), FORGET_AFTER))
SIGNUPS = ((FREE_SIGNUPS, 60.0), (2 * FREE_SIGNUPS, 300.0))


def _pair_key(address: str, username: str) -> str:
    return "p:" + hashlib.sha256(f"{address}\0{username.lower()}".encode()).hexdigest()[:60]


def _address_key(address: str) -> str:
    return "a:" + address[:60]


def _username_key(username: str) -> str:
    return "u:" + username.lower()[:60]


def _device_key(device_id: str, username: str) -> str:
    return "d:" + hashlib.sha256(f"{device_id}\0{username.lower()}".encode()).hexdigest()[:60]


def _signup_key(address: str) -> str:
    return "s:" + address[:60]


@dataclass(frozen=True, slots=True)
class Ticket:
    """A try that was let through: the keys it was counted under, the one a success clears first."""

    keys: tuple[str, ...]


def _wait_of(count: int, waits: tuple[tuple[int, float], ...]) -> float:
    return next((seconds for at, seconds in reversed(waits) if count >= at), 0.0)


class Throttle:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    def _left(self, count: int, last: float, waits: tuple[tuple[int, float], ...], forget_after: float) -> int:
        """Seconds to wait before the next try after ``count`` tries, the last at ``last`` (0: go ahead)."""
        now = self.clock()
        if now - last >= forget_after:
            return 0
        left = last + _wait_of(count, waits) - now
        return int(left) + 1 if left > 0 else 0

    def _waiting(self, counts: list[tuple[str, Count]]) -> tuple[Count, int] | None:
        """The first of ``counts`` under which the next try must wait, as they stand, and how long."""
        standing = self.store.counts([key for key, _ in counts])
        for key, count in counts:
            left = self._left(*standing[key], count.waits, FORGET_AFTER)
            if left:
                return count, left
        return None

    def admit(self, address: str, username: str, device_id: str | None = None) -> Ticket:
        """Count this sign-in try under every count that applies, before its password is hashed, or
        refuse it (429 with Retry-After) when one of them must wait; a refused try is counted
        nowhere. ``device_id``: the device's, when it is a known device of this username's account."""
        if device_id is not None:
            counts = [(_device_key(device_id, username), DEVICE)]
        else:
            counts = [
                (_pair_key(address, username), PAIR),
                (_address_key(address), ADDRESS),
                (_username_key(username), USERNAME),
            ]
        # A look first (one read): a try that is refused anyway writes nothing.
        waiting = self._waiting(counts)
        if waiting is None:
            # The claim: under every count in one transaction, or under none (another try got there first).
            if self.store.claim_together([(key, count.waits) for key, count in counts], FORGET_AFTER) is not None:
                return Ticket(tuple(key for key, _ in counts))
            waiting = self._waiting(counts) or (counts[0][1], 1)
        count, left = waiting
        raise _too_many(f"Too many failed sign-ins {count.where}: try again in {left} seconds.", left)

    def succeeded(self, ticket: Ticket) -> None:
        """The right password: the first count (this address's or device's for the username) starts
        again; the try is taken back from the others (which stay, or signing in to one's own account
        would reset an attacker's count)."""
        self.store.clear_failures(ticket.keys[0])
        if ticket.keys[1:]:
            self.store.take_back(*ticket.keys[1:])

    def abandoned(self, ticket: Ticket) -> None:
        """The try never reached its password (the server was too busy to hash it): not counted."""
        self.store.take_back(*ticket.keys)

    def admit_sign_up(self, address: str) -> Ticket:
        """Count a sign-up from ``address`` before its password is hashed, or refuse it (429)."""
        key = _signup_key(address)
        if self.store.claim(key, SIGNUPS_FORGOTTEN_AFTER, SIGNUPS) is None:
            left = max(1, self._left(*self.store.failures(key), SIGNUPS, SIGNUPS_FORGOTTEN_AFTER))
            raise _too_many(f"Too many sign-ups from this address: try again in {left} seconds.", left)
        return Ticket((key,))


def _too_many(sentence: str, left: int) -> WebError:
    return WebError(429, sentence, {"Retry-After": str(left)})
