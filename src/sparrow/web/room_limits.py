"""What the rooms may cost the server, and who pays: the limits of the rooms' service and its live sockets.

* :class:`LockTable`: one lock a room, kept only while a request holds it or waits for it, so a
  room id that names nothing (a guess, a typo, a scan) leaves nothing behind in memory.
* :class:`Refusals`: the action limit. Decisions the table refuses (stale, out of turn, malformed)
  are counted per person and room; past :data:`ACTIONS_PER_SECOND` of them in a second the next ones
  are refused (429) without a look at the room, except an answer to what the table asks now. A
  person answering quickly (auto-pass, the keyboard) is never held back: accepted decisions do not count.
* :class:`SocketCaps`: live sockets per process, per client address (an IPv6 client's /64), per
  session and, for spectators, per room. The process's cap (:data:`LIVE_SOCKETS`, which ``sparrow
  serve`` sets to four fifths of ``--limit-concurrency``) keeps room for plain requests: they are
  answered while the sockets are at their cap instead of getting 503.
* :class:`SocketBudget`: one socket's messages, each at most :data:`MESSAGE_BYTES` (an action is about
  a hundred bytes), at most :data:`MESSAGES_PER_SECOND` of them and :data:`BYTES_PER_SECOND` a second.
  ``sparrow serve`` also gives uvicorn the message size (``ws_max_size``), so a bigger message is
  refused from its frame's header, before its bytes are read.
"""

from __future__ import annotations

import ipaddress
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

__all__ = [
    "ACTIONS_PER_SECOND",
    "BYTES_PER_SECOND",
    "LIVE_SOCKETS",
    "MESSAGES_PER_SECOND",
    "MESSAGE_BYTES",
    "LockTable",
    "Refusals",
    "SocketBudget",
    "SocketCaps",
    "Ticket",
]

ACTIONS_PER_SECOND = 20  # refused decisions of one person in one room, a second: more are refused unread (429)
MESSAGE_BYTES = 4096  # one message on a live socket: the protocol's largest is about 150 bytes
MESSAGES_PER_SECOND = 50  # on one live socket (accepted actions aside): more closes it (4429)
BYTES_PER_SECOND = 16 * 1024  # on one live socket: more closes it (4429)
SOCKETS_PER_SESSION = 8  # a person's tabs
SOCKETS_PER_ADDRESS = 32  # a household or an office behind one address
SPECTATORS_PER_ROOM = 100  # the people at the table are never kept out
# The live sockets one server process takes (``sparrow serve`` sets it from --limit-concurrency).
LIVE_SOCKETS = "SPARROW_LIVE_SOCKETS"


class LockTable:
    """A lock per key, made when a first caller asks for it and dropped when the last one lets go."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[str, tuple[threading.Lock, list[int]]] = {}  # key -> (lock, [holders and waiters])

    @contextmanager
    def hold(self, key: str) -> Iterator[None]:
        with self._guard:
            lock, users = self._locks.setdefault(key, (threading.Lock(), [0]))
            users[0] += 1
        try:
            with lock:
                yield
        finally:
            with self._guard:
                users[0] -= 1
                if not users[0]:
                    del self._locks[key]


class Refusals:
    """Refused decisions per (room, session) in the last second. Only rooms that exist are counted
    (the caller notes a refusal after the room was found), and quiet entries are forgotten."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._recent: dict[tuple[str, str], deque[float]] = {}

    def over(self, key: tuple[str, str], limit: int) -> bool:
        """Whether ``key`` was refused ``limit`` times in the last second."""
        now = time.monotonic()
        with self._guard:
            recent = self._recent.get(key)
            if recent is None:
                return False
            while recent and recent[0] < now - 1:
                recent.popleft()
            if not recent:
                del self._recent[key]
                return False
            return len(recent) >= limit

    def note(self, key: tuple[str, str]) -> None:
        now = time.monotonic()
        with self._guard:
            self._recent.setdefault(key, deque()).append(now)
            if len(self._recent) > 1024:  # forget the quiet ones
                for quiet in [k for k, times in self._recent.items() if not times or times[-1] < now - 1]:
                    del self._recent[quiet]


