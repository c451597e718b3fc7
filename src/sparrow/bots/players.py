"""The computer players: Easy, Normal and Expert.

Each is handed one seat's :class:`~sparrow.game.state.Observation` (its legal actions included) and
returns one of those actions. They share one way of reading a hand (:mod:`sparrow.bots.plans`:
directions, distances, acceptance, values from the ruleset's scorer) and differ in how they use it:

* **Normal** plays tidy tile efficiency under the minimum. It follows the nearest plan that reaches
  the ruleset's minimum, discards the tile that keeps that plan's distance with the most unseen
  improving tiles (tiles the plan does not use first), and once a discard makes the hand ready with
  winning tiles that score, takes the ready hand with the most of them. It claims a pung when the
  hand is then nearer and still reaches the minimum, but a chow only to get ready or within a tile
  of it: an early chow that only tidies the hand gives more away than it gains (seed 003, "Claim
  with care"). It always declares a legal win.
* **Expert** chooses its plan by what it is worth and how likely it is (the plan's score from the
  ruleset's scorer, weighed against its chance of completing before the wall ends,
  :mod:`sparrow.bots.odds`; under casual and NTS, by its chance alone once it scores, a variant
  below), so it builds a bigger hand when that pays and races when it does not;
  but once a discard makes the hand ready with winning tiles that score, it takes the ready hand,
  and among ready hands it prefers winning tiles the opponents throw readily (honours and terminals
  nobody can use go out far more often than middle tiles, :func:`~sparrow.bots.odds.discard_appeal`).
  It looks two draws ahead among equally near discards (the tiles that improve the hand, and how
  well the hand accepts after each). It claims whenever the hand after the claim is worth more than
  passing (seed 001: the expert "claims more aggressively"), never when the minimum is then out of
  reach. It defends (:mod:`sparrow.bots.danger`): among equally good discards (under HKOS and NTS,
  nearly equal ones) it throws, of those the evaluator values most, the safest (the first in
  throwing order while nobody threatens)
  (:func:`~sparrow.bots.evaluator.evaluator_among`; in the casual game the evaluator chooses among
  all its nearest discards), and when an opponent is plainly close and its own hand is far it folds
  to the safest tiles.
* **Easy** plays like Normal but loosely: now and then a careless discard or a missed claim, so
  beginners can win; it still never makes an illegal move and still wins hands.

A bot's only state is its seed; a decision is a function of the seed and the observation, so a game
resumed from its log plays on exactly as it would have.

:class:`Bot` reads the observation and hands each decision to the module of its concern, with the
:class:`~sparrow.bots.planning.Planner` of its temperament, which those modules ask for the plan to
follow as they weigh each move:

* :mod:`sparrow.bots.temperaments`: how each level plays, as data (and its variants by ruleset);
* :mod:`sparrow.bots.planning`: which plan to follow;
* :mod:`sparrow.bots.discards`: the discard on its own turn;
* :mod:`sparrow.bots.kongs`: a kong declared on its own turn;
* :mod:`sparrow.bots.claims`: a chow, pung or kong on another player's discard;
* :mod:`sparrow.bots.defence`: when to fold and which honours to hold back (tile danger itself:
  :mod:`sparrow.bots.danger`);
* :mod:`sparrow.bots.ready`: ready hands and what their winning tiles are worth, which all of them read.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping, Sequence
from typing import Any, Final

from sparrow.bots.claims import choose_claim, kind_of
from sparrow.bots.discards import THROW_RANK, choose_discard, loose_discard
from sparrow.bots.evaluator import evaluator_among, evaluator_choice
from sparrow.bots.knowledge import Knowledge, know
from sparrow.bots.kongs import kong_worth_it
from sparrow.bots.own_tables import OWN_TABLE_PLAYERS, OwnTablePlayerKind
from sparrow.bots.planning import Planner
from sparrow.bots.settings import SETTINGS
from sparrow.bots.temperaments import LEVELS, TEMPERAMENTS, VARIANTS, Temperament, temperaments_by_rules
from sparrow.game.actions import Action, ActionKind
from sparrow.game.state import Observation, Phase
from sparrow.rules import get_ruleset

__all__ = ["Bot", "Temperament", "TEMPERAMENTS", "LEVELS", "VARIANTS", "temperaments_by_rules"]

# The action kinds, read once: compiled (sparrow._compiled), ``ActionKind.DISCARD`` is a look-up
# through the enum class's attribute hook at every use, and the bots test the kind of every legal
# action at every decision.
_DISCARD: Final = ActionKind.DISCARD
_CONCEALED_KONG: Final = ActionKind.CONCEALED_KONG
_ADDED_KONG: Final = ActionKind.ADDED_KONG
_WIN: Final = ActionKind.WIN
_TURN: Final = Phase.TURN


class Bot:
    """A computer player of one level. ``act(observation)`` returns one of its legal actions."""

    def __init__(self, temperament: Temperament, seed: int, by_rules: Mapping[str, Temperament] | None = None) -> None:
        self.temperament = temperament
        self.seed = seed
        self._planner = Planner(temperament)
        # The same level under a ruleset it plays differently: a bot of that temperament and seed.
        self._by_rules = {rules: Bot(t, seed) for rules, t in (by_rules or {}).items()}
        # The player kinds of the families played on a table of their own, found when first asked, by rules.
        self._own_tables: dict[str, OwnTablePlayerKind] = {}

    @property
    def level(self) -> str:
        return self.temperament.level

    def __repr__(self) -> str:
        return f"get_bot({self.level!r}, {self.seed!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled and copied by what it was made from (compiled, the default way cannot rebuild it).
        return (Bot, (self.temperament, self.seed, {rules: bot.temperament for rules, bot in self._by_rules.items()}))

    # ------------------------------------------------------------------ the one entry point

    def act(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``."""
        if observation.family is not None:  # a family whose hand shows more: its own player
            kind = self._own_table(observation)
            return kind.for_decision(self.level, self.seed, observation).act(observation)
        variant = self._by_rules.get(observation.rules)
        if variant is not None:
            return variant.act(observation)
        legal = observation.legal_actions
        if not legal:
            raise ValueError(f"seat {observation.seat} has nothing to decide now")
        if len(legal) == 1:
            return legal[0]
        for action in legal:
            if action.kind is _WIN:
                return action  # every level always declares a legal win
        knowledge = know(observation)
        if observation.phase is _TURN:
            return self._turn(knowledge, legal)
        return choose_claim(self._planner, knowledge, legal, self._rng)

    def _own_table(self, observation: Observation) -> OwnTablePlayerKind:
        kind = self._own_tables.get(observation.rules)
        if kind is None:
            engine = get_ruleset(observation.rules).table(observation.options).engine
            found = OWN_TABLE_PLAYERS.get(engine)
            if found is None:
                raise ValueError(f"no computer player plays {observation.rules}'s table ({engine})")
            kind = self._own_tables[observation.rules] = found
        return kind

    # ------------------------------------------------------------------ randomness from the seed

    def _rng(self, observation: Observation) -> random.Random:
        """A generator for this decision: the seed and where the hand stands, so the same observation
        always gets the same decision (and a game resumed from its log plays on the same way)."""
        text = "|".join(
            (
                str(self.seed),
                observation.seat,
                observation.round_wind,
                str(observation.live_wall),
                str(observation.replacement_tiles),
                observation.phase.value,
                ",".join(str(int(t)) for t in observation.hand),
                str(sum(len(p) for p in observation.discards.values())),
                str(observation.claim_tile),
            )
        )
        return random.Random(zlib.crc32(text.encode()))

    # ------------------------------------------------------------------ own turn

    def _turn(self, knowledge: Knowledge, legal: Sequence[Action]) -> Action:
        """A kong worth declaring, else a discard (now and then a careless one, for Easy)."""
        discards: list[Action] = []
        kongs: list[Action] = []
        for action in legal:
            kind = action.kind
            if kind is _DISCARD:
                discards.append(action)
            elif kind is _CONCEALED_KONG or kind is _ADDED_KONG:
                kongs.append(action)
        if kongs:
            kong = kong_worth_it(self._planner, knowledge, kongs)
            if kong is not None:
                return kong
        if not discards:
            return legal[0]
        by_tile = {kind_of(a.tile): a for a in discards}
        tiles = sorted(by_tile, key=THROW_RANK.__getitem__)
        if self.temperament.loose_discard:
            rng = self._rng(knowledge.observation)
            if rng.random() < self.temperament.loose_discard:
                return by_tile[loose_discard(knowledge, tiles, rng)]
        among = None  # the evaluator narrows the discards Expert's own rules find equally good
        if self.temperament.evaluator_equals:
            observation = knowledge.observation
            setting = SETTINGS[self.temperament.level]
            among = lambda equals: evaluator_among(observation, equals, setting)  # noqa: E731
        choice = choose_discard(self._planner, knowledge, tiles, among)
        if self.temperament.evaluator_ties:
            choice = evaluator_choice(knowledge.observation, choice, SETTINGS[self.temperament.level])
        return by_tile[choice]
