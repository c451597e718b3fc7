"""What the GameView shows of a hand's end beyond the shared fields, for a family that says more.

The one :class:`~sparrow.game.HandResult` carries the family's own result in ``family`` (None for the
shared families): Riichi's several winners, their ura dora indicators, who paid whom what (honba and
riichi sticks included), the sticks left on the table, tenpai and abortive draws. This module reads its
public attributes, and the hand's log (the winners' hands as the family writes them, red fives as
``0p``), and answers plain values by seat wind, as the rest of the view is. Nothing here asks which
family it has: a result without ``family`` has no panel (:func:`family_result` is None).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sparrow.i18n import N_, translate, translate_result
from sparrow.rules import ScoreResult

__all__ = ["family_result", "chair_winds", "ABORTS"]

# The abortive draws' names (the engine's keys) as a player reads them.
ABORTS = {
    "nine_terminals": N_("Nine terminals and honours"),
    "four_winds": N_("Four of one wind discarded"),
    "four_kongs": N_("Four kongs by several players"),
    "four_riichi": N_("Four riichi"),
    "triple_ron": N_("Three players won on one discard"),
}


def chair_winds(family_view: Mapping[str, Any] | None) -> dict[int, str]:
    """Each chair's seat wind, as a family's own view (``Observation.family.to_dict()``) that names its
    seats by chair lists them (``seats``: ``{"seat": chair, "wind": wind}``); empty otherwise."""
    if not family_view:
        return {}
    return {int(seat["seat"]): str(seat["wind"]) for seat in family_view.get("seats", ()) if "wind" in seat}


def _card(score: ScoreResult, lang: str) -> dict[str, Any]:
    return translate_result(score.to_dict() | {"arithmetic": score.arithmetic}, lang)


def _payments(transfers: Iterable[Any], wind: Mapping[int, str]) -> list[dict[str, Any]]:
    """Who paid whom what and why, in the order the settlement paid it: ron, tsumo, pao, honba, the
    riichi sticks taken, noten and nagashi payments, the sticks left to the top. ``payer`` None is the
    table (the sticks). The sticks put down this hand are the log's, not a payment here."""
    merged: dict[tuple[str | None, str | None, str], int] = {}
    for transfer in transfers:
        if transfer.reason != "riichi" and transfer.points:
            payer = None if transfer.payer is None else wind[transfer.payer]
            payee = None if transfer.payee is None else wind[transfer.payee]
            key = (payer, payee, str(transfer.reason))
            merged[key] = merged.get(key, 0) + int(transfer.points)
    return [
        {"payer": payer, "payee": payee, "reason": reason, "points": points}
        for (payer, payee, reason), points in merged.items()
    ]


def family_result(
    family: Any,
    events: Sequence[Mapping[str, Any]],
    cards: Mapping[str, ScoreResult],
    family_view: Mapping[str, Any] | None,
    lang: str = "en",
    *,
    hands: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, Any] | None:
    """The family's panel of a hand's end (``HandResult.family``, None: no panel): ``kind`` (tsumo,
    ron, exhaustive, abortive) and an abortive draw's name; ``wins``, each winner with the tile, the
    hand as the family writes it, the ura dora indicators and the score card (``cards`` by wind, in
    ``lang``); ``hands``, every seat's concealed tiles as the family writes them (a red five ``0p``;
    ``hands`` by wind, as :func:`~sparrow.play.table.family_hands` reads them; empty when not given);
    ``tenpai`` and ``nagashi``; ``deltas`` and ``scores`` after the hand; ``payments``, who paid whom
    what; ``sticks`` and ``honba`` left for the next hand. Seats by wind (``family_view``, the seat's
    own view of the family, names the chairs' winds)."""
    if family is None:
        return None
    wind = chair_winds(family_view)
    if not wind:
        return None
    win_events = {event.get("seat"): event for event in events if event.get("event") == "win"}
    wins = []
    for win in family.wins:
        seat = wind[win.seat]
        event = win_events.get(seat, {})
        tile = str(event.get("tile", ""))
        tiles = [str(t) for t in event.get("hand", [])]
        if win.source is None and tile in tiles:
            tiles.remove(tile)  # a tsumo's hand holds the drawn tile, which "tile" names
        card = cards.get(seat)
        wins.append(
            {
                "seat": seat,
                "from": None if win.source is None else wind[win.source],
                "tile": tile,
                "hand": tiles,
                "ura_indicators": [str(t) for t in event.get("ura_indicators", [])],
                "card": _card(card if card is not None else win.score.to_score_result(), lang),
            }
        )
    after = family.after
    abort = family.abort
    return {
        "kind": family.kind,
        "abort": abort,
        "abort_text": translate(ABORTS.get(abort, abort), lang) if abort else None,
        "wins": wins,
        "hands": {seat: list(tiles) for seat, tiles in (hands or {}).items()},
        "tenpai": [wind[chair] for chair in sorted(family.tenpai)],
        "nagashi": [wind[chair] for chair in sorted(family.nagashi)],
        "deltas": {wind[chair]: int(delta) for chair, delta in enumerate(family.deltas)},
        "scores": {wind[chair]: int(points) for chair, points in enumerate(after.scores)},
        "payments": _payments(family.settlement.transfers, wind),
        "sticks": int(after.sticks),  # left on the table once the hand is settled (a win takes them)
        "honba": int(after.honba),
        "end_reason": after.end_reason,
    }
