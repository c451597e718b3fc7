"""The simulation lab: computer players against each other, on every core, with confidence intervals.

``run_lab("hkos", ["expert", "normal", "normal", "normal"], hands=4000, seed=1, workers=2)`` plays
matches of the ruleset and returns a :class:`LabResult`: per player (its place in ``players``) the
hands played, wins, deal-ins, self-draw share, average winning score and net score per hand, each
rate with a 95% confidence interval, and the drawn-hand rate.

How the work is split, so that the result does not depend on how it is run:

* The run is a sequence of **chunks**, each one match of the ruleset played start to end
  (:class:`Chunk`). A chunk is a pure function of its own fields: its match seed comes from the run's
  seed and the match's index, each bot's seed from the run's seed, the match and the player. Any
  executor may play chunks anywhere in any order (:func:`play_chunk`); the results are put back in
  chunk order and cut at the requested number of hands, so ``workers=1`` and ``workers=8`` give the
  same answer to the last digit. Here chunks run on local processes (``multiprocessing``); a
  distributed executor (Ray, Dask...) only needs to map :func:`play_chunk` over chunks
  (``run_lab(..., executor=...)``).
* **Seats rotate**: match ``i`` seats the players in rotation ``i mod n`` round the table, so no
  player gains from its chair.
* **Duplicate** (``duplicate=True``): every match is played once per rotation of the players, with
  the same walls, so each player meets the same deals from every chair and the luck of the deal
  cancels out. Intervals are then computed over boards (a match in all its rotations) rather than
  over hands.
"""

from __future__ import annotations

import contextlib
import gc
import math
import multiprocessing
import os
import queue
import random
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from sparrow.bots import LEVELS, get_bot
from sparrow.game.match import Match
from sparrow.game.procedures import procedure
from sparrow.game.state import HandState
from sparrow.play.sim import PLAYER_KINDS, Player

__all__ = [
    "Chunk",
    "ChunkResult",
    "HandRecord",
    "PlayerStats",
    "LabResult",
    "LabError",
    "play_chunk",
    "run_lab",
    "player_kinds",
    "parse_players",
]

Executor = Callable[[Callable[["Chunk"], "ChunkResult"], Iterable["Chunk"]], Iterator["ChunkResult"]]


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

    def choose(self, state: HandState, seat: str, actions: list) -> Any:
        return self.bot.act(state.observation(seat))


def _make_player(kind: str, seed: int) -> Player:
    if kind in LEVELS:
        return _BotPlayer(get_bot(kind, seed))
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

    def match_seed(self) -> int:
        return random.Random(f"sparrow-lab/match/{self.seed}/{self.index}").getrandbits(64)

    def bot_seed(self, player: int) -> int:
        return random.Random(f"sparrow-lab/bot/{self.seed}/{self.index}/{player}").getrandbits(32)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand's outcome by player (places in --players), as the statistics need it."""

    winner: int | None
    discarder: int | None  # who discarded the winning tile (a win on a discard only)
    self_drawn: bool
    score: int  # the winner's score
    payments: tuple[int, ...]  # by player
    turns: int
    claims: int


@dataclass(frozen=True, slots=True)
class ChunkResult:
    index: int
    rotation: int
    hands: tuple[HandRecord, ...]
    logs: tuple[tuple[dict[str, Any], ...], ...] = ()


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
    names = tuple(f"P{p + 1}" for p in range(count))
    # Chairs round the table in order; player p sits in chair (rotation + p) mod n.
    chairs = [""] * count
    for player in range(count):
        chairs[(chunk.rotation + player) % count] = names[player]
    match = Match(chunk.rules, chunk.match_seed(), dict(chunk.options), chairs)
    seats = {name: _make_player(kind, chunk.bot_seed(p)) for p, (name, kind) in enumerate(zip(names, chunk.players))}
    index_of = {name: p for p, name in enumerate(names)}
    records = []
    logs = []
    while not match.is_over and (chunk.limit is None or len(records) < chunk.limit):
        state = match.next_hand()
        by_seat = {seat: seats[name] for seat, name in state.players.items()}
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(by_seat[seat].choose(state, seat, state.legal_actions(seat)))
        result = match.record(state)
        player_of = {seat: index_of[name] for seat, name in state.players.items()}
        payments = [0] * count
        for seat, amount in result.payments.items():
            payments[player_of[seat]] = amount
        winner = player_of[result.winner] if result.winner is not None else None
        discarder = None
        if winner is not None and result.win_by == "discard" and result.discarder is not None:
            discarder = player_of[result.discarder]
        claims = sum(1 for event in state.events if event["event"] == "claim" and event["kind"] != "win")
        records.append(
            HandRecord(
                winner=winner,
                discarder=discarder,
                self_drawn=bool(winner is not None and result.self_drawn),
                score=result.score.total if winner is not None and result.score is not None else 0,
                payments=tuple(payments),
                turns=state.turns,
                claims=claims,
            )
        )
        if chunk.keep_logs:
            logs.append(tuple(state.events))
    return ChunkResult(chunk.index, chunk.rotation, tuple(records), tuple(logs))


