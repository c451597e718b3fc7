"""The NTS scoring table (seed 000, ``docs/rules/nts.md``) as data: the one copy of every item and
value. :mod:`sparrow.rules.nts` and :mod:`sparrow.rules.nts_shapes` make their score card lines and
limit hands from these rows, and ``sparrow rules nts`` lists them.

Keys are for the code; ``name`` is the line as the score card writes it (``{tile}`` and the like
are filled in per hand)."""

from __future__ import annotations

from types import MappingProxyType

from sparrow.rules.ruleset import ScoringEntry, ScoringSection

__all__ = ["SETS", "POINTS", "DOUBLINGS", "LIMITS", "LIMIT_BY_NAME", "SECTIONS", "limit"]

_P, _D, _L = "points", "doubling", "limit"
_SIMPLES = "a 2 to 8 of a suit"
_ORPHANS = "a terminal (1 or 9) or an honour"

# Base points of a set, by (open or concealed, pung or kong, simples or terminals and honours).
SETS = MappingProxyType(
    {
        ("open", "pung", "simple"): ScoringEntry("Open pung of {tile}", _P, 2, _SIMPLES),
        ("open", "pung", "orphan"): ScoringEntry("Open pung of {tile}", _P, 4, _ORPHANS),
        ("concealed", "pung", "simple"): ScoringEntry("Concealed pung of {tile}", _P, 4, _SIMPLES),
        ("concealed", "pung", "orphan"): ScoringEntry("Concealed pung of {tile}", _P, 8, _ORPHANS),
        ("open", "kong", "simple"): ScoringEntry("Open kong of {tile}", _P, 8, _SIMPLES),
        ("open", "kong", "orphan"): ScoringEntry("Open kong of {tile}", _P, 16, _ORPHANS),
        ("concealed", "kong", "simple"): ScoringEntry("Concealed kong of {tile}", _P, 16, _SIMPLES),
        ("concealed", "kong", "orphan"): ScoringEntry("Concealed kong of {tile}", _P, 32, _ORPHANS),
    }
)

POINTS = MappingProxyType(
    {
        "dragon_pair": ScoringEntry("Pair of dragons ({tile})", _P, 2, "a pair of one dragon"),
        "bonus": ScoringEntry("{tile}", _P, 4, "each flower or season set out (the line names the tile)"),
        "mahjong": ScoringEntry("Mahjong", _P, 20, "the winner"),
        "self_drawn": ScoringEntry("Self-drawn winning tile", _P, 2, "the winner"),
        "only_possible": ScoringEntry("Only possible tile", _P, 2, "the winner: the hand waited on one kind"),
        "completes_pair": ScoringEntry("Winning tile completes the pair", _P, 2, "the winner"),
        "peling": ScoringEntry(
            "Pe-ling eats cake", _P, 10, "the winner: a Circle 1 closes the pair in place of a Bamboo 1"
        ),
    }
)

DOUBLINGS = MappingProxyType(
    {
        "dragon_set": ScoringEntry("{set} of dragons ({tile})", _D, 1, "a pung or kong of a dragon"),
        "own_wind_set": ScoringEntry("{set} of own wind ({tile})", _D, 1, "a pung or kong of the seat wind"),
        "prevailing_wind_set": ScoringEntry(
            "{set} of prevailing wind ({tile})", _D, 1, "a pung or kong of the prevailing wind"
        ),
        "fully_concealed": ScoringEntry("Fully concealed hand", _D, 2, "the winner: self-drawn, nothing claimed"),
        "little_four_winds": ScoringEntry("Little four winds", _D, 1, "the winner: three wind sets and a wind pair"),
        "little_three_dragons": ScoringEntry(
            "Little three dragons", _D, 1, "the winner: two dragon sets and a dragon pair"
        ),
        "four_chows": ScoringEntry("Four chows", _D, 1, "the winner"),
        "four_pungs": ScoringEntry("Four pungs", _D, 1, "the winner: pungs or kongs"),
        "pure_simplicity": ScoringEntry("Pure simplicity", _D, 1, "the winner: no terminals, no honours"),
        "clean": ScoringEntry("Clean hand", _D, 1, "one suit with honours"),
        "very_clean": ScoringEntry("Very clean", _D, 2, "one suit with honours, terminals only"),
        "pure": ScoringEntry("Pure", _D, 3, "one suit only, or honours only"),
        "three_concealed_pungs": ScoringEntry("Three concealed pungs", _D, 1, "kongs count"),
        "four_concealed_pungs": ScoringEntry("Four concealed pungs", _D, 2, "kongs count"),
        "three_concealed_kongs": ScoringEntry("Three concealed kongs", _D, 2),
        "four_kongs": ScoringEntry("Four kongs", _D, 3),
        "last_tile": ScoringEntry("Last tile of the live wall", _D, 1, "the winner, self-drawn"),
        "last_tile_circle_1": ScoringEntry("Last tile is Circle 1", _D, 3, "instead of the line above"),
        "kong_replacement": ScoringEntry(
            "Kong with flowering flowers", _D, 1, "the winner, on a kong replacement tile"
        ),
        "kong_replacement_circle_5": ScoringEntry(
            "Kong with flowering flowers - Circle 5", _D, 3, "instead of the line above"
        ),
        "kong_on_kong": ScoringEntry("Kong on kong", _D, 2, "the replacement of a second kong in one turn"),
        "kong_on_kong_circle_5": ScoringEntry("Kong on kong - Circle 5", _D, 3, "instead of the line above"),
        "robbing_the_kong": ScoringEntry("Robbing the kong", _D, 1, "the winner"),
        "own_bonus": ScoringEntry("Own {bonus} ({tile})", _D, 1, "each of the player's own flower and season"),
    }
)

