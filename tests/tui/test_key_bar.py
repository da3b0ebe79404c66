"""The key bar shows the keys that work now, the pages' keys as far as its width allows (the others still
work); the pages say what they are: the full rules' title, GOPS's last round, the adjutant key only in
Napoleon."""

from __future__ import annotations

import io

from cardsuite.core.match import SeatSpec
from cardsuite.i18n import use_language
from cardsuite.tui.screens.modals import KeysScreen, RulesScreen, TextScreen

from .helpers import config, screen_text, settle, table_app
from .test_keys_at_the_table import NAP_SEATS, _to_play

GOPS = [SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")]


def _page(screen: KeysScreen) -> str:
    """The keys page's rows as text, whatever part of it is scrolled into view."""
    from rich.console import Console

    console = Console(width=200, record=True, file=io.StringIO())
    console.print(screen.body)
    return console.export_text()


def _bar(text: str) -> str:
    return text.splitlines()[-1]


async def test_the_key_bar_offers_the_pages_keys_where_they_fit() -> None:
    """At 100 columns t, s, c and r are in the key bar; in Lithuanian at 80 some are left out, yet s works."""
    app = table_app(config("nap", NAP_SEATS, seed=4))
    async with app.run_test(size=(100, 30)) as pilot:
        await _to_play(pilot, app)
        await pilot.pause()
        bar = _bar(screen_text(app))
        for words in ("Enter Play", "t Trick", "s Scores", "c CPU", "r Rules", "? Keys", "q Menu"):
            assert words in bar, (words, bar)
    use_language("lt")
    app = table_app(config("nap", NAP_SEATS, seed=4))
    async with app.run_test(size=(80, 30)) as pilot:
        await _to_play(pilot, app)
        await pilot.pause()
        bar = _bar(screen_text(app))
        assert "s Taškai" not in bar and bar.rstrip().endswith("q Meniu")
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)


async def test_f_on_the_rules_page_names_the_page_it_shows() -> None:
    """``f`` switches to the full rules: the title and the key bar follow, and back again."""
    app = table_app(config("nap", NAP_SEATS, seed=4))
    async with app.run_test(size=(100, 30)) as pilot:
        await _to_play(pilot, app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        text = screen_text(app)
        assert "How to play Nap" in text and "f Full rules" in _bar(text)
        await pilot.press("f")
        await pilot.pause()
        text = screen_text(app)
        assert "Full rules of Nap" in text and "How to play Nap" not in text.splitlines()[0]
        assert "f How to play" in _bar(text)
        await pilot.press("f")
        await pilot.pause()
        assert "How to play Nap" in screen_text(app)


async def test_the_keys_page_lists_the_adjutant_key_only_in_napoleon() -> None:
    """``?`` at a Nap table leaves out ``g``; at a Napoleon table it is there."""
    app = table_app(config("nap", NAP_SEATS, seed=4))
    async with app.run_test(size=(160, 80)) as pilot:
        await _to_play(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen) and "adjutant" not in _page(app.screen)
    seats = [SeatSpec("You")] + [SeatSpec(f"C{i}", "cpu", "random") for i in range(1, 5)]
    app = table_app(config("napoleon", seats, seed=4))
    async with app.run_test(size=(160, 80)) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen) and "adjutant" in _page(app.screen)


async def test_gops_calls_its_last_round_a_round() -> None:
    """``t`` in GOPS opens "Last round", not "Last trick"."""
    app = table_app(config("gops", GOPS))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("t")
        await pilot.pause()
        text = screen_text(app)
        assert "Last round" in text and "Last trick" not in text


async def test_the_key_bar_is_rebuilt_once_for_several_changes_and_shows_the_last() -> None:
    """Three changes of the table's keys before a repaint rebuild the key bar once, and it shows the keys as
    they are after the last change."""
    from cardsuite.tui.widgets.key_bar import KeyBar

    app = table_app(config("nap", NAP_SEATS, seed=4))
    async with app.run_test(size=(100, 30)) as pilot:
        await _to_play(pilot, app)
        await pilot.pause()
        table = app.screen
        bar = table.query_one(KeyBar)
        rebuilds = 0
        rebuild = bar.recompose

        async def counted() -> None:
            nonlocal rebuilds
            rebuilds += 1
            await rebuild()

        bar.recompose = counted  # type: ignore[method-assign]
        table.refresh_bindings()
        table.add_class("-small")  # too small: only the menu's key works
        table.refresh_bindings()
        table.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert rebuilds == 1
        assert _bar(screen_text(app)).split() == ["q", "Menu"]


async def test_the_key_bar_is_not_rebuilt_when_its_keys_stay_the_same() -> None:
    """A change of the table that leaves the keys as they were (most CPU moves) keeps the key bar's keys as
    they are; a change of a key's words rebuilds it, and it shows the new words."""
    from textual.widgets._footer import FooterKey

    from cardsuite.tui.widgets.key_bar import KeyBar

    app = table_app(config("nap", NAP_SEATS, seed=4))
    async with app.run_test(size=(100, 30)) as pilot:
        await _to_play(pilot, app)
        await pilot.pause()
        table = app.screen
        bar = table.query_one(KeyBar)
        keys = list(bar.query(FooterKey))
        assert keys
        table.refresh_bindings()
        await pilot.pause()
        table.refresh_bindings()
        await pilot.pause()
        assert list(bar.query(FooterKey)) == keys, "the key bar was built again for the same keys"
        table.add_class("-small")  # too small: only the menu's key works
        table.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert list(bar.query(FooterKey)) != keys
        assert _bar(screen_text(app)).split() == ["q", "Menu"]
