"""What one seat sees of a Riichi hand (:func:`observation`): its own tiles and everything on the
table, never another seat's standing tiles or the wall."""

from __future__ import annotations

from typing import Any

from sparrow.core.tiles import SEATS
from sparrow.game.riichi.base import HandBase
from sparrow.game.riichi.tiles import names

__all__ = ["observation"]


def observation(state: HandBase, seat: int) -> dict[str, Any]:
    """Plain values, ready for JSON. Tiles are written as faces (``0p`` a red five)."""
    if not 0 <= seat < 4:
        raise ValueError(f"a seat is 0-3, got {seat!r}")
    red = state.red
    player = state.seats[seat]
    others = []
    for other in range(4):
        them = state.seats[other]
        others.append(
            {
                "seat": other,
                "wind": state.wind_name(other),
                "standing": len(them.hand),
                "discards": [
                    {
                        "tile": state.name(item.tile),
                        "tsumogiri": item.tsumogiri,
                        "riichi": item.riichi,
                        "called": item.called,
                    }
                    for item in them.river
                ],
                "melds": [
                    meld.to_dict(red, None if meld.source is None else state.wind_name(meld.source))
                    for meld in them.melds
                ],
                "riichi": them.riichi,
                "double_riichi": them.double_riichi,
                "ippatsu": them.ippatsu,
            }
        )
    own_drawn = state.drawn is not None and state.turn == seat and state.phase == "turn"
    return {
        "seat": seat,
        "wind": state.wind_name(seat),
        "dealer": state.dealer,
        "round_wind": SEATS[state.round_wind],
        "honba": state.honba,
        "sticks": state.sticks + len(state.accepted_riichi),
        "scores": list(state.scores),
        "hand": names(sorted(player.hand), red),
        "drawn": state.name(state.drawn) if own_drawn and state.drawn is not None else None,
        "furiten": state.is_furiten(seat),
        "seats": others,
        "dora_indicators": names(state.dora_indicators, red),
        "live_wall": state.live_count,
        "phase": state.phase,
        "turn": state.turn,
        "last_discard": None if state.last_discard is None else state.name(state.last_discard),
        "kakan_tile": None if state.kakan_tile is None else state.name(state.kakan_tile),
    }
