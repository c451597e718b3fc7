"""Rooms where people play each other, as the web app keeps them: create, take a chair, start, act, watch.

The server is the referee, as for a game against the computer: a room is stored with its chairs and
its match's log (``sparrow.store.rooms``), its live :class:`~sparrow.play.room.RoomTable` rebuilt from
them whenever the memory copy is older than the database, every change checked by the table and saved
before it is answered, and a change computed from an older room refused (409). Who sits where is known
by session: a person's chair is their session's; anyone with the link who sits nowhere is a spectator.

Every change bumps the room's version and wakes whoever waits on it in this process (:meth:`wait`);
the live connections also look at the database every second, so a change made by another server
process reaches them too.
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from sparrow.bots import LEVELS
from sparrow.game.procedures import procedure
from sparrow.play.room import RoomError, RoomTable
from sparrow.rules import RulesError
from sparrow.store import SessionRecord, Store
from sparrow.store.rooms import RoomRecord, StaleRoomError
from sparrow.web.errors import WebError

__all__ = ["Rooms", "NAME_RULE"]

NAME_RULE = "a name of 1 to 16 letters, digits, spaces, - or _"
_NAME = re.compile(r"[\w][\w \-]{0,15}")
_BOT_NAME = re.compile(r"(?i)(easy|normal|expert) \d+")
_CACHE_SIZE = 256
_MAX_TURN_SECONDS = 600


def _not_found() -> WebError:
    return WebError(404, "There is no such room.")


class Rooms:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._tables: OrderedDict[str, tuple[int, RoomTable]] = OrderedDict()
        self._lock = threading.Lock()  # the cache and the room locks' table
        self._room_locks: dict[str, threading.Lock] = {}
        self._changed = threading.Condition()

    # ---------------------------------------------------------------- plumbing

    def _room_lock(self, room_id: str) -> threading.Lock:
        with self._lock:
            return self._room_locks.setdefault(room_id, threading.Lock())

    def _record(self, room_id: str) -> RoomRecord:
        if not room_id or len(room_id) > 32:
            raise _not_found()
        record = self.store.room(room_id)
        if record is None:
            raise _not_found()
        return record

    def _table(self, record: RoomRecord) -> RoomTable:
        with self._lock:
            cached = self._tables.get(record.id)
        if cached is not None and cached[0] == record.version:
            return cached[1]
        table = RoomTable.from_log(
            record.rules,
            record.seed,
            record.names,
            record.log,
            record.options,
            level=record.level,
            turn_seconds=record.turn_seconds,
            now=time.time(),
        )
        if cached is not None:
            table.away = {name for name in cached[1].away if name in table.people}
        self._remember(record, table)
        return table

    def _remember(self, record: RoomRecord, table: RoomTable) -> None:
        with self._lock:
            self._tables[record.id] = (record.version, table)
            self._tables.move_to_end(record.id)
            while len(self._tables) > _CACHE_SIZE:
                self._tables.popitem(last=False)

    def _save(self, record: RoomRecord, table: RoomTable | None = None, **changes: Any) -> RoomRecord:
        if table is not None:
            changes["log"] = table.log()
            if table.match_over:
                changes["status"] = "over"
        try:
            saved = self.store.save_room(record, **changes)
        except StaleRoomError:
            with self._lock:
                self._tables.pop(record.id, None)
            raise WebError(409, "The room was changed by someone else at the same moment: look again.") from None
        if table is not None:
            self._remember(saved, table)
        with self._changed:
            self._changed.notify_all()
        return saved

    def wait(self, room_id: str, version: int, timeout: float) -> int:
        """Block until the room is past ``version`` (in this process, or seen in the database), or
        ``timeout`` seconds; returns the room's version."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                with self._lock:
                    cached = self._tables.get(room_id)
                if cached is not None and cached[0] > version:
                    return cached[0]
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._changed.wait(left)
        record = self.store.room(room_id)
        return record.version if record is not None else version

    # ---------------------------------------------------------------- the API's operations

    def create(
        self, session: SessionRecord, rules: str, options: Mapping[str, Any], level: str, turn_seconds: float | None
    ) -> RoomRecord:
        if level not in LEVELS:
            raise WebError(422, f"level: unknown level {level!r} (expected one of {', '.join(LEVELS)}).")
        if turn_seconds is not None and not 5 <= turn_seconds <= _MAX_TURN_SECONDS:
            raise WebError(422, f"turn_seconds: a turn lasts 5 to {_MAX_TURN_SECONDS} seconds, or has no limit (null).")
        try:
            seats = procedure(rules, dict(options)).table.seats
        except RulesError as error:
            field = "options" if "option" in str(error) else "rules"
            raise WebError(422, f"{field}: {error}.") from None
        room_id = secrets.token_urlsafe(16)
        return self.store.create_room(
            room_id, session.id, rules, options, level, turn_seconds, secrets.randbits(62), seats
        )

    def take_chair(self, room_id: str, session: SessionRecord, chair: Any, name: Any) -> RoomRecord:
        if not isinstance(name, str) or not _NAME.fullmatch(name.strip()) or _BOT_NAME.fullmatch(name.strip()):
            raise WebError(422, f"name: {NAME_RULE} (not a computer player's, such as 'Normal 1').")
        name = name.strip()
        with self._room_lock(room_id):
            record = self._record(room_id)
            if record.status != "open":
                raise WebError(409, "The game in this room has started: its chairs are taken for the match.")
            seats = len(record.chairs)
            if not isinstance(chair, int) or isinstance(chair, bool) or not 0 <= chair < seats:
                raise WebError(422, f"chair: a chair number from 0 to {seats - 1}.")
            chairs = list(record.chairs)
            mine = record.chair_of(session.id)
            if chairs[chair] is not None and chair != mine:
                raise WebError(409, f"Chair {chair} is taken by {chairs[chair]['name']}: choose another.")
            if all(c is not None for i, c in enumerate(chairs) if i != mine) and mine is None:
                raise WebError(409, "The room is full.")
            if any(
                c is not None and c["name"].casefold() == name.casefold() for i, c in enumerate(chairs) if i != mine
            ):
                raise WebError(409, f"Someone in the room is called {name} already: choose another name.")
            if mine is not None:
                chairs[mine] = None
            chairs[chair] = {"name": name, "session": session.id}
            return self._save(record, chairs=chairs)

    def start(self, room_id: str, session: SessionRecord) -> RoomRecord:
        with self._room_lock(room_id):
            record = self._record(room_id)
            if record.host_session != session.id:
                raise WebError(403, "Only the room's host starts the game.")
            if record.status != "open":
                raise WebError(409, "The game in this room has started already.")
            if all(chair is None for chair in record.chairs):
                raise WebError(409, "Nobody sits at the table yet: take a chair first.")
            table = RoomTable(
                record.rules,
                record.seed,
                record.names,
                record.options,
                level=record.level,
                turn_seconds=record.turn_seconds,
            )
            table.start(now=time.time())
            return self._save(record, table, status="playing")

    def act(self, room_id: str, session: SessionRecord, action: Mapping[str, Any], seen: Any) -> RoomRecord:
        with self._room_lock(room_id):
            record, table, person = self._playing(room_id, session)
            if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
                raise WebError(422, f"seen: the number of events seen, a whole number, got {seen!r}.")
            try:
                table.act(person, action, seen, now=time.time())
            except RoomError as error:
                code = 422 if str(error).startswith("not an action") else 409
                raise WebError(code, f"{error}.") from None
            return self._save(record, table)

    def next_hand(self, room_id: str, session: SessionRecord) -> RoomRecord:
        with self._room_lock(room_id):
            record, table, _ = self._playing(room_id, session)
            if not table.hand_over:
                raise WebError(409, "The hand is still in play.")
            if table.match_over:
                raise WebError(409, "The match is over.")
            table.next_hand(now=time.time())
            return self._save(record, table)

    def presence(self, room_id: str, session: SessionRecord, here: bool) -> RoomRecord:
        """The person leaves (a bot plays for them) or comes back."""
        with self._room_lock(room_id):
            record, table, person = self._playing(room_id, session)
            if here:
                table.come_back(person, now=time.time())
            else:
                table.leave(person, now=time.time())
            if all(name in table.away for name in table.people):
                return self._save(record, table, status="abandoned")
            return self._save(record, table)

    def tick(self, room_id: str) -> None:
        """Hand the decisions overdue now to the stand-ins (called by the live connections)."""
        if not room_id or len(room_id) > 32:
            return
        with self._room_lock(room_id):
            record = self.store.room(room_id)
            if record is None or record.status != "playing":
                return
            table = self._table(record)
            if table.expire(time.time()):
                self._save(record, table)

    def _playing(self, room_id: str, session: SessionRecord) -> tuple[RoomRecord, RoomTable, str]:
        record = self._record(room_id)
        chair = record.chair_of(session.id)
        if chair is None:
            raise WebError(403, "You do not sit at this table (a spectator watches only).")
        if record.status == "open":
            raise WebError(409, "The game has not started yet.")
        if record.status != "playing":
            raise WebError(409, f"The game in this room is {record.status}.")
        name = record.chairs[chair]["name"]  # type: ignore[index]
        return record, self._table(record), name

    # ---------------------------------------------------------------- what a viewer sees

    def view(self, room_id: str, session_id: str | None, since: int = 0) -> dict[str, Any]:
        """The room as ``session_id`` sees it (a person at the table, or a spectator): its chairs and
        state, the numbered events from ``since`` and, for a person, their observation and what they
        are asked."""
        record = self._record(room_id)
        chair = record.chair_of(session_id) if session_id else None
        person = record.chairs[chair]["name"] if chair is not None else None  # type: ignore[index]
        view: dict[str, Any] = {
            "id": record.id,
            "rules": record.rules,
            "options": dict(record.options),
            "level": record.level,
            "turn_seconds": record.turn_seconds,
            "status": record.status,
            "version": record.version,
            "host": session_id == record.host_session,
            "chair": chair,
            "chairs": [None if c is None else {"name": c["name"]} for c in record.chairs],
            "event_count": 0,
            "events": [],
            "observation": None,
            "asked": None,
            "deadline": None,
            "hand_over": None,
            "match_over": None,
        }
        if record.status == "open":
            return view
        table = self._table(record)
        for chair_view in view["chairs"]:
            if chair_view is not None:
                chair_view["away"] = chair_view["name"] in table.away
                chair_view["seat"] = table.seat_of(chair_view["name"])
        try:
            events = table.events(person, since)
        except RoomError as error:
            raise WebError(409, f"{error}.") from None
        view |= {
            "event_count": table.event_count,
            "events": [{"number": n.number, "event": n.event} for n in events],
            "hand_over": table.hand_over,
            "match_over": table.match_over,
        }
        if person is not None and table.hand is not None:
            view["observation"] = table.observation(person).to_dict()
            asked = table.asked().get(person)
            view["asked"] = [action.to_dict() for action in asked] if asked else None
            view["deadline"] = table.deadline(person)
        return view
