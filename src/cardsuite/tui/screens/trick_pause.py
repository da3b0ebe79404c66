"""The finished trick's pause: the flow puts a trick on show with its winner raised (``TurnFlow.flash``);
this gathers it when its moment is over, or at once when a key is pressed.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.timer import Timer

from ..flow import TurnFlow

SetTimer = Callable[[float, Callable[[], None]], Timer]


class TrickPause:
    """The timer of the trick on show; ``gathered`` runs once the trick has gone (the table then goes on)."""

    def __init__(self, flow: TurnFlow, set_timer: SetTimer, gathered: Callable[[], None]) -> None:
        self.flow = flow
        self.set_timer = set_timer
        self.gathered = gathered
        self.timer: Timer | None = None
        self.timed = 0.0
        """The ``flash_until`` the timer runs for (a trick is timed once)."""

    def watch(self) -> None:
        """A trick the flow just put on show: gather it when its moment is over."""
        flow = self.flow
        if flow.flash is None or self.timed == flow.flash_until:
            return
        self._stop()
        self.timed = flow.flash_until
        self.timer = self.set_timer(max(0.0, flow.flash_until - flow.clock()), self.end)

    def end(self) -> None:
        """The moment is over, or a key cut it short: gather the trick on show, if any."""
        self._stop()
        self.timed = 0.0
        if self.flow.end_flash():
            self.gathered()

    def _stop(self) -> None:
        if self.timer is not None:
            self.timer.stop()
        self.timer = None
