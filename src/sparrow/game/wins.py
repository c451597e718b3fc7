"""Whether a seat can win, and what the win is worth.

Every win is scored by the ruleset, and only a valid score is a legal win. Where the rules say so (NTS),
a claim to win that is not a legal win makes the hand dead instead: the claim is logged as
``false_win``, play goes on, and that seat can no longer win (it only draws and discards) and scores 0.
Under the other families such a claim is refused with :class:`~sparrow.game.actions.InvalidWinError`.
"""

from __future__ import annotations

from collections.abc import Sequence

from sparrow.core.analysis import shanten
from sparrow.core.situation import HandSituation
from sparrow.core.tiles import KINDS, SEATS
from sparrow.game.actions import Action, InvalidWinError, WrongMomentError
from sparrow.game.events import tile_text
from sparrow.game.hand_base import HandBase
from sparrow.rules import ScoreResult

__all__ = ["Wins"]

_WIN_BY_DRAW = {"dealt": "self_draw", "live": "self_draw", "flower": "flower_replacement", "kong": "kong_replacement"}


class Wins(HandBase):
    """Finding and valuing the wins a seat may declare, and the claims to win that are not wins."""

    __slots__ = ()

    def _complete(self, seat: int, counts: list[int]) -> bool:
        """Whether the standing tiles (winning tile included) form a winning shape."""
        if self._fast_shape:
            return shanten(counts, len(self._melds[seat]), self._forms) == -1
        return self._ruleset.is_complete(counts, len(self._melds[seat]), self.options)

    def _can_win_with(self, seat: int, tile: int) -> bool:
        """Whether ``tile`` completes ``seat``'s standing tiles (13, kongs counted as three).

        The answer is prepared once per standing hand (``_ready``, cleared whenever the seat discards,
        claims or declares a kong): whether it is ready at all for the families checked with the
        shanten tables, else the family's own waits."""
        counts = self._counts[seat]
        if counts[tile] >= 4:
            return False
        ready = self._ready[seat]
        if not self._fast_shape:
            if ready is None:
                ready = self._ready[seat] = frozenset(self._ruleset.waits(counts, len(self._melds[seat]), self.options))
            # Without the fast check the cache holds the waits (a frozenset), never a bool; said to
            # the type checker rather than checked with cast(), a call on the hottest path.
            return tile in ready  # type: ignore[operator]
        if ready is None:
            ready = self._ready[seat] = shanten(counts, len(self._melds[seat]), self._forms) == 0
        if not ready:
            return False
        counts[tile] += 1
        try:
            return self._complete(seat, counts)
        finally:
            counts[tile] -= 1

    def _win_by_draw(self) -> str:
        kind = self._draw_kind
        assert kind is not None  # asked only after a draw, which sets it (a claim sets it and _drawn to None)
        return _WIN_BY_DRAW[kind]

    def _draw_moments(self, seat: int) -> list[str]:
        moments = []
        kind = self._draw_kind
        if kind == "dealt" and seat == 0 and self._kongs_in_turn == 0:
            moments.append("heavenly")
        if self._first_round:
            moments.append("first_round")
        if self._last_tile:
            moments.append("last_tile")
        if kind == "kong" and self._kongs_in_turn >= 2:
            moments.append("kong_on_kong")
        if self._drawn is not None and self._visible[self._drawn] == 3:
            moments.append("fourth_tile")
        return moments

    def _claim_moments(self, seat: int, win_by: str) -> list[str]:
        moments = []
        tile = self._claim_tile
        assert tile is not None  # claims are open: the discard or the added kong's tile is on the table
        if win_by == "discard":
            if self._first_round:
                moments.append("first_round")
                if self._discards_made == 1:
                    moments.append("earthly")  # on the dealer's very first discard
            if self._after_last:
                moments.append("last_tile")
        # The open tile itself is counted as visible (in the discard pile or on the kong).
        if self._visible[tile] - 1 == 3:
            moments.append("fourth_tile")
        return moments

    def _situation(self, seat: int, tile: int, win_by: str, moments: Sequence[str], extra: bool) -> HandSituation:
        counts = self._counts[seat]
        concealed = [KINDS[t] for t in range(34) for _ in range(counts[t])]
        if not extra:
            concealed.remove(KINDS[tile])
        return HandSituation(
            rules=self.rules,
            concealed=tuple(concealed),
            melds=tuple(self._melds[seat]),
            winning_tile=KINDS[tile],
            win_by=win_by,
            seat_wind=SEATS[seat],
            round_wind=self.round_wind,
            bonus=tuple(sorted(self._bonus[seat])),
            moments=frozenset(moments),
            options=dict(self._given_options),
        )

    def _evaluate_win(
        self, seat: int, tile: int, win_by: str, moments: Sequence[str], extra: bool = True
    ) -> tuple[HandSituation, ScoreResult] | None:
        """The scored situation when ``seat`` may win with ``tile`` (``extra``: the tile is not in its
        hand yet), or None when the ruleset says it is not a legal win (shape already checked)."""
        situation = self._situation(seat, tile, win_by, moments, extra)
        result = self._ruleset.score(situation)
        return (situation, result) if result.valid else None

    def _why_not_a_win(self, seat: int, tile: int, win_by: str, moments: Sequence[str], extra: bool) -> str:
        counts = self._counts[seat]
        if extra:
            if counts[tile] >= 4:
                return f"{tile_text(tile)} cannot complete a hand that holds four of it"
            counts[tile] += 1
        try:
            complete = self._complete(seat, counts)
        finally:
            if extra:
                counts[tile] -= 1
        if not complete:
            return f"not a winning hand with {tile_text(tile)}"
        result = self._ruleset.score(self._situation(seat, tile, win_by, moments, extra))
        return result.reason or "not a legal win under these rules"

    def _self_drawn_win(self, action: Action, seat: int) -> None:
        win = self._wins.get(seat)
        if win is None and self._turn_actions is None:
            self._turn_actions = self._compute_turn_actions()
            win = self._wins.get(seat)
        if win is not None:
            situation, result = win
            self._finish_win(seat, None, situation, result)
            return
        if seat in self._dead:
            raise WrongMomentError(action, "your hand is dead: you cannot win this hand")
        if self._drawn is None:
            reason = "you can only win on your own turn after a draw (you claimed a discard)"
            raise WrongMomentError(action, reason)
        reason = self._why_not_a_win(seat, self._drawn, self._win_by_draw(), self._draw_moments(seat), extra=False)
        self._false_win(action, seat, reason)

    def _false_win(self, action: Action, seat: int, reason: str) -> None:
        if self.procedure.table.false_win != "dead_hand":
            raise InvalidWinError(action, reason)
        self._dead.add(seat)
        self._dead_view = None
        self._events.append({"event": "false_win", "seat": SEATS[seat], "reason": reason})
        # Only this seat's options change: the others' wins on an open tile still stand.
        self._wins.pop(seat, None)
        self._turn_actions = None
        if seat in self._waiting:
            self._waiting.remove(seat)
            self._options_by_seat.pop(seat, None)
            if not self._waiting:
                self._resolve()
