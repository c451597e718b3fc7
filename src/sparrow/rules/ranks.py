"""A family's ladder of ranks, as its players know it (Riichi's kyu and dan): points by place, a
threshold that promotes, and below zero a step down where the rank can be lost.

The ladder is data of the family (``Ruleset.rank_ladder``), so a face shows a rank without asking
which family it serves; a family without a ladder has none (None). It is pure arithmetic on a step
and its points, tested on its own (``tests/test_ratings_ranks.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from sparrow.i18n.markers import N_

__all__ = ["RankStep", "RankLadder", "RankStanding", "RANK_KINDS"]

# How a step is written, by its kind: the number goes in ("3 kyu", "1 dan").
RANK_KINDS = {"kyu": N_("{number} kyu"), "dan": N_("{number} dan")}


@dataclass(frozen=True, slots=True)
class RankStep:
    """One rank: its kind and number ("kyu", 3), the points a player starts it with, the points that
    promote to the next one (None: the top), what each place earns there, first to last, and whether
    falling below zero loses it."""

    kind: str
    number: int
    start: int
    promotion: int | None
    places: tuple[int, ...]
    demotes: bool

    @property
    def name(self) -> str:
        """The rank in English ("3 kyu"); a page translates :data:`RANK_KINDS` itself."""
        return RANK_KINDS[self.kind].format(number=self.number)


@dataclass(frozen=True, slots=True)
class RankStanding:
    """Where a player stands on the ladder: the step's index and the points held in it."""

    step: int
    points: int


@dataclass(frozen=True, slots=True)
class RankLadder:
    """The ranks from the lowest up; a new player starts on the first with its start points."""

    steps: tuple[RankStep, ...]

    def first(self) -> RankStanding:
        return RankStanding(0, self.steps[0].start)

    def earned(self, step: int, place: int, seats: int) -> int:
        """The points place ``place`` (1 = first) of ``seats`` earns on step ``step``. At a table of
        fewer seats than the table has places, the last place earns the last column (three players:
        first, second, last)."""
        places = self.steps[step].places
        if not 1 <= place <= seats:
            raise ValueError(f"place {place} of {seats}")
        return places[-1] if place == seats else places[place - 1]

    def after(self, standing: RankStanding, place: int, seats: int) -> RankStanding:
        """The standing after a match finished in ``place`` of ``seats``: the points added; at the
        threshold the next step, with its start points; below zero the step before (with its start
        points) where this step can be lost, else zero."""
        step = self.steps[standing.step]
        points = standing.points + self.earned(standing.step, place, seats)
        if step.promotion is not None and points >= step.promotion and standing.step + 1 < len(self.steps):
            return RankStanding(standing.step + 1, self.steps[standing.step + 1].start)
        if points < 0:
            if step.demotes and standing.step > 0:
                return RankStanding(standing.step - 1, self.steps[standing.step - 1].start)
            return RankStanding(standing.step, 0)
        return RankStanding(standing.step, points)
