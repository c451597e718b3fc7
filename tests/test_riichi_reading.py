"""Reading a Riichi table's discards (``sparrow.bots.reading``): each reading a strong player makes,
on rivers written by hand, and the Riichi hint telling each discard's danger against a riichi."""

from __future__ import annotations

from sparrow.bots.reading import RATES, dangers_against, passed_after_riichi, riichi_seats
from sparrow.core.tiles import parse_tile
from sparrow.game.riichi.hand import RiichiHand
from sparrow.game.views import RiverTile
from sparrow.play.hints import engine_hint
from tests.tenhou_turns import tenhou_turns
from tests.test_riichi_hand import discard, pass_all, table


def river(text: str, riichi_at: int | None = None) -> tuple[RiverTile, ...]:
    """``"1z 9m 4p"``: a river in order, the tile at ``riichi_at`` the declaring one."""
    return tuple(RiverTile(name, riichi=index == riichi_at) for index, name in enumerate(text.split()))


def seen(**counts: int) -> list[int]:
    """Copies in view by kind: ``seen(m8=4)``."""
    found = [0] * 34
    for name, count in counts.items():
        found[int(parse_tile(name[1:] + name[0]))] = count
    return found


def against(rivers: dict[str, tuple[RiverTile, ...]], seat: str = "S", **counts: int) -> dict[str, tuple[float, str]]:
    dangers = dangers_against(seat, rivers, seen(**counts))
    return {str(d.tile): (d.percent, d.reason) for d in dangers}


def _k(name: str) -> int:
    return int(parse_tile(name))


QUIET = {"E": river(""), "W": river(""), "N": river("")}


def test_a_tile_in_the_riichi_players_river_is_safe():
    rivers = {**QUIET, "S": river("1z 9m 4p", riichi_at=2), "W": river("2z 3s 6m 7p 8s")}
    read = against(rivers)
    assert read["9m"] == (0.0, "genbutsu") and read["4p"] == (0.0, "genbutsu")
    # Without the seat on turn, another river does not say which of its tiles came after the riichi:
    # West's later tiles keep their own reading.
    assert read["7p"][0] > 0 and read["8s"][0] > 0
    assert riichi_seats(rivers) == {"S": 2}


def test_what_passed_after_a_riichi_is_safe_counted_by_go_arounds():
    # South declared on its third discard and has let two more go since: two go-arounds. On East's
    # turn, West and North (between South and East) have discarded three times since, East twice.
    rivers = {
        "E": river("1m 2m 3m 4m 5m"),
        "S": river("1z 9m 4p 2s 8s", riichi_at=2),
        "W": river("6z 6m 6p 7p 3s 5s"),
        "N": river("7z 9p 8p 6s 1s 4s"),
    }
    passed = passed_after_riichi("S", rivers, 2, "E")
    assert passed == {
        _k("4m"),
        _k("5m"),
        _k("7p"),
        _k("3s"),
        _k("5s"),
        _k("6s"),
        _k("1s"),
        _k("4s"),
        _k("2s"),
        _k("8s"),
    }
    read = {str(d.tile): (d.percent, d.reason) for d in dangers_against("S", rivers, seen(), turn="E")}
    assert read["5s"] == (0.0, "genbutsu") and read["4m"] == (0.0, "genbutsu")
    assert read["6p"][0] > 0 and read["3m"][0] > 0  # let go before the riichi: read as any other tile
    # A call since the riichi skips turns, so the count says nothing: only South's own river is read.
    called = {**rivers, "W": (*rivers["W"][:-1], RiverTile("5s", called=True))}
    assert passed_after_riichi("S", called, 2, "E") == set()


def _riichi_threat_turns(games: int):
    """Every turn of the first ``games`` Tenhou games of tests/data where a seat faced a riichi: the
    rivers as that seat saw them, the riichi seat, its river's declaring tile, the seat on turn, and
    the kinds truly discarded after the riichi (from the log's order)."""
    for hand, events, upto in tenhou_turns(games):
        if events[upto]["event"] != "discard":
            continue
        seat = hand.to_act[0]
        rivers = hand.observation(seat).family.rivers()
        for threat, declared in riichi_seats(rivers).items():
            if threat == seat:
                continue
            truth, after = set(), False
            for event in events[:upto]:
                if event["event"] == "discard":
                    if after:
                        truth.add(_k(event["tile"].replace("0", "5")))
                    after = after or (event["seat"] == threat and bool(event.get("riichi")))
            yield rivers, threat, declared, seat, truth


