"""During the match an online table still says what kind it is, in the status line under the header: "rated"
(the lobby's word) at a rated table, "practice table: not rated" at a practice one; a table that is neither
says neither."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from cardsuite.i18n import use_language
from cardsuite.net.client import Client
from cardsuite.tui.online import connect
from cardsuite.tui.online.app import OnlineApp
from cardsuite.tui.online.seating import Seating
from cardsuite.tui.screens.table import TableScreen

from .helpers import Clients, running_server, wait_for


class RatedTableClient(Client):
    """A client told by every table summary that its table is rated, as a server on a shared store tells the
    players of a rated table (a server without a store keeps no ratings)."""

    async def _dispatch(self, data: dict[str, Any]) -> None:
        if data.get("type") == "table":
            data = {**data, "rated": True}
        await super()._dispatch(data)


def status_parts(app: OnlineApp) -> list[str]:
    """The parts of the status line under the header, as drawn."""
    return str(app.screen.query_one("#status", Static).render()).split(" · ")


async def table_status(url: str, seed: int | None = None) -> list[str]:
    """The status line's parts Bob sees at a two-seat GOPS table once its match has started (with ``seed``:
    a practice table)."""
    async with Clients(url) as new:
        host = await new()
        chosen = {} if seed is None else {"seed": seed}
        made = await host.request("create", game="gops", players=2, cpu="random", name="Ann", **chosen)
        app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))  # every seat taken: it starts
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
            await wait_for(lambda: app.session is not None and app.session.client.view is not None, 20)
            await pilot.pause(0.2)
            return status_parts(app)


def test_a_rated_table_says_rated_during_the_match_in_the_readers_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connect, "Client", RatedTableClient)
    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        english = asyncio.run(table_status(server.url))
        use_language("ja")
        japanese = asyncio.run(table_status(server.url))
    assert "rated" in english and not any("practice" in part for part in english)
    assert "レーティング戦" in japanese and "rated" not in japanese


def test_a_practice_table_says_so_during_the_match_and_an_ordinary_one_says_neither(tmp_path: Path) -> None:
    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        practice = asyncio.run(table_status(server.url, seed=7))
        ordinary = asyncio.run(table_status(server.url))
    assert "practice table: not rated" in practice and "rated" not in practice
    assert not any("rated" in part or "practice" in part for part in ordinary)
    assert ordinary[0].startswith("table ")
