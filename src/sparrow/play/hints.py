"""What a hint may tell a player of their own hand: what a win on a tile would score, and which waits
can win at all. Shared by the terminal's hints and the web table's, so that neither calls a hand ready
on a wait that cannot reach the family's minimum.

A family whose engine is its own (``TableRules.engine``) may have a hint of its own, found by engine in
:data:`HINTS_BY_ENGINE` (as ``play/programs.py`` finds its outside programs): :func:`engine_hint` gives
it for a hand and seat, in the shape of the shared web hint (per discard the shanten it leaves, the
tiles that improve, the waits with what a win on each would score by ron and by tsumo), with what only
that family tells (Riichi: ``furiten``, ``safe_from``, the players in riichi the discard is safe
against, and ``risk``, how likely it is to deal in to each of them and why, read as
:mod:`sparrow.bots.reading` reads the rivers; on the seat's turn, the evaluator's ``win_chance`` and
``deal_in`` in percent, ``win_value`` and ``value`` in points, the discards in its order, best first:
:mod:`sparrow.bots.evaluator`). Riichi's is made from the seat's own tiles and the table everyone sees (rivers, sets, dora
indicators) only: no other hand, no wall, no ura dora. Its scores are the hand's as it stands (riichi
if declared, the dora and red fives now), without the yaku of a moment (ippatsu, haitei, rinshan)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sparrow.bots.evaluator import evaluate_discards, places_counted
from sparrow.bots.option_values import evaluate_options
from sparrow.bots.reading import TileDanger, dangers_against, visible_counts
from sparrow.core.analysis import Discard, discard_options, shanten, unseen_count
from sparrow.core.situation import HandSituation
from sparrow.core.tiles import Tile
from sparrow.game.events import tiles_text
from sparrow.game.hands import Hand, engine_of
from sparrow.game.riichi import RiichiHandState
from sparrow.game.state import Observation
from sparrow.rules import get_ruleset

__all__ = ["would_score", "winning_waits", "engine_hint", "with_values", "options_hint", "HINTS_BY_ENGINE"]


def would_score(observation: Observation, concealed: Sequence[Tile], tile: Tile) -> dict[str, Any]:
    """What a win on ``tile`` with these standing tiles would score, on a discard and self-drawn:
    ``{"discard": {"valid", "total", "reason"}, "self_draw": {...}}``. Made from the seat's own
    observation (its sets, bonus tiles, winds and options) only."""
    ruleset = get_ruleset(observation.rules)
    seat = observation.seat
    answer: dict[str, Any] = {}
    for win_by in ("discard", "self_draw"):
        situation = HandSituation(
            rules=observation.rules,
            concealed=tuple(concealed),
            melds=tuple(observation.melds[seat]),
            winning_tile=tile,
            win_by=win_by,
            seat_wind=seat,
            round_wind=observation.round_wind,
            bonus=tuple(sorted(observation.bonus[seat])),
            options=dict(observation.options),
        )
        try:
            result = ruleset.score(situation)
        except (ValueError, NotImplementedError) as error:
            answer[win_by] = {"valid": False, "total": 0, "reason": str(error)}
            continue
        answer[win_by] = {"valid": result.valid, "total": result.total, "reason": result.reason}
    return answer


def winning_waits(observation: Observation, counts: Sequence[int], waits: Sequence[Tile]) -> list[Tile]:
    """The waits of a 13-tile hand (``counts``, 34 counts) on which a win would be legal, on a discard
    or self-drawn: a wait short of the minimum is a shape, not a chance to win."""
    concealed = [Tile(kind) for kind in range(34) for _ in range(counts[kind])]
    return [
        tile
        for tile in waits
        if any(verdict["valid"] for verdict in would_score(observation, concealed, tile).values())
    ]


# ---------------------------------------------------------------------- Riichi's own hint
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
        return {"valid": False, "total": 0, "han": 0, "fu": 0, "points": 0, "yaku": [], "reason": "no yaku"}
    return {
        "valid": True,
        "total": card.points,
        "reason": None,
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
                    "discard": _value(hand, seat, standing, kind, tsumo=False),
                    "self_draw": _value(hand, seat, standing, kind, tsumo=True),
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


def _riichi_hint(hand: RiichiHandState, seat: int, dangers: Mapping[str, Sequence[TileDanger]]) -> dict[str, Any]:
    """The hint for chair ``seat`` of a Riichi hand: ``shanten`` (-1 complete, 0 ready), and with 14
    tiles ``discards`` (best first), each ``{"discard", "shanten", "tiles", "unseen", "ready",
    "waits", "furiten", "safe_from", "risk"}``; with 13, ``waits`` when ready and ``furiten``.
    ``dangers`` are each kind's danger against each player in riichi (:func:`dangers_against`)."""
    player = hand.seats[seat]
    standing = sorted(player.hand)
    counts = player.kind_counts()
    melds = len(player.melds)
    visible = _visible(hand, seat)
    own_river = _river_kinds(hand, seat)
    in_riichi = [other for other in range(4) if other != seat and hand.seats[other].riichi]
    answer: dict[str, Any] = {
        "seat": hand.winds[seat],
        "tiles": tiles_text(sorted(Tile(tile >> 2) for tile in standing)),
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
                    "tiles": tiles_text([Tile(int(t)) for t in option.accepted]),
                    # (not option.unseen: that one counts the discarded copy as still to come)
                    "unseen": unseen_count(option.accepted, _counts(after), table),
                    "ready": bool(waits),
                    "short": False,
                    "waits": waits,
                    # Furiten after this discard: a wait already in the river, this tile included.
                    "furiten": any(int(Tile.parse(w["tile"])) in own_river | {kind} for w in waits),
                    "safe_from": [hand.winds[o] for o in in_riichi if kind in _river_kinds(hand, o)],
                    "risk": [found[kind].to_dict() for found in dangers.values()],
                }
            )
        rows.sort(key=lambda row: (row["shanten"], -row["unseen"], int(Tile.parse(row["discard"]))))
        answer["discards"] = rows
        answer["waits"] = []
        answer["ready"] = any(row["ready"] for row in rows)
    else:
        answer["shanten"] = shanten(counts, melds)
        waits = _waits(hand, seat, standing, visible) if answer["shanten"] == 0 else []
        answer["waits"] = waits
        answer["furiten"] = hand.is_furiten(seat)
        answer["discards"] = []
        answer["ready"] = bool(waits)
    answer["your_turn"] = hand.phase == "turn" and hand.turn == seat
    return answer


