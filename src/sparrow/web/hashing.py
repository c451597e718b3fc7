"""At most about one password hash per core at a time: the rest wait their turn briefly, or are refused.

Argon2id is made to be expensive (19 MiB and tens of milliseconds a hash): hashing every password
that arrives at once let 400 parallel sign-ins take a gigabyte and keep everybody waiting. A
:class:`HashingGate` lets ``slots`` hashes run at once in this process (by default the cores shared
among the ``--workers`` processes, at least one; ``SPARROW_HASHING_SLOTS`` sets it); a request that
finds them taken waits, first come first served, up to ``wait`` seconds, then is answered 429 with
``Retry-After``. A waiting request holds no thread, only a future on its event loop, so the server's
thread pool stays free for everybody else.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sparrow.web.errors import WebError

__all__ = ["Busy", "HashingGate", "default_slots", "WAIT_SECONDS"]

WAIT_SECONDS = 2.0
SLOTS_VARIABLE = "SPARROW_HASHING_SLOTS"

_Waiter = tuple[asyncio.AbstractEventLoop, "asyncio.Future[None]"]


def default_slots() -> int:
    """``SPARROW_HASHING_SLOTS`` if set, else the cores this process may run on shared among the
    server processes (``SPARROW_WORKERS``, which ``sparrow serve --workers`` sets), at least one."""
    configured = os.environ.get(SLOTS_VARIABLE, "").strip()
    if configured.isdigit() and int(configured) > 0:
        return int(configured)
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    workers = os.environ.get("SPARROW_WORKERS", "").strip()
    return max(1, cores // int(workers)) if workers.isdigit() and int(workers) > 0 else max(1, cores)


class Busy(WebError):
    """No turn to hash came in time: 429, to be tried again in a moment."""

    def __init__(self) -> None:
        super().__init__(
            429, "The server is busy checking other passwords: try again in a moment.", {"Retry-After": "1"}
        )


def _hand_over(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class HashingGate:
    """``slots`` turns for the whole process, shared by every thread and event loop in it (a test
    client runs its own loop), given in the order they were asked for."""

    def __init__(self, slots: int, wait: float = WAIT_SECONDS) -> None:
        self.slots = max(1, slots)
        self.wait = wait
        self._lock = threading.Lock()
        self._free = self.slots
        self._queue: deque[_Waiter] = deque()

    @asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """A turn to hash, held for the block; 429 when none came within ``wait`` seconds."""
        if not await self._enter():
            raise Busy()
        try:
            yield
        finally:
            self._leave()

    async def _enter(self) -> bool:
        loop = asyncio.get_running_loop()
        with self._lock:
            if self._free and not self._queue:
                self._free -= 1
                return True
            waiter: _Waiter = (loop, loop.create_future())
            self._queue.append(waiter)
        try:
            # shield: a wait that times out leaves the future alone, for a hand-over already on its way
            await asyncio.wait_for(asyncio.shield(waiter[1]), self.wait)
            return True
        except BaseException as error:  # the wait timed out, or the request was cancelled
            with self._lock:
                queued = waiter in self._queue
                if queued:
                    self._queue.remove(waiter)
            if queued:
                if isinstance(error, TimeoutError):
                    return False
                raise
            # The turn was handed over at the last moment: it is this request's to use or give back.
            if isinstance(error, TimeoutError):
                return True
            self._leave()
            raise

    def _leave(self) -> None:
        """Give the turn to the first waiter (on its own loop), or back to the pool."""
        while True:
            with self._lock:
                if not self._queue:
                    self._free += 1
                    return
                loop, future = self._queue.popleft()
            try:
                loop.call_soon_threadsafe(_hand_over, future)
                return
            except RuntimeError:  # that waiter's event loop is closed: nobody there to take it
                continue
