"""The compact hand notation: a whole hand situation typed on one line.

::

    nts: 78s55z [777z] (1111s) [345p] +9s* seat=E round=S bonus=1f6f moments=last_tile

reads, part by part (parts are separated by spaces; brackets and ``+`` also end a part):

=====================  ============================================================================
``nts:``               the ruleset (optional here when it is given some other way, e.g. ``--rules``)
``78s55z``             the tiles standing in the hand, not counting the winning tile (several groups
                       may be written: ``123m 456p`` is the same as ``123m456p``)
``[777z]``             an open (declared) set: a pung, a kong ``[1111s]`` or a chow ``[345p]``,
                       the kind told by its tiles
``(1111s)``            a concealed kong
``+9s``                the winning tile, won on a discard; ``+9s*`` when self-drawn. No ``+`` part:
                       a hand that did not win (NTS scores those too)
``seat=E round=S``     the seat wind and the round (prevailing) wind, default ``E``
``win_by=...``         the other ways to win: ``kong_replacement``, ``flower_replacement``,
                       ``robbing_kong`` (and ``self_draw``, ``discard``, which ``*`` already says)
``bonus=1f6f``         flowers and seasons set out in front of the player
``moments=a,b``        special moments: ``last_tile``, ``fourth_tile``, ``heavenly``, ``earthly``,
                       ``first_round``, ``kong_on_kong``
``dora=1m ura_dora=4p`` Riichi's own facts: the dora and ura dora indicators, ``honba=1``,
                       ``riichi_sticks=2``; its red fives are ``0m 0p 0s`` in the tiles, its
                       moments also ``riichi``, ``double_riichi``, ``ippatsu``
``name=value``         any other ``key=value`` is an option of the ruleset: ``flowers=false``,
                       ``minimum=0``, ``max_fan=6`` (values read by :func:`parse_option_value`)
=====================  ============================================================================

It reads into the same dictionary as the hand-situation JSON (``docs/spec/hand-situation.md``),
so :meth:`HandSituation.from_dict` does the checking and every error names what is wrong.
:func:`format_compact` writes a situation back in canonical form (tiles sorted, defaults spelled
out), and ``format_compact(parse_compact(text))`` is that canonical form of ``text``.
"""

from __future__ import annotations

import re
from typing import Any

from sparrow.core.family_facts import (
    FAMILY_FIELDS,
    FAMILY_MOMENTS,
    RED_FIVE_FAMILIES,
    with_red_fives,
    without_red_fives,
)
from sparrow.core.hand import HandError, Meld, MeldKind
from sparrow.core.messages import quote
from sparrow.core.situation import MOMENTS, SELF_DRAWN, WIN_BY, HandSituation, SituationError
from sparrow.core.tiles import SEATS, Tile, TileError, format_tiles, parse_tiles

__all__ = [
    "CompactError",
    "parse_compact",
    "compact_fields",
    "format_compact",
    "parse_option_value",
    "parse_option",
    "SETTINGS",
]

# The key=value parts that set a field of the situation; every other key is a ruleset option.
SETTINGS = {"seat": "seat_wind", "round": "round_wind", "win_by": "win_by", "bonus": "bonus", "moments": "moments"}

_PART_ENDS = frozenset("[]()+")
_CLOSING = {"[": "]", "(": ")"}


class CompactError(SituationError):
    """Malformed compact notation; the message quotes the offending text and where it starts."""

    def __init__(self, message: str, field_name: str = "hand") -> None:
        super().__init__(field_name, message)


def parse_compact(text: str, rules: str | None = None) -> HandSituation:
    """The hand situation written in ``text``; ``rules`` names the ruleset when the text does not."""
    return HandSituation.from_dict(compact_fields(text, rules))


