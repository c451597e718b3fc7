"""Why a discard ranks where it does: the evaluator's reasons as data, and in one line of English.

Each :class:`~sparrow.bots.evaluator.DiscardValue` carries ``reasons``: what the discard keeps of the
hand, what it gives up beside the best choice, and how it reads against every player in riichi. Each
reason is a code with plain parameters (tiles in the notation, seats as winds), so that every face
can put it in its own words; :func:`reason_text` is the English one (``sparrow analyze``, the
terminal's hint). The codes and their parameters (``docs/bots.md``, "The evaluator"):

What the discard keeps (one of):

* ``ready`` ``{waits, left}``: ready on ``waits`` (tiles), ``left`` of them still to come;
* ``furiten`` ``{waits, left}``: ready, but a wait is in the seat's own river (or it is in riichi
  and passed a win): it wins by tsumo only;
* ``no_yaku`` ``{shanten}``: no win in sight: an open hand without a yaku (ready on no wait that
  scores, or further away with no value set, pair or all simples);
* ``accepts`` ``{shanten, tiles}``: ``shanten`` from ready, ``tiles`` unseen tiles bring it closer;
* ``short`` ``{shanten}``: nothing in sight reaches the family's minimum (the families with a
  minimum the plan players play: no plan of the hand scores enough, and no wait does).

What it gives up beside the best choice (when it does):

* ``slower`` ``{steps}``: it leaves the hand ``steps`` further from ready than the fastest discard;
* ``lets_dora_go`` ``{tile, han}``: the tile let go is worth ``han`` (a dora, a red five).

How it reads against each player in riichi (``seat``; in the families the plan players play, against
each opponent by how likely it is ready, always ``dangerous`` with the reading of
:func:`~sparrow.bots.danger.danger_reading`), with its deal-in chance ``percent`` and what
adjusted it (``notes``: ``one chance``, ``beside the riichi tile``, ``outside an early discard``),
from :mod:`sparrow.bots.reading`:

* ``genbutsu`` ``{seat, percent, notes}``: in that player's river: safe;
* ``honour_seen`` ``{seat, percent, notes, seen}``: an honour with ``seen`` copies in view;
* ``no_chance`` ``{seat, percent, notes, walls}``: every copy of ``walls`` (tiles) is in view, so no
  run waits on it;
* ``suji`` ``{seat, percent, notes, of, riichi_tile}``: that player let ``of`` (tiles) go, three
  away; ``riichi_tile`` when one of them was its riichi discard;
* ``dangerous`` ``{seat, percent, notes, why}``: none of those: ``why`` is the reading
  (``no suji 4-6``, ``half suji 4-6``...).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sparrow.bots.reading import TileDanger, run_waits
from sparrow.bots.seat_view import kind_of
from sparrow.core.tiles import Tile
from sparrow.game.views import RiverTile

__all__ = ["Reason", "danger_reason", "reason_text", "REASON_CODES", "SEAT_NAMES"]

REASON_CODES: Final = (
    "ready",
    "furiten",
    "no_yaku",
    "accepts",
    "short",
    "slower",
    "lets_dora_go",
    "genbutsu",
    "honour_seen",
    "no_chance",
    "suji",
    "dangerous",
)
SEAT_NAMES: Final[Mapping[str, str]] = {"E": "East", "S": "South", "W": "West", "N": "North"}

Param = str | int | float | bool | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason: a code of :data:`REASON_CODES` and its parameters, as (name, value) pairs (a list
    of tiles is a tuple, so that a reason is hashable like the value it explains)."""

    code: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, code: str, **params: Param | Iterable[str]) -> Reason:
        pairs: list[tuple[str, Param]] = []
        for name, value in params.items():
            if isinstance(value, (str, int, float, bool, tuple)):
                pairs.append((name, value))
            else:
                pairs.append((name, tuple(value)))
        return cls(code, tuple(pairs))

    def __getitem__(self, name: str) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        """``{"code": ..., and each parameter}``, a tuple of tiles as a list."""
        data: dict[str, Any] = {"code": self.code}
        for key, value in self.params:
            data[key] = list(value) if isinstance(value, tuple) else value
        return data


