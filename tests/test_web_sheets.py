"""Score sheets through the web API (``docs/spec/web-api.md``), on SQLite and PostgreSQL: every
operation and every refusal, ownership, CSRF, restarts, a guest's sheets moving to the account, the
seeds' examples end to end (seed 003's HKOS sheet, seed 000's NTS settlement), English and Dutch."""

from __future__ import annotations

import csv
import io
import json

import pytest

from sparrow.formats.compact import format_compact, parse_compact
from sparrow.sheets import create_sheet
from sparrow.store import StaleSheetError
from tests.web_support import BACKENDS, Player, database_url, make_app

HKOS = ["Alice", "Ben", "Cara", "Dev"]
NTS = ["Ann", "Bob", "Cor", "Dirk"]


@pytest.fixture(scope="module", params=BACKENDS)
def url(request, tmp_path_factory):
    yield from database_url(request.param, tmp_path_factory)


@pytest.fixture(scope="module")
def app(url):
    return make_app(url)


@pytest.fixture
def player(app):
    return Player(app)


def new_sheet(player: Player, **body) -> dict:
    answer = player.post("/api/sheets", body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def add(player: Player, sheet_id: str, row: dict, status: int = 201) -> dict:
    answer = player.post(f"/api/sheets/{sheet_id}/rows", row)
    assert answer.status_code == status, answer.text
    return answer.json()


# ---------------------------------------------------------------------------- the seeds' examples


def test_seed_003_hkos_sheet_reads_alice_48_ben_8(player):
    sheet = new_sheet(player, rules="hkos", players=HKOS, title="Friday")
    assert sheet["dealer"] == "Alice" and sheet["round_wind"] == "E" and sheet["rows"] == []
    # Alice (East, the dealer) wins by drawing her own last tile: 7 faan, 48 points.
    sheet = add(player, sheet["id"], {"winner": "Alice", "win_by": "self_draw", "scores": {"Alice": 48}})
    assert sheet["dealer"] == "Alice"  # a dealer who wins keeps the deal
    # Ben wins on a discard with three faan: 8 points.
    sheet = add(player, sheet["id"], {"winner": "Ben", "win_by": "discard", "discarder": "Dev", "scores": {"Ben": 8}})
    assert sheet["totals"] == {"Alice": 48, "Ben": 8, "Cara": 0, "Dev": 0}
    assert sheet["dealer"] == "Ben" and sheet["round_wind"] == "E"
    assert [row["dealer"] for row in sheet["rows"]] == ["Alice", "Alice"]
    # A drawn hand is a row of zeros; the dealer keeps the deal.
    sheet = add(player, sheet["id"], {"drawn": True})
    assert sheet["rows"][-1]["points"] == {"Alice": 0, "Ben": 0, "Cara": 0, "Dev": 0}
    assert sheet["dealer"] == "Ben"
    again = player.get(f"/api/sheets/{sheet['id']}").json()
    assert again == sheet
    first = again["standings"][0]
    assert (first["player"], first["total"], first["mahjongs"]) == ("Alice", 48, 1)
    dev = next(s for s in again["standings"] if s["player"] == "Dev")
    assert dev["deal_ins"] == 1


def test_seed_000_nts_settlement_and_rotation(player):
    sheet = new_sheet(player, rules="nts", players=NTS)
    assert sheet["length"] == "session" and sheet["round_wind"] is None  # the wind is rolled every game
    row = {"winner": "Ann", "win_by": "self_draw", "scores": {"Ann": 136, "Bob": 32, "Cor": 28, "Dirk": 8}}
    sheet = add(player, sheet["id"], row | {"round_wind": "S"})
    first = sheet["rows"][0]
    # East's 136 against 32, 28 and 8: every pair settles its difference, East paying and receiving double.
    assert first["payments"] == {"Ann": 816, "Bob": -244, "Cor": -256, "Dirk": -316}
    assert sum(first["payments"].values()) == 0
    assert first["round_wind"] == "S" and first["seats"]["Ann"] == "E"
    assert sheet["dealer"] == "Bob"  # South becomes East
    for winner in ("Bob", "Cor"):
        sheet = add(
            player,
            sheet["id"],
            {
                "winner": winner,
                "win_by": "discard",
                "discarder": "Dirk",
                "scores": dict.fromkeys(NTS, 0) | {winner: 80},
            },
        )
    assert [r["dealer"] for r in sheet["rows"]] == ["Ann", "Bob", "Cor"]
    assert sheet["rows"][2]["seats"] == {"Cor": "E", "Dirk": "S", "Ann": "W", "Bob": "N"}
    sheet = add(player, sheet["id"], {"drawn": True, "round_wind": "W"})
    assert sheet["over"] is True and sheet["dealer"] is None  # four games: everyone was East once
    assert sorted(s["table_points"] for s in sheet["standings"]) == [0.5, 1, 2, 4]
    assert sum(sheet["totals"].values()) == 0
    add(player, sheet["id"], {"drawn": True}, status=422)


def test_free_sheet_sums_points_typed(player):
    sheet = new_sheet(player, rules="free", players=["A", "B", "C"])
    sheet = add(player, sheet["id"], {"points": {"A": 41200, "B": 30100, "C": 28700}, "winner": "A"})
    sheet = add(player, sheet["id"], {"points": {"A": -5, "C": 12}})
    assert sheet["totals"] == {"A": 41195, "B": 30100, "C": 28712}
    assert sheet["dealer"] is None and sheet["standings"][0]["deal_ins"] is None


# ---------------------------------------------------------------------------- every operation


def test_edit_undo_end_delete(player):
    sheet = new_sheet(player, rules="hkos", players=HKOS, length="east")
    sid = sheet["id"]
    add(player, sid, {"winner": "Alice", "win_by": "self_draw", "scores": {"Alice": 48}})
    add(player, sid, {"winner": "Ben", "win_by": "discard", "discarder": "Dev", "scores": {"Ben": 8}})
    # Edit row 1 into a win of Cara: the deal passes after row 1, so row 2 is dealt by Ben.
    answer = player.send(
        "PUT", f"/api/sheets/{sid}/rows/1", {"winner": "Cara", "win_by": "self_draw", "scores": {"Cara": 32}}
    )
    assert answer.status_code == 200, answer.text
    sheet = answer.json()
    assert sheet["totals"] == {"Alice": 0, "Ben": 8, "Cara": 32, "Dev": 0}
    assert [r["dealer"] for r in sheet["rows"]] == ["Alice", "Ben"]
    assert [r["totals"]["Ben"] for r in sheet["rows"]] == [0, 8]
    # Undo drops the last row.
    answer = player.send("DELETE", f"/api/sheets/{sid}/rows/last")
    assert answer.status_code == 200 and len(answer.json()["rows"]) == 1
    # End match: no more rows; undo reopens it.
    answer = player.post(f"/api/sheets/{sid}/end")
    assert answer.status_code == 200 and answer.json()["over"] is True
    assert answer.json()["standings"][0]["games_won"] == 1
    answer = player.post(f"/api/sheets/{sid}/rows", {"drawn": True})
    assert answer.status_code == 422 and "over" in answer.json()["detail"]
    assert player.send("DELETE", f"/api/sheets/{sid}/rows/last").json()["over"] is False
    # The list holds it; delete removes it.
    listed = player.get("/api/sheets").json()
    assert [s["id"] for s in listed].count(sid) == 1
    assert next(s for s in listed if s["id"] == sid)["hands"] == 0
    assert player.send("DELETE", f"/api/sheets/{sid}").status_code == 204
    assert player.get(f"/api/sheets/{sid}").status_code == 404
    assert sid not in [s["id"] for s in player.get("/api/sheets").json()]


def test_three_player_hkos_and_lengths(player):
    sheet = new_sheet(player, rules="hkos", players=["A", "B", "C"], options={"three_players": True})
    assert sheet["players"] == ["A", "B", "C"] and sheet["length"] == "full"
    sheet = new_sheet(player, rules="chinese", players=NTS)
    assert sheet["length"] == "full"
    sheet = new_sheet(player, rules="nts", players=NTS, length="open")
    assert sheet["length"] == "open"


def test_export_and_import(player):
    sheet = new_sheet(player, rules="nts", players=NTS, title="=Club night")
    row = {"winner": "Ann", "win_by": "self_draw", "scores": {"Ann": 136, "Bob": 32, "Cor": 28, "Dirk": 8}}
    sheet = add(player, sheet["id"], row)
    exported = player.get(f"/api/sheets/{sheet['id']}/export?format=json")
    assert exported.status_code == 200 and "attachment" in exported.headers["content-disposition"]
    assert exported.json() == sheet
    text = player.get(f"/api/sheets/{sheet['id']}/export", params={"format": "csv"})
    assert text.headers["content-type"].startswith("text/csv")
    lines = list(csv.reader(io.StringIO(text.text)))
    assert lines[0][:6] == ["Hand", "Dealer", "Round wind", "Winner", "How it was won", "Discarder"]
    assert lines[-1][0] == "Totals"
    dutch = player.get(f"/api/sheets/{sheet['id']}/export", params={"format": "csv", "lang": "nl"})
    assert next(csv.reader(io.StringIO(dutch.text)))[:2] == ["Spel", "Gever"]
    assert player.get(f"/api/sheets/{sheet['id']}/export?format=xml").status_code == 422
    answer = player.post("/api/sheets/import", exported.json())
    assert answer.status_code == 201, answer.text
    copy = answer.json()
    assert copy["id"] != sheet["id"]
    assert {k: v for k, v in copy.items() if k not in ("id", "origin")} == {
        k: v for k, v in sheet.items() if k not in ("id", "origin")
    }
    assert copy["origin"] == sheet["id"]  # the copy knows which match it is
    # Computed values are never trusted: a doctored total is recomputed.
    doctored = exported.json() | {"totals": {"Ann": 10**6, "Bob": 0, "Cor": 0, "Dirk": 0}}
    assert player.post("/api/sheets/import", doctored).json()["totals"] == sheet["totals"]
    # A malformed typed field names the row.
    bad = exported.json()
    bad["rows"][0]["scores"]["Ann"] = 2400
    answer = player.post("/api/sheets/import", bad)
    assert answer.status_code == 422 and answer.json()["detail"].startswith(
        ("Row 1, the points of Ann: ", "Rij 1, de punten van Ann: ")  # (in the language the client last chose)
    )


# ---------------------------------------------------------------------------- refusals


def test_importing_a_finished_sheet_counts_its_wins_once(player):
    sheet = new_sheet(player, rules="hkos", players=["Alice", "Ben", "Cara", "Dev"], length="open")
    add(player, sheet["id"], {"winner": "Alice", "win_by": "self_draw", "faan": 7})
    finished = player.post(f"/api/sheets/{sheet['id']}/end").json()
    exported = player.get(f"/api/sheets/{sheet['id']}/export?format=json").json()
    first = player.post("/api/sheets/import", exported).json()
    assert first["origin"] == sheet["id"] and first["totals"] == finished["totals"]
    again = player.post("/api/sheets/import", first).json()  # a copy of the copy: still the same match
    assert again["origin"] == sheet["id"]
    from sparrow.web.sheets import games_won

    listed = player.get("/api/sheets").json()
    assert games_won([s for s in listed if s["id"] in (sheet["id"], first["id"], again["id"])]) == [("Alice", 1)]
    page = player.get("/sheets").text
    assert page.count('<td>Alice</td><td class="num">1</td>') == 1


def test_check_in_the_calculator_from_a_row(player):
    sheet = new_sheet(player, rules="nts", players=NTS)
    hands = {
        "Ann": "nts: 23m456p88s777z [111z] +1m* seat=E round=S",
        "Bob": "nts: 1379s [222z] [444m] [666p] seat=S round=S",
        "Cor": "nts: 999p4567m [333z] [222s] seat=W round=S",
        "Dirk": "nts: 999m123p456s78s55p seat=N round=S",
    }
    row = {"winner": "Ann", "win_by": "self_draw", "scores": {"Ann": 136, "Bob": 32, "Cor": 28, "Dirk": 8}}
    sheet = add(player, sheet["id"], row | {"hands": hands, "round_wind": "S"})
    assert sheet["rows"][0]["hands"]["Ann"] == hands["Ann"]
    exported = player.get(f"/api/sheets/{sheet['id']}/export?format=json").json()
    canonical = {name: format_compact(parse_compact(text)) for name, text in hands.items()}
    assert exported["rows"][0]["hands"] == canonical  # the JSON export keeps the hands
    link = player.client.get(f"/sheets/{sheet['id']}/rows/1/calculator", follow_redirects=False)
    assert link.status_code == 303
    target = link.headers["location"]
    assert target.startswith("/calculator?rules=nts&hand=23m456p88s777z") and "hand.S=1379s" in target
    assert f"sheet={sheet['id']}" in target and "row=1" in target
    sheet = add(player, sheet["id"], {"drawn": True, "round_wind": "E"})
    plain = player.client.get(f"/sheets/{sheet['id']}/rows/2/calculator", follow_redirects=False)
    assert plain.headers["location"] == f"/calculator?rules=nts&round=E&sheet={sheet['id']}&row=2"
    assert player.client.get(f"/sheets/{sheet['id']}/rows/9/calculator", follow_redirects=False).status_code == 404


def test_malformed_rows_are_422_and_change_nothing(player):
    sheet = new_sheet(player, rules="hkos", players=HKOS)
    sid = sheet["id"]
    sheet = add(player, sid, {"winner": "Alice", "win_by": "self_draw", "scores": {"Alice": 48}})
    bad_rows = [
        {"winner": "Zed", "win_by": "self_draw", "scores": {"Zed": 8}},
        {"winner": "Ben", "win_by": "discard", "scores": {"Ben": 8}},  # no discarder
        {"winner": "Ben", "win_by": "discard", "discarder": "Ben", "scores": {"Ben": 8}},
        {"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": 9}},  # not on the faan table
        {"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": "8"}},
        {"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": 8}, "bonus": 1},
        {"points": {"Ben": 3}},  # a free row on a ruleset sheet
        [],
        "row",
    ]
    for row in bad_rows:
        answer = player.post(f"/api/sheets/{sid}/rows", row)
        assert answer.status_code == 422, (row, answer.text)
        detail = answer.json()["detail"]
        assert isinstance(detail, str) and "Traceback" not in detail
        edit = player.send("PUT", f"/api/sheets/{sid}/rows/1", row)
        assert edit.status_code == 422, (row, edit.text)
    answer = player.client.post(f"/api/sheets/{sid}/rows", content=b"{not json", headers={"X-CSRF-Token": player.csrf})
    assert answer.status_code == 422 and answer.json()["detail"] == "The request body is not valid JSON."
    huge = {"winner": "Ben", "win_by": "self_draw", "scores": {"Ben": 8}, "x": "y" * 20000}
    assert player.post(f"/api/sheets/{sid}/rows", huge).status_code == 413
    assert player.get(f"/api/sheets/{sid}").json() == sheet
    # No such row to edit: 404; no row to undo on an empty sheet: 422.
    assert player.send("PUT", f"/api/sheets/{sid}/rows/5", {"drawn": True}).status_code == 404
    assert player.send("PUT", f"/api/sheets/{sid}/rows/0", {"drawn": True}).status_code == 404
    empty = new_sheet(player, rules="free", players=["A", "B", "C", "D"])
    answer = player.send("DELETE", f"/api/sheets/{empty['id']}/rows/last")
    assert answer.status_code == 422 and answer.json()["detail"] == "The sheet has no rows to undo."


