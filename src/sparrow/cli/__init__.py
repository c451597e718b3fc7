"""The ``sparrow`` command line: one module per command, registered on one Typer app
(:mod:`sparrow.cli.app`)."""

from sparrow.cli.app import app, main

__all__ = ["app", "main"]
