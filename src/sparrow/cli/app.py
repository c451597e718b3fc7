"""The ``sparrow`` command: a thin shell over the core, one module per command registered here. Bad
input prints one line and exits 2."""

from __future__ import annotations

import inspect
import sys
from typing import Annotated, Any

import typer

from sparrow.cli.text import DISPLAY, terminal_shows_glyphs

__all__ = ["app", "main"]

app = typer.Typer(
    name="sparrow",
    help="Sparrow mahjong: analyse hands, score and settle them, and play or simulate games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from sparrow._version import __version__

        print(f"sparrow {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    glyphs: Annotated[
        bool | None,
        typer.Option(
            "--glyphs/--ascii",
            help="Show tiles as Unicode mahjong glyphs, or as text (123m). Default: glyphs on a UTF-8 terminal.",
            show_default=False,
        ),
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Sparrow mahjong: analyse hands, score and settle them, and play or simulate games."""
    DISPLAY["glyphs"] = terminal_shows_glyphs() if glyphs is None else glyphs


def _register_commands() -> None:
    """Every command, in the order ``sparrow --help`` lists them."""
    from sparrow.cli import analyze, log, play, rules, score, serve, settle, simulate

    for command in (analyze, score, settle, rules, simulate, play, serve, log):
        command.register(app)


_register_commands()


# ---------------------------------------------------------------------------- help that reads well


def _reflow(text: str) -> str:
    """Join the lines of each paragraph, so that the help wraps at the terminal's width instead of
    breaking sentences where the source did. Indented lines (examples, tables) are kept as written."""
    paragraphs = []
    for paragraph in inspect.cleandoc(text).split("\n\n"):
        lines = paragraph.split("\n")
        if any(line.startswith(" ") for line in lines):
            paragraphs.append(paragraph)
        else:
            paragraphs.append(" ".join(line.strip() for line in lines))
    return "\n\n".join(paragraphs)


def _short_help(text: str) -> str:
    """The line in the list of commands: the first paragraph, up to its first colon when it is long."""
    first = text.split("\n\n")[0]
    if len(first) > 100 and ": " in first:
        first = first.split(": ")[0] + "."
    return first


def _tidy_help() -> None:
    """Every command's help: paragraphs reflowed, a short line in the list of commands; and two
    changes to how Typer (0.29) shows parameters: no type after a flag (``--json <bool>``: a flag
    takes no value) or an argument (its name says it), and an option's value named after the option
    (``--rules RULES``) unless it has a metavar. Usage lines name arguments in capitals
    (``TILES``, ``[FILE]``), not ``{tiles}``."""
    from typer.core import TyperArgument, TyperOption

    for info in app.registered_commands:
        help_text = info.help or inspect.getdoc(info.callback) or ""
        info.help = _reflow(help_text)
        info.short_help = info.short_help or _short_help(info.help)
        if info.epilog:
            info.epilog = _reflow(info.epilog)

    def option_type(self: TyperOption, ctx: Any) -> str | None:
        if self.is_flag or self.count:
            return None
        if self.metavar is not None:
            return self.metavar
        return (self.name or "value").upper() + ("..." if self.nargs != 1 else "")

    # self: any parameter, as Typer declares the method this replaces (only arguments are given it).
    def argument_type(self: object, ctx: Any) -> str | None:
        return None

    def usage_name(self: TyperArgument) -> str:
        name = self.metavar or (self.name or "").upper()
        name += "..." if self.nargs != 1 else ""
        return name if self.required else f"[{name}]"

    def argument_name(self: TyperArgument) -> str:
        return (self.metavar or (self.name or "").upper()) + ("..." if self.nargs != 1 else "")

    TyperOption.display_type_rich = option_type  # type: ignore[method-assign]
    TyperArgument.display_type_rich = argument_type  # type: ignore[method-assign]
    TyperArgument._usage_display_name = usage_name  # type: ignore[method-assign]
    TyperArgument.display_name_raw = property(argument_name)  # type: ignore[assignment,method-assign]


_tidy_help()


def main(argv: list[str] | None = None) -> None:
    """The ``sparrow`` command. Usage errors (an unknown option, a missing argument, a value out of
    range) are one line on stderr, ``error: ...``, and exit code 2, as every other bad input."""
    args = _optional_values(sys.argv[1:] if argv is None else list(argv))
    if not args:
        app(args=args, prog_name="sparrow")  # no_args_is_help: Typer shows the help
        return
    try:
        code = app(args=args, prog_name="sparrow", standalone_mode=False)
    except typer.TyperException as error:  # click's UsageError, BadParameter, NoSuchOption...
        sys.stderr.write(f"error: {_one_line(error.format_message())}{_help_hint(error)}\n")
        sys.exit(getattr(error, "exit_code", 2))
    except typer.Abort:
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


# Options whose value may be left out, and what they mean then (Typer 0.29 has no such options):
# ``sparrow simulate --ray`` alone is ``--ray local``.
_OPTIONAL_VALUES = {"--ray": "local"}


def _optional_values(args: list[str]) -> list[str]:
    """``args`` with the implied value after an option of :data:`_OPTIONAL_VALUES` given alone (last,
    or followed by another option)."""
    out: list[str] = []
    for index, arg in enumerate(args):
        if arg == "--":
            return out + args[index:]
        out.append(arg)
        if arg in _OPTIONAL_VALUES and (index + 1 == len(args) or args[index + 1].startswith("-")):
            out.append(_OPTIONAL_VALUES[arg])
    return out


def _one_line(message: str) -> str:
    return " ".join(message.split())


def _help_hint(error: Exception) -> str:
    context = getattr(error, "ctx", None)
    path = getattr(context, "command_path", None)
    return f" (see {path} --help)" if path else ""
