"""The hand situation (``docs/spec/hand-situation.md``): everything needed to score one hand.

``HandSituation.from_dict`` validates the JSON form and raises :class:`SituationError` naming the
field at fault; ``to_dict`` writes it back (round-trip).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sparrow.core.family_facts import (
    FAMILY_EARTHLY,
    FAMILY_FIELDS,
    FAMILY_MOMENTS,
    RED_FIVE_FAMILIES,
    EarthlyRule,
    facts_to_dict,
    read_facts,
    red_five_places,
    with_red_fives,
)
from sparrow.core.hand import Hand, HandError, Meld, MeldKind
from sparrow.core.messages import field_name, quote, unknown_name
from sparrow.core.tiles import SEATS, Tile, TileError, format_tiles, parse_tiles

__all__ = [
    "SituationError",
    "HandSituation",
    "WIN_BY",
    "MOMENTS",
    "EARTHLY",
    "SELF_DRAWN",
    "SITUATION_FIELDS",
    "MELD_FIELDS",
    "meld_fields",
    "EXTRA_FIELDS",
    "check_fields",
    "situation_of",
    "field_value",
    "read_meld",
    "MAX_TILE_TEXT",
    "situation_keys",
]

WIN_BY = ("discard", "self_draw", "kong_replacement", "flower_replacement", "robbing_kong")
SELF_DRAWN = frozenset({"self_draw", "kong_replacement", "flower_replacement"})
MOMENTS = ("last_tile", "fourth_tile", "heavenly", "earthly", "first_round", "kong_on_kong")
# The contract's ``earthly``: a non-dealer's win on the dealer's first discard. A family that means more
# by it says so in core.family_facts.FAMILY_EARTHLY (Riichi's chiihou and renhou).
EARTHLY = EarthlyRule(frozenset({"discard"}), False, "earthly is a non-dealer's win on the dealer's first discard")

# Input is strict (the contract, "Input is strict"): a field the contract does not name is an error, so
# that a misspelt field cannot silently take its default. ``id`` and ``comment`` are allowed beside the
# contract's fields of a line's object (``id`` is copied into that line's result by the CLI).
EXTRA_FIELDS = frozenset({"id", "comment"})
SITUATION_FIELDS = frozenset(
    {"rules", "options", "concealed", "melds", "winning_tile", "win_by", "seat_wind", "round_wind", "bonus", "moments"}
)
MELD_FIELDS = frozenset({"kind", "tiles", "open"})


class SituationError(ValueError):
    """Malformed input; the message names the field."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(f"{field_name}: {message}")
        self.field = field_name


def check_fields(data: Mapping[str, Any], known: frozenset[str], where: str = "") -> None:
    """Raise :class:`SituationError` naming the first field of ``data`` not in ``known``, and the
    known name nearest to it (``winer: unknown field; did you mean winner?``)."""
    keys = data.keys()
    if keys <= known:
        return
    for key in keys:
        if key not in known:
            raise SituationError(f"{where}{field_name(key)}", unknown_name(key, known, "field"))


def field_value(data: Mapping[str, Any], name: str, expected: type, description: str, default: Any) -> Any:
    """The field's value, or ``default`` when it is absent or null; a value of another type is an error."""
    value = data.get(name)
    if value is None:
        return default
    if not isinstance(value, expected):
        raise SituationError(name, f"must be {description}, got {quote(value)}")
    return value


# Parsed tile strings and melds, shared: a batch of thousands of hands repeats the same sets and bonus
# tiles again and again. Both hold immutable values and are emptied when full, so memory stays bounded.
_CACHE_LIMIT = 16_384
MAX_TILE_TEXT = 256  # characters of one tile field: a hand has at most 18 playing tiles and 8 bonus tiles
_tile_cache: dict[str, tuple[Tile, ...]] = {}
_meld_cache: dict[tuple[str, str, bool], Meld] = {}


