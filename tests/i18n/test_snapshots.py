"""Snapshots of every game's table in Japanese at 80x24, and Napas in Lithuanian (``pytest --snapshot-update``);
Napas's trumps in Lithuanian, the exchange's summary and the ? page in Japanese.

Seeded, with CPUs that move at once, taken where the person first has to act: the same picture every run.
Double-width characters must fit: a snapshot shows any cut-off word or frame.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from cardsuite.core.game import Action, View
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


def _person_until(app: CardsuiteApp, want: Callable[[View], bool], pick: Callable[[View], Action]
                  ) -> Callable[[Pilot[Any]], Awaitable[None]]:
    async def ready(pilot: Pilot[Any]) -> None:
        for _ in range(80):
            await settle(pilot, app)
            table = app.table
            assert table is not None and table.awaiting == 0
            view = table.session.view(0)
            if want(view):
                await pilot.pause()
                return
            table.perform(0, pick(view))
        raise AssertionError("the wanted moment never came")

    return ready


def _bid_five(view: View) -> Action:
    return next((a for a in view.legal if str(a) == "bid 5"), view.legal[-1])


def test_napas_trumps_wrap_in_lithuanian(snap_compare: Any) -> None:
    """Naming trumps in Lithuanian at 80x24: every suit's button on the screen (they wrap, never fall off)."""
    use_language("lt")
    app = _table("napas", seed=3)
    ready = _person_until(app, lambda v: v.phase == "trump", _bid_five)
    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


def test_the_exchange_summary_and_the_keys_in_japanese(snap_compare: Any) -> None:
    """Japanese at 80x24: two cards marked by their keys and Enter show the summary to confirm."""
    use_language("ja")
    app = _table("napas", seed=3)
    ready = _person_until(app, lambda v: v.phase == "exchange", _bid_five)

    async def marked(pilot: Pilot[Any]) -> None:
        await ready(pilot)
        await pilot.press("1", "2", "enter")

    assert snap_compare(app, terminal_size=(80, 24), run_before=marked)


def test_the_keys_page_in_japanese(snap_compare: Any) -> None:
    """The ? page in Japanese at 80x24: each key's words stay in their column when they wrap."""
    use_language("ja")
    app = _table("nap")

    async def keys(pilot: Pilot[Any]) -> None:
        await _ready(pilot)
        await pilot.press("question_mark")

    assert snap_compare(app, terminal_size=(80, 24), run_before=keys)
