"""The simulation's computer players, and the observations they read (``sparrow.play.sim``, ``HandState.observation``)."""

import random

import pytest

from sparrow.core.tiles import SEATS
from sparrow.game.state import HandState, Phase
from sparrow.play.sim import PLAYER_KINDS, RandomObservingPlayer, RandomPlayer, simulate

RULESETS = ["nts", "hkos", "chinese", "casual"]


class _CountingState:
    """A hand state that counts the observations asked of it (everything else is the real state's)."""

    def __init__(self, state: HandState) -> None:
        self.state = state
        self.observed: list[str] = []

    def observation(self, seat):
        self.observed.append(seat)
        return self.state.observation(seat)


def test_random_observing_is_a_player_kind():
    assert PLAYER_KINDS["random-observing"] is RandomObservingPlayer
    summary = simulate("hkos", 3, seed=2, players="random-observing")
    assert summary.hands == 3 and summary.players == "random-observing"


def test_an_unknown_player_kind_names_the_known_ones():
    with pytest.raises(ValueError, match="random-observing"):
        simulate("hkos", 1, seed=2, players="observing")


def test_random_observing_builds_an_observation_and_chooses_from_it():
    state = HandState("hkos", seed=11)
    spy = _CountingState(state)
    player = RandomObservingPlayer(random.Random(0))
    # The list it is handed is ignored: a bot only has its observation.
    choice = player.choose(spy, "E", [])
    assert spy.observed == ["E"]
    assert choice in state.legal_actions("E")
    state.apply(choice)  # and it is a move the table accepts


def test_random_observing_chooses_uniformly():
    state = HandState("casual", seed=4)
    legal = state.legal_actions("E")  # East's first turn: a win, discards and perhaps kongs
    player = RandomObservingPlayer(random.Random(9))
    picks = [player.choose(state, "E", legal) for _ in range(200 * len(legal))]
    for action in legal:
        # 200 expected per action; a uniform pick falls below 100 with negligible probability.
        assert picks.count(action) > 100


@pytest.mark.parametrize("rules", RULESETS)
def test_random_observing_plays_the_moves_random_plays(rules):
    """The observation lists the same actions in the same order as legal_actions, so the two kinds of
    random player, seeded alike, play the very same hands."""
    plain, observing = [], []
    simulate(rules, 6, seed=5, players="random", on_hand=plain.append)
    simulate(rules, 6, seed=5, players="random-observing", on_hand=observing.append)
    assert observing == plain


def _check_against_referee(state: HandState) -> None:
    """Each seat's observation agrees with the referee's view, which is built afresh every time."""
    table = state.table_view()
    for seat in SEATS:
        seen = state.observation(seat)
        assert seen.hand == table.hands[seat]
        assert dict(seen.hand_sizes) == {s: len(table.hands[s]) for s in SEATS}
        assert dict(seen.melds) == dict(table.melds)
        assert dict(seen.bonus) == dict(table.bonus)
        assert dict(seen.discards) == dict(table.discards)
        assert seen.live_wall == state.live_wall
        assert seen.legal_actions == tuple(state.legal_actions(seat))
        assert seen.phase is state.phase


@pytest.mark.parametrize("rules", RULESETS)
def test_observations_stay_true_as_the_hand_goes_on(rules):
    """Observations keep parts between calls: after every move, melds, bonus tiles, discards and hand
    sizes must still be those on the table."""
    rng = random.Random(3)
    player = RandomPlayer(rng)
    for seed in range(4):
        state = HandState(rules, seed=seed)
        _check_against_referee(state)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(player.choose(state, seat, state.legal_actions(seat)))
            _check_against_referee(state)


def test_an_old_observation_does_not_change_and_cannot_be_changed():
    state = HandState("hkos", seed=8)
    player = RandomPlayer(random.Random(1))
    kept = [state.observation(seat) for seat in SEATS]
    snapshots = [observation.to_dict() for observation in kept]
    for _ in range(40):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(player.choose(state, seat, state.legal_actions(seat)))
        state.observation(seat)
    assert [observation.to_dict() for observation in kept] == snapshots
    first = kept[0]
    for mapping in (first.options, first.players, first.scores, first.melds, first.discards, first.hand_sizes):
        with pytest.raises(TypeError):
            mapping["E"] = None  # shared with later observations: read-only
    assert isinstance(first.hand, tuple) and isinstance(first.discards["E"], tuple)


def test_a_copy_and_its_original_observe_their_own_table():
    state = HandState("nts", seed=6)
    player = RandomPlayer(random.Random(4))
    for _ in range(10):
        seat = state.to_act[0]
        state.apply(player.choose(state, seat, state.legal_actions(seat)))
    for seat in SEATS:
        state.observation(seat)  # fill the kept parts before copying
    other = state.copy()
    # Play both on, differently, and check each against its own table.
    for chooser, hand in ((RandomPlayer(random.Random(1)), state), (RandomPlayer(random.Random(2)), other)):
        for _ in range(12):
            if hand.is_over:
                break
            seat = hand.to_act[0]
            hand.apply(chooser.choose(hand, seat, hand.legal_actions(seat)))
            _check_against_referee(hand)


def test_a_seat_not_asked_about_a_discard_sees_no_options():
    """While a discard is open to claims, a seat learns only whether it is asked itself."""
    player = RandomPlayer(random.Random(7))
    for seed in range(20):
        state = HandState("hkos", seed=seed)
        while not state.is_over:
            if state.phase is Phase.CLAIMS:
                asked = set(state.to_act)
                for seat in SEATS:
                    seen = state.observation(seat)
                    assert seen.to_act == ((seat,) if seat in asked else ())
                    assert seen.claim_from == state.turn and seen.claim_tile is not None
                    assert bool(seen.legal_actions) == (seat in asked)
                return
            seat = state.to_act[0]
            state.apply(player.choose(state, seat, state.legal_actions(seat)))
    pytest.fail("no discard was open to claims in twenty hands")
