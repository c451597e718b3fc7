"""Rooms where people play each other: one row a room, its chairs, its state and its match's log.

A room is one row, changed with a ``version`` bumped each time: a change computed from an older room
is refused (:class:`StaleRoomError`), so two server processes, or two people acting at once, never
write over each other. The match's log only grows, so a change appends the new events to the stored
text, and a process that holds an older copy reads only what follows it (:meth:`RoomStore.room_after`):
a move costs its own events, not the whole match's, however long the match. The room's table is
rebuilt from the seed and the log (``RoomTable.from_log``), or brought forward (``catch_up``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    Float,
    Index,
    Integer,
    String,
    Table,
    Text,
    func,
    insert,
    select,
    update,
)

from sparrow.game.events import dumps
from sparrow.store.hand_logs import events_of
from sparrow.store.room_news import announce_in
from sparrow.store.tables import metadata

__all__ = ["RoomRecord", "RoomStore", "StaleRoomError", "rooms"]

rooms = Table(
    "rooms",
    metadata,
    Column("id", String(32), primary_key=True),  # the invitation link's secret
    Column("host_session", String(64), nullable=False),
    Column("rules", String(16), nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("level", String(16), nullable=False),  # the bots of the empty chairs, and the stand-ins
    Column("turn_seconds", Float, nullable=True),
    Column("seed", BigInteger, nullable=False),
    Column("chairs", Text, nullable=False),  # JSON: per chair null or {"name", "session"[, "away": true]}
    Column("status", String(12), nullable=False),  # open, playing, over, abandoned
    Column("log", Text, nullable=False),  # JSON Lines: the match's events so far
    # JSON: the decisions taken in the claim window open now, which the log shows only once it closes
    Column("pending", Text, nullable=False, server_default="[]"),
    Column("version", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("ix_rooms_host_session", "host_session"),
)


class StaleRoomError(Exception):
    """The room was changed since it was read."""


@dataclass(frozen=True, slots=True)
class RoomRecord:
    id: str
    host_session: str
    rules: str
    options: Mapping[str, Any]
    level: str
    turn_seconds: float | None
    seed: int
    chairs: tuple[Mapping[str, Any] | None, ...]
    status: str
    log: tuple[dict[str, Any], ...]
    version: int
    created_at: float
    updated_at: float
    pending: tuple[dict[str, Any], ...] = ()
    log_length: int = 0  # the characters of the stored log's text: where the next events go

    def chair_of(self, session_id: str) -> int | None:
        return next((i for i, c in enumerate(self.chairs) if c is not None and c["session"] == session_id), None)

    @property
    def names(self) -> list[str | None]:
        return [None if chair is None else chair["name"] for chair in self.chairs]

    @property
    def away(self) -> set[str]:
        """The people who left the table for now (their stand-ins play for them)."""
        return {chair["name"] for chair in self.chairs if chair is not None and chair.get("away")}


def _record(row: Any, log: tuple[dict[str, Any], ...] | None = None) -> RoomRecord:
    """The record of a row; ``log``: its events when the row holds only their length (a tail read)."""
    return RoomRecord(
        id=row.id,
        host_session=row.host_session,
        rules=row.rules,
        options=json.loads(row.options),
        level=row.level,
        turn_seconds=row.turn_seconds,
        seed=int(row.seed),
        chairs=tuple(json.loads(row.chairs)),
        status=row.status,
        log=log if log is not None else tuple(events_of(row.log, row.rules)) if row.log else (),
        version=row.version,
        created_at=row.created_at,
        updated_at=row.updated_at,
        pending=tuple(json.loads(row.pending or "[]")),
        log_length=row.log_length if log is not None else len(row.log or ""),
    )


_ALL_BUT_THE_LOG = [column for column in rooms.c if column.name != "log"]


class RoomStore:
    """The rooms' part of :class:`~sparrow.store.Store` (which provides ``engine`` and ``_write``)."""

    engine: Any

    def _write(self) -> AbstractContextManager[Connection]:  # provided by Store
        raise NotImplementedError

    def create_room(
        self,
        room_id: str,
        host_session: str,
        rules: str,
        options: Mapping[str, Any],
        level: str,
        turn_seconds: float | None,
        seed: int,
        seats: int,
    ) -> RoomRecord:
        now = time.time()
        record = RoomRecord(
            room_id,
            host_session,
            rules,
            dict(options),
            level,
            turn_seconds,
            seed,
            (None,) * seats,
            "open",
            (),
            1,
            now,
            now,
        )
        with self._write() as db:
            db.execute(insert(rooms).values(**_row(record)))
        return record

    def room_version(self, room_id: str) -> int | None:
        """The room's version alone (None: no such room): whether a copy in memory is current."""
        with self.engine.connect() as db:
            return db.execute(select(rooms.c.version).where(rooms.c.id == room_id)).scalar()

    def room(self, room_id: str) -> RoomRecord | None:
        with self.engine.connect() as db:
            row = db.execute(select(rooms).where(rooms.c.id == room_id)).first()
        return _record(row) if row is not None else None

    def room_after(self, record: RoomRecord) -> RoomRecord | None:
        """The room as saved now, read from ``record`` (an older copy of it) on: only the events
        appended since are read from the log (None: no such room)."""
        with self.engine.connect() as db:
            row = db.execute(
                select(
                    *_ALL_BUT_THE_LOG,
                    func.length(rooms.c.log).label("log_length"),
                    func.substr(rooms.c.log, record.log_length + 1).label("tail"),
                    # The character before the tail ends the last event of ``record``: the same log grown.
                    func.substr(rooms.c.log, record.log_length, 1).label("joint"),
                ).where(rooms.c.id == record.id)
            ).first()
        if row is None:
            return None
        grown = row.log_length >= record.log_length and (record.log_length == 0 or row.joint == "\n")
        if not grown:
            return self.room(record.id)  # not the log it held (never, while logs only grow): read it whole
        return _record(row, record.log + tuple(events_of(row.tail, row.rules)) if row.tail else record.log)

    def save_room(
        self,
        record: RoomRecord,
        *,
        chairs: Sequence[Mapping[str, Any] | None] | None = None,
        status: str | None = None,
        log: Sequence[Mapping[str, Any]] | None = None,
        pending: Sequence[Mapping[str, Any]] | None = None,
        also: Callable[[Connection], object] | None = None,
    ) -> RoomRecord:
        """Write the room's new chairs, status, log or pending decisions, if nobody changed it since
        ``record`` was read; ``also(db)`` then writes more in the same transaction (the ratings of a
        match that ends: it ends and counts together, or neither)."""
        new_log = tuple(dict(e) for e in log) if log is not None else record.log
        values: dict[str, Any] = {  # the row's new values: text, numbers, and an SQL expression for a log
            "chairs": json.dumps(list(chairs if chairs is not None else record.chairs)),
            "status": status or record.status,
            "pending": json.dumps([dict(a) for a in pending] if pending is not None else list(record.pending)),
            "version": record.version + 1,
            "updated_at": time.time(),
        }
        length = record.log_length
        if log is not None and new_log != record.log:
            old = len(record.log)
            if old and len(new_log) > old and new_log[old - 1] == record.log[-1] and length:
                tail = dumps(new_log[old:])  # the log grew: append its new events to the stored text
                values["log"] = rooms.c.log + tail
                length += len(tail)
            else:
                values["log"] = dumps(new_log) if new_log else ""
                length = len(values["log"])
        with self._write() as db:
            done = db.execute(
                update(rooms).where(rooms.c.id == record.id, rooms.c.version == record.version).values(**values)
            )
            if done.rowcount != 1:
                raise StaleRoomError(record.id)
            if also is not None:
                also(db)
            announce_in(db, record.id, values["version"])
        return replace(
            record,
            chairs=tuple(chairs) if chairs is not None else record.chairs,
            status=values["status"],
            log=new_log,
            pending=tuple(dict(a) for a in pending) if pending is not None else record.pending,
            version=values["version"],
            updated_at=values["updated_at"],
            log_length=length,
        )

    def move_places(
        self, old_session: str, new_session: str, user_id: int | None = None, *, db: Connection | None = None
    ) -> list[tuple[str, int]]:
        """Hand every chair and every host's role of session ``old_session`` to ``new_session`` (a
        guest who signed up or in: the same person under a new session id), with ``user_id`` on the
        chairs. Each room changed gets a new version, announced as :meth:`save_room` does, so that
        copies in memory elsewhere are read again. Returns (room id, new version) of each room; in
        the transaction ``db`` when one is given."""
        if db is None:
            with self._write() as db:
                return self.move_places(old_session, new_session, user_id, db=db)
        sitting = rooms.c.chairs.like(f'%"session": "{old_session}"%')
        rows = db.execute(
            select(rooms.c.id, rooms.c.host_session, rooms.c.chairs, rooms.c.version)
            .where((rooms.c.host_session == old_session) | sitting)
            .with_for_update()  # PostgreSQL: a change of these rooms meanwhile waits, then finds a new version
        ).all()
        moved = []
        for row in rows:
            chairs = json.loads(row.chairs)
            for chair in chairs:
                if chair is not None and chair["session"] == old_session:
                    chair["session"] = new_session
                    if user_id is not None:
                        chair["user"] = user_id
            values: dict[str, Any] = {
                "chairs": json.dumps(chairs),
                "version": row.version + 1,
                "updated_at": time.time(),
            }
            if row.host_session == old_session:
                values["host_session"] = new_session
            done = db.execute(
                update(rooms).where(rooms.c.id == row.id, rooms.c.version == row.version).values(**values)
            )
            if done.rowcount == 1:
                announce_in(db, row.id, values["version"])
                moved.append((row.id, values["version"]))
        return moved

    def rooms_of(self, session_id: str, user_id: int | None = None, limit: int = 20) -> list[RoomRecord]:
        """The rooms a session hosts or sits in, or its user sits in from any session, the latest
        first (a player's history of games with people)."""
        mine = (rooms.c.host_session == session_id) | rooms.c.chairs.like(f'%"session": "{session_id}"%')
        if user_id is not None:  # the chairs' JSON: {"name", "session", "user"[, "away"]}
            user = int(user_id)
            mine |= rooms.c.chairs.like(f'%"user": {user},%') | rooms.c.chairs.like(f'%"user": {user}}}%')
        with self.engine.connect() as db:
            rows = db.execute(select(rooms).where(mine).order_by(rooms.c.updated_at.desc()).limit(limit)).all()
        return [_record(row) for row in rows]


def _row(record: RoomRecord) -> dict[str, Any]:
    return {
        "id": record.id,
        "host_session": record.host_session,
        "rules": record.rules,
        "options": json.dumps(dict(record.options), sort_keys=True),
        "level": record.level,
        "turn_seconds": record.turn_seconds,
        "seed": record.seed,
        "chairs": json.dumps(list(record.chairs)),
        "status": record.status,
        "log": dumps(list(record.log)) if record.log else "",
        "version": record.version,
        "created_at": record.created_at,
        "updated_at": record.updated_at,
        "pending": json.dumps(list(record.pending)),
    }
