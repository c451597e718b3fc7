"""The shortcuts that make the Riichi table fast (issue 26) give the answers of the long way.

The legal actions are listed once per decision and checked against by ``apply``; a seat's waits are
kept until its tiles change; riichi discards are looked for only when the whole hand is within one
tile of ready; the actions the table lists are made once and handed out again. Each is checked here
against the plain definition, over random hands.
"""

from __future__ import annotations

import random

from sparrow.core.analysis import shanten
from sparrow.game.riichi import RiichiAction, RiichiActionKind, RiichiHandState
from sparrow.game.riichi.tiles import FACE_KINDS
from sparrow.game.riichi.waits import waits

_K = RiichiActionKind


def _waits_by_definition(state: RiichiHandState, seat: int, without: int | None = None) -> frozenset[int]:
    """The waits of the seat's standing tiles (less one of ``without``'s kind), counted afresh."""
    player = state.seats[seat]
    counts = [0] * 34
    for tile in player.hand:
        counts[tile >> 2] += 1
    held = list(counts)
    for meld in player.melds:
        for tile in meld.tiles:
            held[tile >> 2] += 1
    if without is not None:
        counts[without >> 2] -= 1
        held[without >> 2] -= 1
    return waits(counts, (0,) * 34 if state.options.wait_on_own_fourth else held)


def _riichi_faces(state: RiichiHandState, seat: int) -> set[int]:
    """The faces the seat may discard declaring riichi, by definition: closed, able to declare, and
    the discard leaves the hand waiting."""
    if not state._can_declare_riichi(seat):
        return set()
    return {
        state.face(tile)
        for tile in state.seats[seat].hand
        if tile >> 2 not in state.seats[seat].kuikae and _waits_by_definition(state, seat, tile)
    }


def _choose(state: RiichiHandState, legal: list[RiichiAction], rng: random.Random) -> RiichiAction:
    """Mostly the discard that leaves the hand nearest ready (so that hands reach riichi), declaring
    when it may; now and then anything legal."""
    discards = [a for a in legal if a.kind is _K.DISCARD]
    if not discards or rng.random() < 0.2:
        return rng.choice(legal)
    player = state.seats[discards[0].seat]
    counts = [0] * 34
    for tile in player.hand:
        counts[tile >> 2] += 1

    def after(action: RiichiAction) -> tuple[int, bool, float]:
        assert action.tile is not None
        counts[FACE_KINDS[action.tile]] -= 1
        value = shanten(counts, len(player.melds))
        counts[FACE_KINDS[action.tile]] += 1
        return value, not action.riichi, rng.random()

    return min(discards, key=after)


def test_random_hands_list_what_the_definitions_say():
    rng = random.Random(26)
    checked_riichi = 0
    for seed in range(40):
        state = RiichiHandState(seed)
        while not state.over:
            for seat in range(4):
                assert state.waits_of(seat) == _waits_by_definition(state, seat)
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if state.phase == "turn" and not state.seats[seat].riichi:
                listed = {a.tile for a in legal if a.kind is _K.DISCARD and a.riichi}
                expected = _riichi_faces(state, seat)
                assert listed == expected
                checked_riichi += bool(expected)
            legal.clear()  # the caller's copy: the table's own list is untouched
            again = state.legal_actions(seat)
            assert again and again == state.legal_actions(seat)
            state.apply(_choose(state, again, rng))
    assert checked_riichi >= 3  # riichi was offered, so the check means something


def test_a_listed_action_is_one_value_handed_out_again_and_equal_to_one_made_by_hand():
    state = RiichiHandState(5)
    seat = state.to_act[0]
    first = state.legal_actions(seat)
    assert all(a is b for a, b in zip(first, RiichiHandState(5).legal_actions(seat), strict=True))
    discard = next(a for a in first if a.kind is _K.DISCARD)
    assert RiichiAction.discard(seat, discard.tile) == discard
    state.apply(RiichiAction.discard(seat, discard.tile))  # an equal action made outside is legal too
    assert state.face(state.seats[seat].river[-1].tile) == discard.tile
