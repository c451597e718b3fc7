"""Claims on a discard and robbing an added kong: who is asked, what each may do, and which decision wins.

After a discard every seat that could win on it, pung or kong it, or chow it (the player on the
discarder's left) is asked; after a tile is added to an exposed pung, the seats that could win on it.
Once all have spoken the decisions are settled by priority: win > pung/kong > chow, and among several
wins the seat nearest in turn after the discarder. Once the live wall is empty, the last discard may
only be claimed to win (a decision the sources leave open, see ``docs/engine.md``).
"""

from __future__ import annotations

from sparrow.core.hand import Meld, MeldKind
from sparrow.core.tiles import KINDS, SEATS
from sparrow.game import actions as _actions
from sparrow.game.actions import Action, ActionKind, InvalidClaimError, TileNotHeldError
from sparrow.game.events import tile_text, tiles_text
from sparrow.game.hand_base import HandBase, Phase

__all__ = ["Claims"]

_CHOWS = _actions.CHOWS
_WINS = _actions.WINS
_PASSES = _actions.PASSES
_PUNGS = _actions.PUNGS
_KONGS = _actions.KONGS


class Claims(HandBase):
    """Asking the table about an open tile, and settling what it decides."""

    __slots__ = ()

    def _declare_win_on_tile(self, action: Action, seat: int) -> None:
        if seat in self._wins:  # a legal win is always among the seat's options, so it is waited for
            self._declared[seat] = action
            self._waiting.remove(seat)
            if not self._waiting:
                self._resolve()
            return
        tile = self._claim_tile
        assert tile is not None  # claims are open: the discard or the added kong's tile is on the table
        win_by = "discard" if self._phase is Phase.CLAIMS else "robbing_kong"
        reason = self._why_not_a_win(seat, tile, win_by, self._claim_moments(seat, win_by), extra=True)
        self._false_win(action, seat, reason)

    def _check_claim(self, action: Action, seat: int) -> None:
        """Raise the specific error for a chow, pung or kong that cannot be made on the open discard."""
        tile = self._claim_tile
        assert tile is not None  # claims are open: the discard or the added kong's tile is on the table
        counts = self._counts[seat]
        discarder = self._turn
        kind = action.kind
        if self._wall.live == 0:
            raise InvalidClaimError(action, "the live wall is empty: the last discard can only be claimed to win")
        if kind is ActionKind.CHOW:
            if not self.procedure.table.chow:
                raise InvalidClaimError(action, "chows are not played under these rules")
            if seat != self._order_from[discarder][0]:
                raise InvalidClaimError(
                    action,
                    f"a chow may only be claimed from the player on your left ({SEATS[self._order_from[seat][-1]]})",
                )
            low = action.tile
            assert low is not None  # a chow names its lowest tile (Action checks it)
            if not low <= tile <= low + 2:
                raise InvalidClaimError(
                    action, f"the run {tiles_text((low, low + 1, low + 2))} does not use {tile_text(tile)}"
                )
            needed = [t for t in (low, low + 1, low + 2) if t != tile]
            if any(counts[t] == 0 for t in needed):
                raise TileNotHeldError(action, f"the chow needs {tiles_text(needed)} from your hand")
        elif kind is ActionKind.PUNG:
            if counts[tile] < 2:
                raise TileNotHeldError(action, f"a pung needs two {tile_text(tile)} in hand, you hold {counts[tile]}")
        elif kind is ActionKind.KONG:
            if counts[tile] < 3:
                raise TileNotHeldError(action, f"a kong needs three {tile_text(tile)} in hand, you hold {counts[tile]}")
            if not self._wall.can_replace():
                raise InvalidClaimError(action, self._no_replacement())

    def _open_claims(self, discarder: int, tile: int) -> None:
        self._phase = Phase.CLAIMS
        self._claim_tile = tile
        wall = self._wall
        live = wall.live
        self._after_last = live == 0
        self._turn_actions = None
        self._wins = {}
        options_by_seat = self._options_by_seat = {}
        waiting = self._waiting = []
        self._declared = {}
        can_replace = wall.back - wall.front > wall.floor
        order = self._order_from[discarder]
        chow_seat = order[0] if tile < 27 and self.procedure.table.chow else -1
        dead = self._dead
        all_counts = self._counts
        for seat in order:
            if seat in dead:
                continue
            counts = all_counts[seat]
            options: list[Action] = []
            if self._can_win_with(seat, tile):
                win = self._evaluate_win(seat, tile, "discard", self._claim_moments(seat, "discard"))
                if win is not None:
                    self._wins[seat] = win
                    options.append(_WINS[seat])
            if live:
                held = counts[tile]
                if held >= 2:
                    if held == 3 and can_replace:
                        options.append(_KONGS[seat])
                    options.append(_PUNGS[seat])
                if seat == chow_seat:
                    rank = tile % 9
                    # Indexed only at a suited tile of rank 1-7 (the checks on rank), where a chow starts:
                    # never the None of a tile no chow starts at (told to the type checker, not cast():
                    # a call at every discard).
                    chows: tuple[Action, ...] = _CHOWS[seat]  # type: ignore[assignment]
                    below = counts[tile - 1] if rank >= 1 else 0
                    above = counts[tile + 1] if rank <= 7 else 0
                    if rank >= 2 and below and counts[tile - 2]:
                        options.append(chows[tile - 2])
                    if below and above:
                        options.append(chows[tile - 1])
                    if rank <= 6 and above and counts[tile + 2]:
                        options.append(chows[tile])
            if options:
                options.append(_PASSES[seat])
                options_by_seat[seat] = options
                waiting.append(seat)
        if not waiting:
            self._next_turn(order[0])

    def _open_rob(self, konger: int, tile: int) -> bool:
        self._phase = Phase.ROB
        self._claim_tile = tile
        self._changed()
        options_by_seat = self._options_by_seat = {}
        waiting = self._waiting = []
        self._declared = {}
        for seat in self._order_from[konger]:
            if seat in self._dead or not self._can_win_with(seat, tile):
                continue
            win = self._evaluate_win(seat, tile, "robbing_kong", self._claim_moments(seat, "robbing_kong"))
            if win is not None:
                self._wins[seat] = win
                options_by_seat[seat] = [_WINS[seat], _PASSES[seat]]
                waiting.append(seat)
        if not waiting:
            self._phase = Phase.TURN
            return False
        return True

    def _resolve(self) -> None:
        """Settle the decisions on the open tile by priority, once every seat asked has spoken."""
        offered = self._turn
        declared = self._declared
        order = self._order_from[offered]
        for seat in order:  # the nearest winner in turn after the discarder
            action = declared.get(seat)
            if action is not None and action.kind is ActionKind.WIN:
                situation, result = self._wins[seat]
                self._finish_win(seat, offered, situation, result)
                return
        if self._phase is Phase.ROB:
            self._draw_replacement(offered)
            return
        claim = None
        for seat in order:
            action = declared.get(seat)
            if action is not None and action.kind is not ActionKind.PASS:
                if claim is None or (claim.kind is ActionKind.CHOW and action.kind is not ActionKind.CHOW):
                    claim = action
        if claim is None:
            self._next_turn(order[0])
            return
        self._make_claim(claim, offered)

    def _make_claim(self, action: Action, discarder: int) -> None:
        seat = self._seat_index[action.seat]
        tile = self._claim_tile
        assert tile is not None  # claims are open: the discard or the added kong's tile is on the table
        counts = self._counts[seat]
        self._piles[discarder].pop()
        self._discards_view = None
        source = SEATS[discarder]
        kind = action.kind
        if kind is ActionKind.CHOW:
            low = action.tile
            assert low is not None  # a chow names its lowest tile (Action checks it)
            run = (low, low + 1, low + 2)
            for t in run:
                if t != tile:
                    counts[t] -= 1
                    self._visible[t] += 1
            meld = Meld(MeldKind.CHOW, tuple(KINDS[t] for t in run), True, source)
        elif kind is ActionKind.PUNG:
            counts[tile] -= 2
            self._visible[tile] += 2
            meld = Meld(MeldKind.PUNG, (KINDS[tile],) * 3, True, source)
        else:
            counts[tile] -= 3
            self._visible[tile] += 3
            meld = Meld(MeldKind.KONG, (KINDS[tile],) * 4, True, source)
        self._melds[seat].append(meld)
        self._melds_view = None
        self._hand_sizes[seat] -= len(meld.tiles) - 1  # the claimed tile came from the discard pile
        self._first_round = False
        self._ready[seat] = None
        self._events.append(
            {
                "event": "claim",
                "seat": SEATS[seat],
                "kind": kind.value,
                "tile": tile_text(tile),
                "from": source,
                "meld": tiles_text(meld.tiles),
            }
        )
        self._turns += 1
        if kind is ActionKind.KONG:
            self._kongs_in_turn = 1
            self._draw_replacement(seat)
            return
        self._phase = Phase.TURN
        self._turn = seat
        self._drawn = None
        self._draw_kind = None
        self._last_tile = False
        self._may_kong = False
        self._kongs_in_turn = 0
        self._changed()
