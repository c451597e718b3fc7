"""The input of the Riichi scorer: one winning hand and how it was won (:class:`RiichiHand`), and the
rule choices it is scored under (:class:`RiichiOptions`).

Tiles use the project notation (``docs/spec/notation.md``). The notation has no red fives yet, so
red fives are given apart from the tiles: ``aka`` is either the number of red fives held (0-3) or one
count per suit, (characters, circles, bamboo), each 0 or 1. Declared sets are
:class:`sparrow.core.hand.Meld` values: a chow is a chi, a pung a pon, an open kong a daiminkan or an
added kan, a kong with ``open=False`` a closed kan.

:func:`sparrow.rules.riichi.checks.check` refuses input no table can produce (an error naming the field); whether the
tiles win at all, and with a yaku, is the scorer's question.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from sparrow.core.hand import HandError, Meld, MeldKind
from sparrow.core.messages import quote
from sparrow.core.situation import SituationError
from sparrow.core.tiles import Tile, TileError, parse_tiles
from sparrow.rules.ruleset import RulesError

__all__ = [
    "RiichiError",
    "NotWinningError",
    "NoYakuError",
    "RiichiOptions",
    "RiichiHand",
    "RENHOU_CHOICES",
    "chi",
    "pon",
    "kan",
]


class RiichiError(SituationError):
    """A Riichi hand that cannot be: the message names the field at fault."""


class NotWinningError(RiichiError):
    """The tiles do not form a winning hand (four sets and a pair, seven pairs or thirteen orphans)."""


class NoYakuError(RiichiError):
    """A complete hand without a yaku: it cannot win (dora are not yaku)."""


RENHOU_CHOICES = ("none", "mangan", "yakuman")


@dataclass(frozen=True, slots=True)
class RiichiOptions:
    """The rule choices, Tenhou's ranked rules by default (docs/rules/riichi.md says why each)."""

    open_tanyao: bool = True  # kuitan: all simples counts with open sets
    aka_dora: bool = True  # red fives count one han each
    kiriage: bool = False  # 4 han 30 fu and 3 han 60 fu are rounded up to mangan
    kazoe_yakuman: bool = True  # 13 han or more of ordinary yaku is a yakuman; false: sanbaiman
    double_yakuman: bool = False  # 13-wait kokushi, tanki suuankou, 9-wait chuuren and daisuushii count twice
    renhou: str = "none"  # "none"; "mangan": a 5-han yaku; "yakuman"
    double_wind_pair_fu: int = 4  # fu for a pair of the wind that is both seat and round wind (4 or 2)

    def __post_init__(self) -> None:
        for item in fields(self):
            value = getattr(self, item.name)
            default = item.default
            if isinstance(value, bool) != isinstance(default, bool) or not isinstance(value, type(default)):
                raise RulesError(f"riichi option {item.name} must be {type(default).__name__}, got {quote(value)}")
        if self.renhou not in RENHOU_CHOICES:
            raise RulesError(
                f"riichi option renhou must be one of {', '.join(RENHOU_CHOICES)}, got {quote(self.renhou)}"
            )
        if self.double_wind_pair_fu not in (2, 4):
            raise RulesError(f"riichi option double_wind_pair_fu must be 2 or 4, got {self.double_wind_pair_fu}")

    @classmethod
    def from_mapping(cls, options: Mapping[str, Any] | None) -> RiichiOptions:
        """Options by name, the defaults for the rest; an unknown name is a :class:`RulesError`."""
        if not options:
            return DEFAULT_OPTIONS
        known = {item.name for item in fields(cls)}
        for key in options:
            if key not in known:
                raise RulesError(f"unknown riichi option {quote(key, 40)} (options: {', '.join(sorted(known))})")
        return cls(**options)

    def to_dict(self) -> dict[str, Any]:
        return {item.name: getattr(self, item.name) for item in fields(self)}


DEFAULT_OPTIONS = RiichiOptions()


def _tiles(name: str, value: str | Iterable[int]) -> tuple[Tile, ...]:
    """Tiles from notation or from tile ints; anything else names ``name``."""
    try:
        if isinstance(value, str):
            tiles = tuple(parse_tiles(value, as_set=False))
        else:
            tiles = tuple(Tile(int(tile)) for tile in value)
    except (TileError, TypeError, ValueError) as error:
        raise RiichiError(name, str(error)) from None
    for tile in tiles:
        if tile >= 34:
            raise RiichiError(name, f"{tile} is a flower or season, not a tile of the Riichi set")
    return tiles


