"""mjai logs (sparrow.formats.mjai): riichienv's games read and written back to the same messages, the
tiles' names converted both ways, malformed lines refused in one line, and the sample games consistent
as far as the format tells (tests/data/riichienv/, written by tools/riichienv_games.py)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sparrow.core.tiles import Tile
from sparrow.formats.mjai import (
    EVENT_TYPES,
    HIDDEN,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
    EndKyoku,
    Hora,
    Kakan,
    MjaiError,
    MjaiEvent,
    MjaiTile,
    Pon,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
    aka_counts,
    event_to_dict,
    parse_event,
    read_mjai,
    tile_from_mjai,
    tile_to_mjai,
    write_mjai,
)

DATA = Path(__file__).parent / "data" / "riichienv"
GAMES = sorted(DATA.glob("*.jsonl"))
STICK = 1000
START_TOTAL = 4 * 25000

MJAI_NAMES = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)] + ["5mr", "5pr", "5sr"] + list("ESWNPFC")


def _messages(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _kyokus(events: list[MjaiEvent]) -> list[list[MjaiEvent]]:
    """The game's hands, each from its start_kyoku to its end_kyoku (both included)."""
    hands: list[list[MjaiEvent]] = []
    for event in events:
        if isinstance(event, StartKyoku):
            hands.append([])
        if hands:
            hands[-1].append(event)
    return hands


def test_there_are_sample_games():
    assert len(GAMES) >= 5
    assert sum(path.stat().st_size for path in GAMES) < 1_200_000


# ------------------------------------------------------------------------------------- round trip


@pytest.mark.parametrize("path", GAMES, ids=lambda path: path.stem)
def test_a_sample_game_reads_and_writes_back_to_the_same_messages(path):
    text = path.read_text(encoding="utf-8")
    events = read_mjai(text)
    assert len(events) == len(_messages(text))
    written = write_mjai(events)
    assert _messages(written) == _messages(text)
    assert read_mjai(written) == events
    # Every message is read into its fields: none of riichienv's is left over in extra.
    assert all(not event.extra for event in events)


def test_the_samples_hold_every_kind_of_message_riichienv_writes():
    kinds = Counter(type(event).__name__ for path in GAMES for event in read_mjai(path.read_text()))
    for name in ("StartGame", "StartKyoku", "Tsumo", "Dahai", "Chi", "Pon", "Daiminkan", "Kakan", "Ankan"):
        assert kinds[name], name
    for name in ("Dora", "Reach", "ReachAccepted", "Hora", "Ryukyoku", "EndKyoku", "EndGame"):
        assert kinds[name], name


def test_riichienv_replays_the_written_logs(tmp_path):
    riichienv = pytest.importorskip("riichienv")
    for path in GAMES:
        events = read_mjai(path.read_text())
        out = tmp_path / path.name
        out.write_text(write_mjai(events), encoding="utf-8")
        replay = riichienv.MjaiReplay.from_jsonl(str(out))
        assert replay.num_rounds() == sum(isinstance(event, StartKyoku) for event in events)


def test_fields_left_out_stay_out_and_unknown_fields_are_kept():
    line = '{"type":"hora","actor":1,"target":1,"meta":{"q":[1,2]},"possible_actions":[]}'
    (event,) = read_mjai(line)
    assert isinstance(event, Hora) and event.is_tsumo and event.deltas is None
    assert event.extra == {"meta": {"q": [1, 2]}, "possible_actions": []}
    assert _messages(write_mjai([event])) == _messages(line)


