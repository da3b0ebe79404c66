"""``net/errorpages.py`` against the installed aiohttp, in this process: the private seams it relies on are
still there and still reached, so that an aiohttp upgrade that moves them fails here, by name, rather than
bringing back answers that echo the request."""

from __future__ import annotations

import asyncio
import inspect

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

from cardsuite.net.errorpages import GuardedHandler, GuardedRunner, GuardedServer, fixed_line
from cardsuite.net.headers import add_headers

MARK = b"ECHO-51c9"


def test_the_seams_errorpages_overrides_are_still_in_aiohttp() -> None:
    """``RequestHandler.handle_error(request, status, exc, message)``, ``AppRunner._make_server``, and the
    server's ``_loop`` and ``_kwargs`` that ``Server.__call__`` builds its handlers from."""
    assert list(inspect.signature(RequestHandler.handle_error).parameters) == \
        ["self", "request", "status", "exc", "message"]
    assert inspect.iscoroutinefunction(web.AppRunner._make_server)
    assert "_loop" in inspect.getsource(web.Server.__init__) and "_kwargs" in inspect.getsource(web.Server.__call__)
    assert issubclass(GuardedHandler, RequestHandler) and issubclass(GuardedServer, web.Server)


async def _exchange(port: int, data: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(data)
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), 5)
    writer.close()
    return answer


def test_a_guarded_runner_answers_its_own_errors_with_a_fixed_line_and_the_headers() -> None:
    """On loopback: a malformed request gets ``400: Bad Request`` and a handler's exception ``500: Internal
    Server Error``, both with the headers of every answer, neither with anything the client sent."""

    async def broken(request: web.Request) -> web.Response:
        raise RuntimeError("a handler's own failure, " + request.path)

    async def run() -> None:
        app = web.Application()
        add_headers(app)
        app.router.add_get("/broken", broken)
        runner = GuardedRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            assert isinstance(runner.server, GuardedServer)
            site = web.TCPSite(runner, "127.0.0.1", 0)
            await site.start()
            port = getattr(site._server, "sockets", ())[0].getsockname()[1]
            for request, status in ((b"\x16\x03\x01 " + MARK + b"\r\n\r\n", 400),
                                    (b"GET /broken?" + MARK + b" HTTP/1.1\r\nHost: x\r\n\r\n", 500)):
                answer = await _exchange(port, request)
                head, _, body = answer.partition(b"\r\n\r\n")
                assert body == fixed_line(status).encode(), answer[:400]
                assert MARK not in answer and b"failure" not in answer, answer[:400]
                lines = head.decode("latin-1").lower().split("\r\n")
                assert lines[0].split(" ")[1] == str(status), lines
                for header in ("x-content-type-options: nosniff", "x-frame-options: deny", "server: cardsuite",
                               "cache-control: no-store"):
                    assert header in lines, (header, lines)
                assert any(line.startswith("content-security-policy: default-src 'none'") for line in lines), lines
        finally:
            await runner.cleanup()

    asyncio.run(run())


def test_the_fixed_line_names_the_status_only() -> None:
    assert fixed_line(400) == "400: Bad Request\n"
    assert fixed_line(500) == "500: Internal Server Error\n"
    assert fixed_line(599) == "599\n"
