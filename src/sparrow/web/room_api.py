"""The rooms' JSON API and their live connection (docs/web.md, "Rooms").

REST for every change (a script can play a room with it alone) and one WebSocket a viewer,
``/api/rooms/{id}/live?since=N``, that sends the room's view with the events after the last number the
viewer saw, at once and after every change: a connection that drops reconnects with the number of the
last event it received and misses or repeats nothing. What a socket may cost (its messages, its
bytes, how many a client opens) is :mod:`sparrow.web.room_limits`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError
from starlette.concurrency import run_in_threadpool

from sparrow.store import SessionRecord, Store
from sparrow.web.errors import WebError, sentence_of, validation_sentence
from sparrow.web.language import language_of
from sparrow.web.quotas import check_new_room
from sparrow.web.room_limits import SocketBudget, Ticket
from sparrow.web.rooms import Rooms
from sparrow.web.session import COOKIE, current_session, live_session_id

__all__ = ["router"]

log = logging.getLogger("sparrow.rooms")

router = APIRouter(prefix="/api/rooms")
Session = Annotated[SessionRecord, Depends(current_session)]


def _rooms(request: Request) -> Rooms:
    return request.app.state.rooms


class NewRoom(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rules: StrictStr = "casual"
    options: dict[str, Any] = Field(default_factory=dict)
    level: StrictStr = Field("normal", max_length=16)
    turn_seconds: float | None = Field(30.0, allow_inf_nan=False)


class Chair(BaseModel):
    model_config = ConfigDict(extra="forbid")
    chair: StrictInt
    name: StrictStr = Field(max_length=64)


class StandIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    chair: StrictInt


class RoomAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: StrictStr = Field(max_length=16)
    tile: StrictStr | None = Field(None, max_length=4)
    # The one Action's flags (Action.from_dict): the copy played is the red five (a discard may say
    # "0p" instead), the discard declares riichi; a table that never lists them refuses them.
    red: StrictBool | None = None
    riichi: StrictBool | None = None
    seen: StrictInt | None = None

    def fields(self) -> dict[str, Any]:
        """The action as the table reads it (the fields given, without ``seen``)."""
        return {key: value for key, value in self.model_dump(exclude={"seen"}).items() if value is not None}


@router.post("", status_code=201)
def create_room(body: NewRoom, request: Request, session: Session) -> dict[str, Any]:
    """A room for people to play in: its invitation link is its address (``/rooms/{id}``)."""
    check_new_room(request, session)  # 429 past the quotas of this session and address (web/quotas.py)
    record = _rooms(request).create(session, body.rules, body.options, body.level, body.turn_seconds)
    return _rooms(request).view(record.id, session.id, lang=language_of(request)) | {
        "link": _rooms(request).link(record.id)
    }


@router.get("")
def my_rooms(
    request: Request, session: Session, limit: Annotated[int, Query(ge=1, le=100)] = 20
) -> list[dict[str, Any]]:
    """Your rooms (hosted or sat in, by this session or your account), the latest first."""
    return _rooms(request).history(session, limit)


@router.get("/{room_id}")
def get_room(
    room_id: str, request: Request, session: Session, since: Annotated[int, Query(ge=0)] = 0
) -> dict[str, Any]:
    rooms = _rooms(request)
    rooms.tick(room_id)  # decisions overdue now are taken first
    return rooms.view(room_id, session.id, since, language_of(request))


@router.post("/{room_id}/chair")
def take_chair(room_id: str, body: Chair, request: Request, session: Session) -> dict[str, Any]:
    _rooms(request).take_chair(room_id, session, body.chair, body.name)
    return _rooms(request).view(room_id, session.id, lang=language_of(request))


@router.post("/{room_id}/start")
def start_room(room_id: str, request: Request, session: Session) -> dict[str, Any]:
    _rooms(request).start(room_id, session)
    return _rooms(request).view(room_id, session.id, lang=language_of(request))


@router.post("/{room_id}/actions")
def act_in_room(room_id: str, body: RoomAction, request: Request, session: Session) -> dict[str, Any]:
    record = _rooms(request).act(room_id, session.id, body.fields(), body.seen)
    since = body.seen if body.seen is not None else 0
    return _rooms(request).view(record.id, session.id, since, language_of(request))


@router.post("/{room_id}/next")
def next_hand(room_id: str, request: Request, session: Session) -> dict[str, Any]:
    _rooms(request).next_hand(room_id, session)
    return _rooms(request).view(room_id, session.id, lang=language_of(request))


@router.post("/{room_id}/away")
def away(room_id: str, request: Request, session: Session) -> dict[str, Any]:
    """Leave the table for now: a bot of the room's level decides for you until you are back."""
    _rooms(request).presence(room_id, session, here=False)
    return _rooms(request).view(room_id, session.id, lang=language_of(request))


