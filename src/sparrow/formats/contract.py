"""The hand-situation contract for one value: score or settle it, or say in one line what is wrong.

``sparrow score``/``sparrow settle`` (each line of a batch) and the web's ``POST /api/score`` and
``POST /api/settle`` answer through these functions, so the two faces give the same results and the
same messages (``docs/spec/hand-situation.md``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, cast

import msgspec
import orjson

from sparrow.core.situation import (
    EXTRA_FIELDS,
    HandSituation,
    SituationError,
    check_fields,
    situation_keys,
)
from sparrow.core.tiles import SEATS
from sparrow.formats.batches import TOO_DEEP, line_message
from sparrow.formats.quick import quick_situation, quick_situation_from
from sparrow.rules import RulesError, Ruleset, ScoreResult, Settlement, get_ruleset
from sparrow.rules import settle as settle_payments
from sparrow.rules.ruleset import SETTLEMENT_FIELDS

__all__ = [
    "INPUT_ERRORS",
    "NO_ID",
    "id_of",
    "input_message",
    "score_input",
    "score_json_line",
    "score_line",
    "settle_input",
    "with_id",
]


# A message never quotes more than this of the input; the checks quote at most 80 characters of a value,
# this catches anything that slipped through.
_MESSAGE_LIMIT = 400


def input_message(error: Exception) -> str:
    """One line naming the field at fault."""
    if isinstance(error, RulesError) and str(error).startswith(("option ", "unknown option ")):
        message = f"options: {error}"  # a family checking an option value of its own
    elif isinstance(error, NotImplementedError):
        message = f"rules: {error or 'this ruleset cannot do that yet'}"
    elif isinstance(error, RecursionError):
        message = TOO_DEEP
    elif isinstance(error, (json.JSONDecodeError, UnicodeDecodeError)):
        message = line_message(error)
    else:
        message = str(error)
    message = " ".join(message.split())
    return message if len(message) <= _MESSAGE_LIMIT else message[: _MESSAGE_LIMIT - 1] + "…"


# ValueError: SituationError, RulesError, HandError, TileError; TypeError and RecursionError: a value of a
# shape no check foresaw is still that line's error, never a traceback that stops the batch.
INPUT_ERRORS = (ValueError, NotImplementedError, TypeError, RecursionError)


def _ruleset(data: Any) -> Ruleset | None:
    """The ruleset the input names, checked before anything but the field names (an unknown ruleset is
    the first thing to say); None when the input has no ruleset name, which ``from_dict`` then reports."""
    if (type(data) is not dict and not isinstance(data, Mapping)) or not isinstance(data.get("rules"), str):
        return None
    try:
        return get_ruleset(data["rules"])
    except RulesError as error:
        raise SituationError("rules", str(error)) from None


_SETTLEMENT_KEYS = SETTLEMENT_FIELDS | EXTRA_FIELDS


def _check_options(ruleset: Ruleset, options: Mapping[str, Any]) -> None:
    if not options:
        return  # the defaults: nothing to check
    try:
        ruleset.resolve_options(options)
    except RulesError as error:
        raise SituationError("options", str(error)) from None


def score_input(data: Any) -> ScoreResult:
    """Score one hand situation (JSON form), its field names and ruleset and options checked first."""
    if type(data) is dict or isinstance(data, Mapping):
        check_fields(data, situation_keys(data.get("rules")))
    ruleset = _ruleset(data)
    situation = HandSituation.from_dict(data)
    assert ruleset is not None  # from_dict has required the ruleset's name
    _check_options(ruleset, situation.options)
    try:
        return ruleset.score(situation)
    except NotImplementedError:
        raise NotImplementedError(f"the {ruleset.name} ruleset cannot score hands yet") from None


def score_line(data: Any) -> bytes | None:
    """The JSON line of :func:`score_input`'s result (the input's ``id`` first), UTF-8 and ending in a line
    break, for a well-formed hand situation; None for anything else, which the caller then scores the
    ordinary way, with its messages.

    The quick way through a batch (``sparrow score --json``): :func:`~sparrow.formats.quick.quick_situation`
    reads the line, and the result is written as ``ScoreResult.to_dict`` makes it, byte for byte, without
    the calls. None too for a result orjson cannot write (a number beyond 64 bits)."""
    situation = quick_situation(data)
    if situation is None:
        return None
    return _result_line(situation, data.get("id", NO_ID))


# gc=False: a decoded line lives for one line and holds no reference back to itself, so the collector
# need not track it.
class _SetLine(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    kind: str
    tiles: str
    open: bool = True


class _SituationLine(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """A hand situation as a batch line holds it, the types exact: anything else fails to decode."""

    rules: str
    concealed: str
    melds: list[_SetLine] | None = None
    winning_tile: Any = None
    win_by: Any = None
    seat_wind: Any = None
    round_wind: Any = None
    bonus: Any = None
    moments: Any = None
    options: dict[str, Any] | None = None
    id: str | int | bool | None | msgspec.UnsetType = msgspec.UNSET  # UNSET: the line has no id
    comment: Any = None


_decode_line = msgspec.json.Decoder(_SituationLine).decode


def score_json_line(raw: bytes) -> bytes | None:
    """:func:`score_line` of one line of JSON as read (bytes), or None: then the caller reads the line the
    ordinary way and scores what it holds, with the messages.

    msgspec decodes the line straight into typed fields, checking the field names and their types as it
    goes, which costs less than building the object and checking it afterwards. Its reading is the
    reference reading for every line it accepts (numbers of any length included); it refuses the rest."""
    try:
        line = _decode_line(raw)
    except msgspec.MsgspecError:
        return None
    melds = line.melds
    situation = quick_situation_from(
        line.rules,
        line.options,
        line.concealed,
        [(meld.kind, meld.tiles, meld.open) for meld in melds] if melds else (),
        line.winning_tile,
        line.win_by,
        line.seat_wind,
        line.round_wind,
        line.bonus,
        line.moments,
    )
    if situation is None:
        return None
    key = line.id
    return _result_line(situation, NO_ID if key is msgspec.UNSET else key)


def _result_line(situation: HandSituation, key: Any) -> bytes | None:
    """The result line of a situation read the quick way, with ``key`` as its id (NO_ID: none)."""
    try:
        ruleset = get_ruleset(situation.rules)
        if situation.options:
            ruleset.resolve_options(situation.options)
        result = ruleset.score(situation)
    except INPUT_ERRORS:  # said by the ordinary way, which meets the same fault
        return None
    output = {
        "rules": result.rules,
        "valid": result.valid,
        "reason": result.reason,
        "total": result.total,
        "items": [{"name": item.name, "kind": item.kind, "value": item.value} for item in result.items],
        "limit": result.limit,
        # A read-only mapping of a dict (ScoreResult makes every result's details one, though it declares
        # a Mapping): the dict.
        "details": cast("MappingProxyType[str, Any]", result.details).copy(),
    }
    if key is not NO_ID:
        output = {"id": key, **output}
    try:
        return orjson.dumps(output, option=orjson.OPT_APPEND_NEWLINE)
    except orjson.JSONEncodeError:
        return None


def settle_input(data: Any) -> dict[str, int]:
    """Payments per seat, E S W N, for one settlement (JSON form)."""
    if type(data) is dict or isinstance(data, Mapping):
        check_fields(data, _SETTLEMENT_KEYS)
    ruleset = _ruleset(data)
    settlement = Settlement.from_dict(data)
    assert ruleset is not None
    _check_options(ruleset, settlement.options)
    try:
        payments = settle_payments(settlement)
    except NotImplementedError:
        raise NotImplementedError(f"the {ruleset.name} ruleset cannot settle hands yet") from None
    return {seat: payments.get(seat, 0) for seat in SEATS}


NO_ID = object()


def id_of(data: Any) -> Any:
    """The input's ``id`` (any JSON value), or :data:`NO_ID`."""
    return data.get("id", NO_ID) if isinstance(data, dict) else NO_ID


def with_id(data: Any, output: dict[str, Any]) -> dict[str, Any]:
    """A result object with the input's ``id`` first, when the input has one (hand-situation.md)."""
    key = id_of(data)
    return output if key is NO_ID else {"id": key, **output}
