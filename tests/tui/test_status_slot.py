"""The table's place for a session's word on each seat and on the whole table (an online table's status)."""

from __future__ import annotations

import pytest

from cardsuite.core.match import SeatSpec
from cardsuite.core.presentation import Line
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.session import Session

from .helpers import config, screen_text, settle


class StatusSession(Session):
    """A local session that reports a stand-in for seat 1 and a line about the table."""

    def seat_status(self, seat: int) -> Line | None:
        return Line("CPU stands in ({seconds} s left)", {"seconds": 25}) if seat == 1 else None

    def status_lines(self) -> tuple[Line, ...]:
        return (Line("join code {code}", {"code": "KQ7-2M"}), Line("reconnecting…"))


async def test_seat_status_and_status_line_show_on_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat's status shows in its block; the table's status lines show under the header."""
    monkeypatch.setattr("cardsuite.tui.app.Session", StatusSession)
    seats = [SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")]
    app = CardsuiteApp(config("nap", seats, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        text = screen_text(app)
        assert "CPU stands in" in text and "(25 s left)" in text
        assert "join code KQ7-2M · reconnecting…" in text.splitlines()[1]


async def test_no_status_line_without_status() -> None:
    """A local table has nothing to say there: the row under the header is the table itself."""
    seats = [SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")]
    app = CardsuiteApp(config("nap", seats, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert "stands in" not in screen_text(app)
        assert app.screen.query_one("#status").display is False
