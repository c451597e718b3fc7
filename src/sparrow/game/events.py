"""The game log (``docs/spec/game-log.md``): events as plain JSON dicts, and JSON Lines in and out.

Events are built by the table (``sparrow.game.state``) as plain dicts with exactly the contract's names,
so a log written with :func:`dumps` and read back with :func:`loads` compares equal to the original.
Tiles are written in the notation of ``notation.md``: one tile as ``"5p"``, a hand or a meld in the
canonical sorted form, the wall in taking order.

Fields beyond the contract (readers ignore unknown fields): ``hand_start`` also carries ``totals``
(each seat's running table total before the hand), ``hand_number`` and ``deal_passes`` (how many times
the deal has passed in the current round), which the match needs to go on from a log; ``hand_end``
also carries ``winner``, ``win_by``, ``discarder`` and ``dead``.

The log says its version: ``hand_start.version`` is :data:`LOG_VERSION` (3). A log without it is of
version 1, written before every family wrote the same shapes (Riichi's ``hand_start`` gave its dealer
as a chair 0-3 and its scores as a list by chair); in version 2 Riichi's ``riichi`` event still gave
its ``scores`` as a list by chair and its ``hand_end`` the ``next_dealer``'s chair. In version 3 every
event names seats by their winds of the hand. :func:`upgrade_log` reads a log of any version in
version 3, and every reader of logs may call it first (it changes nothing in a log of version 3).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO, Any, overload

from sparrow.core.tiles import SEATS, TileError, parse_tiles

__all__ = [
    "EVENT_FIELDS",
    "LOG_VERSION",
    "LogError",
    "tile_text",
    "tiles_text",
    "tiles_in_order_text",
    "dumps",
    "loads",
    "write_jsonl",
    "read_jsonl",
    "validate_event",
    "split_hands",
    "upgrade_event",
    "upgrade_log",
    "seat_view",
    "spectator_view",
    "HIDDEN_FALSE_WIN_REASON",
]

# The version of the log the tables write (``hand_start.version``; a log without one is of version 1).
LOG_VERSION = 3

# The contract's fields per event (``seat`` where a seat acts).
EVENT_FIELDS: Mapping[str, tuple[str, ...]] = {
    "hand_start": ("rules", "options", "seed", "round_wind", "dealer", "players", "dice", "wall"),
    "deal": ("hands",),
    "bonus": ("seat", "tile", "replacement"),
    "draw": ("seat", "tile", "source"),
    "discard": ("seat", "tile"),
    "claim": ("seat", "kind", "tile", "from", "meld"),
    "kong": ("seat", "kind", "tiles"),
    "rob": ("seat", "from", "tile"),
    "win": ("seat", "from", "situation", "score"),
    "false_win": ("seat", "reason"),
    "exhausted": (),
    "hand_end": ("scores", "payments", "next_dealer", "next_round_wind"),
}


# The seats a table may have (sorted): four, or E, S, W at HKOS's three-player table.
_TABLES = (sorted(SEATS), sorted(SEATS[:3]))

# The reason a seat's live view gives for another seat's false claim to win: it says nothing of the
# claimant's concealed tiles (the dead hand itself is public: the claim was made aloud).
HIDDEN_FALSE_WIN_REASON = "not a legal win"


class LogError(ValueError):
    """A log line or event that does not follow the game-log contract; the message says where."""


# Fast printing: the table writes a tile on every event.
_SUIT_LETTER = ["m"] * 9 + ["p"] * 9 + ["s"] * 9 + ["z"] * 7 + ["f"] * 8
_RANK_DIGIT = [str(i % 9 + 1) for i in range(27)] + [str(i) for i in range(1, 8)] + [str(i) for i in range(1, 9)]
_TILE_TEXT = [d + s for d, s in zip(_RANK_DIGIT, _SUIT_LETTER)]


def tile_text(tile: int) -> str:
    return _TILE_TEXT[tile]


def tiles_in_order_text(tiles: Iterable[int]) -> str:
    """Order-preserving notation (a suit letter closes each run of one suit)."""
    out: list[str] = []
    current = None
    for tile in tiles:
        letter = _SUIT_LETTER[tile]
        if current is not None and letter != current:
            out.append(current)
        out.append(_RANK_DIGIT[tile])
        current = letter
    if current is not None:
        out.append(current)
    return "".join(out)


def tiles_text(tiles: Iterable[int]) -> str:
    """Canonical notation (sorted m, p, s, z, f)."""
    return tiles_in_order_text(sorted(tiles))


def counts_text(counts: Sequence[int]) -> str:
    """Canonical notation of 34 counts."""
    out: list[str] = []
    current = None
    for tile in range(34):
        number = counts[tile]
        if not number:
            continue
        letter = _SUIT_LETTER[tile]
        if current is not None and letter != current:
            out.append(current)
        out.append(_RANK_DIGIT[tile] * number)
        current = letter
    if current is not None:
        out.append(current)
    return "".join(out)


def dumps(events: Iterable[Mapping[str, Any]]) -> str:
    """JSON Lines: one compact object a line, each line ending in a newline."""
    return "".join(json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n" for event in events)


def write_jsonl(events: Iterable[Mapping[str, Any]], stream: IO[str]) -> None:
    for event in events:
        stream.write(json.dumps(event, ensure_ascii=False, separators=(",", ":")))
        stream.write("\n")


def loads(text: str) -> list[dict[str, Any]]:
    """Read JSON Lines; every non-empty line must be one event object (checked by :func:`validate_event`)."""
    return list(read_jsonl(text.splitlines()))


def read_jsonl(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError as error:
            raise LogError(f"line {number}: not JSON ({error.msg} at column {error.colno})") from None
        try:
            validate_event(event)
        except LogError as error:
            raise LogError(f"line {number}: {error}") from None
        yield event


def _check_tiles(event: Mapping[str, Any], name: str, value: Any, *, as_set: bool = True) -> None:
    if not isinstance(value, str):
        raise LogError(f"{event['event']}.{name} must be tiles in notation, got {value!r}")
    try:
        parse_tiles(value, as_set=as_set)
    except TileError as error:
        raise LogError(f"{event['event']}.{name}: {error}") from None


def _check_seat(event: Mapping[str, Any], name: str, *, nullable: bool = False) -> None:
    value = event.get(name)
    if value is None and nullable:
        return
    if value not in SEATS:
        raise LogError(f"{event['event']}.{name} must be one of E, S, W, N, got {value!r}")


def validate_event(event: Any) -> None:
    """Raise :class:`LogError` unless ``event`` has the contract's shape (unknown fields are allowed)."""
    if not isinstance(event, dict):
        raise LogError(f"an event is a JSON object, got {type(event).__name__}")
    name: Any = event.get("event")  # whatever the log holds, until it is found among EVENT_FIELDS
    if name not in EVENT_FIELDS:
        raise LogError(f"unknown event {name!r} (expected one of {', '.join(EVENT_FIELDS)})")
    missing = [field for field in EVENT_FIELDS[name] if field not in event]
    if missing:
        raise LogError(f"{name} lacks {', '.join(missing)}")
    if "seat" in EVENT_FIELDS[name]:
        _check_seat(event, "seat")
    if name == "hand_start":
        _check_version(event)
        if not isinstance(event["rules"], str):
            raise LogError("hand_start.rules must be a ruleset name")
        if not isinstance(event["options"], dict):
            raise LogError("hand_start.options must be an object")
        _check_seat(event, "round_wind")
        _check_seat(event, "dealer")
        players = event["players"]
        if not isinstance(players, dict) or sorted(players) not in _TABLES:
            raise LogError("hand_start.players must map E, S, W, N (or E, S, W at a three-player table) to names")
        if not isinstance(event["dice"], list):
            raise LogError("hand_start.dice must be a list of rolls")
        _check_tiles(event, "wall", event["wall"])
    elif name == "deal":
        hands = event["hands"]
        if not isinstance(hands, dict) or sorted(hands) not in _TABLES:
            raise LogError("deal.hands must map E, S, W, N (or E, S, W at a three-player table) to tiles")
        for seat, tiles in hands.items():
            _check_tiles(event, f"hands.{seat}", tiles)
    elif name in ("bonus", "draw", "discard", "claim", "rob"):
        _check_tiles(event, "tile", event["tile"])
        if name == "bonus" and event["replacement"] is not None:
            _check_tiles(event, "replacement", event["replacement"])
        if name == "draw" and event["source"] not in ("live", "replacement"):
            raise LogError(f"draw.source must be live or replacement, got {event['source']!r}")
        if name in ("claim", "rob"):
            _check_seat(event, "from")
        if name == "claim":
            if event["kind"] not in ("chow", "pung", "kong", "win"):
                raise LogError(f"claim.kind must be chow, pung, kong or win, got {event['kind']!r}")
            if event["meld"] is not None:
                _check_tiles(event, "meld", event["meld"])
    elif name == "kong":
        if event["kind"] not in ("concealed", "added"):
            raise LogError(f"kong.kind must be concealed or added, got {event['kind']!r}")
        _check_tiles(event, "tiles", event["tiles"])
    elif name == "win":
        _check_seat(event, "from", nullable=True)
        if not isinstance(event["situation"], dict) or not isinstance(event["score"], dict):
            raise LogError("win.situation and win.score must be objects")
    elif name == "hand_end":
        for field in ("scores", "payments"):
            value = event[field]
            if not isinstance(value, dict) or any(k not in SEATS or not isinstance(v, int) for k, v in value.items()):
                raise LogError(f"hand_end.{field} must map seats to whole numbers")
        _check_seat(event, "next_dealer")
        _check_seat(event, "next_round_wind", nullable=True)


