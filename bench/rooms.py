"""Rooms under load: how long a person's move takes to reach every other person at the table, live.

Starts ``sparrow serve`` (SQLite in a temporary folder, or ``--database-url`` with ``--workers N``, or
``--servers N``: N servers on N ports sharing the database, the people of a room spread over them),
then opens ``--rooms`` rooms of four scripted people, each person on their own WebSocket
(``/api/rooms/{id}/live``). A person asked to decide waits a think time (``--think``, 1 s on average,
as people do) and sends a plain decision over the socket (win, else pass, else discard the first
tile offered); the host deals the next hand, and a finished match is followed by a new one in the
same room's place. The run lasts ``--seconds``.

Measured, for every accepted move: from the moment its person sent it to the moment each of the
three other people received the view that shows it (the room's next version): p50 / p99 / max. And
every person's events are checked: numbered from 0 with none missed and none received twice. The
refusals are counted by kind: a decision refused because another process saved the room at the
same moment ("changed by someone else") is a refusal a person should never see.

    .venv/bin/python bench/rooms.py                                   # 50 rooms, SQLite, 60 s
    .venv/bin/python bench/rooms.py --workers 2 \\
        --database-url postgresql+psycopg://sparrow:sparrow@127.0.0.1/sparrow_bench

The people run in this process (asyncio), on the same cores as the server: the figures include that
competition. The peer printed beside them is the same move played on ``RoomTable`` in this process
(no network, no storage): what serving and sharing cost.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _common import positive_int  # noqa: E402

from tests.web_support import Server  # noqa: E402

COOKIE = "sparrow_session"
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def choose(asked: list[dict[str, Any]]) -> dict[str, Any]:
    kinds = {a["action"]: a for a in asked}
    action = kinds.get("win") or kinds.get("pass") or next(a for a in asked if a["action"] == "discard")
    return {k: v for k, v in action.items() if k != "seat"}


class Tally:
    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], float] = {}  # (room, version moved from) -> first send time
        self.actor: dict[tuple[str, int], set[str]] = defaultdict(set)
        self.latencies: list[float] = []
        self.missed = self.repeated = self.refused = self.moves = self.hands = 0
        self.kinds: dict[str, int] = defaultdict(int)  # refusals by status and kind


async def person(
    base: str,
    client: httpx.AsyncClient,
    room_id: str,
    name: str,
    host: bool,
    think: float,
    rng: random.Random,
    tally: Tally,
    stop: float,
) -> None:
    address = base.replace("http://", "ws://") + f"/api/rooms/{room_id}/live"
    cookie = client.cookies.get(COOKIE)
    numbers: list[int] = []
    headers = {"Cookie": f"{COOKIE}={cookie}", "X-Forwarded-For": client.headers["X-Forwarded-For"]}
    async with connect(address, additional_headers=headers, max_size=2**22) as socket:
        pending: asyncio.Task[None] | None = None
        acted_at = -1
        while time.monotonic() < stop:
            try:
                message = json.loads(await asyncio.wait_for(socket.recv(), timeout=max(0.1, stop - time.monotonic())))
            except TimeoutError:
                break
            now = time.monotonic()
            if message["type"] == "error":
                tally.refused += 1
                kind = "changed by someone else" if "changed by someone else" in message["detail"] else "other"
                tally.kinds[f"{message['status']} {kind}"] += 1
                acted_at = -1
                continue
            view = message
            for numbered in view["events"]:
                n = numbered["number"]
                if numbers and n <= numbers[-1]:
                    tally.repeated += 1
                elif numbers and n != numbers[-1] + 1 or not numbers and n != 0:
                    tally.missed += 1
                numbers.append(n)
            key = (room_id, view["version"] - 1)
            if key in tally.sent and name not in tally.actor[key]:
                tally.latencies.append(now - tally.sent[key])
            if view["match_over"]:
                break
            if view["hand_over"] and host and pending is None:
                tally.hands += 1

                async def deal(version: int = view["version"]) -> None:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                    tally.sent.setdefault((room_id, version), time.monotonic())
                    tally.actor[(room_id, version)].add(name)
                    csrf = client.headers.get("X-CSRF-Token")
                    answer = await client.post(f"/api/rooms/{room_id}/next", headers={"X-CSRF-Token": csrf})
                    if answer.status_code != 200:
                        detail = answer.json().get("detail", "")
                        kind = "changed by someone else" if "changed by someone else" in detail else "other"
                        tally.kinds[f"{answer.status_code} next hand, {kind}"] += 1

                pending = asyncio.create_task(deal())
                pending.add_done_callback(lambda _task: None)
            if view["asked"] and acted_at != view["event_count"]:
                acted_at = view["event_count"]

                async def decide(v: dict[str, Any] = view) -> None:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                    tally.sent.setdefault((room_id, v["version"]), time.monotonic())
                    tally.actor[(room_id, v["version"])].add(name)
                    tally.moves += 1
                    with contextlib.suppress(ConnectionClosed):  # the run ended meanwhile
                        await socket.send(json.dumps({"type": "action", "seen": v["event_count"]} | choose(v["asked"])))

                asyncio.create_task(decide())
            if pending is not None and pending.done() and not view["hand_over"]:
                pending = None


async def room_loop(bases: list[str], index: int, think: float, tally: Tally, stop: float) -> None:
    # Each person talks to a server of their own when there are several: every room's moves cross.
    homes = [bases[(index + chair) % len(bases)] for chair in range(len(NAMES))]
    # Every person from an address of their own (the server believes the loopback's X-Forwarded-For),
    # as people are: the server caps the live sockets of one address.
    clients = [
        httpx.AsyncClient(
            base_url=base, timeout=60, headers={"X-Forwarded-For": f"10.{index // 250}.{index % 250}.{chair + 1}"}
        )
        for chair, base in enumerate(homes)
    ]
    try:
        for client in clients:
            csrf = (await client.get("/api/session")).json()["csrf_token"]
            client.headers["X-CSRF-Token"] = csrf
        while time.monotonic() < stop - 5:
            answer = await clients[0].post(
                "/api/rooms", json={"rules": "casual", "level": "easy", "turn_seconds": 60, "options": {"hands": 8}}
            )
            room_id = answer.json()["id"]
            for chair, (client, name) in enumerate(zip(clients, NAMES, strict=True)):
                await client.post(f"/api/rooms/{room_id}/chair", json={"chair": chair, "name": name})
            people = [
                person(homes[i], c, room_id, n, i == 0, think, random.Random(f"{index}/{n}"), tally, stop)
                for i, (c, n) in enumerate(zip(clients, NAMES, strict=True))
            ]
            tasks = [asyncio.create_task(p) for p in people]
            await asyncio.sleep(0.5)  # everyone connected before the deal
            await clients[0].post(f"/api/rooms/{room_id}/start")
            await asyncio.gather(*tasks)
    finally:
        for client in clients:
            await client.aclose()


async def load(bases: list[str], rooms: int, think: float, seconds: float) -> tuple[Tally, float]:
    tally = Tally()
    start = time.monotonic()
    stop = start + seconds
    await asyncio.gather(*(room_loop(bases, i, think, tally, stop) for i in range(rooms)))
    return tally, time.monotonic() - start


def in_process(moves: int) -> list[float]:
    """The peer: the same plain decisions on RoomTable in this process, one room at a time."""
    from sparrow.play.room import RoomTable

    times: list[float] = []
    seed = 0
    while len(times) < moves:
        room = RoomTable("casual", seed, NAMES, level="easy")
        room.start(now=0.0)
        while not room.hand_over and len(times) < moves:
            asked = room.asked()
            name = sorted(asked)[0]
            action = choose([a.to_dict() for a in asked[name]])
            began = time.perf_counter()
            room.act(name, action, room.event_count, now=0.0)
            times.append(time.perf_counter() - began)
        seed += 1
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=positive_int, default=50, help="rooms of four people at once (50)")
    parser.add_argument("--seconds", type=positive_int, default=60, help="length of the run (60)")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a person takes to decide, on average (1)")
    parser.add_argument("--workers", type=positive_int, default=1, help="server processes (1)")
    parser.add_argument("--database-url", default="", help="PostgreSQL URL (default: SQLite in a temporary folder)")
    parser.add_argument(
        "--servers", type=positive_int, default=1, help="servers on as many ports, sharing the database (1)"
    )
    options = parser.parse_args()
    if options.servers > 1 and not options.database_url:
        parser.error("--servers needs --database-url (servers share a PostgreSQL database)")
    with tempfile.TemporaryDirectory() as folder:
        servers = []
        for number in range(options.servers):
            server = Server(Path(folder) / f"data{number}", options.database_url or None, workers=options.workers)
            server.args = ("--forwarded-allow-ips", "127.0.0.1")
            if options.workers > 1:
                server.args += ("--workers", str(options.workers))
            server.env["SPARROW_QUOTAS"] = "off"  # every room is made from this one address: no creation quota
            servers.append(server.start())
        try:
            bases = [server.url for server in servers]
            tally, elapsed = asyncio.run(load(bases, options.rooms, options.think, options.seconds))
        finally:
            for server in servers:
                server.stop()
    storage = "PostgreSQL" if options.database_url else "SQLite"
    ms = 1000
    print(
        f"rooms: {options.rooms} rooms of 4 people, think {options.think:g} s, {storage}, "
        f"{options.servers} server(s) of {options.workers} process(es), {elapsed:.1f} s"
    )
    print(f"  machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end")
    if not tally.latencies:
        print("  no move reached anyone")
        return 1
    lat = tally.latencies
    print(
        f"  moves sent {tally.moves}, hands finished {tally.hands}, refusals {tally.refused}; "
        f"receipts {len(lat)}: p50 {percentile(lat, 0.5) * ms:.1f} ms  p99 {percentile(lat, 0.99) * ms:.1f} ms  "
        f"max {max(lat) * ms:.1f} ms  (target p99 < 150 ms)"
    )
    print(f"  events missed {tally.missed}, received twice {tally.repeated}")
    kinds = ", ".join(f"{kind}: {count}" for kind, count in sorted(tally.kinds.items())) or "none"
    print(f"  refusals by kind: {kinds}")
    peer = in_process(500)
    print(
        f"peer: RoomTable.act in process: p50 {percentile(peer, 0.5) * ms:.2f} ms  p99 {percentile(peer, 0.99) * ms:.2f} ms"
    )
    print(f"ratio receipt p50 / in-process p50: {percentile(lat, 0.5) / percentile(peer, 0.5):.1f}x")
    return 0 if tally.missed == tally.repeated == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