@pytest.mark.parametrize(
    "body",
    [
        {"rules": "mahjong", "players": NTS},
        {"rules": "nts", "players": NTS[:3]},
        {"rules": "hkos", "players": HKOS[:3]},
        {"rules": "free", "players": ["A", "B"]},
        {"rules": "nts", "players": ["Ann", "ann", "Cor", "Dirk"]},
        {"rules": "nts", "players": ["Ann", "", "Cor", "Dirk"]},
        {"rules": "nts", "players": NTS, "length": "east"},
        {"rules": "hkos", "players": HKOS, "options": {"minimum": "3"}},
        {"rules": "free", "players": NTS, "options": {"x": 1}},
        {"rules": "nts", "players": NTS, "title": "x" * 200},
        {"rules": "nts", "players": NTS, "colour": "red"},
        {"players": NTS},
    ],
)
@pytest.mark.slow
def test_malformed_new_sheets_are_422(player, body):
    before = len(player.get("/api/sheets").json())
    answer = player.post("/api/sheets", body)
    assert answer.status_code == 422, answer.text
    assert isinstance(answer.json()["detail"], str)
    assert len(player.get("/api/sheets").json()) == before


def test_another_sessions_sheet_is_404_after_the_csrf_check(app):
    owner, other = Player(app), Player(app)
    sheet = new_sheet(owner, rules="hkos", players=HKOS)
    sid = sheet["id"]
    row = {"drawn": True}
    changes = [
        ("POST", f"/api/sheets/{sid}/rows", row),
        ("PUT", f"/api/sheets/{sid}/rows/1", row),
        ("DELETE", f"/api/sheets/{sid}/rows/last", None),
        ("POST", f"/api/sheets/{sid}/end", None),
        ("DELETE", f"/api/sheets/{sid}", None),
    ]
    for method, path, body in changes:
        assert other.send(method, path, body, csrf="").status_code == 403
        assert other.send(method, path, body, csrf=owner.csrf).status_code == 403
        assert owner.send(method, path, body, csrf="").status_code == 403
        assert owner.send(method, path, body, csrf=other.csrf).status_code == 403
        answer = other.send(method, path, body)
        assert answer.status_code == 404, (method, path, answer.text)
        assert answer.json() == {"detail": "There is no such sheet."}
        # Whatever the body holds, another session learns nothing: still 404.
        assert other.send(method, path, {"junk": [1, 2]} if body else None).status_code == 404
    for path in (f"/api/sheets/{sid}", f"/api/sheets/{sid}/export?format=csv"):
        assert other.get(path).status_code == 404
    assert other.post("/api/sheets", {"rules": "nts", "players": NTS}, csrf="").status_code == 403
    assert other.post("/api/sheets/import", sheet, csrf="").status_code == 403
    assert sid not in [s["id"] for s in other.get("/api/sheets").json()]
    assert owner.get(f"/api/sheets/{sid}").json() == sheet
    assert other.get("/api/sheets/nonexistent").status_code == 404