def chi(tiles: str) -> Meld:
    """An open chow, ``chi("345p")``."""
    return _meld(MeldKind.CHOW, tiles, True)


def pon(tiles: str) -> Meld:
    """An open pung, ``pon("777z")`` or ``pon("7z")``."""
    return _meld(MeldKind.PUNG, tiles * 3 if len(tiles) == 2 else tiles, True)


def kan(tiles: str, closed: bool = False) -> Meld:
    """A kong, open (daiminkan or added kan) or ``closed`` (ankan): ``kan("1111m", closed=True)``."""
    return _meld(MeldKind.KONG, tiles * 4 if len(tiles) == 2 else tiles, not closed)


def _meld(kind: MeldKind, tiles: str, open: bool) -> Meld:
    try:
        return Meld.parse(kind.value, tiles, open)
    except HandError as error:
        raise RiichiError("melds", str(error)) from None


@dataclass(frozen=True, slots=True)
class RiichiHand:
    """One winning hand and how it was won.

    ``concealed`` are the standing tiles *without* the winning tile (13, less 3 per declared set);
    strings are read as notation. ``dealer`` follows from the seat wind (East deals) unless given, and
    must agree with it."""

    concealed: tuple[Tile, ...]
    winning_tile: Tile
    melds: tuple[Meld, ...] = ()
    tsumo: bool = False
    seat_wind: str = "E"
    round_wind: str = "E"
    dealer: bool | None = None
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    dora_indicators: tuple[Tile, ...] = ()
    ura_dora_indicators: tuple[Tile, ...] = ()
    aka: int | tuple[int, int, int] = 0
    honba: int = 0
    riichi_sticks: int = 0
    options: RiichiOptions = field(default=DEFAULT_OPTIONS)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "concealed", _tiles("concealed", self.concealed))
        winning = _tiles(
            "winning_tile", self.winning_tile if isinstance(self.winning_tile, str) else (self.winning_tile,)
        )
        if len(winning) != 1:
            raise RiichiError("winning_tile", f"expected one tile, got {len(winning)}")
        set_(self, "winning_tile", winning[0])
        set_(self, "dora_indicators", _tiles("dora_indicators", self.dora_indicators))
        set_(self, "ura_dora_indicators", _tiles("ura_dora_indicators", self.ura_dora_indicators))
        melds = tuple(self.melds)
        for meld in melds:
            if not isinstance(meld, Meld):
                raise RiichiError("melds", f"expected Meld values (chi, pon, kan), got {quote(meld)}")
        set_(self, "melds", melds)
        if isinstance(self.options, Mapping):
            set_(self, "options", RiichiOptions.from_mapping(self.options))
        if self.dealer is None:
            set_(self, "dealer", self.seat_wind == "E")

    @property
    def is_dealer(self) -> bool:
        return bool(self.dealer)

    @property
    def is_closed(self) -> bool:
        """No set claimed from a discard (a closed kan keeps the hand closed)."""
        return all(not meld.open for meld in self.melds)

    @property
    def red_fives(self) -> int:
        return self.aka if isinstance(self.aka, int) else sum(self.aka)

    def all_counts(self) -> list[int]:
        """Counts of the 34 kinds over every tile of the hand: standing, winning and declared."""
        counts = [0] * 34
        for tile in self.concealed:
            counts[tile] += 1
        counts[self.winning_tile] += 1
        for meld in self.melds:
            for tile in meld.tiles:
                counts[tile] += 1
        return counts

    @classmethod
    def of(cls, concealed: str, winning_tile: str, melds: Sequence[Meld] = (), **facts: Any) -> RiichiHand:
        """A hand from notation: ``RiichiHand.of("234m345p66s12378s", "9s", riichi=True, dora_indicators="1m")``."""
        for name in ("dora_indicators", "ura_dora_indicators"):
            if isinstance(facts.get(name), str):
                facts[name] = _tiles(name, facts[name])
        return cls(
            _tiles("concealed", concealed),
            _tiles("winning_tile", winning_tile)[0] if isinstance(winning_tile, str) else winning_tile,
            tuple(melds),
            **facts,
        )
