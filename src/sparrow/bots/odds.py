"""Chances: how likely a hand is to complete before the wall runs out.

A deliberately small model. A hand at shanten ``d`` needs ``d + 1`` improving tiles. The next one
comes at the rate its acceptance allows (the unseen tiles that improve it now, over all unseen
tiles); the later ones at the rate a typical hand of that distance accepts, scaled by how narrow the
plan is (a flush or an all-pungs hand accepts fewer tiles at every step than a free hand). Adding up
the expected waits gives the expected number of draws to complete, and the chance of completing in
the draws left is that of a Poisson count with the matching mean reaching ``d + 1``. Once ready, the
winning tile can also come from the three opponents' discards when a discard win is legal, which
gives a ready hand more looks per turn. The race against the other players finishing first is folded
into one discount on the draws left.
"""

from __future__ import annotations

from math import exp

__all__ = ["reach_chance", "win_chance", "typical_chance", "discard_appeal", "DRAW_DISCOUNT", "DISCARD_LOOKS"]

# Fewer draws than the wall suggests: somebody else often wins first.
DRAW_DISCOUNT = 0.75
# Opponents' discards seen per own draw that could hold a winning tile (three players discard, but
# mostly tiles they do not need, and a claim can only be made by one).
DISCARD_LOOKS = 1.5
# Unseen tiles a typical free hand accepts at each shanten (0: its winning tiles, counting the chance
# of a discard win), from the simulation lab's hands.
_TYPICAL_ACCEPTANCE = (12.0, 22.0, 34.0, 46.0, 56.0, 62.0, 66.0, 70.0, 72.0)


def reach_chance(
    distance: int,
    draws: float,
    acceptance: float,
    unseen: int,
    narrowness: float = 1.0,
    discount: float = DRAW_DISCOUNT,
    last_pace: float = 1.0,
) -> float:
    """The chance that a hand at shanten ``distance`` (-1: complete) completes within ``draws`` of its
    own draws, accepting ``acceptance`` of the ``unseen`` tiles now; ``narrowness`` scales the typical
    acceptance of the later steps (1 for a free hand, less for a flush or all pungs); ``discount`` is
    the share of the draws left that count (somebody else often wins first); ``last_pace`` scales how
    fast the winning tile comes (below 1 for a hand that may only win self-drawn)."""
    if distance < 0:
        return 1.0
    if acceptance <= 0 or draws <= 0:
        return 0.0
    unseen = max(1, unseen)
    expected = unseen / (acceptance * (last_pace if distance == 0 else 1.0))
    for step in range(distance):
        typical = _TYPICAL_ACCEPTANCE[min(step, len(_TYPICAL_ACCEPTANCE) - 1)] * narrowness
        expected += unseen / max(1.0, typical * (last_pace if step == 0 else 1.0))
    needed = distance + 1
    mean = draws * discount * needed / expected
    term = exp(-mean)
    below = term
    for k in range(1, needed):
        term *= mean / k
        below += term
    return max(0.0, 1.0 - below)


def win_chance(
    waiting: int,
    unseen_total: int,
    draws: float,
    discard_wins: bool,
    appeal: float = 1.0,
    looks: float = DISCARD_LOOKS,
    discount: float = DRAW_DISCOUNT,
) -> float:
    """The chance that a ready hand waiting on ``waiting`` unseen tiles wins before the wall ends.
    ``appeal`` scales how often the opponents throw such a tile (:func:`discard_appeal`), ``looks``
    how many opponents' discards count per own draw."""
    if waiting <= 0:
        return 0.0
    chances = draws * discount * (1.0 + (looks * appeal if discard_wins else 0.0))
    return 1.0 - exp(-chances * waiting / max(1, unseen_total))


def typical_chance(distance: int, draws: float, unseen: int, discount: float = DRAW_DISCOUNT) -> float:
    """The chance that a typical hand at shanten ``distance`` wins before the wall ends."""
    if distance < 0:
        return 1.0
    typical = _TYPICAL_ACCEPTANCE[min(distance, len(_TYPICAL_ACCEPTANCE) - 1)]
    return reach_chance(distance, draws, typical, unseen, 1.0, discount)


# How readily opponents throw a tile kind, relative to the average tile: an honour or a terminal fits
# few sets and goes early and often, a middle tile fits many runs and is kept. A copy already in view
# makes the others more likely to be loose (no pung left to build, fewer pairs).
_APPEAL_CLASS = (1.8, 1.3, 1.0, 0.7)  # honours, terminals, 2s and 8s, middle tiles


def discard_appeal(tile: int, visible: int, strength: float = 1.0, seen: float = 0.15) -> float:
    """How much more (or less) often than an average tile the opponents discard ``tile``, with
    ``visible`` of its copies in view (each of the first two adding ``seen`` of its appeal);
    ``strength`` 0 makes every tile average."""
    if tile >= 27:
        base = _APPEAL_CLASS[0]
    else:
        rank = tile % 9
        base = _APPEAL_CLASS[1] if rank in (0, 8) else (_APPEAL_CLASS[2] if rank in (1, 7) else _APPEAL_CLASS[3])
    base *= 1.0 + seen * min(visible, 2)
    return max(0.1, 1.0 + strength * (base - 1.0))
