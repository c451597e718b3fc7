"""What the game table needs from the API beyond the contract's GameView: match choices, the final
standings and the hands' summary, the match's finish in "Your games", every scored hand's card, the
winning tile and bonus tiles, and a refused win explained (issue: the game table as a player expects)."""

from __future__ import annotations

import random

import pytest

from sparrow.bots import get_bot
from sparrow.i18n import translate, translate_result
from sparrow.play.table import Table
from tests.web_support import Player, make_app, plain, winning_line


@pytest.fixture
def seeded(tmp_path):
    """An app whose games take their seeds from the list the test gives."""
    seeds: list[int] = []
    application = make_app(f"sqlite:///{tmp_path / 'games.db'}", seeds=iter(lambda: seeds.pop(0) if seeds else 1, None))
    yield application, seeds
    application.state.store.close()


def play_match(player: Player, view: dict, rng: random.Random) -> dict:
    """Random legal actions, hand after hand, until the match is over."""
    while not view["match_over"]:
        if view["hand_over"]:
            answer = player.post(f"/api/games/{view['id']}/next")
        else:
            action = plain(rng.choice(view["observation"]["legal_actions"]))
            answer = player.act(view["id"], action | {"version": view["version"]})
        assert answer.status_code == 200, answer.text
        view = answer.json()
    return view


@pytest.mark.parametrize(
    ("rules", "options", "hands"),
    [("casual", {"hands": 4}, 4), ("casual", {}, 1), ("chinese", {"short_match": True}, 4)],
)
def test_the_match_length_is_chosen_and_ends_in_standings_and_a_summary_of_every_hand(seeded, rules, options, hands):
    app, seeds = seeded
    seeds.append(77)
    player = Player(app)
    view = player.new_game(rules=rules, level="easy", options=options)
    assert view["options"] == options and view["ranked"]  # a shorter match still counts
    view = play_match(player, view, random.Random(5))
    result = view["result"]
    history, standings = result["history"], result["standings"]
    assert [line["number"] for line in history] == list(range(1, hands + 1))
    names = set(view["observation"]["players"].values())
    assert {row["name"] for row in standings} == names
    totals = [row["total"] for row in standings]
    assert totals == sorted(totals, reverse=True)
    assert [row["rank"] for row in standings][0] == 1
    by_name = {row["name"]: row for row in standings}
    for seat, name in view["observation"]["players"].items():
        assert by_name[name]["total"] == result["totals"][seat]
        assert by_name[name]["seat"] == seat
        assert by_name[name]["total"] == sum(line["payments"][name] for line in history)
        assert by_name[name]["hands_won"] == sum(line["winner"] == name for line in history)
        assert by_name[name]["points"] == 0  # a guest earns no leaderboard points
    listed = {game["id"]: game for game in player.get("/api/games").json()}[view["id"]]
    you = by_name["You"]
    drawn = all(row["rank"] == 1 for row in standings)  # every player on one total: a drawn match
    assert listed["finish"] == {
        "rank": you["rank"],
        "of": 4,
        "total": you["total"],
        "hands_won": you["hands_won"],
        "drawn": drawn,
    }
    assert listed["created_at"] <= listed["updated_at"]


def test_a_signed_in_winner_sees_the_leaderboard_points_the_match_earned(seeded):
    app, seeds = seeded
    player = Player(app)
    assert player.sign_up(f"w{random.randrange(10**9)}").status_code == 201
    seed, actions = winning_line("casual", "easy")  # a one-hand casual match the human wins
    seeds.append(seed)
    view = player.new_game(rules="casual", level="easy")
    for action in actions:
        view = player.act(view["id"], action).json()
    assert view["match_over"]
    you = next(row for row in view["result"]["standings"] if row["name"] == "You")
    assert you["hands_won"] == 1 and you["points"] == 10 and you["rank"] == 1
    assert player.get("/api/session").json()["user"]["points"] == 10


