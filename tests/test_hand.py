import pytest

from sparrow.core.hand import Hand, HandError, Meld, MeldKind
from sparrow.core.tiles import parse_tiles


def test_a_hand_with_melds_and_bonus_tiles():
    hand = Hand.parse("123m78s55z", [Meld.pung("7z"), Meld.kong("1s", open=False)], bonus="1f6f", size=13)
    assert hand.tile_count == 13
    assert not hand.is_concealed
    assert str(hand) == "123m78s55z [777z] (1111s) 16f"
    assert eval(repr(hand)) == hand


def test_only_concealed_kongs_keep_a_hand_concealed():
    assert Hand.parse("123m456p78s55z", [Meld.kong("1s", open=False)]).is_concealed
    assert not Hand.parse("123m456p78s55z", [Meld.chow("1s")]).is_concealed


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Hand.parse("1111m1m"), "more than four copies of 1m"),
        (lambda: Hand.parse("111m", [Meld.kong("1m")]), "more than four copies of 1m"),
        (lambda: Meld.parse("chow", "123z"), "not honours"),
        (lambda: Meld.parse("chow", "135m"), "three consecutive"),
        (lambda: Meld.parse("chow", "891m"), "three consecutive"),
        (lambda: Meld.parse("kong", "111m"), "a kong has 4 tiles, not 3"),
        (lambda: Meld.parse("pung", "112m"), "3 identical tiles"),
        (lambda: Meld.parse("pung", "111m", open=False), "only a kong can be declared concealed"),
        (lambda: Meld.parse("chow", "123m", open=False), "always open"),
        (lambda: Meld.parse("pung", "1f2f3f"), "bonus tile"),
        (lambda: Meld.parse("run", "123m"), "unknown meld kind"),
        (lambda: Hand(tuple(parse_tiles("123m1f"))), "bonus tile 1f cannot stand in the concealed hand"),
        (lambda: Hand.parse("123m", bonus="1m"), "not a flower or season"),
        (lambda: Hand.parse("123m456p", size=13), "holds 6 tiles"),
        (lambda: Hand.parse("1f", bonus="1f"), "bonus tile"),
    ],
)
def test_impossible_hands_raise_a_specific_error(build, message):
    with pytest.raises(HandError) as error:
        build()
    assert message in str(error.value)


def test_melds_are_values():
    assert Meld.parse("chow", "231m") == Meld.chow("1m")
    assert Meld.chow("7p").tiles == tuple(parse_tiles("789p"))
    assert Meld.kong("5z", open=False).kind is MeldKind.KONG
    assert eval(repr(Meld.kong("5z", open=False))) == Meld.kong("5z", open=False)
    with pytest.raises(HandError):
        Meld.chow("8m")


def test_adding_and_removing_tiles():
    hand = Hand.parse("123m")
    assert hand.with_tile(parse_tiles("4m")[0]).concealed == tuple(parse_tiles("1234m"))
    assert hand.without_tile(parse_tiles("2m")[0]).concealed == tuple(parse_tiles("13m"))
    with pytest.raises(HandError, match="does not hold 9m"):
        hand.without_tile(parse_tiles("9m")[0])
