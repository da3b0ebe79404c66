"""The remote session: the table screen's ``TableSession`` for a seat at a server's table.

The screen shows views and submits actions exactly as it does for a local match; here a view is the one
the server last sent this connection, an action goes to the server (which checks it and answers), seats
played elsewhere are ``remote`` turns, and the CPU, the timers and the history live on the server. When
a message arrives, ``on_change`` tells the screen to look again. ``status_lines`` and ``seat_status`` give
the screen what it shows of the table itself: the turn timer (``turn_clock.py``), the join code, a rated or
practice table (in the lobby's words), a connection being made again, and for every seat whether its person
is connected or a CPU stands in (with the seconds left of the grace period). A move the server's CPU made for a
seat names it "Bob (the CPU)" (``cpu_moves.py``). The log's notes stand where what they say happened: a turn the
timer gave the CPU, the CPU playing for the seat while its connection was down, and, once, how many moves the CPU
made for the seat before this session sat down. Every finished deal gets its page in turn, those the server
finished while another page was open too.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ...core.errors import IllegalAction
from ...core.game import Action, DealSummary, Event, Game, Score, View
from ...core.match import SeatSpec
from ...core.message import N_, Message, msg_p
from ...core.presentation import Line
from ...i18n import _, game_words
from ...i18n.render import event_text
from ...naming import name_seats, shown
from ...net.client import Client, ClientError, closed_line, refusal_line
from ...net.personview import subsequence_positions
from ...net.wire import WireError, decode_message
from ..config import TableConfig
from ..session import DealReport, LeaveWords, Note, TableSession, Turn, deal_words, event_words, said_again
from .cpu_moves import logged_marks, moves_made, moves_note, names_for
from .turn_clock import turn_line

SEAT_LEAVE = LeaveWords(
    N_("Give up your seat (asks first; a CPU plays it for good, and someone else may sit down)"),
    N_("Give up your seat?"),
    N_("A CPU plays it from now on and someone else may take it; you cannot come back to it. y gives it up; "
       "n or Esc goes back to the table."),
    N_("Leave the table (your seat is kept: joining again with the code resumes it)"))
"""A player's menu online: nothing is saved here; leaving keeps the seat, giving it up does not."""
WATCHER_LEAVE = LeaveWords(None, "", "", N_("Stop watching this table"))
"""A watcher's menu online: only leaving."""
RECONNECTED = N_("Reconnected: your seat is yours again.")
TIME_SLACK = 1.0
"""Seconds before this seat's turn timer ends from which a move it did not send is taken for the timer's."""
LEAVE_SECONDS = 2.0
"""How long a watcher that quits waits for the server's answer to its ``leave`` before it closes anyway."""


def _score(value: object) -> Score:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float):
        return Fraction(value).limit_denominator(1000)
    return 0


def remote_config(client: Client, ascii_only: bool = False, four_colour: bool = False) -> TableConfig:
    """A table config for the screen from the server's table summary (no seed: the server deals)."""
    table = client.table
    seats = tuple(SeatSpec(str(s.get("name", f"Seat {i}")), "human" if s.get("kind") == "person" else "cpu",
                           None if s.get("kind") == "person" else str(table.get("cpu", "normal")))
                  for i, s in enumerate(table.get("seats", [])))
    return TableConfig(game=str(table["game"]), seats=seats, options=dict(table.get("options", {})),
                       ascii_only=ascii_only, four_colour=four_colour, cpu_delay=0.0,
                       timer_seconds=0, notes=(f"table {table.get('code')} at {client.url}",))


