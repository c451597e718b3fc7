"""The computer players of Riichi: Easy, Normal and Expert, from what one seat sees.

A :class:`RiichiBot` reads a seat's observation (:func:`sparrow.game.riichi.observation`, plain
values) and its legal actions, and answers one of them. What each level does:

* **Easy** plays for speed alone: the discard that leaves the fewest tiles to go (shanten), any
  tie broken at random; it calls a pung of its own value honours, declares riichi whenever it may
  and never folds.
* **Normal** adds what a steady player does: among the discards of equal shanten, the one the
  evaluator values most at Normal's setting (:data:`~sparrow.bots.evaluator.NORMAL`: the chance to
  win, its own tiles alone counted as seen; the wait that can win, not in furiten), then the most
  unseen tiles to improve (acceptance); calls only for a yaku (a value honour, or
  all simples when every tile it keeps is a simple); against a riichi it folds unless it is ready
  or one tile from ready with a good hand, discarding the safest tile (genbutsu, then a tile with
  no chance to be waited on, then suji, then honours by the copies seen, then the rest).
* **Expert** discards by the evaluator (:mod:`sparrow.bots.evaluator`, given as a :class:`Judgement`
  of the decision): among the discards that keep its hand fastest it lets go of the one the evaluator
  values most (expected points: the waits and what they score, the dora and yaku kept, the danger
  against each riichi). It folds as Normal does but pushes a hand one from ready with a dora, fears
  an open hand of three sets showing its value, stays dama (no riichi) with a hand already ready on a
  yaku and a good wait when another player has declared, calls for a yaku within two of ready, and
  ends a hopeless first hand by nine terminals. In the match's last hand, against a riichi, it folds
  or pushes, and declares or stays dama, as the evaluator weighs the places at stake
  (:mod:`sparrow.bots.placement`). Without a judgement (a bare mapping of the view) it breaks the
  ties by acceptance and the dora kept.

Everything a bot uses is in the observation: its own tiles, the rivers, the sets, the dora
indicators and who has declared riichi. The randomness is its own seeded generator.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sparrow.bots.evaluator import DiscardValue, evaluate_discards, places_at_stake
from sparrow.bots.seat_view import SeatView
from sparrow.bots.settings import SETTINGS
from sparrow.core.analysis import discard_options, shanten, thirteen_orphans_shanten
from sparrow.game.actions import Action, ActionKind
from sparrow.game.riichi import RiichiAction, RiichiActionKind
from sparrow.game.riichi.hand import RiichiView
from sparrow.game.riichi.tiles import face_kind, parse_face
from sparrow.game.views import Observation

__all__ = ["RiichiBot", "RiichiPlayer", "Judgement", "LEVELS", "danger"]

LEVELS = ("easy", "normal", "expert")
_WINDS = "ESWN"
_DRAGONS = (31, 32, 33)  # white, green, red
# Expert calls only where the call leaves its hand this many tiles from ready, or fewer (measured in
# docs/bots.md: 2 took more calls and wins than 1, and as good a result).
EXPERT_CALL_SHANTEN = 2
_SAFE = 0


def _kind(name: str) -> int:
    return int(face_kind(parse_face(name)))


def _counts(names: Sequence[str]) -> list[int]:
    counts = [0] * 34
    for name in names:
        counts[_kind(name)] += 1
    return counts


def _is_simple(kind: int) -> bool:
    return kind < 27 and kind % 9 not in (0, 8)


def _value_honours(observation: Mapping[str, Any]) -> set[int]:
    """The honours whose pung is a yaku for this seat: the dragons, its seat wind, the round wind."""
    seat_wind = 27 + _WINDS.index(observation["wind"])
    round_wind = 27 + _WINDS.index(observation["round_wind"])
    return {*_DRAGONS, seat_wind, round_wind}


def _visible(observation: Mapping[str, Any]) -> list[int]:
    """Copies of each kind this seat can see: its own tiles, every river, every set, the indicators."""
    seen = [0] * 34
    for name in _own_tiles(observation):
        seen[_kind(name)] += 1
    for other in observation["seats"]:
        for item in other["discards"]:
            if not item.get("called"):
                seen[_kind(item["tile"])] += 1
        for meld in other["melds"]:
            for name in _meld_tiles(meld):
                seen[_kind(name)] += 1
    for name in observation["dora_indicators"]:
        seen[_kind(name)] += 1
    return [min(count, 4) for count in seen]


def _meld_tiles(meld: Mapping[str, Any]) -> list[str]:
    tiles = meld.get("tiles", [])
    if isinstance(tiles, str):
        return [tiles[i : i + 2] for i in range(0, len(tiles), 2)] if len(tiles) % 2 == 0 else []
    return list(tiles)


def _own_tiles(observation: Mapping[str, Any]) -> list[str]:
    hand = list(observation["hand"])
    drawn = observation.get("drawn")
    melds = len(observation["seats"][observation["seat"]]["melds"])
    if drawn is not None and len(hand) + 3 * melds == 13:
        hand.append(drawn)  # the drawn tile, when the hand is listed without it
    return hand


def _no_chance(kind: int, seen: Sequence[int]) -> bool:
    """A suited tile no run can wait on: every run through it needs a kind of which all four are seen."""
    if kind >= 27:
        return False
    rank = kind % 9
    waits_needing = []  # for each run wait on ``kind``, the kinds the waiting hand would hold
    if rank >= 2:
        waits_needing.append((kind - 2, kind - 1))
    if rank >= 1 and rank <= 7:
        waits_needing.append((kind - 1, kind + 1))
    if rank <= 6:
        waits_needing.append((kind + 1, kind + 2))
    return all(any(seen[k] >= 4 for k in pair) for pair in waits_needing)


def danger(kind: int, threat: Mapping[str, Any], seen: Sequence[int]) -> int:
    """How dangerous discarding ``kind`` is against ``threat`` (a seat of the observation), 0 safe."""
    own_river = {_kind(item["tile"]) for item in threat["discards"]}
    if kind in own_river:
        return _SAFE  # genbutsu: the threat cannot win on a tile it discarded itself (furiten)
    if kind >= 27:
        return {4: 0, 3: 1, 2: 2}.get(seen[kind], 4)
    if _no_chance(kind, seen):
        return 1
    rank, base = kind % 9, kind - kind % 9
    below = base + rank - 3 if rank >= 3 else None  # the suji partners: a run wait needs one of them
    above = base + rank + 3 if rank <= 5 else None
    partners = [k for k in (below, above) if k is not None]
    covered = sum(1 for k in partners if k in own_river)
    if covered == len(partners):
        return 3 if len(partners) == 1 else 4  # suji (1-9 by 4-6, 4-6 by both sides)
    if rank in (0, 8):
        return 5
    if rank in (1, 7):
        return 7 - 2 * covered
    return 9 - 2 * covered


@dataclass(frozen=True, slots=True)
class Judgement:
    """What the evaluator (:mod:`sparrow.bots.evaluator`) says of one decision, at the level's
    setting: the seat's view and, on its turn, every discard's value (best first)."""

    view: SeatView
    discards: tuple[DiscardValue, ...] = ()
    # The match's last hand, its places counted in the values (sparrow.bots.placement).
    at_stake: bool = False

    def of(self, kind: int) -> DiscardValue | None:
        return next((value for value in self.discards if int(value.tile) == kind), None)


class RiichiBot:
    """One computer player of Riichi. ``act(observation, legal)`` chooses one of ``legal``; Normal
    and Expert also read the evaluator's ``judgement`` of the decision when it is given."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (expected one of {', '.join(LEVELS)})")
        self.level = level
        self.rng = random.Random(seed)
        self.judgement: Judgement | None = None

    # ------------------------------------------------------------------ the decision

    def act(
        self, observation: Mapping[str, Any], legal: Sequence[RiichiAction], judgement: Judgement | None = None
    ) -> RiichiAction:
        if not legal:
            raise ValueError("nothing to choose from: the table is not waiting for this seat")
        self.judgement = judgement if self.level in SETTINGS else None
        try:
            return self._act(observation, legal)
        finally:
            self.judgement = None

    def _act(self, observation: Mapping[str, Any], legal: Sequence[RiichiAction]) -> RiichiAction:
        by_kind: dict[RiichiActionKind, list[RiichiAction]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        for winning in (RiichiActionKind.TSUMO, RiichiActionKind.RON):
            if winning in by_kind:
                return by_kind[winning][0]  # a legal win always has a yaku: take it
        if RiichiActionKind.DISCARD in by_kind:
            return self._turn(observation, by_kind)
        return self._claim(observation, by_kind)

    def _turn(
        self, observation: Mapping[str, Any], by_kind: Mapping[RiichiActionKind, list[RiichiAction]]
    ) -> RiichiAction:
        me = observation["seats"][observation["seat"]]
        melds = len(me["melds"])
        counts = _counts(_own_tiles(observation))
        seen = _visible(observation)
        if RiichiActionKind.KYUUSHU in by_kind and self.level != "easy":
            if shanten(counts, melds) >= 3 and thirteen_orphans_shanten(counts) > 2:
                return by_kind[RiichiActionKind.KYUUSHU][0]
        if self.level != "easy":
            for kan_kind in (RiichiActionKind.ANKAN, RiichiActionKind.KAKAN):
                for action in by_kind.get(kan_kind, []):
                    if self._kan_keeps_shape(counts, melds, action, kan_kind):
                        return action
        discards = by_kind[RiichiActionKind.DISCARD]
        if me["riichi"]:
            return discards[0]  # after riichi the table offers only the tiles it may discard
        choice = self._discard_kind(observation, counts, melds, seen, {_kind_of(a) for a in discards})
        candidates = [a for a in discards if _kind_of(a) == choice]
        declaring = [a for a in candidates if a.riichi]
        plain = [a for a in candidates if not a.riichi]
        if declaring and self._declares(observation, counts, melds, choice, seen):
            return self._prefer_plain_red(declaring)
        return self._prefer_plain_red(plain or declaring)

    def _prefer_plain_red(self, actions: Sequence[RiichiAction]) -> RiichiAction:
        # Two faces of one kind (a red five and a plain one): keep the red, worth a han.
        ordered = sorted(actions, key=lambda a: (a.tile is not None and a.tile >= 34, a.tile))
        return ordered[0]

    def _kan_keeps_shape(self, counts: list[int], melds: int, action: RiichiAction, kind: RiichiActionKind) -> bool:
        tile = action.tile
        assert tile is not None
        before = min(shanten(counts[:t] + [counts[t] - 1] + counts[t + 1 :], melds) for t in range(34) if counts[t])
        after_counts = list(counts)
        after_counts[tile] -= 4 if kind is RiichiActionKind.ANKAN else 1
        after_melds = melds + (1 if kind is RiichiActionKind.ANKAN else 0)
        # The kan's replacement tile comes in place of a discard: compare the 13-tile shapes.
        return shanten(after_counts, after_melds) <= before

    def _threats(self, observation: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        threats = []
        for other in observation["seats"]:
            if other["seat"] == observation["seat"]:
                continue
            if other["riichi"]:
                threats.append(other)
            elif self.level == "expert" and self._open_threat(observation, other):
                threats.append(other)
        return threats

    def _open_threat(self, observation: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
        """An open hand of three sets or more that shows its value: a value honour's pung, or two dora."""
        if len(other["melds"]) < 3:
            return False
        dora = [_dora_kind(_kind(name)) for name in observation["dora_indicators"]]
        shown = [_kind(name) for meld in other["melds"] for name in _meld_tiles(meld)]
        honours = {k for k in shown if k >= 27 and shown.count(k) >= 3}
        values = {*_DRAGONS, 27 + _WINDS.index(observation["round_wind"]), 27 + _WINDS.index(other["wind"])}
        return bool(honours & values) or sum(shown.count(d) for d in dora) >= 2

    def _discard_kind(
        self,
        observation: Mapping[str, Any],
        counts: list[int],
        melds: int,
        seen: list[int],
        allowed: set[int],
    ) -> int:
        options = [d for d in discard_options(counts, melds, visible=seen) if int(d.tile) in allowed]
        if not options:
            return min(allowed)
        if self.level == "easy":
            best = min(d.shanten for d in options)
            return int(self.rng.choice([d.tile for d in options if d.shanten == best]))
        threats = self._threats(observation)
        open_without_value = melds > 0 and not self._value_in_sight(observation)

        def risk(kind: int) -> int:
            return max((danger(kind, t, seen) for t in threats), default=0)

        def off_yaku(kind: int) -> int:
            # An open hand whose only yaku can be all simples must lose its terminals and honours.
            return 0 if not open_without_value or not _is_simple(kind) else 1

        best_shanten = min(d.shanten for d in options)
        safest = int(min(options, key=lambda d: (risk(int(d.tile)), d.shanten, -d.unseen)).tile)
        if threats and self._folds(observation, best_shanten, counts, safest):
            return safest
        judged = self.judgement

        def worth(kind: int) -> float:
            # Among the fastest discards, the evaluator's expected points decide (at the level's
            # setting): the wait that wins more, and at Expert's for more, the dora or the yaku
            # kept, the tile safer against a riichi.
            value = judged.of(kind) if judged is not None else None
            return -value.value if value is not None else 0.0

        if self.level == "expert":
            dora = {_dora_kind(_kind(name)) for name in observation["dora_indicators"]}

            def keep(kind: int) -> int:
                # A dora kept is a han; facing a declared hand, a dangerous tile costs acceptance.
                return (4 if kind in dora else 0) + 2 * risk(kind)

            return int(
                min(
                    options,
                    key=lambda d: (
                        d.shanten,
                        off_yaku(int(d.tile)),
                        worth(int(d.tile)),
                        -d.unseen + keep(int(d.tile)),
                    ),
                ).tile
            )
        return int(
            min(options, key=lambda d: (d.shanten, off_yaku(int(d.tile)), worth(int(d.tile)), -d.unseen, d.tile)).tile
        )

    def _folds(self, observation: Mapping[str, Any], best_shanten: int, counts: list[int], safest: int) -> bool:
        judged = self.judgement
        if self.level == "expert" and judged is not None and judged.at_stake:
            # The match's last hand against a riichi: the places a win gains and a deal-in loses
            # decide (a leader folds a hand it would push earlier; the last pushes one it would fold).
            fold = judged.of(safest)
            fastest = [value.value for value in judged.discards if value.shanten == best_shanten]
            if fold is not None and fastest and any(seat != judged.view.seat for seat in judged.view.riichi):
                return fold.value > max(fastest)
        if best_shanten <= 0:
            return False  # ready: push
        if best_shanten >= 2:
            return True
        if self.level == "normal":
            return True
        dora = sum(counts[_dora_kind(_kind(name))] for name in observation["dora_indicators"])
        return dora < 1  # Expert pushes a one-from-ready hand with a dora or more

    def _declares(
        self, observation: Mapping[str, Any], counts: list[int], melds: int, kind: int, seen: list[int]
    ) -> bool:
        if self.level != "expert":
            return True
        judged = self.judgement.of(kind) if self.judgement is not None and self.judgement.at_stake else None
        if judged is not None and judged.dama_value is not None:
            return judged.declares  # the last hand: riichi when its han win more than the stick risks
        after = list(counts)
        after[kind] -= 1
        waits = [t for t in range(34) if after[t] < 4 and _with(after, t, melds)]
        live = sum(4 - seen[t] for t in waits)
        has_yaku = (
            self._has_value_pair_or_set(observation, after)
            or all(_is_simple(t) for t in range(34) if after[t])
            and all(_is_simple(t) for t in waits)
        )
        if self._threats(observation) and has_yaku and live >= 4:
            return False  # dama: ready on a yaku with a good wait against a declared hand
        return True

    def _has_value_set(self, observation: Mapping[str, Any]) -> bool:
        values = _value_honours(observation)
        me = observation["seats"][observation["seat"]]
        for meld in me["melds"]:
            tiles = _meld_tiles(meld)
            if tiles and len({_kind(t) for t in tiles}) == 1 and _kind(tiles[0]) in values:
                return True
        return False

    def _value_in_sight(self, observation: Mapping[str, Any]) -> bool:
        """A value set shown; for Expert with a set already open, also a value honour's pair in hand
        with a copy still unseen (its pung can come, by pon or by draw)."""
        if self._has_value_set(observation):
            return True
        me = observation["seats"][observation["seat"]]
        if self.level != "expert" or not me["melds"]:
            return False
        counts = _counts(_own_tiles(observation))
        seen = _visible(observation)
        return any(counts[k] >= 2 and seen[k] < 4 for k in _value_honours(observation))

    def _call_has_yaku(
        self, observation: Mapping[str, Any], tile: int, taken: Sequence[int], after: list[int], melds: int
    ) -> bool:
        """Whether a call of ``tile`` with ``taken`` from the hand (``after``: the hand left; ``melds``
        sets before it) keeps a yaku in sight. Normal: all simples (every tile kept, and the set,
        simples) or a value set shown. Expert: all simples (its sets shown and this one simples, and
        every tile kept, but for one terminal or honour that is a best discard after the call, so the
        next it lets go), a value honour's pair kept with a copy unseen, or a value set or pair
        counted (:meth:`_value_in_sight`)."""
        if self.level != "expert":
            simples = _is_simple(tile) and all(_is_simple(t) for t in range(34) if after[t] and t not in taken)
            return simples or self._has_value_set(observation)
        if self._simples_after_call(observation, tile, taken, after, melds):
            return True
        seen = _visible(observation)
        if any(after[k] >= 2 and seen[k] < 4 for k in _value_honours(observation)):
            return True
        return self._value_in_sight(observation)

    def _simples_after_call(
        self, observation: Mapping[str, Any], tile: int, taken: Sequence[int], after: list[int], melds: int
    ) -> bool:
        me = observation["seats"][observation["seat"]]
        shown = [_kind(name) for meld in me["melds"] for name in _meld_tiles(meld)]
        if not (_is_simple(tile) and all(_is_simple(t) for t in [*taken, *shown])):
            return False
        odd = [t for t in range(34) if after[t] and not _is_simple(t)]
        if not odd:
            return True
        if len(odd) > 1 or after[odd[0]] > 1:
            return False
        # The one terminal or honour must be a discard as good as any after the call.
        best = min(shanten(_less(after, t), melds + 1) for t in range(34) if after[t])
        return shanten(_less(after, odd[0]), melds + 1) == best

    def _has_value_pair_or_set(self, observation: Mapping[str, Any], counts: list[int]) -> bool:
        return self._has_value_set(observation) or any(counts[k] >= 3 for k in _value_honours(observation))

    # ------------------------------------------------------------------ calls on a discard

    def _claim(
        self, observation: Mapping[str, Any], by_kind: Mapping[RiichiActionKind, list[RiichiAction]]
    ) -> RiichiAction:
        passing = by_kind.get(RiichiActionKind.PASS, [])
        fallback = passing[0] if passing else next(iter(by_kind.values()))[0]
        me = observation["seats"][observation["seat"]]
        discard = observation.get("last_discard") or observation.get("kakan_tile")
        if me["riichi"] or (self.level != "easy" and self._threats(observation)) or discard is None:
            return fallback
        tile = _kind(discard)
        counts = _counts(_own_tiles(observation))
        melds = len(me["melds"])
        values = _value_honours(observation)
        for action in by_kind.get(RiichiActionKind.PON, []):
            if tile in values:
                return action  # a pung of a value honour is a yaku
        if self.level == "easy":
            return fallback
        now = shanten(counts, melds)
        expert = self.level == "expert"
        for kind in (RiichiActionKind.PON, RiichiActionKind.CHI):
            for action in by_kind.get(kind, []):
                taken = [int(face_kind(t)) for t in action.tiles]
                after = list(counts)
                for t in taken:
                    after[t] -= 1
                if not self._call_has_yaku(observation, tile, taken, after, melds):
                    continue
                best_after = min(
                    shanten(after[:t] + [after[t] - 1] + after[t + 1 :], melds + 1) for t in range(34) if after[t]
                )
                # Expert opens a hand only where the call brings it within two tiles of ready.
                if best_after < now and (not expert or best_after <= EXPERT_CALL_SHANTEN):
                    return action
        return fallback


def _less(counts: Sequence[int], kind: int) -> list[int]:
    """``counts`` with one tile of ``kind`` let go."""
    return [*counts[:kind], counts[kind] - 1, *counts[kind + 1 :]]


def _kind_of(action: RiichiAction) -> int:
    assert action.tile is not None
    return int(face_kind(action.tile))


def _dora_kind(indicator: int) -> int:
    """The dora an indicator points to: the next of its suit (9 to 1), winds and dragons in their cycles."""
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def _with(counts: list[int], tile: int, melds: int) -> bool:
    counts[tile] += 1
    try:
        return shanten(counts, melds) == -1
    finally:
        counts[tile] -= 1


class RiichiPlayer:
    """A :class:`RiichiBot` at the one table: ``act(observation)`` takes the seat's shared
    :class:`~sparrow.game.Observation` of a Riichi hand and answers one of its legal actions.

    Its randomness is one generator seeded once, as a seat of a simulated match draws it, decision
    after decision; :meth:`for_decision` makes the player of one decision instead, seeded by the seed
    and where the hand stands, so that a decision is a function of the seed and the observation
    alone (what :func:`sparrow.bots.get_bot` promises: a game resumed from its log plays on the same way)."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        self.bot = RiichiBot(level, seed)

    @property
    def level(self) -> str:
        return self.bot.level

    @classmethod
    def for_decision(cls, level: str, seed: int, observation: Observation) -> RiichiPlayer:
        view = _view(observation).view
        place = "|".join(
            str(part)
            for part in (
                seed,
                observation.seat,
                observation.round_wind,
                view["dealer"],
                view["honba"],
                view["live_wall"],
                view["phase"],
                sum(len(other["discards"]) for other in view["seats"]),
                view["scores"],
            )
        )
        return cls(level, zlib.crc32(place.encode()))

    def act(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``."""
        family = _view(observation)
        judgement = None
        setting = SETTINGS.get(self.bot.level)
        if setting is not None and any(action.kind is ActionKind.DISCARD for action in observation.legal_actions):
            view = SeatView.from_observation(observation)
            judgement = Judgement(view, tuple(evaluate_discards(view, setting)), places_at_stake(view, setting))
        choice = self.bot.act(family.view, family.legal, judgement)
        return observation.legal_actions[family.legal.index(choice)]


def _view(observation: Observation) -> RiichiView:
    family = observation.family
    if not isinstance(family, RiichiView):
        raise ValueError(f"a Riichi player plays Riichi, not {observation.rules}")
    return family
