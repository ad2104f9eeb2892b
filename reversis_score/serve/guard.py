"""Slow clients: uvicorn's HTTP protocol with a deadline for a request's head.

uvicorn closes an idle kept-alive connection after ``timeout_keep_alive`` seconds, but a
client that opens a connection and sends its headers one byte at a time (or never) is kept
for ever: 2,000 of them hold 2,000 sockets. ``GuardedH11Protocol`` gives every request's
head ``HEAD_TIMEOUT`` seconds from the moment the connection opens (or the last answer on it
was sent); a connection whose request has not arrived whole by then is closed. A request
whose head has arrived is never cut: its answer is under way.
"""
from __future__ import annotations

import asyncio
import contextlib
import socket

from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_TIMEOUT = 10.0  # seconds for a request line and its headers: a phone on Wi-Fi needs well under 1


class GuardedH11Protocol(H11Protocol):
    """H11Protocol closing a connection whose request head is late (see the module)."""

    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        _no_delay(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        self._head_timer = self.loop.call_later(HEAD_TIMEOUT, self._late)

    def _late(self) -> None:
        self._head_timer = None
        waiting = self.cycle is None or self.cycle.response_complete
        if waiting and not self.transport.is_closing():
            self.transport.close()


def _no_delay(transport: asyncio.Transport) -> None:
    """Send each answer at once. h11 writes a response's head and its body apart; with Nagle's
    algorithm on, the body then waits for the client's delayed ACK: 40 ms added to every
    request on a kept-alive connection (a tap took 52 ms instead of 10)."""
    sock = transport.get_extra_info("socket")
    if sock is None or sock.family not in (socket.AF_INET, socket.AF_INET6):
        return
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
