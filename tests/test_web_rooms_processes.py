"""Rooms across real ``sparrow serve`` processes: four people, each on their own WebSocket, play a hand
live when they are served by different processes sharing one PostgreSQL (two servers on two ports;
one server with ``--workers 2``; Redis pub/sub instead of NOTIFY) or one SQLite file (``--workers 2``,
whose processes look at the rooms watched for news), and a room goes on after its server is killed
with SIGKILL, with nothing lost. SQLite single process is the baseline.

The servers are told to look at the database for missed news only once an hour
(``SPARROW_ROOMS_LOOK_AGAIN``): every move must reach the other processes' sockets as news, or the
hand never ends and the test fails."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import httpx2 as httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.web_support import Server, database_url, free_port, postgres_base_url

pytestmark = pytest.mark.slow
COOKIE = "sparrow_session"


@pytest.fixture
def redis_url(tmp_path):
    if shutil.which("redis-server") is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is missing: .ci/run installs it")
        pytest.skip("the Redis test needs redis-server")
    port = free_port()
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL,
    )
    try:
        import redis

        for _ in range(200):
            try:
                redis.Redis(port=port).ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=10)


@dataclass
class Person:
    name: str
    base: str  # the server this person's browser talks to
    client: httpx.Client = field(init=False)
    csrf: str = field(init=False)
    socket: ClientConnection | None = None
    view: dict[str, Any] | None = None
    numbers: list[int] = field(default_factory=list)
    acted_at: int = -1
    not_before: float = 0.0

    def __post_init__(self) -> None:
        self.client = httpx.Client(base_url=self.base, timeout=30)
        self.csrf = self.client.get("/api/session").json()["csrf_token"]

    def post(self, path: str, body: Any = None) -> dict[str, Any]:
        answer = self.client.post(path, json=body, headers={"X-CSRF-Token": self.csrf})
        assert answer.status_code in (200, 201), answer.text
        return answer.json()

    def connect(self, room_id: str) -> None:
        since = self.numbers[-1] + 1 if self.numbers else 0
        address = self.base.replace("http://", "ws://") + f"/api/rooms/{room_id}/live?since={since}"
        cookie = self.client.cookies.get(COOKIE)
        opened = connect(address, additional_headers={"Cookie": f"{COOKIE}={cookie}"}, open_timeout=10)
        self.socket = opened.__enter__()

    def pump(self, timeout: float) -> bool:
        assert self.socket is not None
        try:
            message = json.loads(self.socket.recv(timeout))
        except TimeoutError:
            return False
        if message["type"] == "error":
            # A stale decision (someone acted first): look again; too quick (429): wait a moment.
            assert message["status"] in (409, 429), message
            self.acted_at = -1
            if message["status"] == 429:
                self.not_before = time.monotonic() + 0.5
            return True
        assert message["type"] == "view", message
        self.numbers += [n["number"] for n in message["events"]]
        self.view = message
        return True

    def decide(self) -> None:
        view = self.view
        if view is None or not view["asked"] or self.acted_at == view["event_count"]:
            return
        if time.monotonic() < self.not_before:
            return
        kinds = {a["action"]: a for a in view["asked"]}
        action = kinds.get("win") or kinds.get("pass") or next(a for a in view["asked"] if a["action"] == "discard")
        assert self.socket is not None
        self.socket.send(json.dumps({"type": "action", "seen": view["event_count"]} | _strip(action)))
        self.acted_at = view["event_count"]


def _room(people: list[Person], **options: Any) -> str:
    host = people[0]
    room = host.post("/api/rooms", {"rules": "casual", "level": "easy", "turn_seconds": None} | options)
    for chair, person in enumerate(people):
        person.post(f"/api/rooms/{room['id']}/chair", {"chair": chair, "name": person.name})
    return room["id"]


def _play_hand_live(people: list[Person], room_id: str, seconds: float = 120) -> None:
    """Everyone on their own socket; whoever is asked decides over it; until all see the hand end."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for person in people:
            while person.pump(0.01):
                pass
            person.decide()
        views = [p.view for p in people]
        if all(v is not None and v["hand_over"] for v in views) and len({v["event_count"] for v in views}) == 1:
            return
    raise AssertionError(
        f"the hand did not end live in {seconds} s: {[p.view and p.view['event_count'] for p in people]}"
    )


def _strip(action: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in action.items() if k != "seat"}


def _servers(kind: str, tmp_path, tmp_path_factory, redis: str | None = None) -> tuple[list[Server], Any]:
    """The servers of a setup, and the database URL's generator (to drop it afterwards)."""
    backend = "sqlite" if kind.startswith("sqlite") else "postgresql"
    if backend == "postgresql":
        postgres_base_url()
    urls = database_url(backend, tmp_path_factory)
    url = next(urls)
    if kind == "sqlite":
        servers = [Server(tmp_path / "data", url)]
    elif kind in ("workers", "sqlite-workers"):
        servers = [Server(tmp_path / "data", url, workers=2, args=("--workers", "2"))]
    else:  # two servers, two ports, one database (two machines behind a load balancer)
        servers = [Server(tmp_path / "a", url), Server(tmp_path / "b", url)]
    for server in servers:
        server.env["SPARROW_ROOMS_LOOK_AGAIN"] = "3600"
        if redis:
            server.env["REDIS_URL"] = redis
    for server in servers:
        server.start()
    return servers, urls


@pytest.mark.parametrize("kind", ["sqlite", "sqlite-workers", "two-servers", "workers"])
def test_four_people_play_a_hand_live_across_server_processes(kind, tmp_path, tmp_path_factory):
    servers, urls = _servers(kind, tmp_path, tmp_path_factory)
    try:
        _four_play(servers)
    finally:
        for server in servers:
            server.stop()
        next(urls, None)


