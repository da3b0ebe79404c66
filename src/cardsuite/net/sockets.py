"""How many TCP connections each address, and the whole server, holds open now, in any state.

Counted from the accept to the close, before a byte of the request: a connection that never finishes its
request (or never sends one) holds a socket and a file descriptor all the same. ``gate.py`` asks before
handing a connection to aiohttp and closes it at once when it is one too many. Connections from loopback
count only in the total when a proxy (``--trust-proxy``) or the browser seat's processes (``--web``) connect
from there, since everyone would then share loopback's count. Plain Python, no I/O.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .limits import Limits, address_key, is_loopback

TOTAL_ONLY = ""
"""The key of a connection counted in the total only (loopback behind a proxy or for the browser seat)."""


@dataclass
class SocketBook:
    """Open connections per address and in all, and how many were turned away."""

    per_address: int
    total: int
    loopback_total_only: bool = False
    held: Counter[str] = field(default_factory=Counter)
    open: int = 0
    refused: int = 0

    def admit(self, peer: str | None) -> str | None:
        """Count a connection from ``peer``: the key to ``release`` it by, or None when it is one too many."""
        if self.open >= self.total:
            self.refused += 1
            return None
        key = TOTAL_ONLY if self.loopback_total_only and is_loopback(peer) else address_key(peer)
        if key != TOTAL_ONLY and self.held[key] >= self.per_address:
            self.refused += 1
            return None
        if key != TOTAL_ONLY:
            self.held[key] += 1
        self.open += 1
        return key

    def release(self, key: str) -> None:
        """A connection counted under ``key`` closed."""
        self.open = max(0, self.open - 1)
        if key != TOTAL_ONLY:
            self.held[key] -= 1
            if self.held[key] <= 0:
                del self.held[key]


def socket_book(limits: Limits, web: bool) -> SocketBook:
    """The book for a server's limits: never fewer sockets than protocol connections (a connection over the
    protocol's limit is still told why in its ``limit`` line, which needs its socket)."""
    return SocketBook(per_address=max(limits.sockets_per_address, limits.connections_per_address),
                      total=max(limits.max_sockets, limits.max_connections),
                      loopback_total_only=limits.trust_proxy or web)
