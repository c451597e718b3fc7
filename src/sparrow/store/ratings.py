"""Ratings between people: each signed-in player's rating per family, and the change every rated room
match made to it.

``ratings`` holds the current rating of a (user, family): the rating system's mean and uncertainty,
the matches counted, and the rank on the family's ladder where it has one. ``rating_changes`` holds
one row per (match, user): the place, whether the player had left, and the rating and rank before and
after. Its unique key on (match id, user) is what makes a match count once, whatever happens: the
rows of a match are written in one transaction with the new ratings, so a second attempt (another
request, another server process finishing the same match) finds them and changes nothing, or fails
on the key and is rolled back. Both tables grow by one row a player of a finished match, which takes
a whole match played by signed-in people: nothing one client sends adds rows by itself.

The store reads and writes; what the new ratings are is the caller's (``sparrow.web.ratings``),
computed inside the transaction from the ratings read under the players' locks.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    UniqueConstraint,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from sparrow.store import tables as t
from sparrow.store.tables import metadata

__all__ = ["RatingStore", "StoredRating", "RatingChange", "RatedSeat", "ratings", "rating_changes"]

ratings = Table(
    "ratings",
    metadata,
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("rules", String(16), primary_key=True),  # the family, by its name in the registry
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
    Column("rank_step", Integer, nullable=True),  # on the family's ladder (None: it has none)
    Column("rank_points", Integer, nullable=True),
    Column("updated_at", Float, nullable=False),
    Index("ix_ratings_rules", "rules"),
)

rating_changes = Table(
    "rating_changes",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(32), nullable=False),  # the room's id
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("rules", String(16), nullable=False),
    Column("place", Integer, nullable=False),  # 1 = first, as counted for the rating
    Column("seats", Integer, nullable=False),
    Column("had_left", Boolean, nullable=False),  # the player had left the table: placed after those who stayed
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("rank_step_before", Integer, nullable=True),
    Column("rank_points_before", Integer, nullable=True),
    Column("rank_step_after", Integer, nullable=True),
    Column("rank_points_after", Integer, nullable=True),
    Column("created_at", Float, nullable=False),
    UniqueConstraint("match_id", "user_id", name="uq_rating_changes_match_user"),
    Index("ix_rating_changes_user", "user_id", "rules", "created_at"),
)


@dataclass(frozen=True, slots=True)
class StoredRating:
    """A player's rating in one family: the rating system's mean and uncertainty, the matches counted,
    and the rank (step and points) where the family has a ladder."""

    mu: float
    sigma: float
    matches: int = 0
    rank_step: int | None = None
    rank_points: int | None = None


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """One player of a match to rate: who, the place counted (1 = first), and whether they had left."""

    user_id: int
    place: int
    left: bool = False


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one match did to one player's rating."""

    match_id: str
    user_id: int
    rules: str
    place: int
    seats: int
    left: bool
    before: StoredRating
    after: StoredRating
    created_at: float


def _change(row: Any) -> RatingChange:
    return RatingChange(
        match_id=row.match_id,
        user_id=row.user_id,
        rules=row.rules,
        place=row.place,
        seats=row.seats,
        left=bool(row.had_left),
        before=StoredRating(row.mu_before, row.sigma_before, 0, row.rank_step_before, row.rank_points_before),
        after=StoredRating(row.mu_after, row.sigma_after, 0, row.rank_step_after, row.rank_points_after),
        created_at=row.created_at,
    )


def _rating(row: Any) -> StoredRating:
    return StoredRating(row.mu, row.sigma, row.matches, row.rank_step, row.rank_points)


# A match's players' ratings before and after it, by user, from their current ones (None: never
# rated in the family; its "before" is then the rating system's start).
Compute = Callable[[Mapping[int, StoredRating | None]], Mapping[int, tuple[StoredRating, StoredRating]]]