def test_the_protocol_fields_of_gimite_mjai_are_read():
    lines = [
        '{"type":"start_game","id":1,"names":["A","B","C","D"]}',
        '{"type":"reach_accepted","actor":1,"deltas":[0,-1000,0,0],"scores":[25000,24000,25000,25000]}',
        '{"type":"hora","actor":2,"target":3,"pai":"9m","uradora_markers":["6m"],'
        '"hora_tehais":["5m","5mr","7m","8m","1p","1p","1p","3p","4p","5pr","8s","8s","8s"],'
        '"yakus":[["uradora",1],["akadora",2],["reach",1]],"fu":50,"fan":4,"hora_points":8000,'
        '"deltas":[0,0,10300,-8300],"scores":[25000,30800,34700,9500]}',
        '{"type":"ryukyoku","reason":"fanpai","tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],'
        '["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],'
        '["?","?","?","?","?","?","?","?","?","?","?","?","?"]],"tenpais":[false,true,false,false],'
        '"deltas":[-1000,3000,-1000,-1000],"scores":[25000,25000,25000,25000]}',
        '{"type":"end_game","scores":[25000,25000,25000,25000]}',
        '{"type":"none"}',
    ]
    start, accepted, hora, draw, end, _none = read_mjai(lines)
    assert isinstance(start, StartGame) and start.id == 1 and start.names == ("A", "B", "C", "D")
    assert isinstance(accepted, ReachAccepted) and accepted.deltas == (0, -1000, 0, 0)
    assert isinstance(hora, Hora) and hora.pai == tile_from_mjai("9m") and hora.fan == 4
    assert hora.yakus == (("uradora", 1), ("akadora", 2), ("reach", 1))
    assert aka_counts(hora.hora_tehais or ()) == (1, 1, 0)
    assert isinstance(draw, Ryukyoku) and draw.tenpais == (False, True, False, False)
    assert draw.tehais is not None and draw.tehais[0][0] == HIDDEN
    assert isinstance(end, EndGame) and end.scores == (25000,) * 4
    assert all(not event.extra for event in (start, accepted, hora, draw, end))
    assert _messages(write_mjai(read_mjai(lines))) == _messages("\n".join(lines))


# ------------------------------------------------------------------------------------------- tiles


def test_tile_names():
    assert tile_from_mjai("1m") == MjaiTile(Tile.parse("1m"))
    assert tile_from_mjai("9s") == MjaiTile(Tile.parse("9s"))
    assert tile_from_mjai("5pr") == MjaiTile(Tile.parse("5p"), True)
    assert [tile_from_mjai(name).notation for name in "ESWNPFC"] == [f"{k}z" for k in range(1, 8)]
    assert tile_from_mjai("?") == HIDDEN and HIDDEN.notation == "?"
    assert tile_to_mjai("7z") == "C" and tile_to_mjai(Tile.parse("5z")) == "P" and tile_to_mjai(32) == "F"
    assert tile_to_mjai("5m", red=True) == "5mr" and tile_to_mjai(None) == "?"
    assert str(tile_from_mjai("5sr")) == "5sr"
    assert aka_counts(tile_from_mjai(name) for name in ("5mr", "5m", "5sr", "5s", "?")) == (1, 0, 1)


@given(st.sampled_from(MJAI_NAMES))
def test_tile_names_round_trip(name):
    tile = tile_from_mjai(name)
    assert tile.tile is not None
    assert tile_to_mjai(tile.tile, tile.red) == name
    assert tile_to_mjai(tile) == name
    assert tile_from_mjai(tile_to_mjai(tile.notation, tile.red)) == tile


@given(st.integers(0, 33), st.booleans())
def test_project_tiles_round_trip(index, red):
    tile = Tile(index)
    if red and not (tile.is_suited and tile.rank == 5):
        with pytest.raises(MjaiError, match="cannot be a red five"):
            tile_to_mjai(tile, red)
        return
    assert tile_from_mjai(tile_to_mjai(tile, red)) == MjaiTile(tile, red)


@pytest.mark.parametrize("name", ["0m", "5zr", "1z", "5m ", "", "e", "10m", "5r", "4mr", None, 5])
def test_unknown_tile_names_are_refused(name):
    with pytest.raises(MjaiError, match="unknown mjai tile"):
        tile_from_mjai(name)


def test_bonus_tiles_have_no_mjai_name():
    with pytest.raises(MjaiError, match="cannot be an mjai tile"):
        tile_to_mjai("1f")
    with pytest.raises(MjaiError):
        tile_to_mjai("8z")


