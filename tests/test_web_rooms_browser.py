"""The room pages in a real browser (Playwright driving Debian's Chromium, as ``test_web_browser.py``).

Four people, each in a browser context of their own, open one room by its link, take chairs, and
the host starts; they play a whole hand to its score card by clicking what each one is asked
(win when offered, else pass a claim, else discard the first tile). One of them reloads half-way
and carries on, another goes away and a computer player finishes the hand for them; a fifth context
watches as a spectator and never sees, on the page or in a message of the live connection, a
concealed tile. Every state is photographed at phone and desktop size into ``tests/artifacts/``.
"""

from __future__ import annotations

import json
import os
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from tests.test_web_browser import SIZES, snap_both
from tests.web_support import Server, database_url

pytestmark = pytest.mark.slow

NAMES = ["Ann", "Bob", "Cas", "Dee"]


class Person:
    def __init__(self, browser: Any, size: str = "phone") -> None:
        self.context = browser.new_context(viewport=SIZES[size], bypass_csp=True, locale="en-GB")
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("websocket", lambda socket: socket.on("framereceived", self._frame))
        self.actions = 0
        self.keyboard = False  # discard by typing the tile every other time

    def _frame(self, payload: Any) -> None:
        self.frames.append(json.loads(payload))

    def state(self) -> dict[str, str | None]:
        return self.page.evaluate(
            "(() => { const g = document.getElementById('game'); return {status: g.dataset.status,"
            " asked: g.dataset.asked, busy: g.dataset.busy, version: g.dataset.version}; })()"
        )

    def act(self) -> bool:
        """Click what this person is asked, if anything (True when something was clicked)."""
        state = self.state()
        if state["asked"] != "true" or state["busy"] == "true":
            return False
        page = self.page
        try:
            if page.locator("#actions button[data-action=win]").count():
                page.click("#actions button[data-action=win]", timeout=2000)
            elif page.locator("#actions button[data-action=pass]").count():
                page.click("#actions button[data-action=pass]", timeout=2000)
            elif page.locator("#discard").count() and self.keyboard and self.actions % 2:
                tile = page.get_attribute("#hand .tile >> nth=0", "data-tile", timeout=2000)
                page.keyboard.type(tile)  # the keys of the table page: a tile typed, then Enter
                page.wait_for_selector(f"#hand .tile.selected[data-tile='{tile}']", timeout=2000)
                page.keyboard.press("Enter")
            elif page.locator("#discard").count():
                page.click("#hand .tile >> nth=0", timeout=2000)
                page.click("#discard:not([disabled])", timeout=2000)
            else:
                return False
        except PlaywrightError:
            return False  # the table moved on meanwhile (a claim window closed): look again
        self.actions += 1
        return True


def tiles_of(text: str) -> list[str]:
    tiles, digits = [], []
    for char in text or "":
        if char.isdigit():
            digits.append(char)
        else:
            tiles += [digit + char for digit in digits]
            digits = []
    return tiles


def same_as_the_server(page: Page, api: str) -> None:
    """The page shows the hand the server has for this person (once it shows the room's version)."""
    for _ in range(100):
        view = page.request.get(api).json()
        if page.get_attribute("#game", "data-version") == str(view["version"]):
            shown = page.eval_on_selector_all("#hand .tile", "t => t.map(x => x.dataset.tile)")
            assert sorted(shown) == sorted(tiles_of(view["observation"]["hand"]))
            return
        page.wait_for_timeout(100)
    raise AssertionError("the page never caught up with the room")


def restart(server: Server) -> Server:
    """The same server again (its data directory, its port) after it was killed."""
    again = Server(server.data_dir)
    again.port, again.url = server.port, server.url
    return again.start()


def wait_status(page: Page, status: str) -> None:
    page.wait_for_selector(f"#game[data-status={status}]")


@pytest.fixture
def shared_database(tmp_path_factory):
    """A PostgreSQL database for two server processes (None without one, outside CI: then one
    SQLite server serves everyone)."""
    if not os.environ.get("SPARROW_TEST_POSTGRES_URL", "").strip() and not os.environ.get("CI"):
        yield None
        return
    yield from database_url("postgresql", tmp_path_factory)


