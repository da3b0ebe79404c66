"""CPU moves at the table, and the turn timer that hands a person's turn to a CPU when it runs out.

A CPU thinks in a thread worker, so the screen stays live; its choice comes back as a ``CpuChose`` message
and is played unless the table has moved on meanwhile (undo, take-back, quit).
"""

from __future__ import annotations

import time

from textual import on, work
from textual.timer import Timer
from textual.worker import get_current_worker

from ...core.game import Bot, View
from ...i18n import _
from ...i18n.reasons import words_of
from ..messages import CpuChose
from ..render import Display
from ..session import TableSession
from .table_pages import TablePages


class CpuTurns(TablePages):
    """Starts a CPU's move, plays what it chose, and runs the person's turn timer."""

    def __init__(self, session: TableSession, style: Display) -> None:
        super().__init__(session, style)
        self.ticker: Timer | None = None

    def start_cpu(self, seat: int, level: str | None = None, why: str | None = None) -> None:
        """Let a CPU choose for ``seat`` in a thread worker (the screen stays live)."""
        move = self.session.cpu_move(seat, level)
        if move is None:
            return
        self.flow.cpu_seat = seat
        self.cpu_worker(seat, move.bot, move.view, move.rng, self.flow.generation, self.flow.cpu_wake(bool(why)),
                        why)

    @work(thread=True, exclusive=True, group="cpu")
    def cpu_worker(self, seat: int, bot: Bot, view: View, rng: object, generation: int, wake: float,
                   why: str | None) -> None:
        """Think (after the speed delay) and post the choice back; a failing bot falls back to a legal move."""
        worker = get_current_worker()
        while time.monotonic() < wake:
            if worker.is_cancelled or generation != self.flow.generation or self.flow.finished:
                return  # the table moved on (undo, take-back, quit): this move is stale
            time.sleep(min(0.02, max(0.0, wake - time.monotonic())))
        try:
            action = bot.choose(view, rng)  # type: ignore[arg-type]
        except Exception as exc:  # a broken bot must not end the game
            action = view.legal[0]
            why = _("the CPU failed ({error}); it played the first legal action").format(
                error=f"{type(exc).__name__}: {exc}")
        if not worker.is_cancelled:
            self.post_message(CpuChose(seat, action, generation, why))

    @on(CpuChose)
    def cpu_chose(self, message: CpuChose) -> None:
        """Apply a CPU's choice unless the table moved on meanwhile (undo, take-back)."""
        if message.generation != self.flow.generation or message.seat != self.flow.cpu_seat:
            return
        self.flow.cpu_seat = None
        if message.note:
            self.note(message.note)
        if message.seat in self.session.people:  # the CPU played a person's seat: an honest record says so
            self.session.count_cpu(message.seat)
        if not self.perform(message.seat, message.action) and not self.flow.finished:
            legal = self.session.view(message.seat).legal
            if legal:  # a CPU's refused move must not stall the table
                self.note(_("{name}'s CPU chose {refused}; it plays {action}").format(
                    name=self.session.names[message.seat], refused=self._say(words_of(str(message.action))),
                    action=self._say(words_of(str(legal[0])))))
                self.perform(message.seat, legal[0])

    # -- the turn timer -----------------------------------------------------------------------------
    def start_turn_timer(self) -> None:
        """Start the countdown of the person's turn when the table has one (the top line shows it)."""
        if self.flow.start_timer() > 0:
            self.ticker = self.set_interval(min(1.0, self.flow.timer_seconds() / 4), self._tick)
            self.show_top(self.flow.shown_view())

    def stop_turn_timer(self) -> None:
        """No countdown on the screen."""
        if self.ticker is not None:
            self.ticker.stop()
        self.ticker = None

    def _tick(self) -> None:
        seat = self.flow.time_up()
        if seat is None:
            if self.flow.deadline is not None:
                self.show_top(self.flow.shown_view())
            return
        self.stop_turn_timer()
        name = self.session.names[seat]
        self.start_cpu(seat, self.session.best_level, _("time is up: the CPU played {name}'s turn").format(name=name))
        self.refresh_table()
