"""What one seat sees of a Riichi hand (:func:`observation`, :func:`seat_events`): its own tiles and
everything on the table, never another seat's standing tiles or the wall."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.core.tiles import SEATS
from sparrow.game.riichi.base import HandBase
from sparrow.game.riichi.seat import RiichiMeld
from sparrow.game.riichi.tiles import indicator_index

__all__ = ["observation", "seat_events", "Moment", "moment", "written"]

# What the view of a moment holds beyond the state: the state is only ever added to (rivers, events)
# or changed in the values kept here, so the view written later from both is the view of the moment.
# Per seat: standing tiles, river length, whether the river's last tile is called (the only river
# tile that can be called later), the sets, riichi, double riichi, ippatsu.
_SeatMoment = tuple[int, int, bool, tuple[RiichiMeld, ...], bool, bool, bool]
Moment = tuple[
    HandBase,  # the state
    int,  # the seat
    tuple[int, ...],  # its standing tiles, sorted
    int | None,  # its drawn tile, when it is the seat's to discard
    bool,  # furiten
    tuple[_SeatMoment, ...],
    tuple[int, ...],  # the scores
    int,  # the sticks on the table
    int,  # dora indicators turned
    int,  # tiles left to draw
    str,  # the phase
    int,  # whose turn
    int | None,  # the discard open to claims
    int | None,  # the tile of a kan open to robbing
]


def moment(state: HandBase, seat: int, hand: tuple[int, ...] | None = None) -> Moment:
    """What :func:`observation` would write now for ``seat``, kept to be written later by
    :func:`written` (much cheaper than writing it: the rivers and sets are not copied). ``hand`` is
    the seat's standing tiles sorted, when the caller has them."""
    if not 0 <= seat < 4:
        raise ValueError(f"a seat is 0-3, got {seat!r}")
    seats = state.seats
    drawn = state.drawn
    return (
        state,
        seat,
        tuple(sorted(seats[seat].hand)) if hand is None else hand,
        drawn if drawn is not None and state.turn == seat and state.phase == "turn" else None,
        state.is_furiten(seat),
        tuple(
            (
                len(them.hand),
                len(them.river),
                them.river[-1].called if them.river else False,
                tuple(them.melds),
                them.riichi,
                them.double_riichi,
                them.ippatsu,
            )
            for them in seats
        ),
        tuple(state.scores),
        state.sticks + len(state.accepted_riichi),
        state.dora_count,
        state.live_count,
        state.phase,
        state.turn,
        state.last_discard,
        state.kakan_tile,
    )


def written(kept: Moment) -> dict[str, Any]:
    """The view of a :func:`moment`, as :func:`observation` writes it."""
    state, seat, hand, drawn, furiten, by_seat, scores, sticks, dora, live, phase, turn, last, kakan = kept
    tile_names = state.tile_names
    winds = state.winds
    others = []
    for other in range(4):
        standing, length, last_called, melds_now, riichi, double, ippatsu = by_seat[other]
        melds: list[dict[str, Any]] = []
        for meld in melds_now:
            data: dict[str, Any] = {"kind": meld.kind, "tiles": [tile_names[t] for t in meld.tiles]}
            if meld.called is not None:
                data["called"] = tile_names[meld.called]
            if meld.source is not None:
                data["from"] = winds[meld.source]
            melds.append(data)
        river = state.seats[other].river
        discards = [
            {
                "tile": tile_names[item.tile],
                "tsumogiri": item.tsumogiri,
                "riichi": item.riichi,
                "called": item.called,
            }
            for item in river[: max(length - 1, 0)]
        ]
        if length:
            item = river[length - 1]
            discards.append(
                {
                    "tile": tile_names[item.tile],
                    "tsumogiri": item.tsumogiri,
                    "riichi": item.riichi,
                    "called": last_called,
                }
            )
        others.append(
            {
                "seat": other,
                "wind": winds[other],
                "standing": standing,
                "discards": discards,
                "melds": melds,
                "riichi": riichi,
                "double_riichi": double,
                "ippatsu": ippatsu,
            }
        )
    return {
        "seat": seat,
        "wind": winds[seat],
        "dealer": state.dealer,
        "round_wind": SEATS[state.round_wind],
        "honba": state.honba,
        "sticks": sticks,
        "scores": list(scores),
        "hand": [tile_names[t] for t in hand],
        "drawn": None if drawn is None else tile_names[drawn],
        "furiten": furiten,
        "seats": others,
        "dora_indicators": [tile_names[state.wall[indicator_index(i)]] for i in range(dora)],
        "live_wall": live,
        "phase": phase,
        "turn": turn,
        "last_discard": None if last is None else tile_names[last],
        "kakan_tile": None if kakan is None else tile_names[kakan],
    }


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
