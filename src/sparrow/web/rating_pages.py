"""Ratings between people as the API and the pages show them: a player's ratings with their history
(``GET /api/players/{username}/ratings``, the profile page ``/players/{username}`` with a chart drawn
here as inline SVG), and each family's leaderboard of people (``GET /api/ratings``, ``/ratings``).
What counts and how is ``web/ratings.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse
from markupsafe import Markup, escape
from pydantic import BaseModel

from sparrow.i18n import N_, gettext
from sparrow.rules import families, get_ruleset, ruleset_names
from sparrow.store import SessionRecord, Store
from sparrow.web import table_texts
from sparrow.web.errors import WebError
from sparrow.web.language import language_of
from sparrow.web.pages import _page
from sparrow.web.ratings import MINIMUM_MATCHES, SHOWN_START, change_view, rating_view
from sparrow.web.session import current_session

__all__ = ["api_router", "pages_router", "rating_chart", "PAGE"]

api_router = APIRouter(prefix="/api", tags=["ratings"])
pages_router = APIRouter(include_in_schema=False)
Session = Annotated[SessionRecord, Depends(current_session)]

HISTORY = 100  # the rated matches a profile shows of a family (its chart), the latest

# The texts the rating pages translate with _() (templates/profile.html, ratings.html, home.html).
PAGE = (
    N_("Ratings between people"), N_("Rating"), N_("Matches"), N_("Ladder rank"), N_("Player"),
    N_("{points} of {promotion} points to the next rank"), N_("{points} points (the top rank)"),
    N_("No rated matches yet."), N_("Rating after each rated match"), N_("Last matches"),
    N_("place {place} of {seats}"), N_("left the table"), N_("Change"),
    N_("Players with at least {minimum} rated matches."),
    N_("A room match counts when every chair is a signed-in person's and the options are ranked; a player who leaves is placed last."),
    N_("Nobody has {minimum} rated matches in this family yet."),
    N_("Against the computer"), N_("Your games with people"), N_("rating {change}"),
    N_("not rated"), N_("abandoned"), N_("playing"), N_("open"), N_("Your ratings"), N_("Date"), N_("promoted to {rank}"),
    N_("Every family counts, Riichi included; a game with an unranked choice does not. Games with people count for the ratings between people instead."), N_("down to {rank}"),
    N_("The rank in points: 1st {first}, 2nd {second}, 3rd {third}, 4th {fourth}."),
    # The API's refusals, in the page language too.
    N_("There is no player of that name."),
    N_("There are no rules of that name: choose a family from the ratings page."),
    N_("You sit at this table already, from another device: one chair an account."),
)  # fmt: skip


# ---------------------------------------------------------------------------- the API's answers


class Rank(BaseModel):
    kind: str  # "kyu" or "dan"
    number: int
    name: str  # in the request's language: "3 kyu"
    points: int
    promotion: int | None  # the points that promote; None at the top
    places: list[int]  # what each place earns at this rank, first to last
    demotes: bool  # falling below zero loses this rank


class RatingPoint(BaseModel):
    match_id: str
    rules: str
    at: float  # seconds since the epoch
    place: int
    seats: int
    left: bool  # the player had left the table: placed after those who stayed
    rating_before: int
    rating_after: int
    change: int
    rank_before: Rank | None
    rank_after: Rank | None
    rank_moved: str | None  # "up", "down": a new rank; None: the same one, or no ladder
    rank_change: int | None  # the rank points won or lost in the same rank


class FamilyRating(BaseModel):
    rules: str
    rating: int  # 1000 for a new player
    mu: float  # OpenSkill's mean and uncertainty behind it
    sigma: float
    matches: int
    rank: Rank | None  # where the family has a rank ladder (Riichi's kyu and dan)
    history: list[RatingPoint]  # the last rated matches, the oldest first


class PlayerRatings(BaseModel):
    username: str
    families: list[FamilyRating]


class BoardRow(BaseModel):
    place: int
    username: str
    rating: int
    matches: int
    rank: Rank | None


class RatingBoard(BaseModel):
    rules: str
    minimum: int  # the rated matches a player needs to be listed
    players: list[BoardRow]


def player_ratings(store: Store, username: str, translate: Callable[[str], str] = str) -> dict[str, Any]:
    """A player's ratings in every family they were rated in (registry order), with their history."""
    user = store.user_by_name(username)
    if user is None:
        raise WebError(404, "There is no player of that name.")
    ratings = store.ratings_of(user.id)
    answer = []
    for family in families():
        rating = ratings.get(family.name)
        if rating is None:
            continue
        history = store.rating_history(user.id, family.name, HISTORY)
        answer.append(
            rating_view(family.name, rating, translate) | {"history": [change_view(c, translate) for c in history]}
        )
    return {"username": user.username, "families": answer}