def _sorted_tiles(text: str) -> tuple[Tile, ...]:
    """``parse_tiles(text)``, sorted (raises ``TileError``)."""
    tiles = _tile_cache.get(text)
    if tiles is None:
        tiles = tuple(sorted(parse_tiles(text, as_set=False)))
        distinct = set(tiles)
        if len(distinct) != len(tiles):  # copies counted in C; parse_tiles says where a fifth one stands
            flowers = tiles[bisect_left(tiles, 34) :]
            if max(map(tiles.count, distinct)) > 4 or len(set(flowers)) != len(flowers):
                parse_tiles(text)  # raises TileError
        if len(text) <= 64:
            if len(_tile_cache) >= _CACHE_LIMIT:
                _tile_cache.clear()
            _tile_cache[text] = tiles
    return tiles


def _tiles(data: Mapping[str, Any], name: str, default: str | None = None) -> tuple[Tile, ...]:
    """The field's tiles, sorted."""
    value = data.get(name)
    if value is None:
        value = default
    if value is None:
        raise SituationError(name, "is required")
    if not isinstance(value, str):
        raise SituationError(name, f"tile notation must be a string, got {type(value).__name__}")
    if len(value) > MAX_TILE_TEXT:  # no hand needs more: refused before a long text is parsed
        raise SituationError(name, f"{len(value):,} characters are too many for the tiles of a hand: {quote(value)}")
    try:
        return _sorted_tiles(value)
    except TileError as error:
        raise SituationError(name, str(error)) from None


def meld_fields(item: Any, where: str) -> tuple[str, Any, bool]:
    """A set's ``{"kind", "tiles", "open"}`` checked but for its tiles: (kind, tiles as written, open);
    :class:`SituationError` naming ``where`` for an unknown field, kind or open."""
    if not isinstance(item, Mapping):
        raise SituationError(where, "must be an object with kind, tiles and open")
    check_fields(item, MELD_FIELDS, f"{where}.")
    kind = item.get("kind")
    if not isinstance(kind, str) or kind not in MeldKind._value2member_map_:
        raise SituationError(f"{where}.kind", f"expected chow, pung or kong, got {quote(kind)}")
    is_open = item.get("open", True)
    if not isinstance(is_open, bool):
        raise SituationError(f"{where}.open", "must be true or false")
    return kind, item.get("tiles"), is_open


def read_meld(kind: str, tiles: Any, is_open: bool, where: str) -> Meld:
    """A set as ``from_dict`` reads it (kept: a batch repeats its sets); ``where`` names it in a message."""
    key = (kind, tiles, is_open)
    meld = _meld_cache.get(key) if isinstance(tiles, str) else None
    if meld is None:
        try:
            meld = Meld(MeldKind(kind), _tiles({"tiles": tiles}, "tiles"), is_open)
        except SituationError as error:
            raise SituationError(f"{where}.tiles", str(error).split(": ", 1)[1]) from None
        except HandError as error:
            raise SituationError(where, str(error)) from None
        if len(tiles) <= 8:
            if len(_meld_cache) >= _CACHE_LIMIT:
                _meld_cache.clear()
            _meld_cache[key] = meld
    return meld


def _seat(data: Mapping[str, Any], name: str, default: str | None = None) -> str:
    value = data.get(name)
    if value is None:
        value = default
    if value not in SEATS:
        raise SituationError(name, f"expected one of E, S, W, N, got {quote(value)}")
    return value


_SITUATION_KEYS = SITUATION_FIELDS | EXTRA_FIELDS
_FAMILY_KEYS = {rules: _SITUATION_KEYS | own for rules, own in FAMILY_FIELDS.items()}


def situation_keys(rules: Any) -> frozenset[str]:
    """The field names a situation under ``rules`` may have: the contract's, ``id`` and ``comment``,
    and the family's own (core.family_facts)."""
    return _FAMILY_KEYS.get(rules, _SITUATION_KEYS) if type(rules) is str else _SITUATION_KEYS