def _address_key(host: str) -> str:
    """Whom a client address belongs to: an IPv6 address's /64 (one subscriber's network), else the address."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


@dataclass(frozen=True, slots=True)
class Ticket:
    """An admitted socket: what :meth:`SocketCaps.release` gives back."""

    address: str
    session: str | None
    room: str | None  # a spectator's room (the people at the table are not counted per room)


class SocketCaps:
    """The live sockets this process has open, and whether one more may open. The counts live
    in memory while sockets are open: a socket that never opened, or was refused, leaves no entry."""

    def __init__(self, total: int | None = None) -> None:
        self.total = total
        self.per_address = SOCKETS_PER_ADDRESS
        self.per_session = SOCKETS_PER_SESSION
        self.per_room = SPECTATORS_PER_ROOM
        self._guard = threading.Lock()
        self._open = 0
        self._by_address: dict[str, int] = {}
        self._by_session: dict[str, int] = {}
        self._by_room: dict[str, int] = {}

    def refusal(self, host: str, session: str | None, room: str | None = None) -> str | None:
        """Why one more socket from ``host`` with ``session`` (watching ``room`` as a spectator) may
        not open now, as a sentence; None when it may."""
        with self._guard:
            return self._refusal(_address_key(host), session, room)

    def _refusal(self, address: str, session: str | None, room: str | None) -> str | None:
        if self.total is not None and self._open >= self.total:
            return "The server has as many live sockets open as it takes: try again in a moment."
        if self._by_address.get(address, 0) >= self.per_address:
            return f"Your address has {self.per_address} live sockets open already: close some tabs first."
        if session is not None and self._by_session.get(session, 0) >= self.per_session:
            return f"You have {self.per_session} live sockets open already: close some tabs first."
        if room is not None and self._by_room.get(room, 0) >= self.per_room:
            return f"This room has {self.per_room} spectators' sockets open already: try again later."
        return None

    def admit(self, host: str, session: str | None, room: str | None) -> Ticket | str:
        """Count one more socket in, or say why not (a sentence). ``room``: the room a spectator
        watches (None for a person at its table)."""
        address = _address_key(host)
        with self._guard:
            refused = self._refusal(address, session, room)
            if refused is not None:
                return refused
            self._open += 1
            _add(self._by_address, address, 1)
            if session is not None:
                _add(self._by_session, session, 1)
            if room is not None:
                _add(self._by_room, room, 1)
        return Ticket(address, session, room)

    def release(self, ticket: Ticket) -> None:
        with self._guard:
            self._open -= 1
            _add(self._by_address, ticket.address, -1)
            if ticket.session is not None:
                _add(self._by_session, ticket.session, -1)
            if ticket.room is not None:
                _add(self._by_room, ticket.room, -1)


def _add(counts: dict[str, int], key: str, step: int) -> None:
    count = counts.get(key, 0) + step
    if count > 0:
        counts[key] = count
    else:
        counts.pop(key, None)


class SocketBudget:
    """What one socket has sent in the last second. :meth:`take` answers the close code and reason
    when a message is over the budget (None: read it); :meth:`give_back` uncounts the last message
    (an action the table accepted: a person answering the table is never cut off)."""

    def __init__(self, messages: int = MESSAGES_PER_SECOND, size: int = BYTES_PER_SECOND) -> None:
        self.messages = messages
        self.size = size
        self._recent: deque[tuple[float, int]] = deque()
        self._bytes = 0

    def take(self, length: int) -> tuple[int, str] | None:
        if length > MESSAGE_BYTES:
            return 1009, f"a message is at most {MESSAGE_BYTES} bytes"
        now = time.monotonic()
        while self._recent and self._recent[0][0] < now - 1:
            self._bytes -= self._recent.popleft()[1]
        self._recent.append((now, length))
        self._bytes += length
        if len(self._recent) > self.messages:
            return 4429, "too many messages"
        if self._bytes > self.size:
            return 4429, f"more than {self.size} bytes a second"
        return None

    def give_back(self) -> None:
        if self._recent:
            self._bytes -= self._recent.pop()[1]
