"""The home screen in ASCII mode draws no character that is not ASCII, as the table does."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import Select

from cardsuite.core.match import Match, SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.i18n import current_language, use_language
from cardsuite.storage.history import History
from cardsuite.storage.saves import Autosave
from cardsuite.storage.settings import Settings, save_settings
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.home import HomeScreen

from ..storage.helpers import play_out
from .helpers import screen_text

NAMES = ("Zoë", "Jūratė", "CPU 2", "CPU 3")


def _nap(seed: int) -> Match:
    """A Nap match of two people with accented names and two CPUs."""
    game = get_game("nap")
    seats = [SeatSpec(NAMES[0]), SeatSpec(NAMES[1]), *(SeatSpec(n, "cpu", "normal") for n in NAMES[2:])]
    return Match(game, 4, game.resolve_options({}, 4), seed, seats)


def _home_with_names(home: Path) -> None:
    """Settings asking for ASCII, a finished match in the history (ratings) and one to continue, their
    people named with letters ASCII lacks."""
    save_settings(Settings(ascii=True, names=[NAMES[0]], introduced=["nap"]))
    History().record_finished(Autosave("done").record(play_out(_nap(3), random.Random(3))))
    Autosave("open").save(play_out(_nap(4), random.Random(4), limit=8))


async def test_the_home_screen_in_ascii_mode_draws_only_ascii(home: Path) -> None:
    _home_with_names(home)
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.screen.ascii_only
        text = screen_text(app)
        assert text.isascii(), [line for line in text.splitlines() if not line.isascii()]
        assert "Zoe" in text and "Jurate" in text and "+/-" in text and "Online..." in text
        app.screen.query_one("#game", Select).expanded = True  # an open list is drawn in ASCII too
        await pilot.pause()
        assert screen_text(app).isascii()


async def test_the_home_screen_in_ascii_mode_speaks_english_for_japanese(home: Path) -> None:
    """As at the table: Japanese cannot be read in ASCII, so the home screen speaks English and does not
    offer it; Lithuanian stays, without its accents."""
    _home_with_names(home)
    use_language("ja")
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert current_language() == "en"
        text = screen_text(app)
        assert text.isascii() and "Seats" in text, text
        assert any("speaks English" in str(n.message) for n in app._notifications)
        languages = app.screen.query_one("#language", Select)
        assert [value for _label, value in languages._options] == ["en", "lt"]
        languages.value = "lt"
        await pilot.pause()
        await pilot.pause()
        assert current_language() == "lt" and screen_text(app).isascii()
