"""The simulation lab: computer players against each other, on every core, with confidence intervals.

``run_lab("hkos", ["expert", "normal", "normal", "normal"], hands=4000, seed=1, workers=2)`` plays
matches of the ruleset and returns a :class:`LabResult`: per player (its place in ``players``) the
hands played, wins, deal-ins, self-draw share, average winning score and net score per hand, each
rate with a 95% confidence interval, and the drawn-hand rate. Every family plays here, through the
one face of :mod:`sparrow.game.hands` (``new_match``, its hands and their results).

How the work is split, so that the result does not depend on how it is run:

* The run is a sequence of **chunks**, each one match of the ruleset played start to end
  (:class:`Chunk`). A chunk is a pure function of its own fields: its match seed comes from the run's
  seed and the match's index, each bot's seed from the run's seed, the match and the player. Any
  executor may play chunks anywhere in any order (:func:`play_chunk`); the results are put back in
  chunk order and cut at the requested number of hands, so ``workers=1`` and ``workers=8`` give the
  same answer to the last digit. Chunks run here, on local processes or on Ray
  (:mod:`sparrow.play.executors`; ``run_lab(..., executor=...)``).
* **Seats rotate**: match ``i`` seats the players in rotation ``i mod n`` round the table, so no
  player gains from its chair.
* **Duplicate** (``duplicate=True``): every match is played once per rotation of the players, with
  the same walls, so each player meets the same deals from every chair and the luck of the deal
  cancels out. A **board** is one match in all its rotations, each rotation cut to the same number
  of hands (the shortest rotation's: where the dealer keeps the deal, rotations last different
  numbers of hands), so every deal kept is played from every chair. ``hands`` must then be a
  multiple of the seats; the last board is cut evenly so that the run plays exactly ``hands``.
* **Intervals** (95%) are over independent units: hands, or boards in duplicate mode. Each is
  centred on the figure shown (a per-hand rate: the ratio estimator's standard error over units)
  with Student's t quantile on units - 1 degrees of freedom, so a run of few boards gets the width
  it deserves. :meth:`LabResult.compare` (and ``vs_others`` for each player) is the paired
  difference between players, unit by unit: exactly the difference of their estimates.
* **Logs** (``keep_logs``, ``on_log``): each hand's game log, in the result's order. A table's
  players are named ``P1 expert``, ``P2 normal``...: their place in ``players`` and their kind, so
  hand_start's ``players`` says who sat where.

**Whole games.** A family whose players are ranked on whole games (the registry says so: its score
sheet keeps a row a game, ``Ruleset.sheet_rows == "games"``, with places, uma and oka: Riichi) is
measured on whole matches: ``hands`` counts matches, every match is played to its end, the
intervals are over matches (boards of ``n`` matches in duplicate), and each player has its
:class:`GameFigures` beside the per-hand figures: the result with uma and oka per match (the
match's own ``final()``), its place and points, the top and last rates. The seats keep the seeds
Riichi's lab gave them: the match seeds drawn in turn from ``"{rules}-lab/{seed}"`` (one per board
in duplicate), a bot seeded ``match seed x seats + chair``, a random player drawing with
``random.Random(f"{rules}-random/{match seed}/{chair}").choice``, and no rotation outside
duplicate. A family on a table of its own speaks its own protocol to outside programs: at Riichi's
engine ``cmd:PROGRAM`` is an mjai bot (:class:`~sparrow.seats.mjai.MjaiSeat`), told the match's
end; ``module:Class`` agents sit through :class:`~sparrow.seats.Seat` at every family.
"""

from __future__ import annotations

import contextlib
import gc
import os
import random
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sparrow.bots import LEVELS, get_bot
from sparrow.bots.own_tables import own_table_player
from sparrow.game.actions import Action
from sparrow.game.hands import Hand, new_match
from sparrow.game.result import HandResult
from sparrow.play.executors import Executor, local_executor
from sparrow.play.lab_figures import (
    GameFigures,
    GameRecord,
    HandRecord,
    LabResult,
    PlayerStats,
    player_kind,
    player_name,
    summarise,
)
from sparrow.play.programs import COMMAND, PROGRAMS_BY_ENGINE
from sparrow.play.sim import PLAYER_KINDS, Player
from sparrow.rules import get_ruleset
from sparrow.seats import AgentError, check_outside, faults_of, is_outside, make_seat, record_fallbacks

