"""Ratings between people (docs/web.md, "Ratings"): which room matches count, the places they count
in, and the new ratings, by OpenSkill's Plackett-Luce model (a whole finishing order of any number of
players at once), with the family's rank ladder beside it where it has one (Riichi's kyu and dan,
``Ruleset.rank_ladder``).

What counts, as the table says:

* a room match that **finished**, or was **abandoned** (everybody left, or nobody played for two
  hours) after at least one hand was over: abandoning never saves a rating;
* only when **every chair is a signed-in person's, each account once**: a computer player in a chair,
  or a guest, and the match changes nobody's rating; so does a chair taken twice by one account (the
  rooms refuse that at the chair already);
* only with **ranked options** (the same rule as the games against the computer, ``is_ranked``);
* the places are the family's final placings (Riichi's with its own tie rule), except that **a player
  who left** (away when the match ended: a stand-in finished it for them, or the table was waiting
  for them when it was closed) is placed **after everyone who stayed**.

The rating shown is OpenSkill's conservative estimate (mean less three uncertainties), scaled so that
a new player shows 1000 and it moves by tens a match.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from sparrow.play.room import RoomTable
from sparrow.rules import get_ruleset
from sparrow.rules.ranks import RANK_KINDS, RankLadder, RankStanding
from sparrow.store.ratings import RatedSeat, RatingChange, StoredRating
from sparrow.store.rooms import RoomRecord
from sparrow.web.games import is_ranked

__all__ = [
    "MINIMUM_MATCHES",
    "RatedMatch",
    "rated_match",
    "new_ratings",
    "shown",
    "fresh",
    "rank_view",
    "rating_view",
    "change_view",
]

# Rated matches a player needs in a family to be listed on its leaderboard between people.
MINIMUM_MATCHES = 5
# The shown rating: OpenSkill's ordinal (mu - 3 sigma, 0 for a new player) times this, plus the start.
SHOWN_SCALE = 40.0
SHOWN_START = 1000.0

_MODEL = PlackettLuce()  # mu 25, sigma 25/3: OpenSkill's defaults


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """A room match as the ratings count it: the room, its family and every player in their place."""

    match_id: str
    rules: str
    seats: tuple[RatedSeat, ...]


def rated_match(record: RoomRecord, table: RoomTable, status: str) -> RatedMatch | None:
    """The room's match as it counts for the ratings now that it ends with ``status`` ("over" or
    "abandoned"), or None when it counts for nobody (see the module's docstring)."""
    if status not in ("over", "abandoned") or not is_ranked(record.rules, dict(record.options)):
        return None
    if any(chair is None or not isinstance(chair.get("user"), int) for chair in record.chairs):
        return None  # a computer player or a guest in a chair
    user_of = {chair["name"]: chair["user"] for chair in record.chairs if chair is not None}
    if len(set(user_of.values())) != len(record.chairs) or not table.results:
        return None  # one account in two chairs, or not one hand finished
    order = [placing[0] for placing in table.match.placings()]
    # Whoever walked away left; a chair the host handed to a computer player does not say so.
    handed = {chair["name"] for chair in record.chairs if chair is not None and chair.get("handed")}
    left = set(table.away) - handed
    if not table.match_over:  # closed before its end: whoever the table was waiting for had left it
        left |= set(table.asked())
    ordered = [name for name in order if name not in left] + [name for name in order if name in left]
    seats = tuple(RatedSeat(user_of[name], place, name in left) for place, name in enumerate(ordered, start=1))
    return RatedMatch(record.id, record.rules, seats)


def fresh(rules: str) -> StoredRating:
    """A player's rating before their first rated match of the family (and the first rank)."""
    ladder = get_ruleset(rules).rank_ladder
    start = ladder.first() if ladder is not None else None
    return StoredRating(
        _MODEL.mu,
        _MODEL.sigma,
        0,
        start.step if start is not None else None,
        start.points if start is not None else None,
    )


def new_ratings(
    rules: str, seats: Sequence[RatedSeat], current: Mapping[int, StoredRating | None]
) -> dict[int, tuple[StoredRating, StoredRating]]:
    """Every player's rating before and after the match: OpenSkill's Plackett-Luce update on the
    finishing order, and the step on the family's ladder by place."""
    ladder: RankLadder | None = get_ruleset(rules).rank_ladder
    before = {seat.user_id: current.get(seat.user_id) or fresh(rules) for seat in seats}
    teams = [[_MODEL.rating(mu=before[seat.user_id].mu, sigma=before[seat.user_id].sigma)] for seat in seats]
    rated = _MODEL.rate(teams, ranks=[float(seat.place) for seat in seats])
    answer = {}
    for seat, (rating,) in zip(seats, rated, strict=True):
        old = before[seat.user_id]
        step, points = old.rank_step, old.rank_points
        if ladder is not None:
            standing = ladder.first() if step is None or points is None else RankStanding(step, points)
            moved = ladder.after(standing, seat.place, len(seats))
            step, points = moved.step, moved.points
        answer[seat.user_id] = (old, StoredRating(rating.mu, rating.sigma, old.matches + 1, step, points))
    return answer


def shown(rating: StoredRating) -> int:
    """The rating as the pages show it: 1000 for a new player, higher for a better one."""
    return round(_MODEL.rating(mu=rating.mu, sigma=rating.sigma).ordinal(3.0, SHOWN_SCALE, SHOWN_START))


# ---------------------------------------------------------------------------- as the API and pages show them


def rank_view(
    rules: str, step: int | None, points: int | None, translate: Callable[[str], str] = str
) -> dict[str, Any] | None:
    """A rank on the family's ladder: its kind and number, its name in the page's language, the points
    held and those that promote (None at the top); None where the family has no ladder."""
    ladder = get_ruleset(rules).rank_ladder
    if ladder is None or step is None or points is None:
        return None
    rung = ladder.steps[step]
    return {
        "kind": rung.kind,
        "number": rung.number,
        "name": translate(RANK_KINDS[rung.kind]).format(number=rung.number),
        "points": points,
        "promotion": rung.promotion,
        "places": list(rung.places),
        "demotes": rung.demotes,
    }


def rating_view(rules: str, rating: StoredRating, translate: Callable[[str], str] = str) -> dict[str, Any]:
    """A player's rating in a family: the rating shown, OpenSkill's mean and uncertainty, the rated
    matches, and the rank where the family has one."""
    return {
        "rules": rules,
        "rating": shown(rating),
        "mu": round(rating.mu, 4),
        "sigma": round(rating.sigma, 4),
        "matches": rating.matches,
        "rank": rank_view(rules, rating.rank_step, rating.rank_points, translate),
    }


def change_view(change: RatingChange, translate: Callable[[str], str] = str) -> dict[str, Any]:
    """What one match did to a player's rating: the place counted, whether they had left, the rating
    before and after and the difference, and the rank before and after."""
    before, after = shown(change.before), shown(change.after)
    old, new = change.before, change.after
    moved = (
        None
        if old.rank_step is None or new.rank_step is None or old.rank_step == new.rank_step
        else ("up" if new.rank_step > old.rank_step else "down")
    )
    return {
        "match_id": change.match_id,
        "rules": change.rules,
        "at": change.created_at,
        "place": change.place,
        "seats": change.seats,
        "left": change.left,
        "rating_before": before,
        "rating_after": after,
        "change": after - before,
        "rank_before": rank_view(change.rules, change.before.rank_step, change.before.rank_points, translate),
        "rank_after": rank_view(change.rules, change.after.rank_step, change.after.rank_points, translate),
        # A new rank ("up", "down") or the points won or lost in the same one (None: no ladder).
        "rank_moved": moved,
        "rank_change": None
        if moved is not None or old.rank_points is None or new.rank_points is None
        else new.rank_points - old.rank_points,
    }
