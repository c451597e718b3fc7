"""Plans: the directions a hand can take, how far it is along each, and what each is worth.

A good player looks at a hand and decides what it wants to become (seed 003, "Choose a direction
early"): one suit, all pungs, a quick hand of chows, pungs of the honours it holds. A :class:`Plan` is
one such direction: the tile kinds it keeps (a *mask*: every suit, one suit with or without the
honours, only the simples 2-8, only honours) and the shape it builds (any sets, chows, pungs, seven
pairs, thirteen orphans).

For a plan, a hand has

* a **distance**: the number of tiles still to draw to complete it using only the plan's tiles (the
  shanten number of the masked hand, plus one), exact for the regular shapes from the shipped tables;
* an **acceptance**: how many unseen tiles would shorten that distance;
* a **value**: what a completed hand of the plan scores, asked of the ruleset's own scorer. The bot
  builds a *prototype* of the completed hand (the honour pungs and pairs it holds, sets of the plan's
  suits in the plan's shape, its declared sets as they are) and scores it won by self-draw and won on
  a discard. A plan whose prototype does not reach the ruleset's minimum is worth nothing.

Nothing here knows a scoring table: the value comes from ``Ruleset.score``. Prototype values are
memoised, because a prototype depends only on the plan, the honours held and the seat's situation,
which change rarely during a hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from operator import itemgetter, mul
from typing import Any, Final

from sparrow.bots.knowledge import ScoringContext
from sparrow.core.analysis import (
    Forms,
    RegularDiscards,
    accepted_tiles,
    group_ids,
    honour_id,
    regular_shanten,
    seven_pairs_shanten,
    shanten_of_ids,
    suit_id,
    thirteen_orphans_shanten,
)
from sparrow.core.hand import Meld, MeldKind
from sparrow.core.situation import situation_of
from sparrow.core.tiles import BONUS_TILES, KINDS, ORPHANS
from sparrow.rules import get_ruleset

__all__ = [
    "Plan",
    "PLANS",
    "FINER_PLANS",
    "WIND_KINDS",
    "plans_for",
    "plan_rows",
    "distance",
    "acceptance",
    "accepting",
    "plan_value",
    "wins_on_discard",
    "win_scores",
    "blend",
    "SELF_DRAW_WEIGHT",
    "DiscardView",
]

# The tile groups: characters, circles, bamboo, honours.
_GROUP_RANGES = ((0, 9), (9, 18), (18, 27), (27, 34))
_SUITS = (0, 1, 2)
_HONOURS = 3
_ALL_GROUPS = 0b1111

_REGULAR_ONLY = Forms(seven_pairs=False, thirteen_orphans=False)
_ORPHAN_SET = frozenset(int(t) for t in ORPHANS)
_ORPHAN_LIST = tuple(sorted(_ORPHAN_SET))
_orphan_counts = itemgetter(*_ORPHAN_LIST)
_SIMPLE_KINDS = frozenset(k for k in range(27) if 1 <= k % 9 <= 7)

_CACHE_LIMIT = 200_000  # entries per memo before it starts afresh

# A won hand is worth its discard-win value most of the time and its self-draw value the rest: three
# opponents discard for every tile the seat draws itself, but a discard is only claimable by one.
SELF_DRAW_WEIGHT = 0.3


@dataclass(frozen=True, slots=True, eq=False)  # one instance per plan (PLANS): compared and hashed by identity
class Plan:
    """A direction for the hand. ``groups`` is a bit set of the groups kept (1 characters, 2 circles,
    4 bamboo, 8 honours); ``simples`` keeps only the 2-8 of the suits; ``style`` is the shape built:
    ``any`` (sets and a pair), ``chows`` (chows and a pair), ``pungs``, ``pairs`` (seven pairs) or
    ``orphans`` (thirteen orphans)."""

    name: str
    groups: int
    style: str
    simples: bool = False
    narrowness: float = 1.0  # how much of a free hand's acceptance the plan keeps at each step (odds.py)

    def __reduce__(self) -> tuple[Any, ...]:
        return (plan_named, (self.name,))  # one instance per plan, also when pickled or copied

    def keeps(self, kind: int) -> bool:
        """Whether a tile kind belongs to the plan."""
        if self.style == "orphans":
            return kind in _ORPHAN_SET
        if self.simples:
            return kind in _SIMPLE_KINDS
        return bool(self.groups >> (kind // 9 if kind < 27 else _HONOURS) & 1)

    @property
    def suits(self) -> tuple[int, ...]:
        return tuple(g for g in _SUITS if self.groups >> g & 1)

    @property
    def has_honours(self) -> bool:
        return bool(self.groups >> _HONOURS & 1) and not self.simples


def _make_plans() -> tuple[Plan, ...]:
    plans = [
        Plan("any", _ALL_GROUPS, "any"),
        Plan("chows", _ALL_GROUPS, "chows", narrowness=0.8),
        Plan("pungs", _ALL_GROUPS, "pungs", narrowness=0.35),
        Plan("simples", 0b0111, "any", simples=True, narrowness=0.8),
        Plan("pairs", _ALL_GROUPS, "pairs", narrowness=0.3),
        Plan("orphans", _ALL_GROUPS, "orphans", narrowness=0.3),
        Plan("honours", 0b1000, "pungs", narrowness=0.25),
    ]
    for suit, letter in zip(_SUITS, "mps"):
        plans.append(Plan(f"half-{letter}", 1 << suit | 0b1000, "any", narrowness=0.6))
        plans.append(Plan(f"half-{letter}-pungs", 1 << suit | 0b1000, "pungs", narrowness=0.3))
        plans.append(Plan(f"pure-{letter}", 1 << suit, "any", narrowness=0.45))
    # A finer plan, weighed only by a player that names it (FINER_PLANS): chows of the simples alone.
    # Under NTS that is two doublings by itself (four chows, pure simplicity), so a discard may win it
    # without a flower. (Chows of one suit and honours, a clean hand, changed almost nothing there.)
    plans.append(Plan("simple-chows", 0b0111, "chows", simples=True, narrowness=0.65))
    return tuple(plans)


PLANS: tuple[Plan, ...] = _make_plans()
FINER_PLANS: frozenset[str] = frozenset({"simple-chows"})
_BY_NAME = {plan.name: plan for plan in PLANS}
assert len(_BY_NAME) == len(PLANS), "plan names must be unique: the memo tables key on them"

_ZERO9 = bytes(9)
_ZERO7 = bytes(7)
_ORPHAN_MASK = bytes([1 if k in _ORPHAN_SET else 0 for k in range(34)])
# Per plan, whether it keeps each tile kind (Plan.keeps as a table).
_KEEPS: dict[Plan, tuple[bool, ...]] = {plan: tuple(plan.keeps(k) for k in range(34)) for plan in PLANS}


def masked(counts: Sequence[int], plan: Plan) -> bytes:
    """The counts of the tiles the plan keeps (the others are to be thrown)."""
    raw = bytes(counts)
    if plan.style == "orphans":
        return bytes(map(mul, raw, _ORPHAN_MASK))
    if plan.simples:
        return b"\0" + raw[1:8] + b"\0\0" + raw[10:17] + b"\0\0" + raw[19:26] + b"\0" + _ZERO7
    groups = plan.groups
    if groups == _ALL_GROUPS:
        return raw
    return (
        (raw[0:9] if groups & 1 else _ZERO9)
        + (raw[9:18] if groups & 2 else _ZERO9)
        + (raw[18:27] if groups & 4 else _ZERO9)
        + (raw[27:34] if groups & 8 else _ZERO7)
    )


def melds_fit(plan: Plan, melds: Sequence[Meld]) -> bool:
    """Whether the declared sets can belong to a hand of the plan."""
    if not melds:
        return True
    if plan.style in ("pairs", "orphans"):
        return False
    for meld in melds:
        if plan.style == "pungs" and meld.kind is MeldKind.CHOW:
            return False
        if plan.style == "chows" and meld.kind is not MeldKind.CHOW:
            return False
        if not all(plan.keeps(t) for t in meld.tiles):
            return False
    return True


# The memo tables below key on plain values (ints, strings, bytes): a key holding a set, a plan or a
# context object would stay tracked by the garbage collector, and the tables grow to hundreds of
# thousands of entries, every one walked at each full collection.
_MELD_CODES = {MeldKind.CHOW: 0, MeldKind.PUNG: 2, MeldKind.KONG: 4}


def melds_key(melds: Sequence[Meld]) -> bytes:
    """The declared sets as the memo tables key them, two bytes a set: its kind and whether it is
    open, and its lowest tile (which tell its tiles). The seat a tile was claimed from is left out:
    no scorer reads it."""
    if not melds:
        return b""
    key = bytearray()
    for meld in melds:
        key.append(_MELD_CODES[meld.kind] + meld.open)
        key.append(meld.tiles[0])
    return bytes(key)


def _forms_key(forms: Forms) -> int:
    return forms.seven_pairs + 2 * forms.thirteen_orphans + 4 * forms.four_as_two_pairs


_PLANS_CACHE: dict[tuple[Any, ...], list[Plan]] = {}
_FITTING: dict[bytes, tuple[Plan, ...]] = {}  # the plans whose shape these declared sets fit (melds_key)


def plans_for(forms: Forms, counts: Sequence[int], melds: Sequence[Meld]) -> list[Plan]:
    """The plans worth considering for this hand under a ruleset with these winning ``forms``: its
    declared sets must fit, and a plan that keeps too few of the hand's tiles to be reachable is left
    out."""
    raw = bytes(counts)
    totals = (sum(raw[0:9]), sum(raw[9:18]), sum(raw[18:27]), sum(raw[27:34]))
    held_ends = bytes(_orphan_counts(raw))
    orphans = 13 - held_ends.count(0)
    ends = sum(held_ends)
    declared = melds_key(melds)
    key = (_forms_key(forms), declared, totals, min(orphans, 9), ends)
    found = _PLANS_CACHE.get(key)
    if found is not None:
        return found
    total = sum(totals)
    result = []
    fitting = _FITTING.get(declared)
    if fitting is None:
        if len(_FITTING) > _CACHE_LIMIT:
            _FITTING.clear()
        fitting = _FITTING[declared] = tuple(plan for plan in PLANS if melds_fit(plan, melds))
    for plan in fitting:
        style = plan.style
        if style == "pairs" and (not forms.seven_pairs or melds):
            continue
        if style == "orphans":
            if not forms.thirteen_orphans or melds or orphans < 9:
                continue
        elif plan.simples:
            if ends > 5:
                continue
        elif plan.groups != _ALL_GROUPS:
            kept = sum(totals[g] for g in range(4) if plan.groups >> g & 1)
            # A flush or an honours hand needs most of the hand already in its tiles to be a plan.
            if total - kept > (5 if plan.groups & 0b1000 else 4):
                continue
        result.append(plan)
    if len(_PLANS_CACHE) > _CACHE_LIMIT:
        _PLANS_CACHE.clear()
    _PLANS_CACHE[key] = result
    return result


def _pung_cost(raw: bytes, sets: int) -> int:
    """Tiles to draw to make ``sets`` pungs and a pair from ``raw`` (every kind it keeps)."""
    threes = raw.count(3) + raw.count(4)
    return _pung_cost_of(raw.count(1), raw.count(2), threes, sets)


def _pung_cost_of(ones: int, twos: int, threes: int, sets: int) -> int:
    """:func:`_pung_cost` from how many kinds the hand holds once, twice and three or more times: the
    ``sets + 1`` kinds held most (the rest drawn from nothing), each made a pung, the least one only
    a pair."""
    wanted = sets + 1
    full = min(threes, wanted)
    left = wanted - full
    pairs = min(twos, left)
    left -= pairs
    singles = min(ones, left)
    left -= singles
    cost = pairs + 2 * singles + 3 * left
    return cost - 1 if full < wanted else cost


def _shaped(plan: Plan, counts: Sequence[int]) -> bytes:
    """The counts the plan works with: the masked hand, and for chows at most one honour kind (two of
    it), since honours can only be the pair of a hand of chows."""
    raw = masked(counts, plan)
    if plan.style == "chows":
        honours = raw[27:34]
        if any(honours):
            raw = raw[:27] + _chow_honours(honours)
    return raw


_CHOW_HONOURS: dict[bytes, bytes] = {}


def _chow_honours(honours: bytes) -> bytes:
    """The honours a hand of chows keeps: two of the kind held most (the first of equals), if any."""
    kept = _CHOW_HONOURS.get(honours)
    if kept is None:
        pattern = bytearray(7)
        if any(honours):
            pair = max(range(7), key=honours.__getitem__)
            pattern[pair] = min(2, honours[pair])
        kept = _CHOW_HONOURS[honours] = bytes(pattern)
    return kept


class _Groups:
    """What :func:`distance` reads of one hand, group by group, worked out once for all the plans a
    decision measures the same hand against (the last hand is kept)."""

    __slots__ = ("raw", "ids", "_simple_ids", "_chow_honour_id", "_tallies")

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.ids = group_ids(raw)
        self._simple_ids: tuple[int, int, int] | None = None
        self._chow_honour_id: int | None = None
        self._tallies: tuple[tuple[int, int, int], ...] | None = None

    def simple_ids(self) -> tuple[int, int, int]:
        """The suits' ids with their 1s and 9s taken out."""
        ids = self._simple_ids
        if ids is None:
            raw = self.raw
            ids = self._simple_ids = tuple(  # type: ignore[assignment]
                suit_id(b"\0" + raw[start + 1 : start + 8] + b"\0") for start in (0, 9, 18)
            )
        return ids  # type: ignore[return-value]

    def chow_honour_id(self) -> int:
        found = self._chow_honour_id
        if found is None:
            found = self._chow_honour_id = honour_id(_chow_honours(self.raw[27:34]))
        return found

    def tallies(self) -> tuple[tuple[int, int, int], ...]:
        """Per group: how many kinds it holds once, twice, three or more times."""
        found = self._tallies
        if found is None:
            raw = self.raw
            parts = (raw[0:9], raw[9:18], raw[18:27], raw[27:34])
            found = self._tallies = tuple((p.count(1), p.count(2), p.count(3) + p.count(4)) for p in parts)
        return found