def compact_fields(text: str, rules: str | None = None) -> dict[str, Any]:
    """The hand-situation dictionary (the JSON form) that ``text`` describes, before validation of
    the whole: each part is checked as it is read, the tile counts by :meth:`HandSituation.from_dict`.
    Only the fields the text sets are present (``rules`` always, from the text or the argument)."""
    if not isinstance(text, str):
        raise CompactError(f"expected text, got {type(text).__name__}")
    fields: dict[str, Any] = {}
    concealed: list[str] = []
    melds: list[dict[str, Any]] = []
    options: dict[str, Any] = {}
    self_drawn = False
    position = 0
    length = len(text)
    first_part = True
    while position < length:
        char = text[position]
        if char.isspace():
            position += 1
            continue
        start = position
        if char in _CLOSING:
            end = text.find(_CLOSING[char], start + 1)
            if end == -1:
                raise CompactError(f"{char!r} at position {start} in {quote(text)} is never closed")
            melds.append(_meld(text[start + 1 : end], char == "[", text, start, _red(fields, rules)))
            position = end + 1
        elif char in ")]":
            raise CompactError(f"{char!r} at position {start} in {quote(text)} closes nothing")
        elif char == "+":
            position = _part_end(text, start + 1)
            if "winning_tile" in fields:
                raise CompactError(
                    f"a second winning tile {quote(text[start:position])} at position {start} in {quote(text)}"
                )
            word = text[start + 1 : position]
            if word.endswith("*"):
                self_drawn = True
                word = word[:-1]
            fields["winning_tile"] = _one_tile(word, text, start, _red(fields, rules))
        else:
            position = _part_end(text, start)
            word = text[start:position]
            if first_part and ":" in word:
                name, _, rest = word.partition(":")
                fields["rules"] = _rules_name(name, rules, text, start)
                # "nts:123m" - the tiles may follow the colon directly.
                position = start + len(name) + 1
                if rest:
                    first_part = False
                    continue
            elif "=" in word:
                _setting(word, fields, options, text, start, fields.get("rules", rules))
            else:
                concealed.append(_tiles_part(word, text, start, _red(fields, rules)))
        first_part = False

    if "rules" not in fields:
        if rules is None:
            raise CompactError(
                f"say which ruleset scores the hand: start with 'nts:' or similar in {quote(text)}", "rules"
            )
        fields["rules"] = rules
    fields["concealed"] = "".join(concealed)
    if melds:
        fields["melds"] = melds
    if options:
        fields["options"] = options
    _settle_win_by(fields, self_drawn, text)
    return fields


def _red(fields: dict[str, Any], rules: str | None) -> bool:
    return fields.get("rules", rules) in RED_FIVE_FAMILIES


def format_compact(situation: HandSituation, *, with_rules: bool = True) -> str:
    """The canonical compact form of ``situation`` (``parse_compact`` reads it back to the same hand)."""
    parts = [f"{situation.rules}:"] if with_rules else []
    red = dict(situation.facts.get("red", ()))
    parts.append(with_red_fives(situation.concealed, red.get("concealed", "")))
    for index, meld in enumerate(situation.melds):
        tiles = with_red_fives(meld.tiles, red.get(f"melds[{index}]", ""))
        parts.append(f"[{tiles}]" if meld.open else f"({tiles})")
    if situation.winning_tile is not None:
        winning = with_red_fives((situation.winning_tile,), red.get("winning_tile", ""))
        parts.append(f"+{winning}" + ("*" if situation.win_by == "self_draw" else ""))
    parts.append(f"seat={situation.seat_wind}")
    parts.append(f"round={situation.round_wind}")
    if situation.winning_tile is not None and situation.win_by not in ("discard", "self_draw"):
        parts.append(f"win_by={situation.win_by}")
    if situation.bonus:
        parts.append(f"bonus={format_tiles(situation.bonus)}")
    if situation.moments:
        # In the contract's order of the moments, not alphabetical: the order people list them in.
        order = FAMILY_MOMENTS.get(situation.rules, MOMENTS)
        parts.append("moments=" + ",".join(m for m in order if m in situation.moments))
    for name in ("dora", "ura_dora"):
        if situation.facts.get(name):
            parts.append(f"{name}={format_tiles(situation.facts[name])}")
    for name in ("honba", "riichi_sticks"):
        if situation.facts.get(name):
            parts.append(f"{name}={situation.facts[name]}")
    for name, value in situation.options.items():
        parts.append(f"{name}={_format_value(value)}")
    return " ".join(parts)


# ---------------------------------------------------------------------------- the parts