_WIN_BY_SET = frozenset(WIN_BY)
_MOMENT_SET = frozenset(MOMENTS)
_NO_MOMENTS: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class HandSituation:
    """One player's hand at the end of a hand of play. ``from_dict`` stores ``concealed`` and
    ``bonus`` sorted, so two writings of the same hand are equal."""

    rules: str
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    winning_tile: Tile | None = None
    win_by: str = "discard"
    seat_wind: str = "E"
    round_wind: str = "E"
    bonus: tuple[Tile, ...] = ()
    moments: frozenset[str] = frozenset()
    options: Mapping[str, Any] = field(default_factory=dict)
    # A family's own facts beyond the contract's fields (core.family_facts): Riichi's ``dora`` and
    # ``ura_dora`` indicators, ``honba``, ``riichi_sticks``, and ``red`` (where the red fives are).
    facts: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # A list or a set from a caller is the same hand: stored as the tuples and frozenset the
        # scorers read (compiled, sparrow._compiled, they check those types).
        if type(self.concealed) is not tuple:
            object.__setattr__(self, "concealed", tuple(self.concealed))
        if type(self.melds) is not tuple:
            object.__setattr__(self, "melds", tuple(self.melds))
        if type(self.bonus) is not tuple:
            object.__setattr__(self, "bonus", tuple(self.bonus))
        if type(self.moments) is not frozenset:
            object.__setattr__(self, "moments", frozenset(self.moments))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandSituation:
        if type(data) is not dict and not isinstance(data, Mapping):
            raise SituationError("situation", f"expected a JSON object, got {type(data).__name__}")
        rules = data.get("rules")
        own_fields = FAMILY_FIELDS.get(rules) if type(rules) is str else None
        check_fields(data, situation_keys(rules))
        if not isinstance(rules, str):
            raise SituationError("rules", "is required and must be a ruleset name")
        facts: dict[str, Any] = {}
        if own_fields is not None or rules in RED_FIVE_FAMILIES:
            try:
                facts = read_facts(rules, data)
                if rules in RED_FIVE_FAMILIES:
                    data, red = red_five_places(data)
                    if red:
                        facts["red"] = red
            except ValueError as error:
                raise SituationError(getattr(error, "field", "situation"), str(error)) from None
        get = data.get
        options = get("options")
        if options is None:
            options = {}
        elif type(options) is not dict and not isinstance(options, Mapping):
            field_value(data, "options", Mapping, "an object of named options", {})  # raises, naming the field
        value = get("concealed")
        concealed = _tile_cache.get(value) if type(value) is str else None
        if concealed is None:
            concealed = _tiles(data, "concealed")
        melds_data = get("melds")
        if melds_data is None:
            melds_data = ()
        elif type(melds_data) is not list:
            field_value(data, "melds", list, "a list of melds", [])  # raises, naming the field
        melds = []
        for index, item in enumerate(melds_data):
            if type(item) is dict and item.keys() <= MELD_FIELDS:  # the common case: a set seen before
                is_open = item.get("open", True)
                if type(is_open) is bool:
                    try:
                        # Whatever the fields hold: a value that is no cached set's text just misses.
                        key: tuple[Any, Any, bool] = (item.get("kind"), item.get("tiles"), is_open)
                        meld = _meld_cache.get(key)
                    except TypeError:  # a list or object where a string belongs: said below
                        meld = None
                    if meld is not None:
                        melds.append(meld)
                        continue
            where = f"melds[{index}]"
            kind, tiles, is_open = meld_fields(item, where)
            melds.append(read_meld(kind, tiles, is_open, where))
        winning = get("winning_tile")
        winning_tile = None
        if winning is not None:
            tiles = _tile_cache.get(winning) if type(winning) is str else None
            if tiles is None:
                tiles = _tiles(data, "winning_tile")
            if len(tiles) != 1:
                raise SituationError("winning_tile", f"expected one tile, got {len(tiles)} in {quote(winning)}")
            winning_tile = tiles[0]
            if winning_tile >= 34:
                raise SituationError("winning_tile", "a flower or season cannot complete a hand")
        win_by = get("win_by")
        if win_by is None:
            win_by = "discard"
        elif type(win_by) is not str or win_by not in _WIN_BY_SET:
            raise SituationError("win_by", f"expected one of {', '.join(WIN_BY)}, got {quote(win_by)}")
        moments = get("moments")
        known_moments = FAMILY_MOMENTS.get(rules, MOMENTS)
        allowed = _MOMENT_SET if known_moments is MOMENTS else frozenset(known_moments)
        if not moments:
            if moments is not None and type(moments) is not list:
                raise SituationError("moments", f"expected a list of {', '.join(known_moments)}, got {quote(moments)}")
            moment_set = _NO_MOMENTS
        else:
            if type(moments) is not list or any(type(m) is not str or m not in allowed for m in moments):
                raise SituationError("moments", f"expected a list of {', '.join(known_moments)}, got {quote(moments)}")
            moment_set = frozenset(moments)
        seat_wind = get("seat_wind")
        if seat_wind is None or seat_wind not in SEATS:
            seat_wind = _seat(data, "seat_wind", "E")
        round_wind = get("round_wind")
        if round_wind is None or round_wind not in SEATS:
            round_wind = _seat(data, "round_wind", "E")
        value = get("bonus")
        bonus = _tile_cache.get(value) if type(value) is str else None
        if bonus is None:
            bonus = () if value is None or value == "" else _tiles(data, "bonus", "")
        situation = cls(
            rules,
            concealed,
            tuple(melds),
            winning_tile,
            win_by,
            seat_wind,
            round_wind,
            bonus,
            moment_set,
            dict(options) if options else {},
            facts,
        )
        situation.check()
        return situation

    def check(self) -> None:
        """Raise :class:`SituationError` if the tiles cannot be a real hand."""
        concealed, bonus, winning = self.concealed, self.bonus, self.winning_tile
        if concealed and max(concealed) >= 34:
            raise SituationError("concealed", "flowers and seasons belong in bonus, not in the hand")
        if bonus and min(bonus) < 34:
            raise SituationError("bonus", "only flowers and seasons (1f-8f) can be bonus tiles")
        playing = concealed if winning is None else (*concealed, winning)
        kongs = 0
        for meld in self.melds:
            playing += meld.tiles
            if len(meld.tiles) == 4:
                kongs += 1
        # Counted in C: a hand has at most 18 playing tiles of at most 14 kinds.
        if (playing and max(map(playing.count, set(playing))) > 4) or len(set(bonus)) != len(bonus):
            try:  # the hand says which tile has too many copies
                Hand(self.full_concealed, self.melds, bonus)
            except HandError as error:
                raise SituationError("concealed", str(error)) from None
        actual = len(playing)
        expected = (14 if winning is not None else 13) + kongs
        if actual != expected:
            what = "a winning hand" if winning is not None else "a non-winning hand"
            raise SituationError(
                "concealed", f"{what} with {kongs} kong(s) must have {expected} tiles in all, this one has {actual}"
            )
        self._check_win_facts()

    def _check_win_facts(self) -> None:
        """How the hand was won must be possible at a table; every family refuses the same contradictions."""
        if self.winning_tile is None:
            if self.moments:
                raise SituationError("moments", "describe a win; a hand without a winning tile has none")
            return
        if self.win_by == "kong_replacement" and not self.kong_count:
            raise SituationError("win_by", "a win on a kong replacement needs a declared kong")
        if self.win_by == "flower_replacement" and not self.bonus:
            raise SituationError("win_by", "a win on a flower replacement needs a flower or season set out")
        if "kong_on_kong" in self.moments and (self.win_by != "kong_replacement" or self.kong_count < 2):
            raise SituationError("moments", "kong_on_kong needs two declared kongs and a win on the kong replacement")
        if "heavenly" in self.moments and (not self.is_dealer or not self.self_drawn or self.melds):
            raise SituationError("moments", "heavenly is the dealer's self-drawn win on the dealt hand, with no melds")
        if "earthly" in self.moments:
            # What earthly allows is the family's (core.family_facts), read here as data: the core never
            # asks which family it has.
            earthly = FAMILY_EARTHLY.get(self.rules, EARTHLY)
            if self.is_dealer or self.win_by not in earthly.win_by or (earthly.no_melds and self.melds):
                raise SituationError("moments", earthly.message)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"rules": self.rules}
        if self.options:
            data["options"] = dict(self.options)
        red = dict(self.facts.get("red", ()))
        data["concealed"] = with_red_fives(self.concealed, red.get("concealed", ""))
        data["melds"] = [
            {"kind": m.kind.value, "tiles": with_red_fives(m.tiles, red.get(f"melds[{i}]", "")), "open": m.open}
            for i, m in enumerate(self.melds)
        ]
        winning = self.winning_tile
        data["winning_tile"] = with_red_fives((winning,), red.get("winning_tile", "")) if winning is not None else None
        data["win_by"] = self.win_by
        data["seat_wind"] = self.seat_wind
        data["round_wind"] = self.round_wind
        data["bonus"] = format_tiles(self.bonus)
        data["moments"] = sorted(self.moments)
        if self.facts:
            data.update(facts_to_dict(self.facts))
        return data

    @property
    def red_fives(self) -> tuple[int, int, int]:
        """How many red fives of characters, circles and bamboo the hand holds (Riichi)."""
        suits = "".join(suits for _, suits in self.facts.get("red", ()))
        return (suits.count("m"), suits.count("p"), suits.count("s"))

    # -- derived facts every scorer needs

    @property
    def is_win(self) -> bool:
        return self.winning_tile is not None

    @property
    def self_drawn(self) -> bool:
        return self.win_by in SELF_DRAWN

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == "E"

    @property
    def kong_count(self) -> int:
        return sum(1 for m in self.melds if m.kind is MeldKind.KONG)

    @property
    def full_concealed(self) -> tuple[Tile, ...]:
        """The standing tiles with the winning tile added."""
        return self.concealed + ((self.winning_tile,) if self.winning_tile is not None else ())

    def counts(self) -> list[int]:
        """34 counts of the standing tiles including the winning tile."""
        counts = [0] * 34
        for tile in self.full_concealed:
            counts[tile] += 1
        return counts

    def all_counts(self) -> list[int]:
        """34 counts of every playing tile of the hand, melds included (a kong counts four)."""
        counts = self.counts()
        for meld in self.melds:
            for tile in meld.tiles:
                counts[tile] += 1
        return counts

    @property
    def has_open_meld(self) -> bool:
        return any(m.open for m in self.melds)


