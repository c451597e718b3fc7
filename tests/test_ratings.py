"""Ratings between people: four signed-in players finish a room match and each rating moves once, in
the history of "Your games" and on the profile; what counts for nobody (a computer player or a guest
in a chair, unranked options, no hand finished); leaving and abandoning (placed last, never saved);
one account in two chairs; and a match that two requests finish at once counts once."""

from __future__ import annotations

import random
import threading

import pytest
from sqlalchemy import func, select

import sparrow.web.rooms as rooms_module
from sparrow.rules import families
from sparrow.store.ratings import RatedSeat, rating_changes
from sparrow.web.ratings import new_ratings
from tests.web_support import BACKENDS, Player, database_url, make_app, plain, winning_line


@pytest.fixture(params=BACKENDS)
def app(request, tmp_path_factory):
    for url in database_url(request.param, tmp_path_factory):
        application = make_app(url)
        application.state.rooms.actions_per_second = 10_000  # a test plays faster than people
        yield application
        application.state.store.close()


def people(app, names: list[str]) -> dict[str, Player]:
    players = {}
    for name in names:
        player = Player(app)
        assert player.sign_up(name).status_code == 201
        players[name] = player
    return players


def seat_everyone(host: Player, players: dict[str, Player | None], **body) -> str:
    """A room hosted by ``host``; ``players`` sit in order (None: the chair is left to a computer player)."""
    room = host.new_room(**body)
    for chair, (name, player) in enumerate(players.items()):
        if player is not None:
            player.sit(room, chair, name)
    answer = host.post(f"/api/rooms/{room['id']}/start")
    assert answer.status_code == 200, answer.text
    return room["id"]


def play(players: dict[str, Player], room_id: str, seed: int = 1, hands: int | None = None) -> dict:
    """The people here answer what they are asked (a win when offered, else a seeded choice) and
    deal the next hand, until the match ends, or ``hands`` hands are over; the last view."""
    rng = random.Random(seed)
    here = {name: p for name, p in players.items() if p is not None}
    while True:
        views = {name: p.get(f"/api/rooms/{room_id}").json() for name, p in here.items()}
        view = next(iter(views.values()))
        if view["status"] != "playing":
            return view
        if view["hand_over"]:
            done = len(app_results(views))
            if hands is not None and done >= hands:
                return view
            name = next(iter(here))
            assert here[name].post(f"/api/rooms/{room_id}/next").status_code == 200
            continue
        name, mine = next((n, v) for n, v in views.items() if v["asked"])
        wins = [a for a in mine["asked"] if a["action"] == "win"]
        action = plain(wins[0] if wins else rng.choice(mine["asked"]))
        answer = here[name].post(f"/api/rooms/{room_id}/actions", action | {"seen": mine["event_count"]})
        assert answer.status_code == 200, answer.text


def app_results(views: dict) -> list:
    """The hands over so far, as a view's events count them."""
    view = next(iter(views.values()))
    return [e for e in view["events"] if e["event"]["event"] == "hand_end"]


def my_room(player: Player, room_id: str) -> dict:
    return next(room for room in player.get("/api/rooms").json() if room["id"] == room_id)


def changes_of(app, room_id: str) -> int:
    with app.state.store.engine.connect() as db:
        query = select(func.count()).select_from(rating_changes).where(rating_changes.c.match_id == room_id)
        return db.execute(query).scalar_one()


NAMES = ["Ann", "Bob", "Cas", "Dee"]


