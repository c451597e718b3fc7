"""The account half of the store: counts by key (failed sign-ins, sign-ups: an atomic counter, and a
claim that checks a wait and counts in one statement), known devices, a user's sessions and their
end (remembered in ``ended_sessions``), a new password, the export of everything kept about a user
and the deletion of their account.

:class:`AccountStore` is mixed into :class:`sparrow.store.Store`; like the rest of the store, every
method is one transaction and decides nothing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Engine,
    Float,
    Table,
    case,
    delete,
    insert,
    literal,
    or_,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql.dml import ReturningInsert

from sparrow.store import tables as t
from sparrow.store.hand_logs import hand_events
from sparrow.store.ratings import rating_changes, ratings

__all__ = ["AccountStore", "SessionInfo", "SESSION_LIFETIME", "end_sessions", "insert_or_ignore", "upsert"]

# A session unused this long is over, and a guest's cookie lives as long from its last use: the
# longest a cookie of an ended session could come back.
SESSION_LIFETIME = 90 * 24 * 3600


def upsert(db: Connection, table: Table) -> sqlite.Insert | postgresql.Insert:
    """An INSERT of the connection's dialect, which can say what to do when the row is there
    (``on_conflict_do_nothing``, ``on_conflict_do_update``): SQLite and PostgreSQL spell it alike."""
    if db.dialect.name == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)


def insert_or_ignore(db: Connection, table: Table) -> sqlite.Insert | postgresql.Insert:
    """An INSERT that leaves an existing row (the same key) as it is."""
    return upsert(db, table).on_conflict_do_nothing()


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """One of a user's sessions, as the account page lists it."""

    id: str
    user_agent: str
    created_at: float
    seen_at: float


