"""The room pages: the lobby (``/rooms``), a room's invitation and table (``/rooms/{id}``), and the end of
a hand as the room's table shows it (``GET /api/rooms/{id}/result``).

The pages are shells that ``rooms.js`` and ``room.js`` fill: the room page follows the room's live
connection (``room_api.py``) and draws the table with the modules of the table page
(``static/table/``). Once a hand is over every hand is shown, so its result (every hand revealed, the
score cards in the page's language, the settlement, and at the end of the match the standings) is
the same for everyone in the room, spectators included.
"""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse

from sparrow.bots import LEVELS
from sparrow.core.tiles import format_tiles
from sparrow.i18n import N_, gettext
from sparrow.play.room import RoomTable
from sparrow.play.table import Step, family_hands
from sparrow.rules import get_ruleset
from sparrow.store import SessionRecord
from sparrow.store.rooms import RoomRecord
from sparrow.web import table_texts
from sparrow.web.choices import match_choices
from sparrow.web.errors import WebError
from sparrow.web.games import RANKED_OPTIONS
from sparrow.web.language import language_of
from sparrow.web.pages import LEVEL_NAMES, _page, rules_shown
from sparrow.web.rooms import Rooms
from sparrow.web.session import current_session
from sparrow.web.views import history, result_view, standings

__all__ = ["router", "SCRIPT", "PAGE", "TURN_SECONDS", "room_result"]

router = APIRouter()
Session = Annotated[SessionRecord, Depends(current_session)]

# The turn times the lobby offers (seconds; None: no limit), 30 s chosen at first.
TURN_SECONDS = (10, 20, 30, 60, 120, None)

# Every msgid room.js looks up with T() (beside the table's own, table_texts.SCRIPT).
SCRIPT = (
    N_("Chair {number}"), N_("Free"), N_("Computer player"), N_("Sit here"), N_("Move here"), N_("(you)"),
    N_("host"), N_("away"), N_("Spectating: you see the discards and the sets, no one's concealed tiles."),
    N_("Waiting for the host to start the game."), N_("Take a free chair, then start: empty chairs get computer players."),
    N_("Take a chair to play, or watch as a spectator."), N_("The room is full: you may watch."),
    N_("Copied"), N_("Connection lost: reconnecting…"), N_("{seconds} s left"), N_("No time limit"),
    N_("{name} is away: a computer player plays for them."), N_("Away: a computer player plays for you."),
    N_("I am away"), N_("I am back"), N_("Everybody left: the room is closed."), N_("Waiting for {name}…"),
    N_("Waiting for the other players…"), N_("Your turn: choose a tile to discard."), N_("New room"),
    N_("Choose a name first."), N_("Let the computer play"),
    N_("{name} is not here? A computer player plays for them until they are back."),
    N_("Let a computer player play for {name}"),
)  # fmt: skip

# The refusals of handing a chair to a computer player (web/rooms.py), which the page shows as they come.
REFUSALS = (
    N_("Only the room's host hands a chair to a computer player."),
    N_("This room has a turn limit: whoever misses a turn is played for until they are back."),
    N_("Chair {chair} is a computer player's already."),
    N_("That is your own chair: say you are away instead."),
)

# The texts rooms.html and room.html translate with _().
PAGE = (
    N_("Rooms"), N_("Play with friends"),
    N_("Make a room, send its link to your friends and play each other; computer players take the chairs nobody takes."),
    N_("New room"), N_("Turn time"), N_("{seconds} seconds"), N_("No limit"), N_("Create the room"),
    N_("Invitation"), N_("Send this link to the people you play with:"), N_("Copy the link"),
    N_("Your name"), N_("Start the game"), N_("Room"), N_("Spectating"), N_("People"), N_("Computer players"),
    N_("{level} computer players"), N_("{seconds} s a turn"), N_("no time limit"), N_("There is no such room."),
)  # fmt: skip


