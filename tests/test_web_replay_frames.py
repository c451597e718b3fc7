"""The replay's frames are made in one pass and carry the family's view once: in full in the first
frame, then only what changed (the keys of the view that changed, by seat; a river that only grew as
the tiles added). Folded back as the page folds them (``replay.js``, ``unfold``), every frame gives
the same view and the same own tiles as the hand replayed to that step shows (the family's public
view: no legal actions, no seat's own tiles in it); the shared families' frames are as before."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sparrow.bots import get_bot
from sparrow.game.hands import from_hand_start, replay_onto
from sparrow.play.table import Table
from sparrow.web.views import replay_frames

PRIVATE = ("hand", "drawn", "furiten", "legal_actions", "seat", "wind")


def merge_seat(before: dict[str, Any], change: dict[str, Any] | None) -> dict[str, Any]:
    if change is None:
        return before
    seat = dict(before)
    for key, value in change.items():
        if key.startswith("+"):
            seat[key[1:]] = [*before.get(key[1:], []), *value]
        else:
            seat[key] = value
    return seat


def unfold(frames: list[dict[str, Any]]) -> list[dict[str, Any] | None]:
    """Each frame's whole family part, as replay.js folds the frames."""
    family = None
    whole = []
    for frame in frames:
        part = frame["family"]
        if part is not None and family is not None:
            view = family["view"] | part["view"]
            if isinstance(part["view"].get("seats"), list):
                view["seats"] = [merge_seat(b, c) for b, c in zip(family["view"]["seats"], part["view"]["seats"])]
            part = {"view": view, "hands": family["hands"] | part["hands"]}
        family = part
        whole.append(part)
    return whole


def played(rules: str, seed: int) -> list[dict[str, Any]]:
    table = Table(rules, "easy", seed, forced=True)
    bot = get_bot("normal", seed)
    step = table.start()
    while not step.hand_over:
        step = table.act(bot.act(step.observation))
    assert table.hand is not None
    return list(table.hand.events)


def family_at(events: list[dict[str, Any]], upto: int) -> dict[str, Any] | None:
    """The family's part of a frame made the slow way: the hand dealt again and replayed to ``upto``."""
    hand = replay_onto(from_hand_start(events[0]), events[:upto])
    own = {seat: hand.observation(seat).family for seat in hand.seats}
    if own[hand.seats[0]] is None:
        return None
    view = own[hand.seats[0]].to_dict()
    for private in PRIVATE:
        view.pop(private, None)
    return {"view": view, "hands": {seat: list(family.hand_names()) for seat, family in own.items()}}


@pytest.mark.parametrize(("rules", "seed"), [("riichi", 7), ("riichi", 12), ("hkos", 7), ("casual", 3)])
def test_the_frames_folded_are_the_hand_at_each_step(rules, seed):
    events = played(rules, seed)
    frames = replay_frames(events)
    assert [event["event"] for frame in frames for event in frame["events"]] == [e["event"] for e in events]
    whole = unfold(frames)
    upto = 0
    for frame, family in zip(frames, whole, strict=True):
        upto += len(frame["events"])
        assert family == family_at(events, upto), upto
    if rules == "riichi":
        assert all(family is not None and "legal_actions" not in family["view"] for family in whole)
        sent = len(json.dumps([frame["family"] for frame in frames]))
        assert sent * 3 < len(json.dumps(whole))  # the view is sent once, then what changed
        assert all(not set(f["family"]["view"]) & set(PRIVATE) for f in frames)
    else:
        assert all(frame["family"] is None for frame in frames)
