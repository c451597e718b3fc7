"""What a bot knows at a decision, derived from its seat's :class:`~sparrow.game.state.Observation` only.

The observation is the whole of a bot's input; this module turns it into the numbers every decision
needs: the bot's own tile counts, the tiles it can see elsewhere (every discard pile, every exposed
set), and from those how many copies of each tile kind are still unseen. Nothing here looks at the
hand state, the wall or another player's concealed tiles.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import count
from types import MappingProxyType
from typing import Any, Final

from sparrow.core.analysis import Forms
from sparrow.core.analysis import waits as regular_waits
from sparrow.core.hand import Meld
from sparrow.core.tiles import BONUS_TILES, Tile
from sparrow.game.state import Observation
from sparrow.rules import Ruleset, get_ruleset
from sparrow.rules.ruleset import Ruleset as _BaseRuleset

__all__ = ["Knowledge", "ScoringContext", "know", "foreign_bonus_context"]


class ScoringContext:
    """Everything the ruleset's scorer needs about a seat besides its tiles: a bot values a candidate
    hand by asking the scorer, under these facts."""

    # Interned by know(), compared by identity. Each one made gets a serial number of its own, which
    # the memo tables key on: an int keeps a key out of the garbage collector's sight, where the
    # object would keep every key it is in tracked (and walked at every full collection).
    __slots__ = ("rules", "options", "seat_wind", "round_wind", "bonus", "serial")

    def __init__(
        self,
        rules: str,
        options: tuple[tuple[str, Any], ...],  # sorted (name, value) pairs: hashable, for the caches
        seat_wind: str,
        round_wind: str,
        bonus: tuple[int, ...],
    ) -> None:
        self.rules: Final = rules
        self.options: Final = options
        self.seat_wind: Final = seat_wind
        self.round_wind: Final = round_wind
        self.bonus: Final = bonus
        self.serial: Final = next(_CONTEXT_SERIALS)

    @property
    def option_map(self) -> dict[str, Any]:
        return dict(self.options)

    def __repr__(self) -> str:
        return (
            f"ScoringContext({self.rules!r}, {self.options!r}, {self.seat_wind!r}, {self.round_wind!r}, {self.bonus!r})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # A copy is a new context, with a serial of its own in its process.
        return (ScoringContext, (self.rules, self.options, self.seat_wind, self.round_wind, self.bonus))


_CONTEXT_SERIALS = count()


def foreign_bonus_context(context: ScoringContext) -> ScoringContext | None:
    """The seat's scoring context once a bonus tile of another seat has come to it, or None when the
    table plays without bonus tiles or the seat holds one already. A hand without bonus tiles may
    score for that (HKOS's "no bonus tiles") and lose it at the next draw: a player can value its
    plans both ways."""
    if context.bonus:
        return None
    if context.serial not in _FOREIGN_CACHE:
        if len(_FOREIGN_CACHE) > 4096:
            _FOREIGN_CACHE.clear()
        found = None
        if get_ruleset(context.rules).table(context.option_map).bonus_tiles:
            other = next(t for t in BONUS_TILES if t.seat != context.seat_wind)
            found = _interned(context.rules, context.options, context.seat_wind, context.round_wind, (int(other),))
        _FOREIGN_CACHE[context.serial] = found
    return _FOREIGN_CACHE[context.serial]


_FOREIGN_CACHE: dict[int, ScoringContext | None] = {}


class Knowledge:
    """One seat's view, in counts. ``visible`` counts every tile this seat can see outside its own
    concealed hand (discard piles and every exposed set, its own included); ``unseen`` is what may
    still be in the wall or in other hands."""

    # A plain class, not a dataclass: one is made for every decision, and compiled (sparrow._compiled)
    # an __init__ written out runs as native code, where a dataclass's generated one stays Python.
    __slots__ = (
        "observation",
        "ruleset",
        "forms",
        "has_minimum",
        "context",
        "seats",
        "counts",
        "melds",
        "visible",
        "unseen",
        "unseen_total",
        "draws_left",
    )

    def __init__(
        self,
        observation: Observation,
        ruleset: Ruleset,
        forms: Forms,  # the winning forms the ruleset's shanten counts
        has_minimum: bool,  # some complete hands do not win (their value decides)
        context: ScoringContext,
        seats: tuple[str, ...],  # the seats at this table, in turn order from East
        counts: list[int],  # own concealed tiles (the drawn tile included), 34 kinds
        melds: tuple[Meld, ...],
        visible: list[int],
        unseen: list[int],
        unseen_total: int,
        draws_left: float,  # live draws this seat can still expect
    ) -> None:
        self.observation = observation
        self.ruleset = ruleset
        self.forms = forms
        self.has_minimum = has_minimum
        self.context = context
        self.seats = seats
        self.counts = counts
        self.melds = melds
        self.visible = visible
        self.unseen = unseen
        self.unseen_total = unseen_total
        self.draws_left = draws_left

    def __repr__(self) -> str:
        return f"<Knowledge of seat {self.observation.seat}: {self.unseen_total} tiles unseen, {self.draws_left} draws left>"

    def waits(self, counts: Sequence[int], melds: int) -> list[Tile]:
        """The tiles that complete a ready 13-tile hand under the ruleset's shapes."""
        if type(self.ruleset).waits is _BaseRuleset.waits:
            # The family has no shapes of its own: the shanten tables answer at once.
            return regular_waits(counts, melds, self.forms)
        # A family's own shapes take longer to read, and the same hands are asked about turn after
        # turn: the answers are kept (they depend on the ruleset, its options and the tiles only).
        key = (self.context.rules, self.context.options, bytes(counts), melds)
        found = _WAITS_CACHE.get(key)
        if found is None:
            if len(_WAITS_CACHE) > 100_000:
                _WAITS_CACHE.clear()
            found = _WAITS_CACHE[key] = tuple(self.ruleset.waits(counts, melds, self.observation.options))
        return list(found)

    @property
    def seat(self) -> str:
        return self.observation.seat

    @property
    def opponents(self) -> tuple[str, ...]:
        seat = self.observation.seat
        return tuple(s for s in self.seats if s != seat)


_CONTEXT_CACHE: dict[tuple[Any, ...], ScoringContext] = {}
_WAITS_CACHE: dict[tuple[Any, ...], tuple[Tile, ...]] = {}


def _options_key(options: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(options.items()))


_RULES_CACHE: dict[tuple[Any, ...], tuple[Forms, bool]] = {}


_last_visible: tuple[tuple[tuple[Any, ...], ...], tuple[int, ...]] = ((), (0,) * 34)


def _visible(parts: tuple[tuple[Any, ...], ...]) -> tuple[int, ...]:
    """The tiles seen in these discard piles and these sets (each a tuple), counted by kind. The
    seats at a table decide in turn on the same piles and sets, so the last answer is kept, and a
    pile or a row of sets that has only grown or shrunk at its end since is counted from it: the
    parts are immutable tuples, compared by value."""
    global _last_visible
    known, counted = _last_visible
    if len(known) == len(parts):
        visible: list[int] | None = None
        for old, new in zip(known, parts):
            if old is new or old == new:
                continue
            if visible is None:
                visible = list(counted)
            if len(new) > len(old) and new[: len(old)] == old:
                _count(visible, new[len(old) :], 1)
            elif len(new) < len(old) and old[: len(new)] == new:
                _count(visible, old[len(new) :], -1)
            else:
                visible = None
                break
        else:
            if visible is not None:
                counted = tuple(visible)
            if all(type(part) is tuple for part in parts):  # a list could change in place: not kept
                _last_visible = (parts, counted)
            return counted
    fresh = [0] * 34
    for part in parts:
        _count(fresh, part, 1)
    counted = tuple(fresh)
    if all(type(part) is tuple for part in parts):
        _last_visible = (parts, counted)
    return counted


def _count(visible: list[int], items: Sequence[Any], sign: int) -> None:
    """Add (``sign`` 1) or take away (-1) the tiles of these items: tiles, or sets."""
    for item in items:
        if isinstance(item, Meld):
            for tile in item.tiles:
                visible[tile] += sign
        else:
            visible[item] += sign


def _unsourced(melds: tuple[Meld, ...]) -> tuple[Meld, ...]:
    """The seat's own sets without who gave each claimed tile: no scorer reads it, and leaving it out
    lets the memo tables of values share one entry for the same sets claimed from different seats."""
    for meld in melds:
        if meld.source is not None:
            break
    else:
        return melds
    found = _UNSOURCED.get(melds)
    if found is None:
        if len(_UNSOURCED) > 4096:
            _UNSOURCED.clear()
        found = _UNSOURCED[melds] = tuple(replace(m, source=None) if m.source is not None else m for m in melds)
    return found


_UNSOURCED: dict[tuple[Meld, ...], tuple[Meld, ...]] = {}


_LAST_FACTS: dict[str, tuple[Any, ...]] = {}


def _interned(
    rules: str, options: tuple[tuple[str, Any], ...], seat: str, round_wind: str, bonus: tuple[int, ...]
) -> ScoringContext:
    """The one scoring context for these facts (the memo tables key on its serial number)."""
    key = (rules, options, seat, round_wind, bonus)
    context = _CONTEXT_CACHE.get(key)
    if context is None:
        if len(_CONTEXT_CACHE) > 4096:
            _CONTEXT_CACHE.clear()
        context = _CONTEXT_CACHE[key] = ScoringContext(rules, options, seat, round_wind, bonus)
    return context


def _facts(observation: Observation, seat: str) -> tuple[ScoringContext, Ruleset, Forms, bool]:
    """The seat's scoring context, its ruleset, the winning forms and whether a minimum applies."""
    options = _options_key(observation.options)
    bonus = tuple(int(t) for t in observation.bonus[seat])
    context = _interned(observation.rules, options, seat, observation.round_wind, bonus)
    ruleset = get_ruleset(observation.rules)
    facts = _RULES_CACHE.get((observation.rules, options))
    if facts is None:
        facts = _RULES_CACHE[(observation.rules, options)] = (
            ruleset.forms(observation.options),
            ruleset.has_minimum(observation.options),
        )
    return context, ruleset, facts[0], facts[1]


def know(observation: Observation) -> Knowledge:
    """Derive a :class:`Knowledge` from one observation."""
    seat = observation.seat
    seats = tuple(observation.hand_sizes)
    counts = [0] * 34
    for tile in observation.hand:
        counts[tile] += 1
    visible = list(_visible(tuple(observation.discards.values()) + tuple(observation.melds.values())))
    unseen = [4 - c - v if c + v < 4 else 0 for c, v in zip(counts, visible)]
    # The seat's facts change only with the options, the round and its bonus tiles: the last ones
    # worked out for the seat are kept while the same read-only objects are shown.
    held_bonus = observation.bonus[seat]
    last = _LAST_FACTS.get(seat)
    if (
        last is not None
        and last[0] is observation.options
        and last[1] is held_bonus
        and last[2] == observation.rules
        and last[3] == observation.round_wind
    ):
        context, ruleset, forms, minimum = last[4]
    else:
        context, ruleset, forms, minimum = _facts(observation, seat)
        if type(observation.options) is MappingProxyType and type(held_bonus) is tuple:
            _LAST_FACTS[seat] = (
                observation.options,
                held_bonus,
                observation.rules,
                observation.round_wind,
                (context, ruleset, forms, minimum),
            )
    return Knowledge(
        observation=observation,
        ruleset=ruleset,
        forms=forms,
        has_minimum=minimum,
        context=context,
        seats=seats,
        counts=counts,
        melds=_unsourced(observation.melds[seat]),
        visible=visible,
        unseen=unseen,
        unseen_total=max(1, sum(unseen)),
        draws_left=observation.live_wall / max(1, len(seats)),
    )
