"""What the web app says to people (issue 42, items 5 and 8): refusals are sentences that name a field as a
person would (no ``current_password:``, no ``scores.Ann:``), in English and in Dutch; the Riichi sheet says
that sticks left on the table are missing; a deleted account is told so; a match every player ends level
is drawn; score cards label their factors and write numbers as the page's language does."""

from __future__ import annotations

import random
import re

import pytest

from sparrow.web.errors import for_people, validation_sentence
from tests.web_support import Player, make_app

# What a program writes and a person should never read: a JSON field's name (snake_case, dotted or indexed).
FIELD_NAME = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+\.[A-Za-z]+\b|\w\[\d+\]")
RIICHI_PLAYERS = ["Ann", "Ben", "Cara", "Dev"]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = make_app(f"sqlite:///{tmp_path_factory.mktemp('messages') / 'app.db'}")
    yield application
    application.state.store.close()


def _in(player: Player, lang: str) -> Player:
    player.client.cookies.set("lang", lang)
    return player


def _refused(answer, status: int) -> str:
    assert answer.status_code == status, answer.text
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and not FIELD_NAME.search(detail), detail
    return detail


# ---------------------------------------------------------------------------- the sentences themselves


@pytest.mark.parametrize(
    ("detail", "english", "dutch"),
    [
        ("scores.Ann: must be a whole number", "The points of Ann must be a whole number.", "De punten van Ann: "),
        ("rows[2].winner: 'Eve' is not a player", "Row 3, the winner: 'Eve' is not a player.", "Rij 3, de winnaar: "),
        ("hand.S: xyz", "The hand of South: xyz.", "De hand van Zuid: xyz."),
        ("sheet: the match is over", "The match is over.", None),
        ("The room is full.", "The room is full.", "The room is full."),  # a sentence already
    ],
)
def test_a_field_is_named_as_a_person_would(detail, english, dutch):
    assert for_people(detail, "en") == english
    if dutch is not None:
        assert for_people(detail, "nl").startswith(dutch)


def test_validation_errors_read_as_sentences():
    missing = [{"type": "missing", "loc": ("body", "current_password"), "msg": "Field required"}]
    assert validation_sentence(missing, "en") == "The current password is missing."
    assert validation_sentence(missing, "nl") == "Het huidige wachtwoord ontbreekt."
    wrong = [{"type": "string_type", "loc": ("body", "new_password"), "msg": "Input should be a valid string"}]
    assert validation_sentence(wrong, "en") == "The new password must be text."
    bound = [{"type": "less_than_equal", "loc": ("query", "limit"), "msg": "...", "ctx": {"le": 5000}}]
    assert validation_sentence(bound, "en") == "The parameter limit must be at most 5,000."
    assert validation_sentence(bound, "nl") == "De parameter limit mag hoogstens 5.000 zijn."


# ---------------------------------------------------------------------------- accounts


@pytest.mark.parametrize(
    ("lang", "wrong", "short", "missing"),
    [
        (
            "en",
            "The current password you typed is not your password.",
            "The new password needs at least 8 characters.",
            "The current password is missing.",
        ),
        (
            "nl",
            "Het huidige wachtwoord dat je typte is niet je wachtwoord.",
            "Het nieuwe wachtwoord moet minstens 8 tekens hebben.",
            "Het huidige wachtwoord ontbreekt.",
        ),
    ],
)
def test_the_account_refusals_are_sentences(app, lang, wrong, short, missing):
    player = Player(app)
    assert player.sign_up(f"messages{random.randrange(10**8)}").status_code == 201
    _in(player, lang)
    change = "/api/account/password"
    assert _refused(player.post(change, {"current_password": "not mine!", "new_password": "a new one!"}), 403) == wrong
    assert _refused(player.post(change, {"current_password": "correct horse", "new_password": "short"}), 422) == short
    assert _refused(player.post(change, {"new_password": "a new one!"}), 422) == missing
    taken = _refused(Player(app).post("/api/auth/signup", {"username": "x", "password": "correct horse"}), 422)
    assert taken.startswith(("A username has 3 to 32 characters", "Een gebruikersnaam heeft 3 tot 32 tekens"))


