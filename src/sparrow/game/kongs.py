"""Kongs declared on your own turn, and the replacement tile every kong draws.

Decisions the sources leave open (see ``docs/engine.md``):

* a kong (claimed or declared) needs a replacement tile to be left: under the HKOS reserve, a live tile
  to take its place, so the reserve of 14 is never broken into;
* a tile may be added to an exposed pung on your own turn after a draw (any matching tile you hold),
  never after a claim and never from a discard; where the rules let an added kong be robbed, the seats
  that could win on the added tile are asked first (``claims``).
"""

from __future__ import annotations

from sparrow.core.hand import Meld, MeldKind
from sparrow.core.tiles import SEATS
from sparrow.game.actions import Action, ActionKind, InvalidClaimError, TileNotHeldError, WrongMomentError
from sparrow.game.events import tile_text
from sparrow.game.hand_base import HandBase

__all__ = ["Kongs"]


def _kong_text(tile: int) -> str:
    return tile_text(tile)[0] * 4 + tile_text(tile)[1]


class Kongs(HandBase):
    """Declaring a concealed or added kong, and drawing a kong's replacement."""

    __slots__ = ()

    def _declare_kong(self, action: Action, seat: int) -> None:
        tile = action.tile
        assert tile is not None  # a kong declared on the turn names its tile (Action checks it)
        counts = self._counts[seat]
        if not self._may_kong:
            raise WrongMomentError(action, "a kong is declared after a draw, not after claiming a discard")
        if seat in self._dead:
            raise WrongMomentError(action, "your hand is dead: you only draw and discard")
        if action.kind is ActionKind.CONCEALED_KONG:
            if counts[tile] != 4:
                raise TileNotHeldError(
                    action, f"a concealed kong needs all four {tile}, {SEATS[seat]} holds {counts[tile]}"
                )
        else:
            if not counts[tile]:
                raise TileNotHeldError(action, f"{SEATS[seat]} does not hold {tile}")
            if self._pung_index(seat, tile) is None:
                raise TileNotHeldError(action, f"{SEATS[seat]} has no exposed pung of {tile} to add it to")
        if not self._wall.can_replace():
            raise InvalidClaimError(action, self._no_replacement())
        self._kongs_in_turn += 1
        self._first_round = False
        self._ready[seat] = None
        if action.kind is ActionKind.CONCEALED_KONG:
            counts[tile] = 0
            self._hand_sizes[seat] -= 4
            self._visible[tile] += 4
            meld = Meld(MeldKind.KONG, (tile, tile, tile, tile), False)
            self._melds[seat].append(meld)
            self._melds_view = None
            self._events.append({"event": "kong", "seat": SEATS[seat], "kind": "concealed", "tiles": _kong_text(tile)})
            self._draw_replacement(seat)
            return
        counts[tile] -= 1
        self._hand_sizes[seat] -= 1
        self._visible[tile] += 1
        index = self._pung_index(seat, tile)
        assert index is not None  # found above, before anything changed
        pung = self._melds[seat][index]
        self._melds[seat][index] = Meld(MeldKind.KONG, (tile, tile, tile, tile), True, pung.source)
        self._melds_view = None
        self._events.append({"event": "kong", "seat": SEATS[seat], "kind": "added", "tiles": _kong_text(tile)})
        if self.procedure.table.rob_added_kong and self._open_rob(seat, tile):
            return
        self._draw_replacement(seat)

    def _no_replacement(self) -> str:
        if self._wall.floor:
            return "only the reserve is left: no replacement tile for a kong (the live wall is empty)"
        return "no tile is left to replace a kong"

    def _pung_index(self, seat: int, tile: int) -> int | None:
        for index, meld in enumerate(self._melds[seat]):
            if meld.kind is MeldKind.PUNG and meld.tiles[0] == tile:
                return index
        return None

    def _draw_replacement(self, seat: int) -> None:
        """``seat`` draws the replacement for its kong and takes its turn (the hand is drawn when none is left)."""
        wall = self._wall
        if not wall.can_replace():
            self._exhaust()
            return
        from_live = wall.replacement_is_live()
        tile = wall.draw_replacement()
        self._events.append({"event": "draw", "seat": SEATS[seat], "tile": tile_text(tile), "source": "replacement"})
        self._take_drawn(seat, tile, "kong", from_live)
