"""Sign-in and sign-up under attack (security testing, items 8, 9, 12 and 13): the throttle's counts
hold under parallel tries, password hashing is bounded, sign-ups are throttled by address, a known
device is held back by nobody's failures but its own, common passwords are refused, and HSTS is sent
over HTTPS. On SQLite and PostgreSQL, through the HTTP API."""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from tests.web_support import (
    Player,
    Server,
    app_on_each_backend,  # noqa: F401 (the module's "app" fixture)
    random_address,
)

PASSWORD = "correct horse"
CORES = os.cpu_count() or 1


class Browser(Player):
    """A Player on a client address of its own (what the server sees as the peer)."""

    def __init__(self, app: Any, address: str | None = None) -> None:
        self.address = address or random_address()
        super().__init__(app, self.address)


def name(prefix: str) -> str:
    return f"{prefix}{random.randrange(10**9)}"


def refused(answer: Any, status: int) -> str:
    assert answer.status_code == status, answer.text
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and detail.endswith(".") and "Traceback" not in detail
    return detail


class SlowHasher:
    """The app's password hasher, each hash made to last ``delay`` seconds longer, counting how many
    run at once: the window of a race made wide, and the hashing's concurrency made visible."""

    def __init__(self, inner: Any, delay: float) -> None:
        self.inner = inner
        self.delay = delay
        self.lock = threading.Lock()
        self.running = 0
        self.most = 0
        self.calls = 0

    @contextmanager
    def _one(self) -> Iterator[None]:
        with self.lock:
            self.running += 1
            self.calls += 1
            self.most = max(self.most, self.running)
        try:
            time.sleep(self.delay)
            yield
        finally:
            with self.lock:
                self.running -= 1

    def hash(self, password: str) -> str:
        with self._one():
            return self.inner.hash(password)

    def verify(self, hashed: str, password: str) -> bool:
        with self._one():
            return self.inner.verify(hashed, password)

    def check_needs_rehash(self, hashed: str) -> bool:
        return self.inner.check_needs_rehash(hashed)


@contextmanager
def slow_hashing(app: Any, delay: float = 0.2) -> Iterator[SlowHasher]:
    accounts = app.state.accounts
    original = accounts.hasher
    accounts.hasher = spy = SlowHasher(original, delay)
    try:
        yield spy
    finally:
        accounts.hasher = original


def at_once(tries: list[Callable[[], Any]]) -> list[Any]:
    """Run every try in its own thread, all released together; their answers in order."""
    barrier = threading.Barrier(len(tries))
    answers: list[Any] = [None] * len(tries)

    def run(index: int) -> None:
        barrier.wait()
        answers[index] = tries[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(tries))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def statuses(answers: list[Any]) -> dict[int, int]:
    counted: dict[int, int] = {}
    for answer in answers:
        counted[answer.status_code] = counted.get(answer.status_code, 0) + 1
    return counted


# ---------------------------------------------------------------------------- 8. the throttle under parallel tries


def test_parallel_tries_from_one_address_verify_no_more_passwords_than_the_policy(app):
    victim = name("victim")
    Browser(app).sign_up(victim)
    attackers = [Browser(app, "203.0.113.8") for _ in range(30)]
    with slow_hashing(app):
        answers = at_once([lambda b=b: b.log_in(victim, "guess guess") for b in attackers])
    counted = statuses(answers)
    assert counted.get(401, 0) <= 5, f"{counted.get(401, 0)} passwords verified from one address (policy: 5)"
    assert set(counted) <= {401, 429}
    assert all(int(a.headers["Retry-After"]) > 0 for a in answers if a.status_code == 429)


def test_parallel_tries_from_many_addresses_verify_no_more_passwords_than_the_policy(app):
    victim = name("target")
    Browser(app).sign_up(victim)
    attackers = [Browser(app) for _ in range(40)]
    with slow_hashing(app, 0.05):
        answers = at_once([lambda b=b: b.log_in(victim, "guess guess") for b in attackers])
    counted = statuses(answers)
    assert counted.get(401, 0) <= 20, f"{counted.get(401, 0)} passwords verified for one username (policy: 20)"
    assert set(counted) <= {401, 429}


def test_the_counter_is_atomic(app):
    """The store's generic counter: parallel bumps of one key each get a number of their own."""
    store = app.state.store
    key = name("bump:")
    numbers = at_once([lambda: store.bump(key, 60) for _ in range(30)])
    assert sorted(numbers) == list(range(1, 31))


# ---------------------------------------------------------------------------- 9. hashing bounded, sign-up throttled


def test_parallel_sign_ins_hash_about_one_password_per_core_at_a_time(app):
    people = [name("many") for _ in range(16)]
    for person in people:
        assert Browser(app).sign_up(person).status_code == 201
    with slow_hashing(app, 0.1) as spy:
        answers = at_once([lambda p=p: Browser(app).log_in(p) for p in people])
    assert spy.most <= CORES, f"{spy.most} passwords hashed at once on {CORES} cores"
    for answer in answers:
        assert answer.status_code in (200, 429), answer.text
        if answer.status_code == 429:
            assert "busy" in refused(answer, 429) and int(answer.headers["Retry-After"]) >= 1
    assert statuses(answers).get(200, 0) >= 2  # those who waited a moment got in


