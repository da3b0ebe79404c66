"""The answers aiohttp makes by itself (a malformed request's 400, a handler's 500): one fixed short line, with
the headers of every answer (``headers.guard``), never an echo of what the client sent; and ``gone``, the
answer of a WebSocket handler whose client left before its handshake was answered.

aiohttp answers a request it cannot parse without reaching the application (so without its
``on_response_prepare`` hook), with a body quoting up to about a hundred bytes of the request. It offers no
public way to change that answer: this file, and only this one, uses its private API to do so, the
server's ``RequestHandler.handle_error`` overridden in a subclass, which a ``Server`` subclass builds (as
``Server.__call__`` does, from its ``_loop`` and ``_kwargs``) and ``AppRunner._make_server`` hands out.
``tests/net/test_error_pages.py`` fails if an aiohttp upgrade moves any of them.
"""

from __future__ import annotations

from http import HTTPStatus

from aiohttp import web
from aiohttp.web_protocol import RequestHandler
from aiohttp.web_request import BaseRequest

from .headers import guard


def fixed_line(status: int) -> str:
    """The whole body of an error answer: its status and the status's name (``400: Bad Request``)."""
    try:
        return f"{status}: {HTTPStatus(status).phrase}\n"
    except ValueError:
        return f"{status}\n"


NOT_A_HANDSHAKE = "cardsuite: this address takes a WebSocket handshake only\n"
"""The whole answer to a request for a WebSocket that is not a handshake (a plain ``GET``, say): aiohttp's own
would quote its ``Upgrade`` header."""


def gone() -> web.Response:
    """What a WebSocket handler returns when its client left before the handshake's answer: aiohttp finds the
    connection closed and lets it go quietly, where the half-prepared ``WebSocketResponse`` would make it
    log a traceback."""
    return web.Response(status=400, text=fixed_line(400), content_type="text/plain")


class GuardedHandler(RequestHandler):
    """aiohttp's connection handler, its own error answers made fixed and guarded."""

    __slots__ = ()

    def handle_error(self, request: BaseRequest, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        """aiohttp's error answer (it logs, and refuses once part of an answer is sent), then ours instead."""
        super().handle_error(request, status, exc, message)
        response = web.Response(status=status, text=fixed_line(status), content_type="text/plain")
        guard(response, request.path)
        response.force_close()
        return response


class GuardedServer(web.Server):
    """aiohttp's low-level server, handing out ``GuardedHandler``s."""

    def __call__(self) -> RequestHandler:
        return GuardedHandler(self, loop=self._loop, **self._kwargs)


class GuardedRunner(web.AppRunner):
    """``web.AppRunner`` whose server answers its own errors with ``GuardedHandler``."""

    async def _make_server(self) -> web.Server:
        server = await super()._make_server()
        server.__class__ = GuardedServer  # the same server (its app, handler, settings), with our factory
        return server