# ---------------------------------------------------------------- statistics


def _mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation over independent units)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def _rate_interval(values: Sequence[float]) -> tuple[float, float, float]:
    mean, low, high = _mean_interval(values)
    return mean, max(0.0, low), min(1.0, high)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player: int  # its place in --players
    level: str
    hands: int
    wins: int
    win_rate: float
    win_rate_ci: tuple[float, float]
    deal_ins: int
    deal_in_rate: float
    deal_in_rate_ci: tuple[float, float]
    self_draw_share: float
    average_win: float
    net_per_hand: float
    net_per_hand_ci: tuple[float, float]

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "level": self.level,
            "hands": self.hands,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci": list(self.win_rate_ci),
            "deal_ins": self.deal_ins,
            "deal_in_rate": self.deal_in_rate,
            "deal_in_rate_ci": list(self.deal_in_rate_ci),
            "self_draw_share": self.self_draw_share,
            "average_win": self.average_win,
            "net_per_hand": self.net_per_hand,
            "net_per_hand_ci": list(self.net_per_hand_ci),
        }


@dataclass(frozen=True, slots=True)
class LabResult:
    rules: str
    options: Mapping[str, Any]
    players: tuple[str, ...]
    hands: int
    seed: int
    duplicate: bool
    drawn_rate: float
    stats: tuple[PlayerStats, ...]
    matches: int
    average_turns: float
    claims_per_hand: float
    logs: tuple[tuple[dict[str, Any], ...], ...] = field(default=(), repr=False)
    # Per independent unit (a hand, or a duplicate board), per player: (wins, deal-ins, net) and the
    # unit's number of hands; kept for paired comparisons between players.
    units: tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...] = field(default=(), repr=False)

    def compare(self, player: int, others: Sequence[int], measure: str = "win_rate") -> tuple[float, float, float]:
        """The difference between ``player`` and the mean of ``others`` in ``measure`` (``win_rate``,
        ``deal_in_rate`` or ``net_per_hand``), with its 95% interval, paired unit by unit (a duplicate
        board compares the players on the same deals)."""
        column = {"win_rate": 0, "deal_in_rate": 1, "net_per_hand": 2}[measure]
        differences = []
        for size, per_player in self.units:
            mine = per_player[player][column] / size
            theirs = sum(per_player[o][column] for o in others) / size / len(others)
            differences.append(mine - theirs)
        return _mean_interval(differences)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "options": dict(self.options),
            "hands": self.hands,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "drawn_rate": self.drawn_rate,
            "matches": self.matches,
            "average_turns": self.average_turns,
            "claims_per_hand": self.claims_per_hand,
            "players": [s.to_dict() for s in self.stats],
        }


