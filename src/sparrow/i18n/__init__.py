"""Two languages, English and Dutch, from a standard gettext catalogue (Babel; ``docs/i18n.md``).

The English texts are the message ids: the code writes English, the catalogue ``locale/nl`` holds the
Dutch. The web layer uses:

* :func:`gettext` / :func:`translations`: the gettext of a language, for the pages' labels (the object
  Jinja's i18n extension installs);
* :func:`translate`: any text the calculator or a sheet produced (a score card line, a reason, an
  error) in a language, the finished English text matched against the catalogue's templates;
* :func:`translate_error`: a :class:`~sparrow.sheets.SheetError` or any input error;
* :func:`translate_result`: a score result (``ScoreResult.to_dict()``) with its lines translated;
* :func:`pick_language`: the language of an ``Accept-Language`` header;
* :func:`format_number` / :func:`localize_numbers`: a number, or the numbers of a finished English text
  (a score card's arithmetic), as the language writes them: ``12,000`` / ``12.000``, ``1.5`` / ``1,5``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from babel.numbers import format_decimal

from sparrow.i18n.catalog import DEFAULT_LANGUAGE, LANGUAGES, catalogue, translations
from sparrow.i18n.markers import N_

__all__ = [
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "N_",
    "gettext",
    "translations",
    "translate",
    "translate_error",
    "translate_result",
    "pick_language",
    "format_number",
    "localize_numbers",
]

# A number in an English text: 12000, 12,000 (grouped by thousands) or 1.5; not a digit inside a word or
# a tile ("5p"), nor a superscript power (2³ is no digit to this pattern).
_NUMBER = re.compile(
    r"(?<![\w.,])[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?(?![\w])|(?<![\w.,])[0-9]+(?:\.[0-9]+)?(?![\w.,]?[\w])"
)

# "field: message" as every input error is worded; the field is a JSON field or parameter name.
_FIELD = re.compile(r"([A-Za-z_][\w.\[\]-]*): (.+)", re.DOTALL)


def gettext(lang: str) -> Callable[[str], str]:
    """The plain gettext of ``lang``: ``gettext("nl")("End match")`` is ``"Partij beëindigen"``."""
    return translations(lang).gettext


def translate(text: str, lang: str) -> str:
    """``text`` in ``lang``: exactly as the catalogue has it, or through a template, or, for an error
    worded ``field: message``, the field kept and the message translated. Unknown text is returned as
    it is (the English)."""
    if lang == DEFAULT_LANGUAGE:
        catalogue(lang)  # the language check is the same for every language
        return text
    # An error worded "field: message" is read as its field and message first: a template that also
    # matches the whole text ("{part} at position ...") would otherwise take the field into a value
    # and leave the message inside it in English.
    exact = catalogue(lang).exact.get(text)
    if exact is not None:
        return exact
    match = _FIELD.fullmatch(text)
    if match is not None:
        inner = catalogue(lang).lookup(match[2])
        if inner is not None:
            return f"{match[1]}: {inner}"
    found = catalogue(lang).lookup(text)
    if found is not None:
        return found
    return text


def translate_error(error: Exception, lang: str) -> str:
    """The one-sentence message of ``error`` in ``lang``. A sheet's error translates its own template
    with its values; any other error (the hand's input, the ruleset's options) by :func:`translate`."""
    template = getattr(error, "template", None)
    params = getattr(error, "params", None)
    field = getattr(error, "field", None)
    if isinstance(template, str) and isinstance(params, Mapping) and isinstance(field, str):
        if lang == DEFAULT_LANGUAGE:
            return str(error)
        text = catalogue(lang).exact.get(template)
        if text is None:
            return translate(str(error), lang)
        values = {key: translate(value, lang) if isinstance(value, str) else value for key, value in params.items()}
        return f"{field}: {text.format(**values)}"
    return translate(str(error), lang)


def format_number(value: float | int | Decimal, lang: str) -> str:
    """``value`` as ``lang`` writes it, grouped by thousands (Babel, CLDR): ``12,000`` / ``12.000``."""
    catalogue(lang)  # the language check
    return format_decimal(value, locale=lang)


def localize_numbers(text: str, lang: str) -> str:
    """``text`` (English, such as a score card's arithmetic) with each number written as ``lang``
    writes it: ``20 × 2³ = 1,920`` and ``12000`` become ``1.920`` and ``12.000`` in Dutch, ``12,000``
    in English; ``1.5`` is ``1,5`` in Dutch."""
    return _NUMBER.sub(lambda match: format_number(Decimal(match[0].replace(",", "")), lang), text)


def translate_result(result: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A score result (``ScoreResult.to_dict()``, with ``arithmetic`` if present) with its item names,
    reason, limit and arithmetic in ``lang``; numbers and kinds unchanged."""
    translated = dict(result)
    translated["items"] = [{**item, "name": translate(item["name"], lang)} for item in result.get("items", [])]
    for key in ("reason", "limit", "arithmetic"):
        if isinstance(result.get(key), str):
            translated[key] = translate(result[key], lang)
    if isinstance(translated.get("arithmetic"), str):  # its numbers as the language writes them
        translated["arithmetic"] = localize_numbers(translated["arithmetic"], lang)
    return translated


def pick_language(accept_language: str | None, default: str = DEFAULT_LANGUAGE) -> str:
    """The first of our languages that an ``Accept-Language`` header asks for (by its q-values)."""
    if not accept_language:
        return default
    wanted = []
    for position, part in enumerate(accept_language.split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        wanted.append((-quality, position, tag.strip().lower().split("-")[0]))
    for quality, _, tag in sorted(wanted):
        if quality < 0 and tag in LANGUAGES:
            return tag
    return default