def _check_version(event: Mapping[str, Any]) -> int:
    """The version of the log a ``hand_start`` begins (1 when it says none); a version this code
    does not know is a :class:`LogError`."""
    version = event.get("version", 1)
    if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= LOG_VERSION:
        raise LogError(f"hand_start.version must be a log version 1 to {LOG_VERSION}, got {version!r}")
    return version


@overload
def upgrade_event(event: dict[str, Any]) -> dict[str, Any]: ...
@overload
def upgrade_event(event: Mapping[str, Any]) -> Mapping[str, Any]: ...
def upgrade_event(event: Mapping[str, Any]) -> Mapping[str, Any]:
    """``event`` as a log of version 3 writes it, as far as the event alone tells: the very object
    unless it is a ``hand_start`` of an older version, else a new dict with the same fields in the
    same order, ``version`` after ``event`` (a hand's other events need its ``hand_start``: see
    :func:`upgrade_log`).

    Version 1's ``hand_start`` of a table that named its dealer by chair (Riichi's: ``dealer`` 0-3,
    counted from the match's first dealer, and ``scores`` a list by chair) gives ``dealer`` ``"E"``
    followed by ``hand``, the hand's number in its round (the dealer's chair + 1), and ``scores`` by
    seat wind (E, S, W, N); every other ``hand_start`` only gains its version. A version newer than
    :data:`LOG_VERSION` is a :class:`LogError`."""
    if not isinstance(event, Mapping) or event.get("event") != "hand_start":
        return event  # what is not an event is left for the reader to refuse
    if _check_version(event) == LOG_VERSION:
        return event
    dealer = event.get("dealer")
    chair = dealer if isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < len(SEATS) else None
    upgraded: dict[str, Any] = {}
    for key, value in event.items():
        if key == "version":
            continue
        if key == "dealer" and chair is not None:
            upgraded["dealer"] = SEATS[0]
            upgraded["hand"] = chair + 1
        elif key == "scores" and chair is not None and isinstance(value, list) and len(value) == len(SEATS):
            upgraded["scores"] = _by_wind(value, chair)
        else:
            upgraded[key] = value
        if key == "event":
            upgraded["version"] = LOG_VERSION
    return upgraded