class RatingStore:
    """The ratings' part of :class:`~sparrow.store.Store` (which provides ``engine`` and ``_write``)."""

    engine: Any

    def _write(self) -> AbstractContextManager[Connection]:  # provided by Store
        raise NotImplementedError

    def rate_match(
        self, match_id: str, rules: str, seats: Sequence[RatedSeat], compute: Compute, *, db: Connection | None = None
    ) -> bool:
        """Rate a finished match once: the players' rows are locked, and unless the match was rated
        already, ``compute`` turns their current ratings into new ones, written with a change row a
        player. Returns whether this call rated it. In the transaction ``db`` when one is given (the
        room's own save: the match ends and counts together, or neither)."""
        if db is None:
            with self._write() as db:
                return self.rate_match(match_id, rules, seats, compute, db=db)
        users = sorted({seat.user_id for seat in seats})
        if len(users) != len(seats):
            raise ValueError("a player is rated once for a match")
        # PostgreSQL: two matches of one player finishing at once take turns here (always in the same
        # order, so no two wait on each other); SQLite has one writer at a time anyway.
        db.execute(select(t.users.c.id).where(t.users.c.id.in_(users)).order_by(t.users.c.id).with_for_update()).all()
        if db.execute(select(rating_changes.c.id).where(rating_changes.c.match_id == match_id).limit(1)).first():
            return False
        current: dict[int, StoredRating | None] = dict.fromkeys(users)
        query = select(ratings).where(ratings.c.rules == rules, ratings.c.user_id.in_(users))
        for row in db.execute(query).all():
            current[row.user_id] = _rating(row)
        new = compute(current)
        now = time.time()
        try:
            with db.begin_nested():  # a clash on the unique key undoes this match's rows alone
                for seat in seats:
                    before, after = new[seat.user_id]
                    db.execute(
                        insert(rating_changes).values(
                            match_id=match_id,
                            user_id=seat.user_id,
                            rules=rules,
                            place=seat.place,
                            seats=len(seats),
                            had_left=seat.left,
                            mu_before=before.mu,
                            sigma_before=before.sigma,
                            mu_after=after.mu,
                            sigma_after=after.sigma,
                            rank_step_before=before.rank_step,
                            rank_points_before=before.rank_points,
                            rank_step_after=after.rank_step,
                            rank_points_after=after.rank_points,
                            created_at=now,
                        )
                    )
                    values = {
                        "mu": after.mu,
                        "sigma": after.sigma,
                        "matches": after.matches,
                        "rank_step": after.rank_step,
                        "rank_points": after.rank_points,
                        "updated_at": now,
                    }
                    if current[seat.user_id] is None:
                        db.execute(insert(ratings).values(user_id=seat.user_id, rules=rules, **values))
                    else:
                        db.execute(
                            update(ratings)
                            .where(ratings.c.user_id == seat.user_id, ratings.c.rules == rules)
                            .values(**values)
                        )
        except IntegrityError:
            return False
        return True

    def ratings_of(self, user_id: int) -> dict[str, StoredRating]:
        """The user's ratings, by family."""
        with self.engine.connect() as db:
            rows = db.execute(select(ratings).where(ratings.c.user_id == user_id)).all()
        return {row.rules: _rating(row) for row in rows}

    def rating_history(self, user_id: int, rules: str, limit: int = 100) -> list[RatingChange]:
        """The user's last ``limit`` rated matches of the family, the oldest of them first."""
        query = (
            select(rating_changes)
            .where(rating_changes.c.user_id == user_id, rating_changes.c.rules == rules)
            .order_by(rating_changes.c.created_at.desc(), rating_changes.c.id.desc())
            .limit(limit)
        )
        with self.engine.connect() as db:
            rows = db.execute(query).all()
        return [_change(row) for row in reversed(rows)]

    def rating_changes_of(self, user_id: int, match_ids: Iterable[str]) -> dict[str, RatingChange]:
        """What each of these matches did to the user's rating (matches that did nothing are missing)."""
        ids = list(match_ids)
        if not ids:
            return {}
        query = select(rating_changes).where(rating_changes.c.user_id == user_id, rating_changes.c.match_id.in_(ids))
        with self.engine.connect() as db:
            return {row.match_id: _change(row) for row in db.execute(query).all()}

    def match_rating_changes(self, match_id: str) -> list[RatingChange]:
        """Every player's change of one match (none: it was not rated), by place."""
        query = select(rating_changes).where(rating_changes.c.match_id == match_id).order_by(rating_changes.c.place)
        with self.engine.connect() as db:
            return [_change(row) for row in db.execute(query).all()]

    def rating_board(self, rules: str, minimum: int, limit: int = 100) -> list[tuple[str, StoredRating]]:
        """The players of the family with ``minimum`` rated matches or more, by the conservative
        estimate of their skill (mean less three uncertainties), highest first: (username, rating)."""
        conservative = ratings.c.mu - 3 * ratings.c.sigma
        query = (
            select(t.users.c.username, ratings)
            .join(ratings, ratings.c.user_id == t.users.c.id)
            .where(ratings.c.rules == rules, ratings.c.matches >= minimum)
            .order_by(conservative.desc(), t.users.c.username_key)
            .limit(limit)
        )
        with self.engine.connect() as db:
            return [(row.username, _rating(row)) for row in db.execute(query).all()]

    def rated_players(self, rules: str) -> int:
        """How many players have a rating in the family."""
        with self.engine.connect() as db:
            count = db.execute(select(func.count()).select_from(ratings).where(ratings.c.rules == rules)).scalar()
        return int(count or 0)
