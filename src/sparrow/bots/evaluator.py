"""The evaluator: what each discard is worth, from one seat's observation alone, in points.

For every discard a player may make, the evaluator weighs what strong players weigh:

* **the chance to win this hand** after it: a ready hand by its live waits (those that can win:
  a ron needs no furiten), one that is not by how many unseen tiles bring it closer and how many
  draws are left (:mod:`sparrow.bots.odds`, the model the shared families' bots use);
* **what a win would be worth**: a ready hand asks the family's own scorer for every wait, by ron
  and by tsumo (a closed hand counted with riichi declared, as it would be), the dora and red fives
  as they stand; a hand further away is given the value of the han it already holds (riichi when
  closed, dora, red fives, all simples, value honours);
* **the chance to deal in** with it, against every player in riichi, by the readings of
  :mod:`sparrow.bots.reading`, and what that would cost (a riichi's usual price, a dealer's more);
* **riichi or not**: for a discard that leaves a closed hand ready, ``value`` is with riichi declared
  and ``dama_value`` without (:func:`_riichi_and_dama`: the stick, the expected ura dora and the
  opponents' folding against the han riichi adds, and a ron without riichi only on a yaku).

``value`` is then the expected gain of the hand in points: ``win_chance * win_value - deal_in *
deal_in_cost``, so values of different decisions are comparable (the coming review of a game reads
them). In a match's last hand, at a family that pays for places (Riichi's uma and oka), a win's and
a deal-in's points count the places they climb or drop as well (:mod:`sparrow.bots.placement`): the
points of the match's result. It is computed from the seat's view only (:class:`~sparrow.bots.seat_view.SeatView`, made from a live
table's observation or from a situation typed in): the seat's own tiles, the rivers, the sets and the
dora indicators, never another hand or the wall, and with no randomness (the same view, the same
values). Each value carries its ``reasons`` (:mod:`sparrow.bots.reasons`): what the discard keeps and
gives up, and how it reads against each player in riichi.

A :class:`~sparrow.bots.settings.Setting` says how much of this the evaluator counts: Expert's
(:data:`EXPERT`) all of it; Normal's (:data:`NORMAL`) is a weaker, faster one, a steady player's: its
own tiles alone as seen (it does not count the rivers and sets for tiles to come), every win worth a
typical win (the scorer is asked only whether a wait can win at all), no reading of the others'
danger and no riichi-or-dama weighing (Normal folds and declares by its own rules,
:mod:`sparrow.bots.riichi`).

Riichi is valued here (its observation's ``family`` view gives the dora indicators and who is in
riichi); the families the plan players play (an observation with no ``family`` view: NTS, HKOS, the
Chinese guidelines, casual) by :mod:`sparrow.bots.plan_values`, on the same scale of their own
payments, into the same :class:`DiscardValue`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from sparrow.bots import plan_values as by_plans
from sparrow.bots.odds import DISCARD_LOOKS, reach_chance, win_chance
from sparrow.bots.placement import Stakes, stakes_of
from sparrow.bots.reading import TileDanger, dangers_against
from sparrow.bots.reasons import Reason, danger_reason
from sparrow.bots.seat_view import SeatView, kind_of
from sparrow.bots.settings import EXPERT, NORMAL, Setting
from sparrow.core.analysis import accepted_tiles, discard_options, shanten, unseen_count
from sparrow.core.situation import HandSituation
from sparrow.core.tiles import Tile
from sparrow.game.views import Observation
from sparrow.rules import get_ruleset
from sparrow.rules.riichi import dora_of

__all__ = [
    "DiscardValue",
    "Setting",
    "EXPERT",
    "NORMAL",
    "evaluate_discards",
    "evaluate_standing",
    "value_of_win",
    "threats",
    "evaluator_choice",
    "evaluator_among",
    "places_at_stake",
    "places_counted",
    "RIICHI_DEAL_IN_COST",
    "han_points",
    "SeatView",
    "Reason",
]

TILES_IN_SET: Final = 136
# Riichi, in round figures: opponents who see it fold, so a share of their discards can still be a ron;
# the stick is lost when another player wins, about this share of the hands the riichi does not win.
RIICHI_LOOKS: Final = 0.6
RIICHI_STICK: Final = 1000.0
STICK_LOST_SHARE: Final = 0.6
# What dealing in to a riichi costs on average, non-dealer and dealer (round figures of online play:
# a riichi hand is usually worth 2 to 4 han with its dora and ura dora).
RIICHI_DEAL_IN_COST: Final = (5500.0, 8000.0)
# What a win is worth to a setting that does not ask the scorer (Normal's): a usual hand, the same
# round figures, non-dealer and dealer.
TYPICAL_WIN: Final = RIICHI_DEAL_IN_COST
# A ron's points by han at 30 fu, non-dealer (the limits from 5 han); a dealer is paid half as much again.
_HAN_POINTS: Final = (0, 1000, 2000, 3900, 7700, 8000, 12000, 12000, 16000, 16000, 16000, 24000, 24000, 32000)
# For each kind, the indicator that makes it a dora (the kind before it in its suit or cycle).
_INDICATOR_OF: Final = {int(dora_of(kind)): kind for kind in range(34)}
_WIND_KIND: Final = {"E": 27, "S": 28, "W": 29, "N": 30}
_DRAGONS: Final = (31, 32, 33)


@dataclass(frozen=True, slots=True)
class DiscardValue:
    """One discard and what it is worth (see the module docstring): chances from 0 to 1, points."""

    tile: Tile
    shanten: int
    accepted: int  # unseen tiles that bring the hand closer (its live waits, once ready)
    waits: tuple[Tile, ...]  # once ready, the waits that can win
    win_chance: float
    win_value: float
    deal_in: float  # the chance that this discard deals in, against every player in riichi together
    deal_in_cost: float
    value: float
    name: str = ""  # the copy let go as the family writes it: a plain five before a red one (0m)
    dangers: tuple[TileDanger, ...] = ()  # its reading against each player in riichi, in seat order
    reasons: tuple[Reason, ...] = ()  # why it ranks where it does (sparrow.bots.reasons)
    # A closed hand made ready: its value staying dama (no riichi), beside ``value`` with riichi.
    dama_value: float | None = None

    @property
    def declares(self) -> bool:
        """Whether riichi is worth more than staying dama (a closed hand made ready)."""
        return self.dama_value is None or self.value >= self.dama_value

    def to_dict(self) -> dict[str, Any]:
        return {
            "discard": str(self.tile),
            "shanten": self.shanten,
            "win_chance": round(100 * self.win_chance, 1),
            "win_value": round(self.win_value),
            "deal_in": round(100 * self.deal_in, 1),
            "value": round(self.value),
            **({} if self.dama_value is None else {"dama_value": round(self.dama_value)}),
            "reasons": [reason.to_dict() for reason in self.reasons],
        }


def han_points(han: int, dealer: bool) -> float:
    """A ron's points for ``han`` at 30 fu (the limits above), a dealer's half as much again."""
    points = _HAN_POINTS[min(max(han, 0), len(_HAN_POINTS) - 1)]
    return points * 1.5 if dealer else float(points)


def evaluate_discards(seen_from: Observation | SeatView, setting: Setting = EXPERT) -> list[DiscardValue]:
    """Every discard the seat may make now, with its value, best first: ``seen_from`` is its
    observation at a live table or its :class:`SeatView`. Empty when it has no discard to make
    (another seat's turn, or a claim to answer); ValueError for a family it does not serve yet (one
    whose observation shows a view of its own the evaluator does not read). ``setting``: how much it
    counts (:mod:`sparrow.bots.settings`), Expert's unless told."""
    if isinstance(seen_from, SeatView):
        if not seen_from.reads_dora:  # a family the plan players play: valued by its plans
            return _plan_discards(seen_from.to_observation(), setting)
        view = seen_from
    elif seen_from.family is None:
        return _plan_discards(seen_from, setting)
    elif SeatView.serves(seen_from) and not any(a.kind.value == "discard" for a in seen_from.legal_actions):
        return []  # not its turn: nothing to value, and no view to write
    else:
        view = SeatView.from_observation(seen_from)
    seat = view.seat
    allowed = {int(tile) for tile in view.may_discard}
    if not allowed:
        return []
    counts, seen, table, unseen_total, draws = _counted(view, setting.reads_table)
    melds = view.own_melds
    dealer = seat == "E"
    rivers = view.rivers
    threats = [other for other in view.riichi if other != seat] if setting.reads_danger else []
    dangers = {threat: dangers_against(threat, rivers, seen, turn=seat) for threat in threats}
    own_river = {kind_of(item.name) for item in rivers.get(seat, ())}
    closed = all(not meld.open for meld in melds)
    stakes = _stakes(view) if setting.counts_places and setting.counts_worth else None
    facts = _Facts(view, closed, dealer, furiten=view.furiten, stakes=stakes)
    values = []
    for option in discard_options(counts, len(melds), visible=table):
        kind = int(option.tile)
        if kind not in allowed:
            continue
        counts[kind] -= 1
        table[kind] += 1  # the discard lies in the river once made: no longer a tile to come
        kept = facts.without(kind)
        if option.shanten == 0:
            waiting = {int(w) for w in option.accepted}
            furiten = facts.furiten or bool(waiting & (own_river | {kind}))
            waits, chance, worth = facts.ready(
                kept, counts, option.accepted, table, furiten, unseen_total, draws, scored=setting.counts_worth
            )
            accepted = sum(max(0, 4 - counts[int(w)] - table[int(w)]) for w in waits)
            if closed and waits and seat not in view.riichi and setting.counts_worth:
                dama = facts.dama(kept, counts, waits, table, furiten, unseen_total, draws)
            else:
                dama = None
            kept_reason = (
                Reason.of("furiten" if furiten else "ready", waits=[str(w) for w in waits], left=accepted)
                if waits
                else Reason.of("no_yaku", shanten=0)
            )
        else:
            waits = ()
            dama = None
            accepted = max(0, option.unseen - (1 if option.tile in option.accepted else 0))
            yaku = facts.has_yaku(counts)
            chance = reach_chance(option.shanten, draws, accepted, unseen_total) if yaku else 0.0
            worth = facts.typical_value(counts, kept) if setting.counts_worth else 0.0
            kept_reason = (
                Reason.of("accepts", shanten=option.shanten, tiles=accepted)
                if yaku
                else Reason.of("no_yaku", shanten=option.shanten)
            )
        if not setting.counts_worth:
            worth = TYPICAL_WIN[dealer] if chance else 0.0
        table[kind] -= 1
        counts[kind] += 1
        # Each threat's chance times what it would cost: a dealer's riichi costs more.
        found = tuple(against[kind] for against in dangers.values())
        deal_ins = [(danger.percent / 100, RIICHI_DEAL_IN_COST[danger.seat == "E"]) for danger in found]
        if stakes is not None:  # the last hand: what paying that winner costs in places too
            deal_ins = [(chance_in, stakes.loss(price, d.seat)) for (chance_in, price), d in zip(deal_ins, found)]
        deal_in = sum(chance_in for chance_in, _ in deal_ins)
        loss = sum(chance_in * price for chance_in, price in deal_ins)
        cost = loss / deal_in if deal_in else (sum(price for _, price in deal_ins) / len(deal_ins) if deal_ins else 0.0)
        reasons = [kept_reason, *(danger_reason(danger, rivers[danger.seat], seen) for danger in found)]
        values.append(
            DiscardValue(
                option.tile,
                option.shanten,
                accepted,
                waits,
                chance,
                worth,
                deal_in,
                cost,
                chance * worth - loss - (facts.riichi_stick(chance) if dama is not None else 0.0),
                facts.let_go(kind),
                found,
                tuple(reasons),
                None if dama is None else dama - loss,
            )
        )
    values.sort(key=lambda v: (-v.value, v.shanten, -v.accepted, int(v.tile)))
    return _with_what_is_given_up(values, facts)


