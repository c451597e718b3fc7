"""Creation quotas: how many games, rooms and score sheets one player, and one client address, may
make. Every limit is here, in :class:`Quotas`, far above what a person at a table ever meets; they
stop a script that makes thousands (a gigabyte of disk an hour otherwise).

Two counts hold each kind:

- **by session** (by account once signed in, all its sessions together), from the rows themselves:
  games in progress (the match not over, played within the last day: a game left for a day is
  abandoned and no longer counts), rooms hosted that are open or being played (likewise within a
  day), score sheets made in the last hour;
- **by client address**, new ones an hour, counted in the database (the store's atomic ``bump``,
  shared by every server process) under a key per clock hour. A guest can make new sessions at will,
  so this is the count that holds; an IPv6 address counts as its /64 network, which one client
  can pick addresses from at will.

A refusal is a 429 whose detail names the limit; when waiting helps (the hourly counts) it carries
``Retry-After``. The limits come from ``SPARROW_QUOTAS`` (``games_per_address=200,rooms_open=10``;
0 turns a limit off, ``off`` all of them) or from ``create_app(quotas=...)``.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from fastapi import Request
from sqlalchemy import Engine

from sparrow.i18n.markers import N_
from sparrow.store import SessionRecord
from sparrow.store.usage import games_in_progress, open_rooms, sheets_since
from sparrow.web.errors import WebError
from sparrow.web.session import client_of

__all__ = ["Quotas", "QuotaGuard", "Counter", "ENVIRONMENT", "address_key", "check_new_room", "check_new_sheet"]

ENVIRONMENT = "SPARROW_QUOTAS"
HOUR = 3600.0
IDLE = 24 * 3600.0  # a game or room nobody has touched for a day no longer counts as in progress


@dataclass(frozen=True, slots=True)
class Quotas:
    """The limits (0: none). A person plays a game in a quarter of an hour or more, keeps a sheet
    for an evening and hosts a room for friends: these are several times what one ever reaches,
    and an office or a household behind one address shares the address's counts."""

    games_in_progress: int = 10  # per session or account
    games_per_address: int = 60  # new games an hour
    rooms_open: int = 5  # rooms hosted, open or playing, per session or account
    rooms_per_address: int = 20  # new rooms an hour
    sheets_per_hour: int = 30  # new score sheets an hour, per session or account (imports too)
    sheets_per_address: int = 60  # new score sheets an hour
    # Guests stored an hour (a guest's session row is written at its first change): far more than a
    # household or an office starts, far fewer than a script minting sessions to dodge the counts above.
    guests_per_address: int = 300

    @classmethod
    def parse(cls, text: str) -> Quotas:
        """Limits from ``name=number`` items separated by commas, the others at their defaults; ``off``:
        no limit at all (a load test whose hundreds of players share one address)."""
        names = {field.name for field in dataclasses.fields(cls)}
        if text.strip() == "off":
            return cls(**dict.fromkeys(names, 0))
        values: dict[str, int] = {}
        for item in filter(None, (part.strip() for part in text.split(","))):
            name, sep, number = (part.strip() for part in item.partition("="))
            if name not in names:
                raise ValueError(f"{ENVIRONMENT}: unknown limit {name!r} (expected {', '.join(sorted(names))})")
            if not sep or not number.isdigit():
                raise ValueError(f"{ENVIRONMENT}: {name} must be a whole number of 0 or more, got {item!r}")
            values[name] = int(number)
        return cls(**values)

    @classmethod
    def from_environment(cls) -> Quotas:
        return cls.parse(os.environ.get(ENVIRONMENT, ""))


class Counter(Protocol):
    """An atomic counter shared by the server processes (``Store.bump``): counts one more under
    ``key`` and returns the count with it; a count untouched for ``forget_after`` seconds starts again."""

    engine: Engine

    def bump(self, key: str, forget_after: float) -> int: ...

    def clear_failures(self, *keys: str) -> None: ...


