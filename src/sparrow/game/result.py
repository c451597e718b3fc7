"""How a hand ends: the win or the exhausted wall, the settlement, and who deals next."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sparrow.core.hand import Meld, MeldKind
from sparrow.core.situation import HandSituation
from sparrow.core.tiles import KINDS, SEATS
from sparrow.game.events import tile_text
from sparrow.game.hand_base import HandBase, Phase
from sparrow.rules import ScoreResult, Settlement

__all__ = ["HandResult", "Results"]

_NEXT_WIND = {"E": "S", "S": "W", "W": "N", "N": "E"}


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended. ``scores`` and ``payments`` are by seat wind of this hand."""

    winner: str | None
    discarder: str | None  # who paid for the winning tile: the discarder, or the robbed player
    win_by: str | None
    situation: HandSituation | None
    score: ScoreResult | None
    scores: Mapping[str, int]
    payments: Mapping[str, int]
    next_dealer: str
    next_round_wind: str | None
    dead: tuple[str, ...] = ()
    # How the hand ended in the terms of its family, where they say more than the fields above
    # (Riichi's several winners, tenpai, abortive draws and the standing after): None elsewhere.
    family: Any = None
    # The other winners of a hand won by several at once (Riichi's double ron), nearest the discarder first.
    other_winners: tuple[str, ...] = ()
    # How a hand without a winner ended, in words, where the family says more than a drawn hand
    # (Riichi: who was ready at the wall's end, an abortive draw's kind).
    ending: str | None = None

    @property
    def exhausted(self) -> bool:
        """A drawn hand: the live wall ran out before anybody won."""
        return self.winner is None

    @property
    def self_drawn(self) -> bool:
        return self.win_by in ("self_draw", "kong_replacement", "flower_replacement")


class Results(HandBase):
    """Ending the hand: taking the winning tile, scoring, settling, and the next dealer and wind."""

    __slots__ = ()

    _result: HandResult | None  # how the hand ended, once it is over

    def _finish_win(self, seat: int, source: int | None, situation: HandSituation, result: ScoreResult) -> None:
        events = self._events
        tile = situation.winning_tile
        if source is not None:
            assert tile is not None  # a win on a discard or a robbed kong: the tile taken
            if self._phase is Phase.CLAIMS:
                self._piles[source].pop()
                self._discards_view = None
                events.append(
                    {
                        "event": "claim",
                        "seat": SEATS[seat],
                        "kind": "win",
                        "tile": tile_text(tile),
                        "from": SEATS[source],
                        "meld": None,
                    }
                )
            else:  # robbing: the added kong goes back to being a pung
                melds = self._melds[source]
                for index, meld in enumerate(melds):
                    if meld.kind is MeldKind.KONG and meld.open and meld.tiles[0] == tile:
                        melds[index] = Meld(MeldKind.PUNG, (tile, tile, tile), True, meld.source)
                        self._melds_view = None
                        break
                events.append({"event": "rob", "seat": SEATS[seat], "from": SEATS[source], "tile": tile_text(tile)})
            self._visible[tile] -= 1
            self._counts[seat][tile] += 1
            self._hand_sizes[seat] += 1
        events.append(
            {
                "event": "win",
                "seat": SEATS[seat],
                "from": SEATS[source] if source is not None else None,
                "situation": situation.to_dict(),
                "score": result.to_dict(),
            }
        )
        scores = dict.fromkeys(self._seats, 0)
        scores[SEATS[seat]] = result.total
        if self.procedure.scores_losers:
            for other in self._order_from[seat]:
                if other not in self._dead:
                    scores[SEATS[other]] = self._ruleset.score(self._losing_situation(other)).total
        self._end(
            SEATS[seat], SEATS[source] if source is not None else None, situation.win_by, situation, result, scores
        )

    def losing_situation(self, seat: str) -> HandSituation:
        """The hand ``seat`` holds, as the scorer reads a loser's hand (no winning tile): what a
        family that scores the losers (NTS) scored at the end, for a front end to show its card."""
        return self._losing_situation(SEATS.index(seat))

    def _losing_situation(self, seat: int) -> HandSituation:
        counts = self._counts[seat]
        return HandSituation(
            rules=self.rules,
            concealed=tuple(KINDS[t] for t in range(34) for _ in range(counts[t])),
            melds=tuple(self._melds[seat]),
            winning_tile=None,
            win_by="discard",
            seat_wind=SEATS[seat],
            round_wind=self.round_wind,
            bonus=tuple(sorted(self._bonus[seat])),
            options=dict(self._given_options),
        )

    def _exhaust(self) -> None:
        self._events.append({"event": "exhausted"})
        self._end(None, None, None, None, None, dict.fromkeys(self._seats, 0))

    def _end(
        self,
        winner: str | None,
        discarder: str | None,
        win_by: str | None,
        situation: HandSituation | None,
        result: ScoreResult | None,
        scores: dict[str, int],
    ) -> None:
        dead = tuple(SEATS[s] for s in sorted(self._dead))
        settlement = Settlement(
            rules=self.rules,
            winner=winner,
            win_by=win_by,
            discarder=discarder,
            scores=scores,
            options=dict(self._given_options),
            dead=frozenset(dead),
        )
        payments = dict(self._ruleset.settle(settlement))
        seats = self._seats
        for seat in seats:
            payments.setdefault(seat, 0)
        next_dealer, next_wind = self._next_dealer(winner)
        self._events.append(
            {
                "event": "hand_end",
                "scores": scores,
                "payments": {seat: payments[seat] for seat in seats},
                "next_dealer": next_dealer,
                "next_round_wind": next_wind,
                "winner": winner,
                "win_by": win_by,
                "discarder": discarder,
                "dead": list(dead),
            }
        )
        self._phase = Phase.OVER
        self._waiting = []
        self._changed()
        self._result = HandResult(
            winner=winner,
            discarder=discarder,
            win_by=win_by,
            situation=situation,
            score=result,
            scores=scores,
            payments={seat: payments[seat] for seat in seats},
            next_dealer=next_dealer,
            next_round_wind=next_wind,
            dead=dead,
        )

    def score_cards(self) -> dict[str, ScoreResult]:
        """Once won, the score card of every hand the family scores: the winner's, and where every
        hand is scored (NTS) each living loser's, by seat."""
        result = self._result
        if result is None or result.score is None or result.winner is None:
            return {}
        cards = {result.winner: result.score}
        if self.procedure.scores_losers:
            for other in self._seats:
                if other != result.winner and other not in result.dead:
                    cards[other] = self._ruleset.score(self.losing_situation(other))
        return cards

    def _next_dealer(self, winner: str | None) -> tuple[str, str | None]:
        proc = self.procedure
        rotation = proc.table.rotation
        if rotation == "none":
            passes = False
        elif rotation == "dealer_keeps":
            passes = winner is not None and winner != "E"
        else:  # "seats" (NTS: every seat moves on) and "pass" (chinese)
            passes = True
        next_dealer = "S" if passes else "E"
        if proc.round_wind == "dice":
            return next_dealer, None  # rolled at the start of the next game
        if proc.round_wind == "east":
            return next_dealer, "E"
        wind = self.round_wind
        if passes and self.deal_passes + 1 >= len(self._seats):  # every seat has dealt: the round is over
            wind = _NEXT_WIND[wind]
        return next_dealer, wind