def test_sign_ups_from_one_address_are_throttled(app):
    place = "198.51.100.23"
    browser = Browser(app, place)
    created = [browser.sign_up(name("bulk")).status_code for _ in range(20)]
    assert created == [201] * 20
    answer = browser.sign_up(name("bulk"))
    detail = refused(answer, 429)
    assert "sign-ups from this address" in detail and int(answer.headers["Retry-After"]) > 0
    assert Browser(app).sign_up(name("elsewhere")).status_code == 201  # another address is not held back


def test_parallel_sign_ups_from_one_address_respect_the_throttle(app):
    browsers = [Browser(app, "198.51.100.99") for _ in range(30)]
    answers = at_once([lambda b=b: b.sign_up(name("rush")) for b in browsers])
    counted = statuses(answers)
    assert counted.get(201, 0) <= 20 and set(counted) <= {201, 429}


# ---------------------------------------------------------------------------- 12. a known device on a shared address


def test_a_known_device_is_not_held_back_by_failures_from_its_own_address(app):
    office = "100.64.0.7"  # one office's NAT: the owner and the attacker share the address
    owner_name = name("owner")
    owner = Browser(app, office)
    assert owner.sign_up(owner_name).status_code == 201
    assert owner.post("/api/auth/logout").status_code == 204
    owner.csrf = owner.client.get("/api/session").json()["csrf_token"]
    attacker = Browser(app, office)
    tries = [attacker.log_in(owner_name, f"guess {n:03}").status_code for n in range(30)]
    assert tries[:5] == [401] * 5 and set(tries[5:]) == {429}
    assert owner.log_in(owner_name).status_code == 200  # the known device goes on


def test_a_known_devices_own_failures_hold_back_that_device_only(app):
    owner_name = name("fumble")
    laptop, phone = Browser(app, "100.64.0.9"), Browser(app, "100.64.0.9")
    assert laptop.sign_up(owner_name).status_code == 201
    assert phone.log_in(owner_name).status_code == 200
    for browser in (laptop, phone):
        assert browser.post("/api/auth/logout").status_code == 204
        browser.csrf = browser.client.get("/api/session").json()["csrf_token"]
    wrong = [laptop.log_in(owner_name, "not it at all").status_code for _ in range(6)]
    assert wrong == [401] * 5 + [429]
    assert "from this device" in refused(laptop.log_in(owner_name), 429)
    assert phone.log_in(owner_name).status_code == 200  # the other known device, same address
    assert Browser(app).log_in(owner_name).status_code == 200  # and a new one elsewhere


# ---------------------------------------------------------------------------- 13. common passwords, HSTS


@pytest.mark.parametrize("common", ["password", "12345678", "PassWord", "qwertyuiop", "iloveyou"])
def test_a_common_password_is_refused_at_sign_up_and_change(app, common):
    browser = Browser(app)
    detail = refused(browser.sign_up(name("weak"), common), 422)
    assert detail.startswith("The password is one of the most common passwords")
    assert browser.sign_up(name("strong"), PASSWORD).status_code == 201
    change = browser.post("/api/account/password", {"current_password": PASSWORD, "new_password": common})
    assert refused(change, 422).startswith("The new password is one of the most common")


def test_hsts_only_over_https(app):
    secure = TestClient(app, base_url="https://testserver").get("/api/session")
    assert secure.headers["strict-transport-security"].startswith("max-age=")
    plain = TestClient(app).get("/api/session")
    assert "strict-transport-security" not in plain.headers


@pytest.mark.slow
def test_hsts_behind_a_named_proxy_and_not_otherwise(tmp_path):
    for allow, expected in (("127.0.0.1", True), (None, False)):
        args = ("--forwarded-allow-ips", allow) if allow else ()
        server = Server(tmp_path / f"data-{expected}", args=args).start()
        try:
            answer = httpx.get(server.url + "/api/leaderboard", headers={"X-Forwarded-Proto": "https"}, timeout=10)
            assert answer.status_code == 200
            assert ("strict-transport-security" in answer.headers) is expected
        finally:
            server.stop()


def test_the_hashing_gate_gives_turns_in_order_and_refuses_after_its_wait():
    """The gate itself: one turn, a second request waits for it, a third gives up after the wait
    (its turn is not lost), a cancelled waiter gives nothing away."""
    import asyncio
    import concurrent.futures

    from sparrow.web.hashing import Busy, HashingGate

    gate = HashingGate(1, wait=0.3)
    order: list[str] = []

    async def use(name: str, seconds: float) -> str:
        try:
            async with gate.turn():
                order.append(name)
                await asyncio.sleep(seconds)
            return "done"
        except Busy as error:
            assert error.status == 429 and error.headers == {"Retry-After": "1"}
            return "busy"

    async def scenario() -> list[str]:
        first = asyncio.create_task(use("first", 0.2))
        await asyncio.sleep(0.01)
        second = asyncio.create_task(use("second", 0.5))
        await asyncio.sleep(0.01)
        cancelled = asyncio.create_task(use("cancelled", 0))
        await asyncio.sleep(0.01)
        cancelled.cancel()
        third = asyncio.create_task(use("third", 0))
        results = await asyncio.gather(first, second, third)
        async with gate.turn():  # every turn came back
            pass
        return results

    # On a thread of its own: a browser test earlier in this process (Playwright's sync API) leaves an
    # event loop running in the main thread, where asyncio.run refuses to start another.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        assert pool.submit(asyncio.run, scenario()).result() == ["done", "done", "busy"]
    assert order == ["first", "second"]