class RemoteSession(TableSession):
    """One connection's seat (or a watcher) at a server's table, as the table screen needs it."""

    def __init__(self, client: Client, game: Game, config: TableConfig) -> None:
        self.client = client
        self.game = game
        self.config = config
        self.names = tuple(s.name for s in config.seats)
        self.assisted = False
        self.on_change: Callable[[], None] | None = None
        self.notes: list[Note] = []
        self.sent: tuple[int, int] | None = None
        self.ready_for: int | None = None
        self.options = game.resolve_options(config.options, len(self.names))
        self._tasks: set[asyncio.Task[None]] = set()
        self.gone: str | None = None  # why the connection ended for good
        self.watching = self.me is None  # a watcher: no seat of its own, so no "(you)" at the bottom
        self.leave_words = WATCHER_LEAVE if self.watching else SEAT_LEAVE
        self.given_up = False  # the person gave the seat up (``leave``): it is not kept
        self.deadline: tuple[tuple[object, object], float, int] | None = None
        """This seat's turn on the timer: its step, when it ends, and the end of the history then (``Client.pin``)."""
        self.away: tuple[int, int] | None = None
        """Since the connection dropped, until the table's next view: the deal, and the end of the history this seat
        had seen (``Client.pin``)."""
        self.back = False
        """The seat is back, to be said with the table's first view since."""
        self.reported: int | None = None
        """The deal (from 0) whose page the screen opened last."""
        self.first_deal: int | None = client.deal if client.deal >= 0 else None
        """The first deal (from 0) this screen was shown: its page is the first one shown, not earlier ones."""
        self.greeted = False
        """The person has been told of the moves the CPU made for their seat before they sat down here."""

    # -- who plays --------------------------------------------------------------------------------
    @property
    def me(self) -> int | None:
        """This connection's seat (None: watching)."""
        you = self.client.table.get("you")
        return you if isinstance(you, int) else None

    @property
    def sitting_out(self) -> bool:
        """Whether this person sat down during this deal: they watch it (no hand) and play from the next."""
        seats, me = self.client.table.get("seats", []), self.me
        return me is not None and 0 <= me < len(seats) and bool(seats[me].get("from_next_deal"))

    @property
    def people(self) -> tuple[int, ...]:
        return () if self.me is None else (self.me,)

    def _view(self) -> View:
        view = self.client.view
        if view is None:
            raise ClientError("waiting", "no view from the server yet")
        return view

    def view(self, seat: int) -> View:
        return self._view()

    def public_view(self) -> View | None:
        return self.client.view if self.me is None else None

    def next_turn(self) -> Turn:
        view = self.client.view
        # "finished": the match's last deal is over; its page and the match's are still to be shown (the table
        # may say so before this seat's screen has looked at the last view)
        if view is None or self.client.table.get("status") not in ("playing", "finished") \
                or self.client.reconnecting or self.gone is not None:
            return Turn("remote")
        if view.is_over:  # after "ready", wait for the server's next deal
            return Turn("remote") if self.ready_for == self.client.deal else Turn("over")
        me = self.me
        if me is not None and me in view.to_act and self.sent != (self.client.deal, self.client.step) \
                and not self.is_cpu(me):
            return Turn("human", me)
        waiting = sorted(view.to_act)
        return Turn("remote", waiting[0] if waiting else -1)

    def is_cpu(self, seat: int) -> bool:
        seats = self.client.table.get("seats", [])
        return bool(seats[seat].get("cpu")) if 0 <= seat < len(seats) else False

    def set_control(self, seat: int, level: str | None) -> None:
        if seat == self.me:
            self._send("cpu", on=level is not None)

    # -- actions ----------------------------------------------------------------------------------
    def submit(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Send the action; the server's refusal (rare: the screen offers legal actions) comes back as a note."""
        view = self._view()
        if seat != self.me or action not in view.legal:
            raise IllegalAction("that is not one of your legal actions now")
        self.sent = (self.client.deal, self.client.step)
        self._send("act", action=str(action))
        return ()

    def _send(self, kind: str, **fields: Any) -> None:
        async def go() -> None:
            try:
                await self.client.request(kind, **fields)
            except ClientError as exc:
                if kind == "act":
                    self.sent = None
                reason = shown(refusal_line(exc.data, self.names)) if exc.data else name_seats(exc.message, self.names)
                self.note(_("Not allowed: {reason}").format(reason=reason), self.me)
                self.changed()

        task = asyncio.get_running_loop().create_task(go())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def changed(self) -> None:
        """Something arrived: the screen looks again."""
        if self.on_change is not None:
            self.on_change()

    async def follow(self) -> None:
        """Read the server's messages until the connection closes for good, telling the screen of each change
        (and, while something counts down, once a second)."""
        ticker = asyncio.get_running_loop().create_task(self._tick())
        try:
            while True:
                update = await self.client.next_update()
                if update.type == "closed":
                    reason = str(update.data.get("message") or "")
                    self.gone = reason or _("the connection closed")
                    self.note(_("The connection to the server closed: {reason}. `cardsuite join` again resumes your "
                                "seat while the table lasts.").format(reason=self.gone))
                    self.changed()
                    return
                if update.type == "reconnecting":
                    self.note(_("The connection to the server dropped: reconnecting…"))
                    view = self.client.view
                    if self.away is None:
                        self.away = (self.client.deal, self.client.pin(len(view.history) if view is not None else 0))
                elif update.type == "resumed":
                    if self.away is None or self.client.table.get("status") not in ("playing", "finished"):
                        self.note(_(RECONNECTED))
                    else:  # said with the table's first view, after what happened meanwhile
                        self.back = True
                elif update.type == "view":
                    if self.first_deal is None and isinstance(update.data.get("deal"), int):
                        self.first_deal = update.data["deal"]
                    self.greet()
                    self.came_back(update.data, update.end)
                    self.check_clock(update.data, update.end)
                elif update.type == "table":
                    self.names = tuple(str(s.get("name")) for s in self.client.table.get("seats", []))
                    if self.client.table.get("status") == "closed":
                        self.note(closed_line(self.client.table)
                                  or _("This table has closed: nobody was playing at it any more."))
                self.changed()
        finally:
            ticker.cancel()

    def greet(self) -> None:
        """Once, with the first view: when the CPU has made moves for this person's seat in this match (while they
        were away, out of time, or before they sat down), the log says how many, after the moves already made."""
        me, view = self.me, self.client.view
        if self.greeted or view is None:
            return
        self.greeted = True
        seats = self._seats()
        count = moves_made(seats[me]) if me is not None and 0 <= me < len(seats) and isinstance(seats[me], dict) else 0
        if count and me is not None and me < len(self.names):
            self.note(moves_note(count, self.names[me]), me)

    def _seats(self) -> list[Any]:
        """The table message's seats (none when the server sent something else)."""
        seats = self.client.table.get("seats")
        return seats if isinstance(seats, list) else []

    def came_back(self, data: Mapping[str, object], end: int) -> None:
        """The first view since the connection was made again (``end``: the end of its history, ``Client.pin``): the
        log says the CPU played for this seat while its person was away, before its first move since the drop
        (nobody else could make it), or at the deal's start when the deal they left ended meanwhile; then that the
        seat is back."""
        away, me, view = self.away, self.me, self.client.view
        self.away = None
        deal = data.get("deal")
        if away is None or not isinstance(deal, int):
            return
        at: int | None = None
        if me is not None and view is not None and self.client.deal == deal:
            start = self.client.place(away[1]) if deal == away[0] else 0
            at = next((i for i in range(start, min(self.client.place(end), len(view.history)))
                       if view.history[i].seat == me and view.history[i].action), None)
        if at is None and deal != away[0]:
            at = 0
        if at is not None and me is not None and me < len(self.names):
            self.note_at(deal, at, _("{name} was away: the CPU played for them until they came back").format(
                name=self.names[me]), me)
        if self.back:
            self.back = False
            self.pin_note(deal, end, _(RECONNECTED))

    def check_clock(self, data: Mapping[str, object], end: int) -> None:
        """Say so in the log when this seat's turn timer ran out and the server's CPU decided for it (the step
        moved on at the end of its time without a move sent from here), before the events that followed;
        then keep the new view's deadline (``end``: the end of its history, ``Client.pin``)."""
        now, step, me = time.monotonic(), (data.get("deal"), data.get("step")), self.me
        kept = self.deadline
        ran_out = kept is not None and kept[0] != step and now >= kept[1] - TIME_SLACK and self.sent != kept[0] \
            and (me is None or self.client.deal != kept[0][0] or self._moved_since(me, kept[2]))
        if kept is not None and ran_out and me is not None and me < len(self.names) \
                and isinstance(kept[0][0], int):
            self.pin_note(kept[0][0], kept[2], _("time is up: the CPU played {name}'s turn").format(
                name=self.names[me]), me)
        timers = data.get("timers")
        left = timers.get(str(me)) if isinstance(timers, dict) else None
        self.deadline = None
        if isinstance(left, int | float) and not isinstance(left, bool) and math.isfinite(left):
            self.deadline = (step, now + float(left), end)

    def _moved_since(self, seat: int, pin: int) -> bool:
        """Whether ``seat`` made a move among this deal's events after ``pin``: another seat's move near the end
        of this seat's time (GOPS bids at once) moves the step on too, and is not the timer's."""
        view = self.client.view
        if view is None:
            return True
        return any(event.seat == seat and event.action for event in view.history[self.client.place(pin):])

    async def _tick(self) -> None:
        """Redraw once a second while a reconnection or a grace period counts down."""
        while True:
            await asyncio.sleep(1.0)
            seats = self.client.table.get("seats", [])
            if self.client.reconnecting or any(isinstance(s.get("grace_left"), int | float) for s in seats):
                self.changed()

    def status_lines(self) -> tuple[Line, ...]:
        """The line under the header: the turn timer (first, to be seen at once), the join code, a rated or
        practice table, the connection."""
        table = self.client.table
        lines = [Line("table {code}", {"code": str(table.get("code", ""))})]
        clock = turn_line(self.client.timers, time.monotonic() - self.client.timers_at, self.me) \
            if self.gone is None and table.get("status") == "playing" else None
        if clock is not None:
            lines.insert(0, clock)
        if table.get("practice"):
            lines.append(Line("practice table: not rated", strong=True))
        elif table.get("rated"):  # the lobby's word for a rated table
            lines.append(Line(msg_p("lobby", "rated"), strong=True))
        if self.gone is not None:
            lines.append(Line("not connected", strong=True))
        elif self.client.reconnecting:
            lines.append(Line("reconnecting…", strong=True))
        if table.get("status") == "closed":
            lines.append(Line("this table has closed", strong=True))
        return tuple(lines)

    def seat_status(self, seat: int) -> Line | None:
        """Whether the seat's person is connected or a CPU stands in (with the grace seconds left)."""
        seats = self.client.table.get("seats", [])
        if not 0 <= seat < len(seats):
            return None
        return seat_line(seats[seat], time.monotonic() - self.client.table_at)

    # -- the log ----------------------------------------------------------------------------------
    def note(self, text: str, seat: int | None = None) -> None:
        view = self.client.view
        self.note_at(self.client.deal, len(view.history) if view else 0, text, seat)

    def note_at(self, deal: int, after: int, text: str, seat: int | None = None) -> None:
        """A note in deal ``deal``'s log (from 0) after its first ``after`` events as held now: where what it says
        happened."""
        self.pin_note(deal, self.client.pin(after) if deal == self.client.deal else after, text, seat)

    def pin_note(self, deal: int, pin: int, text: str, seat: int | None = None) -> None:
        """A note in deal ``deal``'s log (from 0) at ``pin`` (``Client.pin``): it keeps its place among the events
        around it when the history later drops some (GOPS's memory log, once the next round is revealed)."""
        self.notes.append(Note(deal + 1, pin, text, seat))

    def log_lines(self, seat: int | None, repeats: bool = True) -> list[str]:
        deal = self.client.deal + 1
        pending = sorted((n for n in self.notes if n.deal == deal and (n.seat is None or n.seat == seat)),
                         key=lambda n: n.after)  # in the order of the events, whenever they were told
        lines = [_("— deal {number} —").format(number=deal)]
        view = self.client.view
        events = self.game.log_events(view) if view is not None else ()
        marked = logged_marks(view.history, events, self.client.by_cpu) if view is not None else set()
        at = sorted(subsequence_positions(view.history, events)) if view is not None else []
        seats = self._seats()
        again = set() if repeats else said_again(events)
        for index, event in enumerate(events):
            here = at[index] if index < len(at) else index  # its index in the history the notes are pinned in
            while pending and self.client.place(pending[0].after) <= here:
                lines.append(pending.pop(0).text)
            if index in again:
                continue
            names = names_for(event, self.names, seats) if index in marked else self.names
            lines.append(event_text(event, names, game_words(self.game)))
        lines.extend(n.text for n in pending)
        return lines

    hint_refusal = N_("Hints are not available at online tables: every seat plays without CPU advice.")

    def can_hint(self, seat: int) -> bool:
        """No hints online: fair to every seat, and a rated table is played unassisted."""
        return False

    # -- scores and flow --------------------------------------------------------------------------
    @property
    def deal_number(self) -> int:
        return max(1, self.client.deal + 1)

    def deal_text(self) -> str:
        """The header's deal, in the same words as a local table's."""
        return deal_words(self.game, len(self.names), self.options, self.deal_number)

    @property
    def totals(self) -> tuple[Score, ...]:
        return tuple(_score(t) for t in self.client.table.get("totals", []))

    def deal_scores(self) -> list[tuple[Score, ...]]:
        return [tuple(_score(x) for x in r.get("scores", [])) for r in self.client.table.get("results", [])]

    @property
    def deal_over(self) -> bool:
        view = self.client.view
        return view is not None and view.is_over

    @property
    def match_over(self) -> bool:
        return bool(self.client.table.get("match_over"))

    def deal_report(self) -> DealReport:
        """The page of the first finished deal whose page this screen has not shown, from the deal it first saw
        (the server may have finished later ones already: ``missed_deal`` gives them next)."""
        results = self.client.table.get("results", [])
        following = self.reported + 1 if self.reported is not None \
            else self.first_deal if self.first_deal is not None else self.client.deal
        index = min(max(following, 0), len(results) - 1)
        if index >= 0:
            self.reported = index
        return self._report(index)

    def missed_deal(self) -> DealReport | None:
        """The next deal that ended while an earlier deal's page was open (the server goes on without this seat:
        CPUs, a seat handed over), for its page in turn; None when every finished deal's page has been shown."""
        results = self.client.table.get("results", [])
        if self.reported is None or self.reported + 1 >= len(results):
            return None
        self.reported += 1
        return self._report(self.reported)

    def _report(self, index: int) -> DealReport:
        """Deal ``index``'s page (from 0), from the table's results; the public score line while its view is here."""
        results = self.client.table.get("results", [])
        done = results[:index + 1] if index >= 0 else []
        last = done[-1] if done else {}
        summary = DealSummary(declarer=last.get("declarer"), contract=last.get("contract"), made=last.get("made"),
                              redeal=bool(last.get("redeal")), text=str(last.get("text", "")),
                              message=_summary_message(last.get("message")))
        view = self.client.view if index == self.client.deal else None
        public = [e for e in (view.history if view else ()) if e.scores is not None]
        totals = self.totals
        if len(done) < len(results):  # an earlier deal: the totals as they stood after it
            rows = [[_score(x) for x in r.get("scores", [])] for r in done]
            totals = tuple(sum((row[seat] for row in rows if seat < len(row)), start=_score(0))
                           for seat in range(len(self.names)))
        return DealReport(len(done), summary, event_words(public[-1]) if public else summary.text,
                          tuple(_score(x) for x in last.get("scores", [])), totals)

    def next_deal(self) -> None:
        """Say ready when the deal whose page was closed is the one the server is at (it deals the next when
        everyone has, or after its pause); a deal it has dealt since gets its own page when it ends."""
        self.ready_for = self.reported if self.reported is not None else self.client.deal
        if self.ready_for == self.client.deal:
            self._send("ready")

    def finish(self) -> int | None:
        found = self.client.table.get("history_id")
        return found if isinstance(found, int) else None

    def abandon(self) -> None:
        """Give the seat up for good (the server's ``leave``): a CPU plays it, a newcomer may take it."""
        if self.me is not None:
            self.given_up = True
            self._send("leave")

    async def close(self) -> None:
        """Close the connection (a request still on its way, such as giving the seat up, gets a moment); a watcher
        first says it stops watching (``leave``), so the server ends the watch rather than finding it dropped."""
        if self.watching and self.gone is None and not self.client.reconnecting \
                and self.client.table.get("status") != "closed":
            with contextlib.suppress(ClientError):
                await self.client.request("leave", timeout=LEAVE_SECONDS)
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=2)
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        await self.client.close()


def seat_line(seat: Mapping[str, object], elapsed: float = 0.0) -> Line:
    """A seat's connection and stand-in, ``elapsed`` seconds after the server said so."""
    if seat.get("kind") != "person":
        return Line("open seat: a CPU plays")
    grace = seat.get("grace_left")
    if seat.get("from_next_deal"):  # sat down during this deal: watches it, plays from the next deal if any
        return Line("sat down during this deal: watches it")
    if seat.get("connected"):
        return Line("connected, a CPU plays") if seat.get("cpu") else Line("connected")
    if isinstance(grace, int | float) and not isinstance(grace, bool):
        return Line("away: a CPU takes over in {seconds} s", {"seconds": max(0, math.ceil(grace - elapsed))})
    return Line("away: a CPU plays") if seat.get("cpu") else Line("away")


def _summary_message(data: object) -> Message | None:
    """A deal summary's words from the server (``results[i].message``), or ``None`` to show its English text."""
    if not isinstance(data, dict):
        return None
    try:
        return decode_message(data)
    except WireError:
        return None
