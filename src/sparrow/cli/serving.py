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

Before any of it, :func:`listening_problem` tries the address: a port another program holds (a
second ``make run``) is a sentence saying so and how to choose another, not uvicorn's log line.
"""

from __future__ import annotations

import asyncio
import errno
import os
import socket
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = [
    "HeaderTimeoutProtocol",
    "listening_problem",
    "log_config",
    "server_address",
    "server_options",
    "socket_cap",
    "HEADER_TIMEOUT",
    "WS_MAX_SIZE",
]

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


def _binds(host: str, port: int) -> None:
    """Bind (and let go of) every address ``host`` names on ``port``, as uvicorn will: with
    SO_REUSEADDR, so a port left in TIME_WAIT by a server just stopped is free, one listened on is not."""
    for family, kind, proto, _name, address in socket.getaddrinfo(
        host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    ):
        with socket.socket(family, kind, proto) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(address)


def _free_port_after(host: str, port: int) -> int | None:
    """The first of the next few ports that ``host`` can listen on, to suggest in its place."""
    for candidate in range(port + 1, min(port + 20, 65536)):
        try:
            _binds(host, candidate)
        except OSError:
            continue
        return candidate
    return None


def listening_problem(host: str, port: int) -> str | None:
    """Why ``sparrow serve`` could not listen on ``host``:``port``, as a sentence naming the way out
    (``--port``, and ``make run PORT=`` for those who started it with make); None if it can."""
    try:
        _binds(host, port)
    except socket.gaierror:
        return (
            f"this machine does not know the host {host!r}: give an address such as 127.0.0.1 (this machine"
            " only) or 0.0.0.0 (every address) with --host, or make run HOST=127.0.0.1."
        )
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            other = _free_port_after(host, port) or 8001
            return (
                f"port {port} on {host} is taken: another program listens there (a Sparrow started"
                f" before?). Stop it, or choose another port: --port {other}, or make run PORT={other}."
            )
        if error.errno == errno.EACCES:
            return (
                f"port {port} may only be used by the administrator: choose one from 1024 up, such as"
                " --port 8000, or make run PORT=8000."
            )
        if error.errno == errno.EADDRNOTAVAIL:
            return (
                f"{host} is not an address of this machine: give one of its own with --host (127.0.0.1 for"
                " this machine only, 0.0.0.0 for every address), or make run HOST=127.0.0.1."
            )
        return f"cannot listen on {host}:{port}: {error.strerror or error}."
    return None


def server_address(host: str, port: int) -> str:
    """The address to open in a browser for a server listening on ``host``:``port`` (every address:
    this machine's loopback; an IPv6 address in brackets)."""
    shown = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "[::1]"}.get(host, host)
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"
