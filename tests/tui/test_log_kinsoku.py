"""Japanese line breaking in the event log: no row begins with a closing mark such as 、 or 。, and none ends
with an opening bracket, at widths where Rich's own wrapping would do so."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult

from cardsuite.i18n.linebreak import NO_END, NO_START
from cardsuite.tui.text import Ascii
from cardsuite.tui.widgets.panels import EventLog

LINES = [
    "Bob：ウェリントン、切り札はダイヤ。Annは「パス」と言いました。",
    "CPU 2がダイヤのKで勝ちました：いちばん強い切り札（表ジャック）",
    "ディール1、配り手はCy。持ち越しの得点札は3枚、合計24点です。",
]


class LogApp(App[None]):
    """Only a log, the whole width of the terminal."""

    def compose(self) -> ComposeResult:
        yield EventLog(Ascii(False), id="log")


def rich_rows(line: str, width: int) -> list[str]:
    """The rows Rich alone makes of ``line`` at ``width`` cells."""
    return [row.plain for row in Text(line).wrap(Console(width=width), width)]


def broken(rows: list[str]) -> list[str]:
    """The rows among ``rows`` that begin with a closing mark or end with an opening one."""
    return [row for row in rows if row and (row[0] in NO_START or row.rstrip()[-1] in NO_END)]


async def test_no_row_of_the_log_begins_with_a_closing_mark() -> None:
    for size in (22, 24, 26, 28):
        app = LogApp()
        async with app.run_test(size=(size, 40)) as pilot:
            log = app.query_one(EventLog)
            log.show(LINES)
            await pilot.pause()
            width = log.scrollable_content_region.width
            assert broken([row for line in LINES for row in rich_rows(line, width)])  # Rich alone would
            rows = [strip.text.rstrip() for strip in log.lines]
            assert broken(rows) == []
            assert all(strip.cell_length <= width for strip in log.lines)
            assert "".join(rows).replace(" ", "") == "".join(LINES).replace(" ", "")


async def test_the_rules_hold_again_after_a_resize() -> None:
    app = LogApp()
    async with app.run_test(size=(60, 40)) as pilot:
        log = app.query_one(EventLog)
        log.show(LINES)
        await pilot.pause()
        await pilot.resize_terminal(22, 40)
        await pilot.pause()
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert broken([row for line in LINES for row in rich_rows(line, width)])
        assert broken([strip.text.rstrip() for strip in log.lines]) == []