@pytest.mark.slow
def test_a_guests_sheets_move_to_the_account_and_survive_a_restart(url, app):
    guest = Player(app)
    sheet = new_sheet(guest, rules="hkos", players=HKOS)
    add(guest, sheet["id"], {"winner": "Alice", "win_by": "self_draw", "scores": {"Alice": 48}})
    name = f"sheeter{len(sheet['id'])}{sheet['id'][:6]}".replace("-", "_")
    assert guest.sign_up(name).status_code == 201
    assert [s["id"] for s in guest.get("/api/sheets").json()] == [sheet["id"]]
    # The same account in another browser sees it; a new guest does not.
    elsewhere = Player(app)
    assert elsewhere.get(f"/api/sheets/{sheet['id']}").status_code == 404
    assert elsewhere.log_in(name).status_code == 200
    assert elsewhere.get(f"/api/sheets/{sheet['id']}").json()["totals"]["Alice"] == 48
    # A new server on the same database: the sheet is there, recomputed from what was typed.
    restarted = Player(make_app(url))
    assert restarted.log_in(name).status_code == 200
    assert restarted.get(f"/api/sheets/{sheet['id']}").json()["totals"] == {"Alice": 48, "Ben": 0, "Cara": 0, "Dev": 0}


def test_a_save_from_an_outdated_read_is_refused(app, player):
    """Two requests that read the same sheet: the second save is refused (the API answers 409)."""
    sheet = new_sheet(player, rules="free", players=["A", "B", "C"])
    store = app.state.store
    record = store.sheet(sheet["id"])
    store.save_sheet(
        record, create_sheet("free", ["A", "B", "C"], id=sheet["id"]).add_row({"points": {"A": 1}}).to_dict()
    )
    with pytest.raises(StaleSheetError):
        store.save_sheet(record, record.data)
    assert player.get(f"/api/sheets/{sheet['id']}").json()["totals"] == {"A": 1, "B": 0, "C": 0}


