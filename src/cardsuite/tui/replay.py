"""``cardsuite replay FILE`` in a terminal: the table on a record, step by step.

``RecordCursor`` is pure: where the replay stands (a deal and how many of its actions are done), the state
there, rebuilt from the deal's setup and actions. ``RecordSession`` answers the table's drawing code from
that state (names, views, totals so far, the log), read-only. ``ReplayScreen`` draws it with the table's
own widgets; its keys step forward and back, jump from deal to deal, choose whose seat is at the bottom,
and show every hand on request. A deal the record has not finished (a save of a match being played) shows
only what every seat may know, its public view: no hand, no pending choice, whatever the keys ask for.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..core.errors import CardsuiteError
from ..core.game import Action, Event, Score, State, View
from ..core.match import SeatSpec
from ..core.message import N_, Message
from ..core.record import Replay
from ..i18n import _, game_words
from ..i18n.reasons import trump_aware
from ..i18n.render import event_text, wording
from .config import TableConfig
from .layout import SeatBlock, capacity
from .render import Display
from .screens.table_frame import MIN_HEIGHT, MIN_WIDTH, fit_faces, mark_too_small, table_frame
from .seating import table_model, top_parts
from .session import DealReport, TableSession, Turn, deal_words, said_again
from .table_app import TableApp, run_app
from .widgets.hand import HandView
from .widgets.kinsoku import KinsokuStatic
from .widgets.panels import EventLog, TopBar
from .widgets.table import TableView
from .words import translate_bindings


class RecordCursor:
    """A place in a replayed match: deal ``deal`` with its first ``step`` actions done."""

    def __init__(self, result: Replay) -> None:
        self.result = result
        self.deal = 0
        self.step = 0
        self._states: dict[int, list[State]] = {}

    @property
    def deals(self) -> int:
        """How many deals the record holds."""
        return len(self.result.deals)

    def steps(self, deal: int | None = None) -> int:
        """How many actions deal ``deal`` (the current one) has."""
        return len(self.result.deals[self.deal if deal is None else deal].actions)

    def state(self) -> State:
        """The deal's state after ``step`` actions (rebuilt once, then kept)."""
        states = self._states.get(self.deal)
        if states is None:
            result = self.result
            setup = result.deals[self.deal].setup
            state = result.game.new_deal(result.players, result.options, setup.dealer, hands=setup.hands,
                                         stock=setup.stock)
            states = [state.clone()]
            for seat, action in result.deals[self.deal].actions:
                state.apply(seat, action)
                states.append(state.clone())
            self._states = {self.deal: states}  # one deal at a time: memory stays small
        return states[self.step]

    def last_action(self) -> tuple[int, Action] | None:
        """The action that brought the deal to this step, if any."""
        return self.result.deals[self.deal].actions[self.step - 1] if self.step else None

    def move(self, delta: int) -> bool:
        """Step forward (or back) ``delta`` actions, across deals at the ends; False at the record's ends."""
        target = self.step + delta
        if 0 <= target <= self.steps():
            self.step = target
            return True
        if target > self.steps() and self.deal + 1 < self.deals:
            self.deal, self.step = self.deal + 1, 0
            return True
        if target < 0 and self.deal > 0:
            self.deal -= 1
            self.step = self.steps()
            return True
        return False

    def to_deal(self, deal: int, end: bool = False) -> bool:
        """Go to the start (or the end) of deal ``deal`` (from 0); False when there is no such deal."""
        if not 0 <= deal < self.deals:
            return False
        self.deal = deal
        self.step = self.steps() if end else 0
        return True

    def totals(self) -> tuple[Score, ...]:
        """Each seat's total before this deal, plus this deal's score once it is over."""
        out: list[Score] = [0] * self.result.players
        for deal in self.result.deals[: self.deal]:
            out = [a + b for a, b in zip(out, deal.scores, strict=True)]
        state = self.state()
        if state.is_over:
            out = [a + b for a, b in zip(out, state.scores(), strict=True)]
        return tuple(out)