def _part_end(text: str, position: int) -> int:
    while position < len(text) and not text[position].isspace() and text[position] not in _PART_ENDS:
        position += 1
    return position


def _quote(part: str, text: str, start: int) -> str:
    return f"{quote(part)} at position {start} in {quote(text)}"


_POSITION = re.compile(r"at position (\d+)")


def _tiles(word: str, text: str, start: int, field_name: str = "hand", red: bool = False) -> list[Tile]:
    """``parse_tiles(word)`` with any error told at its position in the whole ``text``: the tile
    notation's message, its position moved by where ``word`` starts and its quote widened to ``text``.
    ``red``: a family with red fives, whose ``0`` is read as a five (:func:`_red_suits` says which)."""
    try:
        if red:
            word = _fives(word, text, start, field_name)
        return parse_tiles(word)
    except TileError as error:
        message = str(error)
        inside = f" in {quote(word)}"
        if _POSITION.search(message):
            message = _POSITION.sub(lambda found: f"at position {start + int(found[1])}", message, count=1)
            message = message.replace(inside, f" in {quote(text)}", 1)
        else:  # an error of the whole part (more than four copies of a tile): quote the part
            message = f"{_quote(word, text, start)}: {message.replace(inside, '', 1)}"
        raise CompactError(message, field_name) from None


def _fives(word: str, text: str, start: int, field_name: str) -> str:
    try:
        return without_red_fives(word, field_name)[0]
    except ValueError as error:
        raise CompactError(f"{_quote(word, text, start)}: {str(error).split(', got')[0]}", field_name) from None


def _red_suits(word: str) -> str:
    try:
        return without_red_fives(word, "hand")[1]
    except ValueError:
        return ""


def _rules_name(name: str, rules: str | None, text: str, start: int) -> str:
    if not name or not name.replace("_", "").isalnum():
        raise CompactError(f"{_quote(name + ':', text, start)} is not a ruleset name", "rules")
    if rules is not None and rules != name:
        raise CompactError(f"the hand says {quote(name)} but the ruleset given is {quote(rules)}", "rules")
    return name


def _tiles_part(word: str, text: str, start: int, red: bool = False) -> str:
    tiles = _tiles(word, text, start, red=red)
    bonus = [t for t in tiles if t.is_bonus]
    if bonus:
        raise CompactError(
            f"{_quote(word, text, start)}: flowers and seasons ({format_tiles(bonus)}) do not stand in the hand;"
            f" write them as bonus={format_tiles(bonus)}"
        )
    return word


def _one_tile(word: str, text: str, start: int, red: bool = False) -> str:
    part = "+" + word
    tiles = _tiles(word, text, start + 1, red=red)
    if len(tiles) != 1:
        raise CompactError(f"{_quote(part, text, start)}: the winning tile is one tile, e.g. +9s or +9s*")
    if tiles[0].is_bonus:
        raise CompactError(f"{_quote(part, text, start)}: a flower or season cannot complete a hand")
    return with_red_fives((tiles[0],), _red_suits(word)) if red else str(tiles[0])


def _meld(inner: str, is_open: bool, text: str, start: int, red: bool = False) -> dict[str, Any]:
    """An open set ``[...]`` (kind told by its tiles) or a concealed kong ``(...)``."""
    written = f"[{inner}]" if is_open else f"({inner})"
    tiles = _tiles(inner, text, start + 1, red=red)
    if len(set(tiles)) == 1:
        kind = MeldKind.KONG if len(tiles) == 4 else MeldKind.PUNG
    else:
        kind = MeldKind.CHOW
    if not is_open and kind is not MeldKind.KONG:
        raise CompactError(
            f"{_quote(written, text, start)}: only a kong can be declared concealed, as (1111s);"
            " a concealed pung or chow is written with the standing tiles"
        )
    try:
        meld = Meld(kind, tuple(tiles), is_open)
    except HandError as error:
        raise CompactError(f"{_quote(written, text, start)}: {error}") from None
    written_tiles = with_red_fives(meld.tiles, _red_suits(inner)) if red else format_tiles(meld.tiles)
    return {"kind": meld.kind.value, "tiles": written_tiles, "open": meld.open}