# ---------------------------------------------------------------------------------- malformed lines

GOOD_DAHAI = {"type": "dahai", "actor": 0, "pai": "1m", "tsumogiri": False}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{oops", "line 2: not JSON"),
        ("[1, 2]", "line 2: expected a JSON object, got [1, 2]"),
        ('{"actor":0}', "line 2: the message has no type"),
        ('{"type":"discard"}', 'line 2: unknown message type "discard"'),
        ('{"type":3}', "line 2: unknown message type 3"),
        ('{"type":"dahai","actor":0,"pai":"1m"}', 'line 2: dahai: missing field "tsumogiri"'),
        ('{"type":"dahai","actor":4,"pai":"1m","tsumogiri":false}', 'line 2: dahai: field "actor": expected a seat'),
        ('{"type":"dahai","actor":true,"pai":"1m","tsumogiri":false}', 'field "actor": expected a seat 0-3, got true'),
        ('{"type":"dahai","actor":0,"pai":"0m","tsumogiri":false}', 'field "pai": unknown mjai tile "0m"'),
        ('{"type":"dahai","actor":0,"pai":"1m","tsumogiri":1}', 'field "tsumogiri": expected true or false, got 1'),
        ('{"type":"pon","actor":0,"target":1,"pai":"1m","consumed":["1m"]}', 'field "consumed": expected 2 tiles'),
        ('{"type":"ankan","actor":0,"consumed":"1m1m1m1m"}', 'field "consumed": expected a list of mjai tiles'),
        ('{"type":"hora","actor":0,"target":1,"deltas":[1,2]}', 'hora: field "deltas": expected a list of integers'),
        ('{"type":"hora","actor":0,"target":1,"fu":-30}', 'hora: field "fu": expected a count'),
        ('{"type":"start_kyoku","bakaze":"X"}', 'start_kyoku: field "bakaze": expected a wind'),
        ('{"type":"reach"}', 'line 2: reach: missing field "actor"'),
    ],
)
def test_malformed_lines_give_one_line_errors(line, message):
    with pytest.raises(MjaiError) as caught:
        read_mjai([json.dumps({"type": "start_game"}), line])
    text = str(caught.value)
    assert message in text
    assert "\n" not in text and len(text) < 160


def test_a_malformed_start_kyoku_names_the_tiles_at_fault():
    start = json.loads(GAMES[0].read_text().splitlines()[1])
    start["tehais"][2] = start["tehais"][2][:12]
    with pytest.raises(MjaiError, match='line 1: start_kyoku: field "tehais": expected 13 tiles, got 12'):
        read_mjai([json.dumps(start)])
    start["tehais"] = start["tehais"][:2]
    with pytest.raises(MjaiError, match="expected a list of tile lists, one a seat"):
        read_mjai([json.dumps(start)])


def test_blank_lines_are_skipped_and_counted():
    with pytest.raises(MjaiError, match="^line 3: "):
        read_mjai(['{"type":"start_game"}', "", '{"type":"nope"}'])
    assert read_mjai('{"type":"end_kyoku"}\n\n') == [EndKyoku()]


def test_parse_event_without_a_line():
    assert parse_event(GOOD_DAHAI) == Dahai(actor=0, pai=tile_from_mjai("1m"), tsumogiri=False)
    with pytest.raises(MjaiError, match="^dahai: missing field"):
        parse_event({"type": "dahai"})
    assert event_to_dict(parse_event(GOOD_DAHAI)) == GOOD_DAHAI


def test_writing_refuses_a_message_that_would_not_read_back():
    with pytest.raises(MjaiError, match='^dahai: field "actor": expected a seat 0-3, got 4$'):
        write_mjai([Dahai(actor=4, pai=tile_from_mjai("1m"), tsumogiri=False)])
    with pytest.raises(MjaiError, match='^tsumo: field "pai": '):
        write_mjai([Tsumo(actor=0, pai=MjaiTile(Tile.parse("1f")))])
    with pytest.raises(MjaiError, match='^chi: field "consumed": expected 2 tiles, got 3$'):
        write_mjai([Chi(actor=1, target=0, pai=tile_from_mjai("1m"), consumed=(tile_from_mjai("2m"),) * 3)])
    with pytest.raises(MjaiError, match="not an mjai message"):
        event_to_dict(MjaiEvent())


