"""Who deals, who sits where and which round it is, hand after hand, as each ruleset's table says.

The sheet replays its rows through a :class:`Rotation` made from the ruleset's
:class:`~sparrow.rules.TableRules` (the same facts the table engine plays by), so the seating is
never stored, only recomputed: an edited row moves every later seat with it.

* ``seats`` (NTS): after every game, a drawn one too, the seats move on: South becomes East. The
  prevailing wind is rolled every game and entered with the row.
* ``pass`` (chinese): the deal passes after every hand; the round wind moves when every player has
  dealt once.
* ``dealer_keeps`` (HKOS, casual with ``rotate``): a dealer who wins or whose hand is drawn keeps the
  deal; otherwise it passes; the round wind moves when every player has dealt once.
* ``none`` (casual): the first player deals every hand, round wind East.

``players[0]`` is East at the first hand, then South, West (and North): the order round the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sparrow.core.tiles import SEATS
from sparrow.i18n.markers import N_
from sparrow.rules import get_ruleset
from sparrow.sheets.rows import FREE, Entry, Turn

__all__ = ["Rotation", "Position", "by_games", "own_sheet", "lengths", "default_length", "length_label"]

_NEXT_WIND = {"E": "S", "S": "W", "W": "N", "N": "E"}

OPEN = "open"
_OPEN_LABEL = N_("Open-ended")


def by_games(rules: str) -> bool:
    """Whether a sheet of ``rules`` keeps a row a game (``Ruleset.sheet_rows``: Riichi's, with places,
    uma and oka, ``sparrow.sheets.riichi``), not a row a hand."""
    return rules != FREE and get_ruleset(rules).sheet_rows == "games"


def own_sheet(rules: str) -> bool:
    """A sheet whose deal and winds are not followed from row to row, and whose match is open-ended:
    a free sheet (points typed, for any game) and a sheet of whole games."""
    return rules == FREE or by_games(rules)


def lengths(rules: str) -> tuple[str, ...]:
    """The match lengths a sheet of ``rules`` may choose, the default first (the family's
    ``Ruleset.sheet_lengths``). "open" never ends by itself; the others end the match when the
    family's match is complete (rules/*.md)."""
    if own_sheet(rules):
        return (OPEN,)
    return tuple(length for length, _ in get_ruleset(rules).sheet_lengths)


def default_length(rules: str) -> str:
    return lengths(rules)[0]


def length_label(rules: str, length: str) -> str:
    """How the pages name a match length (an English message id of the catalogue)."""
    if own_sheet(rules):
        return _OPEN_LABEL
    return dict(get_ruleset(rules).sheet_lengths).get(length, _OPEN_LABEL)


@dataclass(frozen=True, slots=True)
class Position:
    """The table before a hand: the dealer (an index into the players), deal passes in this round,
    rounds completed, hands played, the round wind (None where it is rolled or unknown)."""

    dealer: int
    passes: int
    rounds: int
    hands: int
    round_wind: str | None


class Rotation:
    """The seat and dealer rotation of one sheet's ruleset and options, and when its match ends."""

    # The match's length, in rounds or in hands (the other None); both None for an open match or a free sheet.
    rounds: int | None
    hands: int | None

    def __init__(self, rules: str, options: Mapping[str, Any], players: Sequence[str], length: str) -> None:
        self.players = tuple(players)
        self.count = len(self.players)
        if own_sheet(rules):
            # A free sheet is for any game: its deal and winds are the players' own business. A riichi
            # sheet's row is a whole game: the deal moves within it, not from row to row.
            self.kind, self.wind, self.rounds, self.hands = "free", "unknown", None, None
            return
        table = get_ruleset(rules).table(options)
        self.kind = table.rotation
        self.wind = "dice" if table.prevailing_wind_by_dice else table.round_wind
        self.rounds = None
        self.hands = None
        if length != "open":
            if self.kind in ("dealer_keeps", "pass"):
                # A round is every player dealing once; the match is counted in rounds.
                self.rounds = max(1, table.hands_in_match // table.seats)
            else:
                self.hands = max(1, table.hands_in_match)

    def start(self) -> Position:
        return Position(0, 0, 0, 0, "E" if self.wind in ("rounds", "east") else None)

    def turn(self, position: Position) -> Turn:
        """The seating of the hand at ``position``."""
        if self.kind == "free":
            return Turn({}, None, None)
        seats = {self.players[(position.dealer + i) % self.count]: SEATS[i] for i in range(self.count)}
        return Turn(seats, position.round_wind, self.players[position.dealer])

    def after(self, position: Position, entry: Entry) -> Position:
        """The position after the hand ``entry`` records."""
        hands = position.hands + 1
        if self.kind in ("seats", "pass"):
            passes = True
        elif self.kind == "dealer_keeps":
            passes = not entry.drawn and entry.winner != self.players[position.dealer]
        else:
            passes = False
        if not passes:
            return Position(position.dealer, position.passes, position.rounds, hands, position.round_wind)
        dealer = (position.dealer + 1) % self.count
        deal_passes, rounds, wind = position.passes + 1, position.rounds, position.round_wind
        if deal_passes == self.count:  # every player has dealt once: the round is over
            deal_passes, rounds = 0, rounds + 1
            if self.wind == "rounds" and wind is not None:
                wind = _NEXT_WIND[wind]
        return Position(dealer, deal_passes, rounds, hands, wind)

    def complete(self, position: Position) -> bool:
        """Whether the match is over at ``position`` (never for an open-ended sheet)."""
        if self.rounds is not None:
            return position.rounds >= self.rounds
        if self.hands is not None:
            return position.hands >= self.hands
        return False
