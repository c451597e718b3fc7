"""Every scorer, and ``win_value``, refuses a situation whose tiles cannot be a hand with a ``ValueError``
(the ``SituationError`` that ``HandSituation.check`` words), however the situation was made: read by
``from_dict``, built by the constructor or changed with ``dataclasses.replace``. Never a ``KeyError`` from
the shanten tables, an ``IndexError`` or a score for tiles no table holds."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from sparrow.core.hand import Meld, MeldKind
from sparrow.core.situation import HandSituation, SituationError
from sparrow.core.tiles import Tile, parse_tiles
from sparrow.rules import get_ruleset, ruleset_names
from sparrow.rules.generate import random_complete_situation

FAMILIES = ruleset_names()


def _spoiled(seed: int, rules: str, winning: bool, how: str) -> HandSituation:
    situation = random_complete_situation(random.Random(seed), rules, winning=winning)
    tiles = list(situation.concealed)
    if how == "fifth copy":
        # Four copies stand in the hand already where possible; otherwise the standing tiles take them.
        kind = situation.winning_tile if situation.winning_tile is not None else tiles[0]
        tiles = [kind] * 5 + tiles[5:] if len(tiles) >= 5 else tiles + [kind] * 5
    elif how == "a tile too many":
        # A lone tile waiting on four melds takes a second copy of itself.
        tiles.append(tiles[0] if len(tiles) == 1 or tiles[0] != tiles[-1] else tiles[1])
    elif how == "a tile too few":
        tiles.pop()
    elif how == "a flower standing":
        tiles[-1] = Tile(34)
    return dataclasses.replace(situation, concealed=tuple(sorted(tiles)))


@pytest.mark.parametrize("rules", FAMILIES)
def test_the_fifth_copy_that_once_failed_inside_the_tables_is_refused_in_words(rules):
    # Four 2m stand in the hand: the winning 2m would be a fifth.
    situation = HandSituation(
        rules=rules,
        concealed=tuple(parse_tiles("12222m345p678s55z")),
        melds=(),
        winning_tile=Tile.parse("2m"),
        win_by="self_draw",
    )
    for scorer in (get_ruleset(rules).score, get_ruleset(rules).win_value):
        with pytest.raises(ValueError, match="2m") as raised:
            scorer(situation)
        assert isinstance(raised.value, SituationError)


# The issue's own example (seed=2871, rules="hkos", winning=True, spoil=1) is an explicit @example of
# test_win_value_is_the_total_of_a_legal_win_and_else_0 in test_scoring_properties.py.


@given(
    seed=st.integers(0, 10**6),
    rules=st.sampled_from(FAMILIES),
    winning=st.booleans(),
    how=st.sampled_from(["fifth copy", "a tile too many", "a tile too few", "a flower standing"]),
)
@example(seed=132860, rules="casual", winning=False, how="a tile too many")  # one concealed tile: CI found it
def test_every_scorer_refuses_tiles_that_cannot_be_a_hand(seed, rules, winning, how):
    situation = _spoiled(seed, rules, winning, how)
    with pytest.raises(SituationError) as checked:
        situation.check()
    ruleset = get_ruleset(rules)
    for scorer in (ruleset.score, ruleset.win_value):
        with pytest.raises(SituationError) as raised:
            scorer(situation)
        assert str(raised.value) == str(checked.value)  # the same words as the checks of from_dict


def test_a_declared_kong_counts_one_tile_more_and_a_real_hand_still_scores():
    kong = Meld(MeldKind.KONG, tuple(parse_tiles("7777z")), True)
    situation = HandSituation(
        rules="hkos", concealed=tuple(parse_tiles("123m456p789s1z")), melds=(kong,), winning_tile=Tile.parse("1z")
    )
    assert get_ruleset("hkos").score(situation).reason == "needs 3 faan, has 2"  # scored, not refused
    short = dataclasses.replace(situation, concealed=situation.concealed[:-1])
    with pytest.raises(SituationError, match="must have 15 tiles"):
        get_ruleset("hkos").score(short)