def test_messages_are_values():
    first, second = read_mjai([json.dumps(GOOD_DAHAI)] * 2)
    assert first == second and hash(first) == hash(second) and len({first, second}) == 1
    assert first != Dahai(actor=0, pai=tile_from_mjai("1m"), tsumogiri=False, extra={"x": 1})


def test_every_message_type_is_known_by_its_name():
    assert set(EVENT_TYPES) == {
        "start_game",
        "start_kyoku",
        "tsumo",
        "dahai",
        "chi",
        "pon",
        "daiminkan",
        "kakan",
        "ankan",
        "dora",
        "reach",
        "reach_accepted",
        "hora",
        "ryukyoku",
        "end_kyoku",
        "end_game",
        "none",
    }


# ------------------------------------------------------------------------- the samples are consistent


@pytest.mark.parametrize("path", GAMES, ids=lambda path: path.stem)
def test_a_sample_game_is_framed(path):
    events = read_mjai(path.read_text())
    assert isinstance(events[0], StartGame) and isinstance(events[-1], EndGame)
    hands = _kyokus(events[1:-1])
    assert sum(len(hand) for hand in hands) == len(events) - 2  # nothing outside a hand
    for hand in hands:
        assert isinstance(hand[0], StartKyoku) and isinstance(hand[-1], EndKyoku)
        ends = [event for event in hand if isinstance(event, (Hora, Ryukyoku))]
        assert ends and hand[-len(ends) - 1 : -1] == ends  # the hand's results end it
        assert all(isinstance(end, Hora) for end in ends) or len(ends) == 1  # a draw ends alone
        assert not any(isinstance(event, (StartKyoku, EndKyoku, StartGame, EndGame)) for event in hand[1:-1])


@pytest.mark.parametrize("path", GAMES, ids=lambda path: path.stem)
def test_a_sample_game_keeps_the_stick_arithmetic(path):
    """Hand after hand: scores plus sticks on the table are the 100,000 dealt; a hand's wins share
    out the sticks (those on the table and this hand's riichi), a draw moves points only and leaves
    the sticks; the next hand starts from the scores the deltas and riichi payments give, with the
    honba Tenhou's rules give (one more after a draw or a dealer's win, else none)."""
    hands = _kyokus(read_mjai(path.read_text()))
    for number, (hand, following) in enumerate(zip(hands, [*hands[1:], None]), start=1):
        start = hand[0]
        assert isinstance(start, StartKyoku)
        assert sum(start.scores) + STICK * start.kyotaku == START_TOTAL, f"hand {number}"
        scores = list(start.scores)
        riichi = 0
        for event in hand:
            if isinstance(event, ReachAccepted):
                riichi += 1
                scores[event.actor] -= STICK
        wins = [event for event in hand if isinstance(event, Hora)]
        draws = [event for event in hand if isinstance(event, Ryukyoku)]
        results = [*wins, *draws]
        assert all(result.deltas is not None for result in results)
        deltas = [sum(result.deltas[seat] for result in results if result.deltas) for seat in range(4)]
        sticks = start.kyotaku + riichi
        if wins:
            assert sum(deltas) == STICK * sticks, f"hand {number}: wins must share {sticks} sticks"
            for win in wins:
                assert win.deltas is not None and max(win.deltas) == win.deltas[win.actor] > 0
            sticks = 0
        else:
            assert sum(deltas) == 0, f"hand {number}: a draw moves points only"
        scores = [score + delta for score, delta in zip(scores, deltas)]
        if following is None:
            continue
        next_start = following[0]
        assert isinstance(next_start, StartKyoku)
        assert list(next_start.scores) == scores, f"hand {number}"
        assert next_start.kyotaku == sticks, f"hand {number}"
        dealer_won = any(win.actor == start.oya for win in wins)
        honba = start.honba + 1 if draws or dealer_won else 0
        assert next_start.honba == honba, f"hand {number}"
        if dealer_won:
            assert (next_start.bakaze, next_start.kyoku, next_start.oya) == (start.bakaze, start.kyoku, start.oya)


