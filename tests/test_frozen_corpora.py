"""The frozen corpora (tests/corpora.py, tests/data/corpora/) play again exactly: every family's
``sparrow simulate --log`` at every level, web games and room games through the API, and riichienv's
hanchan at Sparrow's table. A change meant to keep behaviour keeps these green; a change of behaviour
on purpose writes them again (``python -m tests.corpora NAME...``) and says so."""

from __future__ import annotations

import json

import pytest

from tests.corpora import CORPORA, ROOM_GAMES, SIMULATIONS, WEB_GAMES, frozen, play, riichienv_digests


def _events(log: str) -> list[dict]:
    return [json.loads(line) for line in log.splitlines()]


@pytest.mark.parametrize("spec", [*SIMULATIONS, *WEB_GAMES, *ROOM_GAMES], ids=lambda spec: spec.name)
def test_a_corpus_plays_again_to_the_frozen_log(spec):
    """A simulation gives the same log byte for byte and the same result; a web or room game, the
    same actions sent and the same log."""
    log, extra = play(spec)
    frozen_log, frozen_extra = frozen(spec.name)
    assert extra == frozen_extra
    assert log == frozen_log


def test_the_corpora_hold_every_family_and_face():
    families = {spec.rules for spec in (*SIMULATIONS, *WEB_GAMES, *ROOM_GAMES)}
    assert families == {"nts", "hkos", "chinese", "casual", "riichi"}
    for spec in (*SIMULATIONS, *WEB_GAMES, *ROOM_GAMES):
        events = _events(frozen(spec.name)[0])
        starts = [event for event in events if event["event"] == "hand_start"]
        assert starts and all(start["rules"] == spec.rules for start in starts), spec.name
        assert any(event["event"] in ("win", "hand_end") for event in events), spec.name
    levels = {spec.players for spec in SIMULATIONS if spec.rules == "riichi"}
    assert {"easy", "normal", "expert"} <= levels


@pytest.mark.slow
def test_riichienvs_hanchan_end_every_hand_as_frozen():
    pytest.importorskip("riichienv")
    frozen_digests = json.loads((CORPORA / "riichienv-replays.json").read_text())
    assert len(frozen_digests) == 1000
    assert riichienv_digests() == frozen_digests