_ZERO_SUIT_ID = -1  # set on first use (the tables load lazily)
_ZERO_HONOUR_ID = -1
_last_groups: _Groups | None = None


def _groups_of(raw: bytes) -> _Groups:
    global _last_groups, _ZERO_SUIT_ID, _ZERO_HONOUR_ID
    found = _last_groups
    if found is None or found.raw != raw:
        if _ZERO_SUIT_ID < 0:
            _ZERO_SUIT_ID = suit_id(_ZERO9)
            _ZERO_HONOUR_ID = honour_id(_ZERO7)
        found = _last_groups = _Groups(raw)
    return found


def distance(plan: Plan, counts: Sequence[int], melds: int, four_as_two_pairs: bool = False) -> int:
    """The plan's shanten number for these standing tiles (``melds`` sets declared): how many tiles
    from ready, counting only the tiles the plan keeps. -1 is complete.

    (The shanten of the plan's masked and shaped hand, :func:`_shaped`; the tables are read per group,
    so a group the plan drops is read as an empty one.)"""
    return _distance(plan, bytes(counts), melds, four_as_two_pairs)


def _distance(plan: Plan, raw: bytes, melds: int, four_as_two_pairs: bool) -> int:
    style = plan.style
    if style == "pairs":
        return seven_pairs_shanten(masked(raw, plan), four_as_two_pairs)
    if style == "orphans":
        return thirteen_orphans_shanten(raw)  # it reads the orphans only
    if plan.simples and style != "any":
        raw = _shaped(plan, raw)
        return _pung_cost(raw, 4 - melds) - 1 if style == "pungs" else regular_shanten(raw, melds)
    view = _groups_of(raw)
    groups = plan.groups
    if style == "pungs":
        ones = twos = threes = 0
        for group, (one, two, three) in enumerate(view.tallies()):
            if groups >> group & 1:
                ones += one
                twos += two
                threes += three
        return _pung_cost_of(ones, twos, threes, 4 - melds) - 1
    if plan.simples:
        a, b, c = view.simple_ids()
        return shanten_of_ids(a, b, c, _ZERO_HONOUR_ID, melds)
    ids = view.ids
    zero = _ZERO_SUIT_ID
    if style == "chows":
        honours = view.chow_honour_id() if groups & 8 else _ZERO_HONOUR_ID
    else:
        honours = ids[3] if groups & 8 else _ZERO_HONOUR_ID
    return shanten_of_ids(
        ids[0] if groups & 1 else zero, ids[1] if groups & 2 else zero, ids[2] if groups & 4 else zero, honours, melds
    )


