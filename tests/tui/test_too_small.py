"""Below 80×24 the table and the replay say the terminal is too small, and no key acts on what is not drawn:
the key bar offers only what still works (the menu at the table, quitting the replay)."""

from __future__ import annotations

from cardsuite.core.match import SeatSpec
from cardsuite.core.record import replay
from cardsuite.core.registry import get_game
from cardsuite.tui.render import Display
from cardsuite.tui.replay import ReplayApp
from cardsuite.tui.screens.modals import MenuScreen
from cardsuite.tui.screens.table import TableScreen

from .helpers import config, screen_text, settle, table_app
from .test_replay_and_plain import _record

GOPS = [SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")]


def _key_bar(text: str) -> str:
    return text.splitlines()[-1]


async def test_no_key_plays_while_the_table_is_too_small() -> None:
    """At 60×20: Enter, a card's key and h do nothing and the key bar shows only q Menu; enlarged, they work."""
    app = table_app(config("gops", GOPS))
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert isinstance(table, TableScreen) and table.awaiting == 0
        text = screen_text(app)
        assert "The terminal is too small" in text
        bar = _key_bar(text)
        assert "Menu" in bar and "Play" not in bar and "Hint" not in bar
        before = len(table.session.match.state.events())
        await pilot.press("enter", table.plan.card_keys[0], "space", "h", "u", "t", "s")
        await pilot.pause()
        assert len(table.session.match.state.events()) == before and app.screen is table
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)  # the menu still opens
        await pilot.press("escape")
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert "Play" in _key_bar(screen_text(app))
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.session.match.state.events()) > before


async def test_the_replay_says_it_is_too_small_and_only_quits() -> None:
    """The replay at 60×20 says it is too small, no key steps through it, and q still quits."""
    result = replay(_record("nap", 4), get_game)
    app = ReplayApp(result, tuple(f"P{i}" for i in range(4)), Display())
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "The terminal is too small: the replay needs at least 80×24" in " ".join(text.split())
        assert "Next" not in _key_bar(text) and "Quit" in _key_bar(text)
        await pilot.press("right", "end", "a")
        await pilot.pause()
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        text = screen_text(app)
        assert "step 0 of" in text and "deal 1 of 2" in text and "Next" in _key_bar(text)
        await pilot.press("q")
    assert app.return_code in (0, None)


async def test_the_menu_while_too_small_offers_only_leaving() -> None:
    """At 60×20 the menu offers back, abandon and quit only: s opens no scoreboard and c hands no seat to the
    CPU (the match stays unassisted); enlarged, the whole menu is back."""
    from cardsuite.tui.screens.modals import TextScreen

    app = table_app(config("gops", GOPS))
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert isinstance(table, TableScreen)
        await pilot.press("q")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        assert [entry for entry, _label in menu.entries] == ["resume", "abandon", "quit"]
        await pilot.press("s")
        await pilot.pause()
        assert not isinstance(app.screen, TextScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("q", "c")
        await pilot.pause()
        assert not table.session.assisted and not table.session.is_cpu(0)
        await pilot.press("escape")
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert app.screen is table
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and "scores" in [entry for entry, _label in app.screen.entries]
