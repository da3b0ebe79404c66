"""Japanese line breaking in the table's text panels (the top bar, the facts beside the log, the status line),
in the prompt, and in any ``KinsokuStatic``: no row begins with a closing mark such as 、 or 。, and none ends
with an opening bracket, at widths where Textual's own wrapping would do so; English is drawn as before."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.selection import Selection
from textual.widget import Widget
from textual.widgets import Static

from cardsuite.core.match import SeatSpec
from cardsuite.i18n.linebreak import NO_END, NO_START
from cardsuite.tui.text import Ascii
from cardsuite.tui.widgets.actions import lay_out
from cardsuite.tui.widgets.kinsoku import KinsokuStatic
from cardsuite.tui.widgets.panels import TopBar

from .helpers import config, settle, table_app

BASE = "ディール1、配り手はCy。持ち越しの得点札は3枚、合計24点です（「パス」は3回）。"
ENGLISH = "Ann leads the king of spades, Bob follows with the two and Cy ruffs with the five of clubs."


def rich_rows(line: str, width: int) -> list[str]:
    """The rows Rich (and so Textual) alone makes of ``line`` at ``width`` cells."""
    return [row.plain.rstrip() for row in Text(line).wrap(Console(width=width), width)]


def broken(rows: list[str]) -> list[str]:
    """The rows among ``rows`` that begin with a closing mark or end with an opening one."""
    return [row for row in rows if row and (row[0] in NO_START or row[-1] in NO_END)]


def badly_broken(width: int, rows: int) -> str:
    """``BASE`` after as many ``あ`` as it takes for Rich alone to break it badly at ``width``, in ``rows``."""
    for size in range(width):
        line = "あ" * size + BASE
        if broken(rich_rows(line, width)) and len(rich_rows(line, width)) <= rows:
            return line
    raise AssertionError(f"no such line at {width}")


def shown_rows(widget: Widget) -> list[str]:
    """The rows of text ``widget`` draws, its padding left out."""
    rows = widget.render_lines(Region(0, 0, widget.region.width, widget.content_region.height))
    return [strip.text.strip() for strip in rows]


def squeezed(text: str) -> str:
    return text.replace(" ", "").replace("\n", "")


async def test_the_top_bar_the_facts_and_the_status_line_at_80x24() -> None:
    seats = [SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")]
    app = table_app(config("nap", seats, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen
        top, status, facts = screen.query_one(TopBar), screen.query_one("#status"), screen.query_one("#facts")
        # the facts last: a taller top bar or a status line makes the table shorter, which refits the facts
        for panel, rows in ((top, 2), (status, 2), (facts, 6)):
            assert isinstance(panel, Static)
            panel.set_class(True, "-shown")
            panel.update(Text("…"))
            await pilot.pause()
            width = panel.content_region.width
            line = badly_broken(width, rows)
            if isinstance(panel, TopBar):
                panel.show([line], Ascii(False))
            else:
                panel.update(Text(line))
            await pilot.pause()
            assert panel.content_region.width == width
            assert broken(rich_rows(line, width)), panel  # Textual alone would
            shown = shown_rows(panel)
            assert broken(shown) == [], panel
            assert squeezed("".join(shown)) == squeezed(line), panel


class SideBySide(App[None]):
    """A ``Static`` and a ``KinsokuStatic`` with the same text, one under the other."""

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text, id="static")
        yield KinsokuStatic(self.text, id="kinsoku")


async def test_a_kinsoku_static_breaks_where_a_static_would_not() -> None:
    for width in (20, 24, 31, 40):
        line = badly_broken(width, 20)
        app = SideBySide(Text(line))
        async with app.run_test(size=(width, 40)) as pilot:
            await pilot.pause()
            assert broken(shown_rows(app.query_one("#static")))
            rows = shown_rows(app.query_one("#kinsoku", KinsokuStatic))
            assert broken(rows) == []
            assert squeezed("".join(rows)) == squeezed(line)


async def test_text_the_rules_do_not_move_is_drawn_as_by_a_static() -> None:
    styled = Text(ENGLISH)
    styled.stylize("bold reverse", 4, 30)
    japanese = Text("あいうえおかきくけこさしすせそたちつてと" * 3)
    for text in (Text(ENGLISH), styled, japanese):
        for width in (9, 17, 26, 40):
            app = SideBySide(text)
            async with app.run_test(size=(width, 30)) as pilot:
                await pilot.pause()
                static, kinsoku = app.query_one("#static"), app.query_one("#kinsoku")
                assert static.size == kinsoku.size
                region = Region(0, 0, *static.size)
                assert static.render_lines(region) == kinsoku.render_lines(region)


async def test_a_selection_is_taken_from_the_rows_as_drawn() -> None:
    line = badly_broken(24, 20)
    app = SideBySide(Text(line))
    async with app.run_test(size=(24, 40)) as pilot:
        await pilot.pause()
        selected = app.query_one("#kinsoku", KinsokuStatic).get_selection(Selection(None, None))
        assert selected is not None
        assert selected[0].split("\n") == shown_rows(app.query_one("#kinsoku"))


def test_the_prompt_breaks_by_the_rules() -> None:
    for width in (20, 30, 44):
        line = badly_broken(width, 20)
        rows, _ = lay_out(Text(line), [], width)
        assert broken([row.plain for row in rows]) == []
        assert "".join(row.plain for row in rows) == line
