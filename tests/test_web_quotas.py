"""Creation quotas (``sparrow.web.quotas``): games in progress, rooms and score sheets, counted by
session (or account) and by client address, refused with a 429 that names the limit. Through the
HTTP API, on SQLite and PostgreSQL; the defaults first, then smaller limits set for a test."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text

from sparrow.web.app import create_app
from sparrow.web.quotas import ENVIRONMENT, Quotas
from tests.web_support import BACKENDS, QUOTAS_VARIABLE, Player, database_url

SHEET = {"rules": "hkos", "players": ["Alice", "Ben", "Cara", "Dev"]}


@pytest.fixture(scope="module", params=BACKENDS)
def url(request, tmp_path_factory):
    yield from database_url(request.param, tmp_path_factory)


@pytest.fixture(scope="module")
def app(url):
    application = create_app(url)
    yield application
    application.state.store.close()


Visitor = Player  # a session of its own, on the client address given


def refusal(answer: Any) -> str:
    assert answer.status_code == 429, answer.text
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and detail.endswith(".")
    return detail


def waits(answer: Any) -> int:
    return int(answer.headers["Retry-After"])


# ---------------------------------------------------------------------------- the defaults


def test_a_session_has_at_most_ten_games_in_progress(app):
    player = Visitor(app, "192.0.2.1")
    for _ in range(10):
        assert player.post("/api/games", {"rules": "casual"}).status_code == 201
    answer = player.post("/api/games", {"rules": "casual"})
    detail = refusal(answer)
    assert "10 games in progress" in detail and "Retry-After" not in answer.headers  # waiting does not help
    # Another session on the same address is not held back by this one's games.
    assert Visitor(app, "192.0.2.1").post("/api/games", {"rules": "casual"}).status_code == 201


def test_new_sessions_do_not_escape_the_address_limit_on_games(app):
    """A guest can make new sessions at will: the address's count is what holds."""
    created = [Visitor(app, "192.0.2.2").post("/api/games", {"rules": "casual"}).status_code for _ in range(60)]
    assert created == [201] * 60
    answer = Visitor(app, "192.0.2.2").post("/api/games", {"rules": "casual"})
    assert "60 new games an hour from one address" in refusal(answer)
    assert 0 < waits(answer) <= 3600
    assert Visitor(app, "192.0.2.3").post("/api/games", {"rules": "casual"}).status_code == 201


def test_a_session_hosts_at_most_five_open_rooms_and_an_address_twenty_new_an_hour(app):
    host = Visitor(app, "192.0.2.4")
    for _ in range(5):
        assert host.post("/api/rooms", {"rules": "casual"}).status_code == 201
    answer = host.post("/api/rooms", {"rules": "casual"})
    assert "5 open rooms" in refusal(answer) and "Retry-After" not in answer.headers
    for _ in range(15):  # other sessions of the address: 20 rooms in all
        assert Visitor(app, "192.0.2.4").post("/api/rooms", {"rules": "casual"}).status_code == 201
    answer = Visitor(app, "192.0.2.4").post("/api/rooms", {"rules": "casual"})
    assert "20 new rooms an hour from one address" in refusal(answer) and waits(answer) > 0


def test_a_session_makes_at_most_thirty_sheets_an_hour(app):
    keeper = Visitor(app, "192.0.2.5")
    for _ in range(30):
        assert keeper.post("/api/sheets", SHEET).status_code == 201
    answer = keeper.post("/api/sheets", SHEET)
    assert "30 score sheets in the last hour" in refusal(answer)
    assert 0 < waits(answer) <= 3600
    exported = Visitor(app, "192.0.2.6").post("/api/sheets", SHEET).json()
    assert keeper.post("/api/sheets/import", exported).status_code == 429  # an import is a new sheet too


def test_new_sessions_do_not_escape_the_address_limit_on_sheets(app):
    for _ in range(30):
        visitor = Visitor(app, "192.0.2.7")
        assert [visitor.post("/api/sheets", SHEET).status_code for _ in range(2)] == [201, 201]
    answer = Visitor(app, "192.0.2.7").post("/api/sheets", SHEET)
    assert "60 new score sheets an hour from one address" in refusal(answer) and waits(answer) > 0


# ---------------------------------------------------------------------------- limits set for a test


@pytest.fixture(scope="module")
def small(url):
    limits = Quotas(games_in_progress=2, games_per_address=4, rooms_open=1, rooms_per_address=2)
    application = create_app(url, quotas=limits)
    yield application
    application.state.store.close()


def test_an_account_counts_the_games_of_all_its_sessions(small):
    phone = Visitor(small, "198.51.100.1")
    assert phone.sign_up("quota_owner").status_code == 201
    assert phone.post("/api/games", {"rules": "casual"}).status_code == 201
    laptop = Visitor(small, "198.51.100.2")
    assert laptop.log_in("quota_owner").status_code == 200
    assert laptop.post("/api/games", {"rules": "casual"}).status_code == 201
    assert "2 games in progress" in refusal(laptop.post("/api/games", {"rules": "casual"}))
    assert "2 games in progress" in refusal(phone.post("/api/games", {"rules": "casual"}))


def test_a_refused_request_is_not_a_new_game(small):
    """A body the server refuses (422) is counted against nothing."""
    visitor = Visitor(small, "198.51.100.3")
    for _ in range(6):
        assert visitor.post("/api/games", {"rules": "no such rules"}).status_code == 422
    assert visitor.post("/api/games", {"rules": "casual"}).status_code == 201


def test_ipv6_addresses_of_one_network_share_a_count(small):
    """An IPv6 client picks its address from a /64 at will: the /64 is what is counted."""
    answers = [Visitor(small, f"2001:db8:1:2::{n}").post("/api/rooms", {}).status_code for n in range(1, 4)]
    assert answers == [201, 201, 429]
    assert Visitor(small, "2001:db8:1:3::1").post("/api/rooms", {}).status_code == 201


def test_new_guests_from_one_address_are_bounded_before_any_row_is_written(url):
    """A refused creation must not leave a stored guest behind: the guests an address stores an hour
    are counted at the guest's first change, before its session row is written."""
    application = create_app(url, quotas=Quotas(guests_per_address=3))
    try:
        sessions = application.state.store.engine
        before = _session_rows(sessions)
        answers = [Visitor(application, "203.0.113.9").post("/api/games", {"rules": "casual"}) for _ in range(4)]
        assert [answer.status_code for answer in answers] == [201, 201, 201, 429]
        assert "3 new guest sessions an hour from one address" in refusal(answers[-1])
        assert _session_rows(sessions) == before + 3
        assert Visitor(application, "203.0.113.10").post("/api/games", {"rules": "casual"}).status_code == 201
    finally:
        application.state.store.close()


def _session_rows(engine: Any) -> int:
    with engine.connect() as db:
        return db.execute(text("SELECT count(*) FROM sessions")).scalar_one()


def test_quotas_from_the_environment():
    limits = Quotas.parse("games_in_progress=3, sheets_per_address=1000")
    assert (limits.games_in_progress, limits.sheets_per_address) == (3, 1000)
    assert limits.rooms_open == Quotas().rooms_open
    assert Quotas.parse("off") == Quotas(0, 0, 0, 0, 0, 0, 0)
    for bad in ("games=3", "games_in_progress=-1", "games_in_progress", "rooms_open=x"):
        with pytest.raises(ValueError):
            Quotas.parse(bad)
    assert QUOTAS_VARIABLE == ENVIRONMENT  # the name the test servers and benches set
