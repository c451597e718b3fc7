"""Frozen corpora: games of every family played through each public face (``sparrow simulate --log``,
the web API's games against the computer, rooms), kept in tests/data/corpora/ so that a change meant
to keep behaviour (the issue "one engine, one face") can prove it did: played again, each gives the
same log and result (tests/test_frozen_corpora.py).

Written once, before such a change, by ``python -m tests.corpora`` (from the repository's root);
written again only when behaviour changes on purpose, saying so in the commit.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from sparrow.cli.app import app as cli

CORPORA = Path(__file__).parent / "data" / "corpora"
LEVELS = ("easy", "normal", "expert")
SHARED_HANDS = 16  # hands of each shared family's simulation
SEED = 2026


@dataclass(frozen=True)
class Simulation:
    """``sparrow simulate`` with every seat at one level (Riichi: ``hands`` whole matches)."""

    rules: str
    players: str
    hands: int
    options: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        extra = "-3p" if "three_players=true" in self.options else ""
        return f"simulate-{self.rules}{extra}-{self.players.replace(',', '-')}"

    def command(self, log: Path) -> list[str]:
        options = [part for option in self.options for part in ("--option", option)]
        return [
            "simulate", "--rules", self.rules, "--players", self.players, "--hands", str(self.hands),
            "--seed", str(SEED), "--workers", "1", "--log", str(log), "--json", *options,
        ]  # fmt: skip


@dataclass(frozen=True)
class ApiGame:
    """A game played through the web API, the person's choices drawn from a seeded random generator
    among the legal actions (a win taken whenever offered), for ``hands`` hands or to the end of the
    match: ``face`` "web" is a game against the computer, "room" a room with the person in chair 0
    and bots in the other chairs."""

    face: str
    rules: str
    level: str
    hands: int
    options: dict[str, Any] = field(default_factory=dict, hash=False)

    @property
    def name(self) -> str:
        return f"{self.face}-{self.rules}-{self.level}"


FAMILIES = ("nts", "hkos", "chinese", "casual")
SIMULATIONS = [
    *(Simulation(rules, level, SHARED_HANDS) for rules in FAMILIES for level in LEVELS),
    Simulation("hkos", "normal", SHARED_HANDS, ("three_players=true",)),
    Simulation("casual", "expert,normal,easy,random", SHARED_HANDS),
    *(Simulation("riichi", level, 1) for level in LEVELS),
    Simulation("riichi", "expert,normal,easy,random", 1),
]
WEB_GAMES = [
    *(ApiGame("web", rules, "normal", 3) for rules in FAMILIES),
    ApiGame("web", "hkos", "expert", 3, {"three_players": True}),
    ApiGame("web", "riichi", "normal", 99, {"length": "tonpuu"}),
    ApiGame("web", "riichi", "expert", 99, {"length": "tonpuu", "preset": "mahjong-soul"}),
]
ROOM_GAMES = [
    *(ApiGame("room", rules, "normal", 2) for rules in FAMILIES),
    ApiGame("room", "riichi", "normal", 2, {"length": "tonpuu"}),
]


# ------------------------------------------------------------------------------------------ playing


def simulate(spec: Simulation) -> tuple[str, dict[str, Any]]:
    """The log (JSON Lines) and the result (without what varies from run to run) of a simulation."""
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "log.jsonl"
        done = CliRunner().invoke(cli, spec.command(log))
        if done.exit_code != 0:
            raise AssertionError(f"{spec.name}: {done.output}")
        result = json.loads(done.stdout)
        for varying in ("version", "elapsed_seconds", "workers"):
            result.pop(varying, None)
        return log.read_text(encoding="utf-8"), result


def _app(folder: str, seeds: Iterator[int]) -> Any:
    from sparrow.web.app import create_app
    from sparrow.web.quotas import Quotas

    return create_app(f"sqlite:///{folder}/corpus.db", game_seeds=seeds, room_seeds=seeds, quotas=Quotas.parse("off"))


def _choose(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    wins = [action for action in legal if action.get("action") in ("win", "tsumo", "ron")]
    chosen = wins[0] if wins else rng.choice(legal)
    return {key: value for key, value in chosen.items() if key != "seat"}


def web_game(spec: ApiGame) -> tuple[str, list[dict[str, Any]]]:
    """The game's log (the API's ``/log``) and the actions the person sent, in order."""
    from tests.web_support import Player

    rng = random.Random(SEED)
    sent: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        application = _app(folder, iter(range(SEED, SEED + 100)))
        try:
            player = Player(application)
            view = player.new_game(rules=spec.rules, level=spec.level, options=spec.options)
            while not view["match_over"]:
                if view["hand_over"]:
                    if view["hand_number"] >= spec.hands:
                        break
                    answer = player.post(f"/api/games/{view['id']}/next")
                else:
                    action = _choose(rng, view["observation"]["legal_actions"])
                    sent.append(action)
                    answer = player.act(view["id"], action | {"version": view["version"]})
                if answer.status_code != 200:
                    raise AssertionError(f"{spec.name}: {answer.text}")
                view = answer.json()
            log = player.get(f"/api/games/{view['id']}/log")
            if log.status_code != 200:
                raise AssertionError(f"{spec.name}: {log.text}")
            return log.text, sent
        finally:
            application.state.store.close()


def room_game(spec: ApiGame) -> tuple[str, list[dict[str, Any]]]:
    """The room's log as the referee stored it, and the actions the person sent."""
    from tests.web_support import Player

    rng = random.Random(SEED)
    sent: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        application = _app(folder, iter(range(SEED, SEED + 100)))
        application.state.rooms.actions_per_second = 10_000  # faster than a person
        try:
            host = Player(application)
            room = host.new_room(rules=spec.rules, level=spec.level, options=spec.options)
            host.sit(room, 0, "Ann")
            path = f"/api/rooms/{room['id']}"
            view = host.post(f"{path}/start").json()
            hands = 1
            while view["status"] != "over":
                if view["hand_over"]:
                    if hands >= spec.hands:
                        break
                    hands += 1
                    answer = host.post(f"{path}/next")
                elif view["asked"]:
                    action = _choose(rng, view["asked"])
                    sent.append(action)
                    answer = host.post(f"{path}/actions", action | {"seen": view["event_count"]})
                else:
                    answer = host.get(path)
                if answer.status_code != 200:
                    raise AssertionError(f"{spec.name}: {answer.text}")
                view = answer.json()
            record = application.state.store.room(room["id"])
            assert record is not None
            return "".join(json.dumps(event, sort_keys=True) + "\n" for event in record.log), sent
        finally:
            application.state.store.close()


