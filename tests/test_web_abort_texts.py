"""An abortive draw (the engine's ``abort`` event, with its ``kind``) is told in the table's and the
room's log, and in the replay, with the kind named as a player reads it (web/family_views.py ABORTS),
in the page's language; and a hand that ends without a winner says how in ``result.ending`` in the
page's language too. The table's modules run under node where it is installed (browser-free)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from sparrow.web.family_views import ABORTS
from sparrow.web.replay_texts import replay_texts
from sparrow.web.table_texts import SCRIPT, texts
from tests.web_support import Player, make_app, plain

STATIC = Path(__file__).resolve().parent.parent / "src" / "sparrow" / "web" / "static"

# A minimal DOM for the table's modules (they read the page's data at import), then describe().
SCRIPT_JS = """
globalThis.document = {
  getElementById: (id) => id === "table-data" ? { textContent: JSON.stringify({ texts: TEXTS }) }
    : id === "game" ? { dataset: { game: "g", settings: "{}" } } : null,
  createElement: () => ({ classList: { add() {}, toggle() {} }, setAttribute() {}, append() {}, dataset: {} }),
};
const state = await import(ROOT + "/table/state.js");
const { describe } = await import(ROOT + "/table/events.js");
state.setView({ spectating: false, observation: { seat: "S", players: { E: "Easy 1", S: "You", W: "Easy 2", N: "Easy 3" } },
  hand_number: 1 });
const events = [
  { event: "abort", kind: "four_riichi" },
  { event: "abort", kind: "nine_terminals", seat: "E" },
  { event: "abort", kind: "nine_terminals", seat: "S" },
  { event: "abort", kind: "triple_ron", seats: ["E", "W", "N"] },
];
console.log(JSON.stringify(events.map(describe)));
"""


def describe_aborts(lang: str) -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    source = f"const TEXTS = {json.dumps(texts(lang))};\nconst ROOT = {json.dumps(STATIC.as_uri())};\n" + SCRIPT_JS
    done = subprocess.run([node, "--input-type=module", "-e", source], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_table_log_names_each_abortive_draw_in_english_and_dutch():
    assert describe_aborts("en") == [
        "Abortive draw: Four riichi",
        "Easy 1 (East) declares an abortive draw: Nine terminals and honours",
        "You declare an abortive draw: Nine terminals and honours",
        "Abortive draw: Three players won on one discard",
    ]
    assert describe_aborts("nl") == [
        "Afgebroken spel: Vier keer riichi",
        "Makkelijk 1 (Oost) verklaart een afgebroken spel: Negen verschillende eind- en eerstenen",
        "Je verklaart een afgebroken spel: Negen verschillende eind- en eerstenen",
        "Afgebroken spel: Drie spelers wonnen op één afgooi",
    ]


def test_the_scripts_name_the_kinds_the_server_names_and_the_pages_translate_them():
    family = (STATIC / "table" / "family.js").read_text()
    block = re.search(r"export const ABORTS = \{(.*?)\};", family, re.S)
    assert block is not None
    assert dict(re.findall(r'(\w+): "([^"]+)"', block[1])) == ABORTS
    replay = (STATIC / "replay.js").read_text()
    assert re.search(r'case "abort":\s*return abortSentence\(', replay)
    assert 'case "abortive"' not in (STATIC / "table" / "events.js").read_text()
    words = (*ABORTS.values(), "Abortive draw: {what}", "You declare an abortive draw: {what}")
    words += ("{name} declares an abortive draw: {what}",)
    for lang in ("en", "nl"):
        for page in (texts(lang), replay_texts(lang)):
            assert all(word in page for word in words)
    assert all(word in SCRIPT for word in words)
    assert texts("nl")["Four riichi"] == "Vier keer riichi"


def test_a_drawn_hand_says_how_it_ended_in_the_page_language(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'games.db'}", seeds=iter(range(1, 100)))
    try:
        player = Player(app)
        player.client.headers["Accept-Language"] = "nl"
        for _ in range(20):
            view = player.new_game(rules="riichi", level="easy")
            while not view["hand_over"]:
                legal = view["observation"]["legal_actions"]
                action = next((a for a in legal if a["action"] == "pass"), legal[-1])
                answer = player.act(view["id"], plain(action) | {"version": view["version"]})
                assert answer.status_code == 200, answer.text
                view = answer.json()
            if view["result"]["winner"] is None:
                break
        result = view["result"]
        assert result["winner"] is None
        assert result["ending"].startswith("De muur is leeg"), result["ending"]
        player.client.headers["Accept-Language"] = "en"
        english = player.get(f"/api/games/{view['id']}").json()["result"]["ending"]
        assert english.startswith("The wall is empty: ") and english != result["ending"]
    finally:
        app.state.store.close()
