"""Snapshots of every game's table in Japanese at 80x24, and Napas in Lithuanian (``pytest --snapshot-update``).

Seeded, with CPUs that move at once, taken where the person first has to act: the same picture every run.
Double-width characters must fit: a snapshot shows any cut-off word or frame.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from cardsuite.core.match import SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.i18n import use_language
from cardsuite.tui.app import CardsuiteApp

from ..tui.helpers import config, settle

GAMES = ["nap", "napas", "napoleon", "gops"]


def _table(game: str, seed: int = 2) -> CardsuiteApp:
    players = get_game(game).info.default_players
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "random") for i in range(1, players)]
    app = CardsuiteApp(config(game, seats, seed=seed))
    app.no_intro = True
    return app


async def _ready(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, CardsuiteApp)
    await settle(pilot, app)


@pytest.mark.parametrize("game", GAMES)
def test_table_in_japanese(snap_compare: Any, game: str) -> None:
    """The table in Japanese at 80x24 where the person first has to act."""
    use_language("ja")
    assert snap_compare(_table(game), terminal_size=(80, 24), run_before=_ready)


def test_napas_in_lithuanian(snap_compare: Any) -> None:
    """Napas, the Lithuanian game, in Lithuanian at 80x24."""
    use_language("lt")
    assert snap_compare(_table("napas"), terminal_size=(80, 24), run_before=_ready)
