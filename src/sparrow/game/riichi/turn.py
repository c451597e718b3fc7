"""A seat's own turn in a Riichi hand: discarding (and declaring riichi), tsumo, ankan, kakan and
nine terminals."""

from __future__ import annotations

from sparrow.core.analysis import shanten
from sparrow.game.riichi.actions import RiichiAction, RiichiActionKind
from sparrow.game.riichi.base import STICK, HandBase, kind_counts, made
from sparrow.game.riichi.seat import RiichiMeld, RiverTile
from sparrow.game.riichi.tiles import FACE_KINDS
from sparrow.game.riichi.waits import orphan_kinds, waits

__all__ = ["TurnMixin"]

_K = RiichiActionKind


class TurnMixin(HandBase):
    def _can_declare_riichi(self, seat: int) -> bool:
        """Closed, not yet in riichi, on a drawn tile, 1,000 points to pay (unless the rules play on
        below zero, as the settlement does), and 4 tiles or more left to draw."""
        player = self.seats[seat]
        return (
            not player.riichi
            and player.is_closed
            and self.drawn is not None
            and (self.scores[seat] >= STICK or not self.options.busting)
            and self.live_count >= 4
        )

    def _turn_actions(self, seat: int) -> list[RiichiAction]:
        player = self.seats[seat]
        actions: list[RiichiAction] = []
        drawn = self.drawn
        counts = kind_counts(player.hand)
        # The shanten of the whole hand, drawn tile included, answers two questions at once: only a
        # complete shape (-1) may win by tsumo, and only a hand within one tile of ready (0 or -1)
        # has a discard that leaves it ready, to declare riichi with (the best discard keeps the
        # hand's shanten, or leaves a complete one ready).
        whole = shanten(counts, len(player.melds)) if drawn is not None else 1
        if whole < 0 and drawn is not None and self._score_win(seat, drawn, tsumo=True) is not None:
            actions.append(made(_K.TSUMO, seat))
        if player.riichi:
            assert drawn is not None
            actions.append(made(_K.DISCARD, seat, self.faces[drawn]))
        else:
            faces = self.faces
            riichi = whole <= 0 and self._can_declare_riichi(seat)
            kuikae = player.kuikae
            ready: dict[int, bool] = {}  # by kind: whether discarding one leaves the hand ready
            for face in sorted({faces[tile] for tile in player.hand}):
                kind = FACE_KINDS[face]
                if kuikae and kind in kuikae:
                    continue
                actions.append(made(_K.DISCARD, seat, face))
                if riichi:
                    leaves = ready.get(kind)
                    if leaves is None:
                        leaves = ready[kind] = bool(self._waits_without(seat, kind))
                    if leaves:
                        actions.append(made(_K.DISCARD, seat, face, riichi=True))
        if drawn is not None and self.live_count > 0 and self.kans < 4:
            actions.extend(self._kan_actions(seat, drawn, counts))
        if (
            drawn is not None
            and self.options.nine_terminals
            and self._first_go_around(seat)
            and orphan_kinds(counts) >= 9
        ):
            actions.append(made(_K.KYUUSHU, seat))
        return actions

    def _kan_actions(self, seat: int, drawn: int, counts: list[int]) -> list[RiichiAction]:
        player = self.seats[seat]
        actions: list[RiichiAction] = []
        if 4 not in counts and (player.riichi or not player.melds):
            return actions  # no four of a kind, and no pon to add to
        for kind in range(34):
            if counts[kind] == 4 and (not player.riichi or self._riichi_kan_keeps_waits(seat, kind, drawn)):
                actions.append(made(_K.ANKAN, seat, kind))
        if not player.riichi:
            for meld in player.melds:
                if meld.kind == "pon" and counts[meld.kind_of_tiles]:
                    actions.append(made(_K.KAKAN, seat, meld.kind_of_tiles))
        return actions

    def _riichi_kan_keeps_waits(self, seat: int, kind: int, drawn: int) -> bool:
        """After riichi, an ankan only of the drawn tile's kind and only when the waits stay."""
        if drawn >> 2 != kind:
            return False
        player = self.seats[seat]
        before = self.waits_of(seat, without=drawn)
        counts = kind_counts(player.hand)
        held = player.held_counts()
        counts[kind] = 0
        return before == waits(counts, held)

    # --- applying --------------------------------------------------------------------------------

    def _apply_turn(self, action: RiichiAction) -> None:
        kind = action.kind
        seat = action.seat
        if kind is _K.DISCARD:
            assert action.tile is not None
            self._discard(seat, action.tile, action.riichi)
        elif kind is _K.TSUMO:
            assert self.drawn is not None
            card = self._score_win(seat, self.drawn, tsumo=True)
            assert card is not None
            self._end_tsumo(seat, card)
        elif kind is _K.ANKAN:
            assert action.tile is not None
            self._ankan(seat, action.tile)
        elif kind is _K.KAKAN:
            assert action.tile is not None
            self._kakan(seat, action.tile)
        elif kind is _K.KYUUSHU:
            self._end_abort("nine_terminals", seat)

    def _discard(self, seat: int, face: int, riichi: bool) -> None:
        player = self.seats[seat]
        drawn = self.drawn
        if drawn is not None and self.face(drawn) == face:
            tile = drawn
        else:
            tile = next(t for t in player.hand if self.face(t) == face)
        if riichi:
            player.double_riichi = self._first_go_around(seat)
            player.riichi_pending = True
        elif player.ippatsu:
            player.ippatsu = False  # the go-around after riichi is over
        player.hand.remove(tile)
        player.river.append(RiverTile(tile, tile == drawn, riichi))
        player.temporary_furiten = False
        player.kuikae = frozenset()
        self.drawn = None
        self.emit("discard", seat=self.wind_name(seat), tile=self.name(tile), riichi=riichi, tsumogiri=tile == drawn)
        self._flush_dora()
        self._open_claims(seat, tile)

    def _take_kind(self, seat: int, kind: int, count: int) -> list[int]:
        player = self.seats[seat]
        taken = [t for t in player.hand if t >> 2 == kind][:count]
        for tile in taken:
            player.hand.remove(tile)
        return taken

    def _break_ippatsu(self) -> None:
        self.calls_made = True
        for player in self.seats:
            player.ippatsu = False

    def _ankan(self, seat: int, kind: int) -> None:
        tiles = tuple(sorted(self._take_kind(seat, kind, 4)))
        self.seats[seat].melds.append(RiichiMeld("ankan", tiles))
        self.kans += 1
        self._break_ippatsu()
        self.drawn = None
        self.emit("kong", seat=self.wind_name(seat), kind="concealed", tiles=[self.name(t) for t in tiles])
        self._flush_dora()  # the dora of an open kan before it, owed till now
        self._open_chankan(seat, tiles[-1], "ankan")

    def _complete_ankan(self, seat: int) -> None:
        self._reveal_dora()  # a closed kan's dora is turned over at once
        self._draw_replacement(seat)

    def _kakan(self, seat: int, kind: int) -> None:
        player = self.seats[seat]
        (tile,) = self._take_kind(seat, kind, 1)
        index = next(i for i, m in enumerate(player.melds) if m.kind == "pon" and m.kind_of_tiles == kind)
        pon = player.melds[index]
        player.melds[index] = RiichiMeld("kakan", tuple(sorted((*pon.tiles, tile))), pon.called, pon.source)
        self.drawn = None
        self.emit(
            "kong", seat=self.wind_name(seat), kind="added", tiles=[self.name(t) for t in player.melds[index].tiles]
        )
        self._flush_dora()
        self._open_chankan(seat, tile, "kakan")

    def _complete_kan(self, seat: int) -> None:
        """An open kan stands (nobody robbed it): its dora is owed until the discard, then the
        replacement tile."""
        self.kans += 1
        self.pending_dora += 1
        self._break_ippatsu()
        self._draw_replacement(seat)

    def _open_chankan(self, seat: int, tile: int, kan: str) -> None:
        raise NotImplementedError