def test_errors_in_dutch(player):
    sheet = new_sheet(player, rules="nts", players=NTS)
    row = {"winner": "Ann", "win_by": "self_draw", "scores": {"Ann": 2400, "Bob": 0, "Cor": 0, "Dirk": 0}}
    english = player.post(f"/api/sheets/{sheet['id']}/rows", row).json()["detail"]
    headers = {"X-CSRF-Token": player.csrf, "Accept-Language": "nl-NL,nl;q=0.9"}
    dutch = player.client.post(f"/api/sheets/{sheet['id']}/rows", json=row, headers=headers).json()["detail"]
    # A sentence naming the player, no field names; the numbers as each language writes them.
    assert english == "The points of Ann: an NTS hand scores at most 2,000, not 2,400."
    assert dutch.startswith("De punten van Ann: ") and "2.400" in dutch
    player.client.cookies.set("lang", "nl")
    try:
        missing = player.get("/api/sheets/nothing-here").json()["detail"]
        assert missing == "Die scorelijst bestaat niet."
    finally:
        player.client.cookies.delete("lang")


def test_sheet_stored_is_what_the_core_computes(player):
    """The API's answer is the pure core's Sheet, nothing added or lost."""
    sheet = new_sheet(player, rules="chinese", players=NTS)
    sheet = add(player, sheet["id"], {"winner": "Cor", "win_by": "discard", "discarder": "Ann", "scores": {"Cor": 12}})
    core = create_sheet("chinese", NTS, id=sheet["id"]).add_row(
        {"winner": "Cor", "win_by": "discard", "discarder": "Ann", "scores": {"Cor": 12}}
    )
    assert json.loads(json.dumps(core.to_dict())) == sheet


