"""Storage for the web app: SQLite or PostgreSQL through SQLAlchemy, the schema kept by Alembic."""

from sparrow.store.database import DatabaseError, connect, sqlite_url
from sparrow.store.store import (
    GameRecord,
    HandRecord,
    SessionInfo,
    SessionRecord,
    SheetRecord,
    StaleGameError,
    StaleSheetError,
    Store,
    UsernameTakenError,
    UserRecord,
    WinRecord,
)

__all__ = [
    "DatabaseError",
    "GameRecord",
    "HandRecord",
    "SessionInfo",
    "SessionRecord",
    "SheetRecord",
    "StaleGameError",
    "StaleSheetError",
    "Store",
    "UserRecord",
    "UsernameTakenError",
    "WinRecord",
    "connect",
    "sqlite_url",
]
