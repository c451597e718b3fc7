"""The one error the web layer raises (an HTTP status and one sentence for ``{"detail": ...}``), and
the sentences people read for every refusal.

The checks below the web (a hand's input, a sheet's rows, the contract of ``sparrow score``) word an
error for programs and the command line: ``field: message``, the field as the JSON names it
(``scores.Ann: 41250 is not a multiple of 100``). A page shows the answer's ``detail`` as it is, so
:func:`for_people` turns that form into a sentence that names the field as a person would ("Ann's
points: ...", "Row 3: ...", or nothing when the message says it already), and :func:`validation_sentence`
does the same for FastAPI's validation errors (a missing or mistyped field of a request body).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from sparrow.i18n import N_, gettext, localize_numbers, translate

__all__ = ["WebError", "for_people", "sentence_of", "validation_sentence", "FIELD_NAMES", "CONTRACT_PATHS"]

# The contract of ``sparrow score --json`` and ``sparrow settle --json`` over HTTP answers in the
# command's own words, field first (docs/spec/hand-situation.md): programs read them. Every other
# refusal reaches a page and is a sentence for people.
CONTRACT_PATHS = frozenset({"/api/score", "/api/settle"})


class WebError(Exception):
    def __init__(self, status: int, detail: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.headers = headers


# A field as people name it (msgids; None: the message names it itself, so the sentence is the message).
FIELD_NAMES: Mapping[str, str | None] = {
    # the hand, the sheets' rows and the settlement: the messages name what they are about
    "scores": None,
    "sheet": None,
    "input": None,
    "settlement": None,
    "situation": None,
    "row": None,
    "rows": None,
    "options": None,
    "ended": None,
    "origin": None,
    "file": None,
    # what a person chose or typed on a page
    "username": N_("The username"),
    "password": N_("The password"),
    "new_password": N_("The new password"),
    "current_password": N_("The current password"),
    "name": N_("The name"),
    "chair": N_("The chair"),
    "level": N_("The level"),
    "turn_seconds": N_("The time for a turn"),
    "rules": N_("The rules"),
    "title": N_("The title"),
    "players": N_("The players"),
    "length": N_("The length of the match"),
    "round_wind": N_("The prevailing wind"),
    "first_dealer": N_("The first dealer"),
    "winner": N_("The winner"),
    "discarder": N_("The discarder"),
    "win_by": N_("How it was won"),
    "faan": N_("The faan"),
    "points": N_("The points"),
    "dead": N_("The dead hands"),
    "drawn": N_("The drawn hand"),
    "concealed": N_("The concealed tiles"),
    "melds": N_("The sets"),
    "winning_tile": N_("The winning tile"),
    "bonus": N_("The flowers and seasons"),
    "seat_wind": N_("The seat wind"),
    "hands": N_("The hands"),
    "uma": N_("The uma"),
    "preset": N_("The rules preset"),
    "start_points": N_("The start points"),
    "return_points": N_("The return points"),
    "seen": N_("The number of events seen"),
    "hand": N_("The hand"),
    "seat": N_("The seat"),
    "notation": N_("The notation"),
    "discards": N_("The discards"),
    "dora": N_("The dora indicators"),
    "ura_dora": N_("The ura dora indicators"),
    "moments": N_("The special moments"),
    "honba": N_("The honba"),
    "riichi_sticks": N_("The riichi sticks on the table"),
}
# The parts of a field with a player's name or a number in them.
_PLAYER_FIELDS = {
    "scores": N_("The points of {name}"),
    "points": N_("The points of {name}"),
    "hands": N_("The hand of {name}"),
    "hand": N_("The hand of {name}"),
    "bonus": N_("The flowers and seasons of {name}"),
}
_SEATS = {"E": N_("East"), "S": N_("South"), "W": N_("West"), "N": N_("North")}
_NUMBERED = {"rows": N_("Row {n}"), "players": N_("Player {n}"), "melds": N_("Set {n}")}
# "field: message" as the checks word an error; the field a JSON name (lower case, dotted, indexed).
_FIELD = re.compile(r"([a-z_][\w]*(?:\.[\w]+|\[\d+\])*): (.+)", re.DOTALL)
# A message that is the rest of a sentence about its field ("must be text"), by language.
_PREDICATES = {"en": ("must ", "is ", "has ", "needs "), "nl": ("moet ", "is ", "heeft ")}
_PART = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")

# Every text of this module, for the catalogue's extraction (the ones above are marked where they are).
TEXTS = (
    N_("{where} is missing."),
    N_("The request has a field it does not take: {field}."),
    N_("{where} is too long."),
    N_("{where} is too short."),
    N_("{where} must be text."),
    N_("{where} must be a whole number."),
    N_("{where} must be a number."),
    N_("{where} must be true or false."),
    N_("{where} must be a list."),
    N_("{where} must be a JSON object."),
    N_("{where} is not one of the choices."),
    N_("{where} must be at least {limit}."),
    N_("{where} must be at most {limit}."),
    N_("{where} must be more than {limit}."),
    N_("{where} must be less than {limit}."),
    N_("The request needs a JSON body."),
    N_("The parameter {name}"),
    N_("The request"),
    N_("The request body is not valid JSON."),
    N_("The request is malformed."),
)

# FastAPI's (pydantic's) kinds of error, as a sentence about the field.
_KINDS = {
    "missing": "{where} is missing.",
    "string_too_long": "{where} is too long.",
    "too_long": "{where} is too long.",
    "string_too_short": "{where} is too short.",
    "too_short": "{where} is too short.",
    "string_type": "{where} must be text.",
    "int_type": "{where} must be a whole number.",
    "int_parsing": "{where} must be a whole number.",
    "int_from_float": "{where} must be a whole number.",
    "float_type": "{where} must be a number.",
    "float_parsing": "{where} must be a number.",
    "bool_type": "{where} must be true or false.",
    "bool_parsing": "{where} must be true or false.",
    "list_type": "{where} must be a list.",
    "dict_type": "{where} must be a JSON object.",
    "model_type": "{where} must be a JSON object.",
    "model_attributes_type": "{where} must be a JSON object.",
    "literal_error": "{where} is not one of the choices.",
    "enum": "{where} is not one of the choices.",
    "greater_than_equal": "{where} must be at least {limit}.",
    "less_than_equal": "{where} must be at most {limit}.",
    "greater_than": "{where} must be more than {limit}.",
    "less_than": "{where} must be less than {limit}.",
}
# The bound a kind of error names, in its context (pydantic's ``ctx``).
_LIMITS = {"greater_than_equal": "ge", "less_than_equal": "le", "greater_than": "gt", "less_than": "lt"}


def field_name(field: str, lang: str) -> str | None:
    """``field`` (``scores.Ann``, ``rows[2].winner``, ``current_password``) as a person names it in
    ``lang``: "The points of Ann", "Row 3, the winner", "The current password"; None when the message
    that goes with it names it itself."""
    _ = gettext(lang)
    parts = [(name, index) for name, index in _PART.findall(field)]
    words: list[str] = []
    previous = ""
    for name, index in parts:
        if index:  # rows[2]: "Row 3" in place of "rows"
            template = _NUMBERED.get(previous)
            numbered = _(template).format(n=int(index) + 1) if template else f"{int(index) + 1}"
            words[-1:] = [numbered]
        elif previous in _PLAYER_FIELDS:  # scores.Ann: a player's name, or a seat (hand.S: South's)
            who = _(_SEATS[name]) if name in _SEATS else name
            words[-1:] = [_(_PLAYER_FIELDS[previous]).format(name=who)]
        elif name in FIELD_NAMES:
            known = FIELD_NAMES[name]
            # a field whose messages name it itself, standing alone, is left out
            words.append("" if known is None else _(known))
        else:
            words.append(name.replace("_", " "))
        previous = name if not index else previous
    said = [word for word in words if word]
    if not said:
        return None
    # "Row 3, the winner": after the first, each part in lower case as it reads inside a sentence
    return ", ".join([said[0], *(_lower_first(word) for word in said[1:])])


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def _sentence(text: str) -> str:
    """Capitalised, ending as a sentence does."""
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def for_people(detail: str, lang: str) -> str:
    """A refusal's ``detail`` (already in ``lang``) as a sentence for people: ``field: message``
    becomes the message, its field named as a person would (:func:`field_name`), the numbers written
    as ``lang`` writes them; a sentence already is left as it is."""
    match = _FIELD.fullmatch(detail.strip())
    if match is None:
        return detail
    where = field_name(match[1], lang)
    message = localize_numbers(match[2], lang)
    if where is None:
        return _sentence(message)
    if message.startswith(_PREDICATES.get(lang, ())):  # "must be text": "The notation must be text."
        return _sentence(f"{where} {message}")
    # (the colon is the same in both languages; a catalogue template "{where}: {message}" would match
    # every "field: message" the catalogue translates, and take the field for a word)
    return _sentence(f"{where}: {message.rstrip('.')}")


def sentence_of(error: WebError, lang: str) -> str:
    """What a person reads of ``error``: its sentence in ``lang`` (as the app's handler answers it; a
    room's socket sends it so too)."""
    return for_people(translate(error.detail, lang), lang)


def validation_sentence(errors: list[Mapping[str, Any]], lang: str) -> str:
    """FastAPI's validation errors of a request as one sentence: the first error, its field named as
    a person would ("The current password is missing.")."""
    _: Callable[[str], str] = gettext(lang)
    if not errors:
        return _("The request is malformed.")
    error = errors[0]
    location = [str(part) for part in error.get("loc", ()) if part not in ("body", "query", "path")]
    kind = str(error.get("type", ""))
    if kind == "json_invalid":
        return _("The request body is not valid JSON.")
    if kind == "missing" and not location:
        return _("The request needs a JSON body.")
    field = "".join(f"[{part}]" if part.isdigit() else f".{part}" for part in location).lstrip(".")
    if kind == "extra_forbidden":  # a field no page sends: named as the program wrote it
        return _("The request has a field it does not take: {field}.").format(field=field)
    if error.get("loc", ("body",))[0] in ("query", "path"):  # a parameter of the address: as written there
        where = _("The parameter {name}").format(name=field)
    else:
        where = (field_name(field, lang) if field else None) or _("The request")
    template = _KINDS.get(kind)
    if template is not None:
        bound = (error.get("ctx") or {}).get(_LIMITS.get(kind, ""), "")
        limit = localize_numbers(str(bound), lang)
        return _sentence(_(template).format(where=where, limit=limit))
    message = str(error.get("msg", "invalid value"))  # (pydantic's own words, in English)
    return _sentence(f"{where}: {message}")
