"""One seat's view of the table, as the evaluator reads it: :class:`SeatView`.

The evaluator (:mod:`sparrow.bots.evaluator`) values a seat's discards from what that seat sees and
nothing more. :class:`SeatView` holds exactly that: the rules and options, the seat and round winds,
the seat's own tiles and sets as the family writes them (a red five ``0m``, ``0p``, ``0s``), every
seat's sets and river in order (the riichi discard and the tiles called away marked), who is in riichi,
whether the seat, in riichi, is furiten, the dora indicators, the live wall and the discards it may
make now; at the other families' tables no riichi and no dora, and each seat's flowers and seasons
(:meth:`SeatView.to_observation` makes the observation the evaluator values those by). Never
another hand or the wall.

It is made from a live table's :class:`~sparrow.game.Observation` (:meth:`SeatView.from_observation`)
or from a situation typed in, the contract ``docs/spec/seat-view.md`` (:meth:`SeatView.from_dict`,
what ``sparrow analyze --situation`` reads); :meth:`SeatView.to_dict` writes that contract back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from sparrow.core.family_facts import FAMILY_FIELDS, RED_FIVE_FAMILIES, SUIT_NAMES, without_red_fives
from sparrow.core.hand import HandError, Meld, MeldKind
from sparrow.core.messages import quote
from sparrow.core.situation import EXTRA_FIELDS, MAX_TILE_TEXT, SituationError, check_fields, meld_fields
from sparrow.core.tiles import SEATS, Tile, TileError, format_tiles, parse_tiles
from sparrow.game.actions import Action
from sparrow.game.hand_base import Phase
from sparrow.game.views import Observation, RiverTile
from sparrow.rules import get_ruleset
from sparrow.rules.ruleset import TableRules

__all__ = ["SeatMeld", "SeatView", "SEAT_VIEW_FIELDS", "kind_of", "names_text", "reads_dora"]

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
        "bonus",
        "scores",
        "hands_left",
    }
)
# The points a seat's score may be written with: far beyond any match's, short of absurd.
_MOST_POINTS: Final = 10_000_000
_ROUND_WINDS: Final = SEATS  # a match's rounds in order: East, South, West, North
_LIVE_WALL: Final = 70  # 136 tiles less the dead wall's 14 and the 52 dealt
# The fields only a family with riichi and dora indicators has (Riichi's).
_RIICHI_FIELDS: Final = ("riichi", "furiten", "dora")
_GROUP = re.compile(r"([0-9]+)([mpsz])")
# Every tile's name as a family writes it, red fives included, and its kind.
_KINDS: Final[Mapping[str, int]] = {
    **{str(Tile(kind)): kind for kind in range(34)},
    **{"0" + suit: 9 * index + 4 for index, suit in enumerate("mps")},
}


def reads_dora(rules: str) -> bool:
    """Whether a family's situations have dora indicators (and riichi): Riichi's."""
    return "dora" in FAMILY_FIELDS.get(rules, frozenset())


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
    # Each seat's flowers and seasons set out (the families that play with them; none at Riichi's).
    bonus: Mapping[str, tuple[Tile, ...]] = field(default_factory=dict)
    # Each seat's points now, and the hands the match has left after this one (its dealers to come,
    # not counting a dealer's repeats): what the places at stake at the end of a match are read from
    # (bots.placement). Empty and None when not known: the values are points alone.
    scores: Mapping[str, int] = field(default_factory=dict)
    hands_left: int | None = None

    @property
    def own_melds(self) -> tuple[SeatMeld, ...]:
        return self.melds.get(self.seat, ())

    @property
    def reads_dora(self) -> bool:
        """Whether the family has riichi and dora indicators (Riichi): the evaluator's own reading of
        that table; the other families' views are valued by their plans (:meth:`to_observation`)."""
        return reads_dora(self.rules)

    def to_observation(self) -> Observation:
        """The seat's observation on its turn, as a live table of a family without a view of its own
        would show it: every river less the tiles called away (they lie in the sets), each other seat
        holding 13 tiles less 3 a set, the discards of ``may_discard`` its legal actions."""
        # Each tile called away from a river is in a set of another seat: that set's source (the
        # defence counts a seat's turns by its discards, those called away included).
        called = {seat: [_KINDS[item.name] for item in self.rivers.get(seat, ()) if item.called] for seat in self.seats}
        # The pungs and kongs first: their called tile is their own kind, where a chow's may be any
        # of its three, so a chow never takes the called tile a pung beside it needs.
        found: dict[tuple[str, int], Meld] = {}
        every = [(seat, index, meld) for seat in self.seats for index, meld in enumerate(self.melds.get(seat, ()))]
        for seat, index, meld in sorted(every, key=lambda item: item[2].kind == "chow"):
            kinds = [_KINDS[name] for name in meld.tiles]
            source = next(
                (other for other in self.seats if other != seat and meld.open and set(called[other]) & set(kinds)),
                None,
            )
            if source is not None:
                called[source].remove(next(kind for kind in called[source] if kind in kinds))
            found[seat, index] = Meld(MeldKind(meld.kind), tuple(Tile(kind) for kind in kinds), meld.open, source)
        melds = {
            seat: tuple(found[seat, index] for index in range(len(self.melds.get(seat, ())))) for seat in self.seats
        }
        sizes = {seat: 13 - 3 * len(melds[seat]) for seat in self.seats}
        sizes[self.seat] = len(self.hand)
        return Observation(
            seat=self.seat,
            rules=self.rules,
            options=MappingProxyType(dict(self.options)),
            round_wind=self.round_wind,
            players=MappingProxyType({seat: seat for seat in self.seats}),
            scores=MappingProxyType(dict(self.scores) if self.scores else dict.fromkeys(self.seats, 0)),
            phase=Phase.TURN,
            turn=self.seat,
            to_act=(self.seat,),
            hand=tuple(sorted(Tile(_KINDS[name]) for name in self.hand)),
            drawn=None,
            melds=MappingProxyType(melds),
            bonus=MappingProxyType({seat: tuple(self.bonus.get(seat, ())) for seat in self.seats}),
            discards=MappingProxyType(
                {
                    seat: tuple(Tile(_KINDS[item.name]) for item in self.rivers.get(seat, ()) if not item.called)
                    for seat in self.seats
                }
            ),
            hand_sizes=MappingProxyType(sizes),
            live_wall=self.live_wall,
            replacement_tiles=0,
            claim_tile=None,
            claim_from=None,
            dead=(),
            legal_actions=tuple(Action.discard(self.seat, tile) for tile in self.may_discard),
        )

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
        """True when the observation's family shows what the view reads: the shared observation
        alone, or with a family view of its own, that view's dora indicators (Riichi's); ValueError
        for a family view the seat view does not read."""
        if observation.family is not None and not hasattr(observation.family, "dora_indicators"):
            raise ValueError(f"the seat view does not read the table of {observation.rules} yet")
        return True

    @classmethod
    def from_observation(cls, observation: Observation) -> SeatView:
        """The view of a live table's observation; ValueError for a family whose observation does
        not show what the view reads (:meth:`serves`)."""
        cls.serves(observation)
        seat = observation.seat
        allowed = {int(a.tile) for a in observation.legal_actions if a.kind.value == "discard" and a.tile is not None}
        family: Any = observation.family
        melds: dict[str, tuple[SeatMeld, ...]] = {}
        if family is None:  # the shared observation says all: no riichi, no dora
            hand = tuple(str(tile) for tile in observation.hand)
            scores = dict(observation.scores)
            hands_left = None  # the shared observation does not say which hand of its round it is
            for other, declared in observation.melds.items():
                melds[other] = tuple(SeatMeld(m.kind.value, tuple(str(t) for t in m.tiles), m.open) for m in declared)
            rivers = _rivers_with_calls(observation)
            riichi: tuple[str, ...] = ()
            furiten = False
            dora: tuple[str, ...] = ()
        else:
            # Each seat's sets as the family writes them (red fives kept), the shared observation's
            # kinds where the family's view says nothing of them.
            written = {o["wind"]: [list(m["tiles"]) for m in o.get("melds", [])] for o in family.view["seats"]}
            for other, declared in observation.melds.items():
                names = written.get(other, [])
                melds[other] = tuple(
                    SeatMeld(meld.kind.value, _meld_names(meld, names[i] if i < len(names) else None), meld.open)
                    for i, meld in enumerate(declared)
                )
            hand = tuple(family.hand_names())
            rivers = family.rivers()
            riichi = tuple(family.riichi)
            furiten = seat in family.riichi and bool(family.furiten)
            dora = tuple(family.dora_indicators)
            scores = dict(family.scores)  # the points now, the sticks put up this hand paid
            played = _ROUND_WINDS.index(observation.round_wind) * len(observation.seats) + family.hand_of_round
            hands_left = max(0, _hands_in_match(observation.rules, observation.options) - played)
        return cls(
            rules=observation.rules,
            options=observation.options,
            seat=seat,
            round_wind=observation.round_wind,
            seats=observation.seats,
            hand=hand,
            melds=melds,
            rivers=rivers,
            riichi=riichi,
            furiten=furiten,
            dora_indicators=dora,
            live_wall=observation.live_wall,
            may_discard=tuple(Tile(kind) for kind in sorted(allowed)),
            bonus={other: tuple(tiles) for other, tiles in observation.bonus.items() if tiles},
            scores=scores,
            hands_left=hands_left,
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
        if self.reads_dora:
            data["riichi"] = {}
            for other in self.riichi:
                index = next((i for i, item in enumerate(self.rivers.get(other, ())) if item.riichi), None)
                if index is not None:
                    data["riichi"][other] = index
            data.update(furiten=self.furiten, dora=names_text(self.dora_indicators))
        else:
            data["bonus"] = {s: format_tiles(tiles) for s, tiles in self.bonus.items() if tiles}
        data["live_wall"] = self.live_wall
        if self.scores:
            data["scores"] = dict(self.scores)
        if self.hands_left is not None:
            data["hands_left"] = self.hands_left
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
        dora_family = reads_dora(rules)
        if not dora_family:
            for name in _RIICHI_FIELDS:
                if name in data:
                    raise SituationError(name, f"{rules} has no riichi and no dora indicators: leave {name} out")
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
        if rules not in RED_FIVE_FAMILIES:
            _no_red_fives(rules, hand, melds, rivers)
        bonus = _bonus(data.get("bonus"), seats, rules, ruleset.table(options).bonus_tiles)
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
        dora = _names(data.get("dora"), "dora") if dora_family else ()
        if dora_family and not 1 <= len(dora) <= 5:
            raise SituationError("dora", f"1 to 5 indicators are turned over, got {len(dora)}")
        live_wall = data.get("live_wall")
        most = _LIVE_WALL if dora_family else _most_to_draw(ruleset.table(options))
        if not isinstance(live_wall, int) or isinstance(live_wall, bool) or not 0 <= live_wall <= most:
            raise SituationError("live_wall", f"must be the tiles left to draw, 0 to {most}, got {quote(live_wall)}")
        scores = _scores(data.get("scores"), seats)
        hands_left = data.get("hands_left")
        in_match = ruleset.table(options).hands_in_match
        if hands_left is not None and (
            not isinstance(hands_left, int) or isinstance(hands_left, bool) or not 0 <= hands_left < in_match
        ):
            raise SituationError(
                "hands_left",
                f"must be the hands the match has left after this one, 0 to {in_match - 1}, got {quote(hands_left)}",
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
            bonus=bonus,
            scores=scores,
            hands_left=hands_left,
        )


# A match's hands by its rules and options, as text: every decision reads it, and a family's table
# rules are built anew each time they are asked for (a few dozen microseconds).
_IN_MATCH: dict[str, int] = {}


def _hands_in_match(rules: str, options: Mapping[str, Any]) -> int:
    key = repr((rules, sorted(options.items())))
    found = _IN_MATCH.get(key)
    if found is None:
        found = get_ruleset(rules).table(options).hands_in_match
        if len(_IN_MATCH) < 64:  # (a few option sets in a process; more are computed each time)
            _IN_MATCH[key] = found
    return found


def _rivers_with_calls(observation: Observation) -> dict[str, tuple[RiverTile, ...]]:
    """Each seat's discards, and after them the tiles called away from it (marked called): the
    shared observation keeps those in the caller's set only, with the seat it came from. Which tile
    of a chow was called is not recorded: its middle one stands for it."""
    rivers = {seat: [RiverTile(str(tile)) for tile in pile] for seat, pile in observation.discards.items()}
    for owner, declared in observation.melds.items():
        for meld in declared:
            if meld.source is not None and meld.source != owner and meld.source in rivers:
                tile = meld.tiles[1] if meld.kind is MeldKind.CHOW else meld.tiles[0]
                rivers[meld.source].append(RiverTile(str(tile), called=True))
    return {seat: tuple(river) for seat, river in rivers.items()}


def _most_to_draw(table: TableRules) -> int:
    """The most tiles a family's live wall can hold on a seat's turn: the set less the deal."""
    return (144 if table.bonus_tiles else 136) - 13 * table.seats - 1


def _no_red_fives(
    rules: str,
    hand: Sequence[str],
    melds: Mapping[str, Sequence[SeatMeld]],
    rivers: Mapping[str, Sequence[RiverTile]],
) -> None:
    fields: list[tuple[str, Sequence[str]]] = [("hand", hand)]
    fields += [
        (f"melds.{seat}", [name for meld in declared for name in meld.tiles]) for seat, declared in melds.items()
    ]
    fields += [(f"rivers.{seat}", [item.name for item in river]) for seat, river in rivers.items()]
    for where, names in fields:
        if any(name.startswith("0") for name in names):
            raise SituationError(where, f"0 is a red five, and {rules} plays without them: write the five as 5")


def _bonus(value: Any, seats: Sequence[str], rules: str, played: bool) -> dict[str, tuple[Tile, ...]]:
    """Each seat's flowers and seasons set out, by seat (``1f5f``), each tile once at the table."""
    by_seat = _by_seat(value, "bonus", seats)
    if by_seat and not played:
        raise SituationError("bonus", f"{rules} plays without flowers and seasons (under these options)")
    found: dict[str, tuple[Tile, ...]] = {}
    seen: set[int] = set()
    for seat, text in by_seat.items():
        where = f"bonus.{seat}"
        if not isinstance(text, str):
            raise SituationError(where, f"must be flowers and seasons in notation (1f5f), got {quote(text)}")
        if len(text) > MAX_TILE_TEXT:
            raise SituationError(where, f"{len(text):,} characters are too many for the bonus tiles of a seat")
        try:
            tiles = parse_tiles(text, as_set=False)
        except TileError as error:
            raise SituationError(where, str(error)) from None
        for tile in tiles:
            if tile < 34:
                raise SituationError(where, f"{tile} is not a flower or a season (1f to 8f)")
            if int(tile) in seen:
                raise SituationError(where, f"{tile} is set out twice at the table; there is one of each")
            seen.add(int(tile))
        if tiles:
            found[seat] = tuple(sorted(tiles))
    return found


def _scores(value: Any, seats: Sequence[str]) -> dict[str, int]:
    """Each seat's points now, every seat's or none."""
    by_seat = _by_seat(value, "scores", seats)
    if by_seat and set(by_seat) != set(seats):
        missing = ", ".join(seat for seat in seats if seat not in by_seat)
        raise SituationError("scores", f"give every seat's points or none: {missing} missing")
    for seat, points in by_seat.items():
        if not isinstance(points, int) or isinstance(points, bool) or abs(points) > _MOST_POINTS:
            raise SituationError(f"scores.{seat}", f"must be a whole number of points, got {quote(points)}")
    return {seat: by_seat[seat] for seat in seats if seat in by_seat}


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
