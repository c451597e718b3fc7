"""mjai logs read and written: the JSON-lines messages of Riichi bots and their logs (Mortal, riichienv).

One message a line, a JSON object whose ``type`` names it (the names and fields are mjai's)::

    {"type":"start_game"}
    {"type":"start_kyoku","bakaze":"E","dora_marker":"4m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,
     "scores":[25000,25000,25000,25000],"tehais":[["1m",...13 tiles],...one list a seat]}
    {"type":"tsumo","actor":0,"pai":"5mr"}         {"type":"dahai","actor":0,"pai":"E","tsumogiri":false}
    {"type":"chi"|"pon","actor":1,"target":0,"pai":"3m","consumed":["4m","5m"]}   (daiminkan: 3 consumed)
    {"type":"kakan","actor":1,"pai":"P","consumed":["P","P","P"]}   {"type":"ankan","actor":2,"consumed":[4 tiles]}
    {"type":"dora","dora_marker":"W"}   {"type":"reach","actor":3}   {"type":"reach_accepted","actor":3}
    {"type":"hora","actor":1,"target":2,"deltas":[0,4200,-3200,0],"ura_markers":["4m"]}
    {"type":"ryukyoku","reason":"exhaustive_draw","deltas":[1500,1500,-1500,-1500]}
    {"type":"end_kyoku"}   {"type":"end_game"}   {"type":"none"}

Seats (``actor``, ``target``, ``oya``, ``id``) are 0-3 from the first dealer; lists by seat (``scores``,
``deltas``, ``tehais``, ``tenpais``) have one entry a seat (4, or 3 for three players). The optional
fields of the original protocol (gimite's mjai) and of its descendants are read when present:
``kyotaku`` and ``scores`` on start_kyoku (gimite's mjai leaves them out); ``deltas``/``scores`` on reach_accepted,
hora and ryukyoku; ``pai``, ``uradora_markers`` or Mortal's
``ura_markers``, ``hora_tehais``, ``yakus``, ``fu``, ``fan``, ``hora_points`` and riichienv's ``tsumo``
on hora; ``reason``, ``tehais`` and ``tenpais`` on ryukyoku; ``names``/``id`` on start_game; ``pai`` on
ankan (riichienv). Other fields (``possible_actions``, ``meta``...) are kept as read in ``extra`` and
written back, so reading and writing a log gives the same messages.

Tiles: mjai writes ``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s``, ``5mr``/``5pr``/``5sr`` for the red
fives, ``E S W N`` for the winds, ``P F C`` for the white, green and red dragons, and ``?`` for a tile
not shown. The project notation (``docs/spec/notation.md``) has no red fives, so a red five is a
five with ``red=True`` beside it, as the Riichi scorer takes them (``RiichiHand.aka``, one count a
suit: :func:`aka_counts`). :class:`MjaiTile` holds the pair; a hidden tile has ``tile`` None.

Reading checks every message: an unknown type, a missing or malformed field is a :class:`MjaiError`
naming the line and the problem in one line. Whether the messages make a legal game is the engine's
question, not this module's.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, NamedTuple

from sparrow.core.tiles import Tile

__all__ = [
    "MjaiError",
    "MjaiTile",
    "HIDDEN",
    "tile_from_mjai",
    "tile_to_mjai",
    "aka_counts",
    "MjaiEvent",
    "StartGame",
    "StartKyoku",
    "Tsumo",
    "Dahai",
    "Chi",
    "Pon",
    "Daiminkan",
    "Kakan",
    "Ankan",
    "Dora",
    "Reach",
    "ReachAccepted",
    "Hora",
    "Ryukyoku",
    "EndKyoku",
    "EndGame",
    "NoneEvent",
    "EVENT_TYPES",
    "parse_event",
    "event_to_dict",
    "read_mjai",
    "write_mjai",
]


class MjaiError(ValueError):
    """A line that is not an mjai message: the text names the line (when known) and the problem."""


# ---------------------------------------------------------------------------------------------- tiles

_HONOURS = "ESWNPFC"  # mjai's honour letters, in the project's order 1z-7z
_MJAI_SUITS = "mps"


class MjaiTile(NamedTuple):
    """One mjai tile: the project's tile (None when hidden, ``?``) and whether it is a red five."""

    tile: Tile | None
    red: bool = False

    def __str__(self) -> str:
        return tile_to_mjai(self)

    @property
    def notation(self) -> str:
        """The tile in the project notation (``5m`` for a red five too; ``?`` when hidden)."""
        return "?" if self.tile is None else str(self.tile)


