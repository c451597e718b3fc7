"""The compiled message catalogues (``locale/<lang>/LC_MESSAGES/sparrow.mo``) and the matching of
finished English texts against the catalogue's templates.

A msgid without fields translates by look-up. A msgid with ``{fields}`` is a template: an English
text made from it (``Open pung of East Wind`` from ``Open pung of {tile}``) is matched back, each
field's text is itself translated when the catalogue knows it (``East Wind``), and the Dutch template
is filled with the results. When several templates match, the one with the most fixed text wins.
"""

from __future__ import annotations

import gettext as gettext_module
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from string import Formatter

__all__ = ["LANGUAGES", "DEFAULT_LANGUAGE", "LOCALE_DIR", "DOMAIN", "Catalogue", "catalogue", "translations"]

LANGUAGES = ("en", "nl")
DEFAULT_LANGUAGE = "en"
DOMAIN = "sparrow"
LOCALE_DIR = Path(__file__).parent / "locale"
_MAX_DEPTH = 4  # fields inside fields inside fields: more is never a real message


@dataclass(frozen=True, slots=True)
class _Template:
    # Two readings of the same template, fields matched shortest first and longest first: a field
    # may itself hold ": " or a quote ("'nts: 123m' : a chow has..."), and the reading whose fields
    # the catalogue knows more of is taken.
    patterns: tuple[re.Pattern[str], re.Pattern[str]]
    translation: str
    fixed: int  # characters of fixed text: the more, the more specific


class Catalogue:
    """One language's translations: exact texts and templates."""

    def __init__(self, messages: dict[str, str]) -> None:
        self.exact = {msgid: text for msgid, text in messages.items() if text}
        templates = []
        for msgid, text in self.exact.items():
            fields = [name for _, name, _, _ in Formatter().parse(msgid) if name]
            # A template that is only fields ("{detail}") would match any text: it is used only by
            # exact look-up (a sheet error passing on another's message).
            if fields and len(msgid) > sum(len(f) + 2 for f in fields):
                templates.append(
                    _Template(
                        (_pattern(msgid, "+?"), _pattern(msgid, "+")),
                        text,
                        len(msgid) - sum(len(f) + 2 for f in fields),
                    )
                )
        templates.sort(key=lambda template: -template.fixed)
        self.templates = tuple(templates)

    def lookup(self, text: str) -> str | None:
        """The translation of ``text`` if the catalogue knows it, exactly or through a template."""
        return self._lookup(text, 0)

    @lru_cache(maxsize=8192)  # noqa: B019 - one catalogue per language, kept for the process
    def _lookup(self, text: str, depth: int) -> str | None:
        found = self.exact.get(text)
        if found is not None:
            return found
        if depth >= _MAX_DEPTH:
            return None
        for template in self.templates:
            best: tuple[int, dict[str, str]] | None = None
            for pattern in template.patterns:
                match = pattern.fullmatch(text)
                if match is None:
                    continue
                parts = {name: self._lookup(value, depth + 1) for name, value in match.groupdict().items()}
                known = sum(value is not None for value in parts.values())
                if best is None or known > best[0]:
                    values = {name: parts[name] or value for name, value in match.groupdict().items()}
                    best = (known, values)
            if best is not None:
                return template.translation.format(**best[1])
        return None


def _pattern(msgid: str, repeat: str) -> re.Pattern[str]:
    parts = []
    seen: set[str] = set()
    for literal, name, _, _ in Formatter().parse(msgid):
        parts.append(re.escape(literal))
        if name:
            parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.{repeat})")
            seen.add(name)
    return re.compile("".join(parts), re.DOTALL)


@cache
def translations(lang: str) -> gettext_module.NullTranslations:
    """The gettext translations object of ``lang`` (English is the source text: no translation)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (languages: {', '.join(LANGUAGES)})")
    return gettext_module.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=lang == DEFAULT_LANGUAGE)


@cache
def catalogue(lang: str) -> Catalogue:
    """The :class:`Catalogue` of ``lang``, read from its compiled file."""
    from babel.messages.mofile import read_mo

    translations(lang)  # the language check
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not path.exists():
        return Catalogue({})
    with path.open("rb") as file:
        compiled = read_mo(file)
    return Catalogue({m.id: m.string for m in compiled if isinstance(m.id, str) and isinstance(m.string, str)})
