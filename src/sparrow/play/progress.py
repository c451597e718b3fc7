"""What every table of the play layer shares: a match, its hand in play and the log of the hands
that are over, read and replayed the same way (:class:`~sparrow.play.table.Table` for one person,
:class:`~sparrow.play.room.RoomTable` for several)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.game.events import split_hands
from sparrow.game.hands import Hand, MatchFace, replay_onto
from sparrow.game.replay import ReplayError

__all__ = ["MatchProgress"]


class MatchProgress:
    """A match played hand by hand. A subclass sets ``match``, ``hand`` and ``_log`` and may extend
    :meth:`_record` (called once a hand is over)."""

    match: MatchFace
    hand: Hand | None
    _log: list[dict[str, Any]]  # the finished hands' events

    @property
    def hand_over(self) -> bool:
        return self.hand is None or self.hand.is_over

    @property
    def match_over(self) -> bool:
        return self.hand_over and self.match.is_over

    def log(self) -> list[dict[str, Any]]:
        """The referee's log of every hand so far (finished hands, then the one in play)."""
        current = self.hand.events if self.hand is not None and not self.hand.is_over else []
        return self._log + list(current)

    def _record(self, hand: Hand) -> None:
        """The hand is over: its result goes to the match, its events to the log."""
        self.match.record(hand)
        self._log.extend(hand.events)

    def _replay(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Deal every hand of ``events`` (a log of this match) again and play its decisions onto it;
        raises ``ReplayError`` naming the hand when the log does not belong to this table."""
        hands = split_hands(list(events)) if events else []
        for number, hand_events in enumerate(hands):
            self.hand = self.match.next_hand()
            try:
                replay_onto(self.hand, hand_events)
            except ReplayError as error:
                raise ReplayError(f"hand {number + 1}: {error}") from None
            if self.hand.is_over:
                self._record(self.hand)
            elif number != len(hands) - 1:
                raise ReplayError(f"hand {number + 1} stops before its end but is not the last")
