"""How ``sparrow serve`` runs uvicorn: slow clients cut off, proxies believed only when named, and
the access and error logs.

A connection that has not sent a whole request head within ``--header-timeout`` seconds is closed
(:class:`HeaderTimeoutProtocol`), an idle kept-alive one after ``--keep-alive-timeout``.
``X-Forwarded-For`` is believed only from ``--forwarded-allow-ips`` (uvicorn's proxy headers, off
without it). Each request is logged on stdout, warnings and errors on stderr.

WebSockets (the rooms' live connections): a message is at most :data:`WS_MAX_SIZE` bytes, refused by
uvicorn from its frame's header (16 MiB by default: four clients sending 15 MB messages took a
server from 242 MB to 1 GB); a socket that does not answer a ping within :data:`WS_PING_TIMEOUT`
seconds is closed; and the sockets of a process are capped below ``--limit-concurrency``
(:func:`socket_cap`), so that plain requests are still answered when the sockets are at their cap.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["HeaderTimeoutProtocol", "log_config", "server_options", "socket_cap", "HEADER_TIMEOUT", "WS_MAX_SIZE"]

HEADER_TIMEOUT = "SPARROW_HEADER_TIMEOUT"  # read by every server process (``--workers``)
# The live sockets a process takes, read by every server process (sparrow.web.room_limits.LIVE_SOCKETS).
LIVE_SOCKETS = "SPARROW_LIVE_SOCKETS"
WS_MAX_SIZE = 4096  # bytes in one WebSocket message (sparrow.web.room_limits.MESSAGE_BYTES)
WS_PING_INTERVAL = 20.0  # seconds between the server's pings on an idle socket
WS_PING_TIMEOUT = 20.0  # seconds a socket has to answer a ping before it is closed (a peer gone silently)


def socket_cap(limit_concurrency: int) -> int | None:
    """The live sockets a process takes when uvicorn answers 503 beyond ``limit_concurrency``
    connections (0: no limit): four fifths of them, the last fifth kept for plain requests (a
    WebSocket is counted with the connections, but uvicorn checks the limit on plain requests only)."""
    return limit_concurrency * 4 // 5 if limit_concurrency else None


class HeaderTimeoutProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection whose request head is still incomplete
    ``SPARROW_HEADER_TIMEOUT`` seconds (default 10) after it opened or after its last answer: a
    client that sends its headers a byte at a time, or never, holds no connection for long."""

    _head_timer: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        if self._head_timer is None:
            seconds = float(os.environ.get(HEADER_TIMEOUT, "") or 10)
            self._head_timer = self.loop.call_later(seconds, self._head_timed_out)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _waiting_for_head(self) -> bool:
        return self.conn.their_state is h11.IDLE and (self.cycle is None or self.cycle.response_complete)

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if self._waiting_for_head() and not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._waiting_for_head():
            self._arm()
        else:
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def log_config(access_log: bool) -> dict[str, Any]:
    """Each request on stdout (uvicorn's access log: client, request line, status); warnings and
    errors, with their tracebacks, on stderr."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
            "access": {"format": "%(asctime)s %(message)s"},
        },
        "handlers": {
            "errors": {"class": "logging.StreamHandler", "formatter": "plain", "stream": "ext://sys.stderr"},
            "access": {"class": "logging.StreamHandler", "formatter": "access", "stream": "ext://sys.stdout"},
        },
        "loggers": {
            "uvicorn.error": {"handlers": ["errors"], "level": "WARNING", "propagate": False},
            "sparrow": {"handlers": ["errors"], "level": "WARNING", "propagate": False},
            "uvicorn.access": {
                "handlers": ["access"],
                "level": "INFO" if access_log else "WARNING",
                "propagate": False,
            },
        },
    }


def server_options(
    *,
    forwarded_allow_ips: str,
    header_timeout: int,
    body_timeout: int,
    keep_alive_timeout: int,
    limit_concurrency: int,
    access_log: bool,
) -> dict[str, Any]:
    """The keyword arguments for ``uvicorn.run`` / ``uvicorn.Config``; the timeouts uvicorn has no
    option for go to every server process through the environment."""
    os.environ[HEADER_TIMEOUT] = str(header_timeout)
    os.environ["SPARROW_BODY_TIMEOUT"] = str(body_timeout)  # sparrow.web.limits.BODY_TIMEOUT
    cap = socket_cap(limit_concurrency)
    os.environ[LIVE_SOCKETS] = "" if cap is None else str(cap)
    return {
        "http": "sparrow.cli.serving:HeaderTimeoutProtocol",
        "proxy_headers": bool(forwarded_allow_ips),
        "forwarded_allow_ips": forwarded_allow_ips or None,
        "timeout_keep_alive": keep_alive_timeout,
        "limit_concurrency": limit_concurrency or None,
        "log_config": log_config(access_log),
        "log_level": None,  # the levels of log_config stand (uvicorn would set one level for all)
        "access_log": access_log,
        "server_header": False,
        "ws_max_size": WS_MAX_SIZE,
        "ws_ping_interval": WS_PING_INTERVAL,
        "ws_ping_timeout": WS_PING_TIMEOUT,
    }