__all__ = [
    "Chunk",
    "whole_game_chunks",
    "ChunkResult",
    "HandRecord",
    "GameRecord",
    "GameFigures",
    "PlayerStats",
    "LabResult",
    "LabError",
    "play_chunk",
    "run_lab",
    "player_kinds",
    "parse_players",
    "check_hands",
    "player_kind",
    "player_name",
    "whole_games",
    "dealt_options",
]


class LabError(ValueError):
    """A lab run that cannot start: unknown player kind, wrong number of players, bad counts."""


def player_kinds() -> tuple[str, ...]:
    """Every kind of player the lab seats: the bot levels, then the simulation's simple players."""
    return LEVELS + tuple(kind for kind in PLAYER_KINDS if kind not in LEVELS)


class _BotPlayer:
    """A bot at the simulated table: the lab, as referee, hands it its seat's observation only."""

    __slots__ = ("bot",)

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def choose(self, state: Hand, seat: str, actions: list[Action]) -> Any:
        return self.bot.act(state.observation(seat))


class _ChoosingRandom:
    """``random`` in a run of whole games: ``rng.choice`` among the legal actions, the draw Riichi's
    lab made (kept so that its runs play again move for move)."""

    __slots__ = ("_rng",)

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, state: Hand, seat: str, actions: list[Action]) -> Action:
        return self._rng.choice(actions)


# A run of whole games draws its simple players' moves so; the other kinds are sim.PLAYER_KINDS's.
_WHOLE_GAME_KINDS: Mapping[str, Callable[[random.Random], Player]] = {"random": _ChoosingRandom}


def _make_player(
    chunk: Chunk, engine: str, player: int, kind: str, history: list[dict[str, Any]], closing: list[Any]
) -> Player:
    """The player ``kind`` at place ``player`` for one match (``history`` and ``closing``: see
    :class:`MjaiPlayer`)."""
    seats = len(chunk.players)
    chair = (chunk.rotation + player) % seats
    seed = chunk.bot_seed(player)
    if is_outside(kind):
        program = PROGRAMS_BY_ENGINE.get(engine) if kind.startswith(COMMAND) else None
        if program is not None:
            own = program(kind, chair, history)
            closing.append(own.close)
            return own
        seat: Player = make_seat(kind, seed, player)  # the agent's Seat, or the program's
        return seat
    if kind in LEVELS:
        options = dict(chunk.options)
        own_table = own_table_player(chunk.rules, options, kind, seed) if engine != "shared" else None
        return _BotPlayer(own_table if own_table is not None else get_bot(kind, seed))
    if chunk.game_seed is not None:
        rng = random.Random(f"{chunk.rules}-{kind}/{chunk.game_seed}/{chair}")
        return _WHOLE_GAME_KINDS.get(kind, PLAYER_KINDS[kind])(rng)
    return PLAYER_KINDS[kind](random.Random(seed))


@dataclass(frozen=True, slots=True)
class Chunk:
    """One match to play: everything needed, so any process can play it."""

    rules: str
    options: tuple[tuple[str, Any], ...]
    players: tuple[str, ...]  # player kinds, in the order of the run's --players
    seed: int  # the run's seed
    index: int  # the match's index in the run
    rotation: int  # the chair of player 0; player p sits in chair (rotation + p) mod n
    keep_logs: bool = False
    # At most this many hands of the match are played: the run needs no more of it (a short run would
    # otherwise play whole matches only to cut them). It cuts the match's end, so results do not change.
    limit: int | None = None
    # A run of whole games (see the module): the match's own seed, drawn in turn from the run's; the
    # players are seeded from it by chair, and the match is measured whole (ChunkResult.game).
    game_seed: int | None = None

    def match_seed(self) -> int:
        return _match_seed(self.seed, self.index) if self.game_seed is None else self.game_seed

    def bot_seed(self, player: int) -> int:
        if self.game_seed is not None:
            seats = len(self.players)
            return self.game_seed * seats + (self.rotation + player) % seats
        return random.Random(f"sparrow-lab/bot/{self.seed}/{self.index}/{player}").getrandbits(32)