def test_four_people_finish_a_match_and_each_rating_moves_once(app):
    players = people(app, NAMES)
    room_id = seat_everyone(players["Ann"], players)  # casual: a match of one hand
    view = play(players, room_id)
    assert view["status"] == "over" and view["match_over"]
    assert changes_of(app, room_id) == 4
    seen = {name: my_room(player, room_id)["rating"] for name, player in players.items()}
    assert sorted(change["place"] for change in seen.values()) == [1, 2, 3, 4]
    for change in seen.values():
        assert change["seats"] == 4 and not change["left"] and change["rating_before"] == 1000
        assert change["change"] == change["rating_after"] - change["rating_before"]
    by_place = sorted(seen.values(), key=lambda change: change["place"])
    assert by_place[0]["change"] > by_place[-1]["change"]  # the winner gains more than the last
    # The places are the match's: its standings, first to last.
    result = players["Ann"].get(f"/api/rooms/{room_id}/result").json()
    order = [row["name"] for row in result["standings"]]
    assert [name for name, _ in sorted(seen.items(), key=lambda item: item[1]["place"])] == order
    # The profile: one rated match in the family, its history a point, the same change.
    first = order[0]
    profile = players["Bob"].get(f"/api/players/{first}/ratings").json()
    (family,) = profile["families"]
    assert family["rules"] == "casual" and family["matches"] == 1 and family["rank"] is None
    assert family["rating"] == seen[first]["rating_after"]
    assert [point["change"] for point in family["history"]] == [seen[first]["change"]]
    # Not on the leaderboard between people yet: it asks for more matches, and says how many.
    board = players["Bob"].get("/api/ratings", params={"rules": "casual"}).json()
    assert board["minimum"] >= 2 and board["players"] == []
    everyone = players["Bob"].get("/api/ratings", params={"rules": "casual", "minimum": 1}).json()
    assert [row["username"] for row in everyone["players"]][0] == first
    assert sorted(row["username"] for row in everyone["players"]) == sorted(NAMES)


