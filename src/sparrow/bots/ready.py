"""Ready hands and their winning tiles, as the bots weigh them.

The ready hands a hand is (or is a discard from), the value of each winning tile that scores, and
what a ready hand with them is worth. Plan choice (:mod:`sparrow.bots.players`), discard choice
(:mod:`sparrow.bots.discards`) and claims (:mod:`sparrow.bots.claims`) all read them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from sparrow.bots.knowledge import Knowledge
from sparrow.bots.odds import discard_appeal, win_chance
from sparrow.bots.plans import blend, win_scores
from sparrow.bots.temperaments import Temperament
from sparrow.core.analysis import shanten
from sparrow.core.hand import Meld

__all__ = ["ready_hands", "wait_values", "ready_worth", "ready_discards"]


def ready_hands(knowledge: Knowledge, counts: Sequence[int], n: int) -> Iterator[tuple[int | None, list[int]]]:
    """The ready 13-tile hands of this hand (``n`` sets declared): the hand itself when it has thirteen
    tiles, else each hand a discard away, with the tile thrown. The list yielded is changed in place
    as the search goes on: read it before asking for the next."""
    forms = knowledge.forms
    hand = list(counts)
    if sum(hand) + 3 * n <= 13:
        if shanten(hand, n, forms) == 0:
            yield None, hand
        return
    for tile in [k for k in range(34) if hand[k]]:
        hand[tile] -= 1
        if shanten(hand, n, forms) == 0:
            yield tile, hand
        hand[tile] += 1


def wait_values(
    knowledge: Knowledge, counts: Sequence[int], melds: tuple[Meld, ...], waits: Sequence[int]
) -> list[tuple[int, bool, float]]:
    """For each winning tile that scores: (tile, whether a discard win is legal, its value)."""
    found = []
    context = knowledge.context
    for wait in waits:
        on_discard, self_drawn = win_scores(context, counts, melds, int(wait))
        if on_discard:
            found.append((int(wait), True, blend(on_discard, self_drawn)))
        elif self_drawn:
            found.append((int(wait), False, float(self_drawn)))
    return found


def ready_worth(temperament: Temperament, knowledge: Knowledge, found: Sequence[tuple[int, bool, float]]) -> float:
    """The worth of a ready hand with these winning tiles (:func:`wait_values`): each one's chance
    of coming before the wall ends times its score, weighed as the plans are."""
    exponent = temperament.value_exponent
    appeal = temperament.wait_appeal
    seen = temperament.appeal_seen
    looks = temperament.discard_looks
    visible = knowledge.visible
    unseen = knowledge.unseen
    # Annotated: a float to a float power is Any to the type checker (it may be complex), never here.
    worth: float = sum(
        win_chance(
            unseen[w],
            knowledge.unseen_total,
            knowledge.draws_left,
            disc,
            discard_appeal(w, visible[w], appeal, seen) if appeal else 1.0,
            looks,
            temperament.draw_discount,
        )
        * value**exponent
        for w, disc, value in found
    )
    return worth


def ready_discards(
    temperament: Temperament,
    knowledge: Knowledge,
    tiles: Sequence[int],
    counts: list[int] | None = None,
    melds: tuple[Meld, ...] | None = None,
) -> list[tuple[int, float, float, bool]]:
    """Discards that leave the hand (the seat's own, or ``counts`` with ``melds`` declared) ready
    with winning tiles that score: (tile, how many winning tiles are unseen, weighted by whether a
    discard may be claimed with them, the worth of the ready hand (:func:`ready_worth`), whether
    a discard may win it).

    Scoring the winning tiles is the costly part, so the discards are tried widest wait first and
    the search stops once no remaining wait could be wider than the best that scores."""
    if counts is None:
        counts = knowledge.counts
    if melds is None:
        melds = knowledge.melds
    n = len(melds)
    forms = knowledge.forms
    unseen = knowledge.unseen
    candidates = []
    for tile in tiles:
        counts[tile] -= 1
        if shanten(counts, n, forms) == 0:
            waits = knowledge.waits(counts, n)
            candidates.append((sum(unseen[w] for w in waits), tile, waits))
        counts[tile] += 1
    candidates.sort(key=lambda c: -c[0])
    result = []
    best = 0.0
    expert = temperament.weighs_chances
    for width, tile, waits in candidates:
        if width == 0 or (width < best and not expert):
            break
        counts[tile] -= 1
        found = wait_values(knowledge, counts, melds, waits)
        counts[tile] += 1
        weighted = sum(unseen[w] * (1.0 if disc else temperament.self_drawn_wait) for w, disc, _ in found)
        if weighted > 0:
            result.append((tile, weighted, ready_worth(temperament, knowledge, found), any(d for _, d, _ in found)))
            best = max(best, weighted)
    return result
