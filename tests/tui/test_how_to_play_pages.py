"""The "how to play" pages at the table say what the rules say."""

from __future__ import annotations

import pytest

from cardsuite.core.match import SeatSpec
from cardsuite.tui.screens.modals import RulesScreen

from .helpers import config, screen_text, settle, table_app


async def _page(game: str, players: int) -> str:
    seats = [SeatSpec("You")] + [SeatSpec(f"Cy{i}", "cpu", "random") for i in range(players - 1)]
    app = table_app(config(game, seats, seed=1))
    async with app.run_test(size=(120, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        return " ".join(screen_text(app).replace("│", " ").split())


@pytest.mark.parametrize(("game", "players", "says"), [
    ("napoleon", 5, ("Napoleon and names a card", "Then Napoleon takes the 3-card widow and discards 3",
                     "15 each to the other four")),
    ("napas", 4, ("bid 5: a further -5",)),
])
async def test_the_page_follows_the_rules(game: str, players: int, says: tuple[str, ...]) -> None:
    """Napoleon names the adjutant's card before taking the widow; Napas's failed bid of 5 costs 5 more."""
    text = await _page(game, players)
    for words in says:
        assert words in text


@pytest.mark.parametrize("ascii_only", [False, True])
async def test_the_title_lines_up_with_the_text_below_it(ascii_only: bool) -> None:
    """The page's title starts in the column its paragraphs start in, not against the frame."""
    seats = [SeatSpec("You")] + [SeatSpec(f"Cy{i}", "cpu", "random") for i in range(3)]
    table = config("nap", seats, seed=1)
    table.ascii_only = ascii_only
    app = table_app(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("r")
        await pilot.pause()
        rows = [row.split("│" if not ascii_only else "|", 1)[-1] for row in screen_text(app).splitlines()]
    title = next(row for row in rows if "How to play Nap" in row)
    body = next(row for row in rows if "Goal" in row)
    assert title.index("How") == len(body) - len(body.lstrip())