_last_rows: tuple[tuple[Any, ...], list[tuple[int, int, Plan]]] | None = None


def plan_rows(forms: Forms, counts: Sequence[int], melds: tuple[Meld, ...]) -> list[tuple[int, int, Plan]]:
    """The plans worth considering (:func:`plans_for`) with their distances, nearest first, and in
    :data:`PLANS` order among equals: ``(distance, index, plan)``. The last answer is kept, since a
    decision often measures the same hand twice. The list is shared: do not change it."""
    global _last_rows
    raw = bytes(counts)
    key = (forms, raw, melds)
    found = _last_rows
    if found is not None and found[0] == key:
        return found[1]
    n = len(melds)
    pairs4 = forms.four_as_two_pairs
    rows = [(_distance(plan, raw, n, pairs4), index, plan) for index, plan in enumerate(plans_for(forms, raw, melds))]
    rows.sort()
    _last_rows = (key, rows)
    return rows


_ACCEPTING_CACHE: dict[tuple[Any, ...], list[int]] = {}


def accepting(plan: Plan, counts: Sequence[int], melds: int) -> list[int]:
    """The tile kinds that would bring the hand closer to completing the plan (memoised: the expert's
    look two draws ahead meets the same hands again and again, and so does the next turn)."""
    key = (plan.name, bytes(counts), melds)
    found = _ACCEPTING_CACHE.get(key)
    if found is None:
        if len(_ACCEPTING_CACHE) > _CACHE_LIMIT:
            _ACCEPTING_CACHE.clear()
        found = _ACCEPTING_CACHE[key] = _accepting(plan, counts, melds)
    return found


