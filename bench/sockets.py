"""Rooms' live sockets under abuse: what big messages and a crowd of sockets from one client cost a
normal client of the same server.

Starts ``sparrow serve`` (SQLite in a temporary folder, the default ``--limit-concurrency 1000``,
``--forwarded-allow-ips 127.0.0.1``), makes a room with one person and three computer players, and
runs three phases while a normal client (the room's person, keeping its connection alive as a
browser does) asks for the room and for the leaderboard in turn and times every answer:

* quiet: nothing else;
* big messages: four anonymous spectator sockets each send 15 MB messages over and over, each one
  valid JSON (a list of 7.5 million zeros) sent once the server has read the one before (each
  socket opened again whenever the server closes it);
* crowd: one client opens 1,100 spectator sockets on the room from its one address, then 1,100
  more on eight rooms that each claim another address through the proxy's ``X-Forwarded-For``, and
  holds them.

Printed per phase: the normal client's answers (how many, how many refused with 503 or failed,
p50 / p99 / max), the server's peak resident memory, and what the abuse got: big messages the
server let through whole, sockets opened and refused.

    .venv/bin/python bench/sockets.py                                   # this tree
    .venv/bin/python bench/sockets.py --before /tmp/before-rooms/src    # the code before it, then this tree

The abusers run in a process of their own, the normal client in this one, on the same cores as the
server: the figures include that competition. With ``--before`` every phase is run on both servers,
one after the other, and printed side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from _common import positive_int  # noqa: E402

BIG = 15 * 1000 * 1000  # bytes in one abusive message
CROWD = 1100  # sockets from one client


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


# ---------------------------------------------------------------------------- the server


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """``sparrow serve`` of the code in ``src`` (its folder goes first on PYTHONPATH)."""

    def __init__(self, src: Path, folder: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        env.pop("DATABASE_URL", None)
        env["PYTHONPATH"] = str(src)
        env["SPARROW_QUOTAS"] = "off"  # (the bench makes rooms to watch: it measures sockets, not creation)
        command = [sys.executable, "-m", "sparrow.cli", "serve", "--port", str(self.port)]
        command += ["--data-dir", str(folder / "data"), "--no-access-log", "--forwarded-allow-ips", "127.0.0.1"]
        self.log = open(folder / "server.log", "ab")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(command, env=env, cwd=folder, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"the server stopped: {(folder / 'server.log').read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/api/leaderboard", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise SystemExit("the server did not start within 60 s")

    def memory(self) -> int:
        """Resident memory, bytes."""
        try:
            for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        except OSError:
            pass
        return 0

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


# ---------------------------------------------------------------------------- the abusers (another process)


async def _big_messages(base: str, rooms: list[str], seconds: float, report: Counter[str]) -> None:
    address = base.replace("http://", "ws://") + f"/api/rooms/{rooms[0]}/live"
    # Valid JSON that becomes a list of 7.5 million numbers once parsed: what costs a server most per byte.
    message = '{"type": "ping", "pad": [' + "0," * (BIG // 2 - 20) + "0]}"
    stop = time.monotonic() + seconds

    async def one() -> None:
        while time.monotonic() < stop:
            try:
                async with connect(address, max_size=2**24, open_timeout=30, close_timeout=1) as socket:
                    await socket.recv()
                    report["opened"] += 1
                    while time.monotonic() < stop:
                        await socket.send(message)
                        pong = await socket.ping()
                        await pong  # answered once the server has read the whole message
                        report["read whole"] += 1
            except (ConnectionClosed, InvalidStatus, OSError, TimeoutError, WebSocketException):
                report["closed"] += 1
                await asyncio.sleep(0.05)

    await asyncio.gather(*(one() for _ in range(4)))


async def _crowd(base: str, rooms: list[str], seconds: float, report: Counter[str]) -> None:
    held: list[Any] = []
    gate = asyncio.Semaphore(50)

    async def one(forwarded: str | None, room_id: str) -> None:
        address = base.replace("http://", "ws://") + f"/api/rooms/{room_id}/live"
        headers = {"X-Forwarded-For": forwarded} if forwarded else {}
        whence = "many addresses" if forwarded else "one address"
        async with gate:
            try:
                socket = await connect(address, additional_headers=headers, open_timeout=60, max_size=2**22)
                await asyncio.wait_for(socket.recv(), 60)
                held.append(socket)
                report[f"{whence} opened"] += 1
            except InvalidStatus as refused:
                report[f"{whence} refused {refused.response.status_code}"] += 1
            except (OSError, TimeoutError, WebSocketException):
                report[f"{whence} failed"] += 1

    stop = time.monotonic() + seconds
    await asyncio.gather(*(one(None, rooms[0]) for _ in range(CROWD)))
    await asyncio.gather(*(one(f"10.{n // 250}.{n % 250}.1", rooms[n % len(rooms)]) for n in range(CROWD)))
    await asyncio.sleep(max(0.0, stop - time.monotonic()))
    for socket in held:
        await socket.close()


def abuse(kind: str, base: str, rooms: list[str], seconds: float, out: Any) -> None:
    report: Counter[str] = Counter()
    work = _big_messages if kind == "big" else _crowd
    asyncio.run(work(base, rooms, seconds, report))
    out.put(dict(report))


# ---------------------------------------------------------------------------- the normal client


@dataclass
class Phase:
    name: str
    times: list[float] = field(default_factory=list)
    refused: int = 0
    failed: int = 0
    peak_memory: int = 0
    abuse: dict[str, int] = field(default_factory=dict)


def _normal(client: httpx.Client, room_id: str, phase: Phase, stop: threading.Event) -> None:
    paths = [f"/api/rooms/{room_id}", "/api/leaderboard"]
    n = 0
    while not stop.is_set():
        began = time.perf_counter()
        try:
            answer = client.get(paths[n % 2])
            if answer.status_code == 503:
                phase.refused += 1
            elif answer.status_code != 200:
                phase.failed += 1
            else:
                phase.times.append(time.perf_counter() - began)
        except httpx.HTTPError:
            phase.failed += 1
        n += 1
        stop.wait(0.1)  # a person's pace: a few requests a second


def run_phase(
    server: Server, client: httpx.Client, rooms: list[str], name: str, kind: str | None, seconds: float
) -> Phase:
    phase = Phase(name)
    stop = threading.Event()
    normal = threading.Thread(target=_normal, args=(client, rooms[0], phase, stop))
    spawn = multiprocessing.get_context("spawn")
    results: Any = spawn.Queue()
    abuser = None
    if kind is not None:
        abuser = spawn.Process(target=abuse, args=(kind, server.url, rooms, seconds, results))
        abuser.start()
    normal.start()
    ends = time.monotonic() + seconds
    while time.monotonic() < ends or (abuser is not None and abuser.is_alive() and time.monotonic() < ends + 60):
        phase.peak_memory = max(phase.peak_memory, server.memory())
        time.sleep(0.1)
    stop.set()
    normal.join()
    if abuser is not None:
        abuser.join(timeout=60)
        phase.abuse = results.get(timeout=10) if not results.empty() else {}
    time.sleep(2)  # the server lets go of what the phase left
    return phase


def measure(src: Path, seconds: float) -> list[Phase]:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(src, Path(folder))
        try:
            client = httpx.Client(base_url=server.url, timeout=60)
            csrf = client.get("/api/session").json()["csrf_token"]
            client.headers["X-CSRF-Token"] = csrf
            rooms = []
            for _ in range(8):  # the person's room first, then more for the crowd to watch
                room = client.post("/api/rooms", json={"rules": "casual", "turn_seconds": None}).json()
                client.post(f"/api/rooms/{room['id']}/chair", json={"chair": 0, "name": "Ann"})
                client.post(f"/api/rooms/{room['id']}/start")
                rooms.append(room["id"])
            phases = [
                run_phase(server, client, rooms, "quiet", None, seconds),
                run_phase(server, client, rooms, "big messages (4 x 15 MB, over and over)", "big", seconds),
                run_phase(
                    server,
                    client,
                    rooms,
                    f"crowd ({CROWD} sockets + {CROWD} via X-Forwarded-For)",
                    "crowd",
                    seconds * 1.5,
                ),
            ]
            client.close()
        finally:
            server.stop()
    return phases


def line(phase: Phase) -> str:
    ms = 1000
    t = phase.times
    answers = f"{len(t)} ok, {phase.refused} x 503, {phase.failed} failed"
    timing = f"p50 {percentile(t, 0.5) * ms:.0f} ms, p99 {percentile(t, 0.99) * ms:.0f} ms, max {max(t, default=float('nan')) * ms:.0f} ms"
    abuse = ", ".join(f"{k} {v}" for k, v in sorted(phase.abuse.items()))
    return f"{answers}; {timing}; server peak {phase.peak_memory / 2**20:.0f} MB" + (
        f"; abuse: {abuse}" if abuse else ""
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=positive_int, default=10, help="length of a phase (10; the crowd's 1.5 times)"
    )
    parser.add_argument("--before", type=Path, help="the src folder of the code to compare with (a worktree's src)")
    options = parser.parse_args()
    runs = [("before", options.before)] if options.before else []
    runs.append(("after" if options.before else "this tree", ROOT / "src"))
    results = {label: measure(src, options.seconds) for label, src in runs}
    print(
        f"sockets: {options.seconds} s a phase, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end"
    )
    for index in range(3):
        print(f"  {next(iter(results.values()))[index].name}")
        for label, phases in results.items():
            print(f"    {label:>9}: {line(phases[index])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
