"""Defence: reading the discards (seed 003, "Read the discards" and "Know when to stop trying").

Two estimates, both from what the seat can see:

* :func:`readiness`: how likely an opponent is to be ready, from how many sets it has exposed and
  how long the hand has gone on (a player with three exposed sets is plainly close);
* :func:`tile_danger`: how likely a tile is to be an opponent's winning tile if that opponent is
  ready. A tile the opponent has thrown itself is safe against it; a tile none of whose copies can
  still be hidden cannot complete a pung or a pair for anyone; a player who has exposed two or more
  sets of one suit (and nothing of the others) is building that suit, and every tile of it is
  dangerous; honours and terminals are safer than the middle tiles, which fit more waits.

These are heuristics with round numbers, tuned in the simulation lab (``docs/bots.md``).
"""

from __future__ import annotations

from sparrow.bots.knowledge import Knowledge
from sparrow.hand import MeldKind

__all__ = ["readiness", "tile_danger", "flush_suit", "risk", "Threats", "threats"]


def flush_suit(knowledge: Knowledge, seat: str) -> int | None:
    """The suit (0-2) an opponent is plainly collecting: two or more exposed sets, every one of them
    of that suit or of honours, at least two of the suit."""
    melds = knowledge.observation.melds[seat]
    if len(melds) < 2:
        return None
    suits = {int(m.tiles[0]) // 9 for m in melds if m.tiles[0] < 27}
    if len(suits) != 1:
        return None
    suit = suits.pop()
    if sum(1 for m in melds if m.tiles[0] < 27) < 2:
        return None
    return suit


def readiness(knowledge: Knowledge, seat: str) -> float:
    """The chance that ``seat`` is ready, from what the table shows."""
    observation = knowledge.observation
    melds = observation.melds[seat]
    exposed = sum(1 for m in melds if m.open or m.kind is MeldKind.KONG)
    turns = len(observation.discards[seat]) + sum(
        1 for other in knowledge.seats for m in observation.melds[other] if m.source == seat
    )
    if exposed >= 4:
        return 0.95
    if exposed == 3:
        return min(0.9, 0.65 + 0.02 * turns)
    if exposed == 2:
        return min(0.75, 0.3 + 0.03 * max(0, turns - 4))
    if exposed == 1:
        return min(0.6, 0.12 + 0.03 * max(0, turns - 5))
    return min(0.5, 0.02 + 0.025 * max(0, turns - 6))


def tile_danger(knowledge: Knowledge, seat: str, tile: int, suit: int | None = None) -> float:
    """How likely ``tile`` is a winning tile for ``seat`` if it is ready (relative: about 1 for a middle
    tile nothing is known about). ``suit`` is the seat's :func:`flush_suit`, when known."""
    if tile in knowledge.observation.discards[seat]:
        return 0.05
    hidden = knowledge.unseen[tile]
    if tile >= 27:
        base = 0.0 if hidden == 0 else (0.35 if hidden == 1 else 0.6)
        if suit is not None:
            base *= 1.2
        return base
    rank = tile % 9
    base = 0.55 if rank in (0, 8) else (0.75 if rank in (1, 7) else 1.0)
    if hidden == 0:
        base *= 0.6  # no pung or pair wait is left on it, only runs
    if suit is not None:
        base *= 2.5 if tile // 9 == suit else 0.15
    return base


class Threats:
    """Each opponent's readiness and flush suit, computed once per decision."""

    __slots__ = ("knowledge", "ready", "suits")

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        self.ready = {seat: readiness(knowledge, seat) for seat in knowledge.opponents}
        self.suits = {seat: flush_suit(knowledge, seat) for seat in knowledge.opponents}

    @property
    def highest(self) -> float:
        return max(self.ready.values(), default=0.0)

    def risk(self, tile: int) -> float:
        """The chance-weighted danger of discarding ``tile`` now, summed over the opponents."""
        knowledge = self.knowledge
        return sum(
            ready * tile_danger(knowledge, seat, tile, self.suits[seat])
            for seat, ready in self.ready.items()
            if ready > 0.0
        )


def threats(knowledge: Knowledge) -> Threats:
    return Threats(knowledge)


def risk(knowledge: Knowledge, tile: int) -> float:
    return Threats(knowledge).risk(tile)
