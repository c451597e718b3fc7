"""One way to deal, replay and play a hand of any family: :func:`deal`, :func:`from_hand_start`,
:func:`replay_hand`, and :class:`Hand`, the face every family's hand shows.

A family's ruleset names the engine that plays it (``TableRules.engine``), and every function here
asks that engine through the seam of :mod:`sparrow.game.family`: ``shared`` for
:class:`~sparrow.game.HandState`, ``riichi`` for :class:`~sparrow.game.riichi.hand.RiichiHand`
(Riichi's own state machine behind the same face). Callers never ask which they have::

    hand = deal("riichi", seed=7)
    while not hand.is_over:
        seat = hand.to_act[0]
        hand.apply(hand.legal_actions(seat)[0])
    hand.result.payments, hand.events
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from sparrow.game.family import Hand, TableFamily, table_family
from sparrow.game.match import Match
from sparrow.game.result import HandResult
from sparrow.game.shared_table import SHARED_TABLE
from sparrow.rules import get_ruleset

__all__ = ["Hand", "MatchFace", "deal", "new_match", "from_hand_start", "replay_hand", "replay_onto", "engine_of"]


class MatchFace(Protocol):
    """What every family's match shows: ``players`` in their order round the table, ``seating()``
    for the next hand, ``next_hand()`` and ``record(hand)``, ``is_over``, the running ``totals`` and
    ``standings()`` by player, and each hand's ``results``."""

    @property
    def rules(self) -> str: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def first_dealer(self) -> str: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def hands_played(self) -> int: ...
    @property
    def totals(self) -> Mapping[str, int]: ...
    @property
    def results(self) -> list[HandResult]: ...

    def seating(self) -> dict[str, str]: ...
    def next_hand(self) -> Any: ...
    def record(self, hand: Any) -> HandResult: ...
    def standings(self) -> list[tuple[str, int]]: ...
    def placings(self) -> list[tuple[str, int, str]]: ...


def engine_of(rules: str, options: Mapping[str, Any] | None = None) -> str:
    """The name of the engine that plays ``rules`` (``shared`` or a family's own); an unknown family
    raises :class:`~sparrow.rules.RulesError`."""
    return get_ruleset(rules).table(options).engine


def deal(
    rules: str,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    *,
    players: Mapping[str, str] | None = None,
) -> Hand:
    """A first hand of ``rules`` dealt from ``seed`` (``players`` names by seat wind)."""
    return table_family(rules, options).deal(rules, options, seed, players)


def new_match(
    rules: str, seed: int, options: Mapping[str, Any] | None = None, players: Sequence[str] | None = None
) -> MatchFace:
    """A match of ``rules`` from ``seed``: the family's rotation, totals and end (``players`` in their
    order round the table)."""
    return Match(rules, seed, options, players)


def from_hand_start(event: Mapping[str, Any]) -> Hand:
    """The hand a recorded ``hand_start`` begins (its whole wall is recorded: no randomness)."""
    return _family_of(event).from_hand_start(event)


def replay_hand(events: Sequence[Mapping[str, Any]]) -> Hand:
    """The hand at the end of the log of one hand of any family; a log that does not replay raises
    :class:`~sparrow.game.ReplayError`."""
    return _family_of(events[0] if events else {}).replay(events)


def replay_onto(hand: Hand, events: Sequence[Mapping[str, Any]]) -> Hand:
    """Play the decisions of a hand's log onto ``hand``, freshly dealt the same way (a match deals its
    hands again from its seed); the log may stop before the hand's end. Raises
    :class:`~sparrow.game.ReplayError` when the log is not this hand's."""
    return table_family(hand.rules).replay_onto(hand, events)


def _family_of(start: Any) -> TableFamily:
    """The engine of a log's first event; for one that names no family, the shared engine's (which
    says what is wrong with it)."""
    rules = start.get("rules") if isinstance(start, Mapping) else None
    if not isinstance(rules, str):
        return SHARED_TABLE
    return table_family(rules, start.get("options"))