def test_a_deleted_account_is_told_so(app):
    player = Player(app)
    assert player.sign_up(f"leaving{random.randrange(10**8)}").status_code == 201
    assert player.send("DELETE", "/api/account", {"password": "correct horse"}).status_code == 204
    page = player.get("/account/deleted")
    assert page.status_code == 200 and "Your account is deleted" in page.text
    assert "Je account is verwijderd" in player.get("/account/deleted?lang=nl").text
    assert player.get("/api/session").json()["user"] is None  # and signed out


# ---------------------------------------------------------------------------- sheets


def _riichi_sheet(player: Player) -> dict:
    answer = player.post("/api/sheets", {"rules": "riichi", "players": RIICHI_PLAYERS})
    assert answer.status_code == 201, answer.text
    return answer.json()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "The final scores add up to 99,000, not 100,000: 1,000 in riichi sticks left on the table is missing"
            " from the totals; the sticks go to the first place, so add them to the top player's points.",
        ),
        (
            "nl",
            "De eindpunten zijn samen 99.000, niet 100.000: 1.000 aan riichi-stokken die op tafel bleven liggen"
            " ontbreekt in de totalen; de stokken gaan naar de eerste plaats, tel ze dus op bij de punten van de"
            " bovenste speler.",
        ),
    ],
)
def test_a_riichi_row_short_by_a_stick_says_the_stick_is_missing(app, lang, said):
    player = _in(Player(app), lang)
    sheet = _riichi_sheet(player)
    short = {"scores": {"Ann": 40200, "Ben": 28900, "Cara": 19700, "Dev": 10200}}  # 99,000: a stick on the table
    assert _refused(player.post(f"/api/sheets/{sheet['id']}/rows", short), 422) == said
    odd = {"scores": {"Ann": 41200, "Ben": 28900, "Cara": 19700, "Dev": 9700}}  # 500 short: no stick
    assert "riichi" not in _refused(player.post(f"/api/sheets/{sheet['id']}/rows", odd), 422)
    fixed = {"scores": {"Ann": 41200, "Ben": 28900, "Cara": 19700, "Dev": 10200}}
    assert player.post(f"/api/sheets/{sheet['id']}/rows", fixed).status_code == 201


def test_a_sheet_row_error_names_the_player_not_the_field(app):
    player = _in(Player(app), "en")
    sheet = _riichi_sheet(player)
    bad = {"scores": {"Ann": 41250, "Ben": 28850, "Cara": 19700, "Dev": 10200}}
    said = _refused(player.post(f"/api/sheets/{sheet['id']}/rows", bad), 422)
    assert said == "The points of Ann: 41,250 is not a multiple of 100: table points are counted in hundreds."


def test_the_score_contract_keeps_the_commands_words(app):
    """``POST /api/score`` is ``sparrow score --json`` over HTTP: programs read its field-first errors."""
    answer = Player(app).post("/api/score", {"rules": "nts", "concealed": "123m456p789s234s", "winning_tile": "5m"})
    assert answer.status_code == 422 and answer.json()["detail"].startswith("concealed: ")


# ---------------------------------------------------------------------------- score cards