def _accepting(plan: Plan, counts: Sequence[int], melds: int) -> list[int]:
    raw = _shaped(plan, counts)
    style = plan.style
    keeps = _KEEPS[plan].__getitem__
    if style == "any" or style == "chows":
        return [t for t in accepted_tiles(raw, melds, _REGULAR_ONLY) if keeps(t)]
    if style == "pungs":
        sets = 4 - melds
        held = sorted((k for k in range(34) if raw[k]), key=lambda k: -min(raw[k], 3))
        if len(held) <= sets:
            return [k for k in range(34) if keeps(k) and raw[k] < 3]
        return [k for k in held[: sets + 1] if raw[k] < 3]
    if style == "pairs":
        if sum(1 for c in raw if c) < 7:
            return [k for k in range(34) if keeps(k) and raw[k] < 2]
        return [k for k in range(34) if raw[k] == 1]
    if not any(raw[k] >= 2 for k in _ORPHAN_SET):
        return list(_ORPHAN_LIST)
    return [k for k in _ORPHAN_LIST if not raw[k]]


def acceptance(plan: Plan, counts: Sequence[int], melds: int, unseen: Sequence[int]) -> int:
    """How many unseen tiles would bring the hand closer to completing the plan."""
    return sum(unseen[t] for t in accepting(plan, counts, melds))