class RecordSession(TableSession):
    """The table's view of a record at the cursor: read-only (nothing may be submitted)."""

    def __init__(self, result: Replay, names: tuple[str, ...], cursor: RecordCursor) -> None:
        self.result = result
        self.game = result.game
        self.names = names
        self.cursor = cursor
        self.options = result.options
        self.assisted = False
        self.watching = True
        self.config = TableConfig(result.game.info.name, tuple(SeatSpec(n) for n in names), cpu_delay=0.0)
        self.everything = False
        """Every hand and every event shown (not one seat's view)."""
        self.bottom = 0
        """The seat drawn at the bottom while the deal is hidden (no seat's view is shown then)."""

    @property
    def people(self) -> tuple[int, ...]:
        """The seat at the bottom of a hidden deal's public table; nobody plays at a replay."""
        return (self.bottom,)

    @property
    def hidden(self) -> bool:
        """Whether the deal at the cursor is unfinished in the record: then only its public view is shown."""
        return not self.result.deals[self.cursor.deal].complete

    def view(self, seat: int) -> View:
        """``seat``'s view, or the public one while the deal is hidden."""
        state = self.cursor.state()
        return state.public_view() if self.hidden else state.view(seat)

    def next_turn(self) -> Turn:
        return Turn("over")

    def submit(self, seat: int, action: Action) -> tuple[Event, ...]:
        raise CardsuiteError(_("a replay cannot be played"))

    def note(self, text: str, seat: int | None = None) -> None:
        return None

    def log_lines(self, seat: int | None, repeats: bool = True) -> list[str]:
        """The deal's events up to the cursor, as ``seat`` saw them (every one with all hands shown)."""
        state = self.cursor.state()
        if self.hidden:
            events = state.public_view().history
        else:
            events = state.events() if self.everything or seat is None else state.view(seat).history
        trump = state.view(seat if seat is not None else 0).table.get("trump")
        say = wording(self.names, game_words(self.game))
        lines = [_("— deal {number} —").format(number=self.cursor.deal + 1)]
        again = set() if repeats else said_again(events)
        for index, event in enumerate(events):
            if index in again:
                continue
            message = getattr(event, "message", None)
            lines.append(say(trump_aware(message, trump)) if isinstance(message, Message)
                         else event_text(event, self.names))
        return lines

    @property
    def deal_number(self) -> int:
        return self.cursor.deal + 1

    def deal_text(self) -> str:
        """Where the deal stands in the match (its length, as at the table), not in the record."""
        return deal_words(self.game, self.result.players, self.options, self.cursor.deal + 1)

    @property
    def totals(self) -> tuple[Score, ...]:
        return self.cursor.totals()

    def deal_scores(self) -> list[tuple[Score, ...]]:
        return [tuple(d.scores) for d in self.result.deals[: self.cursor.deal]]

    @property
    def deal_over(self) -> bool:
        return self.cursor.state().is_over

    @property
    def match_over(self) -> bool:
        return False

    def deal_report(self) -> DealReport:
        deal = self.result.deals[self.cursor.deal]
        return DealReport(self.cursor.deal + 1, deal.summary, "", tuple(deal.scores), self.totals)

    def next_deal(self) -> None:
        self.cursor.to_deal(self.cursor.deal + 1)


HIDDEN_DEAL = N_("this deal is still being played: its hands stay hidden")
"""Why a deal the record has not finished shows no hand, whatever the keys ask for."""


def _binding(keys: str, action: str, description: str, show: bool = True, key_display: str | None = None) -> Binding:
    return Binding(keys, action, description, show=show, key_display=key_display)


