"""The scoreboard cuts nothing: a long name (or a column title in Japanese) folds onto more rows in a narrow
page, and the page grows with the terminal so that a wide one shows every name whole."""

from __future__ import annotations

from rich.console import Console

from cardsuite.core.match import SeatSpec
from cardsuite.i18n import use_language
from cardsuite.tui.render import Display
from cardsuite.tui.reports import scoreboard
from cardsuite.tui.screens.modals import TextScreen

from .helpers import config, screen_text, settle, table_app

LONG = "Alexandrina"


def _drawn(names: list[str], width: int) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(scoreboard(names, [[1] * len(names), [-2] * len(names)], [-1] * len(names), Display()))
    return console.export_text()


def test_six_long_names_fold_in_a_page_of_80_columns() -> None:
    """At the 66 cells a page has at 80 columns every letter of every name is there, on more rows."""
    text = _drawn([LONG, *(f"{LONG}{n}" for n in range(2, 7))], 66)
    assert "…" not in text
    letters = "".join(text.split())
    assert "deal" in letters and "total" in letters
    assert letters.count("A") == 6 and all(str(n) in letters for n in range(2, 7))


def test_japanese_titles_and_names_are_not_cut() -> None:
    """In Japanese the column title (ディール) and a long name fold instead of ending in an ellipsis."""
    use_language("ja")
    try:
        text = _drawn(["プレイヤー太郎", *(f"CPU {n}" for n in range(1, 6))], 66)
    finally:
        use_language("en")
    assert "…" not in text
    assert "ディール" in text
    assert "プレイヤー" in "".join(text.split())


async def test_the_page_uses_a_wide_terminal() -> None:
    """At 120 columns the scoreboard of six long names shows each name whole, on one row."""
    seats = [SeatSpec(LONG), *(SeatSpec(f"{LONG}{n}", "cpu", "random") for n in range(1, 6))]
    app = table_app(config("napas", seats))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        text = screen_text(app)
        assert "…" not in text
        for n in range(1, 6):
            assert f"{LONG}{n}" in text
