"""What a Riichi seat sees beyond the shared observation: :class:`RiichiView`, the ``family`` field
of the one face's :class:`~sparrow.game.Observation` at a Riichi table.

Kept apart from :mod:`sparrow.game.riichi.hand`, which runs compiled (``sparrow._compiled``): a view
the table makes writes its ``view`` on first use, which a compiled class could not do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sparrow.game.riichi.actions import RiichiAction
from sparrow.game.riichi.view import Moment, written
from sparrow.game.views import RiverTile

__all__ = ["RiichiView", "view_of"]


class _Written:
    """Where a :class:`RiichiView` made by the table keeps its moment until its ``view`` is read."""

    __slots__ = ("_kept",)


@dataclass(frozen=True, slots=True)
class RiichiView(_Written):
    """What a Riichi seat sees beyond the shared observation. ``view`` is the seat's Riichi
    observation as :func:`sparrow.game.riichi.observation` writes it (plain values: the seats as
    chairs 0-3 with their winds, tiles as faces with ``0`` for a red five, the rivers with their
    tsumogiri and riichi marks, who is in riichi or ippatsu, furiten); the properties name the facts
    most players read, by seat wind.

    The table's own views (:meth:`RiichiHand.observation`) write ``view`` when it is first read, from
    what they kept of their moment (:func:`sparrow.game.riichi.view.moment`): most players never
    read it, and the view written later is the one of the moment, however the hand went on."""

    view: Mapping[str, Any]
    # The seat's legal actions in Riichi's own terms, in the order of the observation's legal_actions.
    legal: tuple[RiichiAction, ...] = ()

    def __getattr__(self, name: str) -> Any:
        # Only for an attribute not set: the view of one the table made, written now.
        if name != "view":
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        kept: Moment = object.__getattribute__(self, "_kept")
        view = written(kept)
        object.__setattr__(self, "view", view)
        object.__setattr__(self, "_kept", None)  # the state is let go
        return view

    @property
    def dora_indicators(self) -> tuple[str, ...]:
        return tuple(self.view["dora_indicators"])

    @property
    def hand_of_round(self) -> int:
        """Which hand of its round this is, 1 to 4: the dealer's chair counted from the first dealer's."""
        return int(self.view["dealer"]) + 1

    @property
    def honba(self) -> int:
        return int(self.view["honba"])

    @property
    def sticks(self) -> int:
        """The riichi sticks on the table, this hand's accepted ones included."""
        return int(self.view["sticks"])

    @property
    def scores(self) -> dict[str, int]:
        """Each seat's points now (after the sticks paid this hand), by seat wind."""
        return {other["wind"]: int(self.view["scores"][other["seat"]]) for other in self.view["seats"]}

    @property
    def riichi(self) -> tuple[str, ...]:
        """The seats in riichi, by wind."""
        return tuple(other["wind"] for other in self.view["seats"] if other["riichi"])

    @property
    def furiten(self) -> bool:
        return bool(self.view["furiten"])

    def to_dict(self) -> dict[str, Any]:
        return dict(self.view)

    def panel(self) -> list[tuple[str, str]]:
        """What a face shows beside the table, as (label, value) pairs in English."""
        rows = [
            ("dora indicators", " ".join(self.dora_indicators)),
            ("honba", str(self.honba)),
            ("riichi sticks", str(self.sticks)),
        ]
        if self.furiten:
            rows.append(("furiten", "you cannot win by ron on your waits"))
        return rows

    def seat_marks(self) -> dict[str, str]:
        """A word beside each seat that has one: riichi (double riichi, ippatsu while it lasts)."""
        marks = {}
        for other in self.view["seats"]:
            if other["riichi"]:
                word = "double riichi" if other["double_riichi"] else "riichi"
                marks[other["wind"]] = word + (", ippatsu" if other["ippatsu"] else "")
        return marks

    def hand_names(self) -> tuple[str, ...]:
        """The seat's concealed tiles as players write them (``0p`` a red five), sorted."""
        return tuple(self.view["hand"])

    def points_now(self) -> dict[str, int]:
        """Each seat's points now, by wind (the riichi sticks paid this hand taken off)."""
        return self.scores

    def rivers(self) -> dict[str, tuple[RiverTile, ...]]:
        """Each seat's discards in order, by wind: red fives as ``0``, the riichi tile and the tiles
        called away marked."""
        return {
            other["wind"]: tuple(
                RiverTile(item["tile"], item["riichi"], item["called"], item["tsumogiri"]) for item in other["discards"]
            )
            for other in self.view["seats"]
        }


def view_of(kept: Moment, legal: tuple[RiichiAction, ...]) -> RiichiView:
    """The view of a moment, written when first read."""
    view = object.__new__(RiichiView)
    object.__setattr__(view, "legal", legal)
    object.__setattr__(view, "_kept", kept)
    return view
