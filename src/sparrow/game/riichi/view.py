"""What one seat sees of a Riichi hand (:func:`observation`, :func:`seat_events`): its own tiles and
everything on the table, never another seat's standing tiles or the wall."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.core.tiles import SEATS
from sparrow.game.riichi.base import HandBase
from sparrow.game.riichi.tiles import indicator_index

__all__ = ["observation", "seat_events"]


def observation(state: HandBase, seat: int) -> dict[str, Any]:
    """Plain values, ready for JSON. Tiles are written as faces (``0p`` a red five)."""
    if not 0 <= seat < 4:
        raise ValueError(f"a seat is 0-3, got {seat!r}")
    # Built at every decision by a player that reads it: the tiles are named from the state's table
    # and the dicts written out, not made through the helpers (each call costs more than the dict).
    tile_names = state.tile_names
    winds = state.winds
    player = state.seats[seat]
    others = []
    for other in range(4):
        them = state.seats[other]
        melds: list[dict[str, Any]] = []
        for meld in them.melds:
            data: dict[str, Any] = {"kind": meld.kind, "tiles": [tile_names[t] for t in meld.tiles]}
            if meld.called is not None:
                data["called"] = tile_names[meld.called]
            if meld.source is not None:
                data["from"] = winds[meld.source]
            melds.append(data)
        others.append(
            {
                "seat": other,
                "wind": winds[other],
                "standing": len(them.hand),
                "discards": [
                    {
                        "tile": tile_names[item.tile],
                        "tsumogiri": item.tsumogiri,
                        "riichi": item.riichi,
                        "called": item.called,
                    }
                    for item in them.river
                ],
                "melds": melds,
                "riichi": them.riichi,
                "double_riichi": them.double_riichi,
                "ippatsu": them.ippatsu,
            }
        )
    drawn = state.drawn
    own_drawn = drawn is not None and state.turn == seat and state.phase == "turn"
    return {
        "seat": seat,
        "wind": winds[seat],
        "dealer": state.dealer,
        "round_wind": SEATS[state.round_wind],
        "honba": state.honba,
        "sticks": state.sticks + len(state.accepted_riichi),
        "scores": list(state.scores),
        "hand": [tile_names[t] for t in sorted(player.hand)],
        "drawn": tile_names[drawn] if own_drawn and drawn is not None else None,
        "furiten": state.is_furiten(seat),
        "seats": others,
        "dora_indicators": [tile_names[state.wall[indicator_index(i)]] for i in range(state.dora_count)],
        "live_wall": state.live_count,
        "phase": state.phase,
        "turn": state.turn,
        "last_discard": None if state.last_discard is None else tile_names[state.last_discard],
        "kakan_tile": None if state.kakan_tile is None else tile_names[state.kakan_tile],
    }


def seat_events(events: Sequence[Mapping[str, Any]], wind: str | None, *, over: bool = False) -> list[dict[str, Any]]:
    """The hand's events as the seat of ``wind`` sees them: the wall and the seed left out of the
    ``hand_start``, the other seats' dealt tiles and draws hidden (a draw keeps who drew and from
    where); ``wind`` None, as a spectator sees them (no dealt tiles, no draws). Once the hand is ``over`` the deal is shown whole (every hand is revealed at the end);
    the wall stays out, its unseen tiles are nobody's business."""
    shown: list[dict[str, Any]] = []
    for event in events:
        kind = event.get("event")
        if kind == "hand_start":
            shown.append({key: value for key, value in event.items() if key not in ("wall", "seed", "dice")})
        elif kind == "deal" and not over:
            shown.append({"event": "deal", "hands": {} if wind is None else {wind: list(event["hands"][wind])}})
        elif kind == "draw" and event.get("seat") != wind:
            shown.append({key: value for key, value in event.items() if key != "tile"})
        else:
            shown.append(dict(event))
    return shown
