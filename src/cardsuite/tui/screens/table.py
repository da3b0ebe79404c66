"""The table screen: carries out the turn flow's steps and draws the viewer's view.

``TurnFlow`` (``tui/flow.py``) says what happens next; this screen does it (a CPU move, a hand-off cover, a
person's turn, the end of a deal), draws everything a person sees from that person's view only
(``planning`` says what the seat may do, ``seating`` and ``layout`` draw the table), and moves the cursor
and presses what the keys ask for. Its parts, each in its own file: the keys and the ``?`` page
(``table_keys.py``), what a card or a button leads to (``table_choices.py``), CPU moves and the turn timer
(``cpu_turns.py``), the hot-seat cover (``hot_seat.py``), the finished trick's pause (``trick_pause.py``),
the pages and the menu (``table_pages.py``). The key bar shows only what the seat may do now
(``check_action``). Each seat's block has a line for the session's ``seat_status`` and the screen a status
line (``status_lines``): an online table says there who is connected.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.timer import Timer
from textual.widgets import Static

from ...cards import Card
from ...core.errors import CardsuiteError
from ...core.game import Action, View
from ...i18n import _, pgettext
from ..layout import capacity
from ..messages import NotYetPicked
from ..planning import Item, Plan, plan, prompt_text, verb_words
from ..render import Display
from ..seating import status_text, table_model, top_parts
from ..session import TableSession
from ..widgets.actions import ActionBar
from ..widgets.hand import HandView
from ..widgets.key_bar import KeyBar
from ..widgets.kinsoku import KinsokuStatic
from ..widgets.panels import EventLog, TopBar
from ..widgets.table import TableView
from .cpu_turns import CpuTurns
from .hot_seat import HotSeatCover
from .partner import offers_partner, show_partner
from .table_choices import TableChoices
from .table_frame import MIN_HEIGHT, MIN_WIDTH, fit_faces, mark_too_small, table_frame
from .table_keys import ROOMY, TABLE_BINDINGS
from .table_pages import TablePages
from .trick_pause import TrickPause


class TableScreen(TableChoices, CpuTurns, HotSeatCover, TablePages):
    """One table: shows the viewer's view and mediates every move."""

    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS

    def __init__(self, session: TableSession, style: Display) -> None:
        super().__init__(session, style)
        self.trick_pause = TrickPause(self.flow, self.set_timer, self._trick_gathered)
        self.forced_timer: Timer | None = None
        self.told_enter: tuple[int, str] | None = None
        """The turn and the words of the last note on what Enter did not do (each said once a turn)."""
        self.enter_word: str | None = None
        """What the key bar says Enter does now (None: it does nothing)."""
        self.shape: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

    # -- what the screen offers now (callers and tests read these) -----------------------------------
    @property
    def items(self) -> tuple[Item, ...]:
        """The buttons offered now."""
        return self.plan.items

    @property
    def card_verbs(self) -> dict[str, tuple[Action, ...]]:
        """Verbs played from the hand, with their actions."""
        return dict(self.plan.card_verbs)

    @property
    def card_verb(self) -> str | None:
        """The verb the hand plays now."""
        return self.plan.verb

    @property
    def cards_of(self) -> dict[Action, tuple[Card, ...]]:
        """The cards each legal action uses."""
        return dict(self.plan.cards_of)

    # -- layout -------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield from table_frame(self.style_set.ascii)
        yield ActionBar(id="controls")
        yield HandView(self.style_set.faces, id="hand")
        yield KinsokuStatic(
            self.style_set.plain(_("The terminal is too small: the table needs at least {width}×{height}. Make the "
                                   "window larger (q opens the menu).").format(width=MIN_WIDTH, height=MIN_HEIGHT)),
            id="too-small",
        )
        yield KeyBar(compact=True)

    def on_mount(self) -> None:
        """Start the first turn (after the "how to play" page on a first play of this game)."""
        self._fit(self.app.size.width, self.app.size.height)
        self.advance()

    def on_unmount(self) -> None:
        """The table is closed: its session lets go of the match (another window may continue it)."""
        self.session.table_closed()

    def on_resize(self, event: events.Resize) -> None:
        """Say so clearly when the terminal is too small; larger faces when it is large."""
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        mark_too_small(self, width, height)
        self.refresh_bindings()  # the key bar's room changed too
        fit_faces(self, width, height)

    # -- the flow -----------------------------------------------------------------------------------
    def advance(self) -> None:
        """Take the flow's next step: a CPU move, a hand-off, a person's turn, or the end of the deal."""
        self.stop_turn_timer()
        step = self.flow.step()
        self.trick_pause.watch()
        if step.kind == "wait":
            self.refresh_table()
        elif step.kind == "deal_over":
            self.refresh_table()
            self.show_deal_over()
        elif step.kind == "cpu":
            self.refresh_table()
            self.start_cpu(step.seat)
        elif step.kind == "remote":
            self.refresh_table()
        elif step.kind == "handoff":
            self.cover_table(step)
        else:
            self.begin_turn(step.seat)

    def begin_turn(self, seat: int) -> None:
        """The person of ``seat`` is at the screen and must act."""
        turn = self.session.next_turn()
        if turn.kind != "human" or turn.seat != seat:
            self.advance()
            return
        self.flow.begin(seat, None)
        self.refresh_table()
        forced = self.plan.forced() if self.session.config.auto_play else None
        if forced is not None:
            step = self.flow.begin(seat, forced)
            generation = self.flow.generation
            self.note(_("Only choice for {name}: {action} (played automatically)").format(
                name=self.session.names[seat], action=self.plan.label(forced)), seat)
            wait = step.wake - self.flow.clock() if self.session.config.cpu_delay else 0.0
            if wait > 0.01:
                self.forced_timer = self.set_timer(wait, lambda: self._play_forced(seat, forced, generation))
                self.refresh_table()
            else:  # instant CPUs: no pause
                self.call_later(self._play_forced, seat, forced, generation)
            return
        generation = self.flow.generation
        if not self.maybe_introduce(lambda: self._turn_timer_after_page(seat, generation)):
            self.start_turn_timer()

    def _turn_timer_after_page(self, seat: int, generation: int) -> None:
        """The page the table opened by itself is closed: the turn's timer starts now, whole (unless the table
        moved on meanwhile)."""
        if generation == self.flow.generation and self.flow.my_turn() == seat and not self.flow.finished:
            self.start_turn_timer()

    def _play_forced(self, seat: int, action: Action, generation: int) -> None:
        """The forced card plays itself after its pause, unless the table moved on (or a key played it)."""
        if self.forced_timer is not None:
            self.forced_timer.stop()
        self.forced_timer = None
        if generation == self.flow.generation and self.flow.my_turn() == seat:
            self.perform(seat, action)

    def perform(self, seat: int, action: Action) -> bool:
        """Send ``action`` through the session; a refusal goes to the log with the rule's reason."""
        if self.flow.finished:
            return False
        look = self.plan.looks.get(action)
        try:
            self.session.submit(seat, action)
        except CardsuiteError as exc:
            self.note(_("Not allowed: {reason}").format(reason=self._reason(exc)), seat)
            self.refresh_table()
            return False
        self.flow.acted(seat, look is not None and look.retractable)
        self.advance()
        return True

    def _trick_gathered(self) -> None:
        """The finished trick's moment is over: the table goes on (to the deal's end, when it is over)."""
        self.refresh_table()
        if self.flow.idle:
            if self.session.deal_over:
                self.show_deal_over()
            else:
                self.advance()

    def on_key(self, event: events.Key) -> None:
        """Any key ends the moment a finished trick is shown."""
        if self.flow.flash is not None:
            self.trick_pause.end()

    # -- showing ------------------------------------------------------------------------------------
    def show_log(self) -> None:
        """The event log of the viewer's seat."""
        self.query_one(EventLog).show(self.session.log_lines(self.flow.viewer))

    def show_top(self, view: View | None = None) -> None:
        """The top line (game, deal, contract, timer) and the status line, when there is one."""
        parts = top_parts(view, self.session, self.style_set, self.flow.seconds_left())
        self.query_one(TopBar).show(parts, self.style_set.ascii)
        status = self.query_one("#status", Static)
        line = status_text(self.session, self.style_set)
        status.set_class(bool(line.plain), "-shown")
        status.update(line)

    def deal_text(self) -> str:
        """``deal k / N`` (see ``TableSession.deal_text``)."""
        return self.session.deal_text()

    def refresh_table(self) -> None:
        """Redraw every widget from the viewer's view (or hide all that is private); what storage reported
        meanwhile (a save that failed) is shown at once."""
        session = self.session
        flow = self.flow
        show_notices = getattr(self.app, "show_notices", None)
        if callable(show_notices):
            show_notices()
        hand = self.query_one(HandView)
        actions = self.query_one(ActionBar)
        view = flow.shown_view()
        self.show_top(view)
        self.show_log()
        self._show_table(view)
        if flow.viewer is None:
            hand.hide(_("Cards are hidden until the next person is at the screen."))
            actions.show((), False, Text())
            self.plan = Plan()
            self._enter_words()
            return
        assert view is not None
        my_turn = flow.awaiting == flow.viewer and flow.cpu_seat is None
        try:
            groups = session.game.arrange_hand(view.hand, view)
        except Exception:  # a presentation hook must not close the table
            groups = (tuple(view.hand),)
        order = tuple(c for g in groups for c in g)
        self.plan = plan(session.game, view if my_turn else None, self.RESERVED_KEYS, self.plan.verb, self._say,
                         order)
        shape = (tuple(self.plan.card_verbs), tuple(it.label for it in self.plan.items))
        if shape != self.shape:  # a new choice: the hand when it is played from, else the buttons
            self.shape = shape
            self.zone = "hand" if self.plan.card_verbs else "actions"
        labels = tuple((it.key, self.style_set.plain(it.label)) for it in self.plan.items)
        greyed = tuple((it.key, self.style_set.plain(it.label)) for it in self.plan.not_yet)
        actions.show(labels, my_turn and self.zone == "actions", self._prompt(view, my_turn), greyed)
        hand.show(groups, self.plan.legal_cards, self.plan.multi, my_turn and self.plan.verb is not None,
                  self.plan.card_keys)
        self._enter_words()

    def _show_table(self, view: View | None) -> None:
        """The table in the middle; the game's lines that do not fit there go above the log."""
        table = self.query_one(TableView)
        facts = self.query_one("#facts", Static)
        model = table_model(view, self.session, self.style_set, self.flow.viewer, self.flow.flash) \
            if view is not None else None
        overflow: tuple[Text, ...] = ()
        if model is not None:
            room = capacity(model, table.size.width, table.size.height) if table.size.height else len(model.lines)
            overflow = model.lines[room:]
            model = replace(model, lines=model.lines[:room])
        table.show(model)
        facts.set_class(bool(overflow), "-shown")
        facts.update(Text("\n").join(overflow), layout=True)

    @on(TableView.Resized)
    def table_resized(self) -> None:
        """Refit the game's lines when the table's size changes."""
        if self.is_mounted:
            self._show_table(self.flow.shown_view())

    def _prompt(self, view: View, my_turn: bool) -> Text:
        names = self.session.names
        if not my_turn:
            if self.flow.cpu_seat is not None:
                return Text(self.style_set.plain(_("{name} is thinking…").format(name=names[self.flow.cpu_seat])),
                            style="dim")
            waiting = pgettext("list separator", ", ").join(names[s] for s in sorted(view.to_act))
            return Text(self.style_set.plain(_("Waiting for {names}").format(names=waiting) if waiting else ""),
                        style="dim")
        if self.forced_timer is not None:
            forced = self.plan.forced()
            if forced is not None:
                return Text(self.style_set.plain(_("Your turn, {name}: only {action} is possible; it plays itself "
                                                   "(its key: at once)").format(name=names[view.seat],
                                                                               action=self.plan.label(forced))),
                            style="bold")
        return Text(self.style_set.plain(prompt_text(self.plan, names[view.seat], self._say)), style="bold")

    def put_cursor_on(self, action: Action) -> None:
        """Put the hand's cursor on the card ``action`` plays (a hint's card)."""
        cards = self.plan.cards_of.get(action, ())
        hand = self.query_one(HandView)
        if len(cards) == 1 and cards[0] in hand.cards:
            hand.pick(hand.cards.index(cards[0]))

    # -- which keys the seat may use now (the key bar shows only those) ------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the keys that do nothing now (undo for a hot-seat player, mark without a several-card action);
        while the terminal is too small to show the table, only the menu (no key acts on unseen cards)."""
        if self.has_class("-small"):
            return action == "menu"
        if action == "quiet":  # a page's key left out of the key bar: it works all the same
            return bool(parameters) and self.works_now(str(parameters[0])) and not self.bar_has_room(str(parameters[0]))
        if action in ROOMY and not self.bar_has_room(action):
            return False
        return self.works_now(action)

    def bar_has_room(self, action: str) -> bool:
        """Whether the key bar has room for the page key ``action`` after the keys it always shows and the page
        keys before it in ``ROOMY`` that work now."""
        used = 0
        for _key, binding in self._bindings:
            if binding.show and binding.action not in ROOMY and self.works_now(binding.action):
                used += self._bar_width(binding)
        for roomy in ROOMY:
            if not self.works_now(roomy):
                continue
            binding = next(b for _key, b in self._bindings if b.action == roomy and b.show)
            used += self._bar_width(binding)
            if roomy == action:
                return used <= self.app.size.width
        return False

    def _bar_width(self, binding: Binding) -> int:
        """The cells ``binding`` takes in the compact key bar: its key, its word and the spaces."""
        return cell_len(self.app.get_key_display(binding)) + cell_len(binding.description) + 2

    def works_now(self, action: str) -> bool:
        """Whether the key for ``action`` does something now (the key bar's room aside)."""
        mine = self.flow.my_turn()
        viewer = self.flow.viewer
        if action == "enter":
            return mine is not None and self._enter_does() is not None
        if action == "enter_idle":
            return mine is not None
        if action == "mark":
            return mine is not None and self.plan.multi
        if action == "undo":
            return viewer is not None and self.session.can_undo(viewer) and self.session.has_acted(viewer)
        if action == "take_back":
            return viewer is not None and self.session.can_take_back(viewer)
        if action == "hint":
            return mine is not None and self.session.can_hint(mine)
        if action == "cpu_seat":
            return viewer in self.session.people if viewer is not None else bool(self.cpu_played())
        if action == "last_trick":
            return viewer is not None
        if action == "partner":
            return viewer is not None and offers_partner(self.session.game, self.session.options)
        return True

    # -- keys (bound in table_keys.py) -------------------------------------------------------------
    def _enter_does(self) -> str | None:
        """What Enter does now, in the key bar's words; None when it does nothing (no button chosen, a pass)."""
        if self.flow.my_turn() is None:
            return None
        if self.zone == "hand" and self.plan.verb:
            return _("Confirm") if self.plan.multi else _("Play")
        index = self.query_one(ActionBar).selected
        if index is None or index >= len(self.plan.items) or self.plan.items[index].destructive:
            return None
        return self.style_set.plain(self.plan.items[index].label)

    def _enter_words(self, changed_only: bool = False) -> None:
        """The key bar's word for Enter follows what it does now (``changed_only``: the key bar is built again
        only when that word changed: a cursor moving through the hand leaves it as it is)."""
        words = self._enter_does()
        if changed_only and words == self.enter_word:
            return
        self.enter_word = words
        table = self._bindings.key_to_bindings
        table["enter"] = [replace(b, description=words or b.description) for b in table.get("enter", [])]
        self.refresh_bindings()

    def action_enter(self) -> None:
        """Enter: play the cursor card, confirm marked cards, or press the button the arrows chose (never a pass)."""
        seat = self.flow.my_turn()
        if seat is None:
            return
        if self.zone == "hand" and self.plan.verb:
            hand = self.query_one(HandView)
            if self.plan.multi:
                self.confirm_marked(seat, hand.chosen)
            else:
                hand.activate()
            return
        bar = self.query_one(ActionBar)
        index = bar.selected
        if index is not None and index < len(self.plan.items) and not self.plan.items[index].destructive:
            bar.pick(index)
            return
        self.action_enter_idle()

    def action_enter_idle(self) -> None:
        """Enter that presses nothing (no button chosen, or a pass): the log says what to press instead."""
        if self.flow.my_turn() is None:
            return
        index = self.query_one(ActionBar).selected
        if index is not None and index < len(self.plan.items):
            item = self.plan.items[index]
            self._tell(_("Enter does not {what}: press {key} for that.").format(
                what=verb_words(item.actions[0].verb, self._say, button=False), key=item.key))
            return
        keys = ", ".join(f"{it.key} {self.style_set.plain(it.label)}" for it in self.plan.items if it.key)
        self._tell(_("Enter chooses nothing yet: press a button's key ({keys}), or choose one with the arrows.")
                   .format(keys=keys))

    def _tell(self, text: str) -> None:
        """A word in the log on what a key did not do: the note that fits now, not again while it stays the same
        (a held Enter says it once)."""
        told = (self.flow.generation, text)
        if self.told_enter == told:
            return
        self.told_enter = told
        self.note(text, self.flow.viewer)

    def action_move(self, delta: int) -> None:
        """Move the cursor in the hand or among the buttons."""
        if self.zone == "hand":
            self.query_one(HandView).move(delta)
        else:
            self.query_one(ActionBar).move(delta)
        self._enter_words(changed_only=True)

    def action_zone(self, zone: str) -> None:
        """Switch to the hand or to the buttons, where there is something to do."""
        if zone == "hand" and not self.plan.card_verbs:
            return
        if zone == "actions" and not self.plan.items:
            return
        self.zone = zone
        bar = self.query_one(ActionBar)
        bar.active = self.flow.my_turn() is not None and zone == "actions"
        bar.refresh()
        self._enter_words()

    def action_switch_zone(self) -> None:
        """Tab: the other zone."""
        self.action_zone("actions" if self.zone == "hand" else "hand")

    def action_mark(self) -> None:
        """Space: mark the cursor card for a several-card action."""
        self.query_one(HandView).toggle()

    def action_partner(self) -> None:
        """Who may be the secret partner, judged from the shown seat's view only (``screens.partner``)."""
        viewer = self.flow.viewer
        if viewer is not None and not show_partner(self.app, self.session.game, self.session.view(viewer), self._say,
                                                   self.session.names):
            self.note(_("No card names a secret partner yet."), viewer)

    def action_press_key(self, key: str) -> None:
        """A card's key plays it (or marks it, for a several-card action); a button's key presses it; a greyed-out
        button's key only says why it is not open yet."""
        if self.flow.my_turn() is None:
            return
        card = self.plan.card_for_key(key)
        hand = self.query_one(HandView)
        if card is not None:
            if self.plan.multi:
                hand.toggle(card)
            else:
                hand.pick(hand.cards.index(card))
                hand.activate()
            return
        item = self.plan.item_for_key(key)
        if item is not None:
            self.query_one(ActionBar).pick(item)
            return
        later = self.plan.not_yet_for_key(key)
        if later is not None:
            self._tell(self.style_set.plain(later.label))

    @on(NotYetPicked)
    def not_yet_picked(self, message: NotYetPicked) -> None:
        """A click on a greyed-out button does nothing but say why it is not open yet."""
        if self.flow.my_turn() is not None and 0 <= message.index < len(self.plan.not_yet):
            self._tell(self.style_set.plain(self.plan.not_yet[message.index].label))
