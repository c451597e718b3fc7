"""Bonus tiles (flowers and seasons): set out and replaced, at the deal and whenever one is drawn.

Decisions the sources leave open (see ``docs/engine.md``):

* at the deal they are set out in passes, E, S, W, N, each seat replacing the ones it holds; a
  replacement that is itself a bonus tile is replaced at once under NTS (seed 000) and waits for the
  seat's next pass under the other families (``TableRules.bonus_chain``);
* a bonus tile drawn when no replacement is left (under the HKOS reserve, no live tile) is set out and
  not replaced, and the hand is drawn;
* a win on a flower replacement that follows a kong replacement counts as a win on the kong replacement.
"""

from __future__ import annotations

from sparrow.core.tiles import SEATS, Tile
from sparrow.game.events import tile_text
from sparrow.game.hand_base import HandBase

__all__ = ["BonusTiles"]


class BonusTiles(HandBase):
    """Setting out bonus tiles and drawing their replacements."""

    __slots__ = ()

    def _set_out_dealt_bonus(self, hands: list[list[Tile]]) -> list[Tile]:
        """Set out the bonus tiles in the dealt ``hands`` (changed in place) and replace them; the
        last tile each seat received."""
        last_received = [hand[-1] for hand in hands]
        immediate = self.procedure.table.bonus_chain == "immediate"
        holding = [[t for t in hand if t >= 34] for hand in hands]
        while any(holding):
            for seat in range(len(hands)):
                flowers, holding[seat] = holding[seat], []
                for flower in flowers:
                    tile = flower
                    while True:
                        hands[seat].remove(tile)
                        self._bonus[seat].append(tile)
                        replacement = self._wall.draw_replacement()
                        self._events.append(
                            {
                                "event": "bonus",
                                "seat": SEATS[seat],
                                "tile": tile_text(tile),
                                "replacement": tile_text(replacement),
                            }
                        )
                        hands[seat].append(replacement)
                        last_received[seat] = replacement
                        if replacement < 34:
                            break
                        if not immediate:
                            holding[seat].append(replacement)
                            break
                        tile = replacement
        return last_received

    def _replace_drawn_bonus(self, seat: int, tile: Tile, kind: str) -> tuple[Tile, str, bool] | None:
        """Set out the bonus ``tile`` that ``seat`` just drew (a ``kind`` draw, logged), and every
        replacement that is one too. The tile finally drawn, the kind of draw it counts as and whether
        it came from the live wall; None when no replacement was left and the hand is drawn."""
        wall = self._wall
        events = self._events
        bonus = self._bonus[seat]
        while True:
            bonus.append(tile)
            self._bonus_view = None
            if not wall.can_replace():
                events.append({"event": "bonus", "seat": SEATS[seat], "tile": tile_text(tile), "replacement": None})
                self._exhaust()
                return None
            from_live = wall.replacement_is_live()
            replacement = wall.draw_replacement()
            events.append(
                {
                    "event": "bonus",
                    "seat": SEATS[seat],
                    "tile": tile_text(tile),
                    "replacement": tile_text(replacement),
                }
            )
            if kind == "live":
                kind = "flower"
            if replacement < 34:
                return replacement, kind, from_live
            tile = replacement
