"""Rebuilding a Riichi hand from its events (:func:`replay`).

The log records what happened, not every pass: a discard followed by anything but a claim on it
was passed by every seat offered a claim, and of several claims only those that were carried out are
written. Replaying applies, at each point where the table waited, the decision the next recorded
event shows (passing for every seat it does not name) and checks that the hand writes the very
events recorded. A log of an older version replays as before: it is read in version 3
(:func:`~sparrow.game.events.upgrade_log`), which the hand writes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sparrow.core.tiles import Tile
from sparrow.game.events import upgrade_log
from sparrow.game.riichi.actions import RiichiAction, RiichiActionKind
from sparrow.game.riichi.state import RiichiHandState
from sparrow.game.riichi.tiles import face_kind, parse_face

__all__ = ["ReplayError", "replay"]

_K = RiichiActionKind
_CALLS = {"chi": _K.CHI, "pon": _K.PON, "daiminkan": _K.DAIMINKAN}
_RON_EVENTS = ("rob", "claim", "win")


class ReplayError(ValueError):
    """The events do not replay: they are not a hand this engine plays, or they end too soon."""


def replay(
    events: Sequence[Mapping[str, Any]],
    *,
    partial: bool = False,
    each: Callable[[RiichiHandState], None] | None = None,
    onto: RiichiHandState | None = None,
) -> RiichiHandState:
    """The state after the recorded hand, rebuilt from its ``hand_start`` with no randomness; raises
    :class:`ReplayError` unless it writes exactly the recorded events. With ``partial`` the record
    may stop before the hand ends (a hand in play): the state is the one waiting for the next
    decision after the last event (answers to an open claim are not written until it closes, so a
    claim half answered replays as not answered yet). ``each`` is shown the state after the deal and
    after every decision (a turn's, or every answer to a claim), as a step-by-step replay draws it.

    ``onto`` goes on from a state of this very hand (its events a beginning of ``events``), in
    place, instead of dealing again: a replay drawn a step at a time plays each step once."""
    if not events:
        raise ReplayError("no events")
    try:
        events = upgrade_log(events)
        state = RiichiHandState.from_hand_start(events[0]) if onto is None else onto
    except (KeyError, TypeError, ValueError) as error:
        raise ReplayError(f"the hand_start does not start a riichi hand: {error}") from None
    if (
        onto is not None
        and [{key: value for key, value in event.items() if key in own} for event, own in zip(events, onto.events)]
        != onto.events[: len(events)]
    ):
        raise ReplayError("the log does not go on from this state of the hand")
    if each is not None:
        each(state)
    while not state.over:
        position = len(state.events)
        if position >= len(events):
            if partial:
                break
            raise ReplayError(f"the events end at {position} before the hand does")
        if state.phase == "turn":
            action = _turn_action(state, events[position])
            _apply(state, action, position)
        else:
            for action in _answers(state, events, position):
                _apply(state, action, position)
        if each is not None:
            each(state)
    # Fields the table does not write are allowed and ignored (game-log.md): a seat's fallbacks...
    recorded = [
        {key: value for key, value in event.items() if key in mine} for event, mine in zip(events, state.events)
    ]
    if recorded != state.events[: len(events)] or len(events) != len(state.events):
        mismatch = next(
            (i for i, (a, b) in enumerate(zip(recorded, state.events)) if a != b),
            min(len(events), len(state.events)),
        )
        raise ReplayError(f"the replayed hand differs from the record at event {mismatch}")
    return state


def _apply(state: RiichiHandState, action: RiichiAction, position: int) -> None:
    try:
        state.apply(action)
    except ValueError as error:
        raise ReplayError(f"event {position}: {error}") from None


def _turn_action(state: RiichiHandState, event: Mapping[str, Any]) -> RiichiAction:
    seat = state.turn
    kind = event.get("event")
    if kind == "discard":
        return RiichiAction(_K.DISCARD, seat, parse_face(event["tile"]), riichi=bool(event.get("riichi")))
    if kind == "kong":
        face = int(face_kind(parse_face(event["tiles"][0])))
        return RiichiAction(_K.ANKAN if event.get("kind") == "concealed" else _K.KAKAN, seat, face)
    if kind == "win" and event.get("from") is None:
        return RiichiAction(_K.TSUMO, seat)
    if kind == "abort" and event.get("kind") == "nine_terminals":
        return RiichiAction(_K.KYUUSHU, seat)
    raise ReplayError(f"event {kind!r} is no decision of seat {seat} on its turn")


def _answers(state: RiichiHandState, events: Sequence[Mapping[str, Any]], position: int) -> list[RiichiAction]:
    """Every waiting seat's answer to the open discard or kakan, as the next events show it."""
    rons: set[int] = set()
    call: RiichiAction | None = None
    if events[position].get("event") == "riichi":
        position += 1  # the declaring discard passed without ron; a call on it may follow
    index = position
    while index < len(events) and events[index].get("event") in _RON_EVENTS:
        event = events[index]
        if event.get("event") == "claim" and event.get("kind") != "win":
            if index == position:
                call = _call(state, event)
            break
        if event.get("event") in ("rob", "claim"):
            rons.add(state.seat_of(event["seat"]))
        index += 1
    event = events[position] if position < len(events) else {}
    if event.get("event") == "abort" and event.get("kind") == "triple_ron":
        rons = {state.seat_of(wind) for wind in event.get("seats", ())}
    answers = []
    for seat in state.to_act:
        if seat in rons:
            answers.append(RiichiAction(_K.RON, seat))
        elif call is not None and call.seat == seat:
            answers.append(call)
        else:
            answers.append(RiichiAction(_K.PASS, seat))
    return answers


def _call(state: RiichiHandState, event: Mapping[str, Any]) -> RiichiAction:
    seat = state.seat_of(event["seat"])
    kind = _CALLS.get(event.get("call", ""))
    if kind is None:
        raise ReplayError(f"unknown call {event.get('call')!r}")
    if kind is _K.DAIMINKAN:
        return RiichiAction(kind, seat)
    faces = [parse_face(name) for name in event["meld"]]
    faces.remove(parse_face(event["tile"]))
    if len(faces) != 2 or any(Tile(int(face_kind(f))) >= 34 for f in faces):
        raise ReplayError(f"a {kind} takes two tiles from the hand, got {event['meld']!r}")
    return RiichiAction(kind, seat, tiles=(faces[0], faces[1]))
