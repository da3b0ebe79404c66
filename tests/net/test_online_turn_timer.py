"""The turn timer at an online table: the status line says whose move it is and the seconds left, counting
down on the screen between the server's messages, never below 0; nothing when the table has no timer."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import pytest
from textual.widgets import Static

from cardsuite.core.message import SeatRef
from cardsuite.core.presentation import Line
from cardsuite.i18n import PSEUDO, use_language
from cardsuite.tui.online.app import OnlineApp
from cardsuite.tui.online.remote import TIME_SLACK
from cardsuite.tui.online.seating import Seating
from cardsuite.tui.online.turn_clock import seconds_to_act, turn_line
from cardsuite.tui.render import Display
from cardsuite.tui.screens.table import TableScreen

from ..tui.helpers import log_text, screen_text
from .helpers import Clients, running_server, wait_for


def status_of(app: OnlineApp) -> str:
    """The status line under the header, as drawn."""
    return str(app.screen.query_one("#status", Static).render())


def seconds_in(text: str, words: str) -> int:
    """The seconds that ``words`` (e.g. "your move:") give in ``text``."""
    found = re.search(re.escape(words) + r" (\d+) s", text)
    assert found is not None, text
    return int(found.group(1))


def test_the_status_line_counts_the_turn_down_for_the_player_then_names_the_other_seat(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))  # every seat taken: it starts
            async with app.run_test(size=(80, 24)) as pilot:
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                assert app.session is not None
                client = app.session.client
                await wait_for(lambda: "1" in client.timers and "your move:" in status_of(app), 20)
                first = seconds_in(status_of(app), "your move:")
                assert 0 < first <= 30
                assert "your move:" in screen_text(app).splitlines()[1]  # under the header, at 80x24
                heard = client.received
                await pilot.pause(2.3)
                assert client.received == heard  # nothing came from the server meanwhile ...
                assert seconds_in(status_of(app), "your move:") <= first - 2  # ... and the screen counted down
                await pilot.press("enter")  # Bob plays his bid card; Ann is still to bid
                await wait_for(lambda: set(client.timers) == {"0"} and "Ann to move:" in status_of(app), 20)
                assert "your move" not in status_of(app)
                assert 0 < seconds_in(status_of(app), "Ann to move:") <= 30

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "30") as server:
        asyncio.run(run(server.url))


def test_a_table_without_a_turn_timer_shows_none(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))
            async with app.run_test(size=(80, 24)) as pilot:
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                assert app.session is not None
                client = app.session.client
                await wait_for(lambda: client.view is not None and 1 in client.view.to_act, 20)
                await pilot.pause(1.2)
                assert client.timers == {} and "table " in status_of(app)
                assert "move:" not in status_of(app)

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_a_turn_the_timer_took_is_said_in_the_log_and_a_move_made_in_time_is_not(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))
            async with app.run_test(size=(100, 30)) as pilot:
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                assert app.session is not None
                client = app.session.client
                await wait_for(lambda: "1" in client.timers and "your move:" in status_of(app), 20)
                await pilot.press("enter")  # Bob bids in time; Ann's timer runs out
                first = client.deal, client.step
                await wait_for(lambda: (client.deal, client.step) != first and "1" in client.timers, 20)
                assert "time is up" not in log_text(app)
                await wait_for(lambda: "time is up: the CPU played Bob's turn" in log_text(app), 20)

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "2") as server:
        asyncio.run(run(server.url))


@pytest.mark.parametrize("late", [False, True], ids=["ann-bids-at-once", "ann-bids-in-bobs-last-second"])
def test_a_turn_the_timer_took_is_said_once_before_the_events_that_followed_it(tmp_path: Path, late: bool) -> None:
    """The CPU's move for the seat and what came after it arrive together: the log says the time was up before
    them (the next prize is turned after the note, not before it), once, also when the other seat's bid came in
    the seat's last second (it moves the step on too, and is not the timer's)."""
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))
            async with app.run_test(size=(100, 40)):
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                session = app.session
                assert session is not None
                await wait_for(lambda: session.deadline is not None and host.view is not None
                               and bool(host.view.legal), 20)
                assert session.deadline is not None and host.view is not None
                if late:
                    await asyncio.sleep(max(0.0, session.deadline[1] - TIME_SLACK / 2 - time.monotonic()))
                await host.request("act", action=str(host.view.legal[0]))  # Ann bids; Bob's time runs out
                await wait_for(lambda: "time is up" in log_text(app)
                               and sum(line.startswith("prize:") for line in log_text(app).splitlines()) >= 2, 20)
                lines = log_text(app).splitlines()
                notes = [i for i, line in enumerate(lines) if line.startswith("time is up")]
                prizes = [i for i, line in enumerate(lines) if line.startswith("prize:")]
                assert len(notes) == 1 and prizes[0] < notes[0] < prizes[1], lines
                assert lines[notes[0] + 1].startswith("Bob (the CPU) chose"), lines  # the CPU's move for Bob

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "3" if late else "2") as server:
        asyncio.run(run(server.url))


def test_whose_timer_is_shown_and_it_never_goes_below_zero() -> None:
    assert seconds_to_act({}, 0.0, 1) is None
    assert seconds_to_act({"0": 12.0, "1": 23.2}, 0.0, 1) == (1, 24)  # mine first, whole seconds rounded up
    assert seconds_to_act({"0": 12.0, "1": 23.2}, 5.0, 1) == (1, 19)
    assert seconds_to_act({"0": 12.0, "1": 23.2}, 99.0, 1) == (1, 0)  # never below 0
    assert seconds_to_act({"0": 12.0, "2": 3.0}, 0.0, 1) == (2, 3)  # not mine: the one running out first
    assert seconds_to_act({"0": 3.0, "2": 3.0}, 0.0, None) == (0, 3)  # a watcher; a tie: the lower seat
    assert turn_line({"1": 9.0}, 0.0, 1) == Line("your move: {seconds} s", {"seconds": 9}, strong=True)
    assert turn_line({"2": 9.0}, 0.0, 1) == Line("{seat} to move: {seconds} s", {"seat": SeatRef(2), "seconds": 9})


def test_the_turn_timer_speaks_the_players_language() -> None:
    names = ("Ann", "Bob", "Cy")
    mine, other = turn_line({"1": 23.0}, 0.0, 1), turn_line({"2": 5.0}, 0.0, 1)
    assert mine is not None and other is not None

    def shown(line: Line) -> str:
        return Display(False, False).filler(names).line(line).plain

    use_language(PSEUDO)
    assert shown(mine).startswith("⟦") and "23" in shown(mine)
    assert shown(other).startswith("⟦") and "Cy" in shown(other) and "5" in shown(other)
    for language in ("ja", "lt"):
        use_language(language)
        assert "your move" not in shown(mine) and "23" in shown(mine)
        assert "to move" not in shown(other) and "Cy" in shown(other)
