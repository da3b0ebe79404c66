"""The headers every HTTP answer of the server carries, so that a browser keeps its pages to themselves.

Every answer: ``X-Content-Type-Options: nosniff`` (a file is read as the type it is served as),
``Referrer-Policy: same-origin`` (a page's address, with a table's code and a name in it, is never sent to
another site), ``X-Frame-Options: DENY`` and a ``Content-Security-Policy`` with ``frame-ancestors 'none'``
(no other site's page frames ours to steer a seated browser's clicks and keys). Every answer outside
``/static``: ``Cache-Control: no-store`` (a page sets the browser's key cookie: a cache in between must not
hand it to another browser). ``Server: cardsuite``, without the versions aiohttp would name. An answer
that runs nothing gets the policy that allows nothing; the browser seat's page gets ``page_policy``, its
own scripts and its socket only, and nothing from another site (no font host either).
"""

from __future__ import annotations

import base64
import hashlib
import re
from urllib.parse import urlsplit

from aiohttp import web

STATIC = "/static/"
NOTHING = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
"""The policy of an answer that is not the page: nothing loads, nothing runs, nothing frames it."""

_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)
_HANDLER = re.compile(r"\son[a-z]+=\"([^\"]*)\"", re.IGNORECASE)


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def page_policy(body: str, socket: str) -> str:
    """The policy of the browser seat's page ``body``, whose terminal opens ``socket``: scripts from this
    server and the page's own inline ones (by hash, handlers too), the socket's address to connect to, styles
    and fonts of this server only; no frame, no base, no form."""
    inline = sorted({_sha256(code) for code in _INLINE_SCRIPT.findall(body)})
    handlers = sorted({_sha256(code) for code in _HANDLER.findall(body)})
    scripts = " ".join(["'self'", *inline, *(["'unsafe-hashes'", *handlers] if handlers else [])])
    parts = urlsplit(socket)
    return "; ".join([
        "default-src 'none'",
        f"script-src {scripts}",
        "style-src 'self' 'unsafe-inline'",
        "font-src 'self'",
        "img-src 'self' data:",
        f"connect-src 'self' {parts.scheme}://{parts.netloc}",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'none'",
    ])


def guard(response: web.StreamResponse, path: str) -> None:
    """Give ``response``, the answer to a request for ``path``, the headers above (its own policy kept)."""
    headers = response.headers
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Referrer-Policy"] = "same-origin"
    headers["X-Frame-Options"] = "DENY"
    headers["Server"] = "cardsuite"  # not aiohttp's default, which names its version and Python's
    headers.setdefault("Content-Security-Policy", NOTHING)
    if not path.startswith(STATIC):
        headers["Cache-Control"] = "no-store"


async def _guard(request: web.Request, response: web.StreamResponse) -> None:
    """The headers of every answer a handler of the app makes (``errorpages.py`` guards aiohttp's own)."""
    guard(response, request.path)


def add_headers(app: web.Application) -> None:
    """Give every answer of ``app`` the headers above."""
    app.on_response_prepare.append(_guard)