def evaluator_choice(observation: Observation, own: int, setting: Setting = EXPERT) -> int:
    """The discard (a kind) of a player whose own choice is ``own`` and who lets the evaluator (at
    ``setting``) choose among the discards that leave the hand as near ready: the one it values most,
    ``own`` among equals; ``own`` itself when it leaves the hand further from ready than the fastest
    discard (a fold, a plan: slower on purpose) or is not valued."""
    values = evaluate_discards(observation, setting)
    mine = next((value for value in values if int(value.tile) == own), None)
    if mine is None or mine.shanten > min(value.shanten for value in values):
        return own
    best = max((value for value in values if value.shanten == mine.shanten), key=lambda value: value.value)
    return int(best.tile) if best.value > mine.value else own


def evaluator_among(observation: Observation, equals: Sequence[int], setting: Setting = EXPERT) -> list[int]:
    """Of ``equals`` (kinds a player's own rules find equally good, in its order), those the evaluator
    (at ``setting``) values most, in the same order: the player's own rules choose among them. A kind
    it does not value (none: both come from the same legal discards) is left out; all of them when it
    values none."""
    wanted = set(equals)
    values = {
        int(value.tile): value.value for value in evaluate_discards(observation, setting) if int(value.tile) in wanted
    }
    if not values:
        return list(equals)
    best = max(values.values())
    return [tile for tile in equals if values.get(tile) == best] or list(equals)