def test_a_win_below_the_minimum_is_explained_where_the_button_would_be(seeded):
    app, seeds = seeded
    # Played in Python first: an Easy bot in the human's chair reaches, on seed 9, a discard that
    # completes its HKOS hand for 2 faan: no win is offered.
    table = Table("hkos", "easy", 9)
    step = table.start()
    bot = get_bot("easy", 9)
    actions = []
    while not step.hand_over:
        action = bot.act(step.observation)
        actions.append(plain(action.to_dict()))
        step = table.act(action)
    seeds.append(9)
    player = Player(app)
    view = player.new_game(rules="hkos", level="easy")
    refusals = []
    for action in actions:
        if view["refused_win"] is not None:
            refusals.append(view)
        view = player.act(view["id"], action).json()
    assert refusals, "seed 9 no longer reaches a refused win"
    first = refusals[0]
    refused = first["refused_win"]
    assert refused["win_by"] == "discard" and refused["reason"] == "needs 3 faan, has 2"
    assert not any(a["action"] == "win" for a in first["observation"]["legal_actions"])
    discards = [e for e in first["events"] if e["event"] == "discard"]
    assert discards[-1]["tile"] == refused["tile"] and discards[-1]["seat"] == refused["from"]
    # The same hand with that tile scores 2 faan in the calculator: the reason is the scorer's own.
    hand = first["observation"]["hand"]
    melds = first["observation"]["melds"][first["seat"]]
    situation = {
        "rules": "hkos",
        "concealed": hand,
        "melds": [{k: m[k] for k in ("kind", "tiles", "open")} for m in melds],
        "winning_tile": refused["tile"],
        "win_by": "discard",
        "seat_wind": first["seat"],
        "round_wind": first["observation"]["round_wind"],
        "bonus": first["observation"]["bonus"][first["seat"]],
    }
    scored = player.post("/api/score", situation).json()
    assert not scored["valid"] and scored["reason"] == refused["reason"]


def test_a_refused_win_is_explained_in_dutch(seeded):
    app, seeds = seeded
    table = Table("hkos", "easy", 9)
    step = table.start()
    bot = get_bot("easy", 9)
    seeds.append(9)
    player = Player(app)
    view = player.new_game(rules="hkos", level="easy")
    while view["refused_win"] is None:
        action = bot.act(step.observation)
        step = table.act(action)
        view = player.act(view["id"], plain(action.to_dict())).json()
    dutch = player.get(f"/api/games/{view['id']}?lang=nl").json()["refused_win"]
    assert dutch["reason"] == translate(view["refused_win"]["reason"], "nl") != view["refused_win"]["reason"]
    assert {k: v for k, v in dutch.items() if k != "reason"} == {
        k: v for k, v in view["refused_win"].items() if k != "reason"
    }


def test_nts_shows_the_card_of_every_scored_hand_the_winning_tile_and_the_bonus_tiles(seeded):
    app, seeds = seeded
    player = Player(app)
    rng = random.Random(3)
    for seed in range(40, 80):
        seeds.append(seed)
        view = player.new_game(rules="nts", level="expert")
        while not view["hand_over"]:
            action = plain(rng.choice(view["observation"]["legal_actions"]))
            view = player.act(view["id"], action | {"version": view["version"]}).json()
        if view["result"]["winner"] is not None:
            break
    else:
        pytest.fail("no NTS hand with a winner in 40 seeds")
    result = view["result"]
    winner = result["winner"]
    living = [seat for seat in result["payments"] if seat not in result["dead"]]
    assert sorted(result["cards"]) == sorted(living)  # NTS scores the losers too
    for seat, card in result["cards"].items():
        assert card["total"] == result["scores"][seat]
    assert result["cards"][winner] == result["score"]
    win = next(e for e in view["events"] if e["event"] == "win")
    assert result["winning_tile"] == win["situation"]["winning_tile"]
    assert result["bonus"] == view["observation"]["bonus"]
    assert result["melds"][winner] == [
        {"kind": m["kind"], "tiles": m["tiles"], "open": m["open"]} for m in win["situation"]["melds"]
    ]
    dutch = player.get(f"/api/games/{view['id']}?lang=nl").json()["result"]
    assert dutch["cards"][winner] == translate_result(result["cards"][winner], "nl")
    assert [i["name"] for i in dutch["score"]["items"]] != [i["name"] for i in result["score"]["items"]]


def test_the_dealer_is_named_and_casual_refuses_a_match_length_out_of_range(seeded):
    app, _ = seeded
    player = Player(app)
    view = player.new_game(rules="casual", level="easy")
    assert view["dealer"] == "E" and view["refused_win"] is None
    answer = player.post("/api/games", {"rules": "casual", "level": "easy", "options": {"hands": 0}})
    assert answer.status_code == 422 and "hands" in answer.json()["detail"]
    answer = player.post("/api/games", {"rules": "nts", "level": "easy", "options": {"short_match": True}})
    assert answer.status_code == 422 and "short_match" in answer.json()["detail"]