def _riichi_hand_hint(hand: Hand, seat: str) -> dict[str, Any]:
    state: RiichiHandState = getattr(hand, "state")  # noqa: B009 (the Riichi hand's own state, by name)
    # The danger of each tile is read from the seat's own observation, as a player reads the table.
    observation = hand.observation(seat)
    family: Any = observation.family
    rivers = family.rivers()
    seen = visible_counts(observation, family.dora_indicators)
    # On the seat's turn what passed after a riichi is read as safe too (the evaluator reads it so).
    turn = seat if any(action.kind.value == "discard" for action in observation.legal_actions) else None
    dangers = {threat: dangers_against(threat, rivers, seen, turn) for threat in family.riichi if threat != seat}
    hint = _riichi_hint(state, state.seat_of(seat), dangers)
    with_values(hint["discards"], observation)
    hint["places_at_stake"] = places_counted(observation)  # the match's last hand: the figures count places
    return hint


def with_values(rows: list[dict[str, Any]], observation: Observation) -> None:
    """Each discard row of a hint (``{"discard": tile, ...}``) with the evaluator's figures for the
    discards the seat may make now (:meth:`DiscardValue.to_dict`: ``win_chance``, ``win_value``,
    ``deal_in``, ``value``, ``reasons``) and, where the row has none, its deal-in ``risk`` against each
    opponent with the reading; the rows in the evaluator's order, the best first. Unchanged when it
    is not the seat's turn to discard."""
    valued = {str(value.tile): value for value in evaluate_discards(observation)}
    if not valued:
        return
    order = {tile: index for index, tile in enumerate(valued)}
    for row in rows:
        found = valued.get(row["discard"])
        if found is None:
            continue
        row.update(found.to_dict())
        if "risk" not in row:
            row["risk"] = [danger.to_dict() for danger in found.dangers]
    rows.sort(key=lambda row: order.get(row["discard"], len(order)))


def options_hint(observation: Observation) -> list[dict[str, Any]]:
    """What each choice of the seat is worth now, best first, when it has more to decide than which
    tile to let go (a claim, a win, a kong, nine terminals): each legal action as the API writes it
    (``action``, ``tile``, ``red``, ``riichi``; no seat) with the evaluator's ``value``, expected
    points of the hand on one scale (:func:`~sparrow.bots.option_values.evaluate_options`). The
    discards are one row, the best of them (the discard rows say the rest). Empty when only
    discards are open (riichi or not: the discard rows show both values)."""
    if all(action.kind.value == "discard" for action in observation.legal_actions):
        return []
    rows = []
    discard_shown = False
    for option in evaluate_options(observation):
        if option.action.kind.value == "discard":
            if discard_shown:
                continue
            discard_shown = True
        row = option.action.to_dict()
        del row["seat"]
        rows.append({**row, "value": round(option.value)})
    return rows


# The hints of the families whose engine is their own, by engine (``TableRules.engine``): each takes
# the hand and the seat wind and sees only what that seat may see. The other engines share the web's.
HINTS_BY_ENGINE: Mapping[str, Callable[[Hand, str], dict[str, Any]]] = {"riichi": _riichi_hand_hint}


def engine_hint(hand: Hand, seat: str, options: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """The hint of ``seat`` when its family's engine (under ``options``) has a hint of its own
    (:data:`HINTS_BY_ENGINE`), else None (the shared hint, made from the observation, serves it)."""
    hinter = HINTS_BY_ENGINE.get(engine_of(hand.rules, options))
    return None if hinter is None else hinter(hand, seat)