def test_the_pages(player):
    page = player.get("/sheets")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert 'href="/sheets"' in page.text and 'id="new-sheet"' in page.text
    # ?lang=nl chooses Dutch and the cookie remembers it.
    dutch = player.get("/sheets?lang=nl")
    assert "Scorelijsten" in dutch.text and dutch.cookies.get("lang") == "nl"
    assert '<html lang="nl">' in player.get("/sheets").text
    assert "Score sheets" in player.get("/sheets?lang=en").text
    # Names are shown as text, never as markup, in the page and in the data the script reads.
    sheet = new_sheet(player, rules="free", players=["</script><b>x", "A&B", "C", "D"], title="<i>t</i>")
    page = player.get(f"/sheets/{sheet['id']}")
    assert page.status_code == 200
    assert "</script><b>" not in page.text and "<i>t</i>" not in page.text
    assert "&lt;i&gt;t&lt;/i&gt;" in page.text
    assert "&lt;i&gt;t&lt;/i&gt;" in player.get("/sheets").text
    missing = player.get("/sheets/not-a-sheet")
    assert missing.status_code == 404 and "There is no such sheet." in missing.text
    worker = player.get("/sheets-sw.js")
    assert worker.status_code == 200 and worker.headers["content-type"].startswith("text/javascript")


