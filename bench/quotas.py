"""What one client address can make: games, rooms and score sheets created as fast as one script can,
with a new guest session every few creations (a guest can make sessions at will), against the
creation quotas (``sparrow.web.quotas``) at their defaults.

Starts ``sparrow serve`` (SQLite in a temporary folder) on a free loopback port, then for
``--seconds`` one client on 127.0.0.1 sends ``POST /api/games``, ``/api/rooms`` and ``/api/sheets`` in
turn, one at a time. Printed: how many of each were made (201) and refused (429), the requests per
second, the database's growth and what it comes to in an hour; then whether a second address
(127.0.0.2, the same server) can still make one of each, as a player elsewhere would.

    .venv/bin/python bench/quotas.py                   # 20 s
    .venv/bin/python bench/quotas.py --seconds 60 --per-session 1

For the server's state before the quotas, run it with ``PYTHONPATH`` naming an older checkout's
``src``: the server process takes its code from there.
"""

from __future__ import annotations

import argparse
import contextlib
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

import httpx2 as httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _common import positive_int  # noqa: E402

from tests.web_support import QUOTAS_VARIABLE, Server  # noqa: E402

KINDS = {
    "games": ("/api/games", {"rules": "casual", "level": "easy"}),
    "rooms": ("/api/rooms", {"rules": "casual"}),
    "sheets": ("/api/sheets", {"rules": "hkos", "players": ["Alice", "Ben", "Cara", "Dev"]}),
}


def _guest(base: str, address: str) -> tuple[httpx.Client, dict[str, str]]:
    client = httpx.Client(base_url=base, timeout=60, transport=httpx.HTTPTransport(local_address=address))
    csrf = client.get("/api/session").json()["csrf_token"]
    return client, {"X-CSRF-Token": csrf}


def _size(folder: Path) -> int:
    """The database's size in bytes as a reader sees it (its pages, those still in the write-ahead
    log included; the log's file itself is reused, not grown for good)."""
    with contextlib.closing(sqlite3.connect(folder / "sparrow.db")) as db:
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        return int(pages) * int(db.execute("PRAGMA page_size").fetchone()[0])


def flood(base: str, seconds: float, per_session: int) -> tuple[dict[str, dict[int, int]], int, float]:
    """Create in turn until the time is up; (statuses by kind, requests, seconds taken)."""
    counts: dict[str, dict[int, int]] = {kind: {} for kind in KINDS}
    requests = 0
    client, headers = _guest(base, "127.0.0.1")
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        for kind, (path, body) in KINDS.items():
            status = client.post(path, json=body, headers=headers).status_code
            counts[kind][status] = counts[kind].get(status, 0) + 1
            requests += 1
        if requests % (per_session * len(KINDS)) == 0:  # a fresh guest: its session's counts start at 0
            client.close()
            client, headers = _guest(base, "127.0.0.1")
    client.close()
    return counts, requests, time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=positive_int, default=20, help="length of the flood (20)")
    parser.add_argument("--per-session", type=positive_int, default=3, help="creations of each kind a session (3)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        server = Server(data)
        server.env[QUOTAS_VARIABLE] = ""  # the defaults (tests.web_support turns them off for tests)
        server.start()
        try:
            before = _size(data)
            counts, requests, elapsed = flood(server.url, options.seconds, options.per_session)
            elsewhere, headers = _guest(server.url, "127.0.0.2")
            other = {
                kind: elsewhere.post(path, json=body, headers=headers).status_code
                for kind, (path, body) in KINDS.items()
            }
            elsewhere.close()
            grown = _size(data) - before
        finally:
            server.stop()
    print(f"one address, a new guest session every {options.per_session} of each kind, {elapsed:.1f} s:")
    for kind, statuses in counts.items():
        made, refused = statuses.get(201, 0), statuses.get(429, 0)
        others = {status: n for status, n in statuses.items() if status not in (201, 429)}
        print(f"  {kind:7} made {made:6}  refused {refused:6}" + (f"  other {others}" if others else ""))
    print(f"  requests/s {requests / elapsed:.1f}")
    mib = grown / 2**20
    print(f"  database grew {mib:.2f} MiB ({mib * 3600 / elapsed:.0f} MiB an hour if it went on at this rate)")
    print(f"another address (127.0.0.2) afterwards: {other}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
