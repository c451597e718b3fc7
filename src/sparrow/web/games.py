"""Games against the computer, as the web app keeps them: create, look, act, deal the next hand.

The server is the referee. A game is stored as its seed and its log (``sparrow.store``); the live
:class:`~sparrow.play.table.Table` is kept in memory for speed and rebuilt from the log whenever the memory
copy is missing or older than the database (a restart, another server process). Every change runs
under the game's lock, is validated by the engine, and is written to the database before it is
answered; a change made from an outdated state (another tab, a retried request) is refused.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from sparrow.bots import LEVELS
from sparrow.game.actions import IllegalActionError, InvalidActionError
from sparrow.game.events import LogError
from sparrow.game.match import MatchError
from sparrow.game.replay import ReplayError
from sparrow.i18n import N_
from sparrow.play.table import Table, TableError
from sparrow.rules import RulesError, get_ruleset, ruleset_names
from sparrow.store import GameRecord, SessionRecord, StaleGameError, Store, WinRecord
from sparrow.web.errors import WebError
from sparrow.web.quotas import QuotaGuard
from sparrow.web.views import finish_of

__all__ = ["Games", "POINTS", "RANKED_OPTIONS"]

# Ranking points for a won hand, by the computer players' level (seed 001).
POINTS = {"easy": 10, "normal": 30, "expert": 100}
# Options that change how much a hand is worth or how long a match lasts, not how hard it is to win:
# a game with any other option is played unranked.
# (Riichi's presets are the rules of a club or an online room, each as hard to win under as another.)
RANKED_OPTIONS = frozenset({"max_fan", "rotate", "hands", "short_match", "length", "preset"})
# What Action.from_dict reads (a red five is a "0p" tile or ``red``; ``riichi`` declares with a discard,
# where the family has it: a table that never lists an action with the flag refuses it), and the version.
_ACTION_FIELDS = ("action", "tile", "seat", "red", "riichi", "version")
_FLAGS = ("red", "riichi")
_MAX_ACTION_BYTES = 4096
_CACHE_SIZE = 512
# Tables kept in memory with outside programs running for them (each program a process): beyond this
# the least recently used is dropped, its programs stopped, and rebuilt from the log when next asked.
_PROGRAM_TABLES = 16
_LOCK_STRIPES = 256
# Why a move cannot be taken back (the page language's words come from the catalogue).
RANKED_TAKE_BACK = N_("A ranked game cannot take a move back: take back is for practice, in unranked games.")
NOTHING_TO_TAKE_BACK = N_("There is nothing to take back: you have not made a decision in this hand yet.")


def is_ranked(rules: str, options: Mapping[str, Any]) -> bool:
    """Whether wins in a game with these options count for the leaderboard: every option is one that
    changes only a hand's worth or the match's length, or is given at its default (for a family with
    named presets, the chosen preset's value)."""
    ruleset = get_ruleset(rules)
    defaults = dict(ruleset.defaults)
    presets = getattr(ruleset, "presets", None)
    if presets and options.get("preset") in presets:  # overrides are measured from the chosen preset
        defaults = {"preset": options["preset"], **presets[options["preset"]]}
    return all(key in RANKED_OPTIONS or defaults.get(key) == value for key, value in options.items())


def _action_of(body: bytes) -> dict[str, Any]:
    """The action object of a request body, its fields checked (422 naming the problem)."""
    if len(body) > _MAX_ACTION_BYTES:
        raise WebError(422, f"The action is {len(body)} bytes long; an action is a small JSON object.")
    try:
        action = json.loads(body)
    except (ValueError, RecursionError):
        raise WebError(422, "The request body is not valid JSON.") from None
    if not isinstance(action, dict):
        raise WebError(422, 'The action must be a JSON object such as {"action": "discard", "tile": "5p"}.')
    unknown = sorted(set(action) - set(_ACTION_FIELDS))
    if unknown:
        raise WebError(422, f"Unknown field {unknown[0]!r} in the action (expected {', '.join(_ACTION_FIELDS)}).")
    version = action.get("version")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        raise WebError(422, f"version must be a whole number, got {version!r}.")
    if version is not None and not 0 <= version <= _MAX_VERSION:
        raise WebError(
            422, f"version is too large: at most {_MAX_VERSION}." if version > 0 else "version must be at least 0."
        )
    tile = action.get("tile")
    if tile is not None and not isinstance(tile, str):
        raise WebError(422, f'tile must be a tile such as "5p", got {json.dumps(tile)[:40]}.')
    for flag in _FLAGS:
        if flag in action and not isinstance(action[flag], bool):
            raise WebError(422, f"{flag} must be true or false, got {json.dumps(action[flag])[:40]}.")
    return action


_MAX_VERSION = 2**31 - 1  # the column's range


def _not_found() -> WebError:
    return WebError(404, "There is no such game.")


class Games:
    def __init__(
        self,
        store: Store,
        seeds: Iterator[int] | None = None,
        opponents: Mapping[str, str] | None = None,
        quotas: QuotaGuard | None = None,
    ) -> None:
        """``opponents``: outside players the server's operator offers besides the built-in levels,
        by name (``{"mybot": "cmd:python3 mybot.py"}``, ``sparrow serve --opponent``); a game against
        one seats it in every other chair and is unranked. ``quotas``: how many games a player and
        an address may start (none checked without)."""
        self.store = store
        self.quotas = quotas
        self.opponents = dict(opponents or {})
        # Where new games' seeds come from: the system's randomness, or a fixed sequence for
        # demonstrations and tests (``sparrow serve`` reads SPARROW_GAME_SEED). Never fix them on a
        # server where the ranking matters: whoever knows a seed knows the wall.
        self.seeds = seeds
        self._tables: OrderedDict[str, tuple[int, Table]] = OrderedDict()
        self._cache_lock = threading.Lock()
        # One lock per game would grow with every id asked for; striped locks serialise each game's
        # changes (and, rarely, two unrelated games) with a fixed number of locks.
        self._locks = [threading.Lock() for _ in range(_LOCK_STRIPES)]

    # ---------------------------------------------------------------- plumbing

    @contextmanager
    def _locked(self, game_id: str) -> Iterator[None]:
        with self._locks[zlib.crc32(game_id.encode()) % _LOCK_STRIPES]:
            yield

    def _remember(self, game: GameRecord, table: Table) -> None:
        dropped: list[Table] = []
        with self._cache_lock:
            previous = self._tables.get(game.id)
            if previous is not None and previous[1] is not table:
                dropped.append(previous[1])
            self._tables[game.id] = (game.version, table)
            self._tables.move_to_end(game.id)
            while len(self._tables) > _CACHE_SIZE:
                dropped.append(self._tables.popitem(last=False)[1][1])
            with_programs = [key for key, (_, kept) in self._tables.items() if getattr(kept, "seated", None)]
            for key in with_programs[: max(0, len(with_programs) - _PROGRAM_TABLES)]:
                dropped.append(self._tables.pop(key)[1])
        for old in dropped:
            old.close()

    def _forget(self, game_id: str) -> None:
        with self._cache_lock:
            cached = self._tables.pop(game_id, None)
        if cached is not None:
            cached[1].close()

    def levels(self) -> tuple[str, ...]:
        """What a game may be played against: the built-in levels, then the offered opponents."""
        return LEVELS + tuple(name for name in self.opponents if name not in LEVELS)

    def _opponents(self, level: str, rules: str, options: Mapping[str, Any]) -> list[str] | None:
        """Who sits in the other chairs of a game against ``level``: None for a built-in level."""
        if level in LEVELS:
            return None
        kind = self.opponents.get(level)
        if kind is None:
            raise WebError(409, f"This game's opponent {level!r} is not offered by this server any more.")
        return [kind] * (get_ruleset(rules).table(dict(options)).seats - 1)

    def _table(self, game: GameRecord) -> Table:
        """The game's table as the database has it (from memory when that copy is current)."""
        with self._cache_lock:
            cached = self._tables.get(game.id)
        if cached is not None and cached[0] == game.version:
            return cached[1]
        events = [event for hand in self.store.hands(game.id) for event in hand.events]
        opponents = self._opponents(game.level, game.rules, game.options)
        level = game.level if opponents is None else "normal"  # what decides when a program fails
        try:
            table = Table.from_log(
                game.rules,
                level,
                game.seed,
                events,
                game.options,
                opponents=opponents,
                own_programs=True,
                label=None if opponents is None else game.level,
                forced=True,
            )
        except (ReplayError, LogError, RulesError, TableError, MatchError) as error:
            raise WebError(500, f"The saved game cannot be replayed: {error}") from None
        self._remember(game, table)
        return table

    def finish(self, game: GameRecord) -> dict[str, Any] | None:
        """How a finished match ended for its player (rank, total, hands won); None while it goes on
        or when the saved game cannot be replayed (the list still shows it)."""
        if not game.match_over:
            return None
        try:
            table = self._table(game)
        except WebError:
            return None
        return finish_of(table)

    @staticmethod
    def points(game: GameRecord) -> int:
        """The leaderboard points a won hand earns in this game: none for a guest or unranked game."""
        return POINTS[game.level] if game.user_id is not None and game.ranked else 0

    def owned(self, game_id: str, session: SessionRecord) -> GameRecord:
        """The game, if it belongs to this session (a guest's) or to its user; else 404."""
        return self._check_owner(self.store.game(game_id), session)

    @staticmethod
    def _check_owner(game: GameRecord | None, session: SessionRecord) -> GameRecord:
        if game is None:
            raise _not_found()
        if game.user_id is not None:
            if game.user_id != session.user_id:
                raise _not_found()
        elif game.session_id != session.id:
            raise _not_found()
        return game

    def _seed(self) -> int:
        if self.seeds is not None:
            with self._cache_lock:
                seed = next(self.seeds, None)
            if seed is not None:
                return seed
        return secrets.randbits(62)

    # ---------------------------------------------------------------- the API's operations

    def create(
        self, session: SessionRecord, rules: str, level: str, options: Mapping[str, Any], address: str = ""
    ) -> tuple[GameRecord, Table]:
        """A new game of ``session``'s, asked for from the client ``address`` (for the quotas)."""
        if level not in self.levels():
            raise WebError(422, f"level: unknown level {level!r} (expected one of {', '.join(self.levels())}).")
        table: Table
        try:
            opponents = self._opponents(level, rules, options)
            table = Table(
                rules,
                level if opponents is None else "normal",
                self._seed(),
                options,
                opponents=opponents,
                own_programs=True,
                label=None if opponents is None else level,
                forced=True,
            )
            table.start()
        except RulesError as error:
            field = "options" if rules in ruleset_names() else "rules"  # as a room names it
            raise WebError(422, f"{field}: {error}.") from None
        except (TableError, ValueError) as error:
            raise WebError(422, f"{error}.") from None
        if self.quotas is not None:  # checked once the request is known to be valid: a 422 counts for nothing
            try:
                self.quotas.new_game(session, address)
            except WebError:
                table.close()  # the outside programs it may have started
                raise
        now = time.time()
        step_over = table.hand_over
        game = GameRecord(
            id=secrets.token_urlsafe(12),
            session_id=session.id,
            user_id=session.user_id,
            rules=rules,
            level=level,
            options=dict(options),
            seed=table.seed,
            ranked=level in LEVELS and is_ranked(rules, options),
            version=1,
            hand_number=table.hand_number,
            hand_over=step_over,
            match_over=table.match_over,
            created_at=now,
            updated_at=now,
        )
        assert table.hand is not None
        # (A hand can end before the human's first decision, by a bot's heavenly hand: stored as over.)
        self.store.create_game(game, table.hand.events, step_over)
        self._remember(game, table)
        return game, table

    def view(self, game_id: str, session: SessionRecord) -> tuple[GameRecord, Table]:
        if not game_id or len(game_id) > 32:
            raise _not_found()
        with self._locked(game_id):
            game = self._check_owner(self.store.game(game_id), session)
            return game, self._table(game)

    def act(self, game_id: str, session: SessionRecord, body: bytes) -> tuple[GameRecord, Table]:
        """The human seat's action (the request's JSON body): the game's owner checked first (any
        other session gets 404 whatever it sent), then the action validated by the engine, the
        bots' answers played, everything saved, and only then answered."""
        if not game_id or len(game_id) > 32:
            raise _not_found()
        with self._locked(game_id):
            game = self._check_owner(self.store.game(game_id), session)
            action = _action_of(body)
            version = action.pop("version", None)
            if version is not None and version != game.version:
                raise WebError(
                    409,
                    f"This action was sent for version {version} of the game, which is now at version "
                    f"{game.version}: reload to see the table as it is.",
                )
            if game.hand_over:
                raise WebError(409, "The hand is over: deal the next hand or start a new game.")
            table = self._table(game)
            try:
                table.act(action)
            except InvalidActionError as error:
                raise WebError(422, f"Malformed action: {error}.") from None
            except IllegalActionError as error:
                raise WebError(409, f"Not allowed now: {error}.") from None
            except TableError as error:
                raise WebError(409, f"{error}.") from None
            return self._save(game, table), table

    def next_hand(self, game_id: str, session: SessionRecord) -> tuple[GameRecord, Table]:
        if not game_id or len(game_id) > 32:
            raise _not_found()
        with self._locked(game_id):
            game = self._check_owner(self.store.game(game_id), session)
            if not game.hand_over:
                raise WebError(409, "The hand is still in play: finish it first.")
            if game.match_over:
                raise WebError(409, "The match is over: start a new game.")
            table = self._table(game)
            table.next_hand()
            return self._save(game, table), table

    def take_back(
        self, game_id: str, session: SessionRecord, translate: Callable[[str], str] = str
    ) -> tuple[GameRecord, Table]:
        """Take back the human's last decision in the hand and the bots' replies to it (a practice
        app's "take back": the log cut before it and played again, the same wall dealing the same
        tiles). Only in an unranked game: a ranked game refuses (403), and so does a hand with no
        decision of the human's to take back (409). The game is stored unranked from then on, so the
        leaderboard never counts it, whatever its options. ``translate``: the page language's gettext."""
        if not game_id or len(game_id) > 32:
            raise _not_found()
        with self._locked(game_id):
            game = self._check_owner(self.store.game(game_id), session)
            if game.ranked:
                raise WebError(403, translate(RANKED_TAKE_BACK))
            table = self._table(game)
            try:
                taken = table.take_back()
            except TableError:
                raise WebError(409, translate(NOTHING_TO_TAKE_BACK)) from None
            except (ReplayError, LogError, RulesError, MatchError) as error:
                raise WebError(500, f"The saved game cannot be replayed: {error}") from None
            return self._save(game, taken, ranked=False), taken

    def hands(self, game_id: str, session: SessionRecord) -> tuple[GameRecord, list[Any]]:
        game = self.owned(game_id, session)
        return game, self.store.hands(game_id)

    # ---------------------------------------------------------------- saving

    def _save(self, game: GameRecord, table: Table, ranked: bool | None = None) -> GameRecord:
        """Write the table's current hand (``ranked``: the game's ranking changes, see
        :meth:`take_back`); on any failure the memory copy is dropped (the database is the truth) and
        the request fails."""
        hand = table.hand
        assert hand is not None
        over = table.hand_over
        number = table.hand_number
        try:
            saved = self.store.save_game(
                game,
                hand_number=number,
                hand_events=hand.events,
                hand_over=over,
                match_over=table.match_over,
                win=self._win(game, table) if over else None,
                ranked=ranked,
            )
        except StaleGameError:
            self._forget(game.id)
            raise WebError(409, "The game was changed by another request at the same time: reload.") from None
        except BaseException:
            self._forget(game.id)
            raise
        self._remember(saved, table)
        return saved

    def _win(self, game: GameRecord, table: Table) -> WinRecord | None:
        """The win to record for the leaderboard: a hand the signed-in owner won in a ranked game."""
        if game.user_id is None or not game.ranked:
            return None
        hand = table.hand
        assert hand is not None and hand.result is not None
        result = hand.result
        seat = table.human_seat
        if seat == result.winner:
            score = result.score.total if result.score is not None else 0
        elif seat in result.other_winners:  # one of several winners at once (Riichi's double ron)
            score = result.scores.get(seat, 0)
        else:
            return None
        return WinRecord(game.user_id, table.match.hands_played, score, POINTS[game.level])
