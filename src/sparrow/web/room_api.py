"""The rooms' JSON API and their live connection (docs/web.md, "Rooms").

REST for every change (a script can play a room with it alone) and one WebSocket a viewer,
``/api/rooms/{id}/live?since=N``, that sends the room's view with the events after the last number the
viewer saw, at once and after every change: a connection that drops reconnects with the number of the
last event it received and misses or repeats nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Query, Request, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError
from starlette.concurrency import run_in_threadpool

from sparrow.store import SessionRecord
from sparrow.store.store import token_hash
from sparrow.web.errors import WebError
from sparrow.web.language import language_of
from sparrow.web.rooms import Rooms
from sparrow.web.session import COOKIE, current_session

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


class RoomAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: StrictStr = Field(max_length=16)
    tile: StrictStr | None = Field(None, max_length=4)
    # A Riichi room's: the two tiles of a chi or pon, a discard that declares riichi.
    tiles: list[StrictStr] | None = Field(None, max_length=4)
    riichi: StrictBool | None = None
    seen: StrictInt | None = None

    def fields(self) -> dict[str, Any]:
        """The action as the table reads it (the fields given, without ``seen``)."""
        return {key: value for key, value in self.model_dump(exclude={"seen"}).items() if value is not None}


@router.post("", status_code=201)
def create_room(body: NewRoom, request: Request, session: Session) -> dict[str, Any]:
    """A room for people to play in: its invitation link is its address (``/rooms/{id}``)."""
    record = _rooms(request).create(session, body.rules, body.options, body.level, body.turn_seconds)
    return _rooms(request).view(record.id, session.id, lang=language_of(request)) | {"link": f"/rooms/{record.id}"}


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
    record = _rooms(request).act(room_id, session, body.fields(), body.seen)
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


def _same_origin(websocket: WebSocket) -> bool:
    """A browser names the page that opened a socket: only our own pages may open one with the
    player's cookie (another site's page would read the player's tiles, and act for them)."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True  # not a browser: a script, which sends its own cookie
    return urlsplit(origin).netloc == websocket.headers.get("host", "")


@router.websocket("/{room_id}/live")
async def live(websocket: WebSocket, room_id: str, since: int = 0) -> None:
    """The room as this viewer sees it, sent at once and after every change: ``{"type": "view", ...}``
    with the events numbered from ``since`` (then from the last one sent). A viewer with the session
    of a chair sees that seat; anyone else, a spectator's view.

    A person may also act through it: ``{"type": "action", "action": ..., "tile": ..., "seen": N}``
    (as ``POST .../actions``); a refusal comes back as ``{"type": "error", "status", "detail"}`` and
    the room is unchanged. More than 50 messages a second close the socket (4429); more than 20 actions a second are refused (429)."""
    rooms: Rooms = websocket.app.state.rooms
    token = websocket.cookies.get(COOKIE, "")
    session_id = token_hash(token) if token else None
    lang = language_of(websocket)  # the score cards of a Riichi room's view are written in it
    if not _same_origin(websocket):
        await websocket.close(code=4403, reason="another site's page")
        return
    await websocket.accept()
    try:
        view = await run_in_threadpool(rooms.view, room_id, session_id, since, lang)
    except WebError as error:
        await websocket.send_json({"type": "error", "status": error.status, "detail": error.detail})
        await websocket.close(code=4404 if error.status == 404 else 4409)
        return
    received: deque[float] = deque()
    outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def act(message: dict[str, Any]) -> None:
        session = await run_in_threadpool(rooms.store.session, token) if token else None
        try:
            if session is None:
                raise WebError(403, "You do not sit at this table (a spectator watches only).")
            body = RoomAction.model_validate({k: v for k, v in message.items() if k != "type"})
            await run_in_threadpool(rooms.act, room_id, session, body.fields(), body.seen)
        except WebError as error:
            await outbox.put({"type": "error", "status": error.status, "detail": error.detail})
        except ValidationError as error:
            detail = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors()[:1])
            await outbox.put({"type": "error", "status": 422, "detail": detail or "not an action."})
        except Exception:  # the connection stays: the person may try again
            log.exception("unexpected error acting in room %s", room_id)
            await outbox.put({"type": "error", "status": 500, "detail": "The server failed to take this action."})

    async def listen() -> None:
        while True:
            text = await websocket.receive_text()
            now = time.monotonic()
            received.append(now)
            while received and received[0] < now - 1:
                received.popleft()
            if len(received) > rooms.messages_per_second:
                await websocket.close(code=4429, reason="too many messages")
                return
            try:
                message = json.loads(text)
            except ValueError:
                message = None
            if isinstance(message, dict) and message.get("type") == "action":
                await act(message)
            elif not (isinstance(message, dict) and message.get("type") == "ping"):
                await outbox.put({"type": "error", "status": 422, "detail": "A message is an action or a ping."})

    listener = asyncio.create_task(listen())
    try:
        while not listener.done():
            await websocket.send_json({"type": "view"} | view)
            version, since = view["version"], view["event_count"]
            if not await _until_changed(rooms, room_id, version, listener, outbox, websocket):
                break
            view = await run_in_threadpool(rooms.view, room_id, session_id, since, lang)
    except (WebSocketDisconnect, RuntimeError):
        pass
    except WebError as error:
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await websocket.send_json({"type": "error", "status": error.status, "detail": error.detail})
    finally:
        listener.cancel()
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await websocket.close()  # the viewer reconnects, from the last event it saw


async def _until_changed(
    rooms: Rooms,
    room_id: str,
    version: int,
    listener: asyncio.Task[None],
    outbox: asyncio.Queue[dict[str, Any]],
    websocket: WebSocket,
) -> bool:
    """Wait for the room to pass ``version`` (True) or the viewer to go (False), meanwhile sending the
    viewer's error messages, handing overdue decisions to the stand-ins and, every few seconds,
    looking at the database for a change whose news was missed."""
    looked = time.monotonic()
    while not listener.done():
        deadline = rooms.next_deadline(room_id)
        wait = rooms.look_again - (time.monotonic() - looked)
        if deadline is not None:
            wait = min(wait, deadline - time.time() + 0.02)
        change = asyncio.ensure_future(rooms.changed(room_id, version, max(wait, 0.02)))
        mail = asyncio.ensure_future(outbox.get())
        await asyncio.wait({change, listener, mail}, return_when=asyncio.FIRST_COMPLETED)
        if mail.done():
            await websocket.send_json(mail.result())
        else:
            mail.cancel()
        if not change.done():
            change.cancel()
            continue
        if change.result():
            return True
        if deadline is not None and time.time() >= deadline:
            await run_in_threadpool(rooms.tick, room_id)
        if time.monotonic() - looked >= rooms.look_again:
            looked = time.monotonic()
            if await run_in_threadpool(rooms.version, room_id) > version:
                return True
    return False