class DiscardView:
    """One hand measured against one plan after each of its discards: :func:`distance` and
    :func:`acceptance` of the hand without the tile, the same numbers, with the hand read once for
    all the discards where the plan's shape allows (sets of whole groups, chows, pungs)."""

    __slots__ = ("plan", "_counts", "_melds", "_pairs4", "_regular", "_tallies", "_raw", "_buckets")

    def __init__(self, plan: Plan, counts: Sequence[int], melds: int, four_as_two_pairs: bool = False) -> None:
        self.plan = plan
        self._counts = list(counts)
        self._melds = melds
        self._pairs4 = four_as_two_pairs
        self._regular: RegularDiscards | None = None
        self._tallies: tuple[int, int, int] | None = None
        if not plan.simples:
            if plan.style == "any":
                self._regular = RegularDiscards(counts, melds, plan.groups)
            elif plan.style == "chows":
                self._regular = RegularDiscards(counts, melds, plan.groups, _chow_honours if plan.has_honours else None)
            elif plan.style == "pungs":
                raw = self._raw = masked(counts, plan)
                self._tallies = (raw.count(1), raw.count(2), raw.count(3) + raw.count(4))
                # The kinds held three or more times, twice, once: the order the plan builds pungs in.
                self._buckets = (
                    [k for k in range(34) if raw[k] >= 3],
                    [k for k in range(34) if raw[k] == 2],
                    [k for k in range(34) if raw[k] == 1],
                )

    def distance(self, tile: int) -> int:
        """The plan's distance once ``tile`` (one the plan keeps, held) is thrown."""
        if self._regular is not None:
            return self._regular.shanten(tile)
        counts = self._counts
        if self._tallies is not None:
            ones, twos, threes = self._tallies
            held = counts[tile]
            if held == 1:
                ones -= 1
            elif held == 2:
                twos -= 1
                ones += 1
            elif held == 3:
                threes -= 1
                twos += 1
            return _pung_cost_of(ones, twos, threes, 4 - self._melds) - 1
        counts[tile] -= 1
        try:
            return distance(self.plan, counts, self._melds, self._pairs4)
        finally:
            counts[tile] += 1

    def acceptance(self, tile: int, after: int, unseen: Sequence[int]) -> int:
        """:func:`acceptance` of the hand once ``tile`` is thrown; ``after`` is its distance then."""
        if self._regular is not None:
            return self._regular.accepted(tile, after, unseen)
        if self._tallies is not None:
            return self._pung_acceptance(tile, unseen)
        counts = self._counts
        counts[tile] -= 1
        try:
            return acceptance(self.plan, counts, self._melds, unseen)
        finally:
            counts[tile] += 1

    def _pung_acceptance(self, tile: int, unseen: Sequence[int]) -> int:
        """:func:`acceptance` of a pungs plan once ``tile`` is thrown (as :func:`_accepting` counts
        it): the kinds that would make the ``sets + 1`` kinds held most (three or more, then two, then
        one, lower kinds first) one tile fuller; any kind the plan keeps while too few are held."""
        raw = self._raw
        held = raw[tile]
        threes, twos, ones = self._buckets
        sets = 4 - self._melds
        if len(threes) + len(twos) + len(ones) - (held == 1) <= sets:
            keeps = _KEEPS[self.plan]
            total = sum(unseen[k] for k in range(34) if keeps[k] and raw[k] < 3 and k != tile)
            return total + (unseen[tile] if keeps[tile] and held <= 3 else 0)
        if held == 3:
            threes = [k for k in threes if k != tile]
            twos = sorted([*twos, tile])
        elif held == 2:
            twos = [k for k in twos if k != tile]
            ones = sorted([*ones, tile])
        elif held == 1:
            ones = [k for k in ones if k != tile]
        room = sets + 1 - len(threes)
        total = 0
        for k in twos[:room] if room > 0 else ():
            total += unseen[k]
        room -= len(twos)
        for k in ones[:room] if room > 0 else ():
            total += unseen[k]
        return total