def _rooms(request: Request) -> Rooms:
    return request.app.state.rooms


def _page_texts(lang: str) -> dict[str, str]:
    _ = gettext(lang)
    return table_texts.texts(lang) | {msgid: _(msgid) for msgid in SCRIPT}


@router.get("/rooms", response_class=HTMLResponse, include_in_schema=False)
def lobby(request: Request, session: Session) -> HTMLResponse:
    rules = rules_shown()
    _ = gettext(language_of(request))
    choices = {family["rules"]: family["choices"] for family in match_choices(_, RANKED_OPTIONS)}
    levels = {name: LEVEL_NAMES.get(name, name) for name in LEVELS}
    return _page(
        request,
        session,
        "rooms.html",
        rules=rules,
        choices=choices,
        room_levels=levels,
        turn_times=TURN_SECONDS,
    )  # the choices that make a game unranked are marked: such a room's match is rated for nobody


@router.get("/rooms/{room_id}", response_class=HTMLResponse, include_in_schema=False)
def room_page(request: Request, session: Session, room_id: str) -> HTMLResponse:
    try:
        view = _rooms(request).view(room_id, session.id)
    except WebError as error:
        return _page(request, session, "missing.html", status=error.status, message=error.detail)
    lang = language_of(request)
    # The configured public address, or the path alone (room/invite.js puts the page's own address
    # before it): never the request's Host header, which a client may write as it likes.
    link = _rooms(request).link(room_id)
    # The server's clock, for the turn timer: a deadline is the server's time, the browser's clock may differ.
    data = {
        "texts": _page_texts(lang),
        "tile_names": table_texts.tile_names(lang),
        "room": view,
        "link": link,
        "now": time.time(),
    }
    return _page(
        request,
        session,
        "room.html",
        room=view,
        page_data=data,
        limit_unit=get_ruleset(view["rules"]).limit_unit,
        rules_name=table_texts.rules_name(view["rules"], lang),
        turn_times=TURN_SECONDS,
    )


@router.get("/api/rooms/{room_id}/result")
def result(room_id: str, request: Request, session: Session) -> dict[str, Any]:
    """How the room's last hand ended, for everyone in the room alike (the hand is over: nothing is
    hidden any more): every hand, the score cards, the settlement; the standings once the match is
    over. 409 while a hand is in play."""
    lang = language_of(request)

    def read(record: RoomRecord, table: RoomTable | None) -> dict[str, Any] | None:
        if table is None:
            raise WebError(409, "The game has not started yet.")
        return room_result(table, lang)

    answer = _rooms(request).read(room_id, read)
    if answer is None:
        raise WebError(409, "The hand is still in play.")
    return answer


# ---------------------------------------------------------------------------- the end of a hand


def room_result(table: RoomTable, lang: str = "en") -> dict[str, Any] | None:
    """The result of the table's last hand (None while one is in play), as the table page's
    ``result`` (``views.result_view``, a family's own part included) with ``hand_number`` and, once
    the match is over, ``standings`` and ``history``."""
    hand = table.hand
    if hand is None or not hand.is_over or hand.result is None:
        return None
    first = next(iter(hand.players))
    step = Step(
        observation=hand.observation(first),  # for the sets and bonus tiles, which everyone sees
        events=tuple(hand.seat_events(None)),  # everyone's, the hand being over (a family's wins read them)
        hand_number=table.match.hands_played,
        hand_over=True,
        match_over=table.match_over,
        result=hand.result,
        hands={seat: format_tiles(tiles) for seat, tiles in hand.table_view().hands.items()},
        totals={seat: table.match.totals[name] for seat, name in hand.players.items()},
        cards=dict(hand.score_cards()),
        family_hands=family_hands(hand),
    )
    answer = result_view(step, lang) or {}
    answer["hand_number"] = table.match.hands_played
    if table.match_over:
        answer |= {"standings": standings(table), "history": history(table, lang)}
    return answer
