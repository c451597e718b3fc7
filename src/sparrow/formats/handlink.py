"""The calculator's hand in a URL: a hand situation as query parameters and back, so a shared link
reopens exactly the same hand, the ruleset's options included.

The parameters are the compact notation of ``sparrow score --hand`` (``docs/cli.md``) taken apart::

    rules=nts  hand=23m456p88s777z [111z] +1m*  seat=E  round=S  bonus=1f6f  moments=last_tile
    win_by=kong_replacement  o.max_fan=6

``hand`` holds the tiles: standing tiles, declared sets and the winning tile (``*`` when self-drawn);
``seat``, ``round``, ``win_by``, ``bonus`` and ``moments`` are the compact settings; every ruleset
option is ``o.<name>`` with its value written as in the notation (``true``, ``6``, ``half``).
A family's own facts have parameters of their own, named as the notation names them; Riichi's::

    rules=riichi  hand=234m340p66s12378s +9s*  seat=S  moments=riichi,ippatsu
    dora=1m  ura_dora=4p  honba=2  riichi_sticks=1  o.preset=m-league

(red fives ``0m 0p 0s`` in ``hand``, the indicators in the order they were turned over).
Other parameters (the page's ``lang``...) are left alone. Reading checks everything as the notation
does: a malformed link is a :class:`~sparrow.core.situation.SituationError` naming the parameter.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import parse_qs, urlencode

from sparrow.core.family_facts import FAMILY_FIELDS, FAMILY_MOMENTS
from sparrow.core.situation import MOMENTS, SELF_DRAWN, WIN_BY, HandSituation, SituationError
from sparrow.core.tiles import SEATS
from sparrow.formats.compact import SETTINGS, CompactError, compact_fields, format_compact, parse_option_value
from sparrow.rules import RulesError, get_ruleset

__all__ = ["OPTION_PREFIX", "hand_query", "hand_from_query", "hand_query_string", "hand_from_query_string"]

OPTION_PREFIX = "o."
# A family's own facts (``core.family_facts``) in the order the notation writes them.
_FACTS = ("dora", "ura_dora", "honba", "riichi_sticks")
_ORDER = ("rules", "hand", "seat", "round", "win_by", "bonus", "moments", *_FACTS)


def hand_query(situation: HandSituation) -> dict[str, str]:
    """The query parameters of ``situation``, in canonical form (tiles sorted, defaults written)."""
    params = {"rules": situation.rules}
    own = FAMILY_FIELDS.get(situation.rules, frozenset())
    written = situation.to_dict()  # the indicators in the order they were turned over
    tiles = []
    # The canonical compact text is tiles and sets first, then key=value settings and options.
    for part in format_compact(situation, with_rules=False).split(" "):
        key, sep, value = part.partition("=")
        if not sep:
            tiles.append(part)
        elif key in SETTINGS:
            params[key] = value
        elif key in own:
            params[key] = str(written.get(key, value))
        else:
            params[OPTION_PREFIX + key] = value
    params["hand"] = " ".join(tiles)
    return {key: params[key] for key in sorted(params, key=_rank)}


def hand_from_query(params: Mapping[str, str | Sequence[str]]) -> HandSituation:
    """The hand situation a link's parameters describe (the inverse of :func:`hand_query`).
    ``params`` maps names to a value, or to a list of values as ``parse_qs`` gives them."""
    rules = _single(params, "rules")
    if rules is None:
        raise SituationError("rules", "the link names no ruleset (rules=...)")
    try:
        ruleset = get_ruleset(rules)
    except RulesError as error:
        raise SituationError("rules", str(error)) from None
    hand = _single(params, "hand")
    if hand is None:
        raise SituationError("hand", "the link holds no hand (hand=...)")
    fields = compact_fields(hand, rules)
    written = set(fields) - {"rules", "concealed", "melds", "winning_tile", "win_by"}
    if written or ("win_by" in fields and fields["win_by"] != "self_draw"):
        raise CompactError("settings go in their own parameters (seat=, round=...), not in hand")
    known_moments = FAMILY_MOMENTS.get(rules, MOMENTS)
    for key, field_name in SETTINGS.items():
        value = _single(params, key)
        if value is None:
            continue
        if field_name == "moments":
            moments = value.split(",") if value else []
            unknown = [m for m in moments if m not in known_moments]
            if unknown:
                raise SituationError(key, f"unknown moment {unknown[0]!r} (known: {', '.join(known_moments)})")
            fields[field_name] = moments
        elif field_name == "win_by":
            if value not in WIN_BY:
                raise SituationError(key, f"expected one of {', '.join(WIN_BY)}, got {value!r}")
            if fields.get("win_by") == "self_draw" and value not in SELF_DRAWN:
                raise SituationError(key, f"'*' in hand says self-drawn but win_by={value}")
            fields[field_name] = value
        elif field_name in ("seat_wind", "round_wind"):
            if value not in SEATS:
                raise SituationError(key, f"expected one of E, S, W, N, got {value!r}")
            fields[field_name] = value
        else:
            fields[field_name] = value
    for key in _FACTS:
        value = _single(params, key)
        if value is not None and key in FAMILY_FIELDS.get(rules, ()):
            # Read as the notation reads them (honba=2 is a number); the situation checks them.
            fields[key] = value if key in ("dora", "ura_dora") else parse_option_value(value)
    options: dict[str, Any] = {}
    for key in params:
        if key.startswith(OPTION_PREFIX):
            name = key[len(OPTION_PREFIX) :]
            value = _single(params, key)
            if not name or value is None or value == "":
                raise SituationError("options", f"write an option as {OPTION_PREFIX}name=value, got {key!r}")
            options[name] = parse_option_value(value)
    if options:
        try:
            ruleset.table(options)  # the family checks its options' names, types and values
        except RulesError as error:
            raise SituationError("options", str(error)) from None
        fields["options"] = options
    return HandSituation.from_dict(fields)


def hand_query_string(situation: HandSituation) -> str:
    """``hand_query`` encoded for a URL (``rules=nts&hand=23m456p88s777z+%5B111z%5D+%2B1m%2A&...``)."""
    return urlencode(hand_query(situation))


def hand_from_query_string(query: str) -> HandSituation:
    """The hand of a URL's query string (with or without the leading ``?``)."""
    return hand_from_query(parse_qs(query.removeprefix("?"), keep_blank_values=True))


def _single(params: Mapping[str, str | Sequence[str]], key: str) -> str | None:
    value = params.get(key)
    if value is None or isinstance(value, str):
        return value
    values = list(value)
    if len(values) != 1 or not isinstance(values[0], str):
        raise SituationError(key, f"give {key} once in the link, got {len(values)} values")
    return values[0]


def _rank(key: str) -> tuple[int, str]:
    return (_ORDER.index(key), key) if key in _ORDER else (len(_ORDER), key)