HIDDEN = MjaiTile(None)


def _names() -> dict[str, MjaiTile]:
    names = {"?": HIDDEN}
    for suit_index, suit in enumerate(_MJAI_SUITS):
        for rank in range(1, 10):
            names[f"{rank}{suit}"] = MjaiTile(Tile(9 * suit_index + rank - 1))
        names[f"5{suit}r"] = MjaiTile(Tile(9 * suit_index + 4), True)
    for index, letter in enumerate(_HONOURS):
        names[letter] = MjaiTile(Tile(27 + index))
    return names


_BY_NAME: dict[str, MjaiTile] = _names()
_MJAI_NAME: dict[MjaiTile, str] = {tile: name for name, tile in _BY_NAME.items()}


def tile_from_mjai(name: str) -> MjaiTile:
    """The tile an mjai name stands for: ``tile_from_mjai("5pr") == MjaiTile(Tile.parse("5p"), True)``."""
    try:
        return _BY_NAME[name]
    except (KeyError, TypeError):
        raise MjaiError(f"unknown mjai tile {_show(name)}") from None


def tile_to_mjai(tile: Tile | int | str | MjaiTile | None, red: bool = False) -> str:
    """The mjai name of a tile (a :class:`Tile`, its index, or its notation), ``red`` for a red five;
    ``None`` is the hidden tile ``?``. Only the three fives can be red, and only playing tiles exist."""
    given: Tile | int | str | None
    if isinstance(tile, MjaiTile):
        given, red = tile.tile, tile.red or red
    else:
        given = tile
    if given is None:
        if red:
            raise MjaiError("a hidden tile cannot be red")
        return "?"
    try:
        found = Tile.parse(given) if isinstance(given, str) else Tile(given)
    except ValueError as error:
        raise MjaiError(str(error)) from None
    name = _MJAI_NAME.get(MjaiTile(found, bool(red)))
    if name is None:
        wrong = "a red five" if red else "an mjai tile"
        raise MjaiError(f"{found} cannot be {wrong}")
    return name


