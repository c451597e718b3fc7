"""Kongs declared on a bot's own turn: a concealed kong of four held tiles, or a tile added to an
exposed pung. (A kong claimed on a discard is a claim: :mod:`sparrow.bots.claims`.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from sparrow.bots.claims import kind_of, meld_of
from sparrow.bots.danger import Threats
from sparrow.bots.knowledge import Knowledge
from sparrow.bots.planning import Planner
from sparrow.core.hand import MeldKind
from sparrow.game.actions import Action, ActionKind

__all__ = ["kong_worth_it"]

# Read once, as in sparrow.bots.claims: compiled, an enum member is a look-up at every use.
_CONCEALED_KONG: Final = ActionKind.CONCEALED_KONG
_PUNG_SET: Final = MeldKind.PUNG
_KONG_SET: Final = MeldKind.KONG


def kong_worth_it(planner: Planner, knowledge: Knowledge, kongs: Sequence[Action]) -> Action | None:
    """The kong of ``kongs`` to declare, if any: one after which the hand is no further from its plan
    without the four tiles in it (the kong is a set all the same, and it brings a replacement draw)."""
    counts = knowledge.counts
    melds = knowledge.melds
    now = planner.choose_plan(knowledge, counts, melds)
    threats = Threats(knowledge) if planner.temperament.defends else None
    for action in kongs:
        tile = kind_of(action.tile)
        after = list(counts)
        if action.kind is _CONCEALED_KONG:
            after[tile] -= 4
            new_melds = melds + (meld_of(_KONG_SET, tile, False),)
        else:
            after[tile] -= 1
            new_melds = tuple(
                meld_of(_KONG_SET, tile, True)  # the bots' sets name no seat (knowledge.melds)
                if m.kind is _PUNG_SET and m.tiles[0] == tile
                else m
                for m in melds
            )
            if threats is not None and threats.highest >= 0.5 and threats.risk(tile) > 0.2:
                continue  # an added tile can be robbed by a ready opponent
        # After the kong the hand draws a replacement: compare at thirteen tiles, like a discard.
        later = planner.choose_plan(knowledge, after, new_melds)
        if now.plan is None or (later.plan is not None and later.distance <= now.distance):
            return action
    return None
