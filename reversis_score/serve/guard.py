"""Connections a stranger cannot exhaust: uvicorn's HTTP protocol with deadlines and caps.

uvicorn closes an idle kept-alive connection after ``timeout_keep_alive`` seconds, and past
``limit_concurrency`` answers every new request 503: one machine holding 1,000 connections
open (a head sent a byte at a time) shuts every phone out. So ``GuardedH11Protocol``, with
``Gate`` (one per server, shared by its connections), does what uvicorn cannot:

- **a deadline for a request's head**: ``HEAD_TIMEOUT`` seconds from the moment the
  connection opens (or the last answer on it was sent); a connection whose request has not
  arrived whole by then is closed. A request whose head has arrived is never cut for it.
- **a deadline for its body**: ``BODY_TIMEOUT`` seconds from its head; a body that never
  finishes (``Content-Length: 60000``, nothing sent) loses its connection.
- **a cap per client address**: ``PER_ADDRESS`` connections; a new one past it takes the
  place of that address's oldest connection waiting for a request (none waiting: the new
  one is closed). One machine never holds more.
- **room always kept for new clients**: past ``MOST`` connections in all, a new one takes
  the place of a waiting one, chosen among the connections that never showed the access
  token first, from the address holding the most. No new client is turned away while a
  stranger's connections wait.
- **one log line per connection closed**, never a traceback (``drop``); past ``LOG_BURST``
  lines in ``LOG_WINDOW`` seconds, one line at the window's end says how many more were
  closed and from which addresses most (an attacker reconnecting 1,000 times a second must not
  fill the disk with the log).

``security.AccessMiddleware`` marks a connection trusted when a request on it carries the
token (``trust(scope)``); a request refused for want of it is answered, then its
connection closed (``Connection: close``).
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections import OrderedDict
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

LOG = logging.getLogger("reversis_score.serve")
HEAD_TIMEOUT = 10.0  # seconds for a request line and its headers: a phone on Wi-Fi needs well under 1
BODY_TIMEOUT = 10.0  # seconds for a body once its head is in: a tap is a few hundred bytes
PER_ADDRESS = 32  # connections from one address: a browser opens about 6 to a server
MOST = 1000  # connections in all
TRUST = "reversis_score.trust"  # the scope key of a connection's ``trusted`` mark
LOG_BURST = 20  # lines about closed connections in one window, each said in full
LOG_WINDOW = 10.0  # seconds; past LOG_BURST lines, one line per window sums up the rest


def trust(scope: Any) -> None:
    """Mark the connection of the request ``scope`` as one that showed the access token."""
    mark = scope.get(TRUST)
    if mark is not None:
        mark()


class Gate:
    """The connections of one server, by client address (see the module)."""

    def __init__(self) -> None:
        self.by_address: dict[str, OrderedDict[GuardedH11Protocol, None]] = {}
        self.count = 0

    def admit(self, new: GuardedH11Protocol) -> bool:
        """Make room for ``new`` (closing a waiting connection if need be); False when there
        is none to be made: ``new`` is then to be closed."""
        mine = self.by_address.get(new.address, OrderedDict())
        if len(mine) >= new.per_address:
            old = next((c for c in mine if c.waiting), None)
            if old is None:
                return False
            old.drop(f"{new.per_address} connections from that address already: its oldest idle one is "
                     "closed")
        elif self.count >= MOST:
            old = self._shed()
            if old is None:
                return False
            old.drop(f"{MOST} connections at once: an idle one is closed for a new client")
        self.by_address.setdefault(new.address, OrderedDict())[new] = None
        self.count += 1
        return True

    def _shed(self) -> GuardedH11Protocol | None:
        """The waiting connection to close for a new one: never trusted first, from the
        address with the most connections, its oldest."""
        for trusted in (False, True):
            for _, mine in sorted(self.by_address.items(), key=lambda kv: -len(kv[1])):
                found = next((c for c in mine if c.waiting and c.trusted == trusted), None)
                if found is not None:
                    return found
        return None

    def leave(self, gone: GuardedH11Protocol) -> None:
        mine = self.by_address.get(gone.address)
        if mine is not None and gone in mine:
            del mine[gone]
            self.count -= 1
            if not mine:
                del self.by_address[gone.address]


def gate_of(server_state: Any) -> Gate:
    """The Gate of one uvicorn server (kept on its shared state)."""
    gate = getattr(server_state, "reversis_gate", None)
    if gate is None:
        gate = server_state.reversis_gate = Gate()
    return gate


class GuardedH11Protocol(H11Protocol):
    """H11Protocol with deadlines, a cap per address and room for new clients (the module)."""

    _timer: asyncio.TimerHandle | None = None
    _gate: Gate | None = None
    address = ""
    trusted = False

    @property
    def per_address(self) -> int:
        """The connections one address may hold (ProxiedH11Protocol: every one)."""
        return PER_ADDRESS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.address = self.client[0] if self.client else ""
        gate = gate_of(self.server_state)
        if not gate.admit(self):
            self.drop(f"{self.per_address} connections from that address are all busy")
            return
        self._gate = gate
        _no_delay(transport)
        self._arm(HEAD_TIMEOUT, self._head_late)

    @property
    def waiting(self) -> bool:
        """No request under way on it: a head awaited, or an idle kept-alive connection."""
        return self.cycle is None or self.cycle.response_complete

    def handle_events(self) -> None:
        before = self.cycle
        super().handle_events()
        cycle = self.cycle
        if cycle is not None and cycle is not before and not cycle.response_complete:
            cycle.scope[TRUST] = self._trust  # type: ignore[literal-required]
            if cycle.more_body:
                self._arm(BODY_TIMEOUT, self._body_late)
            else:
                self._disarm()

    def _trust(self) -> None:
        self.trusted = True

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.waiting:  # (a pipelined request may be under way)
            self._arm(HEAD_TIMEOUT, self._head_late)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._leave()
        super().connection_lost(exc)

    def drop(self, why: str) -> None:
        """Close the connection at once, with one line in the log (or one among many)."""
        self._disarm()
        self._leave()
        if not self.transport.is_closing():
            DROPS.say(self.loop, self.address or "?", why)
            self.transport.close()

    def _leave(self) -> None:
        if self._gate is not None:
            self._gate.leave(self)
            self._gate = None

    def _arm(self, seconds: float, then) -> None:
        self._disarm()
        self._timer = self.loop.call_later(seconds, then)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _head_late(self) -> None:
        self._timer = None
        if self.waiting and self.cycle is not None and self.cycle.more_body:  # answered before its body
            self.drop(f"no whole request body within {HEAD_TIMEOUT:g} s of the answer")
        elif self.waiting:
            self.drop(f"no whole request head within {HEAD_TIMEOUT:g} s")

    def _body_late(self) -> None:
        self._timer = None
        if self.cycle is not None and self.cycle.more_body and not self.cycle.response_started:
            self.drop(f"no whole request body within {BODY_TIMEOUT:g} s")


class ProxiedH11Protocol(GuardedH11Protocol):
    """The guard of ``serve DB``, a league's site behind a reverse proxy (docs/league.md): every
    reader comes from the proxy's address, so one address may hold every connection; the
    deadlines and the room kept for new clients stand."""

    @property
    def per_address(self) -> int:
        return MOST


def _no_delay(transport: asyncio.Transport) -> None:
    """Send each answer at once. h11 writes a response's head and its body apart; with Nagle's
    algorithm on, the body then waits for the client's delayed ACK: 40 ms added to every
    request on a kept-alive connection (a tap took 52 ms instead of 10)."""
    sock = transport.get_extra_info("socket")
    if sock is None or sock.family not in (socket.AF_INET, socket.AF_INET6):
        return
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class DropLog:
    """The log's lines about closed connections: each in full up to LOG_BURST in a window of
    LOG_WINDOW seconds, then one line when the window ends for all the others."""

    def __init__(self) -> None:
        self.start = -LOG_WINDOW
        self.said = 0
        self.more: dict[str, int] = {}

    def say(self, loop: asyncio.AbstractEventLoop, address: str, why: str) -> None:
        """Log that a connection from ``address`` was closed for ``why``."""
        now = loop.time()
        if now - self.start >= LOG_WINDOW:
            self.start, self.said = now, 0
        if self.said < LOG_BURST:
            self.said += 1
            LOG.warning("serve: closed a connection from %s: %s", address, why)
            return
        if not self.more:  # the first left out in this window: its sum is said when it ends
            loop.call_at(self.start + LOG_WINDOW, self.sum_up)
        self.more[address] = self.more.get(address, 0) + 1

    def sum_up(self) -> None:
        """The line for the connections left out of the log in the window just ended."""
        more, self.more = self.more, {}
        if more:
            most = sorted(more.items(), key=lambda item: -item[1])[:3]
            LOG.warning("serve: closed %d more connections in %g s, most from %s", sum(more.values()),
                        LOG_WINDOW, ", ".join(f"{address} ({count})" for address, count in most))


DROPS = DropLog()