# ---------------------------------------------------------------- values from the ruleset's scorer

_VALUE_CACHE: dict[tuple[Any, ...], int] = {}


_NO_MOMENTS: frozenset[str] = frozenset()
_TILES = KINDS + BONUS_TILES  # by index, 0-41


def _score_total(
    context: ScoringContext, concealed: tuple[int, ...], melds: tuple[Meld, ...], winning: int, win_by: str
) -> int:
    """The scorer's total for this completed hand, 0 when it is not a legal win (memoised)."""
    key = (context.serial, concealed, melds_key(melds), winning, win_by)
    value = _VALUE_CACHE.get(key)
    if value is None:
        if len(_VALUE_CACHE) > _CACHE_LIMIT:
            _VALUE_CACHE.clear()
        if win_by == "kong_replacement" and not any(m.kind is MeldKind.KONG for m in melds):
            win_by = "self_draw"
        # Made without HandSituation's checks (situation_of): its dataclass __init__ runs as Python and
        # costs more than the scoring; these parts are already of the stored types.
        situation = situation_of(
            context.rules,
            tuple([KINDS[t] for t in concealed]),
            melds,
            KINDS[winning],
            win_by,
            context.seat_wind,
            context.round_wind,
            tuple([_TILES[t] for t in context.bonus]),
            _NO_MOMENTS,
            context.option_map,
        )
        try:
            value = get_ruleset(context.rules).prototype_value(situation)
        except ValueError:
            value = 0  # an impossible prototype (too many copies...) is simply not a plan
        _VALUE_CACHE[key] = value
    return value


def win_scores(
    context: ScoringContext, concealed13: Sequence[int], melds: tuple[Meld, ...], winning: int
) -> tuple[int, int]:
    """The scorer's totals for winning on ``winning`` with these 13 standing tiles: (on a discard,
    self-drawn), 0 where that win would not be legal."""
    raw = bytes(concealed13)
    key = (context.serial, raw, melds_key(melds), winning)
    found = _WIN_CACHE.get(key)
    if found is None:
        if len(_WIN_CACHE) > _CACHE_LIMIT:
            _WIN_CACHE.clear()
        tiles = tuple(k for k in compress(range(34), raw) for _ in range(raw[k]))
        found = _WIN_CACHE[key] = _both_ways(context, tiles, melds, winning)
    return found


_WIN_CACHE: dict[tuple[Any, ...], tuple[int, int]] = {}


def _both_ways(
    context: ScoringContext, tiles: tuple[int, ...], melds: tuple[Meld, ...], winning: int
) -> tuple[int, int]:
    """(discard win, self-draw) totals. When a discard win is legal the self-draw is taken to be worth
    the same: in every family a self-draw wins whenever a discard win does, and the difference (a
    self-drawn item against a concealed-on-a-discard one) is small beside scoring every hand twice."""
    on_discard = _score_total(context, tiles, melds, winning, "discard")
    if on_discard:
        return on_discard, on_discard
    return 0, _score_total(context, tiles, melds, winning, "self_draw")


