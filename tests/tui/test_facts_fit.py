"""The game's lines beside the log are never cut at 80×24."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.widgets import Static

from cardsuite.core.game import Action, View
from cardsuite.core.match import SeatSpec
from cardsuite.i18n import use_language
from cardsuite.tui.screens.table import TableScreen

from .helpers import config, drive, table_app


def _napoleon(view: View) -> Action:
    """Bid as high as allowed, then the first legal choice: the person is Napoleon and discards."""
    bids = [a for a in view.legal if a.verb == "bid"]
    return bids[-1] if bids else view.legal[0]


def _in_play(table: TableScreen) -> bool:
    view = table.session.view(table.awaiting) if table.awaiting is not None else None
    return view is not None and view.phase == "play"


@pytest.mark.parametrize("language", ["en", "ja", "lt"])
async def test_napoleons_lines_fit_beside_the_log_at_80x24(language: str) -> None:
    """Napoleon's own lines (the bid, the adjutant card, the jacks, his discards) all show at 80×24."""
    use_language(language)
    try:
        seats = [SeatSpec("You")] + [SeatSpec(f"C{i}", "cpu", "random") for i in range(1, 5)]
        app = table_app(config("napoleon", seats, seed=4, games=1))
        async with app.run_test(size=(80, 24)) as pilot:
            await drive(pilot, app, _napoleon, stop=_in_play)
            table = app.screen
            assert isinstance(table, TableScreen)
            facts = table.query_one("#facts", Static)
            assert facts.has_class("-shown")
            width = app.size.width - facts.outer_size.width
            strips = app.screen._compositor.render_strips()
            side = "".join(strip.crop(width, app.size.width).text for strip in strips).replace(" ", "")
            content = facts.content
            assert isinstance(content, Text)
            for line in content.plain.splitlines():
                assert line.replace(" ", "") in side, f"cut: {line}"
    finally:
        use_language("en")
