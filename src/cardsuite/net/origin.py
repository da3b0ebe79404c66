"""Whether a WebSocket upgrade comes from this server's own pages: the one rule of both sockets, ``/game``
and the browser seat's, so that another site's page cannot open either from its visitor's browser.

A browser always sends ``Origin`` with an upgrade; a request without one is a program's (the terminal
client, a seat process, a script) and passes. A server bound to loopback without a public address takes a
browser's upgrade only for a loopback name: a site whose name is made to resolve to 127.0.0.1 (DNS
rebinding) would otherwise be its own origin.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

from aiohttp import web


def own_base(request: web.Request, public_url: str | None) -> str:
    """The address the browser used (or the configured public one, behind a proxy)."""
    if public_url:
        return public_url.rstrip("/")
    return f"{request.scheme}://{request.host}"


_HOST = re.compile(r"^(?:[A-Za-z0-9._-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$")


def well_formed_host(host: str) -> bool:
    """Whether ``host`` (a ``Host`` header) is a host name or an address, with a port or without: no space,
    ``;`` or stray bracket that would bend an address or a policy made from it."""
    if not _HOST.match(host):
        return False
    try:
        port = urlsplit(f"//{host}").port  # a bracketed text that is no IPv6 address, or a port past 65535, raises
    except ValueError:
        return False
    return port is None or port <= 65535


def origin_allowed(origin: str | None, base: str) -> bool:
    """Whether ``origin`` (the header's text, None when absent) is none, or names the host and port of
    ``base``; anything that is not a URL with a host is refused."""
    if origin is None:
        return True
    try:
        theirs = urlsplit(origin).netloc.lower()
        ours = urlsplit(base).netloc.lower()
    except ValueError:  # not a URL at all ("http://[", say)
        return False
    return bool(theirs) and theirs == ours


def loopback_name(host: str) -> bool:
    """Whether ``host`` (an address, or a ``Host`` header with its port) is ``localhost`` or a loopback
    address."""
    try:
        return ipaddress.ip_address(host).is_loopback  # a bare address, IPv6 ones unbracketed
    except ValueError:
        pass
    try:
        name = urlsplit(f"//{host}").hostname
    except ValueError:
        return False
    if name is None:
        return False
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def same_origin(request: web.Request, public_url: str | None, bound: str) -> bool:
    """Whether the request carries no ``Origin``, or this server's own (as ``own_base`` gives it); on a
    server ``bound`` to loopback without ``public_url``, only under a loopback name."""
    origin = request.headers.get("Origin")
    if origin is not None and not public_url and loopback_name(bound) and not loopback_name(request.host):
        return False
    return origin_allowed(origin, own_base(request, public_url))
