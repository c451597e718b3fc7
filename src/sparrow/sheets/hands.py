"""The hands a row keeps: each player's hand in the compact notation of ``sparrow score --hand``
(``nts: 23m456p88s777z [111z] +1m* seat=E round=S``), so that a disputed score can be checked again in
the calculator. The calculator's "Add to sheet" sends them; a row typed by hand has none.

A row's ``hands`` maps player names to notations. Each is read as the calculator reads it (every
check of the notation and the hand situation) and kept in its canonical form; a hand of another ruleset
than the sheet's is refused. The scores typed stay what the sheet counts: a hand kept beside a score it
does not make is exactly what "check in the calculator" shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.formats.compact import format_compact, parse_compact
from sparrow.formats.handlink import hand_query
from sparrow.rules import get_ruleset
from sparrow.sheets.errors import SheetError

__all__ = ["parse_hands", "calculator_query", "MAX_HAND"]

MAX_HAND = 200  # characters of one hand's notation: a full hand with every setting is under 120


def parse_hands(data: Any, rules: str, players: Sequence[str]) -> dict[str, str]:
    """The hands of a row, each in canonical notation, in the sheet's order of players."""
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise SheetError(
            "hands", "must map player names to hands in the notation, e.g. {example}", example='{"Ann": "nts: ..."}'
        )
    hands = {}
    for name, text in data.items():
        if name not in players:
            raise SheetError(
                "hands",
                "{name} is not a player of this sheet (players: {players})",
                name=repr(name),
                players=", ".join(players),
            )
        if text is None:
            continue
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_HAND:
            raise SheetError(
                f"hands.{name}", "must be a hand in the notation, at most {limit} characters", limit=MAX_HAND
            )
        try:
            situation = parse_compact(text, rules)
        except (ValueError, TypeError) as error:
            raise SheetError(f"hands.{name}", "{detail}", detail=str(error)) from None
        if situation.rules != rules:
            raise SheetError(
                f"hands.{name}", "is a hand of {other}, not of this {rules} sheet", other=situation.rules, rules=rules
            )
        hands[name] = format_compact(situation)
    return {name: hands[name] for name in players if name in hands}


def calculator_query(
    hands: Mapping[str, str], winner: str | None, discarder: str | None, seats: Mapping[str, str]
) -> dict[str, str] | None:
    """The calculator's link parameters (``docs/score-app.md``) for a row's hands: the winner's hand (else
    the first) as the main hand, where every hand is scored (NTS) every other hand as ``hand.<seat>`` / ``bonus.<seat>`` and the
    discarder's seat. None when the row keeps no hands."""
    if not hands:
        return None
    situations = {name: parse_compact(text) for name, text in hands.items()}
    main_name = winner if winner in situations else next(iter(situations))
    main = situations[main_name]
    query = hand_query(main)
    if get_ruleset(main.rules).table().scores_losers:  # every hand is scored (NTS): each one is worth checking
        for name, situation in situations.items():
            if name == main_name or situation.seat_wind == main.seat_wind:
                continue
            other = hand_query(situation)
            query[f"hand.{situation.seat_wind}"] = other["hand"]
            if "bonus" in other:
                query[f"bonus.{situation.seat_wind}"] = other["bonus"]
        if discarder is not None and discarder in seats:
            query["discarder"] = seats[discarder]
    return query
