"""Riichi matches with players in every seat, and the lab's figures over many of them.

A player is named as ``sparrow simulate`` names them: ``easy``, ``normal``, ``expert`` (the Riichi
computer players, :class:`sparrow.bots.riichi.RiichiBot`), ``random`` (uniform among the legal
actions) or ``cmd:PROGRAM ARGS`` (an outside mjai bot, :class:`sparrow.seats.mjai.MjaiSeat`: the
referee checks its every answer, and a simple built-in player takes the decisions it gets wrong,
each counted and logged with its reason in the hand's ``hand_end``, ``fallbacks``, as at the other
families' tables).

A match is played whole (:func:`play_match`); the lab plays ``matches`` of them from one seed
(:func:`run_lab`), each from its own seed so that any number of processes gives the same result. In
duplicate every seed is played once per rotation of the players round the table: the k-th hand of
each rotation is dealt from the same wall, so the luck of the tiles cancels over a board of four.
"""

from __future__ import annotations

import math
import random
import shlex
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sparrow.bots.riichi import LEVELS, RiichiBot
from sparrow.game.riichi import RiichiAction, RiichiActionKind, RiichiHandState, observation
from sparrow.game.riichi.match import RiichiMatch
from sparrow.play.executors import Executor, local_executor
from sparrow.play.lab import player_kind, player_name
from sparrow.rules.riichi.presets import MatchOptions
from sparrow.seats import faults_of, record_fallbacks
from sparrow.seats.mjai import MjaiProcess, MjaiSeat

__all__ = [
    "Agent",
    "PLAYER_KINDS",
    "PlayerFigures",
    "LabResult",
    "MatchRecord",
    "agent_of",
    "check_players",
    "play_match",
    "run_lab",
]

# (the match, the hand in play, the seat, its legal actions) -> the seat's choice
Agent = Callable[[RiichiMatch, RiichiHandState, int, Sequence[RiichiAction]], RiichiAction]
PLAYER_KINDS = (*LEVELS, "random")


def check_players(players: Sequence[str]) -> list[str]:
    """Four player names (one name is every seat's); a ``ValueError`` names a wrong one."""
    names = [name.strip() for name in players]
    if len(names) == 1:
        names *= 4
    if len(names) != 4:
        raise ValueError(f"riichi is played by four: give one player or four, got {len(names)}")
    for name in names:
        if name not in PLAYER_KINDS and not (name.startswith("cmd:") and name[4:].strip()):
            raise ValueError(f"unknown riichi player {name!r} (expected {', '.join(PLAYER_KINDS)} or cmd:PROGRAM)")
    return names


def _fallback(legal: Sequence[RiichiAction]) -> RiichiAction:
    """For a seat whose outside bot failed a decision: pass on a claim, else discard the last tile."""
    for action in legal:
        if action.kind is RiichiActionKind.PASS:
            return action
    discards = [a for a in legal if a.kind is RiichiActionKind.DISCARD and not a.riichi]
    return discards[-1] if discards else legal[0]


