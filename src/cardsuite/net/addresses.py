"""A server's public addresses (``serve --advertise``, ``--public-url``) and the one an ``elsewhere`` refusal sends a
client to: what each may be, and the URL of the protocol socket at one.

``--advertise`` is a process's public base address, written as a player writes a server for ``cardsuite join``
(``wss://cards.example.org/p/1``): its socket is that address with ``/game`` added, unless it already ends in
``/game``. Both sides apply that one rule: the server to what it sends, the client to what it is sent (a server
may be older, or hostile).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from ..i18n import _
from ..i18n.render import words_for
from ..naming import quoted

SOCKET_PATH = "/game"
"""Where a server serves the protocol's WebSocket, below its base address."""
MAX_ADDRESS = 300
"""The longest address taken, in characters (a host name is at most 253)."""
SOCKET_SCHEMES = ("ws", "wss")
PAGE_SCHEMES = ("http", "https")
_NETLOC = re.compile(r"(?:[A-Za-z0-9._-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?")


class Unfollowed(Exception):
    """An ``elsewhere`` address a client does not follow: the one line that says why, in the reader's language."""


def well_formed(address: object, schemes: tuple[str, ...]) -> bool:
    """Whether ``address`` is an absolute URL of one of ``schemes`` with a host (and a port, if any, that is one),
    at most ``MAX_ADDRESS`` printable characters, with no space, user, query or fragment."""
    if not isinstance(address, str) or not 0 < len(address) <= MAX_ADDRESS or not address.isprintable():
        return False
    if " " in address or "?" in address or "#" in address:
        return False
    scheme, sep, rest = address.partition("://")
    if not sep or scheme.lower() not in schemes:
        return False
    try:
        parts = urlsplit(address)
        port = parts.port  # a port that is no number raises here
    except ValueError:
        return False
    netloc = rest.split("/", 1)[0]
    return bool(parts.hostname) and _NETLOC.fullmatch(netloc) is not None and (port is None or port <= 65535)


def socket_url(address: str) -> str:
    """The protocol socket at a ``ws://`` / ``wss://`` address: ``/game`` added unless it already ends in it (a
    slash at the end is dropped either way)."""
    base = address.strip().rstrip("/")
    return base if base.endswith(SOCKET_PATH) else base + SOCKET_PATH


def followed(current: str, moved: str) -> str:
    """The socket a client connected at ``current`` goes to when an ``elsewhere`` refusal names ``moved``: any host
    (a site's processes may run on several machines), but only a ``ws://`` or ``wss://`` address, and never from
    ``wss://`` down to ``ws://``. ``Unfollowed`` otherwise."""
    if not well_formed(moved, SOCKET_SCHEMES):
        raise Unfollowed(_("the server sent this client on to {url}, which is not a ws:// or wss:// address: "
                           "it was not followed").format(url=words_for(quoted(moved, 60))))
    if current.lower().startswith("wss://") and moved.lower().startswith("ws://"):
        raise Unfollowed(_("the server sent this client from a wss:// address on to {url}, a ws:// one: the "
                           "seat's token would travel in clear, so it was not followed").format(
            url=words_for(quoted(moved, 60))))
    return socket_url(moved)
