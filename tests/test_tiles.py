import pytest
from hypothesis import given
from hypothesis import strategies as st

from sparrow.core.tiles import (
    BONUS_TILES,
    KINDS,
    Tile,
    TileError,
    format_tiles,
    format_tiles_in_order,
    full_set,
    parse_tiles,
    tile_counts,
)
from tests.strategies import tile_lists


def test_layout_of_the_34_kinds_and_8_bonus_tiles():
    assert [str(t) for t in KINDS[:3]] == ["1m", "2m", "3m"]
    assert str(KINDS[9]) == "1p" and str(KINDS[18]) == "1s" and str(KINDS[27]) == "1z"
    assert [str(t) for t in BONUS_TILES] == ["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"]
    assert len(full_set(with_bonus=False)) == 136
    assert len(full_set()) == 144
    assert tile_counts(full_set()) == [4] * 34


def test_suit_letter_applies_to_every_digit_before_it():
    assert parse_tiles("123m45p") == [Tile.parse(x) for x in ("1m", "2m", "3m", "4p", "5p")]
    assert parse_tiles("777z") == [Tile.parse("7z")] * 3


def test_canonical_form_sorts_by_suit_then_rank_and_groups_each_suit_once():
    assert format_tiles(parse_tiles("5p1m32m")) == "123m5p"
    assert format_tiles(parse_tiles("1f 7z 9s 1p 1m")) == "1m1p9s7z1f"


def test_order_preserving_form_keeps_a_discard_sequence():
    tiles = parse_tiles("5p1m32m", as_set=False)
    assert format_tiles_in_order(tiles) == "5p132m"
    assert parse_tiles(format_tiles_in_order(tiles)) == tiles


def test_whitespace_between_groups_is_allowed():
    assert parse_tiles(" 123m  456p\t1z ") == parse_tiles("123m456p1z")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1x", "unknown character 'x' at position 1"),
        ("12", "digits at position 0"),
        ("12 3m", "digits at position 0"),
        ("0m", "'0m' at position 0"),
        ("8z", "'8z' at position 0"),
        ("123m9f", "'9f' at position 4"),
        ("11111m", "more than four copies of 1m at position 4"),
        ("1m2m1m1m1m1m", "more than four copies of 1m at position 10"),
        ("1f1f", "more than one copy of 1f at position 2"),
        ("m", "suit letter 'm' at position 0"),
        ("1mM", "unknown character 'M' at position 2"),
    ],
)
def test_malformed_notation_names_the_offending_text_and_position(text, fragment):
    with pytest.raises(TileError) as error:
        parse_tiles(text)
    assert fragment in str(error.value)


def test_more_than_four_copies_is_allowed_for_sequences_that_are_not_one_set():
    assert len(parse_tiles("11111m", as_set=False)) == 5


def test_names():
    names = {str(t): t.name for t in parse_tiles("3s1z2z5z6z7z9m1p2f8f")}
    assert names == {
        "3s": "3 Bamboo",
        "1z": "East Wind",
        "2z": "South Wind",
        "5z": "White Dragon",
        "6z": "Green Dragon",
        "7z": "Red Dragon",
        "9m": "9 Characters",
        "1p": "1 Circles",
        "2f": "Flower 2",
        "8f": "Season 4",
    }


def test_glyphs_follow_unicode_order_characters_bamboo_circles():
    glyphs = {str(t): t.glyph for t in parse_tiles("1m9m1s1p9p1z4z5z6z7z1f3f4f5f")}
    assert glyphs["1m"] == "\U0001f007" and glyphs["9m"] == "\U0001f00f"
    assert glyphs["1s"] == "\U0001f010" and glyphs["1p"] == "\U0001f019" and glyphs["9p"] == "\U0001f021"
    assert glyphs["1z"] == "\U0001f000" and glyphs["4z"] == "\U0001f003"
    assert (glyphs["5z"], glyphs["6z"], glyphs["7z"]) == ("\U0001f006", "\U0001f005", "\U0001f004")
    assert glyphs["1f"] == "\U0001f022"  # plum
    assert glyphs["3f"] == "\U0001f025"  # chrysanthemum
    assert glyphs["4f"] == "\U0001f024"  # bamboo
    assert glyphs["5f"] == "\U0001f026"  # spring
    assert all(0x1F000 <= ord(t.glyph) <= 0x1F029 for t in KINDS + BONUS_TILES)
    assert len({t.glyph for t in KINDS + BONUS_TILES}) == 42


def test_bonus_tile_k_belongs_to_seat_k():
    assert [Tile.parse(f"{k}f").seat for k in range(1, 9)] == ["E", "S", "W", "N"] * 2


def test_categories():
    assert Tile.parse("1m").is_terminal and Tile.parse("9s").is_orphan and not Tile.parse("5p").is_orphan
    assert Tile.parse("4z").is_wind and Tile.parse("5z").is_dragon and Tile.parse("5z").is_honour
    assert Tile.parse("5p").is_simple and not Tile.parse("1p").is_simple and not Tile.parse("1z").is_simple
    assert Tile.parse("3f").is_bonus and not Tile.parse("7z").is_bonus


def test_tile_indices_outside_the_set_are_errors():
    for index in (-1, 42, "1m", None):
        with pytest.raises(TileError, match="no tile with index"):
            Tile(index)


def test_repr_rebuilds_the_tile():
    tile = Tile.parse("6z")
    assert eval(repr(tile)) == tile
    with pytest.raises(TileError):
        Tile.parse("12m")


@given(tile_lists())
def test_notation_round_trips(tiles):
    text = format_tiles(tiles)
    assert sorted(parse_tiles(text)) == sorted(tiles)
    assert format_tiles(parse_tiles(text)) == text


@given(tile_lists())
def test_order_preserving_notation_round_trips(tiles):
    assert parse_tiles(format_tiles_in_order(tiles)) == tiles


@given(st.text(alphabet="0123456789mpszfx \n", max_size=20))
def test_parser_either_parses_or_raises_a_tile_error(text):
    try:
        tiles = parse_tiles(text)
    except TileError as error:
        assert str(error)
    else:
        assert format_tiles(parse_tiles(format_tiles(tiles))) == format_tiles(tiles)