def test_a_sheet_holds_at_most_max_rows(player):
    from sparrow.web.sheets import MAX_ROWS

    sheet = create_sheet("free", ["A", "B", "C"]).to_dict()
    sheet["rows"] = [{"points": {"A": 1}}] * (MAX_ROWS + 1)
    answer = player.post("/api/sheets/import", sheet)
    assert answer.status_code == 422 and str(MAX_ROWS) in answer.json()["detail"]
    sheet["rows"] = sheet["rows"][:MAX_ROWS]
    full = player.post("/api/sheets/import", sheet)
    assert full.status_code == 201 and full.json()["totals"]["A"] == MAX_ROWS
    answer = player.post(f"/api/sheets/{full.json()['id']}/rows", {"points": {"B": 1}})
    assert answer.status_code == 422 and str(MAX_ROWS) in answer.json()["detail"]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_random_operations_match_the_core(player, seed):
    """Random rows (some malformed), edits, undos and ends through the API give exactly the sheet the
    pure core gives for the same operations; a refused one changes nothing."""
    import random

    from sparrow.sheets import SheetError

    rng = random.Random(seed)
    rules, players = rng.choice([("hkos", HKOS), ("nts", NTS), ("chinese", NTS), ("free", ["A", "B", "C"])])
    remote = new_sheet(player, rules=rules, players=players, length="open")
    local = create_sheet(rules, players, length="open", id=remote["id"])

    def random_row() -> dict:
        if rules == "free":
            return {"points": {name: rng.randint(-50, 50) for name in players if rng.random() < 0.8}}
        if rng.random() < 0.15:
            return {"drawn": True}
        winner = rng.choice(players)
        how = rng.choice(["discard", "self_draw"])
        row = {"winner": winner, "win_by": how}
        if how == "discard":
            row["discarder"] = rng.choice([p for p in players if p != winner] + [winner] * (rng.random() < 0.1))
        if rules == "nts":
            row["scores"] = {p: rng.choice([0, 8, 24, 40]) for p in players} | {winner: rng.choice([80, 136, 60])}
        elif rules == "hkos":
            row["scores"] = {winner: rng.choice([8, 16, 48, 128, 10])}
        else:
            row["scores"] = {winner: rng.choice([3, 8, 24, 2])}
        return row

    for _ in range(25):
        operation = rng.choice(["add", "add", "add", "edit", "undo", "end"])
        try:
            if operation == "add":
                row = random_row()
                answer = player.post(f"/api/sheets/{remote['id']}/rows", row)
                local_next = local.add_row(row)
            elif operation == "edit":
                n = rng.randint(1, max(1, len(local.rows)))
                row = random_row()
                answer = player.send("PUT", f"/api/sheets/{remote['id']}/rows/{n}", row)
                local_next = local.edit_row(n, row)
            elif operation == "undo":
                answer = player.send("DELETE", f"/api/sheets/{remote['id']}/rows/last")
                local_next = local.undo()
            else:
                answer = player.post(f"/api/sheets/{remote['id']}/end")
                local_next = local.end()
        except SheetError:
            assert answer.status_code in (404, 422), answer.text
            assert player.get(f"/api/sheets/{remote['id']}").json() == json.loads(json.dumps(local.to_dict()))
            continue
        assert answer.status_code in (200, 201), answer.text
        local = local_next
        assert answer.json() == json.loads(json.dumps(local.to_dict()))