def rating_board(
    store: Store, rules: str, minimum: int, limit: int, translate: Callable[[str], str] = str
) -> dict[str, Any]:
    if rules not in ruleset_names():
        raise WebError(422, "There are no rules of that name: choose a family from the ratings page.")
    rows = store.rating_board(rules, minimum, limit)
    return {
        "rules": rules,
        "minimum": minimum,
        "players": [
            {"place": place, "username": username} | _row(rating_view(rules, rating, translate))
            for place, (username, rating) in enumerate(rows, start=1)
        ],
    }


def _row(view: dict[str, Any]) -> dict[str, Any]:
    return {key: view[key] for key in ("rating", "matches", "rank")}


@api_router.get("/players/{username}/ratings", response_model=PlayerRatings)
def get_player_ratings(username: str, request: Request) -> dict[str, Any]:
    """A player's rating in each family they played rated room matches of, with the rank where the
    family has one and the last rated matches (docs/web.md, "Ratings"); 404 for no such player."""
    store: Store = request.app.state.store
    return player_ratings(store, username, gettext(language_of(request)))


@api_router.get("/ratings", response_model=RatingBoard)
def get_rating_board(
    request: Request,
    rules: Annotated[str, Query(max_length=32)],
    minimum: Annotated[int, Query(ge=1, le=1000)] = MINIMUM_MATCHES,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> dict[str, Any]:
    """The leaderboard of people in one family: players with at least ``minimum`` rated room matches
    (5 unless asked), the best rating first."""
    store: Store = request.app.state.store
    return rating_board(store, rules, minimum, limit, gettext(language_of(request)))


# ---------------------------------------------------------------------------- the pages


def rating_chart(values: Sequence[int], label: str) -> Markup:
    """The rating after each match as a small line chart (inline SVG, no script): the start (1000)
    dashed, the lowest and highest values written at the side."""
    width, height, left, pad = 320, 120, 40, 10
    low = min([*values, int(SHOWN_START)]) - 10
    high = max([*values, int(SHOWN_START)]) + 10
    span = max(1, len(values) - 1)

    def x(i: int) -> float:
        return left + (width - left - pad) * (i / span if len(values) > 1 else 0.5)

    def y(v: float) -> float:
        return pad + (height - 2 * pad) * (high - v) / (high - low)

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    dots = "".join(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="2.5"/>' for i, v in enumerate(values))
    start = y(SHOWN_START)
    return Markup(
        f'<svg class="rating-chart" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}" '
        f'data-testid="rating-chart" preserveAspectRatio="xMidYMid meet">'
        f'<line class="start" x1="{left}" x2="{width - pad}" y1="{start:.1f}" y2="{start:.1f}"/>'
        f'<text x="{left - 4}" y="{pad + 4}" text-anchor="end">{high - 10}</text>'
        f'<text x="{left - 4}" y="{height - pad}" text-anchor="end">{low + 10}</text>'
        f'<polyline points="{points}"/>{dots}</svg>'
    )


@pages_router.get("/players/{username}", response_class=HTMLResponse)
def profile_page(request: Request, session: Session, username: str) -> HTMLResponse:
    store: Store = request.app.state.store
    lang = language_of(request)
    _ = gettext(lang)
    try:
        player = player_ratings(store, username, _)
    except WebError as error:
        return _page(request, session, "missing.html", status=error.status, message=_(error.detail))
    for family in player["families"]:
        family["name"] = table_texts.rules_name(family["rules"], lang)
        family["chart"] = rating_chart(
            [int(SHOWN_START)] + [point["rating_after"] for point in family["history"]],
            _("Rating after each rated match"),
        )
        family["recent"] = list(reversed(family["history"][-10:]))
    return _page(request, session, "profile.html", player=player)


@pages_router.get("/ratings", response_class=HTMLResponse)
def ratings_page(request: Request, session: Session, rules: str = "") -> HTMLResponse:
    store: Store = request.app.state.store
    lang = language_of(request)
    offered = [family.name for family in families() if family.play_label]
    # Asked for none: the first family with a rank ladder (its players' own ranks), else the first.
    chosen = rules if rules in offered else next((n for n in offered if get_ruleset(n).rank_ladder), offered[0])
    board = rating_board(store, chosen, MINIMUM_MATCHES, 100, gettext(lang))
    tabs = [{"rules": name, "name": table_texts.rules_name(name, lang), "current": name == chosen} for name in offered]
    return _page(request, session, "ratings.html", board=board, tabs=tabs, minimum=MINIMUM_MATCHES)