@router.post("/{room_id}/back")
def back(room_id: str, request: Request, session: Session) -> dict[str, Any]:
    _rooms(request).presence(room_id, session, here=True)
    return _rooms(request).view(room_id, session.id, lang=language_of(request))


@router.post("/{room_id}/stand-in")
def stand_in(room_id: str, body: StandIn, request: Request, session: Session) -> dict[str, Any]:
    """The host hands an absent person's chair to a computer player, in a room with no turn limit
    (with one, a missed turn does it); the person takes it back with ``/back``."""
    _rooms(request).stand_in(room_id, session, body.chair)
    return _rooms(request).view(room_id, session.id, lang=language_of(request))


def _same_origin(websocket: WebSocket) -> bool:
    """A browser names the page that opened a socket: only our own pages may open one with the
    player's cookie (another site's page would read the player's tiles, and act for them)."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True  # not a browser: a script, which sends its own cookie
    return urlsplit(origin).netloc == websocket.headers.get("host", "")


class _Viewer:
    """Who watches through a socket: the session of its cookie while that session lives (not signed
    out, not ended by a new password, sign-in elsewhere or a deleted account). A socket whose session
    is not alive watches as a spectator, and acts for nobody."""

    def __init__(self, store: Store, token: str) -> None:
        self.store = store
        self.token = token
        self.session_id: str | None = None
        # When the session was last found alive: the looks go on at their pace however often the
        # room changes (a busy table would otherwise never be looked at).
        self.checked = time.monotonic()

    async def connect(self) -> None:
        self.session_id = await self.live()

    async def live(self) -> str | None:
        """The session's id if it is alive now (a look at the database)."""
        return await run_in_threadpool(live_session_id, self.store, self.token) if self.token else None

    async def still_alive(self) -> bool:
        self.checked = time.monotonic()
        return self.session_id is None or await self.live() == self.session_id


# The close of a socket whose session ended: the page connects again, with the cookie it has now.
_SESSION_ENDED = (4401, "your session has ended")


async def _refuse(websocket: WebSocket, detail: str) -> None:
    """Turn a socket away before it opens: 429 with the sentence (a browser sees the socket close)."""
    await websocket.send_denial_response(
        JSONResponse({"detail": detail}, status_code=429, headers={"Retry-After": "5"})
    )


@router.websocket("/{room_id}/live")
async def live(websocket: WebSocket, room_id: str, since: int = 0) -> None:
    """The room as this viewer sees it, sent at once and after every change: ``{"type": "view", ...}``
    with the events numbered from ``since`` (then from the last one sent). A viewer with the live
    session of a chair sees that seat; anyone else, a spectator's view.

    A person may also act through it: ``{"type": "action", "action": ..., "tile": ..., "seen": N}``
    (as ``POST .../actions``); a refusal comes back as ``{"type": "error", "status", "detail"}`` and
    the room is unchanged. Limits (``room_limits``): a message over 4096 bytes closes the socket
    (1009), more than 50 messages or 16 KiB a second too (4429); sockets are capped per process,
    address, session and (spectators) room: one more is refused before it opens (429). A socket
    whose session ended is closed at the next look at the database (4401)."""
    rooms: Rooms = websocket.app.state.rooms
    token = websocket.cookies.get(COOKIE, "")
    lang = language_of(websocket)  # the view's texts, in the viewer's language
    if not _same_origin(websocket):
        await websocket.close(code=4403, reason="another site's page")
        return
    host = websocket.client.host if websocket.client is not None else "unknown"
    refused = rooms.sockets.refusal(host, None)  # a flood from one address costs no database read
    if refused is not None:
        await _refuse(websocket, refused)
        return
    viewer = _Viewer(rooms.store, token)
    await viewer.connect()
    try:
        view = await run_in_threadpool(rooms.view, room_id, viewer.session_id, since, lang)
    except WebError as error:
        await websocket.accept()
        await websocket.send_json({"type": "error", "status": error.status, "detail": sentence_of(error, lang)})
        await websocket.close(code=4404 if error.status == 404 else 4409)
        return
    ticket = rooms.sockets.admit(host, viewer.session_id, None if view["chair"] is not None else room_id)
    if not isinstance(ticket, Ticket):
        await _refuse(websocket, ticket)
        return
    try:
        await websocket.accept()
        await _follow(websocket, rooms, room_id, viewer, view, lang)
    finally:
        rooms.sockets.release(ticket)


