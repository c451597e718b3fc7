"""Rooms where people play each other, as the web app keeps them: create, take a chair, start, act, watch.

The server is the referee, as for a game against the computer: a room is stored with its chairs and
its match's log (``sparrow.store.rooms``), its live :class:`~sparrow.play.room.RoomTable` kept in
memory and brought forward by the new events whenever the database is newer (rebuilt from the log when
it cannot be), every change checked by the table and saved before it is answered. One lock a room, in
this process: a change and a view never overlap. A change whose save finds the room changed by another
process meanwhile is computed again on the room as saved now (:meth:`Rooms._change`): a decision still
legal there is taken, so a person never sees another process's timing. Who sits where is known by
session: a person's chair is their session's; anyone with the link who sits nowhere is a spectator.
Who is away (they said so, they missed a turn, or the host handed their chair to the stand-in) is
saved with the chairs, so it holds across server processes and restarts.

Every change bumps the room's version and is announced (:class:`~sparrow.store.room_news.RoomNews`:
PostgreSQL's NOTIFY, or Redis): the live connections of every server process wait on
:meth:`Rooms.changed` and hear of it at once, whichever process saved it. They also look at the
database every few seconds, for news that was missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from sparrow.bots import LEVELS
from sparrow.play.room import RoomError, RoomTable
from sparrow.rules import RulesError, get_ruleset, ruleset_names
from sparrow.store import SessionRecord, Store
from sparrow.store.room_news import RoomNews
from sparrow.store.rooms import RoomRecord, StaleRoomError
from sparrow.web.errors import WebError
from sparrow.web.ratings import change_view, new_ratings, rated_match
from sparrow.web.room_limits import (
    ACTIONS_PER_SECOND,
    LIVE_SOCKETS,
    MESSAGES_PER_SECOND,
    LockTable,
    Refusals,
    SocketCaps,
)

__all__ = ["Rooms", "NAME_RULE", "ACTIONS_PER_SECOND"]

T = TypeVar("T")
log = logging.getLogger("sparrow.rooms")

NAME_RULE = "a name of 1 to 16 letters, digits, spaces, - or _"
_NAME = re.compile(r"[\w][\w \-]{0,15}")
_BOT_NAME = re.compile(r"(?i)(easy|normal|expert) \d+")
_CACHE_SIZE = 256
_MAX_TURN_SECONDS = 600
# How often a change is computed again when another process saved the room first: each try loses
# only to a save made while it was computed, so a few suffice even in a busy claim window.
_TRIES = 8
IDLE_SECONDS = 2 * 3600  # a room playing with no change this long is closed as abandoned
LOOK_AGAIN_SECONDS = 5.0  # how often a live connection looks at the database itself
# ...unless SPARROW_ROOMS_LOOK_AGAIN says otherwise (a test sets it very long to see news alone at work).
LOOK_AGAIN = "SPARROW_ROOMS_LOOK_AGAIN"


def _not_found() -> WebError:
    return WebError(404, "There is no such room.")


def _stale() -> WebError:
    return WebError(409, "The room was changed by someone else at the same moment: look again.")


def _seats(rules: str, options: Mapping[str, Any]) -> int:
    """The chairs of a table of ``rules`` with ``options`` (raises ``RulesError`` naming the problem)."""
    return get_ruleset(rules).table(dict(options)).seats


def _settle(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class Rooms:
    def __init__(
        self,
        store: Store,
        news: RoomNews | None = None,
        *,
        public_url: str | None = None,
        seeds: Iterator[int] | None = None,
    ) -> None:
        self.store = store
        # The rooms' deal seeds: drawn at random, or taken in order (a test's or a frozen corpus's).
        self.seeds = seeds
        self.news = news if news is not None else RoomNews(store.engine)
        # Where people reach the server (``sparrow serve --public-url``): the start of invitation links.
        self.public_url = public_url.rstrip("/") if public_url else None
        self.actions_per_second = ACTIONS_PER_SECOND
        self.messages_per_second = MESSAGES_PER_SECOND
        cap = os.environ.get(LIVE_SOCKETS, "").strip()
        self.sockets = SocketCaps(int(cap) if cap.isdigit() else None)
        self.look_again = float(os.environ.get(LOOK_AGAIN, "") or LOOK_AGAIN_SECONDS)
        # The rooms in memory: the record last read or saved, and its table (None while open).
        self._tables: OrderedDict[str, tuple[RoomRecord, RoomTable | None]] = OrderedDict()
        # The version of a room last read from the database or heard in news, with the news epoch
        # then (RoomNews.current): while that epoch lasts, a copy at that version is current.
        self._current: dict[str, tuple[int, int]] = {}
        self._lock = threading.Lock()  # the cache, the versions and the waiters
        self._room_locks = LockTable()
        self._versions: dict[str, int] = {}  # the latest version heard of, per room
        self._waiters: dict[str, list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]]] = {}
        self._refusals = Refusals()  # (room, session) -> the decisions refused in the last second

    # ---------------------------------------------------------------- plumbing

    def link(self, room_id: str) -> str:
        """A room's invitation link: on the public address when one is configured, else its path (the
        page completes it with the address its browser shows). Never the request's Host header."""
        return f"{self.public_url or ''}/rooms/{room_id}"

    def _room_lock(self, room_id: str) -> contextlib.AbstractContextManager[None]:
        return self._room_locks.hold(room_id)

    def _record(self, room_id: str) -> RoomRecord:
        """The room as saved now (the copy in memory when the database has no newer version),
        with its table brought up to date in memory. Called with the room's lock held."""
        if not room_id or len(room_id) > 32:
            raise _not_found()
        with self._lock:
            cached = self._tables.get(room_id)
            current = self._current.get(room_id)
        epoch = self.news.current()
        if cached is not None and epoch is not None and current == (epoch, cached[0].version):
            return cached[0]  # news is heard now and told of nothing newer: no need to ask the database
        version = self.store.room_version(room_id)
        if version is None:
            raise _not_found()
        self._note_current(room_id, version)
        if cached is not None and version == cached[0].version:
            return cached[0]
        record = self.store.room_after(cached[0]) if cached is not None else self.store.room(room_id)
        if record is None:
            raise _not_found()
        if record.status == "open":
            self._remember(record, None)
        else:
            self._table(record, cached[1] if cached is not None else None)
        return record

    def _note_current(self, room_id: str, version: int) -> None:
        """The room is at ``version`` at least, as the database or its news says now."""
        epoch = self.news.current()
        if epoch is None:
            return
        with self._lock:
            known = self._current.get(room_id)
            if known is None or known[0] != epoch or known[1] < version:
                self._current[room_id] = (epoch, version)

    def _table(self, record: RoomRecord, older: RoomTable | None = None) -> RoomTable:
        """The room's table at ``record``: the copy in memory, brought forward from ``older`` by
        the new events alone when it can be, else rebuilt from the log."""
        with self._lock:
            cached = self._tables.get(record.id)
        if cached is not None and cached[0].version == record.version and cached[1] is not None:
            return cached[1]
        if older is None and cached is not None:
            older = cached[1]
        # The decisions asked now were asked when the room was last changed: their time runs from then.
        if older is not None and older.catch_up(record.log, record.pending, now=record.updated_at):
            table = older
        else:
            with self._lock:  # a copy that could not be brought forward is spoiled: never serve it again
                self._tables.pop(record.id, None)
            table = self._rebuild(record)
        for name in set(table.people):
            if name in record.away and name not in table.away:
                table.leave(name, now=record.updated_at)
            elif name not in record.away and name in table.away:
                table.come_back(name, now=record.updated_at)
        self._remember(record, table)
        return table

    @staticmethod
    def _rebuild(record: RoomRecord) -> RoomTable:
        """The room's table built again from its log and its pending decisions. Decisions that do not
        fit the log (those saved by an older server in its own form: Riichi's chairs as numbers) are
        dropped, with a warning, and the table is built without them: the bots answer again as they
        did (they decide the same from the same table), a person is asked again. Never an error."""

        def build(pending: Sequence[Mapping[str, Any]]) -> RoomTable:
            return RoomTable.from_log(
                record.rules,
                record.seed,
                record.names,
                record.log,
                record.options,
                level=record.level,
                turn_seconds=record.turn_seconds,
                now=record.updated_at,
                pending=pending,
            )

        if not record.pending:
            return build(())
        try:
            return build(record.pending)
        except RoomError as error:
            log.warning("room %s: its pending decisions are dropped and asked again (%s)", record.id, error)
            return build(())

    def _remember(self, record: RoomRecord, table: RoomTable | None) -> None:
        with self._lock:
            self._tables[record.id] = (record, table)
            self._tables.move_to_end(record.id)
            while len(self._tables) > _CACHE_SIZE:
                self._tables.popitem(last=False)

    def _change(self, room_id: str, change: Callable[[RoomRecord], RoomRecord]) -> RoomRecord:
        """``change(record)`` on the room as saved now, under the room's lock. When its save finds the
        room changed meanwhile by another process (two people of one claim window answering through
        two processes), it is computed again on the room as that process saved it: what is still
        legal there is taken, what is not is refused as it would have been."""
        with self._room_lock(room_id):
            for _ in range(_TRIES):
                try:
                    return change(self._record(room_id))
                except StaleRoomError:
                    continue
        raise _stale()

    def _save(self, record: RoomRecord, table: RoomTable | None = None, **changes: Any) -> RoomRecord:
        """Save the room's changes (the table's log and pending decisions, and ``changes``); raises
        ``StaleRoomError`` when another process saved the room since ``record`` was read."""
        if table is not None:
            changes["log"] = table.log()
            changes["pending"] = table.pending()
            if table.match_over:
                changes["status"] = "over"
        if record.status == "playing" and changes.get("status") in ("over", "abandoned"):
            changes["also"] = self._rating(record, table, changes)
        try:
            saved = self.store.save_room(record, **changes)
        except StaleRoomError:
            with self._lock:  # the copy in memory is older than the room, and may hold this change
                self._tables.pop(record.id, None)
            raise
        if table is None:  # the chairs or the status changed: the table in memory is still the room's
            with self._lock:
                cached = self._tables.get(record.id)
            table = cached[1] if cached is not None and cached[0].version == record.version else None
        if table is not None or saved.status == "open":
            self._remember(saved, table)
        self.news.published(saved.id, saved.version)
        self.heard(saved.id, saved.version)
        return saved

    def _rating(
        self, record: RoomRecord, table: RoomTable | None, changes: Mapping[str, Any]
    ) -> Callable[[Any], object] | None:
        """What the end of the room's match writes with it: the players' new ratings, when the match
        counts for them (``web/ratings.py``); written in the save's transaction, once a match."""
        if table is None:  # closed by its chairs or for idleness: the table as it stood
            table = self._table(record)
        ending = replace(record, chairs=tuple(changes.get("chairs", record.chairs)))
        try:
            match = rated_match(ending, table, changes["status"])
        except Exception:  # a rating that cannot be worked out never keeps the match from ending
            log.exception("room %s: its match could not be rated", record.id)
            return None
        if match is None:
            return None
        rules, seats = match.rules, match.seats
        return lambda db: self.store.rate_match(
            match.match_id, rules, seats, lambda current: new_ratings(rules, seats, current), db=db
        )

    # ---------------------------------------------------------------- news of changes

    def heard(self, room_id: str, version: int) -> None:
        """A room is at ``version`` now (saved here, or announced by another process): wake its watchers."""
        self._note_current(room_id, version)
        with self._lock:
            if version <= self._versions.get(room_id, 0):
                return
            self._versions[room_id] = version
            waiters = self._waiters.pop(room_id, [])
        for loop, future in waiters:
            loop.call_soon_threadsafe(_settle, future)

    async def changed(self, room_id: str, version: int, timeout: float) -> bool:
        """Wait until the room is past ``version`` or ``timeout`` seconds pass; whether it changed.
        Only what this process heard counts: the caller looks at the database itself now and then."""
        self.news.listen(self.heard, self.watched)  # the first watcher of this process starts the listener
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        with self._lock:
            if self._versions.get(room_id, 0) > version:
                return True
            self._waiters.setdefault(room_id, []).append((loop, future))
        try:
            await asyncio.wait_for(future, timeout)
        except TimeoutError:
            pass
        finally:  # a wait that timed out, or was cancelled, is no one's to wake any more
            with self._lock:
                waiting = self._waiters.get(room_id, [])
                if (loop, future) in waiting:
                    waiting.remove((loop, future))
                if not waiting:
                    self._waiters.pop(room_id, None)
        with self._lock:
            return self._versions.get(room_id, 0) > version

    def watched(self) -> list[str]:
        """The rooms this process's live connections wait on now."""
        with self._lock:
            return list(self._waiters)

    def version(self, room_id: str) -> int:
        """The room's version in the database (0: no such room); also heard as news."""
        version = self.store.room_version(room_id) or 0
        self.heard(room_id, version)
        return version

    def next_deadline(self, room_id: str) -> float | None:
        """The earliest time a decision in the room passes to a stand-in (from the copy in memory)."""
        with self._lock:
            cached = self._tables.get(room_id)
        if cached is None or cached[1] is None:
            return None
        table = cached[1]
        times = [t for name in table.people if (t := table.deadline(name)) is not None]
        return min(times) if times else None

    def close(self) -> None:
        self.news.close()

    # ---------------------------------------------------------------- the API's operations

    def create(
        self, session: SessionRecord, rules: str, options: Mapping[str, Any], level: str, turn_seconds: float | None
    ) -> RoomRecord:
        if level not in LEVELS:
            raise WebError(422, f"level: unknown level {level!r} (expected one of {', '.join(LEVELS)}).")
        if turn_seconds is not None and not 5 <= turn_seconds <= _MAX_TURN_SECONDS:
            raise WebError(422, f"turn_seconds: a turn lasts 5 to {_MAX_TURN_SECONDS} seconds, or has no limit (null).")
        try:
            seats = _seats(rules, options)
        except RulesError as error:
            field = "options" if rules in ruleset_names() else "rules"
            raise WebError(422, f"{field}: {error}.") from None
        room_id = secrets.token_urlsafe(16)
        seed = next(self.seeds) if self.seeds is not None else secrets.randbits(62)
        return self.store.create_room(room_id, session.id, rules, options, level, turn_seconds, seed, seats)

    def take_chair(self, room_id: str, session: SessionRecord, chair: Any, name: Any) -> RoomRecord:
        if not isinstance(name, str) or not _NAME.fullmatch(name.strip()) or _BOT_NAME.fullmatch(name.strip()):
            raise WebError(422, f"name: {NAME_RULE} (not a computer player's, such as 'Normal 1').")
        name = name.strip()

        def sit(record: RoomRecord) -> RoomRecord:
            if record.status != "open":
                raise WebError(409, "The game in this room has started: its chairs are taken for the match.")
            seats = len(record.chairs)
            if not isinstance(chair, int) or isinstance(chair, bool) or not 0 <= chair < seats:
                raise WebError(422, f"chair: a chair number from 0 to {seats - 1}.")
            chairs = list(record.chairs)
            mine = record.chair_of(session.id)
            taken = chairs[chair]
            if taken is not None and chair != mine:
                raise WebError(409, f"Chair {chair} is taken by {taken['name']}: choose another.")
            if all(c is not None for i, c in enumerate(chairs) if i != mine) and mine is None:
                raise WebError(409, "The room is full.")
            if session.user_id is not None and any(
                c is not None and c.get("user") == session.user_id for i, c in enumerate(chairs) if i != mine
            ):  # the same account from another device: one person, one chair (and one rating)
                raise WebError(409, "You sit at this table already, from another device: one chair an account.")
            if any(
                c is not None and c["name"].casefold() == name.casefold() for i, c in enumerate(chairs) if i != mine
            ):
                raise WebError(409, f"Someone in the room is called {name} already: choose another name.")
            if mine is not None:
                chairs[mine] = None
            chairs[chair] = {"name": name, "session": session.id} | (
                {"user": session.user_id} if session.user_id is not None else {}
            )  # the user's too: a room is in the history of their account, from any device
            return self._save(record, chairs=chairs)

        return self._change(room_id, sit)

    def start(self, room_id: str, session: SessionRecord) -> RoomRecord:
        def deal(record: RoomRecord) -> RoomRecord:
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

        return self._change(room_id, deal)

    def act(self, room_id: str, session_id: str, action: Mapping[str, Any], seen: Any) -> RoomRecord:
        """The decision of the person of ``session_id``, made on the table at event ``seen``. Refused
        decisions are counted (:class:`~sparrow.web.room_limits.Refusals`): past the limit the next
        ones are refused unread (429), except an answer to what the table asks now."""
        key = (room_id, session_id)
        if self._refusals.over(key, self.actions_per_second) and not self._answers_the_table(room_id, session_id, seen):
            raise WebError(429, "Too many actions at once: wait a moment.", headers={"Retry-After": "1"})

        def decide(record: RoomRecord) -> RoomRecord:
            table, person = self._playing(record, session_id)
            if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
                raise WebError(422, f"seen: the number of events seen, a whole number, got {seen!r}.")
            try:
                table.act(person, action, seen, now=time.time())
            except RoomError as error:
                code = 422 if str(error).startswith("not an action") else 409
                raise WebError(code, f"{error}.") from None
            return self._save(record, table)

        try:
            return self._change(room_id, decide)
        except WebError as error:
            if error.status != 404:  # nothing is counted for a room that does not exist
                self._refusals.note(key)
            raise

    def _answers_the_table(self, room_id: str, session_id: str, seen: Any) -> bool:
        """Whether the table in memory asks this person now, at event ``seen``: over the action limit
        only such an answer is looked at (the database is not asked: a flood costs memory reads)."""
        with self._room_lock(room_id):
            with self._lock:
                cached = self._tables.get(room_id)
            if cached is None:
                return False
            record, table = cached
            chair = record.chair_of(session_id)
            if table is None or chair is None or record.status != "playing":
                return False
            asked = record.chairs[chair]["name"] in table.asked()  # type: ignore[index]
            return asked and (seen is None or seen == table.event_count)

    def next_hand(self, room_id: str, session: SessionRecord) -> RoomRecord:
        def deal(record: RoomRecord) -> RoomRecord:
            table, _ = self._playing(record, session.id)
            if not table.hand_over:
                raise WebError(409, "The hand is still in play.")
            if table.match_over:
                raise WebError(409, "The match is over.")
            table.next_hand(now=time.time())
            return self._save(record, table)

        return self._change(room_id, deal)

    def presence(self, room_id: str, session: SessionRecord, here: bool) -> RoomRecord:
        """The person leaves (a bot plays for them) or comes back."""

        def mark(record: RoomRecord) -> RoomRecord:
            table, person = self._playing(record, session.id)
            if here:
                table.come_back(person, now=time.time())
            else:
                table.leave(person, now=time.time())
            if all(name in table.away for name in table.people):
                return self._save(record, table, chairs=_chairs_away(record, table), status="abandoned")
            return self._save(record, table, chairs=_chairs_away(record, table))

        return self._change(room_id, mark)

    def stand_in(self, room_id: str, session: SessionRecord, chair: Any) -> RoomRecord:
        """The host hands an absent person's chair to their stand-in, in a room with no turn limit
        (where nothing else would: the table would wait for them for ever). The person takes it back
        by saying they are back."""

        def hand_over(record: RoomRecord) -> RoomRecord:
            if record.host_session != session.id:
                raise WebError(403, "Only the room's host hands a chair to a computer player.")
            if record.status != "playing":
                raise WebError(409, f"The game in this room is {record.status}: no chair is played for anyone.")
            if record.turn_seconds is not None:
                raise WebError(
                    409, "This room has a turn limit: whoever misses a turn is played for until they are back."
                )
            seats = len(record.chairs)
            if not isinstance(chair, int) or isinstance(chair, bool) or not 0 <= chair < seats:
                raise WebError(422, f"chair: a chair number from 0 to {seats - 1}.")
            sitter = record.chairs[chair]
            if sitter is None:
                raise WebError(409, f"Chair {chair} is a computer player's already.")
            if chair == record.chair_of(session.id):
                raise WebError(409, "That is your own chair: say you are away instead.")
            table = self._table(record)
            if sitter["name"] in table.away:
                return record
            table.leave(sitter["name"], now=time.time())
            status = "abandoned" if all(name in table.away for name in table.people) else "playing"
            return self._save(record, table, chairs=_chairs_away(record, table, sitter["name"]), status=status)

        return self._change(room_id, hand_over)

    def tick(self, room_id: str) -> None:
        """Hand the decisions overdue now to the stand-ins (called by the live connections): whoever
        missed their turn is away from now on, played for at the bots' pace until they are back. A
        room nobody has played in for :data:`IDLE_SECONDS` is closed (kept as abandoned)."""
        if not room_id or len(room_id) > 32:
            return

        def expire(record: RoomRecord) -> RoomRecord:
            if record.status != "playing":
                return record
            now = time.time()
            if now - record.updated_at > IDLE_SECONDS:
                return self._save(record, status="abandoned")
            table = self._table(record)
            if not table.expire(now):
                return record
            return self._save(record, table, chairs=_chairs_away(record, table))

        # Another process may take the same overdue decision first: then it is taken.
        with contextlib.suppress(WebError):
            self._change(room_id, expire)

    def _playing(self, record: RoomRecord, session_id: str) -> tuple[RoomTable, str]:
        chair = record.chair_of(session_id)
        if chair is None:
            raise WebError(403, "You do not sit at this table (a spectator watches only).")
        if record.status == "open":
            raise WebError(409, "The game has not started yet.")
        if record.status != "playing":
            raise WebError(409, f"The game in this room is {record.status}.")
        name = record.chairs[chair]["name"]  # type: ignore[index]
        return self._table(record), name

    # ---------------------------------------------------------------- what a viewer sees

    def history(
        self, session: SessionRecord, limit: int = 20, translate: Callable[[str], str] = str
    ) -> list[dict[str, Any]]:
        """The rooms the person hosts or sits in (by this session, or by their account on any
        device), the latest first: the games with people in their history."""
        user = session.user_id
        rooms = []
        records = self.store.rooms_of(session.id, user, limit)
        # What each match did to the person's rating (a signed-in player's rated matches only).
        changes = self.store.rating_changes_of(user, [r.id for r in records]) if user is not None else {}
        for record in records:
            mine = next(
                (
                    i
                    for i, c in enumerate(record.chairs)
                    if c is not None and (c["session"] == session.id or (user is not None and c.get("user") == user))
                ),
                None,
            )
            rooms.append(
                {
                    "id": record.id,
                    "link": self.link(record.id),
                    "rules": record.rules,
                    "status": record.status,
                    "host": record.host_session == session.id,
                    "chair": mine,
                    "chairs": [None if c is None else {"name": c["name"]} for c in record.chairs],
                    "updated_at": record.updated_at,
                    "rating": change_view(changes[record.id], translate) if record.id in changes else None,
                }
            )
        return rooms

    def view(self, room_id: str, session_id: str | None, since: int = 0, lang: str = "en") -> dict[str, Any]:
        """The room as ``session_id`` sees it (a person at the table, or a spectator): its chairs and
        state, the numbered events from ``since`` and, for a person, their observation and what they
        are asked; ``family``, what a family's own view shows everyone (Riichi's rivers with their
        marks, the dora indicators, honba, sticks: a spectator's panel), None for the others."""
        if not room_id or len(room_id) > 32:
            raise _not_found()
        # Under the room's lock: the table in memory changes only between views, never during one.
        with self._room_lock(room_id):
            return self._view(room_id, session_id, since, lang)

    def read(self, room_id: str, reader: Callable[[RoomRecord, RoomTable | None], T]) -> T:
        """``reader(record, table)`` on the room as saved now (``table`` None while it is open),
        under the room's lock: for the pages that show more of a room than :meth:`view`."""
        if not room_id or len(room_id) > 32:
            raise _not_found()
        with self._room_lock(room_id):
            record = self._record(room_id)
            return reader(record, None if record.status == "open" else self._table(record))

    def _view(self, room_id: str, session_id: str | None, since: int, lang: str) -> dict[str, Any]:
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
            "family": None,
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
            # The tiles left in the live wall, which everyone at a table sees (a spectator's page too).
            "live_wall": table.live_wall,
            "family": table.public_family(),
        }
        if person is not None and table.hand is not None:
            view["observation"] = table.observation(person).to_dict()
            asked = table.asked().get(person)
            view["asked"] = [action.to_dict() for action in asked] if asked else None
            view["deadline"] = table.deadline(person)
        return view


def _chairs_away(record: RoomRecord, table: RoomTable, handed: str | None = None) -> list[dict[str, Any] | None]:
    """The room's chairs with who is away as the table has it now (the flag saved with the chairs),
    and whose chair the host handed over (``handed`` now, or before and not back since): the ratings
    do not count such a player as having left, or a host could place a present player last."""
    chairs: list[dict[str, Any] | None] = []
    for chair in record.chairs:
        if chair is None:
            chairs.append(None)
            continue
        away = chair["name"] in table.away
        kept = {k: v for k, v in chair.items() if k not in ("away", "handed")}
        if away:
            kept["away"] = True
            if chair["name"] == handed or chair.get("handed"):
                kept["handed"] = True
        chairs.append(kept)
    return chairs
