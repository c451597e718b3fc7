"""One seat's view of the table, as the evaluator reads it: :class:`SeatView`.

The evaluator (:mod:`sparrow.bots.evaluator`) values a seat's discards from what that seat sees and
nothing more. :class:`SeatView` holds exactly that: the rules and options, the seat and round winds,
the seat's own tiles and sets as the family writes them (a red five ``0m``, ``0p``, ``0s``), every
seat's sets and river in order (the riichi discard and the tiles called away marked), who is in riichi,
whether the seat, in riichi, is furiten, the dora indicators, the live wall and the discards it may
make now. Never another hand or the wall.

It is made from a live table's :class:`~sparrow.game.Observation` (:meth:`SeatView.from_observation`)
or from a situation typed in, the contract ``docs/spec/seat-view.md`` (:meth:`SeatView.from_dict`,
what ``sparrow analyze --situation`` reads); :meth:`SeatView.to_dict` writes that contract back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sparrow.core.family_facts import FAMILY_FIELDS, SUIT_NAMES, without_red_fives
from sparrow.core.hand import HandError, Meld, MeldKind
from sparrow.core.messages import quote
from sparrow.core.situation import EXTRA_FIELDS, MAX_TILE_TEXT, SituationError, check_fields, meld_fields
from sparrow.core.tiles import SEATS, Tile, TileError, parse_tiles
from sparrow.game.views import Observation, RiverTile
from sparrow.rules import get_ruleset

__all__ = ["SeatMeld", "SeatView", "SEAT_VIEW_FIELDS", "kind_of", "names_text"]

SEAT_VIEW_FIELDS: Final = frozenset(
    {
        "rules",
        "options",
        "seat",
        "round_wind",
        "hand",
        "melds",
        "rivers",
        "called",
        "riichi",
        "furiten",
        "dora",
        "live_wall",
        "may_discard",
    }
)
_LIVE_WALL: Final = 70  # 136 tiles less the dead wall's 14 and the 52 dealt
_GROUP = re.compile(r"([0-9]+)([mpsz])")
# Every tile's name as a family writes it, red fives included, and its kind.
_KINDS: Final[Mapping[str, int]] = {
    **{str(Tile(kind)): kind for kind in range(34)},
    **{"0" + suit: 9 * index + 4 for index, suit in enumerate("mps")},
}


def kind_of(name: str) -> int:
    """The kind of a tile name (``0m`` is a five of characters)."""
    return _KINDS[name]


def names_text(names: Sequence[str]) -> str:
    """Tile names in the notation, in the order given: ``["1m", "0m", "5p"]`` is ``10m5p``."""
    parts: list[str] = []
    for index, name in enumerate(names):
        parts.append(name[0])
        if index + 1 == len(names) or names[index + 1][1] != name[1]:
            parts.append(name[1])
    return "".join(parts)


@dataclass(frozen=True, slots=True)
class SeatMeld:
    """A declared set: ``kind`` ``chow``, ``pung`` or ``kong``, its ``tiles`` as the family writes
    them (sorted by kind, a red five ``0``), ``open`` false only for a concealed kong."""

    kind: str
    tiles: tuple[str, ...]
    open: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "tiles": names_text(self.tiles), "open": self.open}


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat sees of the table, as the evaluator reads it (the module docstring)."""

    rules: str
    options: Mapping[str, Any]
    seat: str
    round_wind: str
    seats: tuple[str, ...]  # the seats at the table, E first
    hand: tuple[str, ...]  # own standing tiles as the family writes them
    melds: Mapping[str, tuple[SeatMeld, ...]]  # every seat's declared sets, the seat's own among them
    rivers: Mapping[str, tuple[RiverTile, ...]]  # every seat's discards in order, called ones marked
    riichi: tuple[str, ...]  # the seats in riichi (the order the evaluator adds their dangers up in)
    furiten: bool  # the seat is in riichi and passed a win: no ron for the rest of the hand
    dora_indicators: tuple[str, ...]
    live_wall: int
    may_discard: tuple[Tile, ...]  # the kinds it may let go now, sorted (empty: no discard to make)

    @property
    def own_melds(self) -> tuple[SeatMeld, ...]:
        return self.melds.get(self.seat, ())

    def visible(self) -> list[int]:
        """Copies of each kind this seat can see: its own tiles, every river tile not called away (a
        called one lies in a set), every set, the dora indicators (at most 4 of a kind)."""
        seen = [0] * 34
        for name in self.hand:
            seen[_KINDS[name]] += 1
        for river in self.rivers.values():
            for item in river:
                if not item.called:
                    seen[_KINDS[item.name]] += 1
        for melds in self.melds.values():
            for meld in melds:
                for name in meld.tiles:
                    seen[_KINDS[name]] += 1
        for name in self.dora_indicators:
            seen[_KINDS[name]] += 1
        return [min(count, 4) for count in seen]

    # ------------------------------------------------------------------ from a live table
    @staticmethod
    def serves(observation: Observation) -> bool:
        """True when the observation's family shows what the evaluator reads (the dora indicators:
        only Riichi's for now); ValueError otherwise."""
        if observation.family is None or not hasattr(observation.family, "dora_indicators"):
            # Its values are Riichi's (the scorer asked with riichi and dora, a riichi's price): a family
            # without them would get numbers that mean nothing, so it is refused until it is served.
            raise ValueError(f"the evaluator values the discards of Riichi's table for now, not {observation.rules}")
        return True

    @classmethod
    def from_observation(cls, observation: Observation) -> SeatView:
        """The view of a live table's observation; ValueError for a family whose observation does
        not show what the evaluator reads (:meth:`serves`)."""
        cls.serves(observation)
        family: Any = observation.family
        seat = observation.seat
        allowed = {int(a.tile) for a in observation.legal_actions if a.kind.value == "discard" and a.tile is not None}
        # Each seat's sets as the family writes them (red fives kept), the shared observation's kinds
        # where the family's view says nothing of them.
        written = {other["wind"]: [list(m["tiles"]) for m in other.get("melds", [])] for other in family.view["seats"]}
        melds = {}
        for other, declared in observation.melds.items():
            names = written.get(other, [])
            melds[other] = tuple(
                SeatMeld(meld.kind.value, _meld_names(meld, names[index] if index < len(names) else None), meld.open)
                for index, meld in enumerate(declared)
            )
        return cls(
            rules=observation.rules,
            options=observation.options,
            seat=seat,
            round_wind=observation.round_wind,
            seats=observation.seats,
            hand=tuple(family.hand_names()),
            melds=melds,
            rivers=family.rivers(),
            riichi=tuple(family.riichi),
            furiten=seat in family.riichi and bool(family.furiten),
            dora_indicators=tuple(family.dora_indicators),
            live_wall=observation.live_wall,
            may_discard=tuple(Tile(kind) for kind in sorted(allowed)),
        )

    # ------------------------------------------------------------------ the contract
    def to_dict(self) -> dict[str, Any]:
        """The contract's form (``docs/spec/seat-view.md``): :meth:`from_dict` reads it back."""
        data: dict[str, Any] = {"rules": self.rules}
        if self.options:
            data["options"] = dict(self.options)
        data.update(seat=self.seat, round_wind=self.round_wind, hand=names_text(self.hand))
        data["melds"] = {s: [m.to_dict() for m in melds] for s, melds in self.melds.items() if melds}
        data["rivers"] = {s: names_text([item.name for item in river]) for s, river in self.rivers.items() if river}
        called = {s: [i for i, item in enumerate(river) if item.called] for s, river in self.rivers.items()}
        data["called"] = {s: indices for s, indices in called.items() if indices}
        data["riichi"] = {}
        for other in self.riichi:
            index = next((i for i, item in enumerate(self.rivers.get(other, ())) if item.riichi), None)
            if index is not None:
                data["riichi"][other] = index
        data.update(furiten=self.furiten, dora=names_text(self.dora_indicators), live_wall=self.live_wall)
        if self.seat in self.riichi or sorted({_KINDS[name] for name in self.hand}) != list(self.may_discard):
            data["may_discard"] = "".join(str(tile) for tile in self.may_discard)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeatView:
        """A seat's view typed in (``docs/spec/seat-view.md``); :class:`SituationError` (a
        ``ValueError``) naming the field at fault for anything that cannot be a real table."""
        if not isinstance(data, Mapping):
            raise SituationError("situation", f"expected a JSON object, got {type(data).__name__}")
        check_fields(data, SEAT_VIEW_FIELDS | EXTRA_FIELDS)
        rules = data.get("rules")
        if not isinstance(rules, str):
            raise SituationError("rules", "is required and must be a ruleset name")
        try:
            ruleset = get_ruleset(rules)
        except ValueError as error:
            raise SituationError("rules", str(error)) from None
        if "dora" not in FAMILY_FIELDS.get(rules, frozenset()):
            raise SituationError("rules", f"the evaluator values the discards of Riichi's table for now, not {rules}")
        options = data.get("options")
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise SituationError("options", f"must be an object of named options, got {quote(options)}")
        try:
            ruleset.resolve_options(options)
            seats = SEATS[: ruleset.table(options).seats]
        except ValueError as error:
            raise SituationError("options", str(error)) from None
        seat = _wind(data, "seat", None, seats)
        round_wind = _wind(data, "round_wind", "E", SEATS)
        hand = _names(data.get("hand"), "hand")
        melds = _melds(data.get("melds"), seats)
        rivers = _rivers(data, seats)
        # In the order written (a live table's view lists them in its own order): the order in which
        # the evaluator adds up the threats.
        riichi = tuple(data.get("riichi") or {})
        for other in riichi:
            if any(meld.open for meld in melds[other]):
                raise SituationError(f"riichi.{other}", "a seat with an open set cannot be in riichi")
        furiten = data.get("furiten", False)
        if not isinstance(furiten, bool):
            raise SituationError("furiten", f"must be true or false, got {quote(furiten)}")
        if furiten and seat not in riichi:
            raise SituationError(
                "furiten",
                "only a seat in riichi stays furiten on its turn (a wait in its own river is read from the river)",
            )
        dora = _names(data.get("dora"), "dora")
        if not 1 <= len(dora) <= 5:
            raise SituationError("dora", f"1 to 5 indicators are turned over, got {len(dora)}")
        live_wall = data.get("live_wall")
        if not isinstance(live_wall, int) or isinstance(live_wall, bool) or not 0 <= live_wall <= _LIVE_WALL:
            raise SituationError(
                "live_wall", f"must be the tiles left to draw, 0 to {_LIVE_WALL}, got {quote(live_wall)}"
            )
        sets = len(melds[seat])
        if len(hand) != 14 - 3 * sets:
            raise SituationError(
                "hand",
                f"on its turn the seat holds 14 tiles less 3 for each declared set, {14 - 3 * sets} with"
                f" {sets} set{'s' if sets != 1 else ''}, got {len(hand)}",
            )
        _check_copies(hand, melds, rivers, dora)
        held = {_KINDS[name] for name in hand}
        if data.get("may_discard") is None:
            if seat in riichi:
                raise SituationError("may_discard", "the seat is in riichi: name the tile it drew, its only discard")
            allowed = held
        else:
            allowed = {_KINDS[name] for name in _names(data["may_discard"], "may_discard")}
            if not allowed:
                raise SituationError("may_discard", "name at least one tile the seat may discard")
            if seat in riichi and len(allowed) != 1:
                raise SituationError("may_discard", "the seat is in riichi: its only discard is the tile it drew")
            if not allowed <= held:
                missing = str(Tile(min(allowed - held)))
                raise SituationError("may_discard", f"{missing} is not in the hand")
        return cls(
            rules=rules,
            options=dict(options),
            seat=seat,
            round_wind=round_wind,
            seats=seats,
            hand=tuple(sorted(hand, key=_KINDS.__getitem__)),
            melds=melds,
            rivers=rivers,
            riichi=riichi,
            furiten=furiten,
            dora_indicators=dora,
            live_wall=live_wall,
            may_discard=tuple(Tile(kind) for kind in sorted(allowed)),
        )


