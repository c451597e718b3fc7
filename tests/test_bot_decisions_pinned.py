"""Pinned decisions: a few hands of every ruleset with every level, reduced to a digest of their game
logs and statistics. Work that should only make the bots faster (memo tables, cheaper keys,
shortcuts) must leave these unchanged; a change to how a bot plays changes them on purpose, and then
the new digests are printed by ``python tests/test_bot_decisions_pinned.py``."""

from __future__ import annotations

import hashlib
import json

import pytest

from sparrow.play.lab import run_lab

HANDS = 6
SEED = 7

PINNED = {
    ("casual", "normal"): "1dca776b8479a3d4aba4",
    ("casual", "expert,normal,normal,normal"): "03f7787fc4ab94129562",
    ("casual", "easy"): "020e47e2bf1762fddeb5",
    ("hkos", "normal"): "3b9548791ff0df721680",
    ("hkos", "expert,normal,normal,normal"): "1ed70ce6af0132e3f418",
    ("hkos", "easy"): "996b9a1416265bc0dc96",
    ("chinese", "normal"): "3bd8a69d3977f8943bf7",
    ("chinese", "expert,normal,normal,normal"): "e00df7e3696464cf445e",
    ("chinese", "easy"): "6efde0f9de3c8588f2a1",
    ("nts", "normal"): "3932a67bad489aee8d83",
    ("nts", "expert,normal,normal,normal"): "8d61b3846a0b6f84c288",
    ("nts", "easy"): "168e1797db67fb66c5cb",
}


def _digest(rules: str, lineup: str) -> str:
    players = lineup.split(",") if "," in lineup else [lineup] * 4
    result = run_lab(rules, players, HANDS, SEED, keep_logs=True)
    text = json.dumps([result.to_dict(), [list(hand) for hand in result.logs]], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


@pytest.mark.parametrize(("rules", "lineup"), list(PINNED))
def test_the_bots_play_the_pinned_hands(rules, lineup):
    assert _digest(rules, lineup) == PINNED[rules, lineup]


if __name__ == "__main__":
    for rules, lineup in PINNED:
        print(f'    ("{rules}", "{lineup}"): "{_digest(rules, lineup)}",')
