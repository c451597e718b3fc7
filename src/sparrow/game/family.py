"""The seam between the table and a family: what the table asks a family's engine, and nothing else.

The faces (:mod:`sparrow.game.hands`, :class:`~sparrow.game.Match`) never ask which family they
serve: they look up the family's :class:`TableFamily` and call its hooks, as python-chess's board
calls its variant's. A ruleset names its table family in ``TableRules.engine`` (the rules layer
sits below ``game/`` and cannot hand over the engine itself, so it hands over the name, and this
module keeps the one registry of names to engines):

* ``shared``: :class:`~sparrow.game.HandState`, which plays every family whose rules its own hooks
  (the ruleset's procedure, scorer and settlement) describe, with the rotation of
  :class:`~sparrow.game.rotation.RotationPolicy`;
* ``riichi``: Riichi's hand (:class:`~sparrow.game.riichi.hand.RiichiHand`) and its match by
  standing (:class:`~sparrow.game.riichi.table.StandingPolicy`), from :mod:`sparrow.game.riichi.table`.

A :class:`MatchPolicy` is what a family decides of a match: who deals the next hand and with which
round wind, the running totals, when the match ends and the final places. :class:`~sparrow.game.Match`
is the one match object and keeps the rest (the players, the order of dealing and recording, the
results).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from sparrow.game.riichi.table import RIICHI_TABLE
from sparrow.game.shared_table import SHARED_TABLE
from sparrow.rules import get_ruleset

if TYPE_CHECKING:
    from sparrow.game.actions import Action
    from sparrow.game.hand_base import Phase
    from sparrow.game.result import HandResult
    from sparrow.game.views import Observation, TableView

__all__ = ["Hand", "TableFamily", "MatchPolicy", "table_family"]


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


class MatchPolicy(Protocol):
    """What a family decides of a match (see the module docstring). ``start`` is told the players in
    their order round the table and answers the index of the first dealer; ``dealer`` is the index
    of the player who deals next; ``final`` the family's own final results by player (places with
    uma and oka), None where the family settles none beyond the running totals."""

    @property
    def seats(self) -> tuple[str, ...]: ...
    @property
    def dealer(self) -> int: ...
    @property
    def round_wind(self) -> str: ...
    @property
    def final(self) -> Callable[[], Mapping[str, Any]] | None: ...

    def start(self, players: tuple[str, ...]) -> int: ...
    def is_over(self, hands_played: int) -> bool: ...
    def deal(self, seating: Mapping[str, str], hands_played: int) -> Hand: ...
    def record(self, hand: Hand, result: HandResult) -> None: ...
    def totals(self) -> dict[str, int]: ...
    def placings(self, standings: list[tuple[str, int]]) -> list[tuple[str, int, str]]: ...


class TableFamily(Protocol):
    """The hooks a family's engine answers: deal a hand, set one up from its recorded start, replay a
    log (whole, or onto a hand dealt again), and the family's match policy."""

    def deal(
        self, rules: str, options: Mapping[str, Any] | None, seed: int | None, players: Mapping[str, str] | None
    ) -> Hand: ...
    def from_hand_start(self, event: Mapping[str, Any]) -> Hand: ...
    def replay(self, events: Sequence[Mapping[str, Any]]) -> Hand: ...
    def replay_onto(self, hand: Hand, events: Sequence[Mapping[str, Any]]) -> Hand: ...
    def match_policy(self, rules: str, seed: int, options: Mapping[str, Any] | None) -> MatchPolicy: ...


# The engines by the name a ruleset gives in ``TableRules.engine``.
_FAMILIES: dict[str, TableFamily] = {"shared": SHARED_TABLE, "riichi": RIICHI_TABLE}


def table_family(rules: str, options: Mapping[str, Any] | None = None) -> TableFamily:
    """The engine that plays ``rules`` under ``options``; an unknown family raises
    :class:`~sparrow.rules.RulesError`."""
    return _FAMILIES[get_ruleset(rules).table(options).engine]
