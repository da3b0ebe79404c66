"""The home screen builds a table from the game's own option schema."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select, Switch

from cardsuite.core.registry import all_games
from cardsuite.i18n import translations, use_language
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens import home as home_screen
from cardsuite.tui.screens.home import HomeScreen
from cardsuite.tui.screens.table import TableScreen

from .helpers import screen_text


async def test_home_builds_a_nap_table_from_the_form() -> None:
    """Options, seats and seed typed into the form reach the table's match."""
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.query_one("#game", Select).value = "nap"
        await pilot.pause()
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen) and home.game_name == "nap"
        assert "How many times each player deals" in screen_text(app)
        home.query_one("#opt-deals_per_player", Input).value = "1"
        home.query_one("#opt-misere", Switch).value = False
        home.query_one("#opt-above_nap", Select).value = "blucher"
        home.query_one("#seat-name-0", Input).value = "Ann"
        home.query_one("#seat-kind-1", Select).value = "cpu:random"
        home.query_one("#seed", Input).value = "42"
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        table = app.table
        assert isinstance(app.screen, TableScreen) and table is not None
        session = table.session
        assert session.options["deals_per_player"] == 1
        assert session.options["misere"] is False
        assert session.options["above_nap"] == "blucher"
        assert session.names[0] == "Ann" and session.config.seats[1].level == "random"
        assert session.config.seed == 42


async def test_home_rejects_a_bad_option_value_in_words() -> None:
    """A value the schema refuses is shown on the form, and no table opens."""
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.query_one("#game", Select).value = "nap"
        await pilot.pause()
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen) and home.game_name == "nap"
        home.query_one("#opt-deals_per_player", Input).value = "0"
        await pilot.click("#start")
        await pilot.pause()
        assert app.table is None
        assert "Cannot start" in screen_text(app)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.name)
async def test_home_form_follows_each_game_schema(game: object) -> None:
    """Choosing a game rebuilds the form: one field per option with its one-line explanation."""
    from cardsuite.core.game import Game

    assert isinstance(game, Game)
    app = CardsuiteApp()
    async with app.run_test(size=(160, 80)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.query_one("#game", Select).value = game.info.name
        await pilot.pause()
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen) and home.game_name == game.info.name
        for spec in game.info.options:
            assert home.query(f"#opt-{spec.key}"), spec.key
        assert len(home.query(".name")) == game.info.default_players
        config = home.build_config()
        assert config.game == game.info.name


@pytest.mark.parametrize("typed", ["-", "1_", str(10**18), *[pytest.param(t, marks=pytest.mark.soak)
                                                               for t in ("+", "-5", "9" * 30)]])
@pytest.mark.parametrize("key", ["ctrl+s", "online"])
async def test_home_refuses_a_seed_that_seed_refuses_in_one_line(typed: str, key: str) -> None:
    """A seed ``--seed`` refuses (a lone sign, ``1_``, a negative one, one past its bound) is one line under
    the form, from Ctrl+S and from Online…; the home screen stays, and no table or dialog opens."""
    from cardsuite.cli._args import LARGEST
    from cardsuite.tui.config import LARGEST_SEED

    assert LARGEST_SEED == LARGEST
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.query_one("#seed", Input).focus()
        await pilot.press(*typed)
        await pilot.pause()
        if key == "online":
            await pilot.click("#online")
        else:
            await pilot.press(key)
        await pilot.pause()
        assert app.is_running and app.table is None and app.screen is home
        text = screen_text(app)
        assert "Cannot start: the seed must be a whole number from 0 to 999999999999999999" in text


async def test_home_takes_the_largest_seed() -> None:
    """The largest seed ``--seed`` takes opens a table with it."""
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.query_one("#seed", Input).value = str(10**18 - 1)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.table is not None and app.table.session.config.seed == 10**18 - 1


@pytest.mark.parametrize("size", [(120, 60), (80, 24), (60, 20)])
async def test_the_start_and_online_buttons_stand_on_one_line(size: tuple[int, int]) -> None:
    """Start and Online… share a row: the same top line, Start on the left with room before Online…."""
    from textual.widgets import Button

    app = CardsuiteApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        start = app.screen.query_one("#start", Button).region
        online = app.screen.query_one("#online", Button).region
        assert start.y == online.y and start.height == online.height
        assert start.right < online.x


async def test_a_settings_file_that_cannot_be_written_is_told_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reason a settings file could not be saved names a path, which may hold brackets: it is shown as
    the characters it is, never read as markup (which would fail to parse, or style the line)."""
    from cardsuite.tui.screens import home as home_module

    def refuse(_settings: object) -> None:
        raise OSError("cannot write /data/[b]ann[/b]/settings.toml")

    monkeypatch.setattr(home_module, "save_settings", refuse)
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.choose_language("en")
        await pilot.pause()
        shown = [str(n.message) for n in app._notifications]
        assert any("/data/[b]ann[/b]/settings.toml" in m for m in shown), shown
        assert all(not n.markup for n in app._notifications)


async def test_an_open_list_names_its_key_in_the_language_in_use(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Select's open list says in the key bar how to close it, in Japanese too (Textual's words are English)."""
    monkeypatch.setattr(home_screen, "suits_encodable", lambda: True)  # a terminal that shows Japanese
    use_language("ja")
    try:
        app = CardsuiteApp()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.screen.query_one("#game", Select).focus()
            await pilot.press("enter")
            await pilot.pause()
            text = screen_text(app)
    finally:
        use_language("en")
    assert "Dismiss menu" not in text
    assert translations("ja").gettext("Dismiss menu") in text
