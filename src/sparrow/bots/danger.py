"""Defence: reading the discards (seed 003, "Read the discards" and "Know when to stop trying").

Two estimates, both from what the seat can see:

* :func:`readiness`: how likely an opponent is to be ready, from how many sets it has exposed and
  how long the hand has gone on (a player with three exposed sets is plainly close);
* :func:`tile_danger`: how likely a tile is to be an opponent's winning tile if that opponent is
  ready. A tile the opponent has thrown itself is safe against it; a tile none of whose copies can
  still be hidden cannot complete a pung or a pair for anyone; a player who has exposed two or more
  sets of one suit (and nothing of the others) is building that suit, and every tile of it is
  dangerous; honours and terminals are safer than the middle tiles, which fit more waits.

The numbers are round figures measured in the simulation lab (``docs/bots.md``, "Defence").
"""

from __future__ import annotations

from sparrow.bots.knowledge import Knowledge

__all__ = ["readiness", "tile_danger", "danger_reading", "flush_suit", "risk", "Threats", "threats"]


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


# Chance that an opponent is ready, by exposed sets and turns taken, measured in the lab on Normal
# players (docs/bots.md, "Defence"): with nothing exposed a hand is rarely ready before its sixth
# turn; two exposed sets usually mean ready; three almost always.
def readiness(knowledge: Knowledge, seat: str) -> float:
    """The chance that ``seat`` is ready, from what the table shows."""
    observation = knowledge.observation
    melds = observation.melds[seat]
    exposed = len(melds)
    turns = len(observation.discards[seat]) + sum(
        1 for other in knowledge.seats for m in observation.melds[other] if m.source == seat
    )
    if exposed >= 4:
        return 0.95
    if exposed == 3:
        return 0.85
    if exposed == 2:
        return min(0.85, 0.45 + 0.04 * max(0, turns - 4))
    if exposed == 1:
        return min(0.65, 0.05 * max(0, turns - 2))
    return min(0.45, 0.035 * max(0, turns - 4))


# How often a tile is the winning tile of a ready opponent, relative to a middle tile (about one in ten
# there), measured in the lab: a tile the opponent threw itself, an honour with at most one copy
# unseen, and a suit tile with none unseen are nearly safe; honours are safer than terminals, which
# are safer than the 2s and 8s.
_MIDDLE_DANGER = 0.10


def tile_danger(knowledge: Knowledge, seat: str, tile: int, suit: int | None = None) -> float:
    """How likely ``tile`` is a winning tile for ``seat`` if it is ready, relative to a middle tile
    nothing is known about (1.0). ``suit`` is the seat's :func:`flush_suit`, when known."""
    if tile in knowledge.observation.discards[seat]:
        return 0.15
    hidden = knowledge.unseen[tile]
    if tile >= 27:
        base = 0.0 if hidden <= 1 else (0.1 if hidden == 2 else 0.2)
        return base
    rank = tile % 9
    base = 0.4 if rank in (0, 8) else (0.6 if rank in (1, 7) else 1.0)
    if hidden == 0:
        base *= 0.35  # no pung or pair wait is left on it, only runs
    if suit is not None:
        base *= 1.5 if tile // 9 == suit else 0.7
    return base


def danger_reading(
    knowledge: Knowledge, seat: str, tile: int, suit: int | None = None
) -> tuple[float, str, tuple[str, ...]]:
    """How likely ``tile`` is to deal in to ``seat`` if that seat is ready (:func:`tile_danger` as a
    chance: about one in ten for a middle tile nothing is known about), the reading that says so
    (``why``) and what adjusted it (``notes``), in the words the hint shows (catalogue texts)."""
    rate = _MIDDLE_DANGER * tile_danger(knowledge, seat, tile, suit)
    if tile in knowledge.observation.discards[seat]:
        return rate, "its own discard", ()
    hidden = knowledge.unseen[tile]
    if tile >= 27:
        return rate, f"honour, {_SEEN[hidden]} seen", ()
    rank = tile % 9
    why = "terminal" if rank in (0, 8) else ("2 or 8" if rank in (1, 7) else "middle tile")
    notes: tuple[str, ...] = ("no copy unseen",) if hidden == 0 else ()
    if suit is not None:
        notes += ("the suit it collects" if tile // 9 == suit else "outside the suit it collects",)
    return rate, why, notes


# An honour's copies in view, by how many are still unseen (the reading's words).
_SEEN = {0: "3", 1: "3", 2: "2", 3: "1", 4: "none"}


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
        """The chance that discarding ``tile`` now deals in: for each opponent, the chance it is ready
        times the chance the tile is one of its winning tiles."""
        knowledge = self.knowledge
        return _MIDDLE_DANGER * sum(
            ready * tile_danger(knowledge, seat, tile, self.suits[seat])
            for seat, ready in self.ready.items()
            if ready > 0.0
        )


def threats(knowledge: Knowledge) -> Threats:
    return Threats(knowledge)


def risk(knowledge: Knowledge, tile: int) -> float:
    return Threats(knowledge).risk(tile)