@pytest.mark.parametrize(
    ("lang", "arithmetic"),
    [
        ("en", "20 (base) × 2¹ (1 fan) = 40; self-drawn: each opponent pays 40 ÷ 3, rounded up to 14"),
        (
            "nl",
            "20 (basis) × 2¹ (1 fan) = 40; zelf gepakt: elke tegenstander betaalt 40 ÷ 3, naar boven afgerond op 14",
        ),
    ],
)
def test_the_casual_card_labels_every_factor_and_says_it_rounded_up(app, lang, arithmetic):
    player = _in(Player(app), lang)
    card = player.post("/api/calculator/read", {"notation": "casual: 222m444p666s789s5m +5m* seat=S"}).json()["card"]
    assert card["total"] == 40 and card["arithmetic"] == arithmetic
    dealer = player.post("/api/calculator/read", {"notation": "casual: 222m444p666s789s5m +5m* seat=E"}).json()["card"]
    assert (
        dealer["arithmetic"]
        == {
            "en": "20 (base) × 2¹ (1 fan) × 1.5 (dealer) = 60; self-drawn: each opponent pays 60 ÷ 3 = 20",
            "nl": "20 (basis) × 2¹ (1 fan) × 1,5 (gever) = 60; zelf gepakt: elke tegenstander betaalt 60 ÷ 3 = 20",
        }[lang]
    )


def test_riichi_arithmetic_writes_its_power_as_a_power_and_groups_thousands(app):
    notation = "riichi: 234m340p66s12378s +9s seat=S moments=riichi dora=1m honba=1 riichi_sticks=2"
    english = _in(Player(app), "en").post("/api/calculator/read", {"notation": notation}).json()["card"]
    dutch = _in(Player(app), "nl").post("/api/calculator/read", {"notation": notation}).json()["card"]
    assert english["arithmetic"] == "4 han 30 fu: 30 × 2⁶ = base 1,920"
    assert dutch["arithmetic"] == "4 han 30 fu: 30 × 2⁶ = basis 1.920"
    assert "^" not in english["arithmetic"] + dutch["arithmetic"]


# ---------------------------------------------------------------------------- a drawn match


def _drawn_match(app) -> tuple[Player, dict]:
    """A one-hand casual match that ends in a drawn hand (random moves until one does): every player
    ends on 0."""
    for attempt in range(40):
        player = Player(app)
        view = player.new_game(rules="casual", level="easy")
        rng = random.Random(attempt)
        while not view["match_over"]:
            legal = [a for a in view["observation"]["legal_actions"] if a["action"] != "win"]  # never win
            action = {k: v for k, v in rng.choice(legal).items() if k != "seat" and v is not None}
            view = player.act(view["id"], action | {"version": view["version"]}).json()
        if all(row["rank"] == 1 for row in view["result"]["standings"]):
            return player, view
    raise AssertionError("no drawn match in 40 tries")


def test_a_match_every_player_ends_level_is_drawn_not_first_of_four(app):
    player, view = _drawn_match(app)
    listed = {game["id"]: game for game in player.get("/api/games").json()}[view["id"]]
    assert listed["finish"]["drawn"] is True
    home = player.get("/?lang=en").text
    assert "drawn: every player on 0 points" in home and "finished 1 of 4" not in home
    assert "gelijkspel: iedereen op 0 punten" in player.get("/?lang=nl").text


# ---------------------------------------------------------------------------- a room's socket


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_rooms_socket_refuses_in_sentences_too(app, lang):
    ann, bob = Player(app), Player(app)
    room = ann.new_room()
    ann.sit(room, 0, "Ann")
    bob.sit(room, 1, "Bob")
    assert ann.post(f"/api/rooms/{room['id']}/start").status_code == 200
    _in(bob, lang)
    with bob.client.websocket_connect(f"/api/rooms/{room['id']}/live") as socket:
        view = socket.receive_json()
        # a field the socket does not take: named as the program wrote it, in a sentence
        socket.send_json({"type": "action", "action": "pass", "seat": view["chairs"][0]["seat"]})
        refused = socket.receive_json()
        assert refused["type"] == "error" and refused["status"] == 422
        assert (
            refused["detail"]
            == {
                "en": "The request has a field it does not take: seat.",
                "nl": "Het verzoek heeft een veld dat het niet kent: seat.",
            }[lang]
        )
        socket.send_json({"type": "action", "action": "discard", "tile": 5})  # a tile is text
        refused = socket.receive_json()
        assert refused["status"] == 422 and not FIELD_NAME.search(refused["detail"]), refused
        assert "loc" not in refused["detail"] and ": Input should" not in refused["detail"]
