"""The rooms' JSON API and their live connection (docs/web.md, "Rooms").

REST for every change (a script can play a room with it alone) and one WebSocket a viewer,
``/api/rooms/{id}/live?since=N``, that sends the room's view with the events after the last number the
viewer saw, at once and after every change: a connection that drops reconnects with the number of the
last event it received and misses or repeats nothing.
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from sparrow.store import SessionRecord
from sparrow.store.store import token_hash
from sparrow.web.errors import WebError
from sparrow.web.rooms import Rooms
from sparrow.web.session import COOKIE, current_session

__all__ = ["router"]

router = APIRouter(prefix="/api/rooms")
Session = Annotated[SessionRecord, Depends(current_session)]
# A live connection may send this many messages a second (a flood is closed, the room unchanged).
_MESSAGES_PER_SECOND = 20


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
    seen: StrictInt | None = None


@router.post("", status_code=201)
def create_room(body: NewRoom, request: Request, session: Session) -> dict[str, Any]:
    """A room for people to play in: its invitation link is its address (``/rooms/{id}``)."""
    record = _rooms(request).create(session, body.rules, body.options, body.level, body.turn_seconds)
    return _rooms(request).view(record.id, session.id) | {"link": f"/rooms/{record.id}"}


@router.get("/{room_id}")
def get_room(
    room_id: str, request: Request, session: Session, since: Annotated[int, Query(ge=0)] = 0
) -> dict[str, Any]:
    rooms = _rooms(request)
    rooms.tick(room_id)  # decisions overdue now are taken first
    return rooms.view(room_id, session.id, since)


@router.post("/{room_id}/chair")
def take_chair(room_id: str, body: Chair, request: Request, session: Session) -> dict[str, Any]:
    _rooms(request).take_chair(room_id, session, body.chair, body.name)
    return _rooms(request).view(room_id, session.id)


@router.post("/{room_id}/start")
def start_room(room_id: str, request: Request, session: Session) -> dict[str, Any]:
    _rooms(request).start(room_id, session)
    return _rooms(request).view(room_id, session.id)


@router.post("/{room_id}/actions")
def act_in_room(room_id: str, body: RoomAction, request: Request, session: Session) -> dict[str, Any]:
    action = {"action": body.action} | ({"tile": body.tile} if body.tile is not None else {})
    record = _rooms(request).act(room_id, session, action, body.seen)
    since = body.seen if body.seen is not None else 0
    return _rooms(request).view(record.id, session.id, since)


@router.post("/{room_id}/next")
def next_hand(room_id: str, request: Request, session: Session) -> dict[str, Any]:
    _rooms(request).next_hand(room_id, session)
    return _rooms(request).view(room_id, session.id)


@router.post("/{room_id}/away")
def away(room_id: str, request: Request, session: Session) -> dict[str, Any]:
    """Leave the table for now: a bot of the room's level decides for you until you are back."""
    _rooms(request).presence(room_id, session, here=False)
    return _rooms(request).view(room_id, session.id)


@router.post("/{room_id}/back")
def back(room_id: str, request: Request, session: Session) -> dict[str, Any]:
    _rooms(request).presence(room_id, session, here=True)
    return _rooms(request).view(room_id, session.id)


@router.websocket("/{room_id}/live")
async def live(websocket: WebSocket, room_id: str, since: int = 0) -> None:
    """The room as this viewer sees it, sent at once and after every change: ``{"type": "view", ...}``
    with the events numbered from ``since`` (then from the last one sent). A viewer with the session
    of a chair sees that seat; anyone else, a spectator's view. The client only listens: changes go
    through the REST API."""
    rooms: Rooms = websocket.app.state.rooms
    token = websocket.cookies.get(COOKIE, "")
    session_id = token_hash(token) if token else None
    await websocket.accept()
    try:
        view = await asyncio.to_thread(rooms.view, room_id, session_id, since)
    except WebError as error:
        await websocket.send_json({"type": "error", "status": error.status_code, "detail": error.detail})
        await websocket.close(code=4404 if error.status_code == 404 else 4409)
        return
    received: list[float] = []

    async def listen() -> None:
        # Nothing is taken from the socket but its closing; a flood of messages closes it.
        while True:
            await websocket.receive_text()
            now = time.monotonic()
            received.append(now)
            while received and received[0] < now - 1:
                received.pop(0)
            if len(received) > _MESSAGES_PER_SECOND:
                await websocket.close(code=4429, reason="too many messages")
                return

    listener = asyncio.create_task(listen())
    try:
        while not listener.done():
            await websocket.send_json({"type": "view"} | view)
            version, since = view["version"], view["event_count"]
            while not listener.done():
                await asyncio.to_thread(rooms.tick, room_id)
                newer = await asyncio.to_thread(rooms.wait, room_id, version, 1.0)
                if newer > version:
                    break
            if listener.done():
                break
            view = await asyncio.to_thread(rooms.view, room_id, session_id, since)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        listener.cancel()
