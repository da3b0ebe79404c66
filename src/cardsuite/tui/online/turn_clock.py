"""The turn timer of an online table, as the person at the screen sees it: whose move it is and how many
seconds are left, counted down here from the server's last word.

With each view the server sends the seconds left of every person it waits for (``timers``, seats as string
keys; none when the table has no turn timer), and the client keeps them with the moment they came
(``Client.timers``, ``Client.timers_at``). ``turn_line`` gives the status line's words for the seat whose
time matters: this seat's own when it is to act, else the seat whose time runs out first. ``TurnClock`` is
the Textual interval that redraws the header and the status line once a second while a timer runs.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

from textual.timer import Timer

from ...core.message import SeatRef
from ...core.presentation import Line

if TYPE_CHECKING:
    from ...net.client import Client
    from ..session import TableSession
    from ..table_app import TableApp

TICK = 1.0
"""Seconds between two redraws of the countdown."""


def seconds_to_act(timers: Mapping[str, float], elapsed: float, me: int | None) -> tuple[int, int] | None:
    """The seat whose turn timer to show and its whole seconds left (rounded up, never below 0), ``elapsed``
    seconds after the server sent ``timers``: ``me`` when it is waited for, else the seat whose time runs out
    first (the lowest seat of a tie); None when no timer runs."""
    left: dict[int, float] = {}
    for key, seconds in timers.items():
        if key.isdigit():
            left[int(key)] = seconds
    if not left:
        return None
    seat = me if me in left else min(left, key=lambda s: (left[s], s))
    assert seat is not None
    return seat, max(0, math.ceil(left[seat] - max(0.0, elapsed)))


def turn_line(timers: Mapping[str, float], elapsed: float, me: int | None) -> Line | None:
    """The status line's words on the turn timer: "your move: 23 s" for this seat, else the acting seat's
    name; None when no timer runs."""
    found = seconds_to_act(timers, elapsed, me)
    if found is None:
        return None
    seat, seconds = found
    if seat == me:
        # TRANSLATORS: the online table's turn timer, when it is the player's own turn; "s" is seconds
        return Line("your move: {seconds} s", {"seconds": seconds}, strong=True)
    # TRANSLATORS: the online table's turn timer while another player ({seat}, a name) is to act
    return Line("{seat} to move: {seconds} s", {"seat": SeatRef(seat), "seconds": seconds})


class TurnClock:
    """Redraws an online table's header and status line once a second while a turn timer runs there."""

    def __init__(self, app: TableApp, session: TableSession, client: Client) -> None:
        self.app = app
        self.session = session
        self.client = client  # the session's connection, whose ``timers`` the countdown reads
        self.timer: Timer | None = None

    def start(self) -> None:
        """Start ticking (again: one interval at a time)."""
        self.stop()
        self.timer = self.app.set_interval(TICK, self.tick)

    def stop(self) -> None:
        """Stop ticking."""
        if self.timer is not None:
            self.timer.stop()
        self.timer = None

    def tick(self) -> None:
        """Show the countdown's new second, when a timer runs and the session's table is on the screen."""
        if not self.client.timers:
            return
        table = self.app.table
        if table is None or table.session is not self.session or table.finished or not table.is_mounted:
            return
        table.show_top(table.flow.shown_view())