def _summarise(
    rules: str,
    options: Mapping[str, Any],
    players: tuple[str, ...],
    seed: int,
    duplicate: bool,
    units: list[list[HandRecord]],
    logs: list[tuple[dict[str, Any], ...]],
    matches: int,
) -> LabResult:
    """Statistics over ``units``: each unit a list of hands whose results are taken as one
    independent observation for the intervals (a hand, or a duplicate board)."""
    count = len(players)
    hands = [record for unit in units for record in unit]
    total = len(hands)
    stats = []
    for p in range(count):
        wins = [r for r in hands if r.winner == p]
        deal_ins = sum(1 for r in hands if r.discarder == p)
        win_units = [sum(r.winner == p for r in unit) / len(unit) for unit in units if unit]
        deal_units = [sum(r.discarder == p for r in unit) / len(unit) for unit in units if unit]
        net_units = [sum(r.payments[p] for r in unit) / len(unit) for unit in units if unit]
        _, win_low, win_high = _rate_interval(win_units)
        _, deal_low, deal_high = _rate_interval(deal_units)
        _, net_low, net_high = _mean_interval(net_units)
        stats.append(
            PlayerStats(
                player=p,
                level=players[p],
                hands=total,
                wins=len(wins),
                win_rate=len(wins) / total if total else 0.0,
                win_rate_ci=(win_low, win_high),
                deal_ins=deal_ins,
                deal_in_rate=deal_ins / total if total else 0.0,
                deal_in_rate_ci=(deal_low, deal_high),
                self_draw_share=sum(r.self_drawn for r in wins) / len(wins) if wins else 0.0,
                average_win=sum(r.score for r in wins) / len(wins) if wins else 0.0,
                net_per_hand=sum(r.payments[p] for r in hands) / total if total else 0.0,
                net_per_hand_ci=(net_low, net_high),
            )
        )
    return LabResult(
        rules=rules,
        options=dict(options),
        players=players,
        hands=total,
        seed=seed,
        duplicate=duplicate,
        drawn_rate=sum(r.winner is None for r in hands) / total if total else 0.0,
        stats=tuple(stats),
        matches=matches,
        average_turns=sum(r.turns for r in hands) / total if total else 0.0,
        claims_per_hand=sum(r.claims for r in hands) / total if total else 0.0,
        logs=tuple(logs),
        units=tuple(
            (
                len(unit),
                tuple(
                    (
                        sum(r.winner == p for r in unit),
                        sum(r.discarder == p for r in unit),
                        sum(r.payments[p] for r in unit),
                    )
                    for p in range(count)
                ),
            )
            for unit in units
            if unit
        ),
    )


# ---------------------------------------------------------------- running


def parse_players(text: str, seats: int = 4) -> tuple[str, ...]:
    """``"expert,normal,normal,normal"`` (or one kind for every seat: ``"normal"``)."""
    kinds = tuple(part.strip() for part in text.split(","))
    if len(kinds) == 1:
        kinds = kinds * seats
    known = player_kinds()
    for kind in kinds:
        if kind not in known:
            raise LabError(f"unknown player {kind!r} (expected one of {', '.join(known)})")
    if len(kinds) != seats:
        raise LabError(f"this table seats {seats} players, --players names {len(kinds)}")
    return kinds


# A task sent to a worker process should take about this long: short matches (a casual game is one
# hand) are sent several at a time, so that sending them and their results costs little beside playing.
_TASK_SECONDS = 0.1
_MAX_BATCH = 32


def _play_batch(function: Callable[[Chunk], ChunkResult], batch: list[Chunk]) -> list[ChunkResult]:
    return [function(chunk) for chunk in batch]


def _local_executor(workers: int) -> Executor:
    """Chunks on ``workers`` local processes, results in chunk order.

    Chunks go to the workers as tasks of one or more consecutive chunks (several when matches are
    short: a task should take about :data:`_TASK_SECONDS`, measured as the run goes), one task per
    worker in play and one waiting, so a worker that finishes starts again at once. Results are
    handed on in chunk order as soon as they are, so the next chunk is drawn knowing every earlier
    result already in, and the run's last match is cut as short as it can be; at most a few finished
    results wait for an earlier one."""

    def run(function: Callable[[Chunk], ChunkResult], chunks: Iterable[Chunk]) -> Iterator[ChunkResult]:
        if workers <= 1:
            for chunk in chunks:
                yield function(chunk)
            return
        _warm_up()  # the forked workers inherit what the parent has loaded
        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
        finished: queue.SimpleQueue[tuple[int, list[ChunkResult] | None, BaseException | None]] = queue.SimpleQueue()
        iterator = iter(chunks)
        started = time.perf_counter()
        # Not multiprocessing.Pool: ending a run with tasks still queued means terminating it, and its
        # terminate() can hang for good on the lock of its task queue (seen about once in a hundred
        # short runs on a loaded machine). An executor's shutdown cancels the queued tasks and waits
        # for the running ones, which are short.
        pool = ProcessPoolExecutor(workers, mp_context=context)

        def report(order: int, future: Future[list[ChunkResult]]) -> None:
            if not future.cancelled():
                error = future.exception()
                finished.put((order, None if error is not None else future.result(), error))

        try:
            waiting: dict[int, ChunkResult] = {}  # finished out of order
            handed = 0  # chunks handed out
            first = 0  # the next chunk to hand on
            done = 0  # chunks finished
            hands = 0  # ...and the hands they played
            tasks = 0  # tasks in play or waiting for a worker

            def hand_out() -> bool:
                nonlocal handed, tasks
                head = next(iterator, None)
                if head is None:
                    return False
                batch = [head]
                if done >= 2 * workers:
                    per_chunk = (time.perf_counter() - started) * workers / done
                    size = min(_MAX_BATCH, int(_TASK_SECONDS / per_chunk))
                    limit = getattr(head, "limit", None)
                    if limit is not None:
                        # Near the run's end, smaller tasks: the last ones finish together.
                        size = min(size, int(limit * done / (max(1, hands) * (workers + 1))))
                    batch += islice(iterator, max(0, size - 1))
                order = handed
                handed += len(batch)
                tasks += 1
                future = pool.submit(_play_batch, function, batch)
                future.add_done_callback(lambda future: report(order, future))
                return True

            for _ in range(workers + 1):
                hand_out()
            while tasks:
                order, results, error = finished.get()
                tasks -= 1
                if error is not None:
                    raise error
                for offset, result in enumerate(results):  # type: ignore[arg-type]
                    waiting[order + offset] = result
                    hands += len(result.hands)
                done += len(results)  # type: ignore[arg-type]
                while first in waiting:
                    yield waiting.pop(first)
                    first += 1
                while tasks <= workers and len(waiting) < 4 * workers * _MAX_BATCH and hand_out():
                    pass
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    return run