def blend(on_discard: float, self_drawn: float) -> float:
    """A win's worth when either way of winning may come (see :data:`SELF_DRAW_WEIGHT`)."""
    return (1 - SELF_DRAW_WEIGHT) * on_discard + SELF_DRAW_WEIGHT * self_drawn


WIND_KINDS: Final = {"E": 27, "S": 28, "W": 29, "N": 30}  # a seat or round wind's tile kind


# Honours as a prototype reads them: a lone honour is no pung or pair yet (0), a pair (2), a pung (3).
_HONOUR_CAP = bytes([0, 0, 2, 3, 3]) + bytes(251)
_COUNT_CAP = bytes([0, 1, 2, 3, 3]) + bytes(251)
_PAIR_CAP = bytes([0, 1, 2, 2, 2]) + bytes(251)


def _signature(plan: Plan, raw: bytes) -> tuple[Any, ...]:
    """What a plan's prototype reads of the hand: the honours held in pairs and pungs, which suits it
    holds most, and for seven pairs the kinds held (up to two of each). Hands with the same signature
    share one prototype, so its value is looked up, not scored again, as the hand moves on."""
    style = plan.style
    if style == "orphans":
        return (bytes(_orphan_counts(raw)).translate(_PAIR_CAP),)
    if style == "pairs":
        return (masked(raw, plan).translate(_PAIR_CAP),)
    if plan.has_honours:
        honours = raw[27:34].translate(_COUNT_CAP if plan.groups == 0b1000 else _HONOUR_CAP)
    else:
        honours = b""
    suits = plan.suits
    if len(suits) == 3:
        # Which two suits a mixed hand's prototype uses hardly changes what it scores: always the same
        # two, so the prototype (and its score) is shared by every hand with the same honours.
        suits = (0, 1)
    return honours, suits


