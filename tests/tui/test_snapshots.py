"""Snapshot tests of the table at fixed seeds and sizes (update with ``pytest --snapshot-update``)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from cardsuite.core.errors import UnknownGame
from cardsuite.core.match import SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.tui.app import CardsuiteApp

from .helpers import config, settle


def _table(game: str, players: int, seed: int = 1) -> CardsuiteApp:
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "random") for i in range(1, players)]
    return CardsuiteApp(config(game, seats, seed=seed))


async def _ready(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, CardsuiteApp)
    await settle(pilot, app)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_nap_table(snap_compare: Any, size: tuple[int, int]) -> None:
    """The Nap table where the person first has to act."""
    assert snap_compare(_table("nap", 4), terminal_size=size, run_before=_ready)


def test_nap_table_in_ascii(snap_compare: Any) -> None:
    """``--ascii``: suits as letters."""
    app = _table("nap", 4)
    assert app.config is not None
    app.config.ascii_only = True
    assert snap_compare(app, terminal_size=(80, 24), run_before=_ready)


def test_terminal_too_small(snap_compare: Any) -> None:
    """Below 80×24 the table says so instead of drawing a broken layout."""
    assert snap_compare(_table("nap", 4), terminal_size=(60, 20), run_before=_ready)


@pytest.mark.parametrize("name", ["gops", "napoleon", "napas"])
def test_other_game_tables(snap_compare: Any, name: str) -> None:
    """Other games' tables at 80×24, when they load."""
    try:
        game = get_game(name)
    except UnknownGame as exc:
        pytest.skip(f"{name} does not load yet: {exc}")
    assert snap_compare(_table(name, game.info.default_players, seed=2), terminal_size=(80, 24), run_before=_ready)