def test_the_finishing_path_twice_and_at_once_changes_a_rating_once(app):
    players = people(app, NAMES)
    room_id = seat_everyone(players["Ann"], players)
    play(players, room_id)
    store = app.state.store
    users = {name: store.user_by_name(name).id for name in NAMES}
    before = {name: store.ratings_of(user)["casual"] for name, user in users.items()}
    seats = [RatedSeat(users[name], place) for place, name in enumerate(NAMES, start=1)]

    def again() -> bool:
        return store.rate_match(room_id, "casual", seats, lambda current: new_ratings("casual", seats, current))

    assert again() is False  # the room's own end rated it: a second finish changes nothing
    # A new match finished by eight requests at once: one of them rates it.
    answers = []
    seats = [RatedSeat(users[name], place) for place, name in enumerate(reversed(NAMES), start=1)]

    def finish() -> None:
        answers.append(
            store.rate_match("twice", "casual", seats, lambda current: new_ratings("casual", seats, current))
        )

    threads = [threading.Thread(target=finish) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [False] * 7 + [True]
    assert changes_of(app, "twice") == 4
    for name, user in users.items():
        after = store.ratings_of(user)["casual"]
        assert after.matches == before[name].matches + 1
        change = store.rating_changes_of(user, ["twice"])["twice"]
        assert (change.before.mu, change.before.sigma) == (before[name].mu, before[name].sigma)
        assert (change.after.mu, change.after.sigma) == (after.mu, after.sigma)


def test_a_computer_player_or_a_guest_in_a_chair_counts_for_nobody(app):
    players = people(app, NAMES[:3])
    with_a_bot = seat_everyone(players["Ann"], {**players, "Normal": None})
    play(players, with_a_bot)
    guest = Player(app)
    with_a_guest = seat_everyone(players["Ann"], {**players, "Gus": guest})
    view = play({**players, "Gus": guest}, with_a_guest)
    assert view["status"] == "over"
    assert changes_of(app, with_a_bot) == changes_of(app, with_a_guest) == 0
    assert my_room(players["Ann"], with_a_bot)["rating"] is None
    assert players["Ann"].get("/api/players/Ann/ratings").json()["families"] == []


def test_unranked_options_count_for_nobody_and_an_abandoned_match_counts_as_it_stood(app):
    players = people(app, NAMES)
    # HKOS with a lower minimum: easier wins, unranked. Everyone leaves after the first hand.
    unranked = seat_everyone(players["Ann"], players, rules="hkos", options={"minimum": 0, "short_match": True})
    play(players, unranked, hands=1)
    for player in players.values():
        player.post(f"/api/rooms/{unranked}/away")
    assert players["Ann"].get(f"/api/rooms/{unranked}").json()["status"] == "abandoned"
    assert changes_of(app, unranked) == 0
    # The same with ranked options: abandoning does not save a rating; everyone left, by points.
    ranked = seat_everyone(players["Ann"], players, rules="hkos", options={"short_match": True})
    play(players, ranked, hands=1)
    for player in players.values():
        player.post(f"/api/rooms/{ranked}/away")
    assert players["Ann"].get(f"/api/rooms/{ranked}").json()["status"] == "abandoned"
    assert changes_of(app, ranked) == 4
    assert all(my_room(player, ranked)["rating"]["left"] for player in players.values())


def test_a_room_closed_for_idleness_counts_once_a_hand_was_over_and_the_one_waited_for_is_last(app, monkeypatch):
    players = people(app, NAMES)

    def close_for_idleness(room_id: str) -> None:
        with monkeypatch.context() as patch:
            patch.setattr(rooms_module, "IDLE_SECONDS", -1.0)  # the room has been idle too long
            app.state.rooms.tick(room_id)

    early = seat_everyone(players["Ann"], players, rules="hkos", options={"short_match": True})
    close_for_idleness(early)
    assert players["Ann"].get(f"/api/rooms/{early}").json()["status"] == "abandoned"
    assert changes_of(app, early) == 0  # not one hand was over: nothing counts
    later = seat_everyone(players["Ann"], players, rules="hkos", options={"short_match": True})
    play(players, later, hands=1)
    answer = players["Ann"].post(f"/api/rooms/{later}/next")
    assert answer.status_code == 200, answer.text
    # The next hand is dealt: somebody is asked, and walks away without a word.
    waited_for = next(name for name, p in players.items() if p.get(f"/api/rooms/{later}").json()["asked"])
    close_for_idleness(later)
    assert players["Ann"].get(f"/api/rooms/{later}").json()["status"] == "abandoned"
    assert changes_of(app, later) == 4
    rating = my_room(players[waited_for], later)["rating"]
    assert rating["place"] == 4 and rating["left"]


def test_a_player_who_leaves_is_placed_last(app):
    players = people(app, NAMES)
    room_id = seat_everyone(players["Ann"], players)
    assert players["Dee"].post(f"/api/rooms/{room_id}/away").status_code == 200
    stayed = {name: p for name, p in players.items() if name != "Dee"}
    assert play(stayed, room_id)["status"] == "over"
    dee = my_room(players["Dee"], room_id)["rating"]
    assert dee["place"] == 4 and dee["left"]
    assert sorted(my_room(p, room_id)["rating"]["place"] for p in stayed.values()) == [1, 2, 3]


def test_a_chair_the_host_hands_over_is_not_placed_last_for_it(app):
    # The host hands Dee's chair to a computer player while Dee is there: Dee did not leave, so Dee
    # is placed by the points (a host could otherwise send a leading player to the bottom).
    players = people(app, NAMES)
    # The deal of seed 1 (the app's rooms are dealt at random otherwise, and the last line needs a
    # known deal); the app is shared with the other tests, so its seeds are given back at once.
    app.state.rooms.seeds, before = iter([1]), app.state.rooms.seeds
    try:
        room_id = seat_everyone(players["Ann"], players)
    finally:
        app.state.rooms.seeds = before
    assert players["Ann"].post(f"/api/rooms/{room_id}/stand-in", {"chair": 3}).status_code == 200
    stayed = {name: p for name, p in players.items() if name != "Dee"}
    view = play(stayed, room_id)
    assert view["status"] == "over"
    places = {name: my_room(p, room_id)["rating"] for name, p in players.items()}
    assert not places["Dee"]["left"] and sorted(r["place"] for r in places.values()) == [1, 2, 3, 4]
    # On seed 1 Dee's stand-in ends ahead of everyone: first, where counting Dee as gone made it last.
    assert places["Dee"]["place"] == 1


def test_one_account_takes_one_chair(app):
    (ann,) = people(app, ["Ann"]).values()
    room = ann.new_room()
    ann.sit(room, 0, "Ann")
    other_device = Player(app)
    assert other_device.log_in("Ann").status_code == 200
    answer = other_device.post(f"/api/rooms/{room['id']}/chair", {"chair": 1, "name": "Ann two"})
    assert answer.status_code == 409
    assert answer.json()["detail"] == "You sit at this table already, from another device: one chair an account."


@pytest.mark.parametrize("level", ["expert"])
def test_a_won_hand_against_the_computer_reaches_the_computer_leaderboard_in_every_family(app, level):
    player = Player(app)
    assert player.sign_up("Vic").status_code == 201
    points = {"easy": 10, "normal": 30, "expert": 100}[level]
    offered = [family.name for family in families() if family.play_label]
    for rules in offered:
        seed, line = winning_line(rules, level)
        app.state.games.seeds = iter([seed])
        view = player.new_game(rules=rules, level=level)
        for action in line:
            view = player.act(view["id"], action | {"version": view["version"]}).json()
        assert view["seat"] in [view["result"]["winner"], *view["result"].get("other_winners", [])]
    app.state.games.seeds = None
    (mine,) = [row for row in player.get("/api/leaderboard").json() if row["username"] == "Vic"]
    assert mine["wins"] == len(offered) and mine["points"] == points * len(offered)


def test_the_api_refuses_bad_input_with_a_sentence_and_the_account_takes_its_ratings_along(app):
    players = people(app, NAMES)
    room_id = seat_everyone(players["Ann"], players)
    play(players, room_id)
    ann = players["Ann"]
    missing = ann.get("/api/players/Nobody/ratings")
    assert missing.status_code == 404 and missing.json()["detail"] == "There is no player of that name."
    unknown = ann.get("/api/ratings", params={"rules": "chess"})
    assert unknown.status_code == 422 and unknown.json()["detail"].startswith("There are no rules of that name")
    assert ann.get("/api/ratings", params={"rules": "casual", "minimum": 0}).status_code == 422
    # The export holds the ratings and each match's change; deleting the account deletes them.
    export = ann.get("/api/account/export").json()
    assert [row["rules"] for row in export["ratings"]] == ["casual"]
    assert [row["match_id"] for row in export["rating_changes"]] == [room_id]
    answer = ann.send("DELETE", "/api/account", {"password": "correct horse"})
    assert answer.status_code == 204, answer.text
    assert changes_of(app, room_id) == 3
    assert players["Bob"].get("/api/players/Ann/ratings").status_code == 404
    board = players["Bob"].get("/api/ratings", params={"rules": "casual", "minimum": 1}).json()
    assert sorted(row["username"] for row in board["players"]) == ["Bob", "Cas", "Dee"]


def test_two_servers_taking_the_last_decisions_at_once_rate_the_match_once(app):
    """Every decision of a match is sent twice at the same moment, through two apps on one database
    (two server processes): one is taken, the other refused or taken on the room as saved; the match
    that ends so is rated once."""
    other = make_app(app.state.store.url)
    other.state.rooms.actions_per_second = 10_000
    try:
        players = people(app, NAMES)
        room_id = seat_everyone(players["Ann"], players)
        twins = {}
        for name, player in players.items():
            twin = Player(other)
            twin.client.cookies = player.client.cookies
            twin.csrf = player.csrf
            twins[name] = twin
        rng = random.Random(3)
        while True:
            views = {name: p.get(f"/api/rooms/{room_id}").json() for name, p in players.items()}
            if next(iter(views.values()))["status"] != "playing":
                break
            name, mine = next((n, v) for n, v in views.items() if v["asked"])
            wins = [a for a in mine["asked"] if a["action"] == "win"]
            action = plain(wins[0] if wins else rng.choice(mine["asked"])) | {"seen": mine["event_count"]}
            answers = []
            barrier = threading.Barrier(2)

            def send(client: Player, action=action, barrier=barrier, answers=answers) -> None:
                barrier.wait()
                answers.append(client.post(f"/api/rooms/{room_id}/actions", action).status_code)

            threads = [threading.Thread(target=send, args=(c,)) for c in (players[name], twins[name])]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert 200 in answers and set(answers) <= {200, 409}, answers
        assert changes_of(app, room_id) == 4
        for name, player in players.items():
            rating = my_room(player, room_id)["rating"]
            user = app.state.store.user_by_name(name).id
            assert app.state.store.ratings_of(user)["casual"].matches == 1
            assert rating["rating_after"] - rating["rating_before"] == rating["change"]
    finally:
        other.state.store.close()