def _setting(
    word: str, fields: dict[str, Any], options: dict[str, Any], text: str, start: int, rules: str | None = None
) -> None:
    key, _, value = word.partition("=")
    if not key or not value:
        raise CompactError(f"{_quote(word, text, start)}: write a setting as key=value, e.g. seat=S")
    if rules is not None and rules in FAMILY_FIELDS and key in FAMILY_FIELDS[rules]:  # Riichi's dora=1m, honba=2 ...
        if key in fields:
            raise CompactError(f"{_quote(word, text, start)}: {key} is given twice", key)
        fields[key] = parse_option_value(value)
        return
    field_name = SETTINGS.get(key)
    if field_name is None:
        if key in options:
            raise CompactError(f"{_quote(word, text, start)}: the option {quote(key)} is given twice", "options")
        options[key] = parse_option_value(value)
        return
    if field_name in fields:
        raise CompactError(f"{_quote(word, text, start)}: {key} is given twice", key)
    if field_name in ("seat_wind", "round_wind"):
        if value not in SEATS:
            raise CompactError(f"{_quote(word, text, start)}: expected one of E, S, W, N", key)
        fields[field_name] = value
    elif field_name == "win_by":
        if value not in WIN_BY:
            raise CompactError(f"{_quote(word, text, start)}: expected one of {', '.join(WIN_BY)}", key)
        fields[field_name] = value
    elif field_name == "bonus":
        tiles = _tiles(value, text, start + len(key) + 1, key)
        not_bonus = [t for t in tiles if not t.is_bonus]
        if not_bonus:
            raise CompactError(
                f"{_quote(word, text, start)}: only flowers and seasons (1f-8f) are bonus tiles,"
                f" not {format_tiles(not_bonus)}",
                key,
            )
        fields[field_name] = value
    else:
        moments = value.split(",")
        known = FAMILY_MOMENTS.get(rules or "", MOMENTS)
        unknown = [m for m in moments if m not in known]
        if unknown:
            raise CompactError(
                f"{_quote(word, text, start)}: unknown moment {quote(unknown[0])} (known: {', '.join(known)})",
                key,
            )
        fields[field_name] = moments


def _settle_win_by(fields: dict[str, Any], self_drawn: bool, text: str) -> None:
    """``*`` says self-drawn; ``win_by=`` may say which self-drawn way (a replacement tile) but not
    contradict it. Without a winning tile there is no way of winning to speak of."""
    win_by = fields.get("win_by")
    if "winning_tile" not in fields:
        if win_by is not None:
            raise CompactError(f"win_by={win_by} needs a winning tile (+tile) in {quote(text)}", "win_by")
        return
    if self_drawn:
        if win_by is None:
            fields["win_by"] = "self_draw"
        elif win_by not in SELF_DRAWN:
            raise CompactError(f"'*' says self-drawn but win_by={win_by} in {quote(text)}", "win_by")


def parse_option_value(text: str) -> bool | int | str:
    """A ruleset option's value as typed, the one reading every command shares (``name=value`` in a
    compact hand, ``--option name=value`` of ``sparrow score`` and ``sparrow simulate``): ``true`` and
    ``false`` are booleans, a whole number in ASCII digits (``-`` before it for a negative one) is an
    int, and anything else is the text itself (``null``, ``1.5`` and ``'3'`` included); the ruleset
    then checks the value's type and names the option if it is wrong."""
    if text == "true":
        return True
    if text == "false":
        return False
    digits = text[1:] if text.startswith("-") else text
    # isdigit() alone accepts '²' or '٣', which int() then refuses: only ASCII digits make a number.
    if digits.isascii() and digits.isdigit():
        try:
            return int(text)
        except ValueError:  # longer than Python converts (4,300 digits): no option takes such a number
            return text
    return text


def parse_option(item: str, flag: str = "--option") -> tuple[str, bool | int | str]:
    """``name=value`` given with ``flag`` on the command line: the name and its value, read by
    :func:`parse_option_value`. Raises :class:`CompactError` (field ``flag``) when the name or the
    value is missing."""
    name, sep, value = item.partition("=")
    if not sep or not name or not value:
        raise CompactError(f"write name=value, e.g. {flag} flowers=false, got {quote(item)}", flag)
    return name, parse_option_value(value)


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
