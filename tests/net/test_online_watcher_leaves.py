"""A watcher's quit (``cardsuite join --watch``) ends the watch with the protocol's ``leave`` before the connection
closes, so the server ends it as a watcher stopping, not as a connection that dropped."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cardsuite.tui.online.app import OnlineApp
from cardsuite.tui.online.seating import Seating
from cardsuite.tui.screens.table import TableScreen

from .helpers import Clients, running_server, wait_for


def test_quitting_a_watch_sends_leave_and_the_server_ends_the_watch_before_the_connection_closes(
        tmp_path: Path) -> None:
    """The server writes "a watcher left" either way; only after a ``leave`` does it write it while the watcher's
    connection is still open. So the line must be in its log by the time the watcher's client starts closing."""
    said: list[str] = []

    async def run(url: str) -> tuple[bool, bool, list[str]]:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            await host.request("start")
            code = str(made["code"])
            app = OnlineApp(Seating(url, code=code, watch=True))
            seen: list[bool] = []
            sent: list[str] = []
            async with app.run_test(size=(120, 40)) as pilot:
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                assert app.session is not None and app.session.watching
                await wait_for(lambda: f"table {code}: a watcher joined (1 watching)" in "\n".join(said), 20)
                client = app.session.client
                closing, sending = client.close, client.send

                async def send(kind: str, **fields: object) -> int:
                    sent.append(kind)
                    return await sending(kind, **fields)

                async def close() -> None:  # what the server had said when the client began to close
                    open_then = client.ws is not None and not client.ws.closed
                    try:
                        await wait_for(lambda: f"table {code}: a watcher left (0 watching)" in "\n".join(said), 5)
                    except AssertionError:
                        seen.append(False)
                    else:
                        seen.append(open_then)
                    await closing()

                client.send = send  # type: ignore[method-assign]
                client.close = close  # type: ignore[method-assign]
                await pilot.pause(0.3)  # the table has drawn itself
                await pilot.press("q")  # the menu: a watcher's only way out is to stop watching
                await pilot.pause(0.2)
                await pilot.press("x")
                await wait_for(lambda: not app.is_running, 20)
            await wait_for(lambda: bool(seen), 20)  # the app closes its connection as it ends
            return bool(seen and seen[0]), client.closed.is_set(), sent

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        said = server.said  # its log lines as they come
        ended_first, closed, sent = asyncio.run(run(server.url))
    server.log()
    assert sent == ["leave"], sent
    assert ended_first, said[-10:]
    assert closed
    assert sum("a watcher left" in line for line in said) == 1, said[-10:]