def danger_reason(danger: TileDanger, river: Sequence[RiverTile], seen: Sequence[int]) -> Reason:
    """The reason a reading gives against ``danger.seat``, whose ``river`` it read (``seen``: the
    copies of each kind in view)."""
    common: dict[str, Any] = {"seat": danger.seat, "percent": danger.percent, "notes": danger.notes}
    kind = int(danger.tile)
    why = danger.why
    if why == "genbutsu":
        return Reason.of("genbutsu", **common)
    if why.startswith("honour"):
        return Reason.of("honour_seen", **common, seen=min(seen[kind], 3))
    if why == "no chance":
        walls = sorted({k for pair in run_waits(kind) for k in pair if seen[k] >= 4})
        return Reason.of("no_chance", **common, walls=tuple(str(Tile(k)) for k in walls))
    if why.startswith("suji") or why.startswith("both suji"):
        discarded = {kind_of(item.name) for item in river}
        rank, base = kind % 9, kind - kind % 9
        partners = [base + rank + step for step in (-3, 3) if 0 <= rank + step <= 8 and base + rank + step in discarded]
        declared = next((kind_of(item.name) for item in river if item.riichi), None)
        return Reason.of("suji", **common, of=tuple(str(Tile(k)) for k in partners), riichi_tile=declared in partners)
    return Reason.of("dangerous", **common, why=why)


# ---------------------------------------------------------------------- in English


def _tiles(tiles: Sequence[str]) -> str:
    return "-".join(tiles)


def _percent(value: float) -> str:
    return f"{value:g}%"


def _notes(reason: Reason) -> str:
    notes = reason["notes"]
    return f" ({', '.join(notes)})" if notes else ""


def _phrase(reason: Reason) -> str:
    code = reason.code
    if code in ("ready", "furiten"):
        waits = reason["waits"]
        left = reason["left"]
        shape = f"ready on {waits[0]}" if len(waits) == 1 else f"ready on the {len(waits)}-sided wait {_tiles(waits)}"
        count = f"{left} left" if left else "none left"
        return f"{shape} ({count})" + (", but furiten: it wins by tsumo only" if code == "furiten" else "")
    if code == "no_yaku":
        if reason["shanten"] == 0:
            return "ready, but no wait can win (no yaku)"
        return f"{reason['shanten']} from ready with no yaku in sight"
    if code == "short":
        if reason["shanten"] == 0:
            return "ready, but no wait reaches the minimum"
        return f"{reason['shanten']} from ready with nothing in sight that reaches the minimum"
    if code == "accepts":
        tiles = reason["tiles"]
        return f"{reason['shanten']} from ready, {tiles} tile{'s' if tiles != 1 else ''} improve it"
    if code == "slower":
        steps = reason["steps"]
        return f"{'a step' if steps == 1 else f'{steps} steps'} behind the fastest discard"
    if code == "lets_dora_go":
        return f"lets {reason['han']} han of dora go ({reason['tile']})"
    name = SEAT_NAMES.get(reason["seat"], reason["seat"])
    if code == "genbutsu":
        return f"genbutsu against {name}"
    percent = _percent(reason["percent"])
    if code == "honour_seen":
        seen = reason["seen"]
        return f"honour with {seen or 'none'} seen, {percent} against {name}" + _notes(reason)
    if code == "no_chance":
        return f"no chance against {name} (every {', '.join(reason['walls'])} in view), {percent}" + _notes(reason)
    if code == "suji":
        of = " and ".join(reason["of"])
        what = f"{name}'s riichi tile {of}" if reason["riichi_tile"] else f"{name}'s {of}"
        return f"suji of {what}, {percent}" + _notes(reason)
    return f"{percent} against {name} ({', '.join((reason['why'], *reason['notes']))})"


def reason_text(reasons: Iterable[Reason]) -> str:
    """The reasons in one line of English: ``ready on the 2-sided wait 1p-4p (8 left); suji of
    South's riichi tile 1p, 3%``."""
    return "; ".join(_phrase(reason) for reason in reasons)
