"""Test clients held open for a test's many requests, and closed when the test that opened them ends.

An entered ``TestClient`` keeps a thread and its event loop (a few file descriptors) until it is
exited; the web tests make hundreds of players, each with its own client, so a worker process would
otherwise gather thousands of descriptors over the suite. ``tests/conftest.py`` closes those a test
opened once its body has run; a client opened by a fixture lives as long as the fixture.
"""

from __future__ import annotations

import contextlib
from typing import Any, TypeVar

C = TypeVar("C")

_OPEN: list[Any] = []


def entered(client: C) -> C:
    """``client`` entered (its portal started once for all its requests), to be exited with its test."""
    client.__enter__()  # type: ignore[attr-defined]
    _OPEN.append(client)
    return client


def opened() -> int:
    return len(_OPEN)


def close_since(mark: int) -> None:
    """Exit every client entered after ``mark`` (the count when the test's body began)."""
    while len(_OPEN) > mark:
        client = _OPEN.pop()
        with contextlib.suppress(Exception):
            client.__exit__(None, None, None)
