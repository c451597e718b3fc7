"""Accounts as their owners expect (issue 32): throttling keyed on who tries, so an attacker never
locks the owner out; a new password, signing out everywhere, the list of sessions; export and
deletion of an account; every bad input a clear refusal with nothing changed. On SQLite and
PostgreSQL, through the HTTP API."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.web_support import (
    Player,
    app_on_each_backend,  # noqa: F401 (the module's "app" fixture)
    random_address,
    winning_line,
)

PASSWORD = "correct horse"


class Browser(Player):
    """A Player on a client address of its own (what the server sees as the peer)."""

    def __init__(self, app: Any, address: str = "10.0.0.1", user_agent: str = "") -> None:
        super().__init__(app, address, user_agent)

    def sign_out(self, path: str = "/api/auth/logout") -> None:
        assert self.post(path).status_code == 204
        self.reload()

    def reload(self) -> None:
        """What a page does on load: read the session (a new guest's after signing out)."""
        self.csrf = self.client.get("/api/session").json()["csrf_token"]


def fresh_name(prefix: str = "a") -> str:
    return f"{prefix}{random.randrange(10**9)}"


address = random_address


def refused(answer, status: int) -> str:
    assert answer.status_code == status, answer.text
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and "Traceback" not in detail
    return detail


# ---------------------------------------------------------------------------- 1. throttling


def test_an_attackers_thousand_tries_leave_the_owner_able_to_sign_in(app):
    name = fresh_name("alice")
    owner = Browser(app, address())
    assert owner.sign_up(name).status_code == 201
    owner.sign_out()
    assert owner.client.cookies.get("sparrow_device")  # the device that signed up is known now
    attacker = Browser(app, address())
    answers = [attacker.log_in(name, f"guess {n:04}").status_code for n in range(1000)]
    assert answers[:5] == [401] * 5 and set(answers[5:]) == {429}
    last = attacker.log_in(name, "guess")
    assert "try again in" in refused(last, 429) and int(last.headers["Retry-After"]) > 0
    assert attacker.log_in(name).status_code == 429  # even the right password waits at that address
    # The owner: from the known device, and from another address on a new device.
    assert owner.log_in(name).status_code == 200
    elsewhere = Browser(app, address())
    assert elsewhere.log_in(name).status_code == 200
    # The attacker's refused tries were not counted: the wait did not grow past the first step.
    assert int(last.headers["Retry-After"]) <= 30


def test_one_address_trying_many_usernames_is_slowed_but_known_devices_are_not(app):
    owner_name = fresh_name("bob")
    place = address()
    owner = Browser(app, place)  # the owner shares the address (one network) with the sprayer
    owner.sign_up(owner_name)
    owner.sign_out()
    sprayer = Browser(app, place)
    statuses = [sprayer.log_in(fresh_name("x"), "Summer2026!").status_code for _ in range(21)]
    assert statuses == [401] * 20 + [429]
    assert "from this address" in refused(sprayer.log_in(fresh_name("x"), "Summer2026!"), 429)
    assert owner.log_in(owner_name).status_code == 200  # a known device goes on
    assert Browser(app, address()).log_in(fresh_name("x"), "whatever1").status_code == 401  # elsewhere: not slowed


def test_failures_from_many_addresses_slow_new_devices_but_not_known_ones(app):
    name = fresh_name("carol")
    owner = Browser(app, address())
    owner.sign_up(name)
    owner.sign_out()
    for _ in range(20):  # a botnet: one try from each address
        assert Browser(app, address()).log_in(name, "guess guess").status_code == 401
    new_device = Browser(app, address())
    answer = new_device.log_in(name)
    assert "for this username" in refused(answer, 429) and int(answer.headers["Retry-After"]) > 0
    assert owner.log_in(name).status_code == 200  # the device that signed in before is not held back


def test_a_forged_forwarded_header_is_not_an_address(app):
    name = fresh_name("dave")
    Browser(app, address()).sign_up(name)
    attacker = Browser(app, address())

    def forged(password: str, forwarded: str):
        headers = {"X-CSRF-Token": attacker.csrf, "X-Forwarded-For": forwarded, "X-Real-IP": forwarded}
        return attacker.client.post("/api/auth/login", json={"username": name, "password": password}, headers=headers)

    assert [forged("guess guess", f"192.0.2.{n}").status_code for n in range(5)] == [401] * 5
    answer = forged("guess", "198.51.100.7")
    assert answer.status_code == 429


# ---------------------------------------------------------------------------- 2. password, sessions


def test_changing_the_password_signs_out_every_other_session(app):
    name = fresh_name("erin")
    laptop = Browser(app, address(), "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/128.0")
    laptop.sign_up(name)
    phone = Browser(
        app, address(), "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"
    )
    assert phone.log_in(name).status_code == 200
    listed = laptop.get("/api/account/sessions").json()
    assert sorted(row["device"] for row in listed) == ["Chrome on Android", "Firefox on Linux"]
    assert [row["current"] for row in listed if row["device"] == "Firefox on Linux"] == [True]
    assert all(row["seen_at"] >= row["created_at"] > 0 for row in listed)
    answer = laptop.post("/api/account/password", {"current_password": PASSWORD, "new_password": "battery staple"})
    assert answer.status_code == 200 and answer.json() == {"signed_out": 1}
    assert phone.get("/api/session").json()["user"] is None  # signed out
    assert laptop.get("/api/session").json()["user"]["username"] == name  # this one stays
    assert [row["device"] for row in laptop.get("/api/account/sessions").json()] == ["Firefox on Linux"]
    assert refused(Browser(app, address()).log_in(name), 401) == "Wrong username or password."
    assert Browser(app, address()).log_in(name, "battery staple").status_code == 200


def test_sign_out_everywhere_ends_every_session(app):
    name = fresh_name("finn")
    first, second = Browser(app, address()), Browser(app, address())
    first.sign_up(name)
    second.log_in(name)
    game = second.new_game()["id"]
    first.sign_out("/api/auth/logout-everywhere")
    for browser in (first, second):
        assert browser.get("/api/session").json()["user"] is None
        assert browser.get(f"/api/games/{game}").status_code == 404
    again = Browser(app, address())
    assert again.log_in(name).status_code == 200
    assert [g["id"] for g in again.get("/api/games").json()] == [game]  # the games stay with the account


# ---------------------------------------------------------------------------- 5. bad input


def test_bad_input_is_refused_clearly_and_changes_nothing(app):
    name = fresh_name("gus")
    browser = Browser(app, address())
    browser.sign_up(name)
    other = Browser(app, address())
    other.log_in(name)
    wrong = browser.post("/api/account/password", {"current_password": "not mine!", "new_password": "new password"})
    assert refused(wrong, 403) == "The current password you typed is not your password."  # no field names
    short = browser.post("/api/account/password", {"current_password": PASSWORD, "new_password": "short"})
    assert refused(short, 422) == "The new password needs at least 8 characters."
    same = browser.post("/api/account/password", {"current_password": PASSWORD, "new_password": PASSWORD})
    assert refused(same, 422) == "The new password is the same as the current one: choose another."
    long = browser.post("/api/account/password", {"current_password": PASSWORD, "new_password": "x" * 1025})
    assert refused(long, 422) == "The new password has more than 1024 characters."
    extra = browser.post("/api/account/password", {"current_password": PASSWORD, "new_password": 12345678})
    assert refused(extra, 422) == "The new password must be text."
    stale = browser.post(
        "/api/account/password", {"current_password": PASSWORD, "new_password": "new password"}, csrf="stale"
    )
    assert "X-CSRF-Token" in refused(stale, 403)
    assert "X-CSRF-Token" in refused(browser.send("DELETE", "/api/account", {"password": PASSWORD}, csrf="x"), 403)
    assert refused(browser.send("DELETE", "/api/account", {"password": "not mine!"}), 403) == (
        "The password you typed is not your password."
    )
    # Nothing changed: both sessions live, the old password works.
    assert other.get("/api/session").json()["user"]["username"] == name
    assert Browser(app, address()).log_in(name).status_code == 200
    # A guest has no account to change, export or delete.
    guest = Browser(app, address())
    for answer in (
        guest.post("/api/account/password", {"current_password": PASSWORD, "new_password": "new password"}),
        guest.get("/api/account/export"),
        guest.get("/api/account/sessions"),
        guest.post("/api/auth/logout-everywhere"),
        guest.send("DELETE", "/api/account", {"password": PASSWORD}),
    ):
        assert "not signed in" in refused(answer, 401)


# ---------------------------------------------------------------------------- 3. export and deletion


def _win_a_hand(app, browser: Browser) -> str:
    seed, actions = winning_line("casual", "normal")
    app.state.games.seeds = iter([seed])
    view = browser.new_game(rules="casual", level="normal")
    for action in actions:
        answer = browser.act(view["id"], action)
        assert answer.status_code == 200, answer.text
    assert answer.json()["hand_over"]
    return view["id"]


def test_export_holds_the_account_its_games_with_logs_and_its_sheets(app):
    name = fresh_name("hana")
    browser = Browser(app, address(), "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Version/17.5 Safari/605.1.15")
    browser.sign_up(name)
    browser.send("PUT", "/api/settings", {"speed": "fast"})
    game = browser.new_game()["id"]
    sheet = browser.post("/api/sheets", {"rules": "nts", "players": ["An", "Bo", "Cy", "Di"]})
    assert sheet.status_code == 201, sheet.text
    answer = browser.get("/api/account/export")
    assert answer.status_code == 200
    assert answer.headers["content-disposition"] == f'attachment; filename="sparrow-{name}.json"'
    data = json.loads(answer.content)
    assert data["format"] == "sparrow-account-export"
    assert data["account"]["username"] == name and data["account"]["settings"]["speed"] == "fast"
    assert "password_hash" not in json.dumps(data)
    assert [g["id"] for g in data["games"]] == [game]
    assert data["games"][0]["hands"] == [] and data["games"][0]["seed"] is None  # its hand is in play
    assert [s["id"] for s in data["sheets"]] == [sheet.json()["id"]]
    assert data["sessions"][0]["device"].startswith("Mozilla/5.0 (Macintosh")


def test_deleting_the_account_removes_it_and_anonymises_its_games(app):
    name = fresh_name("ivo")
    browser = Browser(app, address())
    browser.sign_up(name)
    elsewhere = Browser(app, address())
    elsewhere.log_in(name)
    game = _win_a_hand(app, browser)
    assert name in [row["username"] for row in browser.get("/api/leaderboard?limit=500").json()]
    browser.post("/api/sheets", {"rules": "free", "players": ["An", "Bo", "Cy", "Di"]})
    answer = browser.send("DELETE", "/api/account", {"password": PASSWORD})
    assert answer.status_code == 204
    stale_csrf = browser.csrf
    # The user, their sessions and sheets are gone; the leaderboard no longer knows them.
    assert browser.get("/api/session").json()["user"] is None
    assert elsewhere.get("/api/session").json()["user"] is None
    assert name not in [row["username"] for row in browser.get("/api/leaderboard?limit=500").json()]
    assert refused(Browser(app, address()).log_in(name), 401) == "Wrong username or password."
    store = app.state.store
    assert store.user_by_name(name) is None
    record = store.game(game)
    assert record is not None and record.user_id is None and record.session_id is None  # kept, nobody's
    assert browser.get(f"/api/games/{game}").status_code == 404
    # A second delete: the session is over, nothing more happens.
    second = browser.send("DELETE", "/api/account", {"password": PASSWORD}, csrf=stale_csrf)
    assert "No session" in refused(second, 403)
    browser.reload()
    assert "not signed in" in refused(browser.send("DELETE", "/api/account", {"password": PASSWORD}), 401)
    # The name is free again, and the new account starts empty.
    fresh = Browser(app, address())
    assert fresh.sign_up(name).status_code == 201
    assert fresh.get("/api/games").json() == [] and fresh.get("/api/sheets").json() == []


# ---------------------------------------------------------------------------- 4. the page


def test_the_account_page_is_for_the_signed_in_in_english_and_dutch(app):
    guest = Browser(app, address())
    answer = guest.get("/account", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/signin"
    guest.sign_up(fresh_name("jan"))
    page = guest.get("/account")
    assert page.status_code == 200 and "Sign out everywhere" in page.text and 'href="/api/account/export"' in page.text
    dutch = guest.get("/account?lang=nl")
    assert "Overal afmelden" in dutch.text and "Mijn account verwijderen" in dutch.text
    refusal = guest.post("/api/account/password?lang=nl", {"current_password": "verkeerd!", "new_password": "x" * 9})
    assert refused(refusal, 403) == "Het huidige wachtwoord dat je typte is niet je wachtwoord."
