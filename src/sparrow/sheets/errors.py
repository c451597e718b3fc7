"""The one error a score sheet raises: a sentence naming the field at fault, translatable.

A :class:`SheetError` keeps its message as a template with named values, so the catalogue
(``sparrow.i18n``) translates it exactly; ``str(error)`` is the English ``field: message``, the
same shape as :class:`sparrow.core.situation.SituationError`.
"""

from __future__ import annotations

from typing import Any

__all__ = ["SheetError"]


class SheetError(ValueError):
    """A request a sheet refuses: a malformed or impossible row, an unknown player, a row after the
    end of the match... The sheet itself is a value and is never changed by a refused request."""

    def __init__(self, field: str, template: str, **params: Any) -> None:
        self.field = field
        self.template = template
        self.params = params
        super().__init__(f"{field}: {self.message}")

    @property
    def message(self) -> str:
        """The English sentence, without the field."""
        return self.template.format(**self.params)