class ReplayScreen(Screen[None]):
    """The table on a record: step through it, deal by deal, from any seat, with every hand if asked."""

    BINDINGS: ClassVar[list[BindingType]] = [
        _binding("right,l,space", "step(1)", N_("Next"), key_display="→"),
        _binding("left,h,backspace", "step(-1)", N_("Back"), key_display="←"),
        _binding("down,pagedown,n", "deal(1)", N_("Next deal"), key_display="n"),
        _binding("up,pageup,p", "deal(-1)", N_("Previous deal"), key_display="p"),
        _binding("home", "edge(0)", N_("Start"), show=False),
        _binding("end", "edge(1)", N_("End"), show=False),
        _binding("tab", "seat", N_("Seat"), key_display=N_("Tab")),
        _binding("a", "everything", N_("All hands")),
        _binding("q,escape", "app.quit", N_("Quit"), key_display="q"),
    ]

    def __init__(self, result: Replay, names: tuple[str, ...], style: Display) -> None:
        super().__init__(classes="table-screen")
        translate_bindings(self)
        self.cursor = RecordCursor(result)
        self.session = RecordSession(result, names, self.cursor)
        self.style_set = style.with_words(result.game.ascii_words(), game_words(result.game))
        self.seat = 0

    def compose(self) -> ComposeResult:
        yield from table_frame(self.style_set.ascii)
        yield KinsokuStatic(id="controls")
        yield HandView(self.style_set.faces, id="hand")
        yield KinsokuStatic(
            self.style_set.plain(_("The terminal is too small: the replay needs at least {width}×{height}. Make "
                                   "the window larger (q quits).").format(width=MIN_WIDTH, height=MIN_HEIGHT)),
            id="too-small",
        )
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """Show the start of the first deal."""
        self._fit(self.app.size.width, self.app.size.height)
        self.show()

    def on_resize(self, event: events.Resize) -> None:
        """Say so when the terminal is too small; larger faces when it is large."""
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        if mark_too_small(self, width, height):
            self.refresh_bindings()
        fit_faces(self, width, height)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the terminal is too small to draw the table no key of the replay acts (quitting, the app's own
        key, still does), and the key bar says so."""
        return not self.has_class("-small")

    def show(self) -> None:
        """Draw the table at the cursor from the bottom seat's view (every hand when asked), or the public
        view of a deal the record has not finished."""
        session, cursor = self.session, self.cursor
        hidden = session.hidden
        session.bottom = self.seat
        view = session.view(self.seat)
        self.query_one(TopBar).show(top_parts(view, session, self.style_set, None), self.style_set.ascii)
        self.query_one(EventLog).show(session.log_lines(self.seat))
        table = self.query_one(TableView)
        model = table_model(view, session, self.style_set, None if hidden else self.seat, None)
        if session.everything and not hidden:
            model = replace(model, seats=tuple(self._with_hand(b) for b in model.seats))
        room = capacity(model, table.size.width, table.size.height) if table.size.height else len(model.lines)
        facts = self.query_one("#facts", Static)
        facts.set_class(bool(model.lines[room:]), "-shown")
        facts.update(Text("\n").join(model.lines[room:]))
        table.show(replace(model, lines=model.lines[:room]))
        if hidden:
            self.query_one(HandView).hide(self.style_set.plain(_(HIDDEN_DEAL)))
        else:
            groups = session.game.arrange_hand(view.hand, view)
            self.query_one(HandView).show(groups, frozenset(), False, False)
        where = _("Replay: deal {deal} of {deals}, step {step} of {steps}").format(
            deal=cursor.deal + 1, deals=cursor.deals, step=cursor.step, steps=cursor.steps())
        last = cursor.last_action()
        if last is not None:
            where += " · " + _("last: {name}").format(name=session.names[last[0]])
        if cursor.state().is_over:
            where += " · " + self.style_set.say(self.result_words(), session.names)
        self.query_one("#controls", Static).update(Text(self.style_set.plain(where), style="bold"))

    def result_words(self) -> str | Message:
        """The deal's result, once it is over."""
        summary = self.session.result.deals[self.cursor.deal].summary
        return summary.message or summary.text

    def _with_hand(self, block: SeatBlock) -> SeatBlock:
        """A seat's block with its hand in it (all hands shown)."""
        hand = self.cursor.state().view(block.seat).hand
        if block.seat == self.seat or not hand:
            return block
        return replace(block, lines=(*block.lines, self.style_set.cards(sorted(hand))))

    @property
    def result(self) -> Replay:
        """The replayed match."""
        return self.session.result

    def action_step(self, delta: int) -> None:
        """One action forward or back (into the next or previous deal at the ends)."""
        if self.cursor.move(delta):
            self.show()

    def action_deal(self, delta: int) -> None:
        """The start of the next deal, or of this one (then the previous one)."""
        cursor = self.cursor
        target = cursor.deal + delta if delta > 0 or cursor.step == 0 else cursor.deal
        if cursor.to_deal(target):
            self.show()

    def action_edge(self, end: int) -> None:
        """The start of the record, or the end of its last deal."""
        if self.cursor.to_deal(self.cursor.deals - 1 if end else 0, end=bool(end)):
            self.show()

    def action_seat(self) -> None:
        """The next seat sits at the bottom (its view, its hand; a hidden deal's public view only)."""
        self.seat = (self.seat + 1) % self.result.players
        self.show()

    def action_everything(self) -> None:
        """Show every hand and every event, or one seat's view again (not in a hidden deal: it says why)."""
        if self.session.hidden:
            self.notify(_(HIDDEN_DEAL), markup=False)
            return
        self.session.everything = not self.session.everything
        self.show()


class ReplayApp(TableApp):
    """The replay viewer alone."""

    def __init__(self, result: Replay, names: tuple[str, ...], style: Display) -> None:
        super().__init__()
        self.result, self.names, self.style = result, names, style

    @property
    def ascii_only(self) -> bool:
        """Whether the replay is drawn in ASCII only."""
        return self.style.ascii_only

    def on_mount(self) -> None:
        """Open the table on the record."""
        self.set_class(self.style.ascii_only, "-ascii")
        self.push_screen(ReplayScreen(self.result, self.names, self.style))


def run_replay(result: Replay, names: tuple[str, ...], ascii_only: bool = False) -> None:
    """Watch ``result`` at the terminal until the person quits."""
    run_app(ReplayApp(result, names, Display(ascii_only)))