def _warm_up() -> None:
    """Load what every worker needs before forking, so each does not load it again."""
    from sparrow.core.analysis import shanten

    shanten([0] * 34)


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
    executor: Executor | None = None,
) -> LabResult:
    """Play ``hands`` hands of ``rules`` with ``players`` (kinds in seat order, see
    :func:`player_kinds`) and measure each player. See the module docstring."""
    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
        raise LabError(f"the number of hands must be a whole number of at least 1, got {hands!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise LabError(f"the seed must be a whole number, got {seed!r}")
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise LabError(f"the number of workers must be a whole number of at least 1, got {workers!r}")
    options = dict(options or {})
    table = procedure(rules, options).table  # unknown ruleset or option: said before anything is played
    kinds = tuple(players)
    known = player_kinds()
    for kind in kinds:
        if kind not in known:
            raise LabError(f"unknown player {kind!r} (expected one of {', '.join(known)})")
    count = len(kinds)
    if count != table.seats:
        raise LabError(f"this table seats {table.seats} players, got {count}")
    if duplicate and hands < count:
        raise LabError(f"a duplicate run plays every deal once per rotation: at least {count} hands")
    option_items = tuple(sorted(options.items()))

    per_rotation = -(-hands // count)
    played = matches = 0

    def chunks() -> Iterator[Chunk]:
        # A chunk needs no more hands than the run still lacks once the results before it are in
        # (``played`` counts those already used; one taken early only sees a larger bound).
        index = 0
        while True:
            rotations = range(count) if duplicate else (index % count,)
            for rotation in rotations:
                limit = per_rotation if duplicate else max(1, hands - played)
                yield Chunk(rules, option_items, kinds, seed, index, rotation, keep_logs, limit)
            index += 1

    run = executor or _local_executor(workers)
    units: list[list[HandRecord]] = []
    logs: list[tuple[dict[str, Any], ...]] = []
    board: list[ChunkResult] = []
    # Each chunk keeps full collections rare (play_chunk); so does the whole run, so that they do not
    # come back between the chunks played in this process.
    with _rare_full_collections():
        for result in run(play_chunk, chunks()):
            if not duplicate:
                matches += 1
                take = result.hands[: hands - played]
                units.extend([record] for record in take)
                logs.extend(result.logs[: len(take)])
                played += len(take)
                if on_progress is not None:
                    on_progress(len(take))
            else:
                board.append(result)
                if len(board) < count:
                    continue
                # A board is complete: every rotation of one match. Cut it evenly if it would overshoot.
                per_rotation = min(len(r.hands) for r in board)
                room = (hands - played) // count
                keep = min(per_rotation, room) if hands - played < per_rotation * count else None
                unit = []
                for r in board:
                    take = r.hands if keep is None else r.hands[:keep]
                    unit.extend(take)
                    logs.extend(r.logs[: len(take)])
                if unit:
                    units.append(unit)
                    matches += 1
                played += len(unit)
                if on_progress is not None:
                    on_progress(len(unit))
                board = []
                if keep is not None:
                    played = hands  # the last board was cut: stop here
            if played >= hands:
                break
    return _summarise(rules, options, kinds, seed, duplicate, units, logs, matches)
