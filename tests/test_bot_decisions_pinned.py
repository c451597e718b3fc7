"""Pinned decisions: a few hands of every ruleset with every level, reduced to a digest of their game
logs and statistics. Work that should only make the bots faster (memo tables, cheaper keys,
shortcuts) must leave these unchanged; a change to how a bot plays changes them on purpose, and then
the new digests are printed by ``python tests/test_bot_decisions_pinned.py``."""

from __future__ import annotations

import hashlib
import importlib
import json

import pytest

from sparrow.game.events import dumps
from sparrow.play.lab import run_lab

_version_2 = importlib.import_module("sparrow.store.migrations.versions.0007_log_version_2")
_version_3 = importlib.import_module("sparrow.store.migrations.versions.0008_log_version_3")
HANDS = 6
SEED = 7

PINNED = {
    # Since issue 44 Normal lets the evaluator at Normal's setting choose among its nearest discards.
    ("casual", "normal"): "bb661cb6fa274dfee1d7",
    ("casual", "expert,normal,normal,normal"): "22d868704936fc8a5086",  # evaluator_ties (issue 44)
    ("casual", "easy"): "57f4c24edd913e915f2c",
    ("hkos", "normal"): "b6084c6adfe56cc7c9ab",
    ("hkos", "expert,normal,normal,normal"): "3690080e3791faa1fece",  # evaluator_equals (issue 44)
    ("hkos", "easy"): "a3be1d8acb99f43f28f5",
    ("chinese", "normal"): "02c84db4fa1845ad2c8a",
    ("chinese", "expert,normal,normal,normal"): "f6aeeb4ee02b2e270b3d",
    ("chinese", "easy"): "ccdd1279f6ae5aab6a15",
    ("nts", "normal"): "6646df65d42584a6faa8",
    ("nts", "expert,normal,normal,normal"): "7049c3c09b39eb2fd054",  # evaluator_equals (issue 44)
    ("nts", "easy"): "af2e29e4c45e0525315f",
    # Riichi: one East-only match (its lab plays whole matches).
    ("riichi", "normal"): "635e97c91ba2b68c2b09",  # Normal discards by the evaluator at its setting
    ("riichi", "expert,normal,normal,normal"): "5a21b4a1f5b7b04741bf",  # both by the evaluator (issue 44)
    ("riichi", "easy"): "6f3a4ce587a073c03595",
}


def _digest(rules: str, lineup: str) -> str:
    players = lineup.split(",") if "," in lineup else [lineup] * 4
    if rules == "riichi":  # one East-only match: the lab measures Riichi on whole matches
        result = run_lab(rules, players, 1, SEED, options={"length": "tonpuu"}, keep_logs=True)
        logs = [[event for hand in result.logs for event in hand]]  # as pinned: the match's log as one
    else:
        result = run_lab(rules, players, HANDS, SEED, keep_logs=True)
        logs = [list(hand) for hand in result.logs]
    data = result.to_dict()
    data.pop("version")  # sparrow's version: not the bots' play
    for player in data["players"]:
        player.pop("fallbacks")  # an outside seat's decisions the bot took: none here, and no bot's play
        # Figures added after the digests were pinned, read from the same logs (which are pinned).
        player.pop("call_rate")
        player.pop("place_ci", None)
    # The logs as pinned, in the game log's version 1: versions 2 and 3 only say their version and
    # name Riichi's seats by wind (the migrations' downgrades write a log back as it was).
    logs = [[json.loads(line) for line in _version_1(dumps(log)).splitlines()] for log in logs]
    text = json.dumps([data, logs], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _version_1(text: str) -> str:
    """A log of version 3 (JSON Lines) down through the store's migrations 0008 and 0007."""
    return _version_2._log(_version_3._log(text, _version_3._to_version_2), _version_2._to_version_1)


@pytest.mark.parametrize(("rules", "lineup"), list(PINNED))
def test_the_bots_play_the_pinned_hands(rules, lineup):
    assert _digest(rules, lineup) == PINNED[rules, lineup]


if __name__ == "__main__":
    for rules, lineup in PINNED:
        print(f'    ("{rules}", "{lineup}"): "{_digest(rules, lineup)}",')