def test_rooms_across_servers_on_redis(redis_url, tmp_path, tmp_path_factory):
    servers, urls = _servers("two-servers", tmp_path, tmp_path_factory, redis=redis_url)
    try:
        _four_play(servers)
    finally:
        for server in servers:
            server.stop()
        next(urls, None)


def _four_play(servers: list[Server]) -> None:
    bases = [servers[i % len(servers)].url for i in range(4)]
    people = [Person(name, base) for name, base in zip(["Ann", "Bob", "Cat", "Dan"], bases, strict=True)]
    room_id = _room(people)
    people[0].post(f"/api/rooms/{room_id}/start")
    for person in people:
        person.connect(room_id)
    try:
        _play_hand_live(people, room_id)
        final = people[0].view["event_count"]
        for person in people:  # every move reached everyone, once, in order
            assert person.numbers == list(range(final)), person.name
    finally:
        for person in people:
            if person.socket is not None:
                person.socket.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_room_goes_on_after_its_server_is_killed(backend, tmp_path, tmp_path_factory):
    urls = database_url(backend, tmp_path_factory)
    url = next(urls)
    server = Server(tmp_path / "data", url).start()
    try:
        ann, bob = Person("Ann", server.url), Person("Bob", server.url)
        room_id = _room([ann, bob])
        ann.post(f"/api/rooms/{room_id}/start")
        bob.post(f"/api/rooms/{room_id}/away")
        view = ann.client.get(f"/api/rooms/{room_id}").json()
        for _ in range(3):  # a few of Ann's moves, acknowledged
            action = _strip(next(a for a in view["asked"] if a["action"] in ("discard", "pass")))
            view = ann.post(f"/api/rooms/{room_id}/actions", action | {"seen": view["event_count"]})
            if view["hand_over"]:
                break
        before = ann.client.get(f"/api/rooms/{room_id}").json()
        assert before["event_count"] == view["event_count"]
        server.kill()
        server.start()
        again = ann.client.get(f"/api/rooms/{room_id}").json()
        assert again == before  # every acknowledged move is there, and nothing else
        assert again["chairs"][1]["away"] is True  # still away: his stand-in plays on
        refused = ann.client.post(
            f"/api/rooms/{room_id}/actions", json={"action": "kong", "seen": 0}, headers={"X-CSRF-Token": ann.csrf}
        )
        assert refused.status_code == 409  # a stale decision after the restart changes nothing
        assert ann.client.get(f"/api/rooms/{room_id}").json()["version"] == again["version"]
        ann.connect(room_id)
        _play_hand_live([ann], room_id)
        ann.socket.close()
    finally:
        server.stop()
        next(urls, None)


def test_one_chair_taken_at_once_through_two_servers_goes_to_one_person(tmp_path, tmp_path_factory):
    """Two people click the same chair at the same moment, each on another server process: one gets
    it, the other a clear refusal, and the room holds exactly one of them, again and again."""
    servers, urls = _servers("two-servers", tmp_path, tmp_path_factory)
    try:
        host = Person("Ann", servers[0].url)
        for attempt in range(8):
            room = host.post("/api/rooms", {"rules": "casual", "level": "easy"})
            people = [Person(f"P{attempt}a", servers[0].url), Person(f"P{attempt}b", servers[1].url)]
            start = threading.Barrier(2)

            def claim(person: Person, room_id: str = room["id"], start: threading.Barrier = start) -> int:
                start.wait()
                answer = person.client.post(
                    f"/api/rooms/{room_id}/chair",
                    json={"chair": 2, "name": person.name},
                    headers={"X-CSRF-Token": person.csrf},
                )
                assert answer.status_code in (200, 409), answer.text
                if answer.status_code == 409:
                    assert "taken" in answer.json()["detail"] or "changed by someone else" in answer.json()["detail"]
                return answer.status_code

            with ThreadPoolExecutor(2) as pool:
                codes = list(pool.map(claim, people))
            assert sorted(codes) == [200, 409], codes
            winner = people[codes.index(200)]
            for server in servers:  # both servers tell the same
                chairs = httpx.get(f"{server.url}/api/rooms/{room['id']}").json()["chairs"]
                assert chairs[2] == {"name": winner.name} and sum(c is not None for c in chairs) == 1
    finally:
        for server in servers:
            server.stop()
        next(urls, None)


def test_a_persons_socket_closes_when_their_session_ends(tmp_path):
    """Signed out elsewhere while the table's socket is open and silent: the socket's next look at the
    database (here every 0.2 s) finds the session ended and closes it (4401)."""
    server = Server(tmp_path / "data")
    server.env["SPARROW_ROOMS_LOOK_AGAIN"] = "0.2"
    server.start()
    try:
        ann = Person("Ann", server.url)
        ann.csrf = ann.post("/api/auth/signup", {"username": "ann_live", "password": "correct horse"})["csrf_token"]
        room_id = _room([ann])
        ann.post(f"/api/rooms/{room_id}/start")
        ann.connect(room_id)
        assert ann.pump(10) and ann.view is not None and ann.view["chair"] == 0
        elsewhere = httpx.Client(base_url=server.url, timeout=30, cookies=ann.client.cookies)
        assert elsewhere.post("/api/auth/logout", headers={"X-CSRF-Token": ann.csrf}).status_code == 204
        with pytest.raises(ConnectionClosed) as closed:
            ann.socket.recv(10)  # nothing changes in the room: only the look can close it
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    finally:
        server.stop()
