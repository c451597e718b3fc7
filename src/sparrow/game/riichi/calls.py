"""Claims on a discard (ron, pon, daiminkan, chi) and robbing a kan (chankan: a kakan's added
tile, or a closed kan's tile for a thirteen-orphans wait), with their priorities: ron over pon and
kan over chi; several rons on one discard (see :meth:`~sparrow.game.riichi.base.HandBase._end_rons`).
Every seat offered something answers; then the priorities decide."""

from __future__ import annotations

from itertools import combinations

from sparrow.core.tiles import SEATS
from sparrow.game.riichi.actions import RiichiAction, RiichiActionKind
from sparrow.game.riichi.base import STICK, kind_counts, made
from sparrow.game.riichi.seat import RiichiMeld
from sparrow.game.riichi.turn import TurnMixin
from sparrow.game.riichi.waits import kuikae_forbidden, orphan_waits
from sparrow.rules.riichi.scorer import RiichiScore

__all__ = ["CallsMixin"]

_K = RiichiActionKind
_RANK = {_K.RON: 3, _K.PON: 2, _K.DAIMINKAN: 2, _K.CHI: 1, _K.PASS: 0}


class CallsMixin(TurnMixin):
    # --- offers ----------------------------------------------------------------------------------

    def _open_claims(self, seat: int, tile: int) -> None:
        self.phase = "claims"
        self.last_discard = tile
        self.discarder = seat
        self.offers = {}
        self.responses = {}
        for other in self._from(seat):
            actions = self._offers_on_discard(other, seat, tile)
            if actions:
                self.offers[other] = [*actions, made(_K.PASS, other)]
        if not self.offers:
            self._resolve_claims()

    def _from(self, seat: int) -> list[int]:
        """The other seats in turn order after ``seat``."""
        return [(seat + step) % 4 for step in (1, 2, 3)]

    def _offers_on_discard(self, seat: int, discarder: int, tile: int) -> list[RiichiAction]:
        actions: list[RiichiAction] = []
        if self._can_ron(seat, tile) is not None:
            actions.append(made(_K.RON, seat))
        player = self.seats[seat]
        if player.riichi or self.live_count == 0:
            return actions  # no set is called on the last discard, nor after riichi
        kind = tile >> 2
        same = [t for t in player.hand if t >> 2 == kind]
        if len(same) >= 2 and self._leaves_a_discard(seat, [kind, kind], kuikae_forbidden(kind, None)):
            faces = self.faces
            for pair in sorted({tuple(sorted(faces[t] for t in two)) for two in combinations(same, 2)}):
                actions.append(made(_K.PON, seat, tiles=pair))
        if len(same) == 3 and self.kans < 4:
            actions.append(made(_K.DAIMINKAN, seat))
        if seat == (discarder + 1) % 4 and kind < 27:
            actions.extend(self._chi_offers(seat, tile))
        return actions

    def _chi_offers(self, seat: int, tile: int) -> list[RiichiAction]:
        kind = tile >> 2
        player = self.seats[seat]
        held = {t >> 2 for t in player.hand}
        faces = self.faces
        found: set[tuple[int, int]] = set()
        for start in (kind - 2, kind - 1, kind):
            if start < 0 or start // 9 != kind // 9 or start % 9 > 6:
                continue
            others = [k for k in (start, start + 1, start + 2) if k != kind]
            if others[0] not in held or others[1] not in held:
                continue  # most discards: no run to call, known before any face is looked at
            first = {faces[t] for t in player.hand if t >> 2 == others[0]}
            second = {faces[t] for t in player.hand if t >> 2 == others[1]}
            if not self._leaves_a_discard(seat, others, kuikae_forbidden(kind, start)):
                continue
            for a in first:
                for b in second:
                    found.add((min(a, b), max(a, b)))
        return [made(_K.CHI, seat, tiles=pair) for pair in sorted(found)]

    def _leaves_a_discard(self, seat: int, used: list[int], forbidden: frozenset[int]) -> bool:
        """Whether, after a call taking ``used`` kinds from the hand, some tile may be discarded."""
        counts = kind_counts(self.seats[seat].hand)
        for kind in used:
            counts[kind] -= 1
        return any(count and kind not in forbidden for kind, count in enumerate(counts))

    def _open_chankan(self, seat: int, tile: int, kan: str) -> None:
        """Offer ron on a kakan's added tile, or on a closed kan's tile to a thirteen-orphans wait
        (as Tenhou allows); with no taker the kan stands."""
        self.phase = "chankan"
        self.kakan_tile = tile
        self.robbed_kan = kan
        self.discarder = seat
        self.last_discard = None
        self.offers = {}
        self.responses = {}
        for other in self._from(seat):
            if kan == "ankan" and tile >> 2 not in orphan_waits(kind_counts(self.seats[other].hand)):
                continue
            if self._can_ron(other, tile, chankan=True) is not None:
                self.offers[other] = [made(_K.RON, other), made(_K.PASS, other)]
        if not self.offers:
            self._kan_stands(seat)

    def _kan_stands(self, seat: int) -> None:
        if self.robbed_kan == "ankan":
            self._complete_ankan(seat)
        else:
            self._complete_kan(seat)

    def _claim_actions(self, seat: int) -> list[RiichiAction]:
        if seat in self.responses:
            return []
        return list(self.offers.get(seat, ()))

    # --- answers ---------------------------------------------------------------------------------

    def _answer(self, action: RiichiAction) -> None:
        self.responses[action.seat] = action
        if len(self.responses) == len(self.offers):
            if self.phase == "chankan":
                self._resolve_chankan()
            else:
                self._resolve_claims()

    def _missed_rons(self, tile: int | None = None) -> None:
        """Every seat that let a winning tile pass is furiten: until its next discard, and for the
        rest of the hand after riichi. A winning tile is one offered as ron, and on a discard
        (``tile``) any tile the seat waits on: the rule looks at the waits, not at the yaku, so a
        wait that could not win for want of one counts too."""
        for seat in self._from(self.discarder) if self.discarder is not None else ():
            chosen = self.responses.get(seat)
            if chosen is not None and chosen.kind is _K.RON:
                continue
            offered = any(a.kind is _K.RON for a in self.offers.get(seat, ()))
            if offered or (tile is not None and tile >> 2 in self.waits_of(seat)):
                player = self.seats[seat]
                player.temporary_furiten = True
                if player.riichi:
                    player.riichi_furiten = True

    def _rons(self, tile: int, chankan: bool) -> list[tuple[int, RiichiScore]]:
        assert self.discarder is not None
        winners: list[tuple[int, RiichiScore]] = []
        for seat in self._from(self.discarder):
            chosen = self.responses.get(seat)
            if chosen is not None and chosen.kind is _K.RON:
                card = self._can_ron(seat, tile, chankan=chankan)
                assert card is not None
                winners.append((seat, card))
        return winners

    def _resolve_chankan(self) -> None:
        seat, tile = self.discarder, self.kakan_tile
        assert seat is not None and tile is not None
        winners = self._rons(tile, True)
        if winners:
            for winner, _ in winners:
                self.emit("rob", seat=self.wind_name(winner), tile=self.name(tile), **{"from": self.wind_name(seat)})
            self._end_rons(winners, seat, tile)
            return
        self._missed_rons()
        self._kan_stands(seat)

    def _resolve_claims(self) -> None:
        seat, tile = self.discarder, self.last_discard
        assert seat is not None and tile is not None
        winners = self._rons(tile, False)
        if winners:
            self._end_rons(winners, seat, tile)
            return
        self._missed_rons(tile)
        player = self.seats[seat]
        if player.riichi_pending:
            player.riichi_pending = False
            player.riichi = True
            player.ippatsu = True
            self.scores[seat] -= STICK
            self.accepted_riichi.append(seat)
            scores = {wind: self.scores[self.seat_of(wind)] for wind in SEATS}
            self.emit("riichi", seat=self.wind_name(seat), scores=scores, sticks=self._sticks_on_table())
            if len(self.accepted_riichi) == 4 and self.options.four_riichi:
                self._end_abort("four_riichi")
                return
        if self._four_winds():
            self._end_abort("four_winds")
            return
        if self.kans == 4 and self.options.four_kongs and len(self._kan_owners()) > 1:
            self._end_abort("four_kongs")
            return
        calls = [a for a in self.responses.values() if a.kind is not _K.PASS]
        if calls:
            call = max(calls, key=lambda a: _RANK[a.kind])
            self._call(call, seat, tile)
            return
        if self.live_count == 0:
            self._end_exhaustive()
            return
        self._draw((seat + 1) % 4)

    def _four_winds(self) -> bool:
        if not self.options.four_winds or self.calls_made:
            return False
        rivers = [player.river for player in self.seats]
        if any(len(river) != 1 for river in rivers):
            return False
        kinds = {river[0].tile >> 2 for river in rivers}
        return len(kinds) == 1 and 27 <= next(iter(kinds)) <= 30

    def _kan_owners(self) -> set[int]:
        return {s for s in range(4) if any(meld.is_kan for meld in self.seats[s].melds)}

    # --- calls -----------------------------------------------------------------------------------

    def _call(self, call: RiichiAction, discarder: int, tile: int) -> None:
        seat = call.seat
        player = self.seats[seat]
        kind = tile >> 2
        self.seats[discarder].river[-1].called = True
        if call.kind is _K.DAIMINKAN:
            taken = self._take_kind(seat, kind, 3)
            meld = RiichiMeld("daiminkan", tuple(sorted((*taken, tile))), tile, discarder)
        else:
            taken = [self._take_face(seat, face) for face in call.tiles]
            name = "pon" if call.kind is _K.PON else "chi"
            meld = RiichiMeld(name, tuple(sorted((*taken, tile))), tile, discarder)
            start = None if call.kind is _K.PON else min(t >> 2 for t in meld.tiles)
            player.kuikae = kuikae_forbidden(kind, start)
        player.melds.append(meld)
        kinds = {"chi": "chow", "pon": "pung", "daiminkan": "kong"}
        self.emit(
            "claim",
            seat=self.wind_name(seat),
            kind=kinds[meld.kind],
            call=meld.kind,
            tile=self.name(tile),
            **{"from": self.wind_name(discarder)},
            meld=[self.name(t) for t in meld.tiles],
        )
        self.offers, self.responses = {}, {}
        self.last_discard = self.discarder = None
        if meld.kind == "daiminkan":
            self._complete_kan(seat)
            return
        self._break_ippatsu()
        self.turn = seat
        self.phase = "turn"
        self.drawn = None
        self.drawn_rinshan = False

    def _take_face(self, seat: int, face: int) -> int:
        player = self.seats[seat]
        tile = next(t for t in player.hand if self.face(t) == face)
        player.hand.remove(tile)
        return tile