def address_key(address: str) -> str:
    """What is counted for a client address: an IPv4 address itself, an IPv6 one's /64 network."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:45]  # not an address (a test client's name): counted as it is
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _later(seconds: float) -> str:
    seconds = max(1, int(seconds + 0.999))
    if seconds < 60:
        return f"{seconds} seconds"
    minutes = (seconds + 59) // 60
    return "1 minute" if minutes == 1 else f"{minutes} minutes"


def _refuse(detail: str, wait: float | None = None) -> WebError:
    headers = None if wait is None else {"Retry-After": str(max(1, int(wait + 0.999)))}
    return WebError(429, detail, headers)


class QuotaGuard:
    """Checks a creation against the quotas just before it is stored (after the request was found
    valid: a refused body counts against nothing)."""

    def __init__(self, store: Counter, quotas: Quotas, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.quotas = quotas
        self.clock = clock

    def _per_address(self, kind: str, address: str, limit: int, what: str) -> None:
        """Count this creation under the address's key for the current clock hour; refuse it past
        ``limit``. A key a clock hour long gives "so many an hour" however steadily they come (the
        counter itself forgets only after a pause); the last hour's key is deleted as the next
        one starts, so an address keeps at most one row per kind."""
        if not limit:
            return
        now = self.clock()
        hour = int(now // HOUR)
        where = address_key(address)
        count = self.store.bump(f"q:{kind}:{hour}:{where}", HOUR)
        if count == 1:
            self.store.clear_failures(f"q:{kind}:{hour - 1}:{where}")
        if count > limit:
            left = (hour + 1) * HOUR - now
            raise _refuse(
                f"{limit} new {what} an hour from one address is the most: try again in {_later(left)}.", left
            )

    def new_game(self, session: SessionRecord, address: str) -> None:
        limit = self.quotas.games_in_progress
        if limit:
            count = games_in_progress(self.store.engine, session.id, session.user_id, self.clock() - IDLE)
            if count >= limit:
                raise _refuse(
                    f"You have {count} games in progress, and {limit} is the most a player may have: finish "
                    "one first (a game nobody has played for a day no longer counts)."
                )
        self._per_address("g", address, self.quotas.games_per_address, "games")

    def new_room(self, session: SessionRecord, address: str) -> None:
        limit = self.quotas.rooms_open
        if limit:
            count = open_rooms(self.store.engine, session.id, session.user_id, self.clock() - IDLE)
            if count >= limit:
                raise _refuse(
                    f"You host {count} open rooms, and {limit} is the most a player may: play one to its "
                    "end first (a room nobody has used for a day no longer counts)."
                )
        self._per_address("r", address, self.quotas.rooms_per_address, "rooms")

    def new_sheet(self, session: SessionRecord, address: str) -> None:
        limit = self.quotas.sheets_per_hour
        if limit:
            now = self.clock()
            count, first = sheets_since(self.store.engine, session.id, session.user_id, now - HOUR)
            if count >= limit:
                left = (first if first is not None else now) + HOUR - now
                raise _refuse(
                    f"You made {count} score sheets in the last hour, and {limit} is the most a player may: "
                    f"try again in {_later(left)}.",
                    left,
                )
        self._per_address("s", address, self.quotas.sheets_per_address, "score sheets")

    def new_guest(self, address: str) -> None:
        """A guest's session is about to be stored (its first change)."""
        self._per_address("v", address, self.quotas.guests_per_address, "guest sessions")


def _guard(request: Request) -> QuotaGuard:
    return request.app.state.quotas


def check_new_room(request: Request, session: SessionRecord) -> None:
    """Refuse (429) a new room past the quotas of this session and this client's address."""
    _guard(request).new_room(session, client_of(request).address)


def check_new_sheet(request: Request, session: SessionRecord) -> None:
    """Refuse (429) a new score sheet (made or imported) past the quotas."""
    _guard(request).new_sheet(session, client_of(request).address)


# The refusals whose fields are numbers, for the catalogue (docs/i18n.md): a page shows them in Dutch.
QUOTA_TEXTS = (
    N_(
        "You have {count} games in progress, and {limit} is the most a player may have: finish one first (a game "
        "nobody has played for a day no longer counts)."
    ),
    N_(
        "You host {count} open rooms, and {limit} is the most a player may: play one to its end first (a room "
        "nobody has used for a day no longer counts)."
    ),
)