def test_four_people_play_a_hand_in_a_room_with_a_reload_an_absence_and_a_spectator(browser, tmp_path, shared_database):
    """Ann and Bob are served by one server process, Cas, Dee and the spectator by a second one on
    the same PostgreSQL (two machines behind a load balancer): every move crosses between them."""
    server = Server(tmp_path / "a", shared_database).start()
    other = Server(tmp_path / "b", shared_database).start() if shared_database else server
    people = [Person(browser, "phone" if i % 2 else "desktop") for i in range(4)]
    spectator = Person(browser, "phone")
    try:
        host = people[0].page
        host.goto(server.url + "/")
        host.click("header nav a[href='/rooms']")
        host.wait_for_url(server.url + "/rooms")
        snap_both(host, "rooms-lobby")
        host.select_option("#rules", "casual")
        host.check("input[name=level][value=easy]")
        host.select_option("#turn-seconds", "120")
        host.click("#create-room")
        host.wait_for_url(re.compile(r".*/rooms/[A-Za-z0-9_-]{20,}$"))
        link = host.input_value("#room-link")
        assert link == host.url
        wait_status(host, "open")
        assert host.is_visible("#start-room")
        # The same room through the second server: its link there.
        link_there = link.replace(server.url, other.url)
        for index, person in enumerate(people):
            page = person.page
            if index:
                page.goto(link if index < 2 else link_there)
                wait_status(page, "open")
                assert not page.is_visible("#start-room")  # only the host starts
            page.fill("#name", NAMES[index])
            page.click(f"#chairs li[data-chair='{index}'] button.sit")
            page.wait_for_selector(f"#chairs li.mine[data-chair='{index}']")
        bob = people[1].page
        spectator.page.goto(link_there)
        wait_status(spectator.page, "open")
        assert "full" in spectator.page.inner_text("#room-status")
        host.wait_for_selector("#chairs li[data-chair='3'].taken")
        assert [host.inner_text(f"#chairs li[data-chair='{i}'] .who") for i in range(4)] == [
            "Ann (you)",
            "Bob",
            "Cas",
            "Dee",
        ]
        snap_both(bob, "room-invitation")
        host.click("#start-room")
        for person in [*people, spectator]:
            wait_status(person.page, "playing")
        spectator.page.wait_for_selector("#spectating:not([hidden])")
        # Every seat as the others see it: the backs of its tiles, no hand of the spectator's own.
        spectator.page.wait_for_selector("#seat-me .tiles.backs")
        assert spectator.page.locator(".revealed-hand, #hand .tile").count() == 0
        snap_both(spectator.page, "room-spectator")

        # Play the hand: each person clicks what they are asked, until every page shows the result.
        reloaded = away = False
        deadline = time.monotonic() + 240
        timer_seen = False
        while time.monotonic() < deadline:
            if all(p.page.is_visible("#result [data-testid=settlement]") for p in people):
                break
            for index, person in enumerate(people):
                if index == 2 and away:
                    continue
                if person.act() and not timer_seen:
                    timer_seen = True
                    person.page.wait_for_timeout(50)
            total = sum(p.actions for p in people)
            if not timer_seen and people[0].state()["asked"] == "true":
                text = host.inner_text("#timer")
                assert re.fullmatch(r"\d+ s left", text), text
                assert 100 <= int(host.get_attribute("#timer", "data-seconds")) <= 120
            if total >= 12 and not reloaded:
                reloaded = True
                page = people[1].page
                log_before = page.locator("#log li").count()
                page.reload()
                wait_status(page, "playing")
                page.wait_for_selector("#hand .tile")
                same_as_the_server(page, server.url + "/api/rooms/" + link.rsplit("/", 1)[1])
                assert page.locator("#log li").count() >= log_before
                snap_both(page, "room-playing")
            if total >= 20 and not away:
                away = True
                page = people[2].page
                page.click("#away")
                page.wait_for_selector("#away[aria-pressed=true]")
                assert "computer player plays for you" in page.inner_text("#status")
                host.wait_for_selector("#people li.away")
                assert "Cas" in host.inner_text("#people li.away")
        else:
            raise AssertionError("the hand did not end within 4 minutes")
        assert reloaded and away
        for person in people:
            page = person.page
            page.wait_for_selector("#result [data-testid=settlement]")
            assert page.locator("#result h2").inner_text()
        # The match was one hand: the final standings, and no next hand.
        host.wait_for_selector("#standings [data-testid=standings]")
        assert host.locator("#next-hand").count() == 0
        snap_both(host, "room-result")
        spectator.page.wait_for_selector("#result [data-testid=settlement]")
        snap_both(spectator.page, "room-spectator-result")
        assert all(not p.errors for p in [*people, spectator]), [p.errors for p in [*people, spectator]]
        check_spectator(spectator)
    finally:
        for person in [*people, spectator]:
            person.context.close()
        server.stop()
        other.stop()


def check_spectator(spectator: Person) -> None:
    """What the spectator was sent and shown: nobody's concealed or drawn tile before the hand was
    over (then every hand is shown), no observation, nothing asked."""
    views = [frame for frame in spectator.frames if frame.get("type") == "view"]
    assert views
    for frame in views:
        assert frame["chair"] is None and frame["observation"] is None and frame["asked"] is None
        for numbered in frame["events"]:
            event = numbered["event"]
            if event["event"] == "deal":
                assert all(hand is None for hand in event["hands"].values())
            if event["event"] == "draw":
                assert event["tile"] is None
    page = spectator.page
    assert page.locator("#hand .tile").count() == 0
    assert page.is_hidden(".hand-row")
    assert page.is_visible("#spectating")