def aka_counts(tiles: Iterable[MjaiTile]) -> tuple[int, int, int]:
    """The red fives among ``tiles`` by suit (characters, circles, bamboo), as ``RiichiHand.aka``."""
    counts = [0, 0, 0]
    for tile in tiles:
        if tile.red and tile.tile is not None:
            counts[tile.tile // 9] += 1
    return counts[0], counts[1], counts[2]


# ------------------------------------------------------------------------------------ field kinds

# Each field of a message class names its kind (how it is read and written) in its metadata.
SEAT, COUNT, INT, BOOL, TEXT, WIND, TILE, TILES, PER_SEAT_INT, PER_SEAT_BOOL, PER_SEAT_TILES, NAMES, YAKUS = (
    "a seat 0-3",
    "a count (an integer 0 or more)",
    "an integer",
    "true or false",
    "a string",
    "a wind E, S, W or N",
    "an mjai tile",
    "a list of mjai tiles",
    "a list of integers, one a seat",
    "a list of true/false, one a seat",
    "a list of tile lists, one a seat",
    "a list of names",
    "a list of [name, han] pairs",
)
_PLAYERS = (3, 4)


class _FieldError(Exception):
    """A field at fault, turned into an MjaiError with the line and message type."""


def _show(value: Any, limit: int = 40) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_tile(value: Any) -> MjaiTile:
    found = _BY_NAME.get(value) if isinstance(value, str) else None
    if found is None:
        raise _FieldError(f"unknown mjai tile {_show(value)}")
    return found


def _read_tiles(value: Any, size: int | None) -> tuple[MjaiTile, ...]:
    if not isinstance(value, list):
        raise _FieldError(f"expected a list of mjai tiles, got {_show(value)}")
    if size is not None and len(value) != size:
        raise _FieldError(f"expected {size} tiles, got {len(value)}")
    return tuple(_read_tile(item) for item in value)


def _per_seat(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) not in _PLAYERS:
        raise _FieldError(f"expected {what}, got {_show(value)}")
    return value


def _read(kind: str, value: Any, size: int | None) -> Any:
    if kind == SEAT:
        if _is_int(value) and 0 <= value <= 3:
            return value
    elif kind == COUNT:
        if _is_int(value) and value >= 0:
            return value
    elif kind == INT:
        if _is_int(value):
            return value
    elif kind == BOOL:
        if isinstance(value, bool):
            return value
    elif kind == TEXT:
        if isinstance(value, str):
            return value
    elif kind == WIND:
        if value in ("E", "S", "W", "N"):
            return value
    elif kind == TILE:
        return _read_tile(value)
    elif kind == TILES:
        return _read_tiles(value, size)
    elif kind == PER_SEAT_INT:
        items = _per_seat(value, kind)
        if all(_is_int(item) for item in items):
            return tuple(items)
    elif kind == PER_SEAT_BOOL:
        items = _per_seat(value, kind)
        if all(isinstance(item, bool) for item in items):
            return tuple(items)
    elif kind == PER_SEAT_TILES:
        items = _per_seat(value, kind)
        return tuple(_read_tiles(item, size) for item in items)
    elif kind == NAMES:
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return tuple(value)
    elif kind == YAKUS:
        if isinstance(value, list) and all(
            isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and _is_int(item[1])
            for item in value
        ):
            return tuple((name, han) for name, han in value)
    raise _FieldError(f"expected {kind}, got {_show(value)}")


def _write(kind: str, value: Any) -> Any:
    if kind == TILE:
        return str(value)
    if kind == TILES:
        return [str(tile) for tile in value]
    if kind == PER_SEAT_TILES:
        return [[str(tile) for tile in tiles] for tiles in value]
    if kind == YAKUS:
        return [[name, han] for name, han in value]
    if kind in (PER_SEAT_INT, PER_SEAT_BOOL, NAMES):
        return list(value)
    return value


def _f(kind: str, size: int | None = None) -> Any:
    """A required field of ``kind`` (``size``: tiles in the list, or in each seat's list)."""
    return field(metadata={"kind": kind, "size": size})


def _opt(kind: str, size: int | None = None) -> Any:
    """An optional field: None when the message leaves it out (and then written without it)."""
    return field(default=None, metadata={"kind": kind, "size": size, "optional": True})


# --------------------------------------------------------------------------------------- messages


@dataclass(frozen=True, kw_only=True)
class MjaiEvent:
    """One mjai message. ``extra`` holds the fields this module does not read, as they were."""

    TYPE: ClassVar[str] = ""
    extra: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True, kw_only=True)
class StartGame(MjaiEvent):
    TYPE: ClassVar[str] = "start_game"
    names: tuple[str, ...] | None = _opt(NAMES)
    id: int | None = _opt(SEAT)


@dataclass(frozen=True, kw_only=True)
class StartKyoku(MjaiEvent):
    TYPE: ClassVar[str] = "start_kyoku"
    bakaze: str = _f(WIND)
    dora_marker: MjaiTile = _f(TILE)
    kyoku: int = _f(COUNT)
    honba: int = _f(COUNT)
    # gimite's original mjai leaves the sticks and the scores out: they follow from the start and
    # the hands before.
    kyotaku: int | None = _opt(COUNT)
    oya: int = _f(SEAT)
    scores: tuple[int, ...] | None = _opt(PER_SEAT_INT)
    tehais: tuple[tuple[MjaiTile, ...], ...] = _f(PER_SEAT_TILES, 13)


@dataclass(frozen=True, kw_only=True)
class Tsumo(MjaiEvent):
    TYPE: ClassVar[str] = "tsumo"
    actor: int = _f(SEAT)
    pai: MjaiTile = _f(TILE)


@dataclass(frozen=True, kw_only=True)
class Dahai(MjaiEvent):
    TYPE: ClassVar[str] = "dahai"
    actor: int = _f(SEAT)
    pai: MjaiTile = _f(TILE)
    tsumogiri: bool = _f(BOOL)


@dataclass(frozen=True, kw_only=True)
class Chi(MjaiEvent):
    TYPE: ClassVar[str] = "chi"
    actor: int = _f(SEAT)
    target: int = _f(SEAT)
    pai: MjaiTile = _f(TILE)
    consumed: tuple[MjaiTile, ...] = _f(TILES, 2)


@dataclass(frozen=True, kw_only=True)
class Pon(MjaiEvent):
    TYPE: ClassVar[str] = "pon"
    actor: int = _f(SEAT)
    target: int = _f(SEAT)
    pai: MjaiTile = _f(TILE)
    consumed: tuple[MjaiTile, ...] = _f(TILES, 2)


