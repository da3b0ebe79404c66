"""A server that cannot be reached is said so in one short line, in the reader's language: nothing answers,
no such host, or something that is not a cardsuite server, never aiohttp's own words."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator

import pytest
from aiohttp import web

from cardsuite.i18n import use_language
from cardsuite.net.client import Client, ClientError


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    use_language("en")
    yield
    use_language("en")


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _refusal(url: str) -> str:
    with pytest.raises(ClientError) as caught:
        await Client(url).connect(timeout=5)
    assert caught.value.code == "connect"
    return caught.value.message


async def test_nothing_listening_says_nothing_answers_there() -> None:
    url = f"ws://127.0.0.1:{_closed_port()}/game"
    line = await _refusal(url)
    assert line == f"cannot reach {url}: nothing answers there (is the server running?)"
    use_language("ja")
    assert (await _refusal(url)).startswith(f"{url} ")
    assert "Connect call failed" not in await _refusal(url)


async def test_an_unknown_host_says_no_such_host() -> None:
    line = await _refusal("ws://no-such-host.invalid:8765/game")
    assert line == "cannot reach ws://no-such-host.invalid:8765/game: no such host"


async def test_a_web_server_that_is_not_cardsuite_says_so() -> None:
    runner = web.AppRunner(web.Application())  # every path: 404
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        url = f"ws://127.0.0.1:{port}/game"
        line = await asyncio.wait_for(_refusal(url), 10)
        assert line == f"cannot reach {url}: something answered, but not a cardsuite server (HTTP 404)"
    finally:
        await runner.cleanup()


async def test_a_server_that_accepts_and_never_answers_is_given_up_after_the_timeout() -> None:
    with socket.socket() as silent:  # listening, never answering: as a server whose process is stopped
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        url = f"ws://127.0.0.1:{silent.getsockname()[1]}/game"
        with pytest.raises(ClientError) as caught:
            await asyncio.wait_for(Client(url).connect(timeout=1), 30)
    assert caught.value.code == "connect"
    assert caught.value.message == f"cannot reach {url}: no answer in time"
