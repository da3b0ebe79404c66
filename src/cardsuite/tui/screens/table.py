"""The table screen: the mediator between a ``TableSession`` and the widgets.

It decides what happens next (a CPU move in a thread worker, a hand-off cover, a person's turn, the end
of a deal), draws everything a person sees from that person's view only (``planning`` says what the seat
may do, ``layout`` draws the table, ``reports`` the pages), and turns what the widgets report into actions
sent through the session. The key bar shows only what the seat may do now (``check_action``), and the
keymap page is built from the bindings, so each key is written once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static
from textual.worker import get_current_worker

from ...cards import Card, card_text
from ...core.errors import CardsuiteError
from ...core.game import Action, Bot, View
from ...core.message import N_, Message
from ...core.presentation import Outcome
from ...i18n import _, current_language, game_words, pgettext
from ...naming import name_seats
from ..layout import capacity
from ..messages import CardChosen, CardsSubmitted, CpuChose, HintReady, ItemPicked
from ..planning import Item, Plan, plan, prompt_text, verb_words
from ..render import Display
from ..reports import deal_page, last_trick_page, match_page, scoreboard
from ..seating import table_model
from ..session import TableSession
from ..widgets.actions import ActionBar
from ..widgets.hand import HandView
from ..widgets.panels import EventLog, TopBar
from ..widgets.table import TableView
from ..words import translate_bindings
from .modals import ChoiceScreen, HandoffScreen, MatchOverScreen, MenuScreen, RulesScreen, TextScreen

MIN_WIDTH, MIN_HEIGHT = 80, 24
TAKE_BACK_WINDOW = 1.0  # seconds a CPU waits after a person's retractable action (unless CPUs are instant)
DIGIT_SECONDS = 0.8  # a second digit typed within this time makes a two-digit card number
ITEM_LETTERS = "bcefgijklmnopvwxyz"  # letters a game may use as action mnemonics (the rest are the table's)


def _binding(keys: str, action: str, description: str, help_text: str, show: bool = True,
             key_display: str | None = None) -> Binding:
    return Binding(keys, action, description, show=show, tooltip=help_text, key_display=key_display)


class TableScreen(Screen[None]):
    """One table: shows the viewer's view and mediates every move."""

    BINDINGS: ClassVar[list[BindingType]] = [
        _binding("enter", "enter", N_("Play"), N_("play the card under the cursor, press the button, or confirm "
                                                  "marked cards"), key_display=N_("Enter")),
        _binding("space", "mark", N_("Mark"), N_("mark a card for an action of several cards (then Enter)"),
                 key_display=N_("Space")),
        _binding("backspace", "take_back", N_("Take back"), N_("take back your bid or trump choice before the "
                 "next player acts (not counted as help)"), key_display=N_("Bksp")),
        _binding("u", "undo", N_("Undo"), N_("undo back to your previous decision (one person against CPUs; the "
                 "match is then marked assisted)")),
        _binding("h", "hint", N_("Hint"), N_("a hint from the strongest CPU, with its reason (only you see it)")),
        _binding("t", "last_trick", N_("Trick"), N_("the last trick, its winner and why")),
        _binding("s", "scores", N_("Scores"), N_("the scoreboard, deal by deal"), show=False),
        _binding("c", "cpu_seat", N_("CPU"), N_("hand your seat to a CPU; press again to take it back"), show=False),
        _binding("r", "rules", N_("Rules"), N_("how to play this game, on one screen (f there: the full rules)")),
        _binding("question_mark", "keymap", N_("Keys"), N_("this list of keys"), key_display="?"),
        _binding("q", "menu", N_("Menu"), N_("the menu: rules, scores, keys, CPU seat, abandon or quit")),
        _binding("left,a,comma", "move(-1)", N_("Left"), N_("move between cards (or buttons)"), show=False,
                 key_display=N_("Left a ,")),
        _binding("right,d,full_stop", "move(1)", N_("Right"), N_("move between cards (or buttons)"), show=False,
                 key_display=N_("Right d .")),
        _binding("up", "zone('actions')", N_("Buttons"), N_("go to the buttons"), show=False, key_display=N_("Up")),
        _binding("down", "zone('hand')", N_("Hand"), N_("go to your hand"), show=False, key_display=N_("Down")),
        _binding("tab", "switch_zone", N_("Switch"), N_("switch between your hand and the buttons"), show=False,
                 key_display=N_("Tab")),
        *(Binding(key, f"digit('{key}')", show=False) for key in "1234567890"),
        *(Binding(key, f"item_key('{key}')", show=False) for key in ITEM_LETTERS),
    ]
    RESERVED_KEYS = frozenset("adhutscrq0")

    def __init__(self, session: TableSession, style: Display) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session
        self.style_set = style.with_words(session.game.ascii_words(), game_words(session.game))
        people = session.people
        self.viewer: int | None = people[0] if len(people) == 1 else (0 if not people else None)
        self.awaiting: int | None = None
        self.generation = 0
        self.cpu_seat: int | None = None
        self.plan: Plan = Plan()
        self.zone = "hand"
        self.deadline: float | None = None
        self.ticker: Timer | None = None
        self.finished = False
        self.handoffs = 0
        self.shown_outcome = 0
        self.flash: Outcome | None = None
        self.flash_timer: Timer | None = None
        self.wait_until = 0.0
        self.digits = ""
        self.digit_time = 0.0

    # -- compatibility for callers and tests --------------------------------------------------------
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
        with Horizontal(id="body"):
            yield TableView(id="table")
            with Vertical(id="side"):
                yield Static(id="facts")
                log = EventLog(self.style_set.ascii, id="log")
                log.can_focus = False
                yield log
        with Horizontal(id="controls"):
            yield Static(id="prompt")
            yield ActionBar(id="actions")
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
        large = width >= 110 and height >= 36
        self.set_class(large, "-large")
        hand = self.query_one(HandView)
        hand.size_rows = 5 if large else 3
        hand.refresh()

    # -- the flow -----------------------------------------------------------------------------------
    def advance(self) -> None:
        """Decide what happens next: a CPU move, a hand-off, a person's turn, or the end of the deal."""
        self._stop_timer()
        self.awaiting = None
        if self.finished:
            return
        self._catch_outcome()
        session = self.session
        turn = session.next_turn()
        if turn.kind == "over":
            self.refresh_table()
            if self.flash is not None:
                return  # the end of the deal shows when the last trick has been seen
            self.show_deal_over()
            return
        if turn.kind == "cpu":
            self.refresh_table()
            self.start_cpu(turn.seat)
            return
        if turn.kind == "remote":
            self.refresh_table()
            return
        seat = turn.seat
        if seat != self.viewer and (self.viewer is not None or len(session.people) > 1):
            self.viewer = None
            self.refresh_table()
            self.handoffs += 1
            last = self._last_actor()
            can_take_back = last is not None and session.can_take_back(last)
            name = session.names[seat]
            self.app.push_screen(HandoffScreen(self.style_set.plain(name), take_back=(
                self.style_set.plain(session.names[last]) if can_take_back and last is not None else None)),
                callback=lambda answer: self._after_handoff(seat, answer))
            return
        self.begin_turn(seat)

    def _after_handoff(self, seat: int, answer: str | None) -> None:
        if answer == "take_back":
            last = self._last_actor()
            if last is not None and self.session.take_back(last):
                self.generation += 1
                self.viewer = last
                self.note(_("{name} took back their last action.").format(name=self.session.names[last]))
                self.advance()
                return
        self.begin_turn(seat)

    def _last_actor(self) -> int | None:
        for seat in self.session.people:
            if self.session.can_take_back(seat):
                return seat
        return None

    def begin_turn(self, seat: int) -> None:
        """The person of ``seat`` is at the screen and must act."""
        turn = self.session.next_turn()
        if turn.kind != "human" or turn.seat != seat:
            self.advance()
            return
        self.viewer = seat
        self.awaiting = seat
        self.refresh_table()
        view = self.session.view(seat)
        forced_card = len(view.legal) == 1 and len(self.plan.cards_of.get(view.legal[0], ())) == 1
        if self.session.config.auto_play and forced_card:
            forced = view.legal[0]
            self.note(_("{name} must play {action}: played automatically").format(
                name=self.session.names[seat], action=self.plan.label(forced)))
            self.call_later(self.perform, seat, forced)
            return
        self._start_timer()
        self._maybe_introduce()

    def perform(self, seat: int, action: Action) -> bool:
        """Send ``action`` through the session; a refusal goes to the log with the rule's reason."""
        if self.finished:
            return False
        self.digits = ""
        look = self.plan.looks.get(action)
        try:
            self.session.submit(seat, action)
        except CardsuiteError as exc:
            self.note(_("Not allowed: {reason}").format(reason=self._reason(exc)), seat)
            self.refresh_table()
            return False
        self.generation += 1
        if look is not None and look.retractable and seat in self.session.people and self.session.config.cpu_delay:
            self.wait_until = time.monotonic() + TAKE_BACK_WINDOW
        self.advance()
        return True

    # -- the finished trick, shown for a moment ------------------------------------------------------
    def _flash_seconds(self) -> float:
        delay = self.session.config.cpu_delay
        return 0.0 if delay <= 0 else min(2.0, max(0.6, delay * 2))

    def _catch_outcome(self) -> None:
        """A trick (or round) just finished: show its cards, winner and reason for a moment."""
        if self.viewer is None and len(self.session.people) > 1:
            return
        seat = self.viewer if self.viewer is not None else 0
        try:
            outcome = self.session.game.outcome(self.session.view(seat))
        except Exception:  # a presentation hook must not close the table
            outcome = None
        number = outcome.number if outcome is not None else 0
        if outcome is None or number <= self.shown_outcome:
            self.shown_outcome = number if outcome is not None else self.shown_outcome
            return
        self.shown_outcome = number
        seconds = self._flash_seconds()
        if seconds <= 0:
            return
        self.flash = outcome
        if self.flash_timer is not None:
            self.flash_timer.stop()
        self.flash_timer = self.set_timer(seconds, self._end_flash)

    def _end_flash(self) -> None:
        if self.flash is None:
            return
        self.flash = None
        if self.flash_timer is not None:
            self.flash_timer.stop()
        self.flash_timer = None
        self.refresh_table()
        if self.session.deal_over and not self.finished and self.awaiting is None and self.cpu_seat is None:
            self.show_deal_over()
        elif self.cpu_seat is None and self.awaiting is None and not self.finished:
            self.advance()

    def on_key(self, event: events.Key) -> None:
        """Any key ends the moment a finished trick is shown."""
        if self.flash is not None:
            self._end_flash()

    # -- CPU moves ----------------------------------------------------------------------------------
    def start_cpu(self, seat: int, level: str | None = None, why: str | None = None) -> None:
        """Let a CPU choose for ``seat`` in a thread worker (the screen stays live)."""
        move = self.session.cpu_move(seat, level)
        if move is None:
            return
        self.cpu_seat = seat
        delay = 0.0 if why else self.session.config.cpu_delay
        wake = max(time.monotonic() + delay, self.wait_until if delay else 0.0)
        if self.flash is not None:
            wake = max(wake, time.monotonic() + self._flash_seconds())
        self.cpu_worker(seat, move.bot, move.view, move.rng, self.generation, wake, why)

    @work(thread=True, exclusive=True, group="cpu")
    def cpu_worker(self, seat: int, bot: Bot, view: View, rng: object, generation: int, wake: float,
                   why: str | None) -> None:
        """Think (after the speed delay) and post the choice back; a failing bot falls back to a legal move."""
        worker = get_current_worker()
        while time.monotonic() < wake:
            if worker.is_cancelled or generation != self.generation or self.finished:
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
        if message.generation != self.generation or message.seat != self.cpu_seat:
            return
        self.cpu_seat = None
        if message.note:
            self.note(message.note)
        if not self.perform(message.seat, message.action) and not self.finished:
            legal = self.session.view(message.seat).legal
            if legal:  # a CPU's refused move must not stall the table
                self.note(_("{name}'s CPU chose {refused}; it plays {action}").format(
                    name=self.session.names[message.seat], refused=message.action, action=legal[0]))
                self.perform(message.seat, legal[0])

    @property
    def cpu_thinking(self) -> bool:
        """Whether a CPU move is on its way."""
        return self.cpu_seat is not None

    # -- the timer ----------------------------------------------------------------------------------
    def _timer_seconds(self) -> float:
        override = self.session.config.timer_seconds
        if override is not None:
            return override
        value = self.session.view(self.awaiting or 0).options.get("turn_timer", 0)
        return float(value) if isinstance(value, int) and not isinstance(value, bool) else 0.0

    def _start_timer(self) -> None:
        seconds = self._timer_seconds()
        if seconds <= 0 or self.awaiting is None:
            return
        self.deadline = time.monotonic() + seconds
        self.ticker = self.set_interval(min(1.0, seconds / 4), self._tick)
        self._show_top(self._shown_view())

    def _stop_timer(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
        self.ticker = None
        self.deadline = None

    def _tick(self) -> None:
        if self.deadline is None:
            return
        if time.monotonic() < self.deadline:
            self._show_top(self._shown_view())
            return
        seat = self.awaiting
        self._stop_timer()
        if seat is None:
            return
        self.awaiting = None
        name = self.session.names[seat]
        self.start_cpu(seat, self.session.best_level, _("time is up: the CPU played {name}'s turn").format(name=name))
        self.refresh_table()

    # -- showing ------------------------------------------------------------------------------------
    def note(self, text: str, seat: int | None = None) -> None:
        """A message in the log (for one seat, or everyone)."""
        self.session.note(text, seat)
        self._show_log()

    def _say(self, text: str | Message) -> str:
        """A game's message or message id in the viewer's language, with the seats' names."""
        return self.style_set.say(text, self.session.names)

    def _reason(self, error: Exception) -> str:
        """Why an action was refused, in the viewer's language where the error carries a message."""
        message = getattr(error, "message", None)
        if isinstance(message, Message):
            return self._say(message)
        return name_seats(str(error), self.session.names)

    def _label(self, action: Action) -> str:
        return self.style_set.plain(self.plan.label(action))

    def _show_log(self) -> None:
        self.query_one(EventLog).show(self.session.log_lines(self.viewer))

    def _show_top(self, view: View | None = None) -> None:
        session = self.session
        parts = [self.style_set.say(session.game.info.title), session.deal_text()]
        if view is not None:
            contract = view.table.get("contract_text", "")
            if isinstance(contract, Message):
                parts.append(self.style_set.say(contract, session.names))
            elif contract:
                parts.append(name_seats(str(contract), session.names))
        if self.deadline is not None:
            parts.append(_("timer {seconds} s").format(seconds=max(0, int(self.deadline - time.monotonic() + 0.999))))
        if session.assisted:
            parts.append(_("assisted"))
        self.query_one(TopBar).show(parts, self.style_set.ascii)

    def deal_text(self) -> str:
        """``deal k / N`` (see ``TableSession.deal_text``)."""
        return self.session.deal_text()

    def _shown_view(self) -> View | None:
        """The view drawn now: the viewer's, or the public one between hot-seat turns (never a hand)."""
        if self.viewer is not None:
            return self.session.view(self.viewer)
        return self.session.public_view()

    def refresh_table(self) -> None:
        """Redraw every widget from the viewer's view (or hide all that is private)."""
        session = self.session
        hand = self.query_one(HandView)
        actions = self.query_one(ActionBar)
        prompt = self.query_one("#prompt", Static)
        view = self._shown_view()
        self._show_top(view)
        self._show_log()
        self._show_table(view)
        if self.viewer is None:
            hand.hide(_("Cards are hidden until the next person is at the screen."))
            actions.show((), False)
            prompt.update("")
            self.plan = Plan()
            self.refresh_bindings()
            return
        assert view is not None
        my_turn = self.awaiting == self.viewer and self.cpu_seat is None
        self.plan = plan(session.game, view if my_turn else None, self.RESERVED_KEYS, self.plan.verb, self._say)
        if not self.plan.card_verbs and self.plan.items:
            self.zone = "actions"
        elif self.plan.card_verbs and not self.plan.items:
            self.zone = "hand"
        labels = tuple(self.style_set.plain(f"{it.key} {it.label}" if it.key else it.label) for it in self.plan.items)
        actions.show(labels, my_turn and self.zone == "actions")
        try:
            groups = session.game.arrange_hand(view.hand, view)
        except Exception:  # a presentation hook must not close the table
            groups = (tuple(view.hand),)
        hand.show(groups, self.plan.legal_cards, self.plan.multi, my_turn and self.plan.verb is not None)
        prompt.update(self._prompt(view, my_turn))
        self.refresh_bindings()

    def _show_table(self, view: View | None) -> None:
        """The table in the middle; the game's lines that do not fit there go above the log."""
        table = self.query_one(TableView)
        facts = self.query_one("#facts", Static)
        model = table_model(view, self.session, self.style_set, self.viewer, self.flash) if view is not None else None
        overflow: tuple[Text, ...] = ()
        if model is not None:
            room = capacity(model, table.size.width, table.size.height) if table.size.height else len(model.lines)
            overflow = model.lines[room:]
            model = replace(model, lines=model.lines[:room])
        table.show(model)
        facts.set_class(bool(overflow), "-shown")
        facts.update(Text("\n").join(overflow), layout=True)

    def on_table_view_resized(self) -> None:  # pragma: no cover - called by the widget on resize
        """Refit the game's lines when the table's size changes."""
        if self.is_mounted:
            self._show_table(self._shown_view())

    def _prompt(self, view: View, my_turn: bool) -> Text:
        names = self.session.names
        if not my_turn:
            if self.cpu_seat is not None:
                return Text(self.style_set.plain(_("{name} is thinking…").format(name=names[self.cpu_seat])),
                            style="dim")
            waiting = pgettext("list separator", ", ").join(names[s] for s in sorted(view.to_act))
            return Text(self.style_set.plain(_("Waiting for {names}").format(names=waiting) if waiting else ""),
                        style="dim")
        return Text(self.style_set.plain(prompt_text(self.plan, names[view.seat], self._say)), style="bold")

    # -- which keys the seat may use now (the key bar shows only those) ------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the keys that do nothing now (undo for a hot-seat player, mark without a several-card action)."""
        mine = self._my_turn()
        if action == "enter":
            return mine is not None
        if action == "mark":
            return mine is not None and self.plan.multi
        if action == "undo":
            return self.viewer is not None and self.session.can_undo(self.viewer)
        if action == "take_back":
            return self.viewer is not None and self.session.can_take_back(self.viewer)
        if action == "hint":
            return mine is not None and self.session.can_hint(mine)
        if action == "cpu_seat":
            return self.viewer is not None and self.viewer in self.session.people
        if action == "last_trick":
            return self.viewer is not None
        return True

    # -- what the widgets report --------------------------------------------------------------------
    def _my_turn(self) -> int | None:
        return self.awaiting if self.awaiting is not None and self.awaiting == self.viewer else None

    @on(CardChosen)
    def card_chosen(self, message: CardChosen) -> None:
        """One card: the matching legal action, a choice among several, or the game's refusal."""
        seat = self._my_turn()
        if seat is None or self.plan.verb is None:
            return
        self._choose(seat, self.plan.matching((message.card,)), (message.card,))

    @on(CardsSubmitted)
    def cards_submitted(self, message: CardsSubmitted) -> None:
        """Marked cards: the legal action naming exactly those cards, or the game's refusal."""
        seat = self._my_turn()
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
            if index is not None and self._my_turn() == seat:
                self.perform(seat, actions[index])

        keys = [self.plan.looks[a].key or "" if a in self.plan.looks else "" for a in actions]
        self.app.push_screen(ChoiceScreen(self.style_set.plain(title), [self._label(a) for a in actions], keys),
                             callback=chosen)

    @on(ItemPicked)
    def item_picked(self, message: ItemPicked) -> None:
        """A button: do the action, open the list, or switch the hand to that card verb."""
        seat = self._my_turn()
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
    def action_enter(self) -> None:
        """Enter: play the cursor card, confirm marked cards, or press the selected button."""
        if self._my_turn() is None:
            return
        if self.zone == "hand" and self.plan.verb:
            self.query_one(HandView).activate()
        else:
            self.query_one(ActionBar).activate()

    def action_move(self, delta: int) -> None:
        """Move the cursor in the hand or among the buttons."""
        if self.zone == "hand":
            self.query_one(HandView).move(delta)
        else:
            self.query_one(ActionBar).move(delta)

    def action_zone(self, zone: str) -> None:
        """Switch to the hand or to the buttons, where there is something to do."""
        if zone == "hand" and not self.plan.card_verbs:
            return
        if zone == "actions" and not self.plan.items:
            return
        self.zone = zone
        self.query_one(ActionBar).active = self._my_turn() is not None and zone == "actions"
        self.query_one(ActionBar).move(0)

    def action_switch_zone(self) -> None:
        """Tab: the other zone."""
        self.action_zone("actions" if self.zone == "hand" else "hand")

    def action_mark(self) -> None:
        """Space: mark the cursor card for a several-card action."""
        self.query_one(HandView).toggle()

    def action_digit(self, key: str) -> None:
        """A number: the card with that number (two digits typed quickly: 10 to 13), or the button of that key."""
        item = self.plan.item_for_key(key)
        if item is not None and (self.zone == "actions" or not self.plan.card_verbs):
            if self._my_turn() is not None:
                self.query_one(ActionBar).pick(item)
            return
        hand = self.query_one(HandView)
        now = time.monotonic()
        typed = self.digits + key if now - self.digit_time < DIGIT_SECONDS and self.digits else key
        self.digit_time = now
        number = int(typed)
        if typed == "0":
            number = 10
        if 1 <= number <= len(hand.cards):
            self.digits = typed if number * 10 <= len(hand.cards) else ""
            hand.pick(number - 1)
            return
        self.digits = key
        if key != "0" and int(key) <= len(hand.cards):
            hand.pick(int(key) - 1)

    def action_item_key(self, key: str) -> None:
        """A letter: the button whose key it is (``p`` pass, ``m`` misère ...)."""
        if self._my_turn() is None:
            return
        item = self.plan.item_for_key(key)
        if item is not None:
            self.zone = "actions"
            self.query_one(ActionBar).pick(item)

    def action_hint(self) -> None:
        """Ask the strongest CPU what it would do here, and why."""
        seat = self._my_turn()
        if seat is None or not self.session.can_hint(seat):
            self.note(_("A hint is for the person to act."))
            return
        move = self.session.cpu_move(seat, self.session.best_level)
        if move is None:
            return
        self.session.count_hint(seat)
        self.hint_worker(seat, move.bot, move.view, self.generation)

    @work(thread=True, exclusive=True, group="hint")
    def hint_worker(self, seat: int, bot: Bot, view: View, generation: int) -> None:
        """Compute a hint off the screen's thread."""
        import random

        try:
            hint = bot.hint(view, random.Random(generation * 31 + seat))
        except Exception as exc:  # a hint is a nicety: a failing bot gives none, says so, and it is not counted
            self.app.call_from_thread(self.hint_failed, seat, f"{type(exc).__name__}: {exc}")
            return
        self.post_message(HintReady(seat, hint, generation))

    def hint_failed(self, seat: int, why: str) -> None:
        """Say that no hint came, and take it off the seat's count."""
        self.session.count_hint(seat, -1)
        self.note(_("No hint this time: the CPU failed ({error}); it is not counted.").format(error=why), seat)

    @on(HintReady)
    def hint_ready(self, message: HintReady) -> None:
        """Show the hint to its seat only, and put the cursor on its card."""
        if message.generation != self.generation or self._my_turn() != message.seat:
            return
        hint = message.hint
        reason = self._say(hint.reason) if isinstance(hint.reason, Message) else name_seats(hint.reason,
                                                                                             self.session.names)
        self.note(_("Hint: {action} — {reason}").format(action=self.plan.label(hint.action), reason=reason),
                  message.seat)
        cards = self.plan.cards_of.get(hint.action, ())
        hand = self.query_one(HandView)
        if len(cards) == 1 and cards[0] in hand.cards:
            hand.pick(hand.cards.index(cards[0]))

    def action_undo(self) -> None:
        """Back to just before your previous decision (against CPUs only); the match is then assisted."""
        session = self.session
        seat = self.viewer
        if seat is None or not session.can_undo(seat):
            self.note(_("Undo is only for one person playing against CPUs."))
            return
        if not session.undo(seat):
            self.note(_("Nothing to undo yet."), seat)
            return
        self.generation += 1
        self.cpu_seat = None
        self.flash = None
        self.shown_outcome = 0
        self.note(_("Undone: back to your previous decision (this match is now assisted)."), seat)
        self.advance()

    def action_take_back(self) -> None:
        """Take back your bid or trump choice before the next player acts (not counted as help)."""
        seat = self.viewer
        if seat is None or not self.session.take_back(seat):
            if seat is not None:
                self.note(_("There is nothing to take back now."), seat)
            return
        self.generation += 1
        self.cpu_seat = None
        self.wait_until = 0.0
        self.note(_("{name} took back their last action.").format(name=self.session.names[seat]))
        self.advance()

    def action_cpu_seat(self) -> None:
        """Hand your seat to the CPU, or take it back."""
        seat = self.viewer
        session = self.session
        if seat is None or seat not in session.people:
            return
        name = session.names[seat]
        if not session.is_cpu(seat):
            session.set_control(seat, session.best_level)
            self.note(_("{name}'s seat is played by the CPU ({level}); press c to take it back.").format(
                name=name, level=session.best_level))
        else:
            session.set_control(seat, None)
            self.note(_("{name} takes the seat back.").format(name=name))
        self.generation += 1
        self.cpu_seat = None
        self.advance()

    def action_last_trick(self) -> None:
        """Show the last finished trick and who took it."""
        if self.viewer is None:
            return
        try:
            outcome = self.session.game.outcome(self.session.view(self.viewer))
        except Exception:  # a presentation hook must not close the table
            outcome = None
        self.app.push_screen(TextScreen(_("Last trick"), last_trick_page(outcome, self.session.names,
                                                                          self.style_set)))

    def action_scores(self) -> None:
        """The scoreboard: each deal's score changes and the totals."""
        session = self.session
        table = scoreboard(session.names, session.deal_scores(), session.totals, self.style_set)
        self.app.push_screen(TextScreen(_("Scoreboard"), table))

    def action_rules(self) -> None:
        """How to play this game, one screen (``f`` there opens the full rules)."""
        game = self.session.game
        page = game.how_to_play_for(self.session.options)
        self.app.push_screen(RulesScreen(self.style_set.say(page), self.style_set.ascii_only,
                                         title=_("How to play {game}").format(game=self.style_set.say(game.info.title)),
                                         full=self.style_set.plain(game.rules_markdown(current_language()))))

    def _maybe_introduce(self) -> None:
        """The first time a person plays this game, open its "how to play" page once."""
        introduce = getattr(self.app, "introduce", None)
        if callable(introduce) and introduce(self.session.game.info.name):
            self.action_rules()

    def key_help(self) -> Text:
        """Every key of the table, built from the bindings (each written once, with its help)."""
        rows: dict[str, list[str]] = {}
        order: list[str] = []
        for binding in self.BINDINGS:
            if not isinstance(binding, Binding) or not binding.tooltip:
                continue
            shown = _(binding.key_display) if binding.key_display else ", ".join(
                self.app.get_key_display(Binding(k.strip(), "")) for k in binding.key.split(","))
            tip = _(binding.tooltip)
            if tip not in rows:
                rows[tip] = []
                order.append(tip)
            rows[tip].append(shown)
        lines = [("1-9, 0, 10-13", _("put the cursor on that card (type two digits for 10 to 13)")),
                 (_("letters, digits"), _("on the buttons: press the button of that key (p pass, m misère ...)"))]
        lines += [(" / ".join(rows[t]), t) for t in order]
        width = max(cell_len(k) for k, _ in lines) + 2
        out = Text()
        for keys, words in lines:
            out.append(self.style_set.plain(keys) + " " * max(1, width - cell_len(keys)), style="bold")
            out.append(self.style_set.plain(words) + "\n")
        out.append(self.style_set.plain(_("Mouse")) + " " * max(1, width - cell_len(_("Mouse"))), style="bold")
        out.append(self.style_set.plain(_("click a card to play it, a button to press it")) + "\n")
        return out

    def action_keymap(self) -> None:
        """Every key of the table."""
        self.app.push_screen(TextScreen(_("Keys"), self.key_help()))

    def action_menu(self) -> None:
        """The menu: rules, scores, keys, CPU seat, quit."""
        entries = [("resume", _("Back to the table")), ("rules", _("How to play")), ("scores", _("Scoreboard")),
                   ("keymap", _("Keys")), ("cpu_seat", _("Hand my seat to the CPU / take it back")),
                   ("abandon", _("Abandon this match (delete its save)")),
                   ("quit", _("Quit this table (the match stays saved)"))]
        actions: dict[str, Callable[[], None]] = {
            "rules": self.action_rules, "scores": self.action_scores, "keymap": self.action_keymap,
            "cpu_seat": self.action_cpu_seat, "quit": self.quit_table, "abandon": self.abandon,
        }

        def chosen(key: str | None) -> None:
            if key in actions:
                actions[key]()

        self.app.push_screen(MenuScreen(entries), callback=chosen)

    def abandon(self) -> None:
        """Leave the table and delete its save (nothing goes into the history)."""
        self.session.abandon()
        self.quit_table()

    def quit_table(self, then: str = "leave") -> None:
        """Leave the table (the app decides where to: home, again, or exit)."""
        self.finished = True
        self.generation += 1
        self._stop_timer()
        self.workers.cancel_group(self, "cpu")
        leave = getattr(self.app, "table_finished", None)
        if callable(leave):
            leave(then)
        else:
            self.app.exit()

    # -- end of deal and match ----------------------------------------------------------------------
    def scoreboard(self) -> object:
        """Rows of score changes per deal, and the totals."""
        session = self.session
        return scoreboard(session.names, session.deal_scores(), session.totals, self.style_set)

    def show_deal_over(self) -> None:
        """What was bid, made or failed and why, with each score change; then the next deal or the end."""
        session = self.session
        report = session.deal_report()
        summary = report.summary.message or report.summary.text
        body = deal_page(session.names, summary, report.score_text, report.changes, report.totals,
                         session.assisted, self.style_set)
        title = _("Deal {number} is over").format(number=report.number)
        self.app.push_screen(TextScreen(title, body, classes="deal-over"), callback=lambda _: self._after_deal())

    def _after_deal(self) -> None:
        session = self.session
        if session.match_over:
            history_id = session.finish()
            body = self.match_over_body()
            if history_id is not None:
                body.append(self.style_set.plain(_("In the history as match {id} (cardsuite history, stats).").format(
                    id=history_id)), style="dim")
            self.app.push_screen(MatchOverScreen(body), callback=lambda then: self.quit_table(then or "leave"))
            return
        session.next_deal()
        self.shown_outcome = 0
        if len(session.people) > 1:
            self.viewer = None
        self.generation += 1
        self.advance()

    def match_over_body(self) -> Text:
        """Standings (winner or tied), and a chart of each seat's running total deal by deal."""
        session = self.session
        return match_page(session.names, session.deal_scores(), session.totals, session.assisted, self.style_set)
