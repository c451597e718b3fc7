"""Catalogue maintenance, with Babel (``docs/i18n.md``)::

    python -m sparrow.i18n extract   # collect every marked text into locale/sparrow.pot
    python -m sparrow.i18n update    # merge the template into locale/<lang>/LC_MESSAGES/sparrow.po
    python -m sparrow.i18n compile   # write the .mo files the package loads (they are committed)
    python -m sparrow.i18n check     # exit 1 if a Dutch text is missing or a .mo is out of date

Texts are marked with ``N_("...")`` (``sparrow.i18n.terms`` and the modules) and, in the sheets, as the
second argument of ``SheetError``.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from sparrow.i18n.catalog import DEFAULT_LANGUAGE, DOMAIN, LANGUAGES, LOCALE_DIR

SOURCE = Path(__file__).resolve().parents[1]  # src/sparrow
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def _babel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "--quiet", *args])


def extract() -> None:
    _babel(
        "extract",
        "--no-location",
        "--sort-output",
        "--project=sparrow",
        "--copyright-holder=the Sparrow authors",
        "--msgid-bugs-address=-",
        "-k",
        "SheetError:2",
        "-o",
        str(TEMPLATE),
        str(SOURCE),
    )


def update() -> None:
    for lang in LANGUAGES:
        po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        command = "update" if po.exists() else "init"
        args = ["-i", str(TEMPLATE), "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", lang]
        if command == "update":
            args += ["--no-fuzzy-matching", "--ignore-obsolete"]
        _babel(command, *args)


def _compiled(lang: str) -> tuple[Path, bytes]:
    """The .mo of ``lang`` as compiling its .po now gives it: the .po header carries its dates, so
    the result is the same whenever it is compiled."""
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as file:
        catalog = read_po(file, locale=lang, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog)
    return po.with_suffix(".mo"), out.getvalue()


def compile_catalogues() -> None:
    for lang in LANGUAGES:
        path, data = _compiled(lang)
        path.write_bytes(data)


def missing(lang: str) -> list[str | tuple[str, ...] | list[str]]:
    """The msgids of ``lang``'s catalogue without a translation (a plural message's: its forms, as Babel
    gives them)."""
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as file:
        catalog = read_po(file, locale=lang, domain=DOMAIN)
    return [m.id for m in catalog if m.id and (not m.string or m.fuzzy)]


def check() -> int:
    problems = []
    for lang in LANGUAGES:
        path, data = _compiled(lang)
        if not path.exists() or path.read_bytes() != data:
            problems.append(f"{path}: out of date; run python -m sparrow.i18n compile")
        if lang != DEFAULT_LANGUAGE:
            problems += [f"{lang}: no translation of {msgid!r}" for msgid in missing(lang)]
    for problem in problems:
        print(problem)
    return 1 if problems else 0


def main(argv: list[str]) -> int:
    commands = {"extract": extract, "update": update, "compile": compile_catalogues}
    if len(argv) != 1 or argv[0] not in (*commands, "check"):
        print("usage: python -m sparrow.i18n extract|update|compile|check")
        return 2
    if argv[0] == "check":
        return check()
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
