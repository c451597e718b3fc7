"""A ceiling on every request body (``BodyLimitMiddleware``): a body longer than the limit is refused
with 413 before any endpoint reads it, whether it announces its length or streams in chunks, so no
request holds more than the limit in memory; and a body that has not arrived whole within
``SPARROW_BODY_TIMEOUT`` seconds (``sparrow serve --body-timeout``, default 30) is refused with 408,
so a client that sends it a byte at a time holds nothing for long."""

from __future__ import annotations

import asyncio
import json
import os
import time
from typing import Any

__all__ = ["BodyLimitMiddleware", "MAX_BODY", "BODY_TIMEOUT"]

BODY_TIMEOUT = "SPARROW_BODY_TIMEOUT"

MAX_BODY = 1024 * 1024  # 1 MiB: the largest score sheet import is far smaller


class BodyLimitMiddleware:
    def __init__(self, app: Any, limit: int = MAX_BODY, timeout: float | None = None) -> None:
        self.app = app
        self.limit = limit
        self._timeout = timeout

    @property
    def timeout(self) -> float:
        """Seconds a body may take (read when asked: ``sparrow serve`` sets the variable)."""
        return self._timeout if self._timeout is not None else float(os.environ.get(BODY_TIMEOUT, "") or 30)

    async def _refuse(self, send: Any, status: int = 413, detail: str = "") -> None:
        detail = detail or f"The request body is larger than {self.limit} bytes."
        body = json.dumps({"detail": detail}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        headers.append((b"connection", b"close"))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    announced = int(value)
                except ValueError:
                    announced = self.limit + 1
                if announced > self.limit:
                    await self._refuse(send)
                    return
        # Read the body here, at most the limit, and hand it on whole.
        chunks: list[bytes] = []
        size = 0
        timeout = self.timeout
        deadline = time.monotonic() + timeout
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                detail = f"The request body did not arrive within {timeout:g} seconds."
                await self._refuse(send, 408, detail)
                return
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
