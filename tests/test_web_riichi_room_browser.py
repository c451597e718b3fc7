"""A Riichi room in a real browser (Playwright driving Debian's Chromium, as ``test_web_rooms_browser.py``),
on the one room page every family has (``room.html``, ``static/room.js``) with Riichi's family panel.

Ann and Bob, each in a browser context of their own, open one Riichi room by its link and take chairs
0 and 1; Ann (the host) starts, the computer takes the two empty chairs. Ann, the first dealer,
discards by clicking a tile twice and Bob's page shows it live in her river (on his left); Bob does the
same and Ann's page shows his discard on her right. A third context watches: the table from chair 0's
side with every seat's tiles as backs, no hand, no buttons, the dora indicator and the sticks (the
family's public view), and no concealed tile on the page or in a message of the live connection. Screenshots at phone and desktop size go to ``tests/artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.test_web_browser import snap_both
from tests.test_web_rooms_browser import Person, wait_status
from tests.web_support import Server

pytestmark = pytest.mark.slow


def new_room(page: Page, server: Server) -> str:
    """A Riichi room made through the API (as the lobby makes it); its link."""
    page.goto(server.url + "/rooms")
    csrf = page.get_attribute("meta[name=csrf-token]", "content")
    body = {"rules": "riichi", "level": "easy", "turn_seconds": None, "options": {}}
    answer = page.request.post(f"{server.url}/api/rooms", data=body, headers={"X-CSRF-Token": csrf})
    assert answer.status == 201, answer.text()
    return server.url + answer.json()["link"]


def sit(page: Page, link: str, name: str, chair: int) -> None:
    page.goto(link)
    wait_status(page, "open")
    page.fill("#name", name)
    page.click(f"#chairs li[data-chair='{chair}'] button.sit")
    page.wait_for_selector(f"#chairs li.mine[data-chair='{chair}']")


def shown(page: Page) -> dict[str, str]:
    return page.evaluate("({...document.getElementById('game').dataset})")


def discard_by_clicking(page: Page) -> str:
    """Choose the first tile that may go and click it again: the tile discarded."""
    page.wait_for_selector("#game[data-asked=true][data-busy=false]")
    if page.locator("#actions button[data-action=pass]").count():
        version = int(shown(page)["version"])
        page.click("#actions button[data-action=pass]")  # (a claim first: no call, then the turn)
        page.wait_for_function(f"Number(document.getElementById('game').dataset.version) > {version}")
        page.wait_for_selector("#game[data-asked=true][data-busy=false]")
    tile = page.locator("#hand .tile:not([disabled])").first
    code = tile.get_attribute("data-tile")
    version = int(shown(page)["version"])
    tile.click()
    page.wait_for_selector(f"#hand .tile.selected[data-tile='{code}']")
    page.locator("#hand .tile.selected").click()
    page.wait_for_function(
        "(() => { const g = document.getElementById('game');"
        f" return Number(g.dataset.version) > {version} && g.dataset.busy !== 'true'; }})()"
    )
    return code


def concealed_in(frame: dict[str, Any]) -> list[str]:
    """What a spectator's message of the live connection gives away of anyone's concealed tiles."""
    leaks = []
    if frame.get("observation") is not None or frame.get("asked") is not None:
        leaks.append("an observation or a question")
    family = frame.get("family") or {}
    if "hand" in family or "drawn" in family or any("hand" in seat for seat in family.get("seats", [])):
        leaks.append(f"a hand in the family's view: {family}")
    events = [n["event"] for n in frame.get("events", [])]
    over = bool(frame.get("hand_over"))
    for event in events:
        if event.get("event") == "deal" and any(event.get("hands", {}).values()) and not over:
            leaks.append(f"a deal: {event}")
        if event.get("event") == "draw" and event.get("tile") is not None:
            leaks.append(f"a draw: {event}")
    return leaks


def test_two_people_and_a_spectator_in_a_riichi_room(browser, tmp_path):
    server = Server(tmp_path / "data").start()
    ann, bob = Person(browser, "desktop"), Person(browser, "phone")
    spectator = Person(browser, "phone")
    try:
        link = new_room(ann.page, server)
        sit(ann.page, link, "Ann", 0)
        sit(bob.page, link, "Bob", 1)
        spectator.page.goto(link)
        wait_status(spectator.page, "open")
        assert not spectator.page.is_visible("#start-room")
        assert not bob.page.is_visible("#start-room")  # only the host starts
        ann.page.wait_for_selector("#chairs li[data-chair='1'].taken")
        assert ann.page.inner_text("#chairs li[data-chair='0'] .who") == "Ann (you)"
        snap_both(bob.page, "riichi-room-invitation")

        ann.page.click("#start-room")
        for person in (ann, bob, spectator):
            wait_status(person.page, "playing")
            person.page.wait_for_selector("#game[data-hand='1']")
        # Ann sits East (chair 0 deals first): her hand below, Bob on her right, the computer across
        # and on her left; her own name marked, the computer's by level.
        page = ann.page
        assert page.locator("script[src$='/room.js']").count() == 1  # the one room page
        assert page.inner_text("#seat-me .name") == "You"
        assert page.inner_text("#seat-right .name") == "Bob"
        assert page.inner_text("#seat-top .name") == "Easy 1"
        assert page.get_attribute("#seat-me", "data-seat") == "E"
        # The family panel: one dora indicator, no honba or sticks; the four scores.
        assert page.locator("#center [data-testid=dora-indicators] .tile").count() == 1
        assert page.inner_text("#center [data-testid=sticks]").split() == ["0", "0"]
        assert page.locator("[data-testid=score-chip]").all_inner_texts() == ["25,000"] * 4
        assert page.locator("#hand .tile").count() == 14
        assert "Ann (you)" in page.inner_text("#people")
        assert shown(bob.page)["asked"] == "false"
        snap_both(page, "riichi-room-dealer")

        # Ann discards by clicking a tile twice: Bob's page shows it live, in the river on his left.
        tile = discard_by_clicking(page)
        assert page.locator(f"#pond-me .tile[data-tile='{tile}']").count() == 1
        bob.page.wait_for_selector(f"#pond-left .tile[data-tile='{tile}']")
        assert bob.page.inner_text("#seat-left .name") == "Ann"
        assert bob.page.inner_text("#seat-me .name") == "You"
        spectator.page.wait_for_selector(f"#pond-me .tile[data-tile='{tile}']")
        # Bob's turn comes (the computer never sits between them): he discards the same way.
        theirs = discard_by_clicking(bob.page)
        ann.page.wait_for_selector(f"#pond-right .tile[data-tile='{theirs}']")
        spectator.page.wait_for_selector(f"#pond-right .tile[data-tile='{theirs}']")
        assert bob.page.locator("#log li").count() >= 2
        snap_both(bob.page, "riichi-room-live")

        # The spectator: chair 0's side, every seat's tiles as backs (the bottom one too), no hand, no
        # buttons, no tile but the discards, the sets and the dora indicators.
        watch = spectator.page
        watch.wait_for_function(
            f"Number(document.getElementById('game').dataset.version) >= {shown(ann.page)['version']}"
        )
        assert watch.is_visible("#spectating")
        assert shown(watch)["asked"] == "false"
        assert watch.inner_text("#seat-me .name") == "Ann"
        assert watch.locator("#hand .tile").count() == 0 and not watch.is_visible("#hand")
        assert watch.locator("#actions button").count() == 0
        assert watch.locator("#seat-me .tiles.backs .tile.back").count() in (13, 14)
        assert watch.locator(".revealed-hand").count() == 0
        faces = watch.eval_on_selector_all(
            ".tile:not(.back)", "ts => ts.filter(t => !t.closest('.pond, .meld, .dora')).length"
        )
        assert faces == 0
        assert "Spectating" in watch.inner_text("#status")
        # The family's public view is the spectator's too: the dora indicator, the sticks.
        assert watch.locator("#center [data-testid=dora-indicators] .tile").count() == 1
        assert watch.locator("#center [data-testid=sticks]").count() == 1
        snap_both(watch, "riichi-room-spectator")
        views = [frame for frame in spectator.frames if frame.get("type") == "view"]
        assert views and any(frame.get("family") for frame in views)
        for frame in views:
            assert not concealed_in(frame), concealed_in(frame)

        for person in (ann, bob, spectator):
            assert not person.errors, person.errors
    finally:
        for person in (ann, bob, spectator):
            person.context.close()
        server.stop()