def test_what_passed_after_a_riichi_in_real_games_was_let_go_after_it():
    """Over real Tenhou games, where the log gives the true order: every kind read as passed after a
    riichi was discarded after it, and most turns facing a riichi read something."""
    read = checked = 0
    for rivers, seat, declared, turn, truth in _riichi_threat_turns(games=4):
        passed = passed_after_riichi(seat, rivers, declared, turn)
        assert passed <= truth, (seat, turn, sorted(passed - truth))
        checked += 1
        read += bool(passed)
    assert checked > 100 and read > checked // 2


def test_suji_halves_a_tile_and_four_to_six_need_both_sides():
    rivers = {**QUIET, "S": river("4p 1s 7s 5m", riichi_at=3)}
    read = against(rivers)
    assert read["1p"] == (RATES["suji 1/9"], "suji 1/9")
    assert read["7p"] == (RATES["suji 3/7"], "suji 3/7")
    assert read["4s"] == (RATES["both suji 4-6"], "both suji 4-6")
    assert read["6p"] == (RATES["no suji 4-6"], "no suji 4-6")
    assert read["2m"][1] == "suji 2/8"  # 5m, the riichi tile itself, covers 2m and 8m
    assert RATES["suji 1/9"] < RATES["no suji 1/9"] and RATES["half suji 4-6"] < RATES["no suji 4-6"]


def test_a_half_suji_middle_tile_is_between():
    read = against({**QUIET, "S": river("1s 2z", riichi_at=1)})
    assert read["4s"] == (RATES["half suji 4-6"], "half suji 4-6")


def test_honours_by_the_copies_in_view():
    rivers = {**QUIET, "S": river("9m", riichi_at=0)}
    read = against(rivers, z5=3, z6=2, z7=1)
    assert read["5z"] == (RATES["honour, 3 seen"], "honour, 3 seen")
    assert read["6z"] == (RATES["honour, 2 seen"], "honour, 2 seen")
    assert read["7z"] == (RATES["honour, 1 seen"], "honour, 1 seen")
    assert read["1z"] == (RATES["honour, none seen"], "honour, none seen")


def test_no_chance_and_one_chance():
    rivers = {**QUIET, "S": river("1z", riichi_at=0)}
    # Every 8m in view: no run waits on 9m (it needs 7m-8m), only a pair wait can.
    read = against(rivers, m8=4)
    assert read["9m"] == (RATES["no chance"], "no chance")
    # Three 8m: one chance, a lower rate than the plain reading, and said.
    read = against(rivers, m8=3)
    assert read["9m"] == (round(RATES["no suji 1/9"] * 0.6, 1), "no suji 1/9, one chance")


def test_beside_the_riichi_tile_and_outside_an_early_discard():
    read = against({**QUIET, "S": river("3s 1z 2z 9m 5p", riichi_at=4)})
    # 3p and 4p share a run with the riichi tile 5p: more dangerous than their plain reading.
    assert read["4p"] == (round(RATES["no suji 4-6"] * 1.3, 1), "no suji 4-6, beside the riichi tile")
    assert read["3p"][1] == "no suji 3/7, beside the riichi tile"
    # 1s and 2s lie outside 3s, let go in the first turns: a little safer.
    assert read["2s"] == (round(RATES["no suji 2/8"] * 0.8, 1), "no suji 2/8, outside an early discard")
    assert read["9p"] == (RATES["no suji 1/9"], "no suji 1/9")


def test_the_hint_tells_each_discards_danger_against_a_riichi():
    # East declares riichi on 1z, ready on 1p-4p; South, on turn, asks for a hint.
    state = table("123m456m789m23p55s", draws="1z 7s", dora="1z")
    before = engine_hint(RiichiHand(state=state), "E", {})
    assert before is not None and before["discards"]  # nobody in riichi yet: no risk to tell
    assert all(row["risk"] == [] for row in before["discards"])
    discard(state, "1z", riichi=True)
    pass_all(state)
    hint = engine_hint(RiichiHand(state=state), "S", {})
    assert hint is not None and hint["threats"] == ["E"]
    rows = {row["discard"]: row for row in hint["discards"]}
    assert rows["1z"]["risk"] == [{"seat": "E", "percent": 0.0, "why": "genbutsu", "notes": []}]
    assert rows["1z"]["safe_from"] == ["E"]
    # South sees its own tiles, East's river and the indicator: 2m has no suji and no wall to read.
    assert rows["2m"]["risk"] == [{"seat": "E", "percent": RATES["no suji 2/8"], "why": "no suji 2/8", "notes": []}]
    assert rows["5m"]["risk"][0]["why"] == "no suji 4-6"