class AccountStore:
    engine: Engine

    def _write(self) -> AbstractContextManager[Connection]:  # provided by Store
        raise NotImplementedError

    # ---------------------------------------------------------------- counts: failed sign-ins, sign-ups

    def bump(self, key: str, forget_after: float) -> int:
        """Count one more under ``key`` and return the count with it, atomically: parallel bumps of
        one key each get a number of their own (1, 2, 3...), never the same one. A count whose last
        bump is ``forget_after`` seconds old or older is forgotten: this bump counts 1 again.

        The generic counter of the ``login_failures`` table (a key, its count, its first and last
        time): compare the number returned with a limit (a quota per address, per hour...)."""
        counted = self.claim(key, forget_after)
        assert counted is not None  # no waits: every bump counts
        return counted

    def claim(self, key: str, forget_after: float, waits: Sequence[tuple[int, float]] = ()) -> int | None:
        """Count one more try under ``key`` if it may go ahead now: the new count, or None (nothing
        written) when it must wait. ``waits``: (count, seconds) pairs by increasing count: once the
        count has reached a pair's count, the next try waits that many seconds after the last try
        counted (the highest pair reached applies). Forgotten after ``forget_after`` as :meth:`bump`.

        One statement decides and counts (an INSERT, or an UPDATE of the row already there whose
        condition is the wait, returning the new row), so two parallel tries never both see the
        count before the other's: the check of a throttle and its count are one step."""
        counted = self.claim_together([(key, waits)], forget_after)
        return None if counted is None else counted[0]

    def claim_together(
        self, claims: Sequence[tuple[str, Sequence[tuple[int, float]]]], forget_after: float
    ) -> list[int] | None:
        """:meth:`claim` under several keys (each with its waits) at once, in one transaction: the
        new counts, or None and nothing written when any of them must wait."""
        now = time.time()
        counts: list[int] = []
        try:
            with self._write() as db:
                for key, waits in claims:
                    counted = db.execute(_claim(db, key[:64], now, forget_after, waits)).scalar()
                    if counted is None:
                        raise _MustWait
                    counts.append(int(counted))
        except _MustWait:
            return None
        return counts

    def take_back(self, *keys: str) -> None:
        """Count one less under each key (a try that was claimed but did not happen, or succeeded)."""
        table = t.login_failures
        with self._write() as db:
            db.execute(
                update(table)
                .where(table.c.username_key.in_([key[:64] for key in keys]), table.c.count > 0)
                .values(count=table.c.count - 1)
            )

    def failures(self, key: str) -> tuple[int, float]:
        """(tries counted under ``key`` in the current run, time of the last one)."""
        return self.counts([key])[key]

    def counts(self, keys: Sequence[str]) -> dict[str, tuple[int, float]]:
        """:meth:`failures` of each key, read at once."""
        table = t.login_failures
        with self.engine.connect() as db:
            rows = db.execute(select(table).where(table.c.username_key.in_([k[:64] for k in keys]))).all()
        found = {row.username_key: (int(row._mapping["count"]), float(row.last_at)) for row in rows}
        return {key: found.get(key[:64], (0, 0.0)) for key in keys}

    def clear_failures(self, *keys: str) -> None:
        with self._write() as db:
            db.execute(delete(t.login_failures).where(t.login_failures.c.username_key.in_([k[:64] for k in keys])))

    # ---------------------------------------------------------------- known devices

    def is_known_device(self, device_id: str, user_id: int) -> bool:
        with self.engine.connect() as db:
            row = db.execute(
                select(t.devices.c.id).where(t.devices.c.id == device_id, t.devices.c.user_id == user_id)
            ).first()
        return row is not None

    def remember_device(self, device_id: str, user_id: int) -> None:
        now = time.time()
        with self._write() as db:
            seen = db.execute(
                update(t.devices).where(t.devices.c.id == device_id, t.devices.c.user_id == user_id).values(seen_at=now)
            ).rowcount
            if not seen:
                db.execute(insert(t.devices).values(id=device_id, user_id=user_id, created_at=now, seen_at=now))

    # ---------------------------------------------------------------- a user's sessions

    def sessions_of(self, user_id: int) -> list[SessionInfo]:
        """The user's sessions, the last seen first."""
        query = select(t.sessions).where(t.sessions.c.user_id == user_id).order_by(t.sessions.c.seen_at.desc())
        with self.engine.connect() as db:
            rows = db.execute(query).all()
        return [SessionInfo(row.id, row.user_agent or "", row.created_at, row.seen_at) for row in rows]

    def end_sessions_of(self, user_id: int, *, keep: str | None = None, keep_device: str | None = None) -> int:
        """End every session of the user but ``keep``, and forget every known device but
        ``keep_device``; the number of sessions ended."""
        with self._write() as db:
            ended = _end_sessions_of(db, user_id, keep)
            devices = delete(t.devices).where(t.devices.c.user_id == user_id)
            if keep_device is not None:
                devices = devices.where(t.devices.c.id != keep_device)
            db.execute(devices)
        return ended

    def change_password(self, user_id: int, password_hash: str, keep_session: str, keep_device: str | None) -> None:
        """The new hash; every other session ends and only this device stays known, in one transaction."""
        with self._write() as db:
            db.execute(update(t.users).where(t.users.c.id == user_id).values(password_hash=password_hash))
            _end_sessions_of(db, user_id, keep_session)
            devices = delete(t.devices).where(t.devices.c.user_id == user_id)
            if keep_device is not None:
                devices = devices.where(t.devices.c.id != keep_device)
            db.execute(devices)

    # ---------------------------------------------------------------- export and deletion

    def export_user(self, user_id: int) -> dict[str, Any] | None:
        """Everything kept about the user: the account, its sessions, games with every hand's log, wins
        and score sheets (plain JSON values); None if there is no such user."""
        with self.engine.connect() as db:
            user = db.execute(select(t.users).where(t.users.c.id == user_id)).first()
            if user is None:
                return None
            games = db.execute(select(t.games).where(t.games.c.user_id == user_id).order_by(t.games.c.created_at)).all()
            # Only finished hands: the log of a hand in play holds the wall and every concealed hand.
            hands: dict[str, list[dict[str, Any]]] = {}
            for game_ids in _chunks([game.id for game in games], 500):
                finished = (
                    select(t.game_hands)
                    .where(t.game_hands.c.game_id.in_(game_ids), t.game_hands.c.over.is_(True))
                    .order_by(t.game_hands.c.number)
                )
                for row in db.execute(finished).all():
                    hands.setdefault(row.game_id, []).append(
                        {"number": row.number, "over": True, "log": hand_events(row.log)}
                    )
            wins = db.execute(select(t.wins).where(t.wins.c.user_id == user_id).order_by(t.wins.c.created_at)).all()
            sheets = db.execute(
                select(t.sheets).where(t.sheets.c.user_id == user_id).order_by(t.sheets.c.created_at)
            ).all()
            sessions = db.execute(select(t.sessions).where(t.sessions.c.user_id == user_id)).all()
            rated = db.execute(select(ratings).where(ratings.c.user_id == user_id)).all()
            changes = db.execute(
                select(rating_changes).where(rating_changes.c.user_id == user_id).order_by(rating_changes.c.created_at)
            ).all()
        return {
            "account": {
                "username": user.username,
                "created_at": user.created_at,
                "settings": json.loads(user.settings) if user.settings else None,
                "points": sum(int(win.points) for win in wins),
            },
            "sessions": [
                {"device": row.user_agent or "", "created_at": row.created_at, "seen_at": row.seen_at}
                for row in sessions
            ],
            "games": [
                {
                    "id": game.id,
                    "rules": game.rules,
                    "level": game.level,
                    "options": json.loads(game.options),
                    # The match's seed deals every hand still to come: told once the match is over.
                    "seed": int(game.seed) if game.match_over else None,
                    "ranked": bool(game.ranked),
                    "hand_number": game.hand_number,
                    "match_over": bool(game.match_over),
                    "created_at": game.created_at,
                    "updated_at": game.updated_at,
                    "hands": hands.get(game.id, []),
                }
                for game in games
            ],
            "wins": [
                {
                    "game_id": win.game_id,
                    "hand_number": win.hand_number,
                    "rules": win.rules,
                    "level": win.level,
                    "score": int(win.score),
                    "points": int(win.points),
                    "created_at": win.created_at,
                }
                for win in wins
            ],
            # Ratings between people (store/ratings.py): each family's, and what each rated match changed.
            "ratings": [
                {key: row._mapping[key] for key in ("rules", "mu", "sigma", "matches", "rank_step", "rank_points")}
                for row in rated
            ],
            "rating_changes": [
                {key: value for key, value in row._mapping.items() if key not in ("id", "user_id")} for row in changes
            ],
            "sheets": [
                {
                    "id": sheet.id,
                    "rules": sheet.rules,
                    "title": sheet.title,
                    "created_at": sheet.created_at,
                    "updated_at": sheet.updated_at,
                    "sheet": json.loads(sheet.data),
                }
                for sheet in sheets
            ],
        }

    def delete_user(self, user_id: int) -> bool:
        """Remove the user, their sessions, known devices, wins and sheets; their games stay,
        anonymised (no owner: nobody can open them, and the leaderboard no longer counts them).
        False if there was no such user."""
        with self._write() as db:
            db.execute(update(t.games).where(t.games.c.user_id == user_id).values(user_id=None, session_id=None))
            db.execute(delete(t.sheets).where(t.sheets.c.user_id == user_id))
            db.execute(delete(t.wins).where(t.wins.c.user_id == user_id))
            db.execute(delete(t.devices).where(t.devices.c.user_id == user_id))
            _end_sessions_of(db, user_id)
            return bool(db.execute(delete(t.users).where(t.users.c.id == user_id)).rowcount)


