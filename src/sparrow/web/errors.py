"""The one error the web layer raises: an HTTP status and one sentence for ``{"detail": ...}``."""

from __future__ import annotations

__all__ = ["WebError"]


class WebError(Exception):
    def __init__(self, status: int, detail: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.headers = headers
