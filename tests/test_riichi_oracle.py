"""The Riichi scorer against the PyPI ``mahjong`` package (2.1.0) on random winning hands.

The hands come from ``sparrow.rules.riichi.generate`` (closed and open, kans, seven pairs, thirteen
orphans, themed draws for the rarer yaku, random winds, circumstances, dora, red fives and rule
options); each is valued by both and every answer must agree: the same han, fu, yaku (by name) and
payments, or the same refusal (no yaku). The options the package lacks (double wind pair 2 fu, no
renhou) stay at the values the package plays. bench/riichi_scoring.py runs the same comparison on
100,000 hands.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("mahjong")

from sparrow.rules.riichi import NoYakuError, RiichiOptions, score, scoring_table  # noqa: E402
from sparrow.rules.riichi.generate import random_riichi_hand  # noqa: E402
from tests.riichi_oracle_support import peer_answer, sparrow_answer  # noqa: E402

HANDS = 2000


def _describe(hand) -> str:
    melds = " ".join(f"{m.kind}{'' if m.open else '(closed)'} {''.join(map(str, m.tiles))}" for m in hand.melds)
    flags = [
        name
        for name in (
            "tsumo",
            "riichi",
            "double_riichi",
            "ippatsu",
            "haitei",
            "houtei",
            "rinshan",
            "chankan",
            "tenhou",
            "chiihou",
            "renhou",
        )
        if getattr(hand, name)
    ]
    return (
        f"{''.join(map(str, hand.concealed))} + {hand.winning_tile} [{melds}] seat {hand.seat_wind} round "
        f"{hand.round_wind} {flags} dora {list(map(str, hand.dora_indicators))} aka {hand.aka} {hand.options}"
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_agrees_with_the_mahjong_package(seed):
    rng = random.Random(f"riichi-oracle:{seed}")
    disagreements = []
    scored = 0
    for _ in range(HANDS // 2):
        hand = random_riichi_hand(rng)
        ours, theirs = sparrow_answer(hand), peer_answer(hand)
        scored += ours.error is None
        if not ours.same(theirs):
            disagreements.append(f"{_describe(hand)}\n  sparrow {ours}\n  mahjong {theirs}")
    assert not disagreements, f"{len(disagreements)} of {HANDS // 2} differ:\n" + "\n".join(disagreements[:5])
    assert scored > HANDS // 4  # most generated hands have a yaku


def test_yaku_come_up_and_every_card_line_is_in_the_table():
    """The generator reaches the yaku the comparison is meant to check, and every line the scorer
    writes is a row of its scoring table; the fu lines add up to the fu."""
    rng = random.Random("riichi-oracle:lines")
    table = scoring_table()
    seen: set[str] = set()
    for _ in range(1500):
        hand = random_riichi_hand(rng)
        try:
            result = score(hand)
        except NoYakuError:
            continue
        seen.update(result.yaku_keys)
        for item in result.items:
            assert table.entry_of(item) is not None, item
        if not result.yakuman:
            assert sum(line.value for line in result.fu_lines) == result.fu
        assert result.reading
    common = {
        "riichi",
        "pinfu",
        "tanyao",
        "menzen_tsumo",
        "iipeikou",
        "chiitoitsu",
        "toitoi",
        "sanankou",
        "honitsu",
        "chinitsu",
        "chanta",
        "ittsu",
        "sanshoku",
        "dora",
        "aka",
        "ura",
        "haku",
        "seat_wind",
        "round_wind",
    }
    assert common <= seen, common - seen


def test_options_the_package_has_are_compared_at_both_settings():
    rng = random.Random("riichi-oracle:options")
    for options in (
        RiichiOptions(),
        RiichiOptions(
            open_tanyao=False, aka_dora=False, kiriage=True, kazoe_yakuman=False, double_yakuman=True, renhou="mangan"
        ),
    ):
        for _ in range(250):
            hand = random_riichi_hand(rng, options)
            ours, theirs = sparrow_answer(hand), peer_answer(hand)
            assert ours.same(theirs), f"{_describe(hand)}\n  sparrow {ours}\n  mahjong {theirs}"