def threats(observation: Observation) -> list[str]:
    """The opponents whose hands the evaluator reads as a plain threat, in seat order: the players in
    riichi (Riichi), those that look ready (the families the plan players play)."""
    if observation.family is None:
        return by_plans.threats(observation)
    return [seat for seat in getattr(observation.family, "riichi", ()) if seat != observation.seat]


def _plan_discards(observation: Observation, setting: Setting) -> list[DiscardValue]:
    values = [
        DiscardValue(tile, after, accepted, waits, chance, worth, deal_in, cost, value, str(tile), dangers, reasons)
        for tile, after, accepted, waits, chance, worth, deal_in, cost, value, dangers, reasons in by_plans.plan_values(
            observation, setting
        )
    ]
    values.sort(key=lambda v: (-v.value, v.shanten, -v.accepted, int(v.tile)))
    return _with_what_is_given_up(values, None)


def _counted(view: SeatView, reads_table: bool = True) -> tuple[list[int], list[int], list[int], int, float]:
    """What both valuations count from the view: the own tiles by kind, every copy in sight (own tiles
    included: what a reading counts), the rest of the table (what unseen counts leave out), the tiles
    unseen and the seat's draws left. Not ``reads_table``: the own tiles are all that is seen."""
    counts = [0] * 34
    for name in view.hand:
        counts[kind_of(name)] += 1
    seen = view.visible() if reads_table else list(counts)
    table = [seen[k] - counts[k] for k in range(34)]
    return counts, seen, table, max(1, TILES_IN_SET - sum(seen)), view.live_wall / len(view.seats)