# The limit hands: a winner's hand scores the value alone. The irregular ones (nothing declared)
# first, then the regular ones and the winning moments.
LIMITS = MappingProxyType(
    {
        "nine_gates": ScoringEntry("Nine Gates", _L, 2000, "1112345678999 of one suit and one more of it"),
        "thirteen_orphans": ScoringEntry(
            "Thirteen Orphans", _L, 2000, "each terminal and honour, and one more of them"
        ),
        "honour_twins": ScoringEntry("Honour Twins", _L, 2000, "seven pairs of honours"),
        "wind_snake": ScoringEntry("Wind Snake", _L, 1000, "1-9 of one suit and the four winds, one doubled"),
        "dragon_snake": ScoringEntry(
            "Dragon Snake", _L, 1000, "1-9 of one suit, the three dragons and a pair of a wind"
        ),
        "imperial_court": ScoringEntry("Imperial Court", _L, 1000, "1-7 of one suit, every wind and every dragon"),
        "pure_twins": ScoringEntry("Pure Twins", _L, 1000, "seven pairs of one suit"),
        "very_clean_twins": ScoringEntry(
            "Very Clean Twins", _L, 1000, "seven pairs: terminals of one suit and honours"
        ),
        "clean_twins": ScoringEntry("Clean Twins", _L, 500, "seven pairs: one suit and honours"),
        "seven_twins": ScoringEntry("Seven Twins", _L, 250, "seven different pairs"),
        "four_winds": ScoringEntry("Four Winds", _L, 2000, "pungs or kongs of the four winds"),
        "three_dragons": ScoringEntry("Three Dragons", _L, 2000, "pungs or kongs of the three dragons"),
        "jade_hand": ScoringEntry("Jade Hand", _L, 2000, "green tiles only: bamboo 2 3 4 6 8, Green Dragon"),
        "four_concealed_kongs": ScoringEntry("Four Concealed Kongs", _L, 2000),
        "head_and_tail": ScoringEntry("Head and Tail", _L, 2000, "terminals only"),
        "winding_snake": ScoringEntry(
            "Winding Snake", _L, 1000, "one suit: pungs of 1 and 9, the 2 to 8, and one more 2, 5 or 8"
        ),
        "heavenly_hand": ScoringEntry("Heavenly Hand", _L, 2000, "East wins on the dealt tiles"),
        "earthly_hand": ScoringEntry("Earthly Hand", _L, 1000, "a win on East's first discard"),
        "waiting": ScoringEntry(
            "Waiting for {limit} on {tiles} (half its value)",
            _L,
            None,
            "a loser one tile from an irregular limit hand: half its value, if that is more",
        ),
    }
)

LIMIT_BY_NAME = MappingProxyType({entry.name: entry for entry in LIMITS.values() if entry.value is not None})


def limit(key: str) -> tuple[str, int]:
    """A limit hand as the scorer handles it: (name, value)."""
    entry = LIMITS[key]
    assert entry.value is not None
    return entry.name, entry.value


SECTIONS = (
    ScoringSection(
        "Base points",
        (*SETS.values(), *POINTS.values()),
        "every player's sets, pairs and bonus tiles; a pung standing in the hand is concealed",
    ),
    ScoringSection("Doublings", tuple(DOUBLINGS.values()), "each doubles the base points"),
    ScoringSection("Limit hands", tuple(LIMITS.values()), "the value alone, instead of points and doublings"),
)
