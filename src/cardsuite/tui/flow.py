"""The flow of a table's turns: who acts next, what the seat at the screen may see, and how long things wait.

Pure (no Textual): the table screen asks ``TurnFlow.step`` what happens next and carries it out (a CPU move
in a worker, a hand-off cover, a person's turn, the end of a deal); the flow keeps whose view is on the
screen, whose turn it is, the finished trick shown for a moment, the take-back window after a bid, the turn
timer and a forced card's pause. Time comes from a clock passed in, so every rule here is tested without a
terminal.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..core.game import Action, View
from ..core.presentation import Outcome
from .session import TableSession

TAKE_BACK_WINDOW = 1.0
"""Seconds a CPU waits after a person's retractable action (unless CPUs are instant)."""
FORCED_PAUSE = 0.6
"""Seconds a forced card waits before it plays itself (a key plays it at once)."""

Clock = Callable[[], float]


def pause_seconds(cpu_delay: float) -> float:
    """How long a finished trick stays in view with its winner raised: about a second at normal speed,
    never under 0.9 s unless CPUs are instant (then none)."""
    if cpu_delay <= 0:
        return 0.0
    return min(2.5, max(0.9, 0.6 + cpu_delay * 1.2))


@dataclass(frozen=True)
class Step:
    """What happens next at the table.

    ``kind``: ``cpu`` (``seat`` thinks, acting no sooner than ``wake``), ``remote`` (someone elsewhere),
    ``handoff`` (cover the table for ``seat``'s person; ``take_back``: who may still take back their last
    action), ``turn`` (``seat``'s person acts now; ``forced``: the only legal card, played by itself),
    ``deal_over``, or ``wait`` (a finished trick is on show, or a cover is up; the flow resumes when it ends).
    """

    kind: str
    seat: int = -1
    wake: float = 0.0
    take_back: int | None = None
    forced: Action | None = None


