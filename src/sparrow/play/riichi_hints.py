"""A Riichi hint: what a seat may learn of its own hand from what it sees, as a teacher at the table
would tell it. Shanten now; with 14 tiles, for each discard the shanten it leaves, the tiles that
would then improve the hand (the waits once ready) and how many of them are still unseen; when a
discard leaves the hand ready, each wait with what a win on it would score, by ron and by tsumo (the
one-yaku minimum included: a wait with no yaku is said so), whether the seat would be furiten, and
which players in riichi the discard is safe against (genbutsu: the tile is in their river).

Made from the seat's own tiles and the table everyone sees (rivers, sets, dora indicators) only: no
other hand, no wall, no ura dora. The scores are the hand's as it stands (riichi if declared, the
dora and red fives now), without the yaku of a moment (ippatsu, haitei, rinshan): see
:meth:`~sparrow.game.riichi.base.HandBase.would_score`.
"""

from __future__ import annotations

from typing import Any

from sparrow.core.analysis import Discard, discard_options, shanten, unseen_count
from sparrow.core.tiles import Tile
from sparrow.game.riichi import RiichiHandState

__all__ = ["riichi_hint"]


def _visible(hand: RiichiHandState, seat: int) -> list[int]:
    """How many of each kind the seat sees on the table (its own standing tiles apart): every set,
    every river tile not called (a called one is in a set), the dora indicators turned."""
    seen = [0] * 34
    for other in hand.seats:
        for meld in other.melds:
            for tile in meld.tiles:
                seen[tile >> 2] += 1
        for item in other.river:
            if not item.called:
                seen[item.tile >> 2] += 1
    for tile in hand.dora_indicators:
        seen[tile >> 2] += 1
    return seen


def _plain_copy(hand: RiichiHandState, kind: int) -> int:
    """A tile id of ``kind`` that is not a red five: the wait a hint scores."""
    return next(tile for tile in range(4 * kind, 4 * kind + 4) if tile not in hand.red)


def _value(hand: RiichiHandState, seat: int, standing: list[int], kind: int, *, tsumo: bool) -> dict[str, Any]:
    card = hand.would_score(seat, standing, _plain_copy(hand, kind), tsumo=tsumo)
    if card is None:
        return {"valid": False, "han": 0, "fu": 0, "points": 0, "yaku": [], "reason": "no yaku"}
    return {
        "valid": True,
        "han": card.han,
        "fu": card.fu,
        "yakuman": card.yakuman,
        "limit": card.limit,
        "points": card.points,
        "yaku": [item.name for item in card.yaku],
    }


def _waits(hand: RiichiHandState, seat: int, standing: list[int], visible: list[int]) -> list[dict[str, Any]]:
    """Each winning tile of a ready hand (13 standing tiles with the sets) and its value."""
    counts = _counts(standing)
    melds = len(hand.seats[seat].melds)
    rows = []
    for kind in range(34):
        if counts[kind] == 4:
            continue  # all four held: it cannot be drawn or discarded
        counts[kind] += 1
        wins = shanten(counts, melds) == -1
        counts[kind] -= 1
        if wins:
            rows.append(
                {
                    "tile": str(Tile(kind)),
                    "unseen": max(0, 4 - visible[kind] - counts[kind]),
                    "ron": _value(hand, seat, standing, kind, tsumo=False),
                    "tsumo": _value(hand, seat, standing, kind, tsumo=True),
                }
            )
    return rows


def _counts(tiles: list[int]) -> list[int]:
    counts = [0] * 34
    for tile in tiles:
        counts[tile >> 2] += 1
    return counts


def _copy_to_discard(standing: list[int], kind: int, red: frozenset[int] | set[int]) -> int:
    """The copy of ``kind`` a discard of it gives up: a plain one before a red five (worth a han)."""
    copies = [tile for tile in standing if tile >> 2 == kind]
    return next((tile for tile in copies if tile not in red), copies[0])


def _river_kinds(hand: RiichiHandState, seat: int) -> set[int]:
    return {item.tile >> 2 for item in hand.seats[seat].river}


def riichi_hint(hand: RiichiHandState, seat: int) -> dict[str, Any]:
    """The hint for ``seat`` (see the module docstring): ``shanten`` (-1 complete, 0 ready), and
    with 14 tiles ``discards`` (best first), each ``{"discard", "shanten", "tiles", "unseen",
    "ready", "waits", "furiten", "safe_from"}``; with 13, ``waits`` when ready and ``furiten``."""
    player = hand.seats[seat]
    standing = sorted(player.hand)
    counts = player.kind_counts()
    melds = len(player.melds)
    visible = _visible(hand, seat)
    own_river = _river_kinds(hand, seat)
    in_riichi = [other for other in range(4) if other != seat and hand.seats[other].riichi]
    answer: dict[str, Any] = {
        "seat": seat,
        "wind": hand.winds[seat],
        "riichi": player.riichi,
        "threats": [hand.winds[other] for other in in_riichi],
    }
    if (len(standing) + 3 * melds) % 3 == 2:  # a turn: a tile to discard
        answer["shanten"] = shanten(counts, melds)
        rows: list[dict[str, Any]] = []
        options: list[Discard] = discard_options(counts, melds, visible=visible)
        for option in options:
            kind = int(option.tile)
            after = list(standing)
            after.remove(_copy_to_discard(after, kind, hand.red))
            table = list(visible)
            table[kind] += 1  # the discard, in the river once made
            waits = _waits(hand, seat, after, table) if option.shanten == 0 else []
            rows.append(
                {
                    "discard": str(Tile(kind)),
                    "shanten": option.shanten,
                    "tiles": [str(Tile(int(t))) for t in option.accepted],
                    # (not option.unseen: that one counts the discarded copy as still to come)
                    "unseen": unseen_count(option.accepted, _counts(after), table),
                    "ready": bool(waits),
                    "waits": waits,
                    # Furiten after this discard: a wait already in the river, this tile included.
                    "furiten": any(int(Tile.parse(w["tile"])) in own_river | {kind} for w in waits),
                    "safe_from": [hand.winds[o] for o in in_riichi if kind in _river_kinds(hand, o)],
                }
            )
        rows.sort(key=lambda row: (row["shanten"], -row["unseen"], int(Tile.parse(row["discard"]))))
        answer["discards"] = rows
        answer["waits"] = []
    else:
        answer["shanten"] = shanten(counts, melds)
        waits = _waits(hand, seat, standing, visible) if answer["shanten"] == 0 else []
        answer["waits"] = waits
        answer["furiten"] = hand.is_furiten(seat)
        answer["discards"] = []
    return answer
