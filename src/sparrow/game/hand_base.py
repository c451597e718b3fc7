"""What every part of :class:`~sparrow.game.state.HandState` shares: the phases, and the state's attributes.

``HandState`` is put together from one class per concern (claims, kongs, bonus tiles, wins, the
result, the views), each in its own module. They all derive from :class:`HandBase`, which declares
the attributes they read and, for the type checker only, the methods one part calls on another.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sparrow.core.analysis import Forms
    from sparrow.core.hand import Meld
    from sparrow.core.situation import HandSituation
    from sparrow.core.tiles import Tile
    from sparrow.game.actions import Action
    from sparrow.game.procedures import Procedure
    from sparrow.game.wall import Wall
    from sparrow.rules import Ruleset, ScoreResult

__all__ = ["Phase", "HandBase"]


class Phase(StrEnum):
    TURN = "turn"
    CLAIMS = "claims"
    ROB = "rob"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


class HandBase:
    """The attributes of one hand in play (``HandState`` holds them in its slots; seats are indexes,
    0 for East, and tiles are tile indexes, as in the per-seat count vectors)."""

    # Only HandState has the real slots. An empty ``__slots__`` here (and in each part) keeps
    # instances without a ``__dict__``; it is hidden from mypy, which would otherwise refuse every
    # assignment in the parts as not in their (empty) slots.
    if not TYPE_CHECKING:
        __slots__ = ()

    # What the hand is: the rules, the seating, the table before it.
    rules: str
    options: dict[str, Any]  # the ruleset's options, defaults filled in
    seed: Any
    round_wind: str
    players: dict[str, str]
    totals: dict[str, int]
    hand_number: int
    deal_passes: int
    procedure: Procedure

    # The seats at the table and the ruleset, as the hot paths use them.
    _seats: tuple[str, ...]  # the seats at the table: SEATS, or E, S, W for three players
    _seat_index: dict[str, int]  # seat name -> index, for the seats at the table only
    _order_from: tuple[tuple[int, ...], ...]  # per seat, the other seats in turn order after it, nearest first
    _by_seat: Callable[[Sequence[Any]], MappingProxyType[str, Any]]  # builds a read-only seat -> value mapping
    _given_options: dict[str, Any]  # the options as given (logged, and passed to the scorer)
    _ruleset: Ruleset
    _forms: Forms
    _fast_shape: bool  # complete hands are checked with the shanten tables, not the ruleset's own hook

    # Where the tiles are.
    _wall: Wall
    _counts: list[list[int]]  # per seat, its concealed tiles as 34 counts
    _melds: list[list[Meld]]
    _bonus: list[list[Tile]]
    _piles: list[list[Tile]]  # the discard piles (a claimed tile leaves its pile)
    _visible: list[int]  # per tile, the copies everyone can see (discarded or in exposed melds)
    _dead: set[int]

    # The turn.
    _phase: Phase
    _turn: int  # whose turn it is, or who offered the tile now open to the table
    _drawn: int | None  # the tile just drawn; None after a claim
    _draw_kind: str | None  # "dealt", "live", "flower" or "kong"
    _last_tile: bool  # the tile drawn was the last of the live wall
    _may_kong: bool  # after a draw, not after a claim
    _kongs_in_turn: int

    # The tile open to the table and the table's decisions, the wins found, the readiness cache.
    _claim_tile: int | None
    _after_last: bool  # the open discard was made once the live wall was empty
    _waiting: list[int]  # the seats still to decide, nearest in turn first
    _declared: dict[int, Action]
    _options_by_seat: dict[int, list[Action]]
    _turn_actions: list[Action] | None  # the legal actions on the turn, None until asked
    _wins: dict[int, tuple[HandSituation, ScoreResult]]  # by seat, the legal wins found now
    _ready: list[bool | frozenset[Tile] | None]  # per seat, see Wins._can_win_with

    # How far the hand has gone, and its log.
    _discards_made: int
    _first_round: bool
    _turns: int
    _events: list[dict[str, Any]]
    # _result is declared by Results, beside HandResult (importing it here would make a circle).

    # Read-only parts of the observations, kept between calls (None: to be rebuilt). Every place
    # that changes the melds, bonus tiles, discard piles or dead hands resets the matching one;
    # hand sizes and wall counts are keyed on the length of the log, since every tile that moves is logged.
    _hand_sizes: list[int]  # concealed tiles per seat (the sum of its counts), kept up to date as they change
    _fixed_view: tuple[Mapping[str, Any], Mapping[str, str], Mapping[str, int]] | None
    _melds_view: Mapping[str, tuple[Meld, ...]] | None
    _bonus_view: Mapping[str, tuple[Tile, ...]] | None
    _discards_view: Mapping[str, tuple[Tile, ...]] | None
    _dead_view: tuple[str, ...] | None
    _counts_view: tuple[int, Mapping[str, int], int, int] | None

    if TYPE_CHECKING:
        # What one part calls on another, as they define it (the definitions are the ones used).

        # state.py: the turn
        def _start_turn(self, seat: int, tile: int, kind: str, last_tile: bool) -> None: ...
        def _changed(self) -> None: ...
        def _next_turn(self, seat: int) -> None: ...
        def _take_drawn(self, seat: int, tile: Tile, kind: str, from_live: bool) -> None: ...
        def _compute_turn_actions(self) -> list[Action]: ...
        def _unknown_seat(self, seat: Any) -> str: ...

        # claims.py
        def _open_rob(self, konger: int, tile: int) -> bool: ...
        def _resolve(self) -> None: ...

        # kongs.py
        def _no_replacement(self) -> str: ...
        def _draw_replacement(self, seat: int) -> None: ...

        # bonus.py
        def _replace_drawn_bonus(self, seat: int, tile: Tile, kind: str) -> tuple[Tile, str, bool] | None: ...

        # wins.py
        def _can_win_with(self, seat: int, tile: int) -> bool: ...
        def _claim_moments(self, seat: int, win_by: str) -> list[str]: ...
        def _evaluate_win(
            self, seat: int, tile: int, win_by: str, moments: Sequence[str], extra: bool = True
        ) -> tuple[HandSituation, ScoreResult] | None: ...
        def _why_not_a_win(self, seat: int, tile: int, win_by: str, moments: Sequence[str], extra: bool) -> str: ...
        def _false_win(self, action: Action, seat: int, reason: str) -> None: ...

        # result.py
        def _finish_win(self, seat: int, source: int | None, situation: HandSituation, result: ScoreResult) -> None: ...
        def _exhaust(self) -> None: ...