def test_the_choices_name_every_familys_match_options_in_the_page_language(seeded):
    app, _ = seeded
    player = Player(app)
    english = {family["rules"]: family["choices"] for family in player.get("/api/choices").json()["rules"]}
    assert set(english) == {"casual", "nts", "hkos", "chinese", "riichi"} and english["nts"] == []
    assert [c["option"] for c in english["casual"]] == ["hands", "rotate"]
    assert [c["option"] for c in english["chinese"]] == ["short_match"]
    length = english["hkos"][0]
    assert length["option"] == "short_match" and length["default"] is False and length["ranked"]
    assert [v["value"] for v in length["values"]] == [False, True]
    assert not next(c for c in english["hkos"] if c["option"] == "minimum")["ranked"]
    dutch = {family["rules"]: family["choices"] for family in player.get("/api/choices?lang=nl").json()["rules"]}
    assert dutch["casual"][0]["label"] == "Lengte van de partij" != english["casual"][0]["label"]
    for rules, choices in english.items():  # every value offered is one the family takes
        for choice in choices:
            for value in [v["value"] for v in choice["values"]] or [True, False]:
                view = player.new_game(rules=rules, level="easy", options={choice["option"]: value})
                assert view["ranked"] == (choice["ranked"] or value == choice["default"]), (choice, value)


def test_the_home_page_offers_the_choices_and_lists_a_finished_match_with_its_date_and_place(seeded):
    app, seeds = seeded
    seeds.append(77)
    player = Player(app)
    view = play_match(player, player.new_game(rules="casual", level="easy"), random.Random(2))
    page = player.get("/?lang=nl").text
    assert 'data-rules="hkos"' in page and 'data-option="short_match"' in page and "Lengte van de partij" in page
    you = next(row for row in view["result"]["standings"] if row["name"] == "You")
    if all(row["rank"] == 1 for row in view["result"]["standings"]):
        assert f"gelijkspel: iedereen op {you['total']} punten" in page
    else:
        assert f"geëindigd als {you['rank']} van 4, {you['total']} punten" in page
    assert 'data-testid="game-date"' in page


def test_the_hint_says_in_dutch_why_a_winning_tile_would_not_win(seeded):
    app, seeds = seeded
    table = Table("hkos", "easy", 9)
    step = table.start()
    bot = get_bot("easy", 9)
    seeds.append(9)
    player = Player(app)
    view = player.new_game(rules="hkos", level="easy")
    while view["refused_win"] is None:
        action = bot.act(step.observation)
        step = table.act(action)
        view = player.act(view["id"], plain(action.to_dict())).json()
    english = player.get(f"/api/games/{view['id']}/hint").json()
    dutch = player.get(f"/api/games/{view['id']}/hint?lang=nl").json()
    refused = [w for w in english["waits"] if not w["discard"]["valid"] and w["discard"]["reason"]]
    assert refused, english
    by_tile = {w["tile"]: w for w in dutch["waits"]}
    for wait in refused:
        reason = wait["discard"]["reason"]
        assert by_tile[wait["tile"]]["discard"]["reason"] == translate(reason, "nl") != reason


def test_the_games_refusals_come_in_the_page_language(seeded):
    app, _ = seeded
    player = Player(app)
    english = player.get("/api/games/nosuchgame").json()["detail"]
    dutch = player.get("/api/games/nosuchgame?lang=nl").json()["detail"]
    assert english == "There is no such game." and dutch == "Deze partij bestaat niet."
    view = player.new_game(rules="casual", level="easy")
    answer = player.post(f"/api/games/{view['id']}/next?lang=nl")
    assert answer.status_code == 409 and answer.json()["detail"] == "Het spel is nog bezig: speel het eerst uit."


def test_no_hint_calls_a_hand_ready_on_waits_short_of_the_minimum():
    from sparrow.cli.play import hint_lines
    from sparrow.play.hints import winning_waits
    from sparrow.rules import get_ruleset
    from sparrow.web.views import hint

    short_seen = ready_seen = 0
    for seed in range(9, 40):
        table = Table("hkos", "easy", seed)
        step = table.start()
        bot = get_bot("easy", seed)
        while not step.hand_over and short_seen + ready_seen < 40:
            observation = step.observation
            counts = [0] * 34
            for tile in observation.hand:
                counts[tile] += 1
            if len(observation.hand) % 3 == 1:  # 13 standing tiles (less what is declared)
                waits = get_ruleset("hkos").waits(counts, len(observation.melds[observation.seat]), observation.options)
                if waits:
                    winnable = winning_waits(observation, counts, waits)
                    terminal = hint_lines(observation)[0]
                    web = hint(observation)
                    assert terminal.startswith("ready:") == bool(winnable), terminal
                    assert web["ready"] == bool(winnable)
                    short_seen += not winnable
                    ready_seen += bool(winnable)
            step = table.act(bot.act(observation))
        if short_seen and ready_seen:
            break
    assert short_seen and ready_seen  # both cases met