def _match_seed(seed: int, index: int) -> int:
    """The seed of a run's match ``index`` (every rotation of a duplicate board plays it)."""
    return random.Random(f"sparrow-lab/match/{seed}/{index}").getrandbits(64)


def _fallbacks(state: Hand, player_of: Mapping[str, int], count: int) -> tuple[int, ...]:
    """By player: the decisions that fell to the built-in bot in this hand (record_fallbacks)."""
    fell = [0] * count
    for seat, reasons in state.events[-1].get("fallbacks", {}).items():
        fell[player_of[seat]] = sum(reasons.values())
    return tuple(fell)


@dataclass(frozen=True, slots=True)
class ChunkResult:
    index: int
    rotation: int
    hands: tuple[HandRecord, ...]
    logs: tuple[tuple[dict[str, Any], ...], ...] = ()
    game: GameRecord | None = None  # a run of whole games: the match's end


@contextlib.contextmanager
def _rare_full_collections() -> Iterator[None]:
    """Python's full garbage collections ten times rarer while matches are played (the thresholds
    put back after). A player's long-lived tables (the computer players' memo tables keep tens of
    thousands of tracked objects) are walked at every full collection: 3.7% of four Normal bots'
    time under HKOS, 1.8% with this (docs/performance.md); the hands themselves leave little
    garbage in cycles. The thresholds belong to the process: runs in several threads share one
    change, made by the first in and undone by the last out."""
    global _playing
    with _THRESHOLD_LOCK:
        if _playing == 0:
            _saved_thresholds[:] = gc.get_threshold()
            young, middle, old = _saved_thresholds
            gc.set_threshold(young, middle, max(old, 100))
        _playing += 1
    try:
        yield
    finally:
        with _THRESHOLD_LOCK:
            _playing -= 1
            if _playing == 0:
                gc.set_threshold(*_saved_thresholds)


_THRESHOLD_LOCK = threading.Lock()
if hasattr(os, "register_at_fork"):
    # A worker forked while another thread holds the lock would find it held for good.
    os.register_at_fork(
        before=_THRESHOLD_LOCK.acquire,
        after_in_parent=_THRESHOLD_LOCK.release,
        after_in_child=_THRESHOLD_LOCK.release,
    )
_playing = 0  # matches and runs in play in this process, in any thread
_saved_thresholds: list[int] = []


def play_chunk(chunk: Chunk) -> ChunkResult:
    """Play one match to its end and record every hand (a pure function of the chunk)."""
    with _rare_full_collections():
        return _play_match(chunk)


def _play_match(chunk: Chunk) -> ChunkResult:
    count = len(chunk.players)
    names = tuple(player_name(p, kind) for p, kind in enumerate(chunk.players))
    # Chairs round the table in order; player p sits in chair (rotation + p) mod n.
    chairs = [""] * count
    for player in range(count):
        chairs[(chunk.rotation + player) % count] = names[player]
    options = dict(chunk.options)
    engine = get_ruleset(chunk.rules).table(options).engine
    match = new_match(chunk.rules, chunk.match_seed(), options, chairs)
    history: list[dict[str, Any]] = []  # the match's finished hands, for a program told the whole match
    closing: list[Callable[[], None]] = []
    try:
        seats = {
            name: _make_player(chunk, engine, p, kind, history, closing)
            for p, (name, kind) in enumerate(zip(names, chunk.players))
        }
        index_of = {name: p for p, name in enumerate(names)}
        records: list[HandRecord] = []
        logs = []
        outside = any(hasattr(player, "faults") for player in seats.values())
        told = [end for player in seats.values() if (end := getattr(player, "end_match", None)) is not None]
        whole = chunk.game_seed is not None
        while not match.is_over and (chunk.limit is None or len(records) < chunk.limit):
            state: Hand = match.next_hand()
            by_seat = {seat: seats[name] for seat, name in state.players.items()}
            faults_before = faults_of(by_seat) if outside else {}
            while not state.is_over:
                seat = state.to_act[0]
                state.apply(by_seat[seat].choose(state, seat, state.legal_actions(seat)))
            if outside:
                record_fallbacks(state, faults_before, by_seat)  # why, in the log's hand_end
            result = match.record(state)
            player_of = {seat: index_of[name] for seat, name in state.players.items()}
            records.append(_hand_record(state, result, player_of, count, outside, whole))
            if chunk.keep_logs:
                logs.append(tuple(state.events))
            if told:
                history.extend(state.events)
        for end in told:
            end(history)
    finally:
        for close in closing:
            close()
    game = _game_record(chunk, match, names) if whole else None
    return ChunkResult(chunk.index, chunk.rotation, tuple(records), tuple(logs), game)