# ---------------------------------------------------------------------------- a situation of checked parts

# HandSituation's fields, set as its __init__ sets them (without the frozen dataclass's look-ups by name).
(
    _set_rules,
    _set_concealed,
    _set_melds,
    _set_winning_tile,
    _set_win_by,
    _set_seat_wind,
    _set_round_wind,
    _set_bonus,
    _set_moments,
    _set_options,
    _set_facts,
) = (getattr(HandSituation, name).__set__ for name in HandSituation.__dataclass_fields__)


def situation_of(
    rules: str,
    concealed: tuple[Tile, ...],
    melds: tuple[Meld, ...],
    winning_tile: Tile | None,
    win_by: str,
    seat_wind: str,
    round_wind: str,
    bonus: tuple[Tile, ...],
    moments: frozenset[str],
    options: Mapping[str, Any],
) -> HandSituation:
    """A situation of values already in the types it stores (tuples of Tiles and Melds, a frozenset),
    made without the dataclass's __init__ and __post_init__, for callers that make many and have
    checked their parts: the quick reading of a batch, the computer players valuing candidate hands.
    Nothing is checked here."""
    situation = object.__new__(HandSituation)
    _set_rules(situation, rules)
    _set_concealed(situation, concealed)
    _set_melds(situation, melds)
    _set_winning_tile(situation, winning_tile)
    _set_win_by(situation, win_by)
    _set_seat_wind(situation, seat_wind)
    _set_round_wind(situation, round_wind)
    _set_bonus(situation, bonus)
    _set_moments(situation, moments)
    _set_options(situation, options)
    _set_facts(situation, {})
    return situation
