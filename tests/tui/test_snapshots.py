"""Snapshot tests of every game's table at fixed seeds and sizes (update with ``pytest --snapshot-update``).

Each game at 80×24 and 120×40; each game in ASCII and with ``NO_COLOR`` at 80×24; the too-small notice.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from cardsuite.core.match import SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.tui.app import CardsuiteApp

from .helpers import config, settle

GAMES = ["nap", "napas", "napoleon", "gops"]


def _table(game: str, seed: int = 2, ascii_only: bool = False) -> CardsuiteApp:
    players = get_game(game).info.default_players
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "random") for i in range(1, players)]
    cfg = config(game, seats, seed=seed)
    cfg.ascii_only = ascii_only
    return CardsuiteApp(cfg)


async def _ready(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, CardsuiteApp)
    await settle(pilot, app)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", GAMES)
def test_table(snap_compare: Any, game: str, size: tuple[int, int]) -> None:
    """The table where the person first has to act."""
    assert snap_compare(_table(game), terminal_size=size, run_before=_ready)


@pytest.mark.parametrize("game", GAMES)
def test_table_in_ascii(snap_compare: Any, game: str) -> None:
    """``--ascii``: suits as letters, frames of ``+ - |``."""
    assert snap_compare(_table(game, ascii_only=True), terminal_size=(80, 24), run_before=_ready)


@pytest.mark.parametrize("game", GAMES)
def test_table_without_colour(snap_compare: Any, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``NO_COLOR``: Textual draws no colour; legal cards still stand out (raised), illegal ones are dim."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(_table(game), terminal_size=(80, 24), run_before=_ready)


def test_terminal_too_small(snap_compare: Any) -> None:
    """Below 80×24 the table says so instead of drawing a broken layout."""
    assert snap_compare(_table("nap"), terminal_size=(60, 20), run_before=_ready)