@overload
def upgrade_log(events: Iterable[dict[str, Any]]) -> list[dict[str, Any]]: ...
@overload
def upgrade_log(events: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]: ...
def upgrade_log(events: Iterable[Mapping[str, Any]]) -> list[Any]:
    """A log (a hand's or a match's events, of versions 1 to 3, mixed or not) in version 3: each
    ``hand_start`` through :func:`upgrade_event`, and in a hand of an older version whose dealer sat
    in a chair (Riichi's: its ``hand`` is the chair + 1) the ``riichi`` event's ``scores`` (a list by
    chair) by seat wind and the ``hand_end``'s ``next_dealer`` (a chair) as its seat wind in this
    hand. The events of a log of version 3 are the very objects given."""
    upgraded: list[Any] = []
    chair: int | None = None  # the dealer's chair of the hand being read, while it is of an older version
    for event in events:
        if isinstance(event, Mapping):
            kind = event.get("event")
            if kind == "hand_start":
                new = upgrade_event(event)
                number = new.get("hand")
                older = new is not event and isinstance(number, int) and not isinstance(number, bool)
                chair = number - 1 if older and isinstance(number, int) and 1 <= number <= len(SEATS) else None
                event = new
            elif chair is not None and kind in ("riichi", "hand_end"):
                event = _seated(event, chair)
        upgraded.append(event)
    return upgraded