def evaluate_standing(view: SeatView) -> float:
    """What the seat's standing hand is worth between its turns (13 tiles, nothing to discard), on
    the scale of :func:`evaluate_discards`' values: what passing on a call keeps. Its chance to win
    and a win's worth as a discard's are counted (a closed ready hand at the better of riichi and
    dama); no discard is made, so no deal-in. A family the plan players play is valued by its plans
    (:func:`sparrow.bots.plan_values.standing_value`)."""
    if not view.reads_dora:
        return by_plans.standing_value(view.to_observation())
    counts, _, table, unseen_total, draws = _counted(view)
    melds = view.own_melds
    closed = all(not meld.open for meld in melds)
    facts = _Facts(view, closed, view.seat == "E", furiten=view.furiten, stakes=_stakes(view))
    distance = shanten(counts, len(melds))
    if distance > 0:
        accepted = unseen_count(accepted_tiles(counts, len(melds)), counts, table)
        chance = reach_chance(distance, draws, accepted, unseen_total) if facts.has_yaku(counts) else 0.0
        return chance * facts.typical_value(counts, view.hand)
    waits = accepted_tiles(counts, len(melds))
    own_river = {kind_of(item.name) for item in view.rivers.get(view.seat, ())}
    furiten = facts.furiten or bool({int(w) for w in waits} & own_river)
    live, chance, worth = facts.ready(view.hand, counts, waits, table, furiten, unseen_total, draws)
    value = chance * worth
    if closed and live and view.seat not in view.riichi:
        value = max(
            value - facts.riichi_stick(chance), facts.dama(view.hand, counts, live, table, furiten, unseen_total, draws)
        )
    return value