class _MustWait(Exception):
    """A claim of :meth:`AccountStore.claim_together` must wait: the transaction is rolled back."""


def _claim(
    db: Connection, key: str, now: float, forget_after: float, waits: Sequence[tuple[int, float]]
) -> ReturningInsert[int]:
    """The statement of one claim (see :meth:`AccountStore.claim`): the new count, or no row."""
    table = t.login_failures
    forgotten = table.c.last_at <= now - forget_after
    may_go: ColumnElement[bool] | None = None
    if waits:
        may_go = or_(forgotten, table.c.count < waits[0][0], table.c.last_at <= now - _wait(table.c.count, waits))
    return (
        upsert(db, table)
        .values(username_key=key, count=1, first_at=now, last_at=now)
        .on_conflict_do_update(
            index_elements=[table.c.username_key],
            set_={
                "count": case((forgotten, 1), else_=table.c.count + 1),
                "first_at": case((forgotten, now), else_=table.c.first_at),
                "last_at": now,
            },
            where=may_go,
        )
        .returning(table.c.count)
    )


def _wait(count: ColumnElement[int], waits: Sequence[tuple[int, float]]) -> ColumnElement[float]:
    """The seconds a try waits after the last one at ``count`` (in SQL): the highest step reached."""
    if len(waits) == 1:
        return literal(waits[0][1], Float)
    steps = [(count < later, seconds) for (_, seconds), (later, _) in zip(waits, waits[1:])]
    return case(*steps, else_=waits[-1][1])


def end_sessions(db: Connection, session_ids: Iterable[str]) -> None:
    """End these sessions in the transaction ``db``: their rows go and their ids are kept as ended.
    A guest's token is checked without a row (it carries the server's signature), so an ended one is
    refused by its id. An id is kept for as long as its cookie could still come back
    (``SESSION_LIFETIME``); older ones are forgotten here."""
    ids = list(dict.fromkeys(session_ids))
    now = time.time()
    for chunk in _chunks(ids, 500):
        db.execute(delete(t.sessions).where(t.sessions.c.id.in_(chunk)))
        db.execute(insert_or_ignore(db, t.ended_sessions), [{"id": sid, "ended_at": now} for sid in chunk])
    db.execute(delete(t.ended_sessions).where(t.ended_sessions.c.ended_at < now - SESSION_LIFETIME))


def _end_sessions_of(db: Connection, user_id: int, keep: str | None = None) -> int:
    query = select(t.sessions.c.id).where(t.sessions.c.user_id == user_id)
    if keep is not None:
        query = query.where(t.sessions.c.id != keep)
    ids = list(db.execute(query).scalars())
    end_sessions(db, ids)
    return len(ids)


def _chunks(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]