def _hand_record(
    state: Hand, result: HandResult, player_of: Mapping[str, int], count: int, outside: bool, whole: bool
) -> HandRecord:
    """One finished hand by player. A deal-in is a win on the player's discard; in a run of whole
    games also on the kong it added (robbed), as Riichi counts a deal-in (houjuu)."""
    payments = [0] * count
    for seat, amount in result.payments.items():
        payments[player_of[seat]] = amount
    winner = player_of[result.winner] if result.winner is not None else None
    discarder = None
    if winner is not None and result.discarder is not None and (whole or result.win_by == "discard"):
        discarder = player_of[result.discarder]
    claims = drawn = 0
    calls = [0] * count
    riichi = []
    for event in state.events:
        kind = event["event"]
        if kind == "claim":
            if event["kind"] != "win":
                claims += 1
                calls[player_of[event["seat"]]] += 1
        elif kind == "draw":
            drawn += event.get("source") == "live"
        elif kind == "riichi":
            riichi.append(player_of[event["seat"]])
    turns = getattr(state, "turns", None)  # a table that does not count turns: its draws and claims
    return HandRecord(
        winner=winner,
        discarder=discarder,
        self_drawn=bool(winner is not None and result.self_drawn),
        score=result.score.total if winner is not None and result.score is not None else 0,
        payments=tuple(payments),
        turns=turns if isinstance(turns, int) else drawn + claims,
        claims=claims,
        fallbacks=_fallbacks(state, player_of, count) if outside else (),
        other_winners=tuple(player_of[seat] for seat in result.other_winners),
        riichi=tuple(riichi),
        calls=tuple(calls),
    )


def _game_record(chunk: Chunk, match: Any, names: Sequence[str]) -> GameRecord:
    """The end of a whole match, by player, from its own ``final()`` (place, points, result)."""
    final = getattr(match, "final", None)
    if final is None:
        raise LabError(f"a match of {chunk.rules} gives no final result: it cannot be measured on whole games")
    ended = final()
    return GameRecord(
        chunk.match_seed(),
        chunk.rotation,
        tuple(int(ended[name].place) for name in names),
        tuple(int(ended[name].points) for name in names),
        tuple(float(ended[name].result) for name in names),
        int(match.hands_played),
    )


def whole_game_chunks(
    rules: str,
    option_items: tuple[tuple[str, Any], ...],
    kinds: tuple[str, ...],
    seed: int,
    matches: int,
    duplicate: bool,
    keep_logs: bool = False,
) -> Iterator[Chunk]:
    """The matches a run of whole games plays: seeded in turn from the run's seed; in duplicate
    every rotation of a board plays the same seed (the same walls)."""
    count = len(kinds)
    seeds = random.Random(f"{rules}-lab/{seed}")
    game_seed = 0
    for number in range(matches):
        rotation = number % count if duplicate else 0
        if rotation == 0:
            game_seed = seeds.getrandbits(62)
        index = number // count if duplicate else number
        yield Chunk(rules, option_items, kinds, seed, index, rotation, keep_logs, None, game_seed)


def whole_games(rules: str) -> bool:
    """Whether the lab measures ``rules`` on whole games (see the module): the registry's score sheet
    of the family keeps a row a game (``Ruleset.sheet_rows``), its players ranked on places, uma and
    oka. ``hands`` then counts matches. An unknown family raises :class:`~sparrow.rules.RulesError`."""
    return get_ruleset(rules).sheet_rows == "games"