def value_of_win(view: SeatView, winning: str, discarder: str | None) -> float:
    """What winning now on ``winning`` (a tile name) gains the seat, on the scale of the other values:
    on ``discarder``'s discard (the seat's view holds 13 tiles) or self-drawn when None (14, the
    drawn tile among them). Riichi's scorer gives the points (riichi counted when declared, with the
    ura dora it may turn on average, and haitei or houtei on the wall's last tile; ippatsu and the
    other yaku of a moment not); a family the plan players play is paid by its settlement
    (:func:`sparrow.bots.plan_values.win_gain`). 0 when the scorer finds no legal win."""
    if not view.reads_dora:
        return by_plans.win_gain(view.to_observation(), kind_of(winning), discarder)
    names = list(view.hand)
    if discarder is None:
        copies = [name for name in names if kind_of(name) == kind_of(winning)]
        names.remove(winning if winning in copies else copies[0])
    closed = all(not meld.open for meld in view.own_melds)
    facts = _Facts(view, closed, view.seat == "E", furiten=view.furiten)
    win_by = "self_draw" if discarder is None else "discard"
    riichi = view.seat in view.riichi
    points = facts.score(names, winning, win_by, riichi=riichi, last_tile=view.live_wall == 0)
    if riichi and points:  # the ura dora, turned once the hand is won: as many as expected
        _, _, table, unseen_total, _ = _counted(view)
        points = _with_ura(points, facts._ura_han([*names, winning], table, unseen_total), facts.dealer)
    stakes = _stakes(view)
    if stakes is None or not points:
        return points
    return stakes.tsumo_gain(points) if discarder is None else stakes.ron_gain(points, discarder)


def places_counted(observation: Observation) -> bool:
    """Whether the values of the seat's observation count the places at stake (:func:`places_at_stake`
    of its view): what a hint says beside its figures."""
    return places_at_stake(SeatView.from_observation(observation))


def places_at_stake(view: SeatView, setting: Setting = EXPERT) -> bool:
    """Whether the values of ``view`` at ``setting`` count the places at stake (the match's last hand
    of a family that pays for places, every seat's points known)."""
    return setting.counts_places and setting.counts_worth and _stakes(view) is not None


def _stakes(view: SeatView) -> Stakes | None:
    """The places at stake in the match's last hand (bots.placement), None before it."""
    threats = [(other, RIICHI_DEAL_IN_COST[other == "E"]) for other in view.riichi if other != view.seat]
    return stakes_of(view.rules, view.options, view.seat, view.scores, view.hands_left, threats)


def _with_what_is_given_up(values: list[DiscardValue], facts: _Facts | None) -> list[DiscardValue]:
    """Each value with what it gives up beside the others, after what it keeps: ``slower`` when it
    leaves the hand further from ready than the fastest discard, ``lets_dora_go`` when the tile let
    go is worth han (a dora, a red five: Riichi's ``facts``)."""
    if not values:
        return values
    fastest = min(value.shanten for value in values)
    given_up = []
    for value in values:
        extra = []
        if value.shanten > fastest:
            extra.append(Reason.of("slower", steps=value.shanten - fastest))
        han = facts.han_of(value.name) if facts is not None else 0
        if han:
            extra.append(Reason.of("lets_dora_go", tile=value.name, han=han))
        if extra:
            value = replace(value, reasons=(value.reasons[0], *extra, *value.reasons[1:]))
        given_up.append(value)
    return given_up


