"""News of the rooms' changes between server processes: "room R is at version V".

A room is saved by whichever process took the request (``sparrow.store.rooms``); the people watching it
may be connected to another process, on another machine. Each saved change is announced, and every
process hears every announcement and wakes the connections watching that room:

* on **PostgreSQL**, with its own ``NOTIFY`` on the channel :data:`CHANNEL`, sent in the same transaction
  as the change (so nobody hears of a change that was rolled back, nor before it is visible), and
  heard by one ``LISTEN`` connection per process: no other service to run;
* with **Redis** (``REDIS_URL`` set), by its publish/subscribe on the same channel, after the commit;
* on **SQLite** served by one process (the default), nothing needs to cross a process: this process's
  own saves are the only changes;
* on **SQLite** served by several processes of one machine (``sparrow serve --workers N``), which has
  no way to announce anything, each process reads the versions of the rooms its sockets watch ten
  times a second (:data:`POLL_SECONDS`): one small query per process, however many sockets watch.

Announcements can be missed (a listener reconnecting after the database restarted), so the watchers
still look at the database now and then (``sparrow.web.rooms``); news only makes them quick.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Collection
from typing import Any

from sqlalchemy import Connection, bindparam, text
from sqlalchemy.engine import Engine

__all__ = ["CHANNEL", "POLL_SECONDS", "RoomNews", "announce_in"]

CHANNEL = "sparrow_rooms"
POLL_SECONDS = 0.1  # SQLite shared by several processes: how often the watched rooms' versions are read
Listener = Callable[[str, int], None]  # (room id, version)
Watched = Callable[[], Collection[str]]  # the rooms this process's sockets watch now
_VERSIONS = text("SELECT id, version FROM rooms WHERE id IN :ids").bindparams(bindparam("ids", expanding=True))

log = logging.getLogger("sparrow.rooms")


def announce_in(db: Connection, room_id: str, version: int) -> None:
    """Announce, inside the transaction that saves it, that the room is now at ``version``
    (PostgreSQL only: the notification is delivered when the transaction commits)."""
    if db.dialect.name == "postgresql":
        db.execute(text("SELECT pg_notify(:channel, :news)"), {"channel": CHANNEL, "news": f"{room_id} {version}"})


def _parse(news: str) -> tuple[str, int] | None:
    room_id, _, version = news.partition(" ")
    return (room_id, int(version)) if room_id and version.isdigit() else None


class RoomNews:
    """This process's ear for the other processes' room changes, and its voice on Redis.

    ``listen(callback)`` starts one daemon thread that calls ``callback(room_id, version)`` for every
    change announced by any process (this one included); :meth:`published` is called after each save
    of this process (it reaches Redis; on PostgreSQL the save announced itself). ``poll``: SQLite is
    shared with other server processes, whose changes are found by reading the watched rooms'
    versions (``listen``'s ``watched`` names them)."""

    def __init__(self, engine: Engine, redis_url: str | None = None, *, poll: bool = False) -> None:
        self.engine = engine
        self.redis_url = redis_url or None
        dialect = engine.dialect.name
        self.kind = "redis" if self.redis_url else "postgresql" if dialect == "postgresql" else "poll" if poll else None
        self._watched: Watched = tuple
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._redis: Any = None
        self.connected = threading.Event()  # the listener is subscribed now (tests wait for it)
        # Counts the listener's (re)subscriptions: news heard in the current one misses nothing saved
        # after it began; what was heard before may have missed something while it was away.
        self.epoch = 0
        if self.redis_url:
            import redis

            self._redis = redis.Redis.from_url(self.redis_url)

    @property
    def crosses_processes(self) -> bool:
        return self.kind is not None

    def current(self) -> int | None:
        """The epoch of the subscription listening now, None when nothing listens (news from
        elsewhere cannot be relied on then)."""
        return self.epoch if self.connected.is_set() else None

    def listen(self, callback: Listener, watched: Watched | None = None) -> None:
        if watched is not None:
            self._watched = watched
        if self.kind is None or self._thread is not None:
            return
        targets = {"redis": self._listen_redis, "postgresql": self._listen_postgres, "poll": self._poll}
        target = targets[self.kind]
        self._thread = threading.Thread(target=target, args=(callback,), name="sparrow-room-news", daemon=True)
        self._thread.start()

    def published(self, room_id: str, version: int) -> None:
        if self._redis is not None:
            try:
                self._redis.publish(CHANNEL, f"{room_id} {version}")
            except Exception as error:  # the change is saved; watchers elsewhere find it by looking
                log.warning("could not announce room %s on Redis: %s", room_id, error)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        if self._redis is not None:
            self._redis.close()

    # ------------------------------------------------------------------ the listeners

    def _listen_postgres(self, callback: Listener) -> None:
        import psycopg

        dsn = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not self._stop.is_set():
            try:
                with psycopg.connect(dsn, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.epoch += 1
                    self.connected.set()
                    while not self._stop.is_set():
                        for notice in connection.notifies(timeout=1.0):
                            if (news := _parse(notice.payload)) is not None:
                                callback(*news)
            except Exception as error:  # the database went away: try again shortly
                self.connected.clear()
                self.epoch += 1
                log.warning("room news from PostgreSQL interrupted: %s", error)
                self._stop.wait(1.0)

    def _poll(self, callback: Listener) -> None:
        """Read the versions of the rooms watched here, every :data:`POLL_SECONDS`, and tell them:
        the callback wakes the watchers of a room whose version moved. Never "connected": a copy of
        a room in memory is still checked against the database before it is trusted (``current``)."""
        while not self._stop.wait(POLL_SECONDS):
            watched = list(self._watched())[:1000]
            if not watched:
                continue
            try:
                with self.engine.connect() as db:
                    rows = db.execute(_VERSIONS, {"ids": watched}).all()
            except Exception as error:  # the database is busy or away: the next look tries again
                log.warning("could not read the watched rooms' versions: %s", error)
                continue
            for room_id, version in rows:
                callback(room_id, version)

    def _listen_redis(self, callback: Listener) -> None:
        while not self._stop.is_set():
            try:
                pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(CHANNEL)
                self.epoch += 1
                self.connected.set()
                try:
                    while not self._stop.is_set():
                        message = pubsub.get_message(timeout=1.0)
                        if message and (news := _parse(message["data"].decode())) is not None:
                            callback(*news)
                finally:
                    pubsub.close()
            except Exception as error:
                self.connected.clear()
                self.epoch += 1
                log.warning("room news from Redis interrupted: %s", error)
                self._stop.wait(1.0)
