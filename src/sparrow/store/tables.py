"""The database tables (SQLAlchemy Core). Alembic's migrations in ``migrations/`` create them.

Times are seconds since the epoch (floats): the same on SQLite and PostgreSQL, with no time zones
to get wrong. A game is stored as its seed and its log, one row per hand (the hand in play is
rewritten as it grows), so it is rebuilt exactly by replaying (``Table.from_log``).
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

users = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("username", String(32), nullable=False),
    Column("username_key", String(32), nullable=False, unique=True),  # lower case: unique regardless of case
    Column("password_hash", String(255), nullable=False),
    Column("settings", Text, nullable=True),  # JSON
    Column("created_at", Float, nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("id", String(64), primary_key=True),  # SHA-256 of the cookie's token: a leaked table opens nothing
    Column("csrf_token", String(64), nullable=False),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=True, index=True),
    Column("settings", Text, nullable=True),  # JSON, a guest's settings
    Column("created_at", Float, nullable=False),
    Column("seen_at", Float, nullable=False),
    Column("user_agent", String(200), nullable=True),  # the browser's User-Agent, for the list of sessions
)

# Devices that signed in to an account: the hash of a long-lived cookie's token and the user. A known
# device is never refused for failures elsewhere (``sparrow.web.throttle``).
devices = Table(
    "devices",
    metadata,
    Column("id", String(64), primary_key=True),  # SHA-256 of the device cookie's token
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True),
    Column("created_at", Float, nullable=False),
    Column("seen_at", Float, nullable=False),
)

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("session_id", String(64), nullable=True, index=True),  # the guest session that owns it
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=True, index=True),
    Column("rules", String(32), nullable=False),
    Column("level", String(16), nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("seed", BigInteger, nullable=False),
    Column("ranked", Boolean, nullable=False),
    Column("version", Integer, nullable=False),  # bumped by every saved change: stale requests are refused
    Column("hand_number", Integer, nullable=False),
    Column("hand_over", Boolean, nullable=False),
    Column("match_over", Boolean, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)

game_hands = Table(
    "game_hands",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, primary_key=True),  # from 1
    Column("log", Text, nullable=False),  # the referee's log of the hand, JSON Lines
    Column("over", Boolean, nullable=False),
)

wins = Table(
    "wins",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("hand_number", Integer, nullable=False),
    Column("rules", String(32), nullable=False),
    Column("level", String(16), nullable=False),
    Column("score", BigInteger, nullable=False),
    Column("points", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    UniqueConstraint("game_id", "hand_number", name="uq_wins_game_hand"),
)

# Sessions that ended (signed out, replaced at sign-in, signed out everywhere, a new password, an
# account deleted, idle too long), by id: a guest cookie the server signed stays verifiable without a
# row, so an ended one must be refused by name. Purged once such a cookie would have expired anyway.
ended_sessions = Table(
    "ended_sessions",
    metadata,
    Column("id", String(64), primary_key=True),  # the session's id (the hash of its cookie's token)
    Column("ended_at", Float, nullable=False, index=True),
)

# Secrets of the server, shared by all its processes through the database: "guest_tokens" signs the
# guest cookies handed out (``sparrow.web.session``), so that only tokens the server issued are taken.
server_secrets = Table(
    "server_secrets",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
    Column("created_at", Float, nullable=False),
)

login_failures = Table(
    "login_failures",
    metadata,
    Column("username_key", String(64), primary_key=True),  # what was counted: a username, an address, both
    Column("count", Integer, nullable=False),
    Column("first_at", Float, nullable=False),
    Column("last_at", Float, nullable=False),
)

# Score sheets (``sparrow.sheets``): the Sheet's JSON (``Sheet.to_dict()``), read back with ``Sheet.from_dict``,
# which checks the typed rows again and recomputes everything else.
sheets = Table(
    "sheets",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("session_id", String(64), nullable=True, index=True),  # the guest session that owns it
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=True, index=True),
    Column("rules", String(32), nullable=False),
    Column("title", String(200), nullable=False),
    Column("data", Text, nullable=False),  # JSON
    Column("version", Integer, nullable=False),  # bumped by every saved change: stale requests are refused
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)
