"""One way to deal, replay and play a hand of any family: :func:`deal`, :func:`from_hand_start`,
:func:`replay_hand`, and :class:`Hand`, the face every family's hand shows.

A family's ruleset names the engine that plays it (``TableRules.engine``): ``shared`` for
:class:`~sparrow.game.HandState`, ``riichi`` for :class:`~sparrow.game.riichi.hand.RiichiHand`
(Riichi's own state machine behind the same face). Callers never ask which they have::

    hand = deal("riichi", seed=7)
    while not hand.is_over:
        seat = hand.to_act[0]
        hand.apply(hand.legal_actions(seat)[0])
    hand.result.payments, hand.events
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from sparrow.game.actions import Action
from sparrow.game.hand_base import Phase
from sparrow.game.match import Match
from sparrow.game.replay import ReplayError
from sparrow.game.replay import replay as replay_shared
from sparrow.game.replay import replay_onto as replay_onto_shared
from sparrow.game.result import HandResult
from sparrow.game.riichi.hand import RiichiHand, RiichiHandsMatch
from sparrow.game.riichi.replay import ReplayError as RiichiReplayError
from sparrow.game.riichi.replay import replay as replay_riichi
from sparrow.game.state import HandState
from sparrow.game.views import Observation, TableView
from sparrow.rules import get_ruleset

__all__ = ["Hand", "MatchFace", "deal", "new_match", "from_hand_start", "replay_hand", "replay_onto", "engine_of"]


class Hand(Protocol):
    """What every family's hand shows: seats named by their winds of the hand (``seats``), the
    decisions the table waits for (``to_act``, ``legal_actions``), ``apply``, what one seat may see
    (``observation``), and once ``is_over`` its ``result``; ``events`` is the game log."""

    @property
    def rules(self) -> str: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def seats(self) -> tuple[str, ...]: ...
    @property
    def round_wind(self) -> str: ...
    @property
    def players(self) -> Mapping[str, str]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_act(self) -> Sequence[str]: ...
    @property
    def events(self) -> list[dict[str, Any]]: ...
    @property
    def result(self) -> HandResult | None: ...

    def legal_actions(self, seat: str) -> list[Action]: ...
    def apply(self, action: Action) -> Any: ...
    def observation(self, seat: str) -> Observation: ...
    def seat_events(self, seat: str | None, start: int = 0) -> list[dict[str, Any]]: ...
    def table_view(self) -> TableView: ...
    def score_cards(self) -> Mapping[str, Any]: ...


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
    """The engine that plays ``rules`` (``shared`` or a family's own); an unknown family raises
    :class:`~sparrow.rules.RulesError`."""
    return get_ruleset(rules).table(options).engine


def _shared(rules: str, options: Mapping[str, Any] | None, seed: int | None, players: Mapping[str, str] | None) -> Hand:
    return HandState(rules, options, seed, players=players)


def _riichi(rules: str, options: Mapping[str, Any] | None, seed: int | None, players: Mapping[str, str] | None) -> Hand:
    return RiichiHand(options, seed, players=players)


_DEALERS: dict[str, Callable[[str, Mapping[str, Any] | None, int | None, Mapping[str, str] | None], Hand]] = {
    "shared": _shared,
    "riichi": _riichi,
}


def deal(
    rules: str,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    *,
    players: Mapping[str, str] | None = None,
) -> Hand:
    """A first hand of ``rules`` dealt from ``seed`` (``players`` names by seat wind)."""
    return _DEALERS[engine_of(rules, options)](rules, options, seed, players)


def new_match(
    rules: str, seed: int, options: Mapping[str, Any] | None = None, players: Sequence[str] | None = None
) -> MatchFace:
    """A match of ``rules`` from ``seed``: the family's rotation, totals and end (``players`` in their
    order round the table)."""
    if engine_of(rules, options) == "riichi":
        return RiichiHandsMatch(seed, options, players)
    return Match(rules, seed, options, players)


def from_hand_start(event: Mapping[str, Any]) -> Hand:
    """The hand a recorded ``hand_start`` begins (its whole wall is recorded: no randomness)."""
    rules = event.get("rules")
    if isinstance(rules, str) and engine_of(rules, event.get("options")) == "riichi":
        return RiichiHand.from_hand_start(event)
    return HandState.from_hand_start(event)


def replay_hand(events: Sequence[Mapping[str, Any]]) -> Hand:
    """The hand at the end of the log of one hand of any family; a log that does not replay raises
    :class:`~sparrow.game.ReplayError`."""
    start = events[0] if events else {}
    rules = start.get("rules") if isinstance(start, Mapping) else None
    if isinstance(rules, str) and engine_of(rules, start.get("options")) == "riichi":
        try:
            return RiichiHand(state=replay_riichi(events))
        except RiichiReplayError as error:
            raise ReplayError(str(error)) from None
    return replay_shared(events)


def replay_onto(hand: Hand, events: Sequence[Mapping[str, Any]]) -> Hand:
    """Play the decisions of a hand's log onto ``hand``, freshly dealt the same way (a match deals its
    hands again from its seed); the log may stop before the hand's end. Raises
    :class:`~sparrow.game.ReplayError` when the log is not this hand's."""
    if isinstance(hand, RiichiHand):
        return hand.replay_onto(events)
    assert isinstance(hand, HandState)
    return replay_onto_shared(hand, events)
