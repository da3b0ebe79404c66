"""The table's turn flow without a terminal: whose turn, hot-seat covers, the trick's pause, the timer."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from cardsuite.core.match import SeatSpec
from cardsuite.tui.flow import TAKE_BACK_WINDOW, TurnFlow, pause_seconds
from cardsuite.tui.screens.trick_pause import TrickPause
from cardsuite.tui.session import Session

from .helpers import config


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _flow(seats: list[SeatSpec], seed: int = 3, delay: float = 0.5, **options: object) -> tuple[TurnFlow, Clock]:
    cfg = config("nap", seats, seed=seed, **options)
    cfg.cpu_delay = delay
    clock = Clock()
    return TurnFlow(Session(cfg), clock), clock


def _play_until_person(flow: TurnFlow) -> None:
    """Let the CPUs act (first legal action) until a person must act."""
    session = flow.session
    for _ in range(100):
        step = flow.step()
        if step.kind != "cpu":
            return
        session.submit(step.seat, session.view(step.seat).legal[0])
        flow.acted(step.seat, False)
    raise AssertionError("no person's turn came")


def test_one_person_never_gets_a_cover() -> None:
    """Against CPUs the person's view stays on the screen; their turn is a ``turn`` step."""
    flow, _ = _flow([SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")])
    _play_until_person(flow)
    step = flow.step()
    assert step.kind == "turn" and step.seat == 0 and flow.viewer == 0
    flow.begin(0, None)
    assert flow.my_turn() == 0


def test_hot_seat_covers_the_hand_the_moment_its_person_has_acted() -> None:
    """Two people: after Ann acts, her hand leaves the screen at once (while CPUs think), and Bob's turn
    starts behind a cover."""
    flow, _ = _flow([SeatSpec("Ann"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Bob"),
                     SeatSpec("Di", "cpu", "random")], seed=3)
    session = flow.session
    seen_handoff = False
    for _ in range(60):
        step = flow.step()
        if step.kind == "handoff":
            seen_handoff = True
            assert flow.viewer is None
            step = flow.begin(step.seat, None)
        if step.kind == "cpu":
            session.submit(step.seat, session.view(step.seat).legal[0])
            flow.acted(step.seat, False)
            continue
        if step.kind != "turn":
            break
        seat = step.seat
        flow.begin(seat, None)
        assert flow.viewer == seat
        session.submit(seat, session.view(seat).legal[0])
        flow.acted(seat, False)
        following = session.next_turn()
        if following.kind == "human" and following.seat == seat:
            assert flow.viewer == seat  # the same person goes on: no cover in between
        else:
            assert flow.viewer is None, "the hand stayed on the screen after its person acted"
    assert seen_handoff


def test_a_bid_opens_the_take_back_window_for_the_next_cpu() -> None:
    """After a person's retractable action the next CPU waits at least the take-back window."""
    flow, clock = _flow([SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")],
                        delay=0.15)
    _play_until_person(flow)
    flow.begin(0, None)
    flow.session.submit(0, flow.session.view(0).legal[0])
    flow.acted(0, retractable=True)
    assert flow.cpu_wake() >= clock.now + TAKE_BACK_WINDOW
    flow.wait_until = 0.0
    assert flow.cpu_wake() == clock.now + 0.15


def test_instant_cpus_open_no_window_and_show_no_pause() -> None:
    """CPUs at ``instant`` speed: no take-back wait, no finished-trick pause."""
    flow, clock = _flow([SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")], delay=0.0)
    _play_until_person(flow)
    flow.acted(0, retractable=True)
    assert flow.cpu_wake() == clock.now
    assert flow.pause_seconds() == 0.0


def test_the_finished_trick_pause_is_about_a_second() -> None:
    """About a second at normal speed, at least 0.9 s when fast, longer when slow, none when instant."""
    assert pause_seconds(0.0) == 0.0
    assert 0.9 <= pause_seconds(0.15) < pause_seconds(0.5) < pause_seconds(1.2) <= 2.5
    assert 1.0 <= pause_seconds(0.5) <= 1.5


def test_a_finished_trick_is_shown_once_and_delays_the_next_cpu() -> None:
    """The moment a trick is complete the flow keeps it on show; the next CPU acts only after it."""
    flow, clock = _flow([SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random"),
                         SeatSpec("Ed", "cpu", "random")], delay=0.5)
    flow.viewer = 0
    session = flow.session
    for _ in range(200):
        step = flow.step()
        if flow.flash is not None:
            break
        assert step.kind == "cpu"
        session.submit(step.seat, session.view(step.seat).legal[-1])  # someone bids: there are tricks
        flow.acted(step.seat, False)
    assert flow.flash is not None and flow.flash.winner is not None
    assert flow.flash_until == clock.now + flow.pause_seconds()
    assert flow.cpu_wake() >= flow.flash_until
    number = flow.flash.number
    assert flow.end_flash() and flow.flash is None
    flow.step()
    assert flow.flash is None and flow.shown_outcome == number  # the same trick is not shown twice


def test_the_turn_timer_hands_the_turn_over_when_it_runs_out() -> None:
    """A person's turn with a timer: whole seconds left count down, and at zero the seat is given up."""
    flow, clock = _flow([SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")])
    flow.session.config.timer_seconds = 5
    _play_until_person(flow)
    flow.begin(0, None)
    assert flow.start_timer() == 5
    clock.now += 2.5
    assert flow.seconds_left() == 3 and flow.time_up() is None
    clock.now += 3
    assert flow.time_up() == 0
    assert flow.awaiting is None and flow.deadline is None and flow.seconds_left() is None


def test_a_late_answer_is_dropped_after_the_table_moved_on() -> None:
    """Undo or take-back bumps the generation and forgets the CPU that was thinking."""
    flow, _ = _flow([SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")])
    flow.cpu_seat = 1
    before = flow.generation
    flow.moved_on()
    assert flow.generation == before + 1 and flow.cpu_seat is None


class Timers:
    """``set_timer`` as the screen has it, run by hand: each timer's delay and callback, and whether it stopped."""

    def __init__(self) -> None:
        self.made: list[tuple[float, Callable[[], None], list[bool]]] = []

    def __call__(self, delay: float, callback: Callable[[], None]) -> Any:
        stopped: list[bool] = []
        self.made.append((delay, callback, stopped))
        return SimpleNamespace(stop=lambda: stopped.append(True))


def test_the_trick_pause_gathers_the_trick_when_its_moment_is_over_or_at_a_key() -> None:
    """One timer per trick on show, for the rest of its moment; its end (or a key first) gathers it once."""
    flow, clock = _flow([SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random"),
                         SeatSpec("Ed", "cpu", "random")], delay=0.5)
    flow.viewer = 0
    timers, gathered = Timers(), []
    pause = TrickPause(flow, timers, lambda: gathered.append(flow.flash))
    pause.watch()
    assert timers.made == []  # nothing on show yet
    session = flow.session
    while flow.flash is None:
        step = flow.step()
        if flow.flash is None:
            session.submit(step.seat, session.view(step.seat).legal[-1])
            flow.acted(step.seat, False)
    clock.now += 0.25
    pause.watch()
    pause.watch()  # the same trick is timed once
    assert len(timers.made) == 1 and timers.made[0][0] == flow.flash_until - clock.now
    pause.end()  # a key before the moment is over
    assert flow.flash is None and gathered and timers.made[0][2] == [True]
    timers.made[0][1]()  # the timer had been stopped; were it to fire all the same, nothing is gathered twice
    assert len(gathered) == 1
