"""The JSON API under ``/api/`` (``docs/spec/web-api.md``, additions in ``docs/web.md``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import JSONResponse, PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr
from starlette.concurrency import run_in_threadpool

from sparrow.game.events import dumps
from sparrow.game.replay import ReplayError
from sparrow.i18n import gettext
from sparrow.play.hints import engine_hint, options_hint
from sparrow.store import SessionRecord, Store
from sparrow.web.accounts import Accounts, SignedIn
from sparrow.web.api_docs import json_body
from sparrow.web.choices import match_choices
from sparrow.web.errors import WebError
from sparrow.web.games import RANKED_OPTIONS, Games
from sparrow.web.language import language_of
from sparrow.web.replay_texts import human_seat, replay_result, translate_events
from sparrow.web.session import (
    clear_session_cookie,
    client_of,
    current_session,
    set_device_cookie,
    set_session_cookie,
)
from sparrow.web.views import game_view, hint, replay_frames, summary

__all__ = ["router", "Settings", "DEFAULT_SETTINGS", "session_view", "settings_of"]

router = APIRouter(prefix="/api")
Session = Annotated[SessionRecord, Depends(current_session)]


def _json(data: Any, status: int = 200) -> JSONResponse:
    """Game views are large nested dicts of plain JSON values: written straight out, without FastAPI's
    validation and encoding of a response model (several milliseconds a view)."""
    return JSONResponse(data, status_code=status)


def _store(request: Request) -> Store:
    return request.app.state.store


def _games(request: Request) -> Games:
    return request.app.state.games


def _accounts(request: Request) -> Accounts:
    return request.app.state.accounts


# ---------------------------------------------------------------------------- sessions and accounts


def session_view(store: Store, session: SessionRecord) -> dict[str, Any]:
    user = None
    if session.user_id is not None:
        user = {"username": session.username, "points": store.points(session.user_id)}
    return {"user": user, "csrf_token": session.csrf_token}


@router.get("/session")
def get_session(request: Request, session: Session) -> dict[str, Any]:
    """Who you are (a guest: user null) and the CSRF token for your changes."""
    return session_view(_store(request), session)


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    username: StrictStr
    password: StrictStr


def _signed_in(request: Request, response: Response, signed: SignedIn) -> dict[str, Any]:
    set_session_cookie(request, response, signed.token)
    if signed.device_token is not None:
        set_device_cookie(request, response, signed.device_token)
    rooms = request.app.state.rooms
    for room_id, version in signed.rooms:  # the chairs moved to the new session: copies in memory are stale
        rooms.news.published(room_id, version)
        rooms.heard(room_id, version)
    return session_view(_store(request), signed.session)


@router.post("/auth/signup", status_code=201)
async def signup(request: Request, response: Response, session: Session, body: Credentials) -> dict[str, Any]:
    """Create an account and sign in with it (a new session; a guest's games, chairs and rooms come
    along). Sign-ups are throttled by address (429 with Retry-After); a common password is a 422."""
    signed = await _accounts(request).sign_up(session, body.username, body.password, client_of(request))
    return await run_in_threadpool(_signed_in, request, response, signed)


@router.post("/auth/login")
async def login(request: Request, response: Response, session: Session, body: Credentials) -> dict[str, Any]:
    """Sign in (a new session id; a guest's games, chairs and rooms come along). Failures are slowed
    down by address and username (429 with Retry-After); a device that signed in before is held
    back only by its own failures. While the server hashes as many passwords as it has cores, a
    sign-in waits its turn briefly, then is answered 429."""
    signed = await _accounts(request).sign_in(session, body.username, body.password, client_of(request))
    return await run_in_threadpool(_signed_in, request, response, signed)


@router.post("/auth/logout", status_code=204)
def logout(request: Request, session: Session) -> Response:
    """End this session: its cookie no longer opens anything."""
    _store(request).end_session(session.id)
    answer = Response(status_code=204)
    clear_session_cookie(request, answer)
    return answer


@router.post("/auth/logout-everywhere", status_code=204)
def logout_everywhere(request: Request, session: Session) -> Response:
    """End every session of your account, this one too; only this device stays a known device."""
    _accounts(request).sign_out_everywhere(session, client_of(request))
    answer = Response(status_code=204)
    clear_session_cookie(request, answer)
    return answer


# ---------------------------------------------------------------------------- settings


class Settings(BaseModel):
    """The player's table settings, changeable mid-game."""

    model_config = ConfigDict(extra="forbid")
    speed: Literal["slow", "normal", "fast", "instant"] = "normal"  # the pace of the bots' moves
    hints: StrictBool = False
    auto_pass: StrictBool = False  # pass on claims other than a win without asking
    sound: StrictBool = False
    captions: StrictBool = False  # the notation (5p, 1z) written under every tile


class SettingsChange(BaseModel):
    model_config = ConfigDict(extra="forbid")
    speed: Literal["slow", "normal", "fast", "instant"] | None = None
    hints: StrictBool | None = None
    auto_pass: StrictBool | None = None
    sound: StrictBool | None = None
    captions: StrictBool | None = None


DEFAULT_SETTINGS = Settings()


def settings_of(session: SessionRecord) -> Settings:
    stored = session.settings or {}
    known = {key: value for key, value in stored.items() if key in Settings.model_fields}
    try:
        return Settings(**known)
    except ValueError:
        return Settings()


@router.get("/settings")
def get_settings(session: Session) -> Settings:
    """Your settings (a signed-in player's follow the account, a guest's the session)."""
    return settings_of(session)


@router.put("/settings")
def put_settings(request: Request, session: Session, body: SettingsChange) -> Settings:
    """Change some settings (the fields given); answers all of them."""
    current = settings_of(session).model_dump()
    current.update(body.model_dump(exclude_none=True))
    settings = Settings(**current)
    _store(request).save_settings(session, settings.model_dump())
    return settings


# ---------------------------------------------------------------------------- games


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rules: StrictStr = "casual"
    # A built-in level, or an opponent the server offers (sparrow serve --opponent): checked by Games.
    level: StrictStr = Field("normal", max_length=16)
    options: dict[str, Any] = Field(default_factory=dict)


def _view(request: Request, game: Any, table: Any) -> dict[str, Any]:
    """The GameView in the request's language, with this game's leaderboard points."""
    return game_view(game, table, language_of(request), Games.points(game))


@router.get("/choices")
def get_choices(request: Request) -> dict[str, Any]:
    """What a new game can be: each family's match choices (length, East round only, the options
    that matter at a table) with their values, in the page language; ``POST /api/games`` takes a
    choice as ``options: {option: value}``."""
    _ = gettext(language_of(request))
    return {"rules": match_choices(_, RANKED_OPTIONS), "levels": list(_games(request).levels())}


@router.post("/games", status_code=201, response_class=JSONResponse)
def create_game(request: Request, session: Session, body: NewGame) -> JSONResponse:
    """A new game against three computer players; you sit South in the first hand."""
    game, table = _games(request).create(session, body.rules, body.level, body.options, client_of(request).address)
    return _json(_view(request, game, table), 201)


@router.get("/games")
def list_games(
    request: Request,
    response: Response,
    session: Session,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> list[dict[str, Any]]:
    """Your games, the latest first: ``limit`` of them (1 to 100, default 20) after skipping
    ``offset``; a ``Link: <...>; rel="next"`` header when there are more."""
    games = _games(request)
    found = _store(request).games_of(session, limit=limit + 1, offset=offset)
    if len(found) > limit:
        response.headers["Link"] = f'</api/games?limit={limit}&offset={offset + limit}>; rel="next"'
    return [summary(game, games.finish(game)) for game in found[:limit]]


@router.get("/games/{game_id}", response_class=JSONResponse)
def get_game(request: Request, session: Session, game_id: str) -> JSONResponse:
    """The GameView: your seat's view of the hand in play (or of the hand just over)."""
    game, table = _games(request).view(game_id, session)
    return _json(_view(request, game, table))


async def _raw_body(request: Request) -> bytes:
    # Read as bytes, parsed by the game after its owner is checked: another session's request is a
    # 404 whatever its body holds.
    return await request.body()


_ACTION = {
    "type": "object",
    "properties": {
        "action": {"type": "string"},
        "tile": {"type": "string"},
        "seat": {"type": "string"},
        "version": {"type": "integer", "minimum": 0, "maximum": 2**31 - 1},
        "red": {"type": "boolean", "description": "The copy played is the red five (a discard may say 0p instead)."},
        "riichi": {"type": "boolean", "description": "The discard declares riichi (where the family has it)."},
    },
    "required": ["action"],
    "additionalProperties": False,
}


@router.post(
    "/games/{game_id}/actions",
    response_class=JSONResponse,
    openapi_extra=json_body(_ACTION, {"action": "discard", "tile": "5p", "version": 3}),
)
def act(request: Request, session: Session, game_id: str, body: Annotated[bytes, Depends(_raw_body)]) -> JSONResponse:
    """Your action (``{"action", "tile"?, "seat"?, "version"?}``); the answer comes after the bots
    have played up to your next decision."""
    game, table = _games(request).act(game_id, session, body)
    return _json(_view(request, game, table))


@router.post("/games/{game_id}/next", response_class=JSONResponse)
def next_hand(request: Request, session: Session, game_id: str) -> JSONResponse:
    """Deal the next hand of the match."""
    game, table = _games(request).next_hand(game_id, session)
    return _json(_view(request, game, table))


@router.post("/games/{game_id}/take-back", response_class=JSONResponse)
def take_back(request: Request, session: Session, game_id: str) -> JSONResponse:
    """Take back your last decision in this hand and the computer players' replies to it (the same
    wall: the same tiles come again). Unranked games only (403 in a ranked game); 409 when you have
    not decided anything in this hand yet. The game stays unranked."""
    translate = gettext(language_of(request))
    game, table = _games(request).take_back(game_id, session, translate)
    return _json(_view(request, game, table))


@router.get("/games/{game_id}/hint")
def get_hint(request: Request, session: Session, game_id: str) -> dict[str, Any]:
    """Shanten, per discard the tiles it waits on or improves with, and what each winning tile scores;
    with a claim, a win or a kong to decide, what each choice is worth (``options``)."""
    game, table = _games(request).view(game_id, session)
    if table.hand_over:
        raise WebError(409, "The hand is over: there is nothing to hint.")
    assert table.hand is not None
    own = engine_hint(table.hand, table.human_seat, table.options)  # a family's own: your tiles and the table only
    observation = table.view().observation
    answer = own if own is not None else hint(observation, language_of(request))
    # A claim, a win or a kong to decide: what each choice is worth, by the evaluator (every family).
    answer["options"] = options_hint(observation)
    return answer


@router.get("/games/{game_id}/log", response_class=PlainTextResponse)
def get_log(
    request: Request, session: Session, game_id: str, hand: Annotated[int | None, Query(ge=1)] = None
) -> PlainTextResponse:
    """The referee's log (JSON Lines) of the hands that are over, or of hand ``hand`` alone."""
    game, hands = _games(request).hands(game_id, session)
    if hand is not None:
        hands = [record for record in hands if record.number == hand]
        if not hands:
            raise WebError(404, f"This game has no hand {hand}.")
    if any(not record.over for record in hands):
        raise WebError(409, "A hand is still in play: its log is given once it is over.")
    text = dumps(event for record in hands for event in record.events)
    return PlainTextResponse(text, media_type="application/x-ndjson")


@router.get("/games/{game_id}/hands/{number}/replay", response_class=JSONResponse)
def get_replay(request: Request, session: Session, game_id: str, number: int) -> JSONResponse:
    """A finished hand step by step, every tile shown: one frame after the deal and after each decision,
    then its result (the score card translated into the request's language, as the calculator's)."""
    game, hands = _games(request).hands(game_id, session)
    found = [record for record in hands if record.number == number]
    if not found:
        raise WebError(404, f"This game has no hand {number}.")
    if not found[0].over:
        raise WebError(409, "This hand is still in play: it can be replayed once it is over.")
    events = found[0].events
    start = events[0]
    lang = language_of(request)
    try:
        frames = replay_frames(events)
    except ReplayError as error:
        raise WebError(500, f"The saved hand cannot be replayed: {error}") from None
    translate_events(frames, lang)  # a false claim's reason in the page language too
    return _json(
        {
            "id": game.id,
            "rules": game.rules,
            "level": game.level,
            "hand_number": number,
            "hands_in_game": len(hands),
            "players": start.get("players"),
            "you": human_seat(start.get("players")),
            "round_wind": start.get("round_wind"),
            "dealer": "E",  # the dealer always sits East (a family's log may name it otherwise)
            "language": lang,
            "frames": frames,
            # the end: the winner's score card in the page language, hand scores, payments, totals
            "result": replay_result(events, lang),
        }
    )


# ---------------------------------------------------------------------------- the leaderboard


@router.get("/leaderboard")
def leaderboard(request: Request, limit: Annotated[int, Query(ge=1, le=500)] = 100) -> list[dict[str, Any]]:
    """Signed-in players by ranking points (Easy +10, Normal +30, Expert +100 a won hand)."""
    return _store(request).leaderboard(limit)