@dataclass(frozen=True, kw_only=True)
class Daiminkan(MjaiEvent):
    TYPE: ClassVar[str] = "daiminkan"
    actor: int = _f(SEAT)
    target: int = _f(SEAT)
    pai: MjaiTile = _f(TILE)
    consumed: tuple[MjaiTile, ...] = _f(TILES, 3)


@dataclass(frozen=True, kw_only=True)
class Kakan(MjaiEvent):
    """An added kan: ``pai`` is the tile added, ``consumed`` the three of the pon."""

    TYPE: ClassVar[str] = "kakan"
    actor: int = _f(SEAT)
    pai: MjaiTile = _f(TILE)
    consumed: tuple[MjaiTile, ...] = _f(TILES, 3)


@dataclass(frozen=True, kw_only=True)
class Ankan(MjaiEvent):
    TYPE: ClassVar[str] = "ankan"
    actor: int = _f(SEAT)
    consumed: tuple[MjaiTile, ...] = _f(TILES, 4)
    pai: MjaiTile | None = _opt(TILE)  # riichienv writes one of the four


@dataclass(frozen=True, kw_only=True)
class Dora(MjaiEvent):
    TYPE: ClassVar[str] = "dora"
    dora_marker: MjaiTile = _f(TILE)


@dataclass(frozen=True, kw_only=True)
class Reach(MjaiEvent):
    TYPE: ClassVar[str] = "reach"
    actor: int = _f(SEAT)


@dataclass(frozen=True, kw_only=True)
class ReachAccepted(MjaiEvent):
    TYPE: ClassVar[str] = "reach_accepted"
    actor: int = _f(SEAT)
    deltas: tuple[int, ...] | None = _opt(PER_SEAT_INT)
    scores: tuple[int, ...] | None = _opt(PER_SEAT_INT)


@dataclass(frozen=True, kw_only=True)
class Hora(MjaiEvent):
    """A win: ``target`` is the discarder, or ``actor`` on a self-draw. ``deltas`` (riichienv, Mortal,
    gimite's mjai) are the score changes of the win, riichi sticks on the table included."""

    TYPE: ClassVar[str] = "hora"
    actor: int = _f(SEAT)
    target: int = _f(SEAT)
    pai: MjaiTile | None = _opt(TILE)
    deltas: tuple[int, ...] | None = _opt(PER_SEAT_INT)
    scores: tuple[int, ...] | None = _opt(PER_SEAT_INT)
    tsumo: bool | None = _opt(BOOL)
    ura_markers: tuple[MjaiTile, ...] | None = _opt(TILES)
    uradora_markers: tuple[MjaiTile, ...] | None = _opt(TILES)
    hora_tehais: tuple[MjaiTile, ...] | None = _opt(TILES)
    yakus: tuple[tuple[str, int], ...] | None = _opt(YAKUS)
    fu: int | None = _opt(COUNT)
    fan: int | None = _opt(COUNT)
    hora_points: int | None = _opt(COUNT)

    @property
    def is_tsumo(self) -> bool:
        return self.actor == self.target


@dataclass(frozen=True, kw_only=True)
class Ryukyoku(MjaiEvent):
    """A drawn hand, exhaustive or abortive: ``reason`` as the writer words it (riichienv:
    ``exhaustive_draw``, ``kyushu_kyuhai``, ``sufuurenta``, ``suukansansen``, ``suucha_riichi``,
    ``sanchaho``, ``nagashimangan``; gimite's mjai: ``fanpai``, ``kyushukyuhai``...)."""

    TYPE: ClassVar[str] = "ryukyoku"
    reason: str | None = _opt(TEXT)
    deltas: tuple[int, ...] | None = _opt(PER_SEAT_INT)
    scores: tuple[int, ...] | None = _opt(PER_SEAT_INT)
    tehais: tuple[tuple[MjaiTile, ...], ...] | None = _opt(PER_SEAT_TILES)
    tenpais: tuple[bool, ...] | None = _opt(PER_SEAT_BOOL)


@dataclass(frozen=True, kw_only=True)
class EndKyoku(MjaiEvent):
    TYPE: ClassVar[str] = "end_kyoku"


@dataclass(frozen=True, kw_only=True)
class EndGame(MjaiEvent):
    TYPE: ClassVar[str] = "end_game"
    scores: tuple[int, ...] | None = _opt(PER_SEAT_INT)


