"""Whether a WebSocket upgrade comes from this server's own pages: the one rule of both sockets, ``/game``
and the browser seat's, so that another site's page cannot open either from its visitor's browser.

A browser always sends ``Origin`` with an upgrade; a request without one is a program's (the terminal
client, a seat process, a script) and passes.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from aiohttp import web


def own_base(request: web.Request, public_url: str | None) -> str:
    """The address the browser used (or the configured public one, behind a proxy)."""
    if public_url:
        return public_url.rstrip("/")
    return f"{request.scheme}://{request.host}"


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


def same_origin(request: web.Request, public_url: str | None) -> bool:
    """Whether the request carries no ``Origin``, or this server's own (as ``own_base`` gives it)."""
    return origin_allowed(request.headers.get("Origin"), own_base(request, public_url))
