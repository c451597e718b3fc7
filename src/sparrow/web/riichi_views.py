"""What the API answers about a Riichi game against the computer (the GameView of the Riichi table).

A pure function of a :class:`~sparrow.play.riichi_table.RiichiTable` and the game's record. While a
hand is in play the view is the person's seat's observation and its view of the events: no other
seat's standing tiles, no draws but its own, no wall, no seed. Once the hand is over every hand is
shown, with each winner's score card (yaku and han, the fu line by line, the limit, the payments),
the changes and the scores; once the match is over, the final results with uma and oka.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sparrow.game.riichi import RiichiHandState, face_name, observation
from sparrow.game.riichi.replay import replay
from sparrow.i18n import translate, translate_result
from sparrow.play.riichi_room import RiichiRoomTable
from sparrow.play.riichi_table import RiichiTable
from sparrow.store import GameRecord

__all__ = [
    "riichi_game_view",
    "riichi_room_game",
    "riichi_result",
    "riichi_hand_result",
    "riichi_replay_frames",
    "riichi_standings",
    "riichi_finish",
]

AnyRiichiTable = RiichiTable | RiichiRoomTable


def riichi_game_view(game: GameRecord, table: RiichiTable, lang: str = "en", points: int = 0) -> dict[str, Any]:
    """The view: the game's record, ``seat`` (the person's chair, 0-3), ``names`` by chair, the
    ``observation`` with its ``legal_actions``, the ``events`` of the hand as the seat sees them,
    and ``result`` once the hand is over (with ``standings`` once the match is)."""
    over = table.hand_over
    view: dict[str, Any] = {
        "id": game.id,
        "rules": game.rules,
        "level": game.level,
        "options": dict(game.options),
        "ranked": game.ranked,
        "seat": table.human_seat,
        "names": list(table.names),
        "hand_number": table.hand_number,
        "hand_over": over,
        "match_over": table.match_over,
        "version": game.version,
        "observation": table.observation(),
        "events": table.events(),
        "result": riichi_result(table, lang) if over else None,
    }
    if view["result"] is not None and table.match_over:
        view["result"]["standings"] = riichi_standings(table, points, table.human_seat)
        view["result"]["history"] = riichi_history(table, lang)
    return view


def riichi_room_game(table: RiichiRoomTable, person: str | None, lang: str = "en") -> dict[str, Any] | None:
    """A Riichi room's table as ``person`` sees it (None: a spectator, from chair 0's side with no
    concealed tile), with the fields of :func:`riichi_game_view` a table shows: ``seat``,
    ``spectating``, ``names``, ``hand_number``, ``hand_over``, ``match_over``, ``observation`` (with
    what the person is asked now as its ``legal_actions``), ``events`` and ``result``. None before
    the first deal."""
    if table.hand is None:
        return None
    over = table.hand_over
    game: dict[str, Any] = {
        "seat": 0 if person is None else table.chair_of(person),
        "spectating": person is None,
        "names": list(table.names),
        "hand_number": table.hand_number,
        "hand_over": over,
        "match_over": table.match_over,
        "observation": table.observation(person),
        "events": table.hand_events(person),
        "result": riichi_result(table, lang) if over else None,
    }
    if game["result"] is not None and table.match_over:
        game["result"]["standings"] = riichi_standings(table)
        game["result"]["history"] = riichi_history(table, lang)
    return game


def riichi_result(table: AnyRiichiTable, lang: str = "en") -> dict[str, Any] | None:
    """How the table's last hand ended (:func:`riichi_hand_result`); None while it is in play."""
    return None if table.hand is None else riichi_hand_result(table.hand, lang)


def riichi_hand_result(hand: RiichiHandState, lang: str = "en") -> dict[str, Any] | None:
    """How the hand ended: ``kind`` (tsumo, ron, exhaustive, abortive) and the abortive draw's name,
    each win with its card, the ready seats of a draw, every seat's tiles, the changes and scores."""
    if hand.result is None:
        return None
    result = hand.result
    names = hand.tile_names
    win_events = {event["seat"]: event for event in hand.events if event.get("event") == "win"}
    wins = []
    for win in result.wins:
        event = win_events.get(hand.winds[win.seat], {})
        score = win.score.to_score_result()
        tiles = list(event.get("hand", []))
        if win.source is None and face_name(win.tile) in tiles:
            tiles.remove(face_name(win.tile))  # a tsumo's hand holds the drawn tile, which "tile" names

        card = translate_result(score.to_dict() | {"arithmetic": score.arithmetic}, lang)
        wins.append(
            {
                "seat": win.seat,
                "from": win.source,
                "tile": face_name(win.tile),
                "hand": tiles,
                "ura_indicators": list(event.get("ura_indicators", [])),
                "card": card,
            }
        )
    abort = result.abort
    return {
        "kind": result.kind,
        "abort": abort,
        "abort_text": translate(_ABORTS.get(abort, abort or ""), lang) if abort else None,
        "wins": wins,
        "tenpai": sorted(result.tenpai),
        "nagashi": sorted(result.nagashi),
        "hands": [[names[t] for t in sorted(seat.hand)] for seat in hand.seats],
        "deltas": list(result.deltas),
        "scores": list(result.after.scores),
        "payments": _payments(result.settlement.transfers),
        "sticks": result.after.sticks,  # left on the table once the hand is settled (a win takes them)
        "end_reason": result.after.end_reason,
    }