@dataclass(frozen=True, kw_only=True)
class NoneEvent(MjaiEvent):
    """The protocol's ``{"type":"none"}``: a bot's answer that it does nothing."""

    TYPE: ClassVar[str] = "none"


EVENT_TYPES: dict[str, type[MjaiEvent]] = {
    cls.TYPE: cls
    for cls in (
        StartGame,
        StartKyoku,
        Tsumo,
        Dahai,
        Chi,
        Pon,
        Daiminkan,
        Kakan,
        Ankan,
        Dora,
        Reach,
        ReachAccepted,
        Hora,
        Ryukyoku,
        EndKyoku,
        EndGame,
        NoneEvent,
    )
}

# Per class, its read fields: (name, kind, size, optional), in the order messages are written.
_SPECS: dict[type[MjaiEvent], tuple[tuple[str, str, int | None, bool], ...]] = {
    cls: tuple(
        (f.name, f.metadata["kind"], f.metadata["size"], bool(f.metadata.get("optional")))
        for f in fields(cls)
        if f.name != "extra"
    )
    for cls in EVENT_TYPES.values()
}
_SPEC_NAMES: dict[type[MjaiEvent], frozenset[str]] = {
    cls: frozenset(name for name, *_ in spec) for cls, spec in _SPECS.items()
}


# ---------------------------------------------------------------------------------- read and write


def _where(line: int | None) -> str:
    return "" if line is None else f"line {line}: "


def parse_event(message: Mapping[str, Any], line: int | None = None) -> MjaiEvent:
    """The message of one decoded JSON object (a dict of riichienv's ``mjai_log``, say); ``line`` is
    named in the error."""
    if not isinstance(message, Mapping):
        raise MjaiError(f"{_where(line)}expected a JSON object, got {_show(message)}")
    kind = message.get("type")
    if kind is None:
        raise MjaiError(f"{_where(line)}the message has no type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MjaiError(f"{_where(line)}unknown message type {_show(kind)}")
    values: dict[str, Any] = {}
    for name, field_kind, size, optional in _SPECS[cls]:
        if name not in message or (optional and message[name] is None):
            if optional:
                continue
            raise MjaiError(f"{_where(line)}{kind}: missing field {_show(name)}")
        try:
            values[name] = _read(field_kind, message[name], size)
        except _FieldError as error:
            raise MjaiError(f"{_where(line)}{kind}: field {_show(name)}: {error}") from None
    names = _SPEC_NAMES[cls]
    extra = {key: value for key, value in message.items() if key != "type" and key not in names}
    return cls(**values, extra=extra)


def event_to_dict(event: MjaiEvent) -> dict[str, Any]:
    """The JSON object of a message: ``type`` first, then its fields, then ``extra``. A field that
    would not read back (a seat 5, a tile with no mjai name) is a :class:`MjaiError`."""
    spec = _SPECS.get(type(event))
    if spec is None:
        raise MjaiError(f"not an mjai message: {_show(repr(event))}")
    out: dict[str, Any] = {"type": event.TYPE}
    for name, kind, size, optional in spec:
        value = getattr(event, name)
        if value is None and optional:
            continue
        try:
            out[name] = _write(kind, value)
            _read(kind, out[name], size)
        except (_FieldError, KeyError, TypeError, ValueError) as error:
            problem = error if isinstance(error, _FieldError) else f"expected {kind}, got {_show(repr(value))}"
            raise MjaiError(f"{event.TYPE}: field {_show(name)}: {problem}") from None
    for key, value in event.extra.items():
        out.setdefault(key, value)
    return out


def read_mjai(lines: str | Iterable[str]) -> list[MjaiEvent]:
    """The messages of an mjai log: its text, or its lines (a file open for reading). Blank lines are
    skipped; line numbers count them."""
    if isinstance(lines, str):
        lines = lines.splitlines()
    events: list[MjaiEvent] = []
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            message = json.loads(text)
        except ValueError as error:
            reason = getattr(error, "msg", str(error))
            raise MjaiError(f"line {number}: not JSON ({reason}): {_show(text.strip())}") from None
        events.append(parse_event(message, number))
    return events


def write_mjai(events: Iterable[MjaiEvent]) -> str:
    """The mjai log of ``events``: one compact JSON object a line, each line ended."""
    return "".join(
        json.dumps(event_to_dict(event), ensure_ascii=False, separators=(",", ":")) + "\n" for event in events
    )