# ---------------------------------------------------------------------------- riichi: one row per game


def test_a_riichi_sheet_through_the_api(player):
    sheet = new_sheet(player, rules="riichi", players=NTS, options={"preset": "tenhou"}, title="Club night")
    assert sheet["options"] == {"preset": "tenhou"} and sheet["match"]["oka"] == 20 and sheet["rows"] == []
    game = {"scores": {"Ann": 41200, "Bob": 28900, "Cor": 19700, "Dirk": 10200}}
    sheet = add(player, sheet["id"], game)
    assert sheet["rows"][0]["places"] == {"Ann": 1, "Bob": 2, "Cor": 3, "Dirk": 4}
    assert sheet["rows"][0]["points"] == {"Ann": 51.2, "Bob": 8.9, "Cor": -20.3, "Dirk": -39.8}
    sheet = add(player, sheet["id"], {"scores": {"Ann": 10200, "Bob": 41200, "Cor": 28900, "Dirk": 19700}})
    assert sheet["totals"] == {"Ann": 11.4, "Bob": 60.1, "Cor": -11.4, "Dirk": -60.1}
    assert [s["player"] for s in sheet["standings"]] == ["Bob", "Ann", "Cor", "Dirk"]
    # a wrong sum is a 422 naming the problem, in English and in Dutch, and changes nothing
    bad = {"scores": {**game["scores"], "Dirk": 10300}}
    english = add(player, sheet["id"], bad, status=422)["detail"]
    assert english == "The final scores add up to 100,100, not 100,000 (4 × 25,000 start points): 100 too many."
    headers = {"X-CSRF-Token": player.csrf, "Accept-Language": "nl"}
    dutch = player.client.post(f"/api/sheets/{sheet['id']}/rows", json=bad, headers=headers).json()["detail"]
    assert dutch == "De eindpunten zijn samen 100.100, niet 100.000 (4 × 25.000 startpunten): 100 te veel."
    assert player.get(f"/api/sheets/{sheet['id']}").json() == sheet
    # export and import: the same sheet, recomputed
    exported = player.get(f"/api/sheets/{sheet['id']}/export?format=json").json()
    copy = player.post("/api/sheets/import", exported).json()
    assert copy["totals"] == sheet["totals"] and copy["match"] == sheet["match"] and copy["origin"] == sheet["id"]
    lines = list(csv.reader(io.StringIO(player.get(f"/api/sheets/{sheet['id']}/export?format=csv").text)))
    assert lines[0][:2] == ["Game", "First dealer"] and lines[-1][-4:] == ["11.4", "60.1", "-11.4", "-60.1"]
    # the pages
    listing = player.get("/sheets").text
    assert 'id="sheet-preset"' in listing and "Riichi: one row per game, with uma and oka" in listing
    assert "2 games" in listing
    page = player.get(f"/sheets/{sheet['id']}?lang=nl").text
    assert "Tenhou: uma +20/+10/-10/-20 · start 25000 · terug 30000" in page
    player.client.cookies.delete("lang")


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"rules": "riichi", "players": NTS, "options": {"preset": "ema"}}, "The rules preset: unknown preset 'ema'"),
        ({"rules": "riichi", "players": NTS[:3]}, "The players: a riichi sheet needs 4 players' names, got 3"),
        ({"rules": "riichi", "players": NTS, "options": {"uma": [10, 10]}}, "The uma must be four whole numbers"),
    ],
)
def test_malformed_riichi_sheets_are_422(player, body, words):
    answer = player.post("/api/sheets", body)
    assert answer.status_code == 422 and answer.json()["detail"].startswith(words), answer.text