def test_one_person_with_three_computer_players_plays_on_to_the_next_hand_in_dutch(browser, tmp_path):
    server = Server(tmp_path / "data").start()
    person = Person(browser, "phone")
    person.keyboard = True
    try:
        page = person.page
        page.goto(server.url + "/rooms?lang=nl")
        page.select_option("#rules", "casual")
        page.select_option("fieldset[data-rules=casual] select[name=hands]", "4")
        page.select_option("#turn-seconds", "null")
        page.click("#create-room")
        page.wait_for_url(re.compile(r".*/rooms/[A-Za-z0-9_-]{20,}$"))
        assert "Uitnodiging" in page.inner_text("#invitation h2")
        page.click("#chairs li[data-chair='1'] button.sit")
        assert "Kies eerst een naam." in page.inner_text("#room-error")  # a name first
        page.fill("#name", "Eva")
        page.click("#chairs li[data-chair='1'] button.sit")
        page.wait_for_selector("#chairs li.mine[data-chair='1']")
        page.click("#chairs li[data-chair='3'] button.sit")  # moving to another chair
        page.wait_for_selector("#chairs li.mine[data-chair='3']")
        assert page.inner_text("#chairs li[data-chair='1'] .who") == "Vrij"
        page.click("#start-room")
        wait_status(page, "playing")
        sockets: list[str] = []
        page.on("websocket", lambda socket: sockets.append(socket.url))
        deadline = time.monotonic() + 120
        restarted = False
        while not page.is_visible("#result [data-testid=settlement]"):
            assert time.monotonic() < deadline, "the hand did not end"
            if person.actions >= 5 and not restarted and person.state()["busy"] != "true":
                # The server goes down and comes back: the page reconnects with the events it has.
                restarted = True
                page.wait_for_timeout(300)
                count = page.get_attribute("#game", "data-events")
                lines = page.locator("#log li").count()
                server.kill()
                page.wait_for_selector("#connection:not([hidden])")
                server = restart(server)
                page.wait_for_selector("#connection", state="hidden", timeout=15000)
                assert sockets[-1].endswith(f"?since={count}")
                assert page.get_attribute("#game", "data-events") == count
                assert page.locator("#log li").count() == lines  # nothing missed, nothing twice
            if person.state()["asked"] == "true":
                assert page.inner_text("#timer") == "Geen tijdslimiet"
            if not person.act():
                page.wait_for_timeout(30)
        assert page.get_attribute("#game", "data-hand") == "1"
        snap_both(page, "room-hand-over")
        page.click("#next-hand")
        page.wait_for_selector("#game[data-hand='2']")
        page.wait_for_selector("#result", state="hidden")
        assert "Spel 2" in page.inner_text("#center") or "2" in page.inner_text("#center .number")
        assert not person.errors, person.errors
    finally:
        person.context.close()
        server.stop()


def test_the_host_hands_an_absent_persons_chair_to_a_computer_player(browser, tmp_path):
    """A room with no turn limit: the invitation shows the page's own address; once playing, the host
    sees "Let the computer play" beside the other person's name, and the person so handed over sees
    that a computer player plays for them until they say they are back."""
    server = Server(tmp_path / "data").start()
    ann, bob = Person(browser, "phone"), Person(browser, "phone")
    try:
        page = ann.page
        page.goto(server.url + "/rooms")
        page.select_option("#rules", "casual")
        page.select_option("#turn-seconds", "null")
        page.click("#create-room")
        page.wait_for_url(re.compile(r".*/rooms/[A-Za-z0-9_-]{20,}$"))
        link = page.input_value("#room-link")
        assert link == page.url and link.startswith(server.url + "/rooms/")  # the address the browser shows
        page.fill("#name", "Ann")
        page.click("#chairs li[data-chair='0'] button.sit")
        page.wait_for_selector("#chairs li.mine[data-chair='0']")
        bob.page.goto(link)
        bob.page.fill("#name", "Bob")
        bob.page.click("#chairs li[data-chair='1'] button.sit")
        bob.page.wait_for_selector("#chairs li.mine[data-chair='1']")
        page.wait_for_selector("#chairs li[data-chair='1'] .who:has-text('Bob')")
        page.click("#start-room")
        wait_status(page, "playing")
        wait_status(bob.page, "playing")
        button = "#people li[data-chair='1'] button.stand-in"
        page.wait_for_selector(button)
        assert not bob.page.locator("#people button.stand-in").count()  # the host's alone
        assert not page.locator("#people li[data-chair='0'] button.stand-in").count()  # not for herself
        snap_both(page, "room-host-stand-in")
        page.click(button)
        page.wait_for_selector("#people li[data-chair='1'].away")
        assert not page.locator(button).count()
        bob.page.wait_for_selector("#away[aria-pressed='true']")
        assert "computer player plays for you" in bob.page.inner_text("#status")
        snap_both(bob.page, "room-handed-to-a-computer-player")
        bob.page.click("#away")  # "I am back"
        page.wait_for_selector(button)
        assert not ann.errors and not bob.errors, ann.errors + bob.errors
    finally:
        ann.context.close()
        bob.context.close()
        server.stop()