def _meld_names(meld: Meld, written: list[str] | None) -> tuple[str, ...]:
    """A set's tiles as the family writes them (a red five as 0) in kind order, else as kinds."""
    if written is not None and len(written) == len(meld.tiles):
        return tuple(sorted(written, key=_KINDS.__getitem__))
    return tuple(str(tile) for tile in meld.tiles)


def _wind(data: Mapping[str, Any], name: str, default: str | None, seats: Sequence[str]) -> str:
    value = data.get(name, default)
    if value is None:
        raise SituationError(name, "is required")
    if not isinstance(value, str) or value not in seats:
        raise SituationError(name, f"expected one of {', '.join(seats)}, got {quote(value)}")
    return value


def _names(value: Any, name: str) -> tuple[str, ...]:
    """The tiles of a field in the order written, as names (a red five ``0``)."""
    if value is None:
        raise SituationError(name, "is required")
    if not isinstance(value, str):
        raise SituationError(name, f"must be tiles in notation, got {quote(value)}")
    if len(value) > MAX_TILE_TEXT:
        raise SituationError(name, f"{len(value):,} characters are too many for the tiles of a table: {quote(value)}")
    try:
        plain, _ = without_red_fives(value, name)
        tiles = parse_tiles(plain, as_set=False)
    except TileError as error:
        raise SituationError(name, str(error)) from None
    except ValueError as error:  # a 0 of honours: no red five there
        raise SituationError(name, str(error)) from None
    if any(tile >= 34 for tile in tiles):
        raise SituationError(name, "flowers and seasons are not in the set this table plays with")
    return tuple(digit + letter for digits, letter in _GROUP.findall(value.replace(" ", "")) for digit in digits)


