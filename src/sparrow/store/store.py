"""The web app's storage: sessions, accounts, games (seed and log), wins and the leaderboard.

Every method is one transaction. The web layer decides; the store only reads and writes, and refuses a
change that was computed from an outdated game (:class:`StaleGameError`): a game's ``version`` is bumped
by every save and a save names the version it started from, so two servers, two tabs or a retried
request can never write over each other.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from sparrow.game.events import dumps
from sparrow.store import tables as t
from sparrow.store.accounts import SESSION_LIFETIME, AccountStore, SessionInfo, end_sessions, insert_or_ignore
from sparrow.store.database import connect
from sparrow.store.hand_logs import hand_events
from sparrow.store.ratings import RatingStore
from sparrow.store.rooms import RoomStore

__all__ = [
    "Store",
    "SessionRecord",
    "UserRecord",
    "GameRecord",
    "HandRecord",
    "WinRecord",
    "StaleGameError",
    "UsernameTakenError",
    "SheetRecord",
    "StaleSheetError",
    "SessionInfo",
]


# A session unused this long is over (its games, if a guest's, can no longer be reached).
SESSION_IDLE_LIMIT = SESSION_LIFETIME
SEEN_AT_STEP = 3600


class StaleGameError(Exception):
    """The game was changed since it was read (another tab, another request)."""


class StaleSheetError(Exception):
    """The sheet was changed (or deleted) since it was read."""


class UsernameTakenError(Exception):
    """Another account has this username (compared without regard to case)."""


@dataclass(frozen=True, slots=True)
class UserRecord:
    id: int
    username: str
    password_hash: str
    points: int = 0


@dataclass(frozen=True, slots=True)
class SessionRecord:
    id: str  # the hash of the cookie's token
    csrf_token: str
    user_id: int | None
    username: str | None
    settings: Mapping[str, Any] | None
    stored: bool = True  # False: a guest's session that nothing has been saved for yet (no row)
    refreshed: bool = False  # its last-seen time was just moved on (the cookie is sent again)


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: str
    session_id: str | None
    user_id: int | None
    rules: str
    level: str
    options: Mapping[str, Any]
    seed: int
    ranked: bool
    version: int
    hand_number: int
    hand_over: bool
    match_over: bool
    created_at: float
    updated_at: float


@dataclass(frozen=True, slots=True)
class HandRecord:
    number: int
    events: list[dict[str, Any]]
    over: bool


@dataclass(frozen=True, slots=True)
class WinRecord:
    """A hand the signed-in owner of a game won, recorded by the server as the hand ended."""

    user_id: int
    hand_number: int
    score: int
    points: int


@dataclass(frozen=True, slots=True)
class SheetRecord:
    """A stored score sheet: its owner and its JSON (``Sheet.to_dict()``)."""

    id: str
    session_id: str | None
    user_id: int | None
    rules: str
    title: str
    data: dict[str, Any]
    version: int
    created_at: float
    updated_at: float


def _sheet(row: Any) -> SheetRecord:
    return SheetRecord(
        id=row.id,
        session_id=row.session_id,
        user_id=row.user_id,
        rules=row.rules,
        title=row.title,
        data=json.loads(row.data),
        version=row.version,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


class _EndedMeanwhile(Exception):
    """The session being stored has ended: its row must not stay."""


def _ended(db: Connection, session_id: str) -> bool:
    query = select(t.ended_sessions.c.id).where(t.ended_sessions.c.id == session_id)
    return db.execute(query).first() is not None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _game(row: Any) -> GameRecord:
    return GameRecord(
        id=row.id,
        session_id=row.session_id,
        user_id=row.user_id,
        rules=row.rules,
        level=row.level,
        options=json.loads(row.options),
        seed=int(row.seed),
        ranked=bool(row.ranked),
        version=row.version,
        hand_number=row.hand_number,
        hand_over=bool(row.hand_over),
        match_over=bool(row.match_over),
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


class Store(AccountStore, RoomStore, RatingStore):
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = connect(url)
        # SQLite has one writer at a time, and a connection that finds the database locked sleeps in
        # steps of up to 100 ms before it tries again: the requests of one server take turns here
        # instead. (Several server processes on one SQLite file still meet that wait; PostgreSQL
        # needs no turns.)
        self._write_lock = threading.Lock() if self.engine.dialect.name == "sqlite" else None
        self._secrets: dict[str, bytes] = {}

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction (committed at the end of the block, rolled back on an error)."""
        if self._write_lock is None:
            with self.engine.begin() as db:
                yield db
            return
        with self._write_lock, self.engine.begin() as db:
            yield db

    def close(self) -> None:
        self.engine.dispose()

    # ---------------------------------------------------------------- sessions

    def new_session(self, user_id: int | None = None, *, user_agent: str = "") -> tuple[str, SessionRecord]:
        """A new session: (the cookie's token, the record). Its token is random and unsigned: once
        the row is gone, nothing takes it for a guest's (``adopt_session`` is for those)."""
        token = secrets.token_urlsafe(32)
        csrf = secrets.token_urlsafe(32)
        now = time.time()
        with self._write() as db:
            db.execute(
                insert(t.sessions).values(
                    id=token_hash(token),
                    csrf_token=csrf,
                    user_id=user_id,
                    created_at=now,
                    seen_at=now,
                    user_agent=user_agent[:200] or None,
                )
            )
            username = None
            if user_id is not None:
                username = db.execute(select(t.users.c.username).where(t.users.c.id == user_id)).scalar_one()
        return token, SessionRecord(token_hash(token), csrf, user_id, username, None)

    def session(self, token: str) -> SessionRecord | None:
        """The session of a cookie's token, or None when there is no such (live) session."""
        return self.find_session(token)[0]

    def find_session(self, token: str) -> tuple[SessionRecord | None, bool]:
        """(the live session of a cookie's token or None, whether it was there but is over now)."""
        if not token or len(token) > 200:
            return None, False
        query = (
            select(t.sessions, t.users.c.username, t.users.c.settings.label("user_settings"))
            .select_from(t.sessions.outerjoin(t.users, t.users.c.id == t.sessions.c.user_id))
            .where(t.sessions.c.id == token_hash(token))
        )
        with self.engine.connect() as db:
            row = db.execute(query).first()
        if row is None:
            return None, False
        now = time.time()
        if now - row.seen_at > SESSION_IDLE_LIMIT:
            self.end_session(row.id)
            return None, True
        refreshed = now - row.seen_at > SEEN_AT_STEP
        if refreshed:  # a write now and then, not on every request
            with self._write() as db:
                db.execute(update(t.sessions).where(t.sessions.c.id == row.id).values(seen_at=now))
        raw = row.user_settings if row.user_id is not None else row.settings
        settings = json.loads(raw) if raw else None
        return SessionRecord(row.id, row.csrf_token, row.user_id, row.username, settings, refreshed=refreshed), False

    def adopt_session(self, token: str, csrf: str, user_agent: str = "") -> SessionRecord | None:
        """Store the guest session of a cookie handed out before (its first change), unless that
        session has ended (None); if another request stored it a moment ago, that one."""
        session_id = token_hash(token)
        now = time.time()
        row = {"id": session_id, "csrf_token": csrf, "created_at": now, "seen_at": now}
        try:
            with self._write() as db:
                db.execute(insert(t.sessions).values(**row, user_agent=user_agent[:200] or None))
                # Looked at after the insert, which waits for a transaction ending this session (its
                # row's key) and, on SQLite, begins the writing: an end committed before is seen,
                # and the row is taken back with the transaction.
                if _ended(db, session_id):
                    raise _EndedMeanwhile
        except _EndedMeanwhile:
            return None
        except IntegrityError:
            return self.session(token)
        return SessionRecord(session_id, csrf, None, None, None)

    def server_secret(self, name: str) -> bytes:
        """The server's secret ``name`` (32 random bytes), made at its first use and kept in the
        database: every server process on this database signs and checks with the same one."""
        cached = self._secrets.get(name)
        if cached is not None:
            return cached
        query = select(t.server_secrets.c.value).where(t.server_secrets.c.name == name)
        with self.engine.connect() as db:
            value = db.execute(query).scalar()
        if value is None:
            with self._write() as db:  # two processes at once: the first one's secret stays
                made = {"name": name, "value": secrets.token_hex(32), "created_at": time.time()}
                db.execute(insert_or_ignore(db, t.server_secrets).values(**made))
                value = db.execute(query).scalar_one()
        self._secrets[name] = bytes.fromhex(value)
        return self._secrets[name]

    def is_ended(self, session_id: str) -> bool:
        """Whether the session ``session_id`` ended (within the cookies' lifetime: older ends are forgotten)."""
        with self.engine.connect() as db:
            return _ended(db, session_id)

    def end_session(self, session_id: str) -> None:
        """The session ends (signed out, or idle too long): its id is never taken again."""
        with self._write() as db:
            end_sessions(db, [session_id])

    def sign_in(
        self, old: SessionRecord | None, user_id: int, user_agent: str = ""
    ) -> tuple[str, SessionRecord, list[tuple[str, int]]]:
        """A fresh session for ``user_id`` (a new id defeats session fixation); the old session's
        guest games and sheets move to the user, its chairs and host roles in rooms to the new
        session, and the old session ends. Returns the new cookie's token, the session, and the rooms
        changed (id, new version) for the caller to tell its listeners."""
        token, session = self.new_session(user_id, user_agent=user_agent)
        moved: list[tuple[str, int]] = []
        if old is not None:
            with self._write() as db:
                db.execute(
                    update(t.games)
                    .where(t.games.c.session_id == old.id, t.games.c.user_id.is_(None))
                    .values(user_id=user_id, session_id=session.id)
                )
                db.execute(
                    update(t.sheets)
                    .where(t.sheets.c.session_id == old.id, t.sheets.c.user_id.is_(None))
                    .values(user_id=user_id, session_id=session.id)
                )
                moved = self.move_places(old.id, session.id, user_id, db=db)
                end_sessions(db, [old.id])
        return token, session, moved

    def save_settings(self, session: SessionRecord, settings: Mapping[str, Any]) -> None:
        text = json.dumps(dict(settings), sort_keys=True)
        with self._write() as db:
            if session.user_id is not None:
                db.execute(update(t.users).where(t.users.c.id == session.user_id).values(settings=text))
            else:
                db.execute(update(t.sessions).where(t.sessions.c.id == session.id).values(settings=text))

    # ---------------------------------------------------------------- accounts

    def create_user(self, username: str, password_hash: str) -> UserRecord:
        with self._write() as db:
            try:
                inserted = db.execute(
                    insert(t.users).values(
                        username=username,
                        username_key=username.lower(),
                        password_hash=password_hash,
                        created_at=time.time(),
                    )
                ).inserted_primary_key
            except IntegrityError:
                raise UsernameTakenError(username) from None
            assert inserted is not None  # a single row inserted: the key it was given
            user_id = inserted[0]
        return UserRecord(user_id, username, password_hash)

    def user_by_name(self, username: str) -> UserRecord | None:
        with self.engine.connect() as db:
            row = db.execute(select(t.users).where(t.users.c.username_key == username.lower())).first()
        return None if row is None else UserRecord(row.id, row.username, row.password_hash)

    def set_password_hash(self, user_id: int, password_hash: str) -> None:
        with self._write() as db:
            db.execute(update(t.users).where(t.users.c.id == user_id).values(password_hash=password_hash))

    def points(self, user_id: int) -> int:
        with self.engine.connect() as db:
            total = db.execute(select(func.sum(t.wins.c.points)).where(t.wins.c.user_id == user_id)).scalar()
        return int(total or 0)

    # ---------------------------------------------------------------- games

    def create_game(self, game: GameRecord, first_hand: Sequence[Mapping[str, Any]], hand_over: bool) -> None:
        with self._write() as db:
            db.execute(
                insert(t.games).values(
                    id=game.id,
                    session_id=game.session_id,
                    user_id=game.user_id,
                    rules=game.rules,
                    level=game.level,
                    options=json.dumps(dict(game.options), sort_keys=True),
                    seed=game.seed,
                    ranked=game.ranked,
                    version=game.version,
                    hand_number=game.hand_number,
                    hand_over=game.hand_over,
                    match_over=game.match_over,
                    created_at=game.created_at,
                    updated_at=game.updated_at,
                )
            )
            db.execute(insert(t.game_hands).values(game_id=game.id, number=1, log=dumps(first_hand), over=hand_over))

    def game(self, game_id: str) -> GameRecord | None:
        if not game_id or len(game_id) > 32:
            return None
        with self.engine.connect() as db:
            row = db.execute(select(t.games).where(t.games.c.id == game_id)).first()
        return None if row is None else _game(row)

    def hands(self, game_id: str, number: int | None = None) -> list[HandRecord]:
        """The game's hands in order (or just hand ``number``), each with its referee log."""
        query = select(t.game_hands).where(t.game_hands.c.game_id == game_id).order_by(t.game_hands.c.number)
        if number is not None:
            query = query.where(t.game_hands.c.number == number)
        with self.engine.connect() as db:
            rows = db.execute(query).all()
        return [HandRecord(row.number, hand_events(row.log), bool(row.over)) for row in rows]

    def games_of(self, session: SessionRecord, limit: int = 20, offset: int = 0) -> list[GameRecord]:
        """The session's (or its user's) games, the latest first (``offset`` of them skipped)."""
        owner = (
            t.games.c.user_id == session.user_id
            if session.user_id is not None
            else (t.games.c.session_id == session.id) & t.games.c.user_id.is_(None)
        )
        query = (
            select(t.games).where(owner).order_by(t.games.c.updated_at.desc(), t.games.c.id).limit(limit).offset(offset)
        )
        with self.engine.connect() as db:
            return [_game(row) for row in db.execute(query).all()]

    def save_game(
        self,
        game: GameRecord,
        *,
        hand_number: int,
        hand_events: Sequence[Mapping[str, Any]],
        hand_over: bool,
        match_over: bool,
        win: WinRecord | None = None,
        ranked: bool | None = None,
    ) -> GameRecord:
        """Write the hand in play (or a newly dealt one) and the game's state, in one transaction,
        if nobody saved the game since ``game`` was read; returns the saved record. Raises
        :class:`StaleGameError` otherwise (nothing is written). ``ranked``: whether the game counts
        for the leaderboard from now on, where that changes (a move taken back makes it unranked)."""
        now = time.time()
        ranking = {} if ranked is None else {"ranked": ranked}
        with self._write() as db:
            changed = db.execute(
                update(t.games)
                .where(t.games.c.id == game.id, t.games.c.version == game.version)
                .values(
                    version=game.version + 1,
                    hand_number=hand_number,
                    hand_over=hand_over,
                    match_over=match_over,
                    updated_at=now,
                    **ranking,
                )
            ).rowcount
            if changed != 1:
                raise StaleGameError(game.id)
            log = dumps(hand_events)
            rows = db.execute(
                update(t.game_hands)
                .where(t.game_hands.c.game_id == game.id, t.game_hands.c.number == hand_number)
                .values(log=log, over=hand_over)
            ).rowcount
            if not rows:
                db.execute(insert(t.game_hands).values(game_id=game.id, number=hand_number, log=log, over=hand_over))
            if win is not None:
                db.execute(
                    insert(t.wins).values(
                        user_id=win.user_id,
                        game_id=game.id,
                        hand_number=win.hand_number,
                        rules=game.rules,
                        level=game.level,
                        score=win.score,
                        points=win.points,
                        created_at=now,
                    )
                )
        return GameRecord(
            **{
                **{name: getattr(game, name) for name in GameRecord.__slots__},
                "version": game.version + 1,
                "hand_number": hand_number,
                "hand_over": hand_over,
                "match_over": match_over,
                "updated_at": now,
                **ranking,
            }
        )

    # ---------------------------------------------------------------- score sheets

    def create_sheet(self, sheet_id: str, session: SessionRecord, data: Mapping[str, Any]) -> SheetRecord:
        now = time.time()
        record = SheetRecord(
            id=sheet_id,
            session_id=session.id,
            user_id=session.user_id,
            rules=str(data["rules"]),
            title=str(data.get("title") or ""),
            data=dict(data),
            version=1,
            created_at=now,
            updated_at=now,
        )
        with self._write() as db:
            db.execute(
                insert(t.sheets).values(
                    id=record.id,
                    session_id=record.session_id,
                    user_id=record.user_id,
                    rules=record.rules,
                    title=record.title,
                    data=json.dumps(record.data),
                    version=record.version,
                    created_at=now,
                    updated_at=now,
                )
            )
        return record

    def sheet(self, sheet_id: str) -> SheetRecord | None:
        if not sheet_id or len(sheet_id) > 32:
            return None
        with self.engine.connect() as db:
            row = db.execute(select(t.sheets).where(t.sheets.c.id == sheet_id)).first()
        return None if row is None else _sheet(row)

    def sheets_of(self, session: SessionRecord, limit: int = 200) -> list[SheetRecord]:
        """The session's (or its user's) sheets, the latest changed first."""
        owner = (
            t.sheets.c.user_id == session.user_id
            if session.user_id is not None
            else t.sheets.c.session_id == session.id
        )
        query = select(t.sheets).where(owner).order_by(t.sheets.c.updated_at.desc()).limit(limit)
        with self.engine.connect() as db:
            return [_sheet(row) for row in db.execute(query).all()]

    def save_sheet(self, record: SheetRecord, data: Mapping[str, Any]) -> SheetRecord:
        """Write the sheet's new JSON if nobody saved it since ``record`` was read; raises
        :class:`StaleSheetError` otherwise (nothing is written)."""
        now = time.time()
        title = str(data.get("title") or "")
        with self._write() as db:
            changed = db.execute(
                update(t.sheets)
                .where(t.sheets.c.id == record.id, t.sheets.c.version == record.version)
                .values(data=json.dumps(dict(data)), title=title, version=record.version + 1, updated_at=now)
            ).rowcount
            if changed != 1:
                raise StaleSheetError(record.id)
        return SheetRecord(
            **{
                **{name: getattr(record, name) for name in SheetRecord.__slots__},
                "data": dict(data),
                "title": title,
                "version": record.version + 1,
                "updated_at": now,
            }
        )

    def delete_sheet(self, sheet_id: str) -> None:
        with self._write() as db:
            db.execute(delete(t.sheets).where(t.sheets.c.id == sheet_id))

    # ---------------------------------------------------------------- the leaderboard

    def leaderboard(self, limit: int = 100) -> list[dict[str, Any]]:
        """Players with at least one recorded win: points, wins and their best hand, highest points first."""
        totals = (
            select(
                t.wins.c.user_id,
                func.sum(t.wins.c.points).label("points"),
                func.count().label("wins"),
            )
            .group_by(t.wins.c.user_id)
            .subquery()
        )
        query = (
            select(t.users.c.id, t.users.c.username, totals.c.points, totals.c.wins)
            .join(totals, totals.c.user_id == t.users.c.id)
            .order_by(totals.c.points.desc(), t.users.c.username_key)
            .limit(limit)
        )
        with self.engine.connect() as db:
            rows = db.execute(query).all()
            ids = [row.id for row in rows]
            best: dict[int, Any] = {}
            if ids:
                # The best result: the highest-scoring hand, on a tie the one that earned more points.
                for win in db.execute(
                    select(t.wins)
                    .where(t.wins.c.user_id.in_(ids))
                    .order_by(t.wins.c.score.desc(), t.wins.c.points.desc(), t.wins.c.created_at)
                ).all():
                    best.setdefault(win.user_id, win)
        return [
            {
                "username": row.username,
                "points": int(row.points),
                "wins": int(row.wins),
                "best": {
                    "level": best[row.id].level,
                    "rules": best[row.id].rules,
                    "score": int(best[row.id].score),
                },
            }
            for row in rows
        ]