def _payments(transfers: Iterable[Any]) -> list[dict[str, Any]]:
    """Who paid whom what and why, in the order the settlement paid it: ron, tsumo, pao, honba, the
    riichi sticks taken, noten and nagashi payments, the sticks left to the top. ``payer`` None is
    the table (the sticks). The sticks put down this hand are the log's, not a payment here."""
    merged: dict[tuple[int | None, int | None, str], int] = {}
    for transfer in transfers:
        if transfer.reason != "riichi" and transfer.points:
            key = (transfer.payer, transfer.payee, transfer.reason)
            merged[key] = merged.get(key, 0) + transfer.points
    return [
        {"payer": payer, "payee": payee, "reason": reason, "points": points}
        for (payer, payee, reason), points in merged.items()
    ]


# The abortive draws' names (the engine's keys) as a player reads them.
_ABORTS = {
    "nine_terminals": "Nine terminals and honours",
    "four_winds": "Four of one wind discarded",
    "four_kongs": "Four kongs by several players",
    "four_riichi": "Four riichi",
    "triple_ron": "Three players won on one discard",
}


def riichi_standings(table: AnyRiichiTable, points: int = 0, person: int | None = None) -> list[dict[str, Any]]:
    """The final results, best first: each chair's name, place, points and result in thousands (uma
    and oka included); ``points``, the leaderboard points a won hand earns the person in chair
    ``person``, times the hands they won (the others earn none)."""
    won = [0, 0, 0, 0]
    for hand in table.hands:
        if hand.result is not None:
            for win in hand.result.wins:
                won[win.seat] += 1
    rows = []
    for final in sorted(table.match.results(), key=lambda item: item.place):
        rows.append(
            {
                "seat": final.seat,
                "name": table.names[final.seat],
                "rank": final.place,
                "place": final.place,
                "points": final.points,
                "total": final.points,
                "result": float(final.result),
                "result_text": final.text,
                "hands_won": won[final.seat],
                "leaderboard": won[final.seat] * points if final.seat == person else 0,
            }
        )
    return rows


def riichi_history(table: AnyRiichiTable, lang: str = "en") -> list[dict[str, Any]]:
    """Every hand of the match in a line: its round, hand and honba, its winners by chair (none for a
    draw), how it ended (tsumo, ron, an exhaustive or abortive draw, named), and each chair's
    change, riichi sticks included."""
    lines = []
    for number, hand in enumerate(table.hands, start=1):
        result = hand.result
        if result is None:
            continue
        how = result.kind if result.abort is None else translate(_ABORTS.get(result.abort, result.abort), lang)
        lines.append(
            {
                "number": number,
                "round_wind": "ESWN"[hand.round_wind],
                "hand": hand.dealer + 1,  # the hand of the round: its dealer's number from the first dealer
                "honba": hand.honba,
                "winners": [win.seat for win in result.wins],
                "how": how,
                "deltas": list(result.deltas),
            }
        )
    return lines


def riichi_finish(table: RiichiTable) -> dict[str, Any] | None:
    """How a finished match ended for the person (the games list): place of four, points, hands won."""
    if not table.match_over:
        return None
    row = next(row for row in riichi_standings(table) if row["seat"] == table.human_seat)
    return {
        "rank": row["rank"],
        "of": 4,
        "total": row["total"],
        "hands_won": row["hands_won"],
        "result": row["result"],
        "result_text": row["result_text"],  # uma and oka included, in thousands: "+53.7"
    }


def riichi_replay_frames(events: list[dict[str, Any]], seat: int, lang: str = "en") -> dict[str, Any]:
    """A finished Riichi hand step by step, every tile shown (the hand is over): ``frames``, one
    after the deal and after every decision, each with the ``events`` that led there (the wall and
    seed left out), ``hands`` and ``drawn`` by chair, the table as ``seat`` sees it otherwise
    (``observation``: rivers, sets, riichi, scores, dora indicators, the live wall); ``names`` by
    chair; and ``result``, the hand's end as the table shows it. Raises ``ReplayError`` for a log that does not replay."""
    frames: list[dict[str, Any]] = []
    seen = 0

    def frame(state: RiichiHandState) -> None:
        nonlocal seen
        new = []
        for event in state.events[seen:]:
            shown = dict(event)
            if shown.get("event") == "hand_start":
                for hidden in ("wall", "seed", "dice"):
                    shown.pop(hidden, None)
            new.append(shown)
        seen = len(state.events)
        names = state.tile_names
        drawn = state.drawn if state.phase == "turn" else None
        frames.append(
            {
                "events": new,
                "phase": state.phase,
                "turn": state.turn,
                "hands": [[names[t] for t in sorted(s.hand) if t != drawn] for s in state.seats],
                "drawn": [names[drawn] if drawn is not None and chair == state.turn else None for chair in range(4)],
                "observation": observation(state, seat) | {"hand": [], "drawn": None, "legal_actions": []},
            }
        )

    final = replay(events, each=frame)
    # The hand_start names the players by their wind this hand; the chairs follow from the dealer's.
    players = events[0].get("players") or {}
    names = [players.get(final.winds[chair], "") for chair in range(4)]
    return {"frames": frames, "names": names, "result": riichi_hand_result(final, lang)}