def _by_seat(value: Any, name: str, seats: Sequence[str]) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise SituationError(name, f"must be an object by seat ({', '.join(seats)}), got {quote(value)}")
    for key in value:
        if key not in seats:
            raise SituationError(name, f"unknown seat {quote(key)} (the seats are {', '.join(seats)})")
    return value


def _melds(value: Any, seats: Sequence[str]) -> dict[str, tuple[SeatMeld, ...]]:
    by_seat = _by_seat(value, "melds", seats)
    melds: dict[str, tuple[SeatMeld, ...]] = {}
    for seat in seats:
        items = by_seat.get(seat) or []
        if not isinstance(items, list):
            raise SituationError(f"melds.{seat}", f"must be a list of sets, got {quote(items)}")
        declared = []
        for index, item in enumerate(items):
            where = f"melds.{seat}[{index}]"
            kind, tiles, is_open = meld_fields(item, where)
            names = _names(tiles, f"{where}.tiles")
            try:
                Meld(MeldKind(kind), tuple(sorted(Tile(_KINDS[n]) for n in names)), is_open)
            except HandError as error:
                raise SituationError(where, str(error)) from None
            declared.append(SeatMeld(kind, tuple(sorted(names, key=_KINDS.__getitem__)), is_open))
        if len(declared) > 4:
            raise SituationError(f"melds.{seat}", f"a seat declares at most 4 sets, got {len(declared)}")
        melds[seat] = tuple(declared)
    return melds


