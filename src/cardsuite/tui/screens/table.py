"""The table screen: carries out the turn flow's steps and draws the viewer's view.

``TurnFlow`` (``tui/flow.py``) says what happens next; this screen does it (a CPU move in a thread worker,
a hand-off cover, a person's turn, the end of a deal), draws everything a person sees from that person's
view only (``planning`` says what the seat may do, ``seating`` and ``layout`` draw the table), and turns
what the widgets report into actions sent through the session. The key bar shows only what the seat may do
now (``check_action``), and the keymap page is built from the bindings, so each key is written once. Each
seat's block has a line for the session's ``seat_status`` and the screen a status line (``status_lines``):
an online table says there who is connected.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Footer, Static
from textual.worker import get_current_worker

from ...cards import Card, card_text
from ...core.errors import CardsuiteError
from ...core.game import Action, Bot, View
from ...core.message import N_, Wording
from ...i18n import _, active, pgettext
from ...i18n.reasons import words_of
from ..flow import Step
from ..layout import capacity
from ..messages import CardChosen, CardsSubmitted, CpuChose, ItemPicked
from ..planning import TABLE_KEYS, Item, Plan, plan, prompt_text, verb_words
from ..render import Display
from ..seating import status_text, table_model, top_parts
from ..session import TableSession
from ..widgets.actions import ActionBar
from ..widgets.hand import HandView
from ..widgets.panels import EventLog, TopBar
from ..widgets.table import TableView
from .modals import ChoiceScreen, ConfirmScreen, HandoffScreen
from .table_pages import TablePages

MIN_WIDTH, MIN_HEIGHT = 80, 24
FREE_KEYS = "1234567890" + "".join(c for c in "abcdefghijklmnopqrstuvwxyz" if c not in TABLE_KEYS)
"""Keys a card or a button of a phase may have (the table's own letters are never theirs)."""


def _binding(keys: str, action: str, description: str, help_text: str, show: bool = True,
             key_display: str | None = None) -> Binding:
    return Binding(keys, action, description, show=show, tooltip=help_text, key_display=key_display)


class TableScreen(TablePages):
    """One table: shows the viewer's view and mediates every move."""

    BINDINGS: ClassVar[list[BindingType]] = [
        _binding("enter", "enter", N_("Play"), N_("what the key bar says: play the card under the cursor, confirm "
                                                  "the marked cards, or press the button the arrows chose "
                                                  "(never a pass)"), key_display=N_("Enter")),
        Binding("enter", "enter_idle", show=False),  # Enter when it does nothing: say what would
        _binding("space", "mark", N_("Mark"), N_("mark the card under the cursor for an action of several cards "
                                                 "(then Enter)"), key_display=N_("Space")),
        _binding("backspace", "take_back", N_("Take back"), N_("take back your bid or trump choice before the "
                 "next player acts (not counted as help)"), key_display=N_("Bksp")),
        _binding("u", "undo", N_("Undo"), N_("undo back to your previous decision (one person against CPUs; the "
                 "match is then marked assisted)")),
        _binding("h", "hint", N_("Hint"), N_("a hint from the strongest CPU, with its reason (only you see it)")),
        _binding("t", "last_trick", N_("Trick"), N_("the last trick, its winner and why"), show=False),
        _binding("s", "scores", N_("Scores"), N_("the scoreboard, deal by deal"), show=False),
        _binding("c", "cpu_seat", N_("CPU"), N_("hand your seat to a CPU; press again to take it back"), show=False),
        _binding("r", "rules", N_("Rules"), N_("how to play this game, on one screen (f there: the full rules)"),
                 show=False),
        _binding("question_mark", "keymap", N_("Keys"), N_("this list of keys (f there: forced cards play "
                                                           "themselves, on or off)"), key_display="?"),
        _binding("q", "menu", N_("Menu"), N_("the menu: rules, scores, keys, CPU seat, abandon or quit")),
        _binding("left,a,comma", "move(-1)", N_("Left"), N_("move between cards (or buttons)"), show=False,
                 key_display=N_("Left a ,")),
        _binding("right,d,full_stop", "move(1)", N_("Right"), N_("move between cards (or buttons)"), show=False,
                 key_display=N_("Right d .")),
        _binding("up", "zone('actions')", N_("Buttons"), N_("go to the buttons"), show=False, key_display=N_("Up")),
        _binding("down", "zone('hand')", N_("Hand"), N_("go to your hand"), show=False, key_display=N_("Down")),
        _binding("tab", "switch_zone", N_("Switch"), N_("switch between your hand and the buttons"), show=False,
                 key_display=N_("Tab")),
        *(Binding(key, f"press_key('{key}')", show=False) for key in FREE_KEYS),
    ]
    RESERVED_KEYS = TABLE_KEYS

    def __init__(self, session: TableSession, style: Display) -> None:
        super().__init__(session, style)
        self.zone = "hand"
        self.ticker: Timer | None = None
        self.flash_timer: Timer | None = None
        self.flash_for = 0.0
        self.forced_timer: Timer | None = None
        self.told_enter = -1
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
        yield TopBar(id="top")
        yield Static(id="status")
        with Horizontal(id="body"):
            yield TableView(id="table")
            with Vertical(id="side"):
                yield Static(id="facts")
                log = EventLog(self.style_set.ascii, id="log")
                log.can_focus = False
                yield log
        yield ActionBar(id="controls")
        yield HandView(self.style_set.faces, id="hand")
        yield Static(
            self.style_set.plain(_("The terminal is too small: the table needs at least {width}×{height}. Make the "
                                   "window larger (q opens the menu).").format(width=MIN_WIDTH, height=MIN_HEIGHT)),
            id="too-small",
        )
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """Start the first turn (after the "how to play" page on a first play of this game)."""
        self._fit(self.app.size.width, self.app.size.height)
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        """Say so clearly when the terminal is too small; larger faces when it is large."""
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        self.set_class(width < MIN_WIDTH or height < MIN_HEIGHT, "-small")
        huge = width >= 120 and height >= 40
        large = width >= 100 and height >= 32 and not huge
        self.set_class(large, "-large")
        self.set_class(huge, "-huge")
        hand = self.query_one(HandView)
        hand.size_rows = 7 if huge else (5 if large else 3)
        hand.refresh()

    # -- the flow -----------------------------------------------------------------------------------
    def advance(self) -> None:
        """Take the flow's next step: a CPU move, a hand-off, a person's turn, or the end of the deal."""
        self._stop_ticker()
        step = self.flow.step()
        self._watch_flash()
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
            self._handoff(step)
        else:
            self.begin_turn(step.seat)

    def _handoff(self, step: Step) -> None:
        session = self.session
        self.refresh_table()
        self.handoffs += 1
        taker = step.take_back
        self.app.push_screen(HandoffScreen(self.style_set.plain(session.names[step.seat]), take_back=(
            self.style_set.plain(session.names[taker]) if taker is not None else None)),
            callback=lambda answer: self._after_handoff(step.seat, answer))

    def _after_handoff(self, seat: int, answer: str | None) -> None:
        if answer == "take_back":
            last = self.flow.last_actor()
            if last is not None and self.session.take_back(last):
                self.flow.moved_on()
                self.flow.viewer = last
                self.note(_("{name} took back their last action.").format(name=self.session.names[last]))
                self.advance()
                return
        self.begin_turn(seat)

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
            self.note(_("{name} must play {action}: played automatically").format(
                name=self.session.names[seat], action=self.plan.label(forced)))
            wait = step.wake - time.monotonic() if self.session.config.cpu_delay else 0.0
            if wait > 0.01:
                self.forced_timer = self.set_timer(wait, lambda: self._play_forced(seat, forced, generation))
                self.refresh_table()
            else:  # instant CPUs: no pause
                self.call_later(self._play_forced, seat, forced, generation)
            return
        if self.flow.start_timer() > 0:
            self.ticker = self.set_interval(min(1.0, self.flow.timer_seconds() / 4), self._tick)
            self._show_top(self.flow.shown_view())
        self.maybe_introduce()

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

    # -- the finished trick, shown for a moment ------------------------------------------------------
    def _watch_flash(self) -> None:
        """A trick the flow just put on show: gather it when its moment is over."""
        if self.flow.flash is None or self.flash_for == self.flow.flash_until:
            return
        if self.flash_timer is not None:
            self.flash_timer.stop()
        self.flash_for = self.flow.flash_until
        self.flash_timer = self.set_timer(max(0.0, self.flow.flash_until - time.monotonic()), self._end_flash)

    def _end_flash(self) -> None:
        if self.flash_timer is not None:
            self.flash_timer.stop()
        self.flash_timer = None
        self.flash_for = 0.0
        if not self.flow.end_flash():
            return
        self.refresh_table()
        flow = self.flow
        if self.session.deal_over and flow.idle:
            self.show_deal_over()
        elif flow.idle:
            self.advance()

    def on_key(self, event: events.Key) -> None:
        """Any key ends the moment a finished trick is shown."""
        if self.flow.flash is not None:
            self._end_flash()

    # -- CPU moves ----------------------------------------------------------------------------------
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

    # -- the timer ----------------------------------------------------------------------------------
    def _stop_ticker(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
        self.ticker = None

    def _tick(self) -> None:
        seat = self.flow.time_up()
        if seat is None:
            if self.flow.deadline is not None:
                self._show_top(self.flow.shown_view())
            return
        self._stop_ticker()
        name = self.session.names[seat]
        self.start_cpu(seat, self.session.best_level, _("time is up: the CPU played {name}'s turn").format(name=name))
        self.refresh_table()

    # -- showing ------------------------------------------------------------------------------------
    def show_log(self) -> None:
        """The event log of the viewer's seat."""
        self.query_one(EventLog).show(self.session.log_lines(self.flow.viewer))

    def _show_top(self, view: View | None = None) -> None:
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
        """Redraw every widget from the viewer's view (or hide all that is private)."""
        session = self.session
        flow = self.flow
        hand = self.query_one(HandView)
        actions = self.query_one(ActionBar)
        view = flow.shown_view()
        self._show_top(view)
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
        actions.show(labels, my_turn and self.zone == "actions", self._prompt(view, my_turn))
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
        """Hide the keys that do nothing now (undo for a hot-seat player, mark without a several-card action)."""
        mine = self.flow.my_turn()
        viewer = self.flow.viewer
        if action == "enter":
            return mine is not None and self._enter_does() is not None
        if action == "enter_idle":
            return mine is not None
        if action == "mark":
            return mine is not None and self.plan.multi
        if action == "undo":
            return viewer is not None and self.session.can_undo(viewer)
        if action == "take_back":
            return viewer is not None and self.session.can_take_back(viewer)
        if action == "hint":
            return mine is not None and self.session.can_hint(mine)
        if action == "cpu_seat":
            return viewer is not None and viewer in self.session.people
        if action == "last_trick":
            return viewer is not None
        return True

    # -- what the widgets report --------------------------------------------------------------------
    @on(CardChosen)
    def card_chosen(self, message: CardChosen) -> None:
        """One card: the matching legal action, a choice among several, or the game's refusal."""
        seat = self.flow.my_turn()
        if seat is None or self.plan.verb is None:
            return
        self._choose(seat, self.plan.matching((message.card,)), (message.card,))

    @on(CardsSubmitted)
    def cards_submitted(self, message: CardsSubmitted) -> None:
        """Marked cards: the legal action naming exactly those cards, or the game's refusal."""
        seat = self.flow.my_turn()
        if seat is None or self.plan.verb is None:
            return
        self._choose(seat, self.plan.matching(message.cards), message.cards)

    def _choose(self, seat: int, matches: list[Action], cards: tuple[Card, ...]) -> None:
        verb = self.plan.verb or ""
        if len(matches) == 1:
            self.perform(seat, matches[0])
        elif matches:
            self._pick_from(seat, _("{verb}: which one?").format(verb=verb_words(verb, self._say)), matches)
        else:
            text = " ".join([verb, *(card_text(c) for c in cards)])
            try:
                action = self.session.game.parse_action(text)
            except CardsuiteError as exc:
                self.note(_("Not allowed: {reason}").format(reason=self._reason(exc)), seat)
                return
            self.perform(seat, action)

    def _pick_from(self, seat: int, title: str, actions: list[Action] | tuple[Action, ...]) -> None:
        def chosen(index: int | None) -> None:
            if index is not None and self.flow.my_turn() == seat:
                self.perform(seat, actions[index])

        keys = [self.plan.looks[a].key or "" if a in self.plan.looks else "" for a in actions]
        searches = [self._search_words(a) for a in actions]
        self.app.push_screen(ChoiceScreen(self.style_set.plain(title), [self._label(a) for a in actions], keys,
                                          searches), callback=chosen)

    def _search_words(self, action: Action) -> str:
        """More words to find ``action`` by in a list: its cards' names, in the reader's language and in
        English, and their codes (``ace of spades AS 10S``)."""
        look = self.plan.looks.get(action)
        words: list[str] = []
        reader, english = Wording(active()), Wording()
        for card in look.cards if look is not None else ():
            words += [reader.card(card), english.card(card), card_text(card), card_text(card).replace("T", "10")]
        return self.style_set.plain(" ".join(words))

    @on(ItemPicked)
    def item_picked(self, message: ItemPicked) -> None:
        """A button: do the action, open the list, or switch the hand to that card verb."""
        seat = self.flow.my_turn()
        if seat is None or not 0 <= message.index < len(self.plan.items):
            return
        item = self.plan.items[message.index]
        if item.kind == "action":
            self.perform(seat, item.actions[0])
        elif item.kind == "list":
            self._pick_from(seat, _("{what}: choose").format(what=item.label), item.actions)
        else:
            self.plan = plan(self.session.game, self.session.view(seat), self.RESERVED_KEYS, item.verb, self._say)
            self.zone = "hand"
            self.refresh_table()

    # -- keys ---------------------------------------------------------------------------------------
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

    def _enter_words(self) -> None:
        """The key bar's word for Enter follows what it does now."""
        words = self._enter_does()
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
                self._confirm_marked(seat, hand.chosen)
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
        """A word in the log on what a key did not do (once per turn)."""
        if self.told_enter == self.flow.generation:
            return
        self.told_enter = self.flow.generation
        self.note(text, self.flow.viewer)

    def _confirm_marked(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Marked cards: a summary to confirm before they are applied (or why they cannot be)."""
        verb = self.plan.verb or ""
        matches = self.plan.matching(cards)
        if not cards:
            others = ", ".join(f"{it.key} {self.style_set.plain(it.label)}" for it in self.plan.items if it.key)
            text = _("Mark the cards to {verb} first (their keys).").format(verb=verb_words(verb, self._say, False))
            if others:
                text += " " + _("Or: {keys}.").format(keys=others)
            self.note(text, seat)
            return
        if len(matches) != 1:
            self._choose(seat, matches, cards)
            return
        action = matches[0]
        body = Text(self.style_set.plain(self.plan.label(action)))
        title = _("{verb} these {n} cards?").format(verb=verb_words(verb, self._say), n=len(cards))

        def answered(yes: bool | None) -> None:
            if yes and self.flow.my_turn() == seat:
                self.perform(seat, action)

        self.app.push_screen(ConfirmScreen(self.style_set.plain(title), body), callback=answered)

    def action_move(self, delta: int) -> None:
        """Move the cursor in the hand or among the buttons."""
        if self.zone == "hand":
            self.query_one(HandView).move(delta)
        else:
            self.query_one(ActionBar).move(delta)
        self._enter_words()

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

    def action_press_key(self, key: str) -> None:
        """A card's key plays it (or marks it, for a several-card action); a button's key presses it."""
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
