"""The data of one Riichi hand and what every part of its play shares: the wall and the dead wall,
the dora, the events, scoring a win, furiten, and the ends of the hand.

:class:`~sparrow.game.riichi.state.RiichiHandState` is this base with the turn
(:mod:`~sparrow.game.riichi.turn`) and the calls (:mod:`~sparrow.game.riichi.calls`) mixed in.
Seats are 0-3 (seat 0 the first dealer, as in :mod:`sparrow.rules.riichi.match`); the events write a
seat as its wind in this hand (``E`` is the dealer), as the game-log contract does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparrow.core.analysis import shanten
from sparrow.core.tiles import SEATS, Tile
from sparrow.game.riichi.actions import RiichiAction, RiichiActionKind
from sparrow.game.riichi.result import RiichiHandResult, RiichiWin, settle_hand
from sparrow.game.riichi.seat import RiichiSeat
from sparrow.game.riichi.tiles import (
    LIVE_END,
    face_name,
    indicator_index,
    kind_of,
    names,
    rinshan_index,
    ura_index,
)
from sparrow.game.riichi.waits import waits
from sparrow.rules.riichi.hand import NotWinningError, NoYakuError, RiichiHand
from sparrow.rules.riichi.match import Liability, Standing
from sparrow.rules.riichi.points import YAKUMAN as YAKUMAN_BASE
from sparrow.rules.riichi.presets import MatchOptions
from sparrow.rules.riichi.scorer import RiichiScore, score

__all__ = ["HandBase", "PHASES"]

PHASES = ("turn", "claims", "chankan", "over")
STICK = 1000


def kind_counts(hand: list[int]) -> list[int]:
    """How many of each of the 34 kinds these tile ids hold (``RiichiSeat.kind_counts``, compiled)."""
    counts = [0] * 34
    for tile in hand:
        counts[tile >> 2] += 1
    return counts


# RiichiAction.made's actions by their fields, looked up here (compiled) before asking it: the same
# values it hands out, each made once.
_MADE: dict[tuple[RiichiActionKind, int, int | None, tuple[int, ...], bool], RiichiAction] = {}


def made(
    kind: RiichiActionKind, seat: int, tile: int | None = None, tiles: tuple[int, ...] = (), riichi: bool = False
) -> RiichiAction:
    """:meth:`RiichiAction.made`: an action the table lists, the same value each time."""
    key = (kind, seat, tile, tiles, riichi)
    action = _MADE.get(key)
    if action is None:
        action = _MADE[key] = RiichiAction.made(kind, seat, tile, tiles, riichi)
    return action


_NO_WAITS: frozenset[int] = frozenset()
_NONE_HELD = (0,) * 34  # no kind counted as held: every completing kind is a wait


class HandBase:
    """The state of one hand (see the module docstring). Mutable; :meth:`apply` changes it."""

    seed: int | None
    options: MatchOptions
    dealer: int
    round_wind: int
    honba: int
    sticks: int
    start_scores: tuple[int, int, int, int]
    scores: list[int]  # live: the riichi sticks posted this hand already taken off
    red: frozenset[int]
    wall: list[int]
    front: int
    kans: int
    rinshan_drawn: int
    dora_count: int
    pending_dora: int
    seats: list[RiichiSeat]
    turn: int
    phase: str
    drawn: int | None
    drawn_rinshan: bool
    calls_made: bool  # a call (ankan included) interrupted the first go-around
    last_discard: int | None  # the tile id open to claims
    discarder: int | None
    kakan_tile: int | None  # the tile of a kan open to chankan
    robbed_kan: str | None  # which kan is open to chankan: "kakan", or "ankan" (thirteen orphans only)
    offers: dict[int, list[RiichiAction]]
    responses: dict[int, RiichiAction]
    accepted_riichi: list[int]
    events: list[dict[str, Any]]
    result: RiichiHandResult | None
    winds: tuple[str, ...]  # each seat's wind letter this hand, by seat (E for the dealer)
    faces: tuple[int, ...]  # the face of each tile id (tiles.face_table of the red fives)
    tile_names: tuple[str, ...]  # the name of each tile id (tiles.name_table)
    # Per seat, its standing tiles when its waits were last found and those waits: a seat's waits
    # change only with its tiles (its sets change only with them too), and are asked for at every
    # discard of another seat.
    waits_cache: list[tuple[tuple[int, ...], frozenset[int]] | None]

    # --- seats and tiles ---------------------------------------------------------------------------

    def wind_name(self, seat: int) -> str:
        """The seat's wind letter this hand (E for the dealer)."""
        return self.winds[seat]

    def seat_of(self, wind: str) -> int:
        return (SEATS.index(wind) + self.dealer) % 4

    def name(self, tile_id: int) -> str:
        return self.tile_names[tile_id]

    def face(self, tile_id: int) -> int:
        return self.faces[tile_id]

    @property
    def live_end(self) -> int:
        return LIVE_END - self.kans

    @property
    def live_count(self) -> int:
        """Tiles left to draw from the live wall."""
        return self.live_end - self.front

    @property
    def dora_indicators(self) -> tuple[int, ...]:
        return tuple(self.wall[indicator_index(i)] for i in range(self.dora_count))

    @property
    def ura_indicators(self) -> tuple[int, ...]:
        return tuple(self.wall[ura_index(i)] for i in range(self.dora_count))

    def dead_wall(self) -> list[int]:
        """The 14 tiles of the dead wall now (indicators included, replacement tiles drawn excluded)."""
        return self.wall[self.live_end : len(self.wall) - self.rinshan_drawn]

    def live_wall(self) -> list[int]:
        return self.wall[self.front : self.live_end]

    def emit(self, event: str, **fields: Any) -> None:
        self.events.append({"event": event, **fields})

    # --- drawing and the dora ------------------------------------------------------------------------

    def _draw(self, seat: int) -> None:
        tile = self.wall[self.front]
        self.front += 1
        self._take(seat, tile, False)

    def _draw_replacement(self, seat: int) -> None:
        tile = self.wall[rinshan_index(self.rinshan_drawn)]
        self.rinshan_drawn += 1
        self._take(seat, tile, True)

    def _take(self, seat: int, tile: int, rinshan: bool) -> None:
        player = self.seats[seat]
        player.hand.append(tile)
        player.drew = True
        self.turn = seat
        self.phase = "turn"
        self.drawn = tile
        self.drawn_rinshan = rinshan
        self.last_discard = self.discarder = self.kakan_tile = None
        self.offers, self.responses = {}, {}
        self.emit("draw", seat=self.wind_name(seat), tile=self.name(tile), source="replacement" if rinshan else "live")

    def _reveal_dora(self) -> None:
        self.dora_count += 1
        self.emit("dora", indicator=self.name(self.wall[indicator_index(self.dora_count - 1)]))

    def _flush_dora(self) -> None:
        """Turn over the kan dora still owed for an open kan (after its discard, or at the next kan)."""
        while self.pending_dora:
            self.pending_dora -= 1
            self._reveal_dora()

    # --- waits, furiten and wins -------------------------------------------------------------------

    def waits_of(self, seat: int, without: int | None = None) -> frozenset[int]:
        """The seat's waits, its standing tiles less ``without`` (a tile id) when given."""
        if without is not None:
            return self._waits_without(seat, without >> 2)
        player = self.seats[seat]
        if len(player.hand) % 3 != 1:
            return _NO_WAITS  # a hand holding its drawn (or called) tile waits on nothing
        key = tuple(player.hand)
        cached = self.waits_cache[seat]
        if cached is not None and cached[0] == key:
            return cached[1]
        found = self._waits_without(seat, None)
        self.waits_cache[seat] = (key, found)
        return found

    def _waits_without(self, seat: int, kind: int | None) -> frozenset[int]:
        """The seat's waits, its standing tiles less one tile of ``kind`` when given."""
        player = self.seats[seat]
        counts = kind_counts(player.hand)
        if kind is not None:
            counts[kind] -= 1
        if shanten(counts, len(player.melds)) != 0:
            return _NO_WAITS  # not ready (the shanten tables answer at once; most hands are not)
        if self.options.wait_on_own_fourth:
            return waits(counts, _NONE_HELD)
        held = player.held_counts()
        if kind is not None:
            held[kind] -= 1
        return waits(counts, held)

    def is_furiten(self, seat: int) -> bool:
        """Permanent (a wait in its own river), temporary (passed a ron since its last discard) or
        riichi furiten (passed a ron after riichi)."""
        player = self.seats[seat]
        if player.temporary_furiten or player.riichi_furiten:
            return True
        found = self.waits_of(seat)
        if not found:
            return False
        for item in player.river:  # a wait in its own river (RiichiSeat.river_kinds, compiled here)
            if item.tile >> 2 in found:
                return True
        return False

    def _first_go_around(self, seat: int) -> bool:
        """No call yet this hand and the seat has not discarded: its first, uninterrupted turn."""
        return not self.calls_made and not self.seats[seat].river

    def _sticks_on_table(self) -> int:
        return self.sticks + len(self.accepted_riichi)

    def _score_win(self, seat: int, tile: int, *, tsumo: bool, chankan: bool = False) -> RiichiScore | None:
        """The score of the seat winning on ``tile`` (drawn, discarded or added to a kan), or None when
        it does not win or has no yaku (the one-yaku minimum)."""
        standing = list(self.seats[seat].hand)
        if tsumo:
            standing.remove(tile)
        return self._score_hand(seat, standing, tile, tsumo=tsumo, chankan=chankan, moment=True)

    def would_score(self, seat: int, standing: Sequence[int], tile: int, *, tsumo: bool) -> RiichiScore | None:
        """What the seat would score winning on ``tile`` with these standing tiles (ids) and its sets,
        later in this hand (a hint's question): its riichi, the dora and the red fives as they are
        now, none of the yaku of a moment (ippatsu, haitei, rinshan, a first turn's). None when it
        would not win, or win without a yaku."""
        return self._score_hand(seat, list(standing), tile, tsumo=tsumo, chankan=False, moment=False)

    def _score_hand(
        self, seat: int, standing: list[int], tile: int, *, tsumo: bool, chankan: bool, moment: bool
    ) -> RiichiScore | None:
        player = self.seats[seat]
        complete = [0] * 34
        for t in standing:
            complete[t >> 2] += 1
        complete[tile >> 2] += 1
        if shanten(complete, len(player.melds)) != -1:
            return None  # not a winning shape: no need to read it for yaku
        melds = tuple(meld.to_core() for meld in player.melds)
        tiles = [*standing, tile, *(t for meld in player.melds for t in meld.tiles)]
        riichi = player.riichi
        first = moment and self._first_go_around(seat)
        options = self.options.scoring
        last = moment and self.live_count == 0
        hand = RiichiHand(
            tuple(kind_of(t) for t in standing),
            kind_of(tile),
            melds,
            tsumo=tsumo,
            seat_wind=self.wind_name(seat),
            round_wind=SEATS[self.round_wind],
            riichi=riichi and not player.double_riichi,
            double_riichi=riichi and player.double_riichi,
            ippatsu=moment and player.ippatsu,
            haitei=tsumo and last and not self.drawn_rinshan,
            houtei=not tsumo and last and not chankan,
            rinshan=tsumo and moment and self.drawn_rinshan,
            chankan=chankan,
            tenhou=tsumo and first and seat == self.dealer,
            chiihou=tsumo and first and seat != self.dealer,
            renhou=not tsumo and options.renhou != "none" and first and not player.drew and seat != self.dealer,
            dora_indicators=tuple(kind_of(t) for t in self.dora_indicators),
            ura_dora_indicators=tuple(kind_of(t) for t in self.ura_indicators) if riichi and moment else (),
            aka=sum(1 for t in tiles if t in self.red) if options.aka_dora else 0,
            honba=self.honba,
            riichi_sticks=self._sticks_on_table(),
            options=options,
        )
        try:
            return score(hand)
        except (NotWinningError, NoYakuError):
            return None

    def _can_ron(self, seat: int, tile: int, chankan: bool = False) -> RiichiScore | None:
        if tile >> 2 not in self.waits_of(seat) or self.is_furiten(seat):
            return None
        return self._score_win(seat, tile, tsumo=False, chankan=chankan)

    # --- the ends of the hand ----------------------------------------------------------------------

    def standing(self) -> Standing:
        """The match's standing before this hand (as :func:`sparrow.rules.riichi.match.settle` takes it)."""
        return Standing(self.start_scores, self.round_wind, self.dealer + 1, self.honba, self.sticks)

    def _finish(self, kind: str, **facts: Any) -> None:
        result = settle_hand(self.standing(), kind, self.options, tuple(self.accepted_riichi), **facts)
        self.result = result
        self.phase = "over"
        self.offers, self.responses = {}, {}
        after = result.settlement.after
        self.emit(
            "hand_end",
            payments={self.wind_name(s): result.deltas[s] for s in range(4)},
            scores={self.wind_name(s): after.scores[s] for s in range(4)},
            next_dealer=self.wind_name(after.dealer),  # the next dealer's wind in this hand
            next_round_wind=SEATS[after.round_wind],
            honba=after.honba,
            sticks=after.sticks,
            renchan=result.settlement.renchan,
            finished=after.finished,
        )

    def _win_event(self, win: RiichiWin) -> None:
        card = win.score
        self.emit(
            "win",
            seat=self.wind_name(win.seat),
            **{"from": None if win.source is None else self.wind_name(win.source)},
            tile=face_name(win.tile),
            hand=names(sorted(self.seats[win.seat].hand), self.red),
            ura_indicators=names(self.ura_indicators, self.red) if self.seats[win.seat].riichi else [],
            score={
                "yaku": [[item.name, item.value] for item in card.yaku],
                "han": card.han,
                "fu": card.fu,
                "yakuman": card.yakuman,
                "limit": card.limit,
                "points": card.points,
            },
        )

    def _end_tsumo(self, seat: int, card: RiichiScore) -> None:
        assert self.drawn is not None
        win = RiichiWin(seat, None, self.face(self.drawn), card, self._liability(seat, card))
        self._win_event(win)
        self._finish("tsumo", wins=(win,))

    def _end_rons(self, winners: list[tuple[int, RiichiScore]], loser: int, tile: int) -> None:
        """``winners`` in turn order from the discarder (the nearest first)."""
        face = self.face(tile)
        wins = [RiichiWin(seat, loser, face, card, self._liability(seat, card)) for seat, card in winners]
        if len(wins) == 3 and self.options.triple_ron == "abortive":
            self.emit("abort", kind="triple_ron", seats=[self.wind_name(w.seat) for w in wins])
            self._finish("abortive", abort="triple_ron", loser=loser, robbed=tuple(wins))
            return
        if len(wins) > 1 and (
            not self.options.double_ron or (len(wins) == 3 and self.options.triple_ron == "head_bump")
        ):
            wins = wins[:1]
        for win in wins:
            self.emit(
                "claim",
                seat=self.wind_name(win.seat),
                kind="win",
                tile=self.name(tile),
                **{"from": self.wind_name(loser)},
                meld=[],
            )
            self._win_event(win)
        self._finish("ron", wins=tuple(wins), loser=loser)

    def _liability(self, seat: int, card: RiichiScore) -> Liability | None:
        """Pao: the seat that fed the last dragon (or wind) set of a daisangen (daisuushii) won, or
        the discard the fourth kan of a suukantsu was called on, when the rules make it liable."""
        for yaku, kinds in (("daisangen", range(31, 34)), ("daisuushii", range(27, 31))):
            if yaku in card.yaku_keys and yaku in self.options.pao:
                sets = [m for m in self.seats[seat].melds if m.kind != "chi" and m.kind_of_tiles in kinds]
                if len(sets) == len(kinds) and sets[-1].source is not None:
                    # A yakuman line's value counts its yakuman: daisuushii is two under double_yakuman.
                    yakuman = card.yaku[card.yaku_keys.index(yaku)].value
                    return Liability(sets[-1].source, yaku, YAKUMAN_BASE * yakuman)
        if "suukantsu" in card.yaku_keys and "suukantsu" in self.options.pao:
            # The kans' order is the events': a kakan stands where its pon stood among the melds.
            wind = self.wind_name(seat)
            events = self.events
            last: dict[str, Any] = {}
            for index in range(len(events) - 1, -1, -1):  # from the last event back
                last = events[index]
                if last.get("seat") == wind and (last["event"] == "kong" or last.get("call") == "daiminkan"):
                    break
            if last["event"] == "claim":
                return Liability(self.winds.index(last["from"]), "suukantsu")
        return None

    def _end_abort(self, kind: str, seat: int | None = None) -> None:
        if seat is None:
            self.emit("abort", kind=kind)
        else:
            self.emit("abort", kind=kind, seat=self.wind_name(seat))
        self._finish("abortive", abort=kind)

    def _end_exhaustive(self) -> None:
        tenpai = frozenset(s for s in range(4) if self.waits_of(s))
        nagashi: frozenset[int] = frozenset()
        if self.options.nagashi_mangan:
            nagashi = frozenset(
                s
                for s in range(4)
                if self.seats[s].river
                and all(Tile(item.tile >> 2).is_orphan and not item.called for item in self.seats[s].river)
            )
        self.emit(
            "exhausted",
            tenpai=[self.wind_name(s) for s in sorted(tenpai)],
            nagashi=[self.wind_name(s) for s in sorted(nagashi)],
        )
        self._finish("exhaustive", tenpai=tenpai, nagashi=nagashi)

    # --- filled in by the mixins -------------------------------------------------------------------

    def _open_claims(self, seat: int, tile: int) -> None:
        raise NotImplementedError

    def _turn_actions(self, seat: int) -> list[RiichiAction]:
        raise NotImplementedError

    def _claim_actions(self, seat: int) -> list[RiichiAction]:
        raise NotImplementedError