async def _follow(
    websocket: WebSocket, rooms: Rooms, room_id: str, viewer: _Viewer, view: dict[str, Any], lang: str
) -> None:
    """Send the views of the room as it changes, and take the viewer's messages, until either goes."""
    budget = SocketBudget(messages=rooms.messages_per_second)
    # Bounded: a client that sends and never reads stops being read (it waits, not the server's memory).
    outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=8)
    closing: list[tuple[int, str]] = []

    async def act(message: dict[str, Any]) -> bool | None:
        """The viewer's action; whether the table took it (None: the viewer's session has ended)."""
        try:
            session = await viewer.live()  # a session that ended meanwhile acts for nobody
            if viewer.session_id is not None and session != viewer.session_id:
                return None
            if session is None:
                raise WebError(403, "You do not sit at this table (a spectator watches only).")
            body = RoomAction.model_validate({k: v for k, v in message.items() if k != "type"})
            await run_in_threadpool(rooms.act, room_id, session, body.fields(), body.seen)
            return True
        except WebError as error:
            await outbox.put({"type": "error", "status": error.status, "detail": sentence_of(error, lang)})
        except ValidationError as error:
            detail = validation_sentence(list(error.errors()), lang)  # a sentence naming the field
            await outbox.put({"type": "error", "status": 422, "detail": detail})
        except Exception:  # the connection stays: the person may try again
            log.exception("unexpected error acting in room %s", room_id)
            await outbox.put({"type": "error", "status": 500, "detail": "The server failed to take this action."})
        return False

    async def listen() -> None:
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                return
            text = received.get("text")
            if text is None:
                closing.append((1003, "a message is JSON text"))
                return
            over = budget.take(len(text.encode()))
            if over is not None:
                closing.append(over)
                return
            try:
                message = json.loads(text)
            except ValueError:
                message = None
            if isinstance(message, dict) and message.get("type") == "action":
                taken = await act(message)
                if taken is None:
                    closing.append(_SESSION_ENDED)
                    return
                if taken:
                    budget.give_back()  # an answer the table took is never held against the socket
            elif not (isinstance(message, dict) and message.get("type") == "ping"):
                await outbox.put({"type": "error", "status": 422, "detail": "A message is an action or a ping."})

    listener = asyncio.create_task(listen())
    try:
        while not listener.done():
            await websocket.send_json({"type": "view"} | view)
            version, since = view["version"], view["event_count"]
            person = viewer if view["chair"] is not None else None  # a spectator sees nothing of anyone's
            watch = _Watch(rooms, room_id, version, listener, outbox, websocket, person)
            if not await watch.until_changed():
                if watch.ended:
                    closing.append(_SESSION_ENDED)
                break
            view = await run_in_threadpool(rooms.view, room_id, viewer.session_id, since, lang)
    except (WebSocketDisconnect, RuntimeError):
        pass
    except WebError as error:
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await websocket.send_json({"type": "error", "status": error.status, "detail": sentence_of(error, lang)})
    finally:
        listener.cancel()
        code, reason = closing[0] if closing else (1000, "")
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await websocket.close(code=code, reason=reason)  # the viewer reconnects, from the last event it saw


class _Watch:
    """One wait for the room to pass ``version``: meanwhile the viewer's error messages are sent,
    overdue decisions handed to the stand-ins and, every few seconds, the database looked at for a
    change whose news was missed and, for a person at the table, whether their session still lives."""

    def __init__(
        self,
        rooms: Rooms,
        room_id: str,
        version: int,
        listener: asyncio.Task[None],
        outbox: asyncio.Queue[dict[str, Any]],
        websocket: WebSocket,
        person: _Viewer | None,
    ) -> None:
        self.rooms, self.room_id, self.version = rooms, room_id, version
        self.listener, self.outbox, self.websocket = listener, outbox, websocket
        self.person = person  # a person at the table: their session is looked at with the room
        self.ended = False  # the person's session ended: the socket closes

    async def until_changed(self) -> bool:
        """Whether the room changed (False: the viewer went, or their session ended)."""
        rooms, room_id, person = self.rooms, self.room_id, self.person
        looked = time.monotonic()
        while not self.listener.done():
            deadline = rooms.next_deadline(room_id)
            wait = rooms.look_again - (time.monotonic() - looked)
            if person is not None:
                wait = min(wait, rooms.look_again - (time.monotonic() - person.checked))
            if deadline is not None:
                wait = min(wait, deadline - time.time() + 0.02)
            change = asyncio.ensure_future(rooms.changed(room_id, self.version, max(wait, 0.02)))
            mail = asyncio.ensure_future(self.outbox.get())
            await asyncio.wait({change, self.listener, mail}, return_when=asyncio.FIRST_COMPLETED)
            if mail.done():
                await self.websocket.send_json(mail.result())
            else:
                mail.cancel()
            if not change.done():
                change.cancel()
                continue
            if change.result():
                return True
            if deadline is not None and time.time() >= deadline:
                await run_in_threadpool(rooms.tick, room_id)
            if person is not None and time.monotonic() - person.checked >= rooms.look_again:
                if not await person.still_alive():
                    self.ended = True
                    return False
            if time.monotonic() - looked >= rooms.look_again:
                looked = time.monotonic()
                if await run_in_threadpool(rooms.version, room_id) > self.version:
                    return True
        return False
