"""One protocol connection on the server: its socket, its queue of messages out, and what it holds.

Each connection has its own queue and writer, so a client that stops reading slows nobody else (it is
dropped when its queue fills). It also carries what the limits count: the address it comes from, its
message rate, and its failed joins.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING

from aiohttp import web

from ..core.game import Event
from .limits import Bucket

if TYPE_CHECKING:
    from .table import Table

RATE_PER_SECOND = 20.0
RATE_BURST = 40.0
MAX_STRIKES = 200
"""Messages over the rate a connection may send before it is closed."""
QUEUE_LIMIT = 512
MAX_FAILED_JOINS = 10
"""Failed joins or resumes on one connection before it is closed (the address is paused long before)."""
MAX_PAUSED = 3
"""Joins a connection may try while its address is paused before it is closed."""
POLICY_CLOSE = 1008  # WebSocket "policy violation": the server will not talk with this connection any more
GOING_AWAY = 1012  # WebSocket "service restart": reconnect (through the front address) and resume


def burst_for(rate: float) -> float:
    """The burst allowed on top of ``rate`` messages a second."""
    return max(RATE_BURST, 2 * rate)


class Conn:
    """One client connection: its socket, its outgoing queue, and the seat it holds (if any)."""

    def __init__(self, ws: web.WebSocketResponse, rate: float = RATE_PER_SECOND, address: str = "unknown") -> None:
        self.ws = ws
        self.address = address
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.table: Table | None = None
        self.seat: int | None = None
        self.watching = False
        self.bucket = Bucket(rate, burst_for(rate), stamp=time.monotonic())
        self.strikes = 0
        self.failed_joins = 0
        self.paused_tries = 0
        self.sent_deal = -1
        self.sent_history: tuple[Event, ...] = ()
        self.sent_version = -1
        self.sent_moment: object = None  # the moment of the last view sent (hub.send_state)
        self.closed = False
        self.close_code = 1000

    def send(self, text: str) -> None:
        """Queue a message; a client too slow to keep up is disconnected rather than waited for."""
        if self.closed:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)

    def send_close(self, code: int | None = None) -> None:
        """Close after the messages already queued (with ``code``, else the one set before)."""
        if code is not None:
            self.close_code = code
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)

    async def writer(self) -> None:
        """Send queued messages in order until the connection closes."""
        while True:
            text = await self.queue.get()
            if text is None:
                break
            try:
                await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                break
        self.closed = True
        with contextlib.suppress(Exception):
            await self.ws.close(code=self.close_code)