def _take(held: list[Counter[MjaiTile]], seat: int, tiles: tuple[MjaiTile, ...]) -> None:
    for tile in tiles:
        assert held[seat][tile] > 0, f"seat {seat} does not hold {tile}"
        held[seat][tile] -= 1


@pytest.mark.parametrize("path", GAMES, ids=lambda path: path.stem)
def test_a_sample_game_plays_the_tiles_it_holds(path):
    """Each seat's tiles followed through its hand: a discard, a call's consumed tiles and a kan's
    are tiles held; a call takes the last discard from its target; no tile is seen five times."""
    for hand in _kyokus(read_mjai(path.read_text())):
        start = hand[0]
        assert isinstance(start, StartKyoku)
        held = [Counter(tiles) for tiles in start.tehais]
        seen: Counter[MjaiTile] = Counter(tile for tiles in start.tehais for tile in tiles)
        seen[start.dora_marker] += 1
        last_draw: list[MjaiTile | None] = [None] * 4
        last_discard: tuple[int, MjaiTile] | None = None
        ura: set[tuple[MjaiTile, ...]] = set()

        for event in hand[1:]:
            if isinstance(event, Tsumo):
                held[event.actor][event.pai] += 1
                seen[event.pai] += 1
                last_draw[event.actor] = event.pai
            elif isinstance(event, Dahai):
                _take(held, event.actor, (event.pai,))
                if event.tsumogiri:
                    assert last_draw[event.actor] == event.pai
                last_discard = (event.actor, event.pai)
            elif isinstance(event, (Chi, Pon, Daiminkan)):
                assert last_discard == (event.target, event.pai) and event.target != event.actor
                _take(held, event.actor, event.consumed)
                kinds = {tile.tile for tile in event.consumed}
                if isinstance(event, Chi):
                    assert event.target == (event.actor + 3) % 4  # from the player on the left
                    ranks = sorted(tile.tile for tile in (*event.consumed, event.pai) if tile.tile is not None)
                    assert ranks == list(range(ranks[0], ranks[0] + 3)) and Tile(ranks[0]).is_suited
                else:
                    assert kinds == {event.pai.tile}
            elif isinstance(event, Kakan):
                _take(held, event.actor, (event.pai,))
                assert {tile.tile for tile in event.consumed} == {event.pai.tile}
            elif isinstance(event, Ankan):
                _take(held, event.actor, event.consumed)
                assert len({tile.tile for tile in event.consumed}) == 1
            elif isinstance(event, Dora):
                seen[event.dora_marker] += 1
            elif isinstance(event, Hora):
                if event.is_tsumo:
                    assert sum(held[event.actor].values()) % 3 == 2  # the winning tile in hand
                else:
                    assert last_discard is not None and last_discard[0] == event.target
                    assert sum(held[event.actor].values()) % 3 == 1
                if event.ura_markers:
                    ura.add(event.ura_markers)
        assert len(ura) <= 1  # one set of ura indicators a hand, whoever shows it
        for markers in ura:
            seen.update(markers)
        kinds: Counter[Tile | None] = Counter()
        for tile, count in seen.items():
            kinds[tile.tile] += count
            if tile.red:
                assert count == 1, f"red five {tile} seen {count} times"
        assert max(kinds.values()) <= 4


def test_red_fives_are_in_play():
    reds = Counter()
    for path in GAMES:
        for hand in _kyokus(read_mjai(path.read_text())):
            start = hand[0]
            assert isinstance(start, StartKyoku)
            reds.update(tile for tiles in start.tehais for tile in tiles if tile.red)
    assert set(reds) == {tile_from_mjai("5mr"), tile_from_mjai("5pr"), tile_from_mjai("5sr")}
