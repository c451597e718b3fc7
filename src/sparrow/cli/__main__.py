"""``python -m sparrow.cli``: the same as the ``sparrow`` command."""

from sparrow.cli.app import main

main()