class TurnFlow:
    """The table's turn state for one ``TableSession``; the screen reads it and draws."""

    def __init__(self, session: TableSession, clock: Clock = time.monotonic) -> None:
        self.session = session
        self.clock = clock
        people = session.people
        self.viewer: int | None = people[0] if len(people) == 1 else (0 if not people else None)
        """Whose view is on the screen (``None``: nobody's hand, between hot-seat turns)."""
        self.awaiting: int | None = None
        """The person whose turn it is now, at the screen."""
        self.cpu_seat: int | None = None
        """The seat a CPU is thinking for."""
        self.covered: int | None = None
        """The seat whose hand-off cover is up (at most one cover at a time)."""
        self.generation = 0
        """Bumped whenever the table moves on, so that a late CPU answer or hint is dropped."""
        self.finished = False
        self.shown_outcome = 0
        self.flash: Outcome | None = None
        """The finished trick on show, winner raised (until ``flash_until`` or a key)."""
        self.flash_until = 0.0
        self.wait_until = 0.0
        """A CPU acts no sooner than this (the take-back window after a bid)."""
        self.deadline: float | None = None
        """When the turn timer runs out."""

    # -- whose turn ------------------------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        """Whether several people share this screen (then hands are covered between their turns)."""
        return len(self.session.people) > 1

    def my_turn(self) -> int | None:
        """The seat at the screen when it must act now."""
        return self.awaiting if self.awaiting is not None and self.awaiting == self.viewer else None

    def moved_on(self) -> None:
        """The table changed under a pending CPU move or hint (undo, take-back, a seat handed over)."""
        self.generation += 1
        self.cpu_seat = None

    def step(self) -> Step:
        """What happens next; a finished trick is caught first, so that it shows before the next card."""
        self.stop_timer()
        self.awaiting = None
        if self.finished or self.covered is not None:
            return Step("wait")
        self.catch_outcome()
        session = self.session
        turn = session.next_turn()
        if turn.kind == "over":
            return Step("wait") if self.flash is not None else Step("deal_over")
        if turn.kind == "cpu":
            return Step("cpu", turn.seat, self.cpu_wake())
        if turn.kind == "remote":
            return Step("remote", turn.seat)
        seat = turn.seat
        if seat != self.viewer and (self.viewer is not None or self.hot_seat):
            self.viewer = None
            if self.flash is not None:  # everyone sees the finished trick; the cover comes when it is gathered
                return Step("wait")
            self.covered = seat
            return Step("handoff", seat, take_back=self.last_actor())
        return Step("turn", seat)

    def uncover(self) -> int | None:
        """The cover is gone: whose it was."""
        seat, self.covered = self.covered, None
        return seat

    def begin(self, seat: int, forced: Action | None) -> Step:
        """``seat``'s person is at the screen: their turn starts (a forced card plays itself if asked)."""
        self.viewer = seat
        self.awaiting = seat
        return Step("turn", seat, wake=self.clock() + FORCED_PAUSE if forced is not None else 0.0, forced=forced)

    def last_actor(self) -> int | None:
        """The person who may still take back their last action (a bid), if any."""
        for seat in self.session.people:
            if self.session.can_take_back(seat):
                return seat
        return None

    def acted(self, seat: int, retractable: bool) -> None:
        """``seat``'s action went through: open the take-back window, and in hot-seat cover the hand at once
        unless the same person acts again straight away."""
        self.generation += 1
        session = self.session
        if retractable and seat in session.people and session.config.cpu_delay:
            self.wait_until = self.clock() + TAKE_BACK_WINDOW
        if self.hot_seat and seat in session.people and self.viewer == seat:
            following = session.next_turn()
            if not (following.kind == "human" and following.seat == seat):
                self.viewer = None

    def cpu_wake(self, immediate: bool = False) -> float:
        """When a CPU may act: after its speed's delay, the take-back window and a trick on show."""
        now = self.clock()
        delay = 0.0 if immediate else self.session.config.cpu_delay
        wake = max(now + delay, self.wait_until if delay else 0.0)
        if self.flash is not None:
            wake = max(wake, self.flash_until)
        return wake

    # -- the finished trick ----------------------------------------------------------------------
    def pause_seconds(self) -> float:
        """How long a finished trick stays raised at this table's speed."""
        return pause_seconds(self.session.config.cpu_delay)

    def shown_view(self) -> View | None:
        """The view drawn now: the viewer's, or the public one between hot-seat turns (never a hand)."""
        if self.viewer is not None:
            return self.session.view(self.viewer)
        return self.session.public_view()

    def catch_outcome(self) -> bool:
        """A trick (or round) just finished: keep it on show for a moment; True when one started."""
        view = self.shown_view()
        if view is None:
            return False
        try:
            outcome = self.session.game.outcome(view)
        except Exception:  # a presentation hook must not close the table
            outcome = None
        if outcome is None or outcome.number <= self.shown_outcome:
            if outcome is not None:
                self.shown_outcome = outcome.number
            return False
        self.shown_outcome = outcome.number
        seconds = self.pause_seconds()
        if seconds <= 0:
            return False
        self.flash = outcome
        self.flash_until = self.clock() + seconds
        return True

    def end_flash(self) -> bool:
        """The trick on show is gathered; True when there was one."""
        if self.flash is None:
            return False
        self.flash = None
        self.flash_until = 0.0
        return True

    def reset_outcomes(self) -> None:
        """After undo or a new deal: the next finished trick is shown again."""
        self.flash = None
        self.shown_outcome = 0

    @property
    def idle(self) -> bool:
        """Nobody is thinking or acting and the table is open: the flow should take its next step."""
        return self.cpu_seat is None and self.awaiting is None and self.covered is None and not self.finished

    # -- the turn timer --------------------------------------------------------------------------
    def timer_seconds(self, view: View | None = None) -> float:
        """The turn timer for a person's turn: the table's override, else the game's ``turn_timer`` option."""
        override = self.session.config.timer_seconds
        if override is not None:
            return override
        if view is None:
            view = self.session.view(self.awaiting or 0)
        value = view.options.get("turn_timer", 0)
        return float(value) if isinstance(value, int) and not isinstance(value, bool) else 0.0

    def start_timer(self) -> float:
        """Start the countdown of the person's turn; its length (0: no timer)."""
        seconds = self.timer_seconds() if self.awaiting is not None else 0.0
        self.deadline = self.clock() + seconds if seconds > 0 else None
        return seconds

    def stop_timer(self) -> None:
        """No countdown."""
        self.deadline = None

    def seconds_left(self) -> int | None:
        """Whole seconds left on the turn timer (rounded up), or None."""
        if self.deadline is None:
            return None
        return max(0, int(self.deadline - self.clock() + 0.999))

    def time_up(self) -> int | None:
        """The seat whose time just ran out (its turn then goes to a CPU), or None."""
        if self.deadline is None or self.clock() < self.deadline:
            return None
        seat = self.awaiting
        self.stop_timer()
        self.awaiting = None
        return seat
