"""Why a discard ranks where it does: the evaluator's reasons as data, and in one line of words.

Each :class:`~sparrow.bots.evaluator.DiscardValue` carries ``reasons``: what the discard keeps of the
hand, what it gives up beside the best choice, and how it reads against every player in riichi. Each
reason is a code with plain parameters (tiles in the notation, seats as winds), so that every face
can put it in its own words; :func:`reason_text` is the line ``sparrow analyze`` (in English or
Dutch) and the terminal's hint write. The codes and their parameters (``docs/bots.md``, "The evaluator"):

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

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sparrow.bots.reading import TileDanger, run_waits
from sparrow.bots.seat_view import kind_of
from sparrow.core.tiles import Tile
from sparrow.game.views import RiverTile
from sparrow.i18n import N_

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


# ---------------------------------------------------------------------- in words

# How a face puts a catalogue text in its language: ``sparrow.i18n.gettext(lang)``; English as it is.
Translate = Callable[[str], str]


def _english(text: str) -> str:
    return text


def _tiles(tiles: Sequence[str]) -> str:
    return "-".join(tiles)


def _percent(value: float) -> str:
    return f"{value:g}%"


def _notes(reason: Reason, t: Translate) -> str:
    notes = reason["notes"]
    return f" ({', '.join(t(note) for note in notes)})" if notes else ""


def _phrase(reason: Reason, t: Translate) -> str:
    code = reason.code
    if code in ("ready", "furiten"):
        waits = reason["waits"]
        left = reason["left"]
        # Whole phrases, not pieces: a catalogue text made of a placeholder and a word or two would
        # match (and translate) any text of that shape.
        if len(waits) == 1:
            text = t(N_("ready on {tile} ({count} left)")) if left else t(N_("ready on {tile} (none left)"))
        elif left:
            text = t(N_("ready on the {sides}-sided wait {tiles} ({count} left)"))
        else:
            text = t(N_("ready on the {sides}-sided wait {tiles} (none left)"))
        shape = text.format(tile=waits[0], sides=len(waits), tiles=_tiles(waits), count=left)
        return shape + (t(N_(", but furiten: it wins by tsumo only")) if code == "furiten" else "")
    if code == "no_yaku":
        if reason["shanten"] == 0:
            return t(N_("ready, but no wait can win (no yaku)"))
        return t(N_("{count} from ready with no yaku in sight")).format(count=reason["shanten"])
    if code == "short":
        if reason["shanten"] == 0:
            return t(N_("ready, but no wait reaches the minimum"))
        return t(N_("{count} from ready with nothing in sight that reaches the minimum")).format(
            count=reason["shanten"]
        )
    if code == "accepts":
        tiles = reason["tiles"]
        if tiles == 1:
            return t(N_("{count} from ready, 1 tile improves it")).format(count=reason["shanten"])
        return t(N_("{count} from ready, {tiles} tiles improve it")).format(count=reason["shanten"], tiles=tiles)
    if code == "slower":
        steps = reason["steps"]
        if steps == 1:
            return t(N_("a step behind the fastest discard"))
        return t(N_("{count} steps behind the fastest discard")).format(count=steps)
    if code == "lets_dora_go":
        return t(N_("lets {han} han of dora go ({tile})")).format(han=reason["han"], tile=reason["tile"])
    name = t(SEAT_NAMES.get(reason["seat"], reason["seat"]))
    against = t(N_("against"))
    if code == "genbutsu":
        return f"genbutsu {against} {name}"
    percent = _percent(reason["percent"])
    if code == "honour_seen":
        seen = reason["seen"]
        if seen:
            text = t(N_("honour with {seen} seen, {percent} against {name}"))
        else:
            text = t(N_("honour with none seen, {percent} against {name}"))
        return text.format(seen=seen, percent=percent, name=name) + _notes(reason, t)
    if code == "no_chance":
        text = t(N_("no chance against {name} (every {tiles} in view), {percent}"))
        return text.format(name=name, tiles=", ".join(reason["walls"]), percent=percent) + _notes(reason, t)
    if code == "suji":
        of = f" {t(N_('and'))} ".join(reason["of"])
        text = (
            t(N_("suji of {name}'s riichi tile {tiles}, {percent}"))
            if reason["riichi_tile"]
            else t(N_("suji of {name}'s {tiles}, {percent}"))
        )
        return text.format(name=name, tiles=of, percent=percent) + _notes(reason, t)
    why = ", ".join(t(word) for word in (reason["why"], *reason["notes"]))
    return f"{percent} {against} {name} ({why})"


def reason_text(reasons: Iterable[Reason], translate: Translate = _english) -> str:
    """The reasons in one line: ``ready on the 2-sided wait 1p-4p (8 left); suji of South's riichi
    tile 1p, 3%`` in English, or in a language's words (``translate``: ``sparrow.i18n.gettext(lang)``)."""
    return "; ".join(_phrase(reason, translate) for reason in reasons)