def dealt_options(rules: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options a match is dealt with: for a family with named sets of options (``presets``,
    chosen by option ``preset``, its default when none is), the chosen set's values with the options
    given on top, every option named; for the others the options given. ``sparrow simulate`` runs
    the lab with these, so that its result names every rule the matches were played by."""
    ruleset = get_ruleset(rules)
    if not ruleset.presets:
        return dict(options or {})
    given = dict(options or {})
    name = given.pop("preset", ruleset.defaults.get("preset"))
    chosen = ruleset.presets.get(name) if isinstance(name, str) else None
    if chosen is None:
        raise LabError(f"unknown preset {name!r} of {rules} (presets: {', '.join(ruleset.presets)})")
    return {**chosen, **given}


def parse_players(text: str, seats: int = 4) -> tuple[str, ...]:
    """``"expert,normal,normal,normal"`` (or one kind for every seat: ``"normal"``)."""
    kinds = tuple(part.strip() for part in text.split(","))
    if len(kinds) == 1:
        kinds = kinds * seats
    known = player_kinds()
    for kind in kinds:
        if is_outside(kind):
            try:
                check_outside(kind)
            except AgentError as error:
                raise LabError(str(error)) from None
        elif kind not in known:
            raise LabError(
                f"unknown player {kind!r} (expected one of {', '.join(known)}, 'cmd:PROGRAM' or module:Class)"
            )
    if len(kinds) != seats:
        raise LabError(f"this table seats {seats} players, --players names {len(kinds)}")
    return kinds


def check_hands(hands: int, seats: int, duplicate: bool, unit: str = "hands") -> None:
    """Raise :class:`LabError` unless a run can play exactly ``hands`` hands: at least one, and in
    duplicate mode a multiple of the seats (every deal is played once per rotation of the players).
    ``unit``: what ``hands`` counts, ``matches`` in a run of whole games (:func:`whole_games`)."""
    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
        raise LabError(f"the number of {unit} must be a whole number of at least 1, got {hands!r}")
    if duplicate and hands % seats:
        below, above = hands - hands % seats, hands - hands % seats + seats
        nearest = f"{below} or {above}" if below else f"{above}"
        raise LabError(
            f"a duplicate run plays every deal once per rotation of the {seats} players:"
            f" the number of {unit} must be a multiple of {seats}, at least {seats} {unit} (e.g. {nearest})"
        )


def run_lab(
    rules: str,
    players: Sequence[str],
    hands: int,
    seed: int = 0,
    *,
    workers: int = 1,
    duplicate: bool = False,
    options: Mapping[str, Any] | None = None,
    keep_logs: bool = False,
    on_progress: Callable[[int], None] | None = None,
    on_log: Callable[[tuple[dict[str, Any], ...]], None] | None = None,
    executor: Executor | None = None,
) -> LabResult:
    """Play exactly ``hands`` hands of ``rules`` with ``players`` (kinds in seat order, see
    :func:`player_kinds`) and measure each player. See the module docstring. A family measured on
    whole games (:func:`whole_games`: Riichi) plays ``hands`` whole matches instead.

    ``on_progress`` is told how many more hands (whole matches) are part of the result as they
    join it. ``on_log`` is handed each hand's game log as soon as the hand is part of the result, in
    the result's order (the same for any number of workers), so a caller can write the log as the
    run goes; ``keep_logs`` keeps them in the result as well."""
    started = time.perf_counter()
    whole = whole_games(rules)  # an unknown ruleset: said before anything is played
    unit = "matches" if whole else "hands"
    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
        raise LabError(f"the number of {unit} must be a whole number of at least 1, got {hands!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise LabError(f"the seed must be a whole number, got {seed!r}")
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise LabError(f"the number of workers must be a whole number of at least 1, got {workers!r}")
    options = dict(options or {})  # as given: the result's
    table = get_ruleset(rules).table(options)  # an unknown option: said before anything is played
    dealt = dealt_options(rules, options)
    kinds = tuple(players)
    known = player_kinds()
    for kind in kinds:
        if is_outside(kind):
            try:
                check_outside(kind)  # a module that does not import: said before anything is played
            except AgentError as error:
                raise LabError(str(error)) from None
        elif kind not in known:
            raise LabError(f"unknown player {kind!r} (expected one of {', '.join(known)})")
    count = len(kinds)
    if count != table.seats:
        raise LabError(f"this table seats {table.seats} players, got {count}")
    check_hands(hands, count, duplicate, unit)
    option_items = tuple(sorted(dealt.items()))
    logging = keep_logs or on_log is not None
    logs: list[tuple[dict[str, Any], ...]] = []
    units: list[list[HandRecord]] = []
    match_seeds: list[int] = []

    def hand_on(result: ChunkResult, records: Sequence[HandRecord]) -> None:
        """The logs of ``records`` (the first hands of ``result``), in order."""
        for log in result.logs[: len(records)]:
            if keep_logs:
                logs.append(log)
            if on_log is not None:
                on_log(log)

    if whole:
        games: list[GameRecord] = []
        board: list[ChunkResult] = []

        run = executor or local_executor(min(workers, hands))
        with _rare_full_collections():
            for result in run(
                play_chunk, whole_game_chunks(rules, option_items, kinds, seed, hands, duplicate, logging)
            ):
                assert result.game is not None
                hand_on(result, result.hands)
                games.append(result.game)
                match_seeds.append(result.game.seed)
                board.append(result)
                if not duplicate or len(board) == count:
                    units.append([record for match in board for record in match.hands])
                    board = []
                if on_progress is not None:
                    on_progress(1)
        return summarise(
            rules,
            options,
            kinds,
            seed,
            duplicate,
            units,
            logs,
            len(games),
            match_seeds,
            time.perf_counter() - started,
            games,
        )

    played = matches = 0

    def chunks() -> Iterator[Chunk]:
        # A chunk needs no more hands than the run still lacks once the results before it are in
        # (``played`` counts those already used; a chunk drawn early only sees a larger bound, and a
        # bound never changes the hands kept: a match cut at its end plays the same hands before it).
        # In duplicate mode what is still lacking is shared evenly among the rotations of a board.
        index = 0
        while True:
            rotations = range(count) if duplicate else (index % count,)
            for rotation in rotations:
                lacking = hands - played
                limit = max(1, -(-lacking // count) if duplicate else lacking)
                yield Chunk(rules, option_items, kinds, seed, index, rotation, logging, limit)
            index += 1

    def accept(results: Sequence[ChunkResult], take: int | None) -> list[HandRecord]:
        """The first ``take`` hands (all if None) of each result, their logs handed on in order."""
        kept: list[HandRecord] = []
        for result in results:
            records = result.hands if take is None else result.hands[:take]
            kept.extend(records)
            hand_on(result, records)
        match_seeds.append(_match_seed(seed, results[0].index))
        return kept

    run = executor or local_executor(workers)
    board = []
    # Each chunk keeps full collections rare (play_chunk); so does the whole run, so that they do not
    # come back between the chunks played in this process.
    with _rare_full_collections():
        for result in run(play_chunk, chunks()):
            if not duplicate:
                take = accept([result], hands - played)
                units.extend([record] for record in take)
            else:
                board.append(result)
                if len(board) < count:
                    continue
                # A board is complete: every rotation of one match, the same walls hand by hand. Every
                # rotation keeps the same number of hands (the shortest rotation's, or what the run
                # still lacks shared evenly), so every player meets each deal kept from every chair.
                # ``hands`` is a multiple of the seats (check_hands): the run ends on exactly ``hands``.
                keep = min(min(len(r.hands) for r in board), (hands - played) // count)
                take = accept(board, keep)
                units.append(take)
                board = []
            matches += 1
            played += len(take)
            if on_progress is not None:
                on_progress(len(take))
            if played >= hands:
                break
    return summarise(
        rules,
        options,
        kinds,
        seed,
        duplicate,
        units,
        logs,
        matches,
        match_seeds,
        time.perf_counter() - started,
    )
