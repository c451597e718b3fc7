"""What the lab counts and how it sums it up (:mod:`sparrow.play.lab` plays; this module keeps the
figures): one :class:`HandRecord` a hand and, for a family measured on whole games (Riichi), one
:class:`GameRecord` a match; per player the :class:`PlayerStats` (with :class:`GameFigures` for whole
games) and the run's :class:`LabResult`, each rate with its 95% interval (Student's t over independent
units: hands, matches, or duplicate boards)."""

from __future__ import annotations

import dataclasses
import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sparrow.bots import LEVELS
from sparrow.seats import is_outside

__all__ = [
    "HandRecord",
    "GameRecord",
    "GameFigures",
    "PlayerStats",
    "LabResult",
    "MEASURES",
    "player_kind",
    "player_name",
    "summarise",
]


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
    # By player: decisions of an outside seat (cmd:, module:Class) that fell to the built-in bot in
    # this hand (a wrong answer, a timeout, a crash); empty when no seat is outside.
    fallbacks: tuple[int, ...] = ()
    # The other winners of a hand won by several at once (Riichi's double ron), beside ``winner``.
    other_winners: tuple[int, ...] = ()
    riichi: tuple[int, ...] = ()  # the players whose riichi stood (the log's ``riichi`` events)
    calls: tuple[int, ...] = ()  # by player: chows, pungs and kongs claimed from discards

    @property
    def deal_ins(self) -> int:
        """How many wins ``discarder`` paid for (several on a double ron)."""
        return 0 if self.discarder is None else 1 + len(self.other_winners)

    def won(self, player: int) -> int:
        return int(self.winner == player) + self.other_winners.count(player)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One whole match of a run of whole games, by player (places in --players): place (1 to n),
    final points and result (points less the return, in thousands, with uma and oka)."""

    seed: int
    rotation: int
    places: tuple[int, ...]
    points: tuple[int, ...]
    results: tuple[float, ...]
    hands: int


def player_name(player: int, spec: str) -> str:
    """A player's name at the table and in the game log (hand_start's ``players``, seat -> name): its
    place in --players and its entry, ``P1 expert``, so a log says who sat where."""
    return f"P{player + 1} {spec}"


def player_kind(spec: str) -> str:
    """What kind of player a --players entry names: ``bot`` for a bot level, ``outside`` for a player
    outside sparrow (``cmd:PROGRAM``, ``module:Class``), else the entry itself (``simple``...)."""
    if spec in LEVELS:
        return "bot"
    return "outside" if is_outside(spec) else spec


# Student's t: the two-sided 95% quantile for 1 to 9 degrees of freedom; from 10 on the Cornish-Fisher
# expansion below (within 1e-6 of the exact value).
_T975_SMALL = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622)
_Z975 = 1.959963984540054


def _t975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (a 95% two-sided interval)."""
    if df < 1:
        return math.inf
    if df <= len(_T975_SMALL):
        return _T975_SMALL[df - 1]
    z = _Z975
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def _ratio_interval(totals: Sequence[float], sizes: Sequence[int]) -> tuple[float, float, float]:
    """A per-hand rate over independent units (a hand, or a duplicate board of several hands): the
    estimate ``sum(totals) / sum(sizes)`` (the figure shown) and its 95% interval, centred on it.

    The units are the observations: the standard error is the ratio estimator's (each unit's residual
    ``total - estimate * size``), the quantile Student's t with one degree of freedom fewer than
    units, so a run of few boards gets the wider interval it deserves. With units of one hand each it is
    the ordinary t interval of a mean. Fewer than two units give no interval: (-inf, inf)."""
    hands = sum(sizes)
    if hands == 0:
        return 0.0, -math.inf, math.inf
    estimate = sum(totals) / hands
    n = len(sizes)
    if n < 2:
        return estimate, -math.inf, math.inf
    residuals = sum((total - estimate * size) ** 2 for total, size in zip(totals, sizes))
    error = math.sqrt(residuals / (n * (n - 1))) / (hands / n)
    half = _t975(n - 1) * error
    return estimate, estimate - half, estimate + half


