"""The places at stake in a match's last hand: what a hand's points are worth once they decide them.

A match of a family that pays for places (Riichi's uma and oka, :meth:`Ruleset.placement_bonus`)
is reckoned at its end by each player's points plus the bonus of its place. In the last hand of
the match that bonus is one step away: a win that lifts a player from second to first is worth its
points and the difference between the two places' bonuses (at Tenhou's 30,000 points, twenty
thousand of oka and ten of uma), and a deal-in that drops a leader to second costs as much more.
Strong players count exactly that in the last hand ("all last"): the points they need, and from whom.

:class:`Stakes` values a hand's outcomes on that scale, for the evaluator (:mod:`sparrow.bots.evaluator`):

* a **win**: the seat's result after it less its result should it neither win nor deal in, a ron
  taken from each other seat alike and a tsumo paid as the family's tsumo is (a dealer's by all
  three alike, a non-dealer's half by the dealer and a quarter by each of the others);
* a **deal-in**: its result should it neither win nor deal in, less its result after paying the winner.

Should it neither win nor deal in, the hand goes on without it: each player in riichi (``threats``,
with what its win is usually worth) then wins a share of the time, by tsumo or on a third player's
discard (:data:`THREAT_WINS`), and the places move with it. So a leader's win is worth more than its
points (it ends the match before a riichi behind it can pass it), and a deal-in costs it less than
the places it drops (a tsumo could drop them too).

A result is the seat's points plus its place's bonus (tied seats share their places' bonuses). The
hands before the last are valued in points alone: with hands to come, a place is far from decided
and a point is worth about a point. What is left out, knowingly: the sticks and the counters on the
table (a win takes them too), a dealer's win that keeps the match going, the wins of players not
in riichi.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from sparrow.rules import get_ruleset

__all__ = ["Stakes", "stakes_of", "THREAT_WINS"]

# How often a player in riichi wins the hand when the seat does not: by tsumo, and on a third
# player's discard (round figures of online play: a riichi wins about half its hands, two in five
# of those by tsumo; some of the rest are the seat's own deal-ins, counted apart).
THREAT_WINS: Final = (0.2, 0.15)


class Stakes:
    """The places at stake for ``seat`` (the module docstring): ``scores`` each seat's points now,
    ``bonus`` what each place adds, first to last, ``dealer`` the seat whose tsumo all pay alike."""

    __slots__ = ("seat", "scores", "bonus", "dealer", "others", "now")

    def __init__(
        self,
        seat: str,
        scores: Mapping[str, float],
        bonus: Sequence[float],
        dealer: str = "E",
        threats: Sequence[tuple[str, float]] = (),
    ) -> None:
        if len(bonus) != len(scores) or seat not in scores:
            raise ValueError("one bonus a place, and the seat among the scores")
        self.seat = seat
        self.scores = dict(scores)
        self.bonus = tuple(float(value) for value in bonus)
        self.dealer = dealer
        self.others = tuple(other for other in scores if other != seat)
        # The seat's result should it neither win nor deal in: the threats' wins as they come.
        tsumo_share, ron_share = THREAT_WINS
        outcomes: list[tuple[float, float]] = []
        for threat, points in threats:
            outcomes.append((tsumo_share, self.result(self._tsumo(threat, points))))
            thirds = [other for other in self.others if other != threat]
            for third in thirds:
                outcomes.append((ron_share / len(thirds), self.result({threat: points, third: -points})))
        rest = 1 - sum(chance for chance, _ in outcomes)
        self.now = rest * self.result({}) + sum(chance * result for chance, result in outcomes)

    def result(self, changes: Mapping[str, float]) -> float:
        """The seat's points and place bonus once each seat's points change by ``changes``."""
        after = {other: points + changes.get(other, 0.0) for other, points in self.scores.items()}
        own = after[self.seat]
        above = sum(1 for other in self.others if after[other] > own)
        tied = sum(1 for other in self.others if after[other] == own)
        shared = self.bonus[above : above + tied + 1]
        return own + sum(shared) / len(shared)

    def ron_gain(self, points: float, discarder: str) -> float:
        """What winning ``points`` on ``discarder``'s tile adds to the seat's result."""
        return self.result({self.seat: points, discarder: -points}) - self.now

    def tsumo_gain(self, points: float) -> float:
        """What a self-drawn win of ``points`` adds to the seat's result."""
        return self.result(self._tsumo(self.seat, points)) - self.now

    def _tsumo(self, winner: str, points: float) -> dict[str, float]:
        """Each seat's change when ``winner`` wins ``points`` by tsumo: a dealer's paid by all alike,
        a non-dealer's half by the dealer and the rest alike by the others."""
        payers = [other for other in self.scores if other != winner]
        if winner == self.dealer:
            shares = {other: points / len(payers) for other in payers}
        else:
            rest = len(payers) - 1
            shares = {other: points / 2 if other == self.dealer else points / (2 * rest) for other in payers}
        return {winner: points, **{other: -share for other, share in shares.items()}}

    def win_gain(self, ron: float, tsumo: float, ron_share: float) -> float:
        """A win's expected gain: a ron of ``ron`` points (from any other seat alike) ``ron_share`` of
        the time, else a tsumo of ``tsumo`` points."""
        gain = (1 - ron_share) * self.tsumo_gain(tsumo) if ron_share < 1 else 0.0
        if ron_share > 0:
            gain += ron_share * sum(self.ron_gain(ron, other) for other in self.others) / len(self.others)
        return gain

    def loss(self, points: float, winner: str) -> float:
        """What dealing in ``points`` to ``winner`` takes from the seat's result."""
        return self.now - self.result({self.seat: -points, winner: points})


def stakes_of(
    rules: str,
    options: Mapping[str, object],
    seat: str,
    scores: Mapping[str, int],
    hands_left: int | None,
    threats: Sequence[tuple[str, float]] = (),
) -> Stakes | None:
    """The places at stake for ``seat`` in the last hand of a match (``hands_left`` 0) of a family
    that pays for places, with every seat's points known; None otherwise (the values stay points).
    ``threats``: the players in riichi, each with what its win is usually worth."""
    if hands_left != 0 or not scores:
        return None
    bonus = get_ruleset(rules).placement_bonus(options)
    if len(bonus) != len(scores):
        return None
    return Stakes(seat, scores, bonus, threats=threats)
