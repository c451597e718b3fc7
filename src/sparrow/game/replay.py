"""Rebuild hands from their game log.

The ``hand_start`` event records the whole wall, so the table itself re-deals the hand; the players'
decisions are read back from the events they caused (``discard``, ``claim``, ``kong``, ``rob``,
``win``, ``false_win``; a ``draw`` after a discard means everyone asked passed). Every event the
table produces while replaying must equal the logged one, so a replay is also a check of the log:
:class:`ReplayError` names the first event that does not follow.

A log that stops before the hand ends (a hand in progress) replays to the state at its last event. A
log of an older version replays as before: it is read in version 3
(:func:`~sparrow.game.events.upgrade_log`), which the table writes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from sparrow.core.tiles import Tile, TileError, parse_tiles
from sparrow.game.actions import Action, IllegalActionError, InvalidActionError
from sparrow.game.events import LogError, split_hands, upgrade_log
from sparrow.game.state import HandSetupError, HandState, Phase
from sparrow.rules import RulesError

__all__ = ["ReplayError", "replay", "replay_states", "replay_match", "replay_onto"]


class ReplayError(ValueError):
    """The log does not describe a hand the table can play; the message says which event is wrong."""


def replay(events: Sequence[Mapping[str, Any]]) -> HandState:
    """The state at the end of the log of one hand (its result too, if the log reaches the end)."""
    last = None
    for last in _steps(events):  # noqa: B007 (the last state is the answer)
        pass
    assert last is not None
    return last


def replay_states(events: Sequence[Mapping[str, Any]]) -> Iterator[HandState]:
    """Every state of the hand, in order: after the deal, then after each player's decision.

    Each yielded state is an independent copy."""
    for state in _steps(events):
        yield state.copy()


def replay_onto(state: HandState, events: Sequence[Mapping[str, Any]]) -> HandState:
    """Play the decisions of a hand's log onto ``state``, a hand freshly dealt the same way (a
    :class:`~sparrow.game.match.Match` deals its hands again from its seed), checking every event
    the table produces against the log. Returns ``state``, at the log's last event."""
    events = _upgraded(_event_list(events))
    if len(state.events) > len(events) or state.events != list(events[: len(state.events)]):
        if [_plain(e) for e in state.events] != [_plain(dict(e)) for e in events[: len(state.events)]]:
            raise ReplayError("the log does not start with this hand's deal")
    for _ in _steps(events, state):
        pass
    return state


def _steps(events: Sequence[Mapping[str, Any]], state: HandState | None = None) -> Iterator[HandState]:
    """The one state of the hand, yielded after the deal and after each decision (not copied)."""
    events = _upgraded(_event_list(events))
    if not events or events[0].get("event") != "hand_start":
        raise ReplayError("a hand's log starts with a hand_start event")
    for index, event in enumerate(events[1:], 1):
        if event.get("event") == "hand_start":
            raise ReplayError(f"event {index} starts another hand: replay a match with replay_match()")
    if state is None:
        try:
            state = HandState.from_hand_start(events[0])
        except (HandSetupError, RulesError) as error:
            raise ReplayError(f"event 0 (hand_start): {error}") from None
    checked = 0
    while True:
        checked = _check(state.events, events, checked)
        yield state
        position = len(state.events)
        if state.is_over:
            if position != len(events):
                raise ReplayError(f"event {position} ({events[position].get('event')!r}) comes after the hand ended")
            return
        if position >= len(events):
            return  # a hand in progress
        try:
            decisions = _decisions(state, events[position])
        except (InvalidActionError, TileError) as error:
            raise ReplayError(f"event {position} ({events[position].get('event')!r}) is malformed: {error}") from None
        except _MalformedEvent as error:
            raise ReplayError(f"event {position} ({events[position].get('event')!r}): {error}") from None
        for action in decisions:
            if state.decided(action.seat) == action:
                continue  # taken already: a state saved with the claim window open holds it
            try:
                state.apply(action)
            except IllegalActionError as error:
                raise ReplayError(f"event {position} ({events[position].get('event')!r}): illegal: {error}") from None


def replay_match(events: Sequence[Mapping[str, Any]]) -> list[HandState]:
    """Replay every hand of a match log (the concatenation of its hands' logs)."""
    try:
        hands = split_hands(_event_list(events))
    except LogError as error:
        raise ReplayError(str(error)) from None
    return [replay(hand) for hand in hands]


