"""Reading a Riichi table's discards: how likely each tile is to deal in to a player in riichi.

Strong players judge a tile against a declared hand by a few well-known readings, all from what the
table shows (never the other hands or the wall):

* **genbutsu**: a tile in the player's own river cannot win (furiten): safe. So is a tile any seat
  let go after its riichi (it passed a win, or was none), read from the rivers by counting: each seat
  discards once a go-around, so on a seat's turn the last discards of each river since the riichi are
  known, unless a call since then skipped a turn (a called tile among them), when only the player's
  own river is read.
* **no chance** (kabe): when every copy of a neighbouring kind is in view, no run can wait on the
  tile; only a pair wait (tanki or shanpon) still can. **One chance**: three copies in view.
* **suji**: a run waits on two tiles three apart (1-4, 2-5, 3-6, ...); when the player has discarded
  one of them, the other cannot be its two-sided wait. 4, 5 and 6 need both partners for that.
* **honours** by the copies in view: a tile with three already seen can only be a lone-tile wait.
* **next to the riichi tile**: the tiles sharing a run with the declaring discard (2 and 3 beside a
  riichi on 4, ...) are read as more dangerous; the **outside of an early discard** (1 or 2 beyond a
  3 discarded in the first turns) as less.

Each reading gives a round rate, the share of such tiles that deal in to a ready hand in large
collections of online games as commonly quoted (terminals and honours lowest, middle tiles highest;
suji about halves a tile's rate). The figures are this module's own round numbers, not a copy of any
table; the evaluator weighs them by how likely the player is to be ready at all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sparrow.core.tiles import Tile, parse_tile
from sparrow.game.views import Observation, RiverTile

__all__ = [
    "TileDanger",
    "RATES",
    "dangers_against",
    "passed_after_riichi",
    "riichi_seats",
    "run_waits",
    "visible_counts",
]

# Deal-in rates, in percent, against a ready hand: by reading, and for suited tiles by rank group
# (terminals 1/9, 2/8, 3/7, middles 4-6).
RATES: Final[Mapping[str, float]] = {
    "genbutsu": 0.0,
    "honour, 3 seen": 1.0,
    "honour, 2 seen": 3.0,
    "honour, 1 seen": 6.0,
    "honour, none seen": 8.0,
    "no chance": 2.0,
    "suji 1/9": 3.0,
    "suji 2/8": 4.0,
    "suji 3/7": 5.0,
    "both suji 4-6": 4.0,
    "half suji 4-6": 8.0,
    "no suji 1/9": 6.0,
    "no suji 2/8": 8.0,
    "no suji 3/7": 10.0,
    "no suji 4-6": 12.0,
}
ONE_CHANCE: Final = 0.6  # a tile only one copy of a neighbour away from no chance
BESIDE_RIICHI: Final = 1.3  # sharing a run with the declaring discard
OUTSIDE_EARLY: Final = 0.8  # 1 or 2 ranks outside a tile let go in the first turns
_EARLY_TURNS: Final = 6


@dataclass(frozen=True, slots=True)
class TileDanger:
    """How likely discarding ``tile`` is to deal in to ``seat`` if that seat is ready (``percent``),
    the reading that says so (``why``, a key of :data:`RATES`) and what adjusted it (``notes``:
    ``"one chance"``, ``"beside the riichi tile"``, ``"outside an early discard"``)."""

    tile: Tile
    seat: str
    percent: float
    why: str
    notes: tuple[str, ...] = ()

    @property
    def reason(self) -> str:
        """The reading in one line: ``"no suji 4-6, one chance"``."""
        return ", ".join((self.why, *self.notes))

    def to_dict(self) -> dict[str, Any]:
        """As the hint and ``sparrow analyze --json`` write it: ``{"seat", "percent", "why", "notes"}``."""
        return {"seat": self.seat, "percent": self.percent, "why": self.why, "notes": list(self.notes)}


def _kind(name: str) -> int:
    return int(parse_tile(name.replace("0", "5")))  # a red five reads as its five


def riichi_seats(rivers: Mapping[str, Sequence[RiverTile]]) -> dict[str, int]:
    """The seats that have declared riichi, each with the index of its declaring discard."""
    declared = {}
    for seat, river in rivers.items():
        for index, item in enumerate(river):
            if item.riichi:
                declared[seat] = index
                break
    return declared


def visible_counts(observation: Observation, dora_indicators: Sequence[str] = ()) -> list[int]:
    """Copies of each kind this seat can see: its own tiles, every river, every set, the indicators."""
    seen = [0] * 34
    for tile in observation.hand:
        seen[int(tile)] += 1
    for pile in observation.discards.values():
        for tile in pile:
            seen[int(tile)] += 1
    for melds in observation.melds.values():
        for meld in melds:
            for tile in meld.tiles:
                seen[int(tile)] += 1
    for name in dora_indicators:
        seen[_kind(name)] += 1
    return [min(count, 4) for count in seen]


def dangers_against(
    seat: str,
    rivers: Mapping[str, Sequence[RiverTile]],
    seen: Sequence[int],
    turn: str | None = None,
) -> list[TileDanger]:
    """Every kind's danger against ``seat`` (a seat in riichi: its river holds the declaring tile),
    from the rivers of every seat in order and the copies in view (:func:`visible_counts`). ``turn``:
    the seat about to discard, when the reading is made on its turn; then the tiles every seat let go
    after the riichi count as genbutsu too (:func:`passed_after_riichi`)."""
    river = rivers[seat]
    declared = riichi_seats(rivers).get(seat)
    # Genbutsu: the player's own discards, called ones included, and what passed after its riichi.
    safe = {_kind(item.name) for item in river}
    if turn is not None and declared is not None:
        safe |= passed_after_riichi(seat, rivers, declared, turn)
    riichi_tile = _kind(river[declared].name) if declared is not None else None
    early = {_kind(item.name) for item in river[: min(_EARLY_TURNS, declared if declared is not None else len(river))]}
    return [_danger(Tile(kind), seat, safe, seen, riichi_tile, early) for kind in range(34)]


def passed_after_riichi(seat: str, rivers: Mapping[str, Sequence[RiverTile]], declared: int, turn: str) -> set[int]:
    """The kinds any seat let go after ``seat`` declared riichi with its river's tile ``declared``,
    on the turn of ``turn``. The rivers do not record the order between seats, so it is counted:
    since the riichi discard every seat has discarded once a go-around, and those between the riichi
    player and the seat on turn once more. A call since then skips turns and spoils the count: when a
    tile among those discards (the riichi tile included) was called, nothing is read."""
    winds = [wind for wind in "ESWN" if wind in rivers]
    if seat not in winds or turn not in winds or turn == seat:
        return set()
    river = rivers[seat]
    since = river[declared:]
    rounds = len(since) - 1  # the riichi player's own discards after the declaring one
    here = winds.index(seat)
    on_turn = (winds.index(turn) - here) % len(winds)
    passed = {_kind(item.name) for item in since[1:]}
    tails = [since]
    for other in winds:
        if other == seat:
            continue
        count = rounds + (1 if (winds.index(other) - here) % len(winds) < on_turn else 0)
        pile = rivers[other]
        if count > len(pile):
            return set()  # more discards than the river holds: not the count of this table
        tail = pile[len(pile) - count :] if count else ()
        tails.append(tail)
        passed |= {_kind(item.name) for item in tail}
    if any(item.called for tail in tails for item in tail):
        return set()
    return passed


def _danger(
    tile: Tile, seat: str, safe: set[int], seen: Sequence[int], riichi_tile: int | None, early: set[int]
) -> TileDanger:
    kind = int(tile)
    if kind in safe:
        return TileDanger(tile, seat, 0.0, "genbutsu")
    if kind >= 27:
        others = seen[kind]  # copies in view (the one to discard among them when held)
        why = f"honour, {('none', '1', '2', '3')[min(others, 3)]} seen"
        return TileDanger(tile, seat, RATES[why], why)
    rank, base = kind % 9, kind - kind % 9
    if _no_chance(kind, seen):
        return TileDanger(tile, seat, RATES["no chance"], "no chance")
    partners = [base + rank + step for step in (-3, 3) if 0 <= rank + step <= 8]
    covered = sum(1 for partner in partners if partner in safe)
    group = "1/9" if rank in (0, 8) else "2/8" if rank in (1, 7) else "3/7" if rank in (2, 6) else "4-6"
    if group == "4-6":
        why = "both suji 4-6" if covered == 2 else "half suji 4-6" if covered == 1 else "no suji 4-6"
    else:
        why = f"suji {group}" if covered else f"no suji {group}"
    percent = RATES[why]
    notes: list[str] = []
    if _one_chance(kind, seen):
        percent *= ONE_CHANCE
        notes.append("one chance")
    if (
        riichi_tile is not None
        and riichi_tile < 27
        and riichi_tile // 9 == kind // 9
        and 0 < abs(riichi_tile - kind) <= 2
    ):
        percent *= BESIDE_RIICHI
        notes.append("beside the riichi tile")
    elif any(_outside(kind, discarded) for discarded in early):
        percent *= OUTSIDE_EARLY
        notes.append("outside an early discard")
    return TileDanger(tile, seat, round(percent, 1), why, tuple(notes))


def run_waits(kind: int) -> list[tuple[int, int]]:
    """The pairs of kinds a hand holds to wait on ``kind`` with a run (two-sided, edge or closed)."""
    rank = kind % 9
    pairs = []
    if rank >= 2:
        pairs.append((kind - 2, kind - 1))
    if 1 <= rank <= 7:
        pairs.append((kind - 1, kind + 1))
    if rank <= 6:
        pairs.append((kind + 1, kind + 2))
    return pairs


def _no_chance(kind: int, seen: Sequence[int]) -> bool:
    return all(any(seen[k] >= 4 for k in pair) for pair in run_waits(kind))


def _one_chance(kind: int, seen: Sequence[int]) -> bool:
    return all(any(seen[k] >= 3 for k in pair) for pair in run_waits(kind))


def _outside(kind: int, discarded: int) -> bool:
    """``kind`` lies one or two ranks beyond ``discarded`` toward the nearer end of their suit."""
    if discarded >= 27 or kind // 9 != discarded // 9:
        return False
    rank, other = kind % 9, discarded % 9
    if other <= 3:
        return 1 <= other - rank <= 2
    if other >= 5:
        return 1 <= rank - other <= 2
    return False