def _clip(interval: tuple[float, float, float]) -> tuple[float, float, float]:
    estimate, low, high = interval
    return estimate, max(0.0, low), min(1.0, high)


def _mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95% interval of the mean of ``values`` (independent units: matches, or boards), Student's t
    on one degree of freedom fewer than values; fewer than two give none: (-inf, inf)."""
    if len(values) < 2:
        return -math.inf, math.inf
    mean = statistics.fmean(values)
    half = _t975(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return mean - half, mean + half


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None  # JSON has no infinity: null is "no interval"


MEASURES = ("win_rate", "deal_in_rate", "net_per_hand")


@dataclass(frozen=True, slots=True)
class GameFigures:
    """A player over the whole matches of a run of whole games (a family ranked on them: Riichi)."""

    matches: int
    result: float  # mean result per match: points less the return, in thousands, with uma and oka
    result_ci: tuple[float, float]  # its 95% interval, over matches (boards in duplicate); none: infinite ends
    place: float  # mean place, 1 the top
    points: float  # mean final points
    top_rate: float  # share of matches ended first
    last_rate: float  # ...and last
    place_ci: tuple[float, float] = (-math.inf, math.inf)  # the mean place's 95% interval, as result_ci's

    @property
    def result_interval(self) -> float:
        """Half the width of the result's interval (infinite when there is none)."""
        return (self.result_ci[1] - self.result_ci[0]) / 2


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player: int  # its place in --players
    level: str  # the --players entry (for a bot, its level)
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
    kind: str = ""  # "bot" for a bot level, else the player kind (player_kind)
    name: str = ""  # its name in the game log (hand_start's players): P1, P2...
    # This player minus the mean of the others, per measure: (difference, low, high), paired unit by
    # unit (LabResult.compare).
    vs_others: Mapping[str, tuple[float, float, float]] = field(default_factory=dict)
    fallbacks: int = 0  # an outside seat's decisions taken by the built-in bot (docs/protocol.md)
    riichi: int = 0  # hands in which its riichi stood (a family that has riichi)
    riichi_rate: float = 0.0  # ...per hand
    calls: int = 0  # chows, pungs and kongs it claimed from discards
    call_rate: float = 0.0  # share of hands in which it claimed at least one set (Riichi's "calls")
    games: GameFigures | None = None  # a run of whole games: its figures per match

    @property
    def calls_per_hand(self) -> float:
        return self.calls / self.hands if self.hands else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The player as ``sparrow simulate --json`` gives it: the figures per hand, each interval as
        both ends (``null`` where there is none); in a run of whole games the figures per match
        (``matches``, ``result``, ``result_ci``, ``place``, ``points``, ``top_rate``, ``last_rate``)
        and ``riichi_rate`` and ``call_rate`` beside the counts and rates of wins and deal-ins."""
        if self.games is not None:
            games = self.games
            return {
                "player": self.player,
                "name": self.name,
                "kind": self.kind,
                "level": self.level,
                "matches": games.matches,
                "hands": self.hands,
                "result": games.result,
                "result_ci": [_finite(end) for end in games.result_ci],
                "place": games.place,
                "place_ci": [_finite(end) for end in games.place_ci],
                "points": games.points,
                "wins": self.wins,
                "win_rate": self.win_rate,
                "deal_ins": self.deal_ins,
                "deal_in_rate": self.deal_in_rate,
                "riichi_rate": self.riichi_rate,
                "call_rate": self.call_rate,
                "top_rate": games.top_rate,
                "last_rate": games.last_rate,
                "fallbacks": self.fallbacks,
            }
        paired: dict[str, Any] = {}
        for measure, (difference, low, high) in self.vs_others.items():
            paired[measure] = difference
            paired[f"{measure}_ci"] = [_finite(low), _finite(high)]
        return {
            "player": self.player,
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "hands": self.hands,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci": [_finite(v) for v in self.win_rate_ci],
            "deal_ins": self.deal_ins,
            "deal_in_rate": self.deal_in_rate,
            "deal_in_rate_ci": [_finite(v) for v in self.deal_in_rate_ci],
            "self_draw_share": self.self_draw_share,
            "average_win": self.average_win,
            "net_per_hand": self.net_per_hand,
            "net_per_hand_ci": [_finite(v) for v in self.net_per_hand_ci],
            "call_rate": self.call_rate,
            "vs_others": paired,
            "fallbacks": self.fallbacks,
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
    version: str = ""  # sparrow's version
    # By match (board) played, in order; by match in a run of whole games (a board's every rotation).
    match_seeds: tuple[int, ...] = field(default=(), repr=False)
    elapsed: float = field(default=0.0, compare=False)  # seconds the run took (not part of to_dict)
    # A run of whole games: every match's end, in order (and then the units are matches, or boards).
    games: tuple[GameRecord, ...] = field(default=(), repr=False)

    @property
    def whole_games(self) -> bool:
        """Whether the run measured whole games (``hands`` counted matches: see the module)."""
        return bool(self.games)

    @property
    def interval_unit(self) -> str:
        """What the intervals are over: a ``hand``, a ``match`` of a run of whole games, or a duplicate ``board``."""
        return "board" if self.duplicate else "match" if self.games else "hand"

    def compare(self, player: int, others: Sequence[int], measure: str = "win_rate") -> tuple[float, float, float]:
        """The difference between ``player`` and the mean of ``others`` in ``measure`` (``win_rate``,
        ``deal_in_rate`` or ``net_per_hand``), with its 95% interval, paired unit by unit (a duplicate
        board compares the players on the same deals). The difference is exactly the difference of the
        estimates shown (every player plays every hand)."""
        column = MEASURES.index(measure)
        others = list(others)
        if not others:
            raise ValueError("compare a player with at least one other")
        totals = [
            per_player[player][column] - sum(per_player[o][column] for o in others) / len(others)
            for _, per_player in self.units
        ]
        return _ratio_interval(totals, [size for size, _ in self.units])

    def to_dict(self) -> dict[str, Any]:
        """The run as ``sparrow simulate --json`` prints it. Strict JSON: no infinity, no NaN. A run of
        whole games leaves out the table's figures per hand (``drawn_rate``, ``average_turns``,
        ``claims_per_hand``) and its seeds are by match."""
        data: dict[str, Any] = {
            "version": self.version,
            "rules": self.rules,
            "options": dict(self.options),
            "hands": self.hands,
            "seed": self.seed,
            "seeds": {"run": self.seed, "matches": list(self.match_seeds)},
            "duplicate": self.duplicate,
            # The intervals' independent unit: a hand (a match), or a duplicate board.
            "interval_unit": self.interval_unit,
            "units": len(self.units),
        }
        if not self.games:
            data["drawn_rate"] = self.drawn_rate
        data["matches"] = self.matches
        if not self.games:
            data["average_turns"] = self.average_turns
            data["claims_per_hand"] = self.claims_per_hand
        data["players"] = [s.to_dict() for s in self.stats]
        return data


def summarise(
    rules: str,
    options: Mapping[str, Any],
    players: tuple[str, ...],
    seed: int,
    duplicate: bool,
    units: list[list[HandRecord]],
    logs: list[tuple[dict[str, Any], ...]],
    matches: int,
    match_seeds: Sequence[int] = (),
    elapsed: float = 0.0,
    games: Sequence[GameRecord] = (),
) -> LabResult:
    """Statistics over ``units``: each unit a list of hands whose results are taken as one
    independent observation for the intervals (a hand, a whole match, or a duplicate board)."""
    from sparrow._version import __version__

    count = len(players)
    units = [unit for unit in units if unit]
    hands = [record for unit in units for record in unit]
    total = len(hands)
    sizes = [len(unit) for unit in units]
    per_unit = tuple(
        (
            len(unit),
            tuple(
                (
                    sum(r.won(p) for r in unit),
                    sum(r.deal_ins for r in unit if r.discarder == p),
                    sum(r.payments[p] for r in unit),
                )
                for p in range(count)
            ),
        )
        for unit in units
    )
    result = LabResult(
        rules=rules,
        options=dict(options),
        players=players,
        hands=total,
        seed=seed,
        duplicate=duplicate,
        drawn_rate=sum(r.winner is None for r in hands) / total if total else 0.0,
        stats=(),
        matches=matches,
        average_turns=sum(r.turns for r in hands) / total if total else 0.0,
        claims_per_hand=sum(r.claims for r in hands) / total if total else 0.0,
        logs=tuple(logs),
        units=per_unit,
        version=__version__,
        match_seeds=tuple(match_seeds),
        elapsed=elapsed,
        games=tuple(games),
    )
    stats = []
    for p in range(count):
        wins = [r for r in hands if r.winner == p]
        won = sum(r.won(p) for r in hands)
        deal_ins = sum(r.deal_ins for r in hands if r.discarder == p)
        riichi = sum(p in r.riichi for r in hands)
        win_rate, win_low, win_high = _clip(_ratio_interval([u[p][0] for _, u in per_unit], sizes))
        deal_rate, deal_low, deal_high = _clip(_ratio_interval([u[p][1] for _, u in per_unit], sizes))
        net, net_low, net_high = _ratio_interval([u[p][2] for _, u in per_unit], sizes)
        others = [o for o in range(count) if o != p]
        stats.append(
            PlayerStats(
                player=p,
                level=players[p],
                hands=total,
                wins=won,
                win_rate=win_rate,
                win_rate_ci=(win_low, win_high),
                deal_ins=deal_ins,
                deal_in_rate=deal_rate,
                deal_in_rate_ci=(deal_low, deal_high),
                self_draw_share=sum(r.self_drawn for r in wins) / len(wins) if wins else 0.0,
                average_win=sum(r.score for r in wins) / len(wins) if wins else 0.0,
                net_per_hand=net,
                net_per_hand_ci=(net_low, net_high),
                kind=player_kind(players[p]),
                name=player_name(p, players[p]),
                vs_others={measure: result.compare(p, others, measure) for measure in MEASURES} if others else {},
                fallbacks=sum(r.fallbacks[p] for r in hands if r.fallbacks),
                riichi=riichi,
                riichi_rate=riichi / total if total else 0.0,
                calls=sum(r.calls[p] for r in hands if r.calls),
                call_rate=sum(1 for r in hands if r.calls and r.calls[p]) / total if total else 0.0,
                games=_game_figures(games, p, count, duplicate) if games else None,
            )
        )
    return dataclasses.replace(result, stats=tuple(stats))


def _game_figures(games: Sequence[GameRecord], player: int, seats: int, duplicate: bool) -> GameFigures:
    """``player``'s figures over whole matches; in duplicate the interval is over boards (each the
    mean of its ``seats`` rotations)."""
    results = [game.results[player] for game in games]
    samples = (
        [statistics.fmean(results[i : i + seats]) for i in range(0, len(results), seats)] if duplicate else results
    )
    places = [game.places[player] for game in games]
    place_samples = (
        [statistics.fmean(places[i : i + seats]) for i in range(0, len(places), seats)] if duplicate else places
    )
    return GameFigures(
        matches=len(games),
        result=statistics.fmean(results),
        result_ci=_mean_interval(samples),
        place=statistics.fmean(places),
        points=statistics.fmean(game.points[player] for game in games),
        top_rate=places.count(1) / len(games),
        last_rate=places.count(seats) / len(games),
        place_ci=_mean_interval(place_samples),
    )


# ---------------------------------------------------------------- running