def _by_wind(by_chair: Sequence[Any], dealer: int) -> dict[str, Any]:
    """A list by chair as a mapping by seat wind, E (the ``dealer``'s chair) first."""
    return {wind: by_chair[(dealer + index) % len(SEATS)] for index, wind in enumerate(SEATS)}


def _seated(event: Mapping[str, Any], dealer: int) -> Mapping[str, Any]:
    """A ``riichi`` or ``hand_end`` event of an older version with its chairs as seat winds (the
    same fields in the same order); the very object when it has none."""
    scores, following = event.get("scores"), event.get("next_dealer")
    if not (event.get("event") == "riichi" and isinstance(scores, list) and len(scores) == len(SEATS)):
        scores = None
    if isinstance(following, bool) or not isinstance(following, int) or not 0 <= following < len(SEATS):
        following = None
    if scores is None and following is None:
        return event
    seated = dict(event)
    if scores is not None:
        seated["scores"] = _by_wind(scores, dealer)
    if following is not None:
        seated["next_dealer"] = SEATS[(following - dealer) % len(SEATS)]
    return seated


def split_hands(events: Sequence[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
    """Cut a match log (the concatenation of its hands' logs) into one list per hand."""
    hands: list[list[Mapping[str, Any]]] = []
    for index, event in enumerate(events):
        if not isinstance(event, Mapping):
            raise LogError(f"event {index} is not an event object: {type(event).__name__} {event!r:.60}")
        if event.get("event") == "hand_start":
            hands.append([event])
        elif not hands:
            raise LogError(f"event {index} ({event.get('event')!r}) comes before any hand_start")
        else:
            hands[-1].append(event)
    return hands


def seat_view(events: Iterable[Mapping[str, Any]], seat: str, *, trusted: bool = False) -> Iterator[dict[str, Any]]:
    """The log as one seat sees it live: the same events, with what that seat cannot see taken out.

    The wall order and the seed that made it go (only the wall's size stays), other players' dealt
    hands become their sizes, the tile another player draws (from the wall or as a flower
    replacement) is hidden as ``null``, and another player's false claim to win gives only
    :data:`HIDDEN_FALSE_WIN_REASON` as its reason (the referee's reason may name a drawn tile).
    Every exposed thing stays: bonus tiles set out, discards, claims, kongs, wins and the result (the
    winner's hand is shown when the hand ends). A bot or a browser that follows this stream knows
    exactly what a player at a real table would. A malformed event raises :class:`LogError`;
    ``trusted``: the events are the engine's own, as it makes them (a live table's), and are not
    checked again."""
    if seat not in SEATS:
        raise ValueError(f"unknown seat {seat!r} (expected one of E, S, W, N)")
    return _view(events, seat, trusted)


def spectator_view(events: Iterable[Mapping[str, Any]], *, trusted: bool = False) -> Iterator[dict[str, Any]]:
    """The log as a spectator sees it live: :func:`seat_view` for someone who sits in no seat. Every
    dealt hand becomes its size and every drawn tile ``null``: only what lies face up on the table
    (discards, bonus tiles, sets, a winning hand laid down) and the results are shown."""
    return _view(events, None, trusted)


def _view(events: Iterable[Mapping[str, Any]], seat: str | None, trusted: bool) -> Iterator[dict[str, Any]]:
    for event in events:
        if not trusted:
            validate_event(event)  # a malformed event is a LogError, not a crash half-way
        kind = event.get("event")
        shown = dict(event)
        if kind == "hand_start":
            if seat is not None and seat not in event["players"]:
                raise ValueError(f"there is no {seat} seat at this table (seats: {', '.join(event['players'])})")
            # The seed would rebuild the wall, so it goes with it.
            shown["wall"] = None
            shown["seed"] = None
            shown["wall_size"] = sum(1 for _ in parse_tiles(event["wall"], as_set=False))
        elif kind == "deal":
            shown["hands"] = {who: (tiles if who == seat else None) for who, tiles in event["hands"].items()}
            shown["hand_sizes"] = {who: len(parse_tiles(tiles, as_set=False)) for who, tiles in event["hands"].items()}
        elif kind in ("draw", "bonus") and event.get("seat") != seat:
            shown["tile" if kind == "draw" else "replacement"] = None
        elif kind == "false_win" and event.get("seat") != seat:
            # The referee's reason may name the tile that seat drew, or tell what its hand is worth.
            shown["reason"] = HIDDEN_FALSE_WIN_REASON
        yield shown
