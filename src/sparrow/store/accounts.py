"""The account half of the store: failed sign-ins (counted by key), known devices, a user's sessions,
a new password, the export of everything kept about a user and the deletion of their account.

:class:`AccountStore` is mixed into :class:`sparrow.store.Store`; like the rest of the store, every
method is one transaction and decides nothing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from sparrow.store import tables as t
from sparrow.store.hand_logs import hand_events

__all__ = ["AccountStore", "SessionInfo"]


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

    # ---------------------------------------------------------------- failed sign-ins

    def failures(self, key: str) -> tuple[int, float]:
        """(failed attempts counted under ``key`` in the current run, time of the last one)."""
        with self.engine.connect() as db:
            row = db.execute(select(t.login_failures).where(t.login_failures.c.username_key == key[:64])).first()
        return (0, 0.0) if row is None else (row.count, row.last_at)

    def record_failure(self, *keys: str) -> None:
        """Count one failed attempt under each key."""
        now = time.time()
        for key in dict.fromkeys(key[:64] for key in keys):
            counted = (
                update(t.login_failures)
                .where(t.login_failures.c.username_key == key)
                .values(count=t.login_failures.c.count + 1, last_at=now)
            )
            try:
                with self._write() as db:
                    if not db.execute(counted).rowcount:
                        db.execute(
                            insert(t.login_failures).values(username_key=key, count=1, first_at=now, last_at=now)
                        )
            except IntegrityError:  # another request recorded the first failure at the same moment
                with self._write() as db:
                    db.execute(counted)

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
            query = delete(t.sessions).where(t.sessions.c.user_id == user_id)
            if keep is not None:
                query = query.where(t.sessions.c.id != keep)
            ended = db.execute(query).rowcount
            devices = delete(t.devices).where(t.devices.c.user_id == user_id)
            if keep_device is not None:
                devices = devices.where(t.devices.c.id != keep_device)
            db.execute(devices)
        return ended

    def change_password(self, user_id: int, password_hash: str, keep_session: str, keep_device: str | None) -> None:
        """The new hash; every other session ends and only this device stays known, in one transaction."""
        with self._write() as db:
            db.execute(update(t.users).where(t.users.c.id == user_id).values(password_hash=password_hash))
            db.execute(delete(t.sessions).where(t.sessions.c.user_id == user_id, t.sessions.c.id != keep_session))
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
            db.execute(delete(t.sessions).where(t.sessions.c.user_id == user_id))
            return bool(db.execute(delete(t.users).where(t.users.c.id == user_id)).rowcount)


def _chunks(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]
