"""The home form keeps what was put into it when it is rebuilt (another language, player count or game),
and shows the game just played when a table closes."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input, Select, Switch

from cardsuite.core.match import SeatSpec
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.home import HomeScreen
from cardsuite.tui.screens.table import TableScreen

from .helpers import config


async def choose(pilot: Pilot[None], app: CardsuiteApp, select: str, value: object) -> HomeScreen:
    """Pick ``value`` in the home screen's list ``select``; the rebuilt home screen."""
    home = app.screen
    assert isinstance(home, HomeScreen)
    home.query_one(f"#{select}", Select).value = value
    await pilot.pause()
    await pilot.pause()
    home = app.screen
    assert isinstance(home, HomeScreen)
    return home


async def test_names_seed_and_options_outlive_a_new_language_and_player_count() -> None:
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        home = await choose(pilot, app, "game", "nap")
        home.query_one("#seat-name-0", Input).value = "Ann"
        home.query_one("#seat-name-1", Input).value = "Bo"
        home.query_one("#seat-kind-1", Select).value = "human"
        home.query_one("#seed", Input).value = "42"
        home.query_one("#opt-above_nap", Select).value = "blucher"
        home.query_one("#opt-deals_per_player", Input).value = "7"
        home.query_one("#opt-misere", Switch).value = False
        home.query_one("#auto-play", Switch).value = False
        await pilot.pause()
        for select, value in (("language", "lt"), ("players", 3), ("language", "en")):
            home = await choose(pilot, app, select, value)
            assert home.query_one("#seat-name-0", Input).value == "Ann", select
            assert home.query_one("#seat-name-1", Input).value == "Bo"
            assert home.query_one("#seat-kind-1", Select).value == "human"
            assert home.query_one("#seed", Input).value == "42"
            assert home.query_one("#opt-above_nap", Select).value == "blucher"
            assert home.query_one("#opt-deals_per_player", Input).value == "7"
            assert home.query_one("#opt-misere", Switch).value is False
            assert home.query_one("#auto-play", Switch).value is False
        assert len(home.query(".name")) == 3


async def test_another_game_keeps_the_names_and_seed_but_not_the_options() -> None:
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        home = await choose(pilot, app, "game", "nap")
        home.query_one("#seat-name-0", Input).value = "Ann"
        home.query_one("#seed", Input).value = "42"
        home.query_one("#opt-deck", Select).value = "reduced"
        await pilot.pause()
        home = await choose(pilot, app, "game", "napas")
        assert home.query_one("#seat-name-0", Input).value == "Ann"
        assert home.query_one("#seed", Input).value == "42"
        assert home.query_one("#opt-deck", Select).value == "auto"  # Napas's own deck option, at its default


async def test_home_after_a_table_shows_the_game_just_played() -> None:
    seats = [SeatSpec("Ann"), SeatSpec("CPU 1", "cpu", "random"), SeatSpec("CPU 2", "cpu", "random")]
    app = CardsuiteApp(config("gops", seats, seed=3))  # as `cardsuite play gops` opens it
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        app.table_finished("home")
        await pilot.pause()
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        assert home.game_name == "gops" and len(home.query(".name")) == 3
        assert home.query_one("#seat-name-0", Input).value == "Ann"


async def test_home_shows_the_game_of_the_table_it_opened_when_it_comes_back() -> None:
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        home = await choose(pilot, app, "game", "nap")
        seats = [SeatSpec("Ann"), SeatSpec("CPU 1", "cpu", "random")]
        app.start_table(config("gops", seats, seed=3))  # a match reopened from the Continue list, say
        await pilot.pause()
        app.table_finished("home")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is home
        assert home.game_name == "gops" and len(home.query(".name")) == 2
