"""How much a session or an account has made: the counts the web app's creation quotas read
(``sparrow.web.quotas``). Read-only, from the rows themselves, so they need no bookkeeping of their
own; what is counted by client address over time uses the store's generic counter (``bump``)."""

from __future__ import annotations

from sqlalchemy import ColumnElement, Engine, Table, func, select

from sparrow.store import tables as t
from sparrow.store.rooms import rooms

__all__ = ["games_in_progress", "open_rooms", "sheets_since"]


def _owner(table: Table, session_id: str, user_id: int | None) -> ColumnElement[bool]:
    """Rows of the account when signed in (every session of it), else of this guest session."""
    if user_id is not None:
        return table.c.user_id == user_id
    return (table.c.session_id == session_id) & table.c.user_id.is_(None)


def games_in_progress(engine: Engine, session_id: str, user_id: int | None, since: float) -> int:
    """Games whose match is not over and that changed at ``since`` or later."""
    games = t.games
    query = select(func.count()).where(
        _owner(games, session_id, user_id), games.c.match_over.is_(False), games.c.updated_at >= since
    )
    with engine.connect() as db:
        return int(db.execute(query).scalar() or 0)


def open_rooms(engine: Engine, session_id: str, user_id: int | None, since: float) -> int:
    """Rooms hosted (by this session, or by any session of the account) that are open or being
    played and changed at ``since`` or later."""
    host = rooms.c.host_session == session_id
    if user_id is not None:
        host |= rooms.c.host_session.in_(select(t.sessions.c.id).where(t.sessions.c.user_id == user_id))
    query = select(func.count()).where(host, rooms.c.status.in_(("open", "playing")), rooms.c.updated_at >= since)
    with engine.connect() as db:
        return int(db.execute(query).scalar() or 0)


def sheets_since(engine: Engine, session_id: str, user_id: int | None, since: float) -> tuple[int, float | None]:
    """(score sheets made at ``since`` or later, when the first of them was made)."""
    sheets = t.sheets
    query = select(func.count(), func.min(sheets.c.created_at)).where(
        _owner(sheets, session_id, user_id), sheets.c.created_at >= since
    )
    with engine.connect() as db:
        count, first = db.execute(query).one()
    return int(count or 0), first
