"""The event log wraps its lines again when the terminal changes size."""

from __future__ import annotations

from textual.app import App, ComposeResult

from cardsuite.tui.text import Ascii
from cardsuite.tui.widgets.panels import EventLog

LINES = [f"line {n}: the prize is the six of diamonds, worth six points" for n in range(6)]  # 60 cells


class LogApp(App[None]):
    """Only a log, the whole width of the terminal."""

    def compose(self) -> ComposeResult:
        yield EventLog(Ascii(False), id="log")


async def test_old_lines_take_the_new_width_after_a_resize() -> None:
    app = LogApp()
    async with app.run_test(size=(30, 40)) as pilot:
        log = app.query_one(EventLog)
        log.show(LINES)
        await pilot.pause()
        narrow = len(log.lines)
        assert narrow >= 2 * len(LINES)
        await pilot.resize_terminal(76, 40)  # within the test console's 80 columns
        await pilot.pause()
        await pilot.pause()
        assert len(log.lines) == len(LINES)  # each line on one row now
        await pilot.resize_terminal(30, 40)
        await pilot.pause()
        await pilot.pause()
        assert len(log.lines) == narrow
        assert all(strip.cell_length <= 30 for strip in log.lines)
