"""Computer players for every ruleset: Easy, Normal and Expert.

``get_bot(level, seed)`` returns a player whose ``act(observation)`` takes one seat's
:class:`~sparrow.game.state.Observation` (with its legal actions) and returns one of those actions.
A bot never sees the hand state, the wall or another player's tiles; the same seed and the same
observation always give the same decision. See :mod:`sparrow.bots.players` for how each level plays.
"""

from __future__ import annotations

from sparrow.bots.players import LEVELS, TEMPERAMENTS, Bot, Temperament, temperaments_by_rules

__all__ = ["get_bot", "Bot", "LEVELS", "Temperament", "BotError"]


class BotError(ValueError):
    """An unknown level or a seed that is not a whole number."""


def get_bot(level: str, seed: int = 0) -> Bot:
    """A computer player of ``level`` ("easy", "normal" or "expert")."""
    temperament = TEMPERAMENTS.get(level) if isinstance(level, str) else None
    if temperament is None:
        raise BotError(f"unknown level {level!r} (expected one of {', '.join(LEVELS)})")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BotError(f"a bot's seed is a whole number, got {seed!r}")
    return Bot(temperament, seed, temperaments_by_rules(level, temperament))
