"""The rating pages in a real browser (Playwright, Debian's Chromium), at 360 px and desktop size, in
English and Dutch: the profile with its chart of the rating after each match and its rank, the
leaderboard of people of a family with its minimum said, "Your games with people" with the change each
match made, and the computer leaderboard saying what it counts. The matches are rated through the
store's finishing call (``Store.rate_match``, as a room's end calls it), with rooms stored as over."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from sparrow.store import Store, sqlite_url
from sparrow.store.ratings import RatedSeat
from sparrow.web.ratings import MINIMUM_MATCHES, new_ratings
from tests.web_support import Server

pytestmark = pytest.mark.slow

SHOTS = Path(os.environ.get("SPARROW_SHOTS", "/tmp/ratings-shots"))
SIZES = {"phone": {"width": 360, "height": 780}, "desktop": {"width": 1280, "height": 800}}
OTHERS = ["Haru", "Ilse", "Joost", "Mei", "Noor", "Pim"]
MATCHES = 12


@pytest.fixture(scope="module")
def rated(tmp_path_factory):
    """A server whose database holds Kaede's account (the browser signs in as her) and twelve Riichi
    room matches of hers, over and rated, and enough for six others to be on the leaderboard."""
    data = tmp_path_factory.mktemp("ratings-data")
    server = Server(data).start()
    store = Store(sqlite_url(data))
    try:
        hashed = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1).hash("a long secret")
        users = {"Kaede": store.create_user("Kaede", hashed).id}
        for name in OTHERS:
            users[name] = store.create_user(name, "not a password hash").id
        rng = random.Random(7)
        for number in range(MATCHES):
            table = ["Kaede", *rng.sample(OTHERS, 3)]
            rng.shuffle(table)
            record = store.create_room(f"room{number}", "host", "riichi", {}, "normal", None, number, 4)
            chairs = [{"name": name, "session": f"s-{name}", "user": users[name]} for name in table]
            store.save_room(record, chairs=chairs, status="over")
            seats = [RatedSeat(users[name], place) for place, name in enumerate(table, start=1)]
            assert store.rate_match(record.id, "riichi", seats, lambda now, s=seats: new_ratings("riichi", s, now))
        yield server
    finally:
        store.close()
        server.stop()


def shoot(page, name: str) -> None:
    """Check the page fits the width at both sizes and photograph it."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"{name} is {width}px wide on a {viewport['width']}px screen"


def sign_in(browser, base: str, lang: str):
    context = browser.new_context(viewport=SIZES["desktop"])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base}/signin?lang={lang}")
    page.fill("#username", "Kaede")
    page.fill("#password", "a long secret")
    page.click("#submit")
    page.wait_for_url(base + "/")
    return page, errors


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_profile_the_leaderboard_and_your_games_show_the_ratings(browser, rated, lang):
    base = rated.url
    page, errors = sign_in(browser, base, lang)
    # Your games with people: each match with its place and the change it made, and the rank.
    games = page.locator("[data-testid=room-game]")
    assert games.count() == 10  # the latest ten
    first = games.first.inner_text()
    assert ("rating " in first) and ("van 4" if lang == "nl" else "of 4") in first
    assert page.locator("[data-testid=room-rank]").count() == 10
    shoot(page, f"your-games-{lang}")
    # The profile: rating, matches, rank, the chart of the rating after each match.
    page.click("a[href='/players/Kaede']")
    page.wait_for_url(base + "/players/Kaede")
    family = page.locator("[data-testid=rating-riichi]")
    assert family.locator("[data-testid=rating-matches]").inner_text() == str(MATCHES)
    rank = family.locator("[data-testid=rating-rank]").inner_text()
    assert rank.endswith("kyu") or rank.endswith("dan")
    points = family.locator("[data-testid=rating-chart] polyline").get_attribute("points")
    assert len(points.split()) == MATCHES + 1  # the start, then after each match
    assert family.locator("[data-testid=rating-history] tbody tr").count() == 10
    assert ("Graad" if lang == "nl" else "Ladder rank") in family.inner_text()
    shoot(page, f"profile-{lang}")
    # The leaderboard of people in Riichi: the minimum said, Kaede and the others who played enough.
    page.goto(base + "/ratings?rules=riichi")
    minimum = page.inner_text("[data-testid=rating-minimum]")
    assert str(MINIMUM_MATCHES) in minimum
    rows = page.locator("[data-testid=rating-board] tbody tr")
    assert rows.count() >= 2 and "Kaede" in page.inner_text("[data-testid=rating-board]")
    shoot(page, f"ratings-{lang}")
    # A family nobody played between people: the board says so.
    page.goto(base + "/ratings?rules=casual")
    assert page.locator("[data-testid=rating-board-empty]").count() == 1
    # The computer leaderboard says what it counts.
    page.goto(base + "/leaderboard")
    rule = page.inner_text("[data-testid=leaderboard-rule]")
    assert "Riichi" in rule and ("+30" in rule)
    shoot(page, f"leaderboard-{lang}")
    # The rooms' lobby says what counts, and marks the choices that leave a room's match unrated.
    page.goto(base + "/rooms")
    assert "/ratings" in page.inner_html("[data-testid=rooms-rating-rule]")
    page.select_option("#rules", "hkos")
    unranked = "telt niet voor de ranglijst" if lang == "nl" else "unranked"
    assert unranked in page.inner_text("fieldset.match-choices[data-rules=hkos]")
    shoot(page, f"rooms-{lang}")
    assert errors == []