class _Facts:
    """What the seat's hand is worth: the scorer for a ready hand, a han count for one further away."""

    def __init__(self, view: SeatView, closed: bool, dealer: bool, furiten: bool, stakes: Stakes | None = None) -> None:
        self.view = view
        self.stakes = stakes  # the places at stake in the match's last hand: wins valued by them
        self.furiten = furiten  # a seat in riichi that passed a win: furiten for the rest of the hand
        self.indicators = view.dora_indicators
        self.closed = closed
        self.dealer = dealer
        self.dora = [int(dora_of(kind_of(name))) for name in self.indicators]
        # The own tiles as the family writes them: a red five is 0m, 0p or 0s (its scorer counts it).
        self.names = view.hand
        melds = view.own_melds
        self.meld_red = sum(1 for meld in melds for name in meld.tiles if name.startswith("0"))
        self.values = {*_DRAGONS, _WIND_KIND[view.seat], _WIND_KIND[view.round_wind]}
        kinds = [[kind_of(name) for name in meld.tiles] for meld in melds]
        self.set_kinds = [tiles[0] for tiles in kinds if tiles[0] == tiles[-1]]
        self.meld_tiles = [kind for tiles in kinds for kind in tiles]
        self.open_value_set = any(k in self.values for k in self.set_kinds)
        self.melds = [
            {"kind": meld.kind, "tiles": "".join(meld.tiles), "open": meld.open} for meld in melds
        ]  # as the scorer reads them

    def let_go(self, kind: int) -> str:
        """The name of the copy of ``kind`` a discard lets go: a plain five before a red one."""
        plain = str(Tile(kind))
        return plain if plain in self.names else plain.replace("5", "0")

    def han_of(self, name: str) -> int:
        """The han a tile is worth as it stands: a dora (once per indicator), a red five."""
        return self.dora.count(kind_of(name)) + (1 if name.startswith("0") else 0)

    def without(self, kind: int) -> tuple[str, ...]:
        """The own tiles' names less one of ``kind``: a plain five before a red one."""
        names = list(self.names)
        names.remove(self.let_go(kind))
        return tuple(names)

    def has_yaku(self, counts: Sequence[int]) -> bool:
        """A closed hand has riichi; an open one needs a value set (or a pair toward one) or all simples."""
        if self.closed or self.open_value_set:
            return True
        if any(counts[k] >= 2 for k in self.values):
            return True
        return _all_simples(counts, self.meld_tiles)

    def typical_value(self, counts: Sequence[int], kept: Sequence[str]) -> float:
        """The han the hand holds after the discard (``kept``: its tiles' names), as a ron's points:
        riichi when closed, dora, red fives, all simples, value honours held as a set or a pair."""
        han = (1 if self.closed else 0) + self.meld_red + sum(1 for name in kept if name.startswith("0"))
        han += sum(counts[d] for d in self.dora) + sum(self.meld_tiles.count(d) for d in self.dora)
        han += 1 if _all_simples(counts, self.meld_tiles) else 0
        han += sum(1 for k in self.values if counts[k] >= 3 or k in self.set_kinds)
        han += sum(1 for k in self.values if counts[k] == 2) // 2  # a pair is a set half the time
        points = han_points(max(han, 1), self.dealer)
        if self.stakes is None:
            return points
        return self.stakes.win_gain(points, points, _ron_share(self.closed))

    def ready(
        self,
        names: Sequence[str],
        counts: list[int],
        accepted: Sequence[Tile],
        table: Sequence[int],
        furiten: bool,
        unseen_total: int,
        draws: float,
        riichi: bool | None = None,
        scored: bool = True,
    ) -> tuple[tuple[Tile, ...], float, float]:
        """A ready hand's waits that can win (by tsumo alone when ``furiten``), its chance to win and
        a win's expected points. ``riichi`` (a closed hand's, unless told otherwise) counts the han it
        adds and the ura dora it may turn, and the opponents' folding against it: fewer of their
        discards can be a ron. Not ``scored``: only which waits can win, each win worth 1 (a closed
        hand with riichi has its yaku; an open one asks the scorer once a wait)."""
        riichi = self.closed if riichi is None else riichi
        live = 0
        value = 0.0
        waits = []
        looks = DISCARD_LOOKS * (RIICHI_LOOKS if riichi else 1.0)
        ron_share = _ron_share(riichi)
        ura = self._ura_han(names, table, unseen_total) if riichi and scored else 0.0
        for wait in accepted:
            left = max(0, 4 - counts[int(wait)] - table[int(wait)])
            if scored:
                ron = 0.0 if furiten else self.score(names, wait, "discard", riichi)
                tsumo = self.score(names, wait, "self_draw", riichi)
            else:
                tsumo = 1.0 if riichi else self.score(names, wait, "self_draw", riichi)
                ron = 0.0 if furiten else tsumo
            if not ron and not tsumo:
                continue
            waits.append(wait)
            if not left:
                continue
            live += left
            if self.stakes is not None:  # each way of winning by the places it wins
                value += left * self.stakes.win_gain(
                    _with_ura(ron, ura, self.dealer),
                    _with_ura(tsumo, ura, self.dealer),
                    0.0 if furiten or not ron else ron_share,
                )
                continue
            worth = tsumo if furiten or not ron else (ron_share * ron + (1 - ron_share) * tsumo)
            value += left * _with_ura(worth, ura, self.dealer)
        if not live:
            return tuple(waits), 0.0, 0.0
        chance = win_chance(live, unseen_total, draws, discard_wins=not furiten, looks=looks)
        return tuple(waits), chance, value / live

    def dama(
        self,
        names: Sequence[str],
        counts: list[int],
        waits: Sequence[Tile],
        table: Sequence[int],
        furiten: bool,
        unseen_total: int,
        draws: float,
    ) -> float:
        """What the closed ready hand ``names`` is worth staying dama, beside its value with riichi:
        a ron only on a yaku it holds without riichi (a tsumo is one, closed), the opponents' discards
        unafraid, no stick put up. The riichi it could declare on the next turn is not counted."""
        _, chance, worth = self.ready(names, counts, waits, table, furiten, unseen_total, draws, riichi=False)
        return chance * worth

    def riichi_stick(self, chance: float) -> float:
        """What declaring costs in the stick: lost when another player wins (most hands not won)."""
        return RIICHI_STICK * STICK_LOST_SHARE * (1 - chance)

    def _ura_han(self, names: Sequence[str], table: Sequence[int], unseen_total: int) -> float:
        """The ura dora a riichi may turn, in han on average: for each indicator, every tile kind of
        the hand (and of its sets) by the chance that the tile under the indicator points to it."""
        held = [kind_of(name) for name in names] + self.meld_tiles
        own = [0] * 34
        for kind in held:
            own[kind] += 1
        per_indicator = sum(
            max(0, 4 - own[_INDICATOR_OF[kind]] - table[_INDICATOR_OF[kind]]) / unseen_total for kind in held
        )
        return per_indicator * max(1, len(self.indicators))

    def score(
        self, names: Sequence[str], tile: Tile | str, win_by: str, riichi: bool, last_tile: bool = False
    ) -> float:
        """The scorer's points for winning on ``tile`` with the standing tiles ``names`` (0: no win)."""
        view = self.view
        data: dict[str, Any] = {
            "rules": view.rules,
            "options": dict(view.options),
            "concealed": "".join(names),
            "melds": self.melds,
            "winning_tile": str(tile),
            "win_by": win_by,
            "seat_wind": view.seat,
            "round_wind": view.round_wind,
            "moments": (["riichi"] if riichi else []) + (["last_tile"] if last_tile else []),
            "dora": "".join(name.replace("0", "5") for name in self.indicators),
        }
        try:
            result = get_ruleset(view.rules).score(HandSituation.from_dict(data))
        except (ValueError, NotImplementedError):
            return 0.0
        return float(result.total) if result.valid else 0.0


def _ron_share(riichi: bool) -> float:
    """The share of a ready hand's wins made on a discard: the opponents' discards it may win on per
    own draw (fewer against a riichi, which they fold against) over those and the draw."""
    looks = DISCARD_LOOKS * (RIICHI_LOOKS if riichi else 1.0)
    return looks / (1 + looks)


def _with_ura(worth: float, ura: float, dealer: bool) -> float:
    """A win's points with ``ura`` han more on average: each han doubles a hand below mangan, a
    mangan or more is counted as it is (the han it would add are rarely worth a limit more)."""
    mangan = han_points(5, dealer)
    if not ura or worth >= mangan:
        return worth
    return min(worth * 2**ura, mangan)


def _all_simples(counts: Sequence[int], meld_tiles: Sequence[int]) -> bool:
    def simple(kind: int) -> bool:
        return kind < 27 and kind % 9 not in (0, 8)

    return all(simple(k) for k in range(34) if counts[k]) and all(simple(k) for k in meld_tiles)
