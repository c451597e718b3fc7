"""The web app under load: latency from a human action to the answer, and requests per second.

Starts ``sparrow serve`` (SQLite in a temporary folder, or the database of ``--database-url``) on a
free loopback port, then N scripted clients play N games at once over HTTP: each sends a random legal
action of its game, waits for the answer (the bots' turns included, as the page does) and sends the
next after a think time (``--think``, 1 s on average: people take longer, and the page spends longer
playing out the bots' moves; ``--think 0`` measures saturation); a finished game is followed by a new
one. The run is bounded by ``--seconds``.

Printed: the number of actions, their latency p50 / p99 / max, requests per second (every request,
the new games included), and the peer measured in the same run: the same kind of actions played on
``sparrow.play.table.Table`` in this process (no HTTP, no storage, one at a time), its p50 / p99, and the
ratio of the two p50s (what serving, storing and sharing the machine between N games cost).

    .venv/bin/python bench/web.py                                  # 50 Normal games on SQLite, 20 s
    .venv/bin/python bench/web.py --level expert --games 50
    .venv/bin/python bench/web.py --database-url postgresql+psycopg://sparrow:sparrow@127.0.0.1/sparrow_bench
    .venv/bin/python bench/web.py --base http://192.0.2.10:8000   # a server already running, elsewhere

The clients run in this process (asyncio), on the same two cores as the server: the figures include
that competition, as a single small server would see it. The server it starts has no creation quotas
(``SPARROW_QUOTAS=off``): its 50 players share one address, which the quotas would hold to 60 new
games an hour; a server given with ``--base`` needs the same setting. The server's access log goes to
a file in its temporary folder (``tests.web_support.Server``), never to a pipe nobody reads.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx2 as httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _common import positive_int  # noqa: E402

from tests.web_support import QUOTAS_VARIABLE, Server  # noqa: E402


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


async def client(
    url: str,
    rules: str,
    level: str,
    think: float,
    seed: int,
    go: asyncio.Event,
    run: dict,
    latencies: list[float],
    counts: dict,
) -> None:
    """One player: a session and a first game, then (once every player is ready) actions until the end."""
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        csrf = (await http.get("/api/session")).json()["csrf_token"]
        headers = {"X-CSRF-Token": csrf}
        first = await http.post("/api/games", json={"rules": rules, "level": level}, headers=headers)
        first.raise_for_status()
        view = first.json()
        run["ready"] += 1
        if run["ready"] == run["players"]:
            run["until"] = time.monotonic() + run["seconds"]
            go.set()
        await go.wait()
        await asyncio.sleep(rng.uniform(0, think))  # the players do not all start at the same instant
        while time.monotonic() < run["until"]:
            if view is None or view["hand_over"]:
                answer = await http.post("/api/games", json={"rules": rules, "level": level}, headers=headers)
                counts["requests"] += 1
                answer.raise_for_status()
                view = answer.json()
                counts["games"] += 1
                continue
            choice = rng.choice(view["observation"]["legal_actions"])
            action = {k: v for k, v in choice.items() if k != "seat"} | {"version": view["version"]}
            start = time.perf_counter()
            answer = await http.post(f"/api/games/{view['id']}/actions", json=action, headers=headers)
            latencies.append(time.perf_counter() - start)
            counts["requests"] += 1
            answer.raise_for_status()
            view = answer.json()
            if think:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))


async def load(
    url: str, games: int, rules: str, level: str, think: float, seconds: float
) -> tuple[list[float], dict, float]:
    """Every player set up first (sessions and first games, not timed), then ``seconds`` of play."""
    latencies: list[float] = []
    counts = {"requests": 0, "games": 0}
    go = asyncio.Event()
    run = {"ready": 0, "players": games, "seconds": seconds, "until": 0.0}
    players = (client(url, rules, level, think, 1000 + n, go, run, latencies, counts) for n in range(games))
    await asyncio.gather(*players)
    return latencies, counts, float(seconds)


def in_process(rules: str, level: str, actions: int) -> list[float]:
    """The peer: the same kind of random actions on the table itself, one game at a time."""
    from sparrow.play.table import Table

    rng = random.Random(7)
    latencies = []
    seed = 0
    while len(latencies) < actions:
        table = Table(rules, level, seed)
        step = table.start()
        seed += 1
        while not step.hand_over:
            action = rng.choice(step.observation.legal_actions)
            start = time.perf_counter()
            step = table.act(action)
            latencies.append(time.perf_counter() - start)
    return latencies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive_int, default=50, help="concurrent games (50)")
    parser.add_argument("--level", choices=["easy", "normal", "expert"], default="normal")
    parser.add_argument("--rules", default="casual")
    parser.add_argument("--seconds", type=positive_int, default=20, help="length of the run (20)")
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="seconds a player takes to decide, on average (1.0; 0: each client sends its next action at once)",
    )
    parser.add_argument("--workers", type=positive_int, default=1, help="server processes (1)")
    parser.add_argument("--database-url", default="", help="PostgreSQL URL (default: SQLite in a temporary folder)")
    parser.add_argument(
        "--base", default="", help="the address of a running server to measure (default: start one on the loopback)"
    )
    options = parser.parse_args()
    if options.base:
        latencies, counts, elapsed = asyncio.run(
            load(options.base.rstrip("/"), options.games, options.rules, options.level, options.think, options.seconds)
        )
    else:
        with tempfile.TemporaryDirectory() as folder:
            server = Server(Path(folder) / "data", options.database_url or None, workers=options.workers)
            server.env[QUOTAS_VARIABLE] = "off"  # one address, 50 players: see the docstring
            server.start()
            try:
                latencies, counts, elapsed = asyncio.run(
                    load(server.url, options.games, options.rules, options.level, options.think, options.seconds)
                )
            finally:
                server.stop()
    if not latencies:
        print(f"no action was answered in {elapsed:.1f} s ({counts})")
        return 1
    peer = in_process(options.rules, options.level, max(200, min(len(latencies), 2000)))
    storage = options.base or ("PostgreSQL" if options.database_url else "SQLite")
    ms = 1000
    print(
        f"web app: {options.games} concurrent {options.rules} games vs {options.level}, {storage}, "
        f"think {options.think:g} s, {options.workers} server process(es), {elapsed:.1f} s"
    )
    print(f"  machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end")
    print(
        f"  actions {len(latencies)}  p50 {percentile(latencies, 0.5) * ms:.1f} ms  "
        f"p99 {percentile(latencies, 0.99) * ms:.1f} ms  max {max(latencies) * ms:.1f} ms"
    )
    print(f"  requests/s {counts['requests'] / elapsed:.1f}  (games started {counts['games']})")
    print(
        f"peer: Table.act in process, one game at a time: p50 {percentile(peer, 0.5) * ms:.2f} ms  "
        f"p99 {percentile(peer, 0.99) * ms:.2f} ms  mean {statistics.fmean(peer) * ms:.2f} ms"
    )
    print(f"ratio web p50 / in-process p50: {percentile(latencies, 0.5) / percentile(peer, 0.5):.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
