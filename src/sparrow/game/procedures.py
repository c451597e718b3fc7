"""The table procedure of a family: its :class:`~sparrow.rules.ruleset.TableRules` with the seats at
the table, the tiles in play and the length of a match worked out (after so many rounds, each player
dealing once per round, or after so many hands).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sparrow.core.tiles import SEATS, Tile
from sparrow.game.wall import tile_set
from sparrow.rules import RulesError, TableRules, get_ruleset

__all__ = ["Procedure", "procedure"]


@dataclass(frozen=True, slots=True)
class Procedure:
    rules: str
    table: TableRules
    seats_by_dice: bool
    break_roller: str  # "east" or "prevailing_wind"
    round_wind: str  # "dice", "rounds" or "east"
    scores_losers: bool  # every player's hand is scored at the end (NTS), not only the winner's
    match_rounds: int | None  # the match ends after this many rounds...
    match_hands: int | None  # ...or after this many hands
    seats: tuple[str, ...] = SEATS  # the seats at the table: E, S, W, N, or E, S, W for three players
    tiles: tuple[Tile, ...] = ()  # the set in play, in the order it is shuffled from

    @property
    def tile_count(self) -> int:
        return len(self.tiles)


def procedure(rules: str, options: Mapping[str, Any] | None = None) -> Procedure:
    """The table procedure of ``rules`` with ``options`` (validated by the ruleset)."""
    table = get_ruleset(rules).table(options)
    if table.engine != "shared":
        raise RulesError(f"{rules} is played on a table of its own (sparrow.game.{table.engine}), not this one")
    if table.seats not in (3, 4):
        raise RulesError(f"the table engine plays three or four players, not {table.seats}")
    if table.rotation in ("dealer_keeps", "pass"):
        # A round is every player dealing once; the match's length is given in hands (16 = four rounds
        # of four, 12 = four rounds of three).
        rounds, hands = max(1, table.hands_in_match // table.seats), None
    else:
        rounds, hands = None, max(1, table.hands_in_match)
    return Procedure(
        rules=rules,
        table=table,
        seats_by_dice=table.seats_by_dice,
        break_roller=table.break_roller,
        round_wind="dice" if table.prevailing_wind_by_dice else table.round_wind,
        scores_losers=table.scores_losers,
        match_rounds=rounds,
        match_hands=hands,
        seats=SEATS[: table.seats],
        tiles=tile_set(table.bonus_tiles, table.removed_tiles),
    )