def agent_of(
    name: str,
    seat: int,
    seed: int,
    closing: list[Callable[[], None]] | None = None,
    outside: dict[int, MjaiSeat] | None = None,
) -> Agent:
    """The player ``name`` at ``seat``; an outside program's ``close`` is added to ``closing``, and its
    seat (which counts its faults) to ``outside``."""
    if name == "random":
        rng = random.Random(f"riichi-random/{seed}/{seat}")
        return lambda match, hand, seat, legal: rng.choice(legal)
    if name.startswith("cmd:"):
        process = MjaiProcess(shlex.split(name[4:]))
        if closing is not None:
            closing.append(process.close)
        mjai = MjaiSeat(seat, process, _fallback, name=name[4:].strip())
        if outside is not None:
            outside[seat] = mjai
        return lambda match, hand, seat, legal: mjai.act([*match.log, *hand.events], legal)
    bot = RiichiBot(name, seed * 4 + seat)
    return lambda match, hand, seat, legal: bot.act(observation(hand, seat), legal)


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One match's figures, seat by seat: place (1-4), final points, result (uma and oka, in
    thousands), and per hand counts of wins, deal-ins and riichi."""

    seed: int
    players: tuple[str, ...]  # by seat
    places: tuple[int, ...]
    points: tuple[int, ...]
    results: tuple[float, ...]
    hands: int
    wins: tuple[int, ...]
    deal_ins: tuple[int, ...]
    riichi: tuple[int, ...]
    faults: tuple[int, ...] = (0, 0, 0, 0)  # an outside bot's decisions taken by the built-in player
    log: tuple[dict[str, Any], ...] = field(default=(), repr=False)  # every hand's events, when kept


def play_match(
    seed: int,
    agents: Sequence[Agent],
    options: MatchOptions | None = None,
    on_hand: Callable[[RiichiMatch, RiichiHandState], None] | None = None,
    *,
    outside: Mapping[int, MjaiSeat] | None = None,
    players: Sequence[str] | None = None,
) -> RiichiMatch:
    """Play a whole match, each seat's decisions by its agent; ``on_hand`` is told of each hand played.
    ``outside``: the seats of outside bots (:func:`agent_of`): why their decisions fell to the built-in
    player goes into each hand's ``hand_end`` (``fallbacks``), and once the match is over each is told
    how it ended. ``players``: the names the log gives the seats (hand_start's ``players``)."""
    match = RiichiMatch(seed, options, players)
    outside = outside or {}
    while not match.over:
        hand = match.next_hand()
        winds = {seat: hand.wind_name(seat) for seat in outside}
        before = faults_of({winds[seat]: mjai for seat, mjai in outside.items()})
        while not hand.over:
            seat = hand.to_act[0]
            hand.apply(agents[seat](match, hand, seat, hand.legal_actions(seat)))
        if outside:
            record_fallbacks(hand, before, {winds[seat]: mjai for seat, mjai in outside.items()})
        match.record(hand)
        if on_hand is not None:
            on_hand(match, hand)
    for mjai in outside.values():
        mjai.finish(match.log)
    return match


def _one_match(task: tuple[int, tuple[str, ...], dict[str, Any], bool, tuple[str, ...]]) -> MatchRecord:
    seed, players, options, keep_log, names = task
    closing: list[Callable[[], None]] = []
    wins, deal_ins, riichi = [0] * 4, [0] * 4, [0] * 4
    log: list[dict[str, Any]] = []

    def count(match: RiichiMatch, hand: RiichiHandState) -> None:
        result = hand.result
        assert result is not None
        for win in result.wins:
            wins[win.seat] += 1
            if win.source is not None:
                deal_ins[win.source] += 1
        for seat in result.riichi:
            riichi[seat] += 1
        if keep_log:
            log.extend(hand.events)

    try:
        outside: dict[int, MjaiSeat] = {}
        agents = [agent_of(name, seat, seed, closing, outside) for seat, name in enumerate(players)]
        match = play_match(seed, agents, MatchOptions.from_mapping(options), count, outside=outside, players=names)
    finally:
        for close in closing:
            close()
    final = match.results()
    by_seat = {item.seat: item for item in final}
    return MatchRecord(
        seed,
        players,
        tuple(by_seat[seat].place for seat in range(4)),
        tuple(by_seat[seat].points for seat in range(4)),
        tuple(float(by_seat[seat].result) for seat in range(4)),
        match.hands_played,
        tuple(wins),
        tuple(deal_ins),
        tuple(riichi),
        tuple(sum(outside[seat].faults.values()) if seat in outside else 0 for seat in range(4)),
        tuple(log),
    )


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    """One player of the line-up over the run (a player sits in every seat in duplicate)."""

    player: str  # as the table on screen names it: its --players entry, and its place when repeated
    matches: int
    result: float  # mean result per match (uma and oka, thousands)
    result_ci: tuple[float, float]  # its 95% interval (over boards in duplicate); infinite ends: none
    place: float
    points: float
    win_rate: float  # per hand
    deal_in_rate: float
    riichi_rate: float
    top_rate: float
    last_rate: float
    fallbacks: int = 0  # an outside bot's decisions taken by the built-in player, over the run
    index: int = 0  # its place in --players, from 0
    level: str = ""  # its --players entry
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0

    @property
    def result_interval(self) -> float:
        """Half the width of the result's interval (infinite when there is none)."""
        return (self.result_ci[1] - self.result_ci[0]) / 2

    @property
    def faults(self) -> int:
        """The former name of :attr:`fallbacks`."""
        return self.fallbacks

    def to_dict(self) -> dict[str, Any]:
        """The player as ``sparrow simulate --json`` gives it, in the shape of the other families'
        (``sparrow.play.lab.PlayerStats.to_dict``): ``player`` its place, ``name``, ``kind``,
        ``level``, the figures, each interval as both ends (``null`` where there is none)."""
        return {
            "player": self.index,
            "name": player_name(self.index, self.level),
            "kind": player_kind(self.level),
            "level": self.level,
            "matches": self.matches,
            "hands": self.hands,
            "result": self.result,
            "result_ci": [_finite(end) for end in self.result_ci],
            "place": self.place,
            "points": self.points,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "deal_ins": self.deal_ins,
            "deal_in_rate": self.deal_in_rate,
            "riichi_rate": self.riichi_rate,
            "top_rate": self.top_rate,
            "last_rate": self.last_rate,
            "fallbacks": self.fallbacks,
        }


@dataclass(frozen=True, slots=True)
class LabResult:
    players: tuple[PlayerFigures, ...]
    matches: int
    hands: int
    duplicate: bool
    records: tuple[MatchRecord, ...] = field(repr=False)
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    units: int = 0  # the intervals' independent units: matches, or boards of four in duplicate

    @property
    def logs(self) -> tuple[tuple[dict[str, Any], ...], ...]:
        """Each match's events, in the run's order (empty unless the run kept them)."""
        return tuple(record.log for record in self.records)

    def to_dict(self) -> dict[str, Any]:
        """The run as ``sparrow simulate --json`` prints it: the keys every family's result has
        (``version``, ``seeds``, ``interval_unit``...; ``sparrow.play.lab.LabResult.to_dict``) and
        Riichi's own figures per player. Strict JSON: no infinity, no NaN."""
        from sparrow._version import __version__

        return {
            "version": __version__,
            "rules": "riichi",
            "options": dict(self.options),
            "hands": self.hands,
            "seed": self.seed,
            "seeds": {"run": self.seed, "matches": [record.seed for record in self.records]},
            "duplicate": self.duplicate,
            "interval_unit": "board" if self.duplicate else "match",
            "units": self.units,
            "matches": self.matches,
            "players": [figures.to_dict() for figures in self.players],
        }


def _tasks(
    players: Sequence[str], matches: int, seed: int, duplicate: bool, options: Mapping[str, Any]
) -> Iterable[tuple[int, tuple[str, ...], dict[str, Any], int]]:
    seeds = random.Random(f"riichi-lab/{seed}")
    match_seed = 0
    for number in range(matches):
        rotation = number % 4 if duplicate else 0
        if rotation == 0:
            match_seed = seeds.getrandbits(62)
        # The player in place p sits at seat (p + rotation) % 4.
        line_up = tuple(players[(seat - rotation) % 4] for seat in range(4))
        yield match_seed, line_up, dict(options), rotation


def _interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean's 95% interval (normal approximation); fewer than two values give none (infinite ends)."""
    if len(values) < 2:
        return -math.inf, math.inf
    mean, half = statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean - half, mean + half


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None  # JSON has no infinity: null is "no interval"


def run_lab(
    players: Sequence[str],
    matches: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    duplicate: bool = False,
    workers: int = 1,
    progress: Callable[[MatchRecord], None] | None = None,
    *,
    keep_logs: bool = False,
    executor: Executor | None = None,
) -> LabResult:
    """Play ``matches`` matches (a multiple of 4 in duplicate) and measure each player of the line-up
    (``players``: four names, the player in place p at seat p, or rotated round the table in duplicate).
    ``keep_logs``: each record keeps its match's events (:attr:`MatchRecord.log`). The matches are
    played by ``executor`` (:mod:`sparrow.play.executors`: default ``workers`` local processes; Ray's
    too), which changes nothing in the result: every match is played from its own seed."""
    players = check_players(players)
    if duplicate and matches % 4:
        raise ValueError(f"in duplicate the matches are boards of four: give a multiple of 4, got {matches}")
    options = dict(options or {})
    MatchOptions.from_mapping(options)  # raises on a bad option before anything is played
    tasks = list(_tasks(players, matches, seed, duplicate, options))
    rotations = [task[3] for task in tasks]
    # The log names each seat's player by its place and entry (``P1 normal``), as the other families' lab does.
    names = [tuple(player_name((seat - task[3]) % 4, task[1][seat]) for seat in range(4)) for task in tasks]
    jobs = [(task[0], task[1], task[2], keep_logs, named) for task, named in zip(tasks, names)]
    records: list[MatchRecord] = []
    run = executor if executor is not None else local_executor(workers if len(jobs) > 1 else 1)
    for record in run(_one_match, jobs):
        records.append(record)
        if progress is not None:
            progress(record)
    return LabResult(
        _figures(players, records, rotations, duplicate),
        matches,
        sum(r.hands for r in records),
        duplicate,
        tuple(records),
        seed,
        options,
        len(records) // 4 if duplicate else len(records),
    )


def _figures(
    players: Sequence[str], records: Sequence[MatchRecord], rotations: Sequence[int], duplicate: bool
) -> tuple[PlayerFigures, ...]:
    figures = []
    for place in range(4):
        seats = [
            (record, (place + rotation) % 4 if duplicate else place) for record, rotation in zip(records, rotations)
        ]
        results = [record.results[seat] for record, seat in seats]
        if duplicate:  # one figure a board: the mean of its four matches
            samples = [statistics.fmean(results[i : i + 4]) for i in range(0, len(results), 4)]
        else:
            samples = results
        hands = sum(record.hands for record in records) or 1
        count = len(records) or 1
        label = players[place] if players.count(players[place]) == 1 else f"{players[place]} ({place + 1})"
        figures.append(
            PlayerFigures(
                label,
                len(records),
                statistics.fmean(results) if results else 0.0,
                _interval(samples),
                statistics.fmean(record.places[seat] for record, seat in seats) if seats else 0.0,
                statistics.fmean(record.points[seat] for record, seat in seats) if seats else 0.0,
                sum(record.wins[seat] for record, seat in seats) / hands,
                sum(record.deal_ins[seat] for record, seat in seats) / hands,
                sum(record.riichi[seat] for record, seat in seats) / hands,
                sum(record.places[seat] == 1 for record, seat in seats) / count,
                sum(record.places[seat] == 4 for record, seat in seats) / count,
                sum(record.faults[seat] for record, seat in seats),
                place,
                players[place],
                sum(record.hands for record in records),
                sum(record.wins[seat] for record, seat in seats),
                sum(record.deal_ins[seat] for record, seat in seats),
            )
        )
    return tuple(figures)