def _index(value: Any, name: str, length: int) -> int:
    if not length:
        raise SituationError(name, "that seat's river is empty")
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < length:
        raise SituationError(
            name, f"must be the place of a tile in that seat's river, 0 to {length - 1}, got {quote(value)}"
        )
    return value


def _rivers(data: Mapping[str, Any], seats: Sequence[str]) -> dict[str, tuple[RiverTile, ...]]:
    written = _by_seat(data.get("rivers"), "rivers", seats)
    called = _by_seat(data.get("called"), "called", seats)
    riichi = _by_seat(data.get("riichi"), "riichi", seats)
    rivers = {}
    for seat in seats:
        names = _names(written.get(seat, ""), f"rivers.{seat}")
        if seat in called and not isinstance(called[seat], list):
            raise SituationError(f"called.{seat}", f"must be a list of places in the river, got {quote(called[seat])}")
        taken = {_index(index, f"called.{seat}", len(names)) for index in called.get(seat, [])}
        declared = _index(riichi[seat], f"riichi.{seat}", len(names)) if seat in riichi else None
        rivers[seat] = tuple(
            RiverTile(name, riichi=index == declared, called=index in taken) for index, name in enumerate(names)
        )
    return rivers


def _check_copies(
    hand: Sequence[str],
    melds: Mapping[str, Sequence[SeatMeld]],
    rivers: Mapping[str, Sequence[RiverTile]],
    dora: Sequence[str],
) -> None:
    """No fifth copy of a kind and no second red five of a suit among the tiles in view (a tile called
    away is counted once, in its set)."""
    every = [
        *hand,
        *(name for declared in melds.values() for meld in declared for name in meld.tiles),
        *(item.name for river in rivers.values() for item in river if not item.called),
        *dora,
    ]
    counts = [0] * 34
    for name in every:
        counts[_KINDS[name]] += 1
    for kind, count in enumerate(counts):
        if count > 4:
            raise SituationError(
                "situation",
                f"{count} copies of {Tile(kind)} between the hand, the sets, the rivers and the dora indicators;"
                " the set has four",
            )
    for letter, suit in SUIT_NAMES.items():
        if every.count("0" + letter) > 1:
            raise SituationError("situation", f"two red fives of {suit} in view; the set has one red five in each suit")
