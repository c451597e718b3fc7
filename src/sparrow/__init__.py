"""Sparrow: a mahjong rules engine, score calculator and table for several rule families.

The few names a Python user needs are here; everything else lives in its layer (``docs/architecture.md``)::

    import sparrow

    hand = sparrow.parse_hand("nts: 23m456p88s777z [111z] +1m* seat=E round=S")
    sparrow.score(hand).total                       # 136
    sparrow.settle("nts", winner="E", win_by="self_draw", scores={"E": 136, "S": 32, "W": 28, "N": 8})
    sparrow.shanten(sparrow.tile_counts(sparrow.parse_tiles("123m456p789s1122z")))   # 0: ready
    state = sparrow.play_hand("hkos", seed=7)       # four Normal computer players, to the end
    sparrow.simulate("hkos", ["expert", "normal", "normal", "normal"], hands=100, seed=1)

The names are loaded when first used, so ``import sparrow`` stays cheap for the command line.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

from sparrow import _compiled  # noqa: F401  (first: it decides whether compiled modules may load)

if TYPE_CHECKING:
    from sparrow.bots import get_bot
    from sparrow.core.analysis import discard_options, shanten, waits
    from sparrow.core.hand import Hand, HandError, Meld, MeldKind
    from sparrow.core.situation import HandSituation, SituationError
    from sparrow.core.tiles import Tile, TileError, format_tiles, parse_tiles, tile_counts
    from sparrow.formats.compact import format_compact as format_hand
    from sparrow.formats.compact import parse_compact as parse_hand
    from sparrow.game import Action, HandState, IllegalActionError, Match, deal
    from sparrow.game import replay_hand as replay
    from sparrow.play.lab import LabResult
    from sparrow.play.lab import run_lab as simulate
    from sparrow.rules import RulesError, ScoreResult, Settlement, get_ruleset, ruleset_names

from sparrow._version import __version__

# name -> (module, its name there): what ``sparrow.<name>`` is, imported on first use.
_FACE: dict[str, tuple[str, str]] = {
    # tiles, hands and situations
    "Tile": ("sparrow.core.tiles", "Tile"),
    "TileError": ("sparrow.core.tiles", "TileError"),
    "parse_tiles": ("sparrow.core.tiles", "parse_tiles"),
    "format_tiles": ("sparrow.core.tiles", "format_tiles"),
    "tile_counts": ("sparrow.core.tiles", "tile_counts"),
    "Hand": ("sparrow.core.hand", "Hand"),
    "HandError": ("sparrow.core.hand", "HandError"),
    "Meld": ("sparrow.core.hand", "Meld"),
    "MeldKind": ("sparrow.core.hand", "MeldKind"),
    "HandSituation": ("sparrow.core.situation", "HandSituation"),
    "SituationError": ("sparrow.core.situation", "SituationError"),
    "parse_hand": ("sparrow.formats.compact", "parse_compact"),
    "format_hand": ("sparrow.formats.compact", "format_compact"),
    # analysis
    "shanten": ("sparrow.core.analysis", "shanten"),
    "waits": ("sparrow.core.analysis", "waits"),
    "discard_options": ("sparrow.core.analysis", "discard_options"),
    # rules, scoring and settlement
    "get_ruleset": ("sparrow.rules", "get_ruleset"),
    "ruleset_names": ("sparrow.rules", "ruleset_names"),
    "RulesError": ("sparrow.rules", "RulesError"),
    "ScoreResult": ("sparrow.rules", "ScoreResult"),
    "Settlement": ("sparrow.rules", "Settlement"),
    # play
    "HandState": ("sparrow.game", "HandState"),
    "Action": ("sparrow.game", "Action"),
    "IllegalActionError": ("sparrow.game", "IllegalActionError"),
    "Match": ("sparrow.game", "Match"),
    "replay": ("sparrow.game", "replay_hand"),
    "deal": ("sparrow.game", "deal"),
    "get_bot": ("sparrow.bots", "get_bot"),
    "simulate": ("sparrow.play.lab", "run_lab"),
    "LabResult": ("sparrow.play.lab", "LabResult"),
}

__all__ = [
    "__version__",
    "Action",
    "deal",
    "discard_options",
    "format_hand",
    "format_tiles",
    "get_bot",
    "get_ruleset",
    "Hand",
    "HandError",
    "HandSituation",
    "HandState",
    "IllegalActionError",
    "LabResult",
    "Match",
    "Meld",
    "MeldKind",
    "parse_hand",
    "parse_tiles",
    "play_hand",
    "replay",
    "RulesError",
    "ruleset_names",
    "score",
    "ScoreResult",
    "settle",
    "Settlement",
    "shanten",
    "simulate",
    "SituationError",
    "Tile",
    "tile_counts",
    "TileError",
    "waits",
]


def __getattr__(name: str) -> Any:
    entry = _FACE.get(name)
    if entry is None:
        raise AttributeError(f"module 'sparrow' has no attribute {name!r}")
    value = getattr(import_module(entry[0]), entry[1])
    globals()[name] = value  # found once; later look-ups do not come here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def score(hand: HandSituation | str) -> ScoreResult:
    """Score one hand under the ruleset it names: a :class:`HandSituation`, or a hand in the compact
    notation of ``sparrow score --hand`` (``"hkos: 123m456p789s11z [777z] +1z*"``). The result lists
    every item with its value, the arithmetic and the total; a hand that is not a legal win says why
    (``valid`` false, ``reason``). Malformed input raises a ``ValueError`` naming the problem."""
    from sparrow.formats.compact import parse_compact
    from sparrow.rules import score as score_situation

    situation = parse_compact(hand) if isinstance(hand, str) else hand
    return score_situation(situation)


def settle(
    rules: str,
    *,
    winner: str | None,
    scores: Mapping[str, int],
    win_by: str | None = None,
    discarder: str | None = None,
    options: Mapping[str, Any] | None = None,
    dead: tuple[str, ...] = (),
) -> dict[str, int]:
    """What each seat gains or loses for a finished hand (the payments sum to zero): ``winner`` None
    for a drawn hand, ``scores`` the hand totals by seat (under NTS every player's, else the
    winner's), ``discarder`` the seat that dealt in on a win by discard."""
    from sparrow.rules import Settlement
    from sparrow.rules import settle as settle_payments

    return settle_payments(
        Settlement(
            rules=rules,
            winner=winner,
            win_by=win_by,
            discarder=discarder,
            scores=dict(scores),
            options=dict(options or {}),
            dead=frozenset(dead),
        )
    )


def play_hand(
    rules: str, seed: int = 0, players: str | tuple[str, ...] = "normal", options: Mapping[str, Any] | None = None
) -> Any:
    """Deal one hand of ``rules`` (any family, Riichi too) from ``seed`` and let computer players (a
    level, ``"easy"``, ``"normal"`` or ``"expert"``, for every seat, or one per seat from East) play
    it to its end. The finished hand holds the result (``state.result``) and the game log
    (``state.events``), which :func:`replay` plays back exactly."""
    from sparrow.bots import get_bot
    from sparrow.game import deal

    state = deal(rules, options, seed)
    levels = (players,) * len(state.seats) if isinstance(players, str) else tuple(players)
    if len(levels) != len(state.seats):
        raise ValueError(f"players: {len(state.seats)} seats need {len(state.seats)} levels, got {len(levels)}")
    bots = {seat: get_bot(level, seed * 4 + index) for index, (seat, level) in enumerate(zip(state.seats, levels))}
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(bots[seat].act(state.observation(seat)))
    return state
