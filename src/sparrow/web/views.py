"""What the API answers about a game: the GameView, the hint, and the frames of a replay.

Everything here is a pure function of a :class:`~sparrow.play.table.Table` (or of a finished hand's log)
and of the game's stored record. Before a hand is over a view is made only of the human seat's
observation and its ``seat_view`` of the events: no other seat's concealed or drawn tile, no wall,
no seed. Every hand is shown once it is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.core.analysis import accepted_tiles, shanten, unseen_count
from sparrow.core.situation import HandSituation
from sparrow.core.tiles import Tile, tile_counts
from sparrow.game.events import tiles_in_order_text, tiles_text
from sparrow.game.replay import replay_states
from sparrow.game.state import Observation, Phase
from sparrow.play.table import Step, Table
from sparrow.rules import get_ruleset
from sparrow.store import GameRecord

__all__ = ["game_view", "result_view", "hint", "replay_frames", "summary"]


def summary(game: GameRecord) -> dict[str, Any]:
    """A game in a list: what it is and where it stands."""
    return {
        "id": game.id,
        "rules": game.rules,
        "level": game.level,
        "options": dict(game.options),
        "ranked": game.ranked,
        "hand_number": game.hand_number,
        "hand_over": game.hand_over,
        "match_over": game.match_over,
        "updated_at": game.updated_at,
    }


def game_view(game: GameRecord, table: Table) -> dict[str, Any]:
    """The GameView of ``web-api.md`` (plus ``hand_over``, ``version`` and ``ranked``)."""
    step = table.view()
    view = summary(game)
    del view["updated_at"]
    view |= {
        "seat": step.seat,
        "hand_number": step.hand_number,
        "hand_over": step.hand_over,
        "match_over": step.match_over,
        "version": game.version,
        "observation": step.observation.to_dict(),
        "events": list(step.events),
        "result": result_view(step) if step.hand_over else None,
    }
    return view


def result_view(step: Step) -> dict[str, Any] | None:
    result = step.result
    if result is None:
        return None
    score = None
    if result.score is not None:
        score = result.score.to_dict() | {"arithmetic": result.score.arithmetic}
    return {
        "winner": result.winner,
        "win_by": result.win_by,
        "discarder": result.discarder,
        "hands": dict(step.hands),
        "score": score,
        "scores": dict(result.scores),
        "payments": dict(result.payments),
        "totals": dict(step.totals),
        "dead": list(result.dead),
    }


# ---------------------------------------------------------------------------- the hint


def _visible(observation: Observation) -> list[int]:
    """Tiles this seat sees outside its hand: every discard pile and every exposed set."""
    visible = [0] * 34
    for pile in observation.discards.values():
        for tile in pile:
            visible[tile] += 1
    for melds in observation.melds.values():
        for meld in melds:
            for tile in meld.tiles:
                visible[tile] += 1
    return visible


def _would_score(observation: Observation, concealed: Sequence[Tile], tile: Tile) -> dict[str, Any]:
    """What a win on ``tile`` would score, on a discard and self-drawn (or why it would not win)."""
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


def _waits_with_scores(
    observation: Observation, counts: list[int], melds: int, visible: list[int], waits: Sequence[Tile]
) -> list[dict[str, Any]]:
    concealed = [tile for tile in range(34) for _ in range(counts[tile])]
    kinds = [Tile(t) for t in concealed]
    return [
        {"tile": str(tile), "unseen": unseen_count([tile], counts, visible)} | _would_score(observation, kinds, tile)
        for tile in waits
    ]


def hint(observation: Observation) -> dict[str, Any]:
    """The hint for the human seat: shanten now; with 14 tiles, per discard what it leaves (the
    waits or the tiles that improve, with how many are unseen); when ready, each winning tile and
    what it would score. Made from the observation alone, so it tells nothing hidden."""
    ruleset = get_ruleset(observation.rules)
    options = observation.options
    forms = ruleset.forms(options)
    seat = observation.seat
    counts = tile_counts(observation.hand)
    melds = len(observation.melds[seat])
    visible = _visible(observation)
    size = sum(counts) + 3 * melds
    answer: dict[str, Any] = {"seat": seat, "tiles": tiles_text(observation.hand)}
    if size == 14:
        complete = ruleset.is_complete(counts, melds, options)
        answer["shanten"] = -1 if complete else shanten(counts, melds, forms)
        rows = []
        for kind in sorted(set(observation.hand)):
            counts[kind] -= 1
            waits = ruleset.waits(counts, melds, options)
            after = 0 if waits else shanten(counts, melds, forms)
            improving = waits or accepted_tiles(counts, melds, forms)
            row: dict[str, Any] = {
                "discard": str(kind),
                "shanten": after,
                "tiles": tiles_text(improving),
                "unseen": unseen_count(improving, counts, visible),
                "ready": bool(waits),
            }
            if waits:
                row["waits"] = _waits_with_scores(observation, counts, melds, visible, waits)
            rows.append(row)
            counts[kind] += 1
        rows.sort(key=lambda r: (r["shanten"], -r["unseen"], Tile.parse(r["discard"])))
        answer["discards"] = rows
        answer["waits"] = []
    else:
        waits = ruleset.waits(counts, melds, options)
        answer["shanten"] = 0 if waits else shanten(counts, melds, forms)
        answer["discards"] = []
        answer["waits"] = _waits_with_scores(observation, counts, melds, visible, waits) if waits else []
        if not waits:
            improving = accepted_tiles(counts, melds, forms)
            answer["improves"] = {"tiles": tiles_text(improving), "unseen": unseen_count(improving, counts, visible)}
    answer["your_turn"] = observation.phase is Phase.TURN and observation.turn == seat
    return answer


# ---------------------------------------------------------------------------- replays


def _meld_view(meld: Any) -> dict[str, Any]:
    return {"kind": meld.kind.value, "tiles": tiles_text(meld.tiles), "open": meld.open}


def replay_frames(events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A finished hand step by step: after the deal, then after each decision, every tile on the
    table (the hand is over, nothing is hidden any more) and the events that led there."""
    frames = []
    seen = 0
    for state in replay_states(events):
        view = state.table_view()
        new = []
        for event in state.events[seen:]:
            shown = dict(event)
            if shown.get("event") == "hand_start":
                shown["wall"] = None  # long, and every tile is in the frames anyway
            new.append(shown)
        seen = len(state.events)
        frames.append(
            {
                "events": new,
                "phase": state.phase.value,
                "turn": state.turn,
                "hands": {seat: tiles_text(tiles) for seat, tiles in view.hands.items()},
                "melds": {seat: [_meld_view(m) for m in melds] for seat, melds in view.melds.items()},
                "bonus": {seat: tiles_text(tiles) for seat, tiles in view.bonus.items()},
                "discards": {seat: tiles_in_order_text(tiles) for seat, tiles in view.discards.items()},
                "live_wall": state.live_wall,
            }
        )
    return frames
