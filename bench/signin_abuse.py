"""Sign-in and sign-up abuse against a real server: does the throttle hold under parallel tries, and
what does a flood of password hashing cost everybody else?

Starts ``sparrow serve`` (SQLite in a temporary folder, ``--forwarded-allow-ips 127.0.0.1`` so that
each try can name its own client address in ``X-Forwarded-For``, as a proxy would) and runs:

1. **one address**: N parallel sign-ins with a wrong password for one username, from one address.
   Printed: how many passwords the server verified (401) against the policy (5 a pair), how many it
   refused unverified (429).
2. **many addresses**: N parallel wrong sign-ins for one username, each from an address of its own.
   Policy: 20 for a username.
3. **flood**: M parallel sign-ins for unknown usernames from M addresses (every one a full Argon2id
   hash, as a wrong password costs), while one ordinary client reads ``/api/session`` every 20 ms.
   Printed: the server's peak memory (RSS), the flood's answers and their median time, and the
   ordinary client's median, p95 and slowest answer meanwhile.
4. **sign-ups**: S sign-ups from one address, 10 at a time: how many accounts were made, how fast.

    .venv/bin/python bench/signin_abuse.py                     # N=100, M=400, S=300
    PYTHONPATH=/tmp/before-accounts/src .venv/bin/python bench/signin_abuse.py   # another checkout's code

The clients run in this process (asyncio), on the same cores as the server.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx2 as httpx
import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.web_support import Server  # noqa: E402

PASSWORD = "Correct horse 9"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


class PeakMemory:
    """The server process's resident memory, sampled every 10 ms in a thread: the peak."""

    def __init__(self, pid: int) -> None:
        self.process = psutil.Process(pid)
        self.peak = self.process.memory_info().rss
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.wait(0.01):
            try:
                self.peak = max(self.peak, self.process.memory_info().rss)
            except psutil.Error:
                return

    def __enter__(self) -> PeakMemory:
        self.peak = self.process.memory_info().rss
        self._thread.start()
        return self

    def __exit__(self, *_: Any) -> None:
        self._stop.set()
        self._thread.join()


async def session(client: httpx.AsyncClient) -> str:
    answer = await client.get("/api/session")
    return answer.json()["csrf_token"]


async def sign_in(
    client: httpx.AsyncClient, csrf: str, username: str, password: str, address: str
) -> tuple[int, float]:
    started = time.perf_counter()
    answer = await client.post(
        "/api/auth/login",
        json={"username": username, "password": password},
        headers={"X-CSRF-Token": csrf, "X-Forwarded-For": address},
    )
    return answer.status_code, time.perf_counter() - started


async def parallel_tries(url: str, victim: str, addresses: list[str]) -> Counter[int]:
    """One wrong try from each address (repeated addresses allowed), all sent at once."""
    limits = httpx.Limits(max_connections=len(addresses) + 10)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        csrf = await session(client)
        answers = await asyncio.gather(*(sign_in(client, csrf, victim, "wrong guess", a) for a in addresses))
    return Counter(status for status, _ in answers)


async def sign_up(url: str, username: str, address: str) -> int:
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        csrf = await session(client)
        answer = await client.post(
            "/api/auth/signup",
            json={"username": username, "password": PASSWORD},
            headers={"X-CSRF-Token": csrf, "X-Forwarded-For": address},
        )
    return answer.status_code


async def ordinary_reader(url: str, stop: asyncio.Event) -> list[float]:
    times: list[float] = []
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        while not stop.is_set():
            started = time.perf_counter()
            await client.get("/api/session")
            times.append(time.perf_counter() - started)
            await asyncio.sleep(0.02)
    return times


async def flood(url: str, count: int, pid: int) -> None:
    limits = httpx.Limits(max_connections=count + 10)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        csrf = await session(client)
        stop = asyncio.Event()
        quiet = await ordinary_reader_for(url, 1.0)
        with PeakMemory(pid) as memory:
            before = memory.peak
            reader = asyncio.create_task(ordinary_reader(url, stop))
            await asyncio.sleep(0.3)
            started = time.perf_counter()
            answers = await asyncio.gather(
                *(
                    sign_in(client, csrf, f"nobody{n}", "some password", f"10.9.{n // 250}.{n % 250 + 1}")
                    for n in range(count)
                )
            )
            elapsed = time.perf_counter() - started
            stop.set()
            meanwhile = await reader
    statuses = Counter(status for status, _ in answers)
    times = [seconds for _, seconds in answers]
    print(
        f"flood: {count} parallel sign-ins (unknown usernames, {count} addresses) in {elapsed:.1f} s: "
        f"{dict(sorted(statuses.items()))}, median answer {statistics.median(times):.2f} s"
    )
    print(f"  server memory: {before / 2**20:.0f} MiB before, peak {memory.peak / 2**20:.0f} MiB")
    print(
        f"  an ordinary client's GET /api/session meanwhile ({len(meanwhile)} requests): median "
        f"{statistics.median(meanwhile) * 1000:.0f} ms, p95 {percentile(meanwhile, 0.95) * 1000:.0f} ms, "
        f"slowest {max(meanwhile) * 1000:.0f} ms (alone: median {statistics.median(quiet) * 1000:.0f} ms)"
    )


async def ordinary_reader_for(url: str, seconds: float) -> list[float]:
    stop = asyncio.Event()
    task = asyncio.create_task(ordinary_reader(url, stop))
    await asyncio.sleep(seconds)
    stop.set()
    return await task


async def run(url: str, pid: int, tries: int, flooders: int, signups: int) -> None:
    print(f"server memory at start: {psutil.Process(pid).memory_info().rss / 2**20:.0f} MiB")
    victim = "victim" + str(int(time.time()))
    assert await sign_up(url, victim, "192.0.2.1") == 201
    one = await parallel_tries(url, victim, ["198.51.100.7"] * tries)
    print(
        f"one address: {tries} parallel wrong sign-ins for one username: {one[401]} passwords verified "
        f"(policy 5), {one[429]} refused unverified, others {dict((s, n) for s, n in one.items() if s not in (401, 429))}"
    )
    victim2 = victim + "b"
    assert await sign_up(url, victim2, "192.0.2.2") == 201
    many = await parallel_tries(url, victim2, [f"10.8.{n // 250}.{n % 250 + 1}" for n in range(tries)])
    print(
        f"many addresses: {tries} parallel wrong sign-ins for one username from {tries} addresses: "
        f"{many[401]} passwords verified (policy 20), {many[429]} refused unverified"
    )
    await flood(url, flooders, pid)
    started = time.perf_counter()
    created: Counter[int] = Counter()
    names = iter(range(signups))

    async def worker() -> None:
        for n in names:
            created[await sign_up(url, f"bulk{int(started)}x{n}", "203.0.113.50")] += 1

    await asyncio.gather(*(worker() for _ in range(10)))
    print(
        f"sign-ups: {signups} from one address, 10 at a time, in {time.perf_counter() - started:.1f} s: "
        f"{created[201]} accounts made, {created[429]} refused (429), others "
        f"{dict((s, n) for s, n in created.items() if s not in (201, 429))}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tries", type=int, default=100, help="parallel wrong sign-ins in steps 1 and 2 (100)")
    parser.add_argument("--flood", type=int, default=400, help="parallel sign-ins in step 3 (400)")
    parser.add_argument("--signups", type=int, default=300, help="sign-ups from one address in step 4 (300)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "data", args=("--forwarded-allow-ips", "127.0.0.1", "--no-access-log"))
        server.start()
        try:
            assert server.process is not None
            asyncio.run(run(server.url, server.process.pid, options.tries, options.flood, options.signups))
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