def _prototype(
    plan: Plan, signature: tuple[Any, ...], melds: tuple[Meld, ...], context: ScoringContext
) -> tuple[tuple[int, ...], int] | None:
    """A completed hand of the plan: (standing tiles without the winning tile, the winning tile), or
    None when the plan cannot be completed this way. Built from the :func:`_signature` only: the
    honours the hand holds become its honour pungs and pair, and the suit sets are plain ones of the
    plan's shape (a pung and runs for ``any``, so no all-chows or all-pungs bonus is assumed; a 1-2-3
    run unless the plan is the simples, so no all-simples bonus either). The runs of a mixed hand
    share their numbers, 1-2-3m with 1-2-3p, which the Chinese points count as double chows: that
    optimism stands for the extra point a hand of chows mostly finds near ready (a wait, a double
    chow, all simples), and a prototype without it steered the Expert to slower hands and fewer
    wins (docs/bots.md, "Tuning", tenth round)."""
    sets_needed = 4 - len(melds)
    style = plan.style
    target = [0] * 34
    declared = [0] * 34
    for meld in melds:
        for t in meld.tiles:
            declared[t] += 1

    def room(kind: int, n: int) -> bool:
        return target[kind] + declared[kind] + n <= 4

    def done(winning: int) -> tuple[tuple[int, ...], int]:
        target[winning] -= 1
        return tuple(k for k in range(34) for _ in range(target[k])), winning

    if style == "orphans":
        orphans = _ORPHAN_LIST
        for k in orphans:
            target[k] = 1
        by_kind = dict(zip(orphans, signature[0], strict=True))
        doubled = max(orphans, key=lambda k: (by_kind[k], -k))
        target[doubled] += 1
        return done(next((k for k in orphans if not by_kind[k]), doubled))

    if style == "pairs":
        held_counts = signature[0]
        kinds = sorted((k for k in range(34) if plan.keeps(k)), key=lambda k: (-held_counts[k], abs(k % 9 - 4), k))[:7]
        for k in kinds:
            target[k] = 2
        return done(next((k for k in kinds if held_counts[k] < 2), kinds[-1]))

    honours, suits = signature
    valued = {31, 32, 33, WIND_KINDS[context.seat_wind], WIND_KINDS[context.round_wind]}
    honour_pungs: list[int] = []
    pair: int | None = None
    if honours:
        held = sorted(
            (27 + i for i, c in enumerate(honours) if c >= 2), key=lambda k: (k not in valued, -honours[k - 27], k)
        )
        if style == "chows":
            unvalued = [k for k in held if k not in valued]
            pair = unvalued[0] if unvalued else None
        else:
            for k in held:
                if len(honour_pungs) < sets_needed and (style == "pungs" or k in valued or honours[k - 27] >= 3):
                    honour_pungs.append(k)
                elif pair is None:
                    pair = k
            if plan.groups == 0b1000:
                # All honours: the honours held most become the pungs and the pair.
                for k in sorted(range(27, 34), key=lambda k: (-honours[k - 27], k)):
                    if len(honour_pungs) < sets_needed and k not in honour_pungs and k != pair:
                        honour_pungs.append(k)
                    elif pair is None and k not in honour_pungs:
                        pair = k
    for k in honour_pungs:
        if not room(k, 3):
            return None
        target[k] += 3
    remaining = sets_needed - len(honour_pungs)
    if remaining and not suits:
        return None

    low = 1 if plan.simples else 0
    sets: list[tuple[str, int]] = []
    if style == "pungs":
        ranks = (4, 3, 5, 2, 6, 1, 7, 0, 8)
        for rank in ranks:
            for suit in suits:
                kind = suit * 9 + rank
                if remaining and room(kind, 3) and (not plan.simples or 1 <= rank <= 7):
                    target[kind] += 3
                    sets.append(("pung", kind))
                    remaining -= 1
    else:
        starts = (1, 4, 2, 5, 3) if plan.simples else (0, 4, 2, 5, 3, 6, 1)
        if style == "any" and remaining >= 2:
            kind = suits[-1] * 9 + 4  # one pung of a middle tile among the runs
            if room(kind, 3):
                target[kind] += 3
                sets.append(("pung", kind))
                remaining -= 1
        index = 0
        while remaining and index < 2 * len(starts) * len(suits):
            suit = suits[index % len(suits)]
            start = suit * 9 + starts[(index // len(suits)) % len(starts)]
            index += 1
            if all(room(start + i, 1) for i in range(3)):
                for i in range(3):
                    target[start + i] += 1
                sets.append(("chow", start))
                remaining -= 1
    if remaining:
        return None
    if pair is None:
        for rank in (4, 3, 5, 2, 6, 1, 7) if low else (4, 3, 5, 2, 6, 1, 7, 0, 8):
            kind = suits[0] * 9 + rank if suits else None
            if kind is not None and room(kind, 2):
                pair = kind
                break
        if pair is None:
            return None
    if not room(pair, 2):
        return None
    target[pair] += 2
    # The winning tile: a run's end on a two-sided wait where the hand has a run, else a pung's tile.
    chows = [start for kind, start in sets if kind == "chow"]
    if chows:
        start = chows[-1]
        winning = start + 2 if start % 9 < 6 else start
    else:
        winning = sets[-1][1] if sets else (honour_pungs[-1] if honour_pungs else pair)
    return done(winning)


_PROTOTYPE_CACHE: dict[tuple[Any, ...], tuple[float, bool]] = {}


def _prototype_worth(
    plan: Plan, counts: Sequence[int], melds: tuple[Meld, ...], context: ScoringContext
) -> tuple[float, bool]:
    """The plan's prototype scored: its value (:func:`plan_value`) and whether it may be won on a
    discard (:func:`wins_on_discard`), memoised by what the prototype reads of the hand."""
    signature = _signature(plan, bytes(counts))
    key = (plan.name, context.serial, melds_key(melds), signature)
    found = _PROTOTYPE_CACHE.get(key)
    if found is None:
        if len(_PROTOTYPE_CACHE) > _CACHE_LIMIT:
            _PROTOTYPE_CACHE.clear()
        built = _prototype(plan, signature, melds, context)
        if built is None:
            found = (0.0, False)
        else:
            concealed, winning = built
            on_discard, self_drawn = _both_ways(context, concealed, melds, winning)
            found = (blend(on_discard, self_drawn), on_discard > 0)
        _PROTOTYPE_CACHE[key] = found
    return found


def plan_value(plan: Plan, counts: Sequence[int], melds: tuple[Meld, ...], context: ScoringContext) -> float:
    """What a completed hand of ``plan`` is worth to this seat (0: it does not reach the minimum),
    by scoring a prototype of it with the ruleset's scorer."""
    return _prototype_worth(plan, counts, melds, context)[0]


def wins_on_discard(plan: Plan, counts: Sequence[int], melds: tuple[Meld, ...], context: ScoringContext) -> bool:
    """Whether a completed hand of ``plan`` (its prototype, as :func:`plan_value` builds it) may be won
    on a discard, not only self-drawn."""
    return _prototype_worth(plan, counts, melds, context)[1]


def plan_named(name: str) -> Plan:
    return _BY_NAME[name]