RIICHIENV_GAMES = 1000
RIICHIENV_SEED = 40


def riichienv_digests(games: int | list[int] = RIICHIENV_GAMES) -> dict[str, str]:
    """riichienv's own hanchan (tools/riichienv_games.py, seed RIICHIENV_SEED) played again at
    Sparrow's table: per game, a digest of how each hand ended there (the scores, the winners, the
    draw). The logs are riichienv's, so only Sparrow's side of them is frozen. ``games``: the first so
    many, or these game numbers."""
    import hashlib
    import subprocess

    from sparrow.formats.mjai import read_mjai
    from sparrow.play.riichi_mjai import RIICHIENV, replay_game

    tool = Path(__file__).resolve().parent.parent / "tools" / "riichienv_games.py"
    digests: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(
            [sys.executable, str(tool), "--seed", str(RIICHIENV_SEED), "--out", folder]
            + (["--games", str(games)] if isinstance(games, int) else ["--only", ",".join(map(str, games))]),
            check=True,
            capture_output=True,
        )
        for path in sorted(Path(folder).glob("*.jsonl"), key=lambda p: int(p.stem.rsplit("-g", 1)[1])):
            ended = []
            for hand in replay_game(read_mjai(path.read_text()), RIICHIENV):
                result = hand.state.result
                assert result is not None
                winners = sorted(win.seat for win in result.wins)
                ended.append([list(hand.scores), list(hand.expected_scores), winners, result.abort])
            text = json.dumps(ended, separators=(",", ":"))
            digests[path.stem] = hashlib.sha256(text.encode()).hexdigest()[:16]
    return digests


def play(spec: Simulation | ApiGame) -> tuple[str, Any]:
    """A corpus played again: its log, and its result (a simulation) or the actions the person sent."""
    if isinstance(spec, Simulation):
        return simulate(spec)
    return web_game(spec) if spec.face == "web" else room_game(spec)


# ------------------------------------------------------------------------------------------ storing


def path_of(name: str) -> Path:
    return CORPORA / f"{name}.jsonl.gz"


def frozen(name: str) -> tuple[str, Any]:
    """A corpus as written: its log and what goes with it (the result, or the actions sent)."""
    with gzip.open(path_of(name), "rt", encoding="utf-8") as file:
        lines = file.read().splitlines(keepends=True)
    return "".join(lines[1:]), json.loads(lines[0])


def write(name: str, log: str, extra: Any) -> None:
    # The first line holds the result (or the actions sent); mtime 0: the same corpus, the same bytes.
    # The log is kept in version 1, as every corpus was first written (the tables write version 3;
    # the store's migrations 0008 and 0007 write it back, exactly as tests/test_log_dialect.py checks).
    CORPORA.mkdir(parents=True, exist_ok=True)
    text = json.dumps(extra, sort_keys=True) + "\n" + _version_1(log)
    with path_of(name).open("wb") as file, gzip.GzipFile(fileobj=file, mode="wb", mtime=0) as zipped:
        zipped.write(text.encode("utf-8"))


def _version_1(log: str) -> str:
    """A log of version 3 (JSON Lines) down through the store's migrations 0008 and 0007."""
    import importlib

    version_2 = importlib.import_module("sparrow.store.migrations.versions.0007_log_version_2")
    version_3 = importlib.import_module("sparrow.store.migrations.versions.0008_log_version_3")
    return version_2._log(version_3._log(log, version_3._to_version_2), version_2._to_version_1)


def main(names: list[str]) -> None:
    if not names or "riichienv" in names:
        digests = riichienv_digests()
        (CORPORA / "riichienv-replays.json").write_text(json.dumps(digests, indent=0, sort_keys=True) + "\n")
        print(f"riichienv: {len(digests)} games", file=sys.stderr)
    for spec in (*SIMULATIONS, *WEB_GAMES, *ROOM_GAMES):
        if names and spec.name not in names:
            continue
        log, extra = play(spec)
        write(spec.name, log, extra)
        print(f"{path_of(spec.name)}: {log.count(chr(10))} events", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