class _MalformedEvent(Exception):
    """A field of a logged decision that cannot be read (replay turns it into a ReplayError)."""


def _event_list(events: Any) -> list[Mapping[str, Any]]:
    """The log as a list, every event checked to be an object (a log read from JSON may hold anything)."""
    if isinstance(events, (str, bytes, Mapping)) or not isinstance(events, Iterable):
        raise ReplayError(f"a log is a list of event objects, got {type(events).__name__}")
    listed: list[Mapping[str, Any]] = list(events)  # each checked next
    for index, event in enumerate(listed):
        if not isinstance(event, Mapping):
            raise ReplayError(f"event {index} is not an event object: {type(event).__name__} {event!r:.60}")
    return listed


def _upgraded(events: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The log in the version the table writes (a version this code does not know is a ReplayError)."""
    try:
        return upgrade_log(events)
    except LogError as error:
        raise ReplayError(str(error)) from None


def _field(event: Mapping[str, Any], name: str) -> Any:
    if name not in event:
        raise _MalformedEvent(f"the {name!r} field is missing")
    return event[name]


def _one_tile_of(event: Mapping[str, Any], name: str) -> Tile:
    """The first tile of a tiles field (a kong's four tiles, a chow's run)."""
    text = _field(event, name)
    if not isinstance(text, str):
        raise _MalformedEvent(f"{name} must be tiles in notation, got {text!r}")
    try:
        tiles = parse_tiles(text)
    except TileError as error:
        raise _MalformedEvent(f"{name}: {error}") from None
    if not tiles:
        raise _MalformedEvent(f"{name} names no tile")
    return tiles[0]


def _plain(value: Any) -> Any:
    """The value as it reads back from JSON; None for a value JSON cannot hold (the table's own events
    always can, so such a logged event never matches)."""
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError, RecursionError):
        return None


def _check(produced: list[dict[str, Any]], logged: Sequence[Mapping[str, Any]], start: int) -> int:
    """Compare the table's new events with the log; return how many are checked."""
    end = len(produced)
    if end > len(logged):
        raise ReplayError(
            f"the log ends at event {len(logged)}, but the table goes on with {produced[len(logged)].get('event')!r}"
        )
    for index in range(start, end):
        mine, theirs = produced[index], logged[index]
        # Fields the table does not write are allowed and ignored (game-log.md): a seat's fallbacks...
        if mine != theirs and _plain(mine) != _plain({key: value for key, value in theirs.items() if key in mine}):
            raise ReplayError(
                f"event {index} ({theirs.get('event')!r}) does not follow: the table gives {json.dumps(_plain(mine))}"
            )
    return end


def _passes(state: HandState, but: str | None = None) -> list[Action]:
    return [Action.pass_(seat) for seat in state.to_act if seat != but]


def _decisions(state: HandState, event: Mapping[str, Any]) -> list[Action]:
    """The players' decisions that make the table produce ``event`` next."""
    kind = event.get("event")
    seat: Any = event.get("seat")  # whatever the log holds: Action refuses what is not a seat
    phase = state.phase
    if kind == "discard":
        return [Action.discard(seat, _field(event, "tile"))]
    if kind == "kong":
        tile = _one_tile_of(event, "tiles")
        if event.get("kind") == "concealed":
            return [Action.concealed_kong(seat, tile)]
        return [Action.added_kong(seat, tile)]
    if kind in ("win", "false_win"):
        return [Action.win(seat)]
    if kind == "claim":
        claim_kind = event.get("kind")
        if claim_kind == "win":
            main = Action.win(seat)
        elif claim_kind == "chow":
            main = Action.chow(seat, _one_tile_of(event, "meld"))
        elif claim_kind == "pung":
            main = Action.pung(seat)
        elif claim_kind == "kong":
            main = Action.kong(seat)
        else:
            raise _MalformedEvent(f"unknown claim kind {claim_kind!r} (expected chow, pung, kong or win)")
        return [main, *_passes(state, but=seat)]
    if kind == "rob":
        return [Action.win(seat), *_passes(state, but=seat)]
    if phase in (Phase.CLAIMS, Phase.ROB):
        return _passes(state)  # nobody took the tile: the table draws next
    expected = "/".join(state.to_act) or "nobody"
    raise ReplayError(f"a {kind!r} event cannot come now: the table waits for {expected} to act in the {phase} phase")
