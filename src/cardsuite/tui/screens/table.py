"""The table screen: the mediator between the match (through the session) and the widgets.

It decides what happens next (a CPU move in a thread worker, a hand-off cover, a person's turn, the end
of a deal), builds everything it shows for a person from ``state.view(seat)`` of that person only, and
turns what the widgets report into actions sent through ``Match.act``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from ...cards import Card, card_text
from ...core.errors import CardsuiteError
from ...core.game import Action, Bot, View
from ...core.match import winners
from ...naming import name_seats
from ..messages import CardChosen, CardsSubmitted, CpuChose, HintReady, ItemPicked
from ..panels import game_lines
from ..render import Style, action_cards, rank_cards, running_totals, score_text, sparkline
from ..session import Session
from ..widgets.actions import ActionBar
from ..widgets.hand import HandView
from ..widgets.panels import EventLog, InfoPanel, SeatsPanel, TopBar, contract_line
from .modals import ChoiceScreen, HandoffScreen, MenuScreen, RulesScreen, TextScreen

MIN_WIDTH, MIN_HEIGHT = 80, 24


@dataclass(frozen=True)
class Item:
    """One button of the action bar: a single ``action``, a ``list`` of many, or a card ``verb``."""

    label: str
    kind: str
    actions: tuple[Action, ...]
    verb: str = ""


KEYMAP = """\
Left/Right, a/d, ,/.   move between cards (or buttons)
Up/Down, Tab           switch between your hand and the buttons
1-9, 0                 put the cursor on card 1..10 (on the buttons: press button n)
Enter                  play the card / press the button / confirm marked cards
Space                  mark a card (discard, exchange: several cards)
h                      hint from the strongest CPU, with its reason
u                      undo to your previous decision (only against CPUs; marks the match assisted)
t                      the last trick
s                      the scoreboard
c                      hand your seat to a CPU, and take it back
r                      the rules of this game
?                      this keymap
q                      the menu (rules, scores, quit)
Mouse                  click a card to play it, a button to press it
"""


class TableScreen(Screen[None]):
    """One table: shows the viewer's view and mediates every move."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "enter", "Play"),
        Binding("left,a,comma", "move(-1)", "Move", show=False),
        Binding("right,d,full_stop", "move(1)", "Move", show=False),
        Binding("up", "zone('actions')", "Buttons", show=False),
        Binding("down", "zone('hand')", "Hand", show=False),
        Binding("tab", "switch_zone", "Hand/buttons", show=False),
        Binding("space", "mark", "Mark", show=False),
        *(Binding(key, f"digit({i})", show=False) for i, key in enumerate("1234567890")),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("t", "last_trick", "Trick"),
        Binding("s", "scores", "Scores"),
        Binding("c", "cpu_seat", "CPU"),
        Binding("r", "rules", "Rules"),
        Binding("question_mark", "keymap", "Keys"),
        Binding("q", "menu", "Menu"),
    ]

    def __init__(self, session: Session, style: Style) -> None:
        super().__init__()
        self.session = session
        self.style_set = style
        people = session.people
        self.viewer: int | None = people[0] if len(people) == 1 else (0 if not people else None)
        self.awaiting: int | None = None
        self.generation = 0
        self.cpu_seat: int | None = None
        self.items: list[Item] = []
        self.card_verbs: dict[str, tuple[Action, ...]] = {}
        self.card_verb: str | None = None
        self.cards_of: dict[Action, tuple[Card, ...]] = {}
        self.zone = "hand"
        self.deadline: float | None = None
        self.ticker: Timer | None = None
        self.finished = False
        self.handoffs = 0

    # -- layout -------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TopBar(id="top")
        with Vertical(id="layout"):
            with Horizontal(id="body"):
                with Vertical(id="left"):
                    yield SeatsPanel(id="seats")
                    yield InfoPanel(id="info")
                log = EventLog(self.style_set, id="log")
                log.can_focus = False
                yield log
            yield Static(id="reveal")
            yield Static(id="prompt")
            yield ActionBar(id="actions")
            yield HandView(self.style_set, id="hand")
        yield Static(
            f"The terminal is too small: the table needs at least {MIN_WIDTH}×{MIN_HEIGHT}. "
            "Make the window larger (q opens the menu).",
            id="too-small",
        )
        yield Footer()

    def on_mount(self) -> None:
        """Start the first turn."""
        self._check_size(self.app.size.width, self.app.size.height)
        self.query_one(SeatsPanel).styles.height = self.session.match.players + 2
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        """Say so clearly when the terminal is too small for the table."""
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        self.set_class(width < MIN_WIDTH or height < MIN_HEIGHT, "-small")

    # -- the flow -----------------------------------------------------------------------------------
    def advance(self) -> None:
        """Decide what happens next: a CPU move, a hand-off, a person's turn, or the end of the deal."""
        self._stop_timer()
        self.awaiting = None
        if self.finished:
            return
        session = self.session
        turn = session.next_turn()
        if turn.kind == "over":
            self.refresh_table()
            self.show_deal_over()
            return
        if turn.kind == "cpu":
            self.refresh_table()
            level = session.control[turn.seat] or session.best_level
            self.start_cpu(turn.seat, level)
            return
        seat = turn.seat
        if seat != self.viewer and (self.viewer is not None or len(session.people) > 1):
            self.viewer = None
            self.refresh_table()
            self.handoffs += 1
            name = session.names[seat]
            self.app.push_screen(HandoffScreen(name), callback=lambda _: self.begin_turn(seat))
            return
        self.begin_turn(seat)

    def begin_turn(self, seat: int) -> None:
        """The person of ``seat`` is at the screen and must act."""
        if self.session.next_turn().seat != seat:
            self.advance()
            return
        self.viewer = seat
        self.awaiting = seat
        self.refresh_table()
        view = self.session.match.state.view(seat)
        if self.session.config.auto_play and len(view.legal) == 1 and view.legal[0].verb == "play":
            forced = view.legal[0]
            self.note(f"{self.session.names[seat]} must play {self._label(forced)}: played automatically")
            self.call_later(self.perform, seat, forced)
            return
        self._start_timer()

    def perform(self, seat: int, action: Action) -> bool:
        """Send ``action`` through the match; a refusal goes to the log with the rule's reason."""
        if self.finished:
            return False
        try:
            self.session.act(seat, action)
        except CardsuiteError as exc:
            self.note(f"Not allowed: {name_seats(str(exc), self.session.names)}", seat)
            self.refresh_table()
            return False
        self.generation += 1
        self.advance()
        return True

    # -- CPU moves ----------------------------------------------------------------------------------
    def start_cpu(self, seat: int, level: str, why: str | None = None) -> None:
        """Let a CPU of ``level`` choose for ``seat`` in a thread worker (the screen stays live)."""
        self.cpu_seat = seat
        view = self.session.match.state.view(seat)
        bot = self.session.bot(level)
        delay = 0.0 if why else self.session.config.cpu_delay
        self.cpu_worker(seat, bot, view, self.generation, delay, why)

    @work(thread=True, group="cpu")
    def cpu_worker(self, seat: int, bot: Bot, view: View, generation: int, delay: float, why: str | None) -> None:
        """Think (after the speed delay) and post the choice back; a failing bot falls back to a legal move."""
        wake = time.monotonic() + delay
        while time.monotonic() < wake:
            if generation != self.generation or self.finished:
                return  # the table moved on (undo, take-back, quit): this move is stale
            time.sleep(min(0.02, max(0.0, wake - time.monotonic())))
        rng = self.session.rngs[seat]
        try:
            action = bot.choose(view, rng)
        except Exception as exc:  # a broken bot must not end the game
            action = view.legal[0]
            why = f"the CPU failed ({type(exc).__name__}: {exc}); it played the first legal action"
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
            legal = self.session.match.state.legal_actions(message.seat)
            if legal:  # a CPU's refused move must not stall the table
                self.note(f"{self.session.names[message.seat]}'s CPU chose {message.action}; it plays {legal[0]}")
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
        value = self.session.options.get("turn_timer", 0)
        return float(value) if isinstance(value, int) and not isinstance(value, bool) else 0.0

    def _start_timer(self) -> None:
        seconds = self._timer_seconds()
        if seconds <= 0 or self.awaiting is None:
            return
        self.deadline = time.monotonic() + seconds
        self.ticker = self.set_interval(min(1.0, seconds / 4), self._tick)
        self._show_top()

    def _stop_timer(self) -> None:
        if self.ticker is not None:
            self.ticker.stop()
        self.ticker = None
        self.deadline = None

    def _tick(self) -> None:
        if self.deadline is None:
            return
        if time.monotonic() < self.deadline:
            self._show_top()
            return
        seat = self.awaiting
        self._stop_timer()
        if seat is None:
            return
        self.awaiting = None
        name = self.session.names[seat]
        self.start_cpu(seat, self.session.best_level, f"time is up: the CPU played {name}'s turn")
        self.refresh_table()

    # -- showing ------------------------------------------------------------------------------------
    def note(self, text: str, seat: int | None = None) -> None:
        """A message in the log (for one seat, or everyone)."""
        self.session.note(text, seat)
        self._show_log()

    def _label(self, action: Action) -> str:
        return self.style_set.plain(self.session.game.describe_action(action))

    def _show_log(self) -> None:
        self.query_one(EventLog).show(self.session.log_lines(self.viewer))

    def _show_top(self) -> None:
        session = self.session
        parts = [session.game.info.title, self.deal_text()]
        if self.viewer is not None:
            view = session.match.state.view(self.viewer)
            parts.append(contract_line(view, session.names, self.style_set))
            trump = view.table.get("trump")
            if isinstance(trump, int) and 0 <= trump < 4:
                parts.append(f"trumps {self.style_set.suit(trump)}")
        if self.deadline is not None:
            parts.append(f"timer {max(0, int(self.deadline - time.monotonic() + 0.999))} s")
        if session.assisted:
            parts.append("assisted")
        self.query_one(TopBar).show(parts)

    def deal_text(self) -> str:
        """``deal k / N`` from the game's ``match_length``; ``deal k, to T`` for a match played to a target."""
        session = self.session
        deal = len(session.match.logs)
        try:
            length = session.game.match_length(session.match.players, session.options)
        except Exception:  # a game's helper failing must not close the table
            length = None
        if length is not None:
            return f"deal {deal} / {length}" if deal <= length else f"deal {deal} ({length} + thrown in)"
        target = session.options.get("target")
        if isinstance(target, int | float) and not isinstance(target, bool):
            return f"deal {deal}, to {target}"
        return f"deal {deal}"

    def refresh_table(self) -> None:
        """Redraw every widget from the viewer's view (or hide all that is private)."""
        session = self.session
        hand = self.query_one(HandView)
        actions = self.query_one(ActionBar)
        prompt = self.query_one("#prompt", Static)
        self._show_top()
        self._show_log()
        if self.viewer is None:
            hand.hide("Cards are hidden until the next person is at the screen.")
            actions.show((), False)
            self.query_one(SeatsPanel).update("", layout=False)
            self.query_one(InfoPanel).update("", layout=False)
            self._show_reveal(None)
            prompt.update("", layout=False)
            self.items, self.card_verbs, self.card_verb = [], {}, None
            return
        view = session.match.state.view(self.viewer)
        self.query_one(SeatsPanel).show(view, session.names, session.match.totals, session.control, session.people)
        extra, skip = game_lines(view, session.match, session.names, self.style_set)
        self.query_one(InfoPanel).show(view, session.names, self.style_set, extra, skip)
        self._show_reveal(view)
        my_turn = self.awaiting == self.viewer and self.awaiting is not None
        self._plan(view if my_turn else None)
        verb_actions = self.card_verbs.get(self.card_verb or "", ())
        legal_cards = frozenset(c for a in verb_actions for c in self.cards_of[a])
        multi = any(len(self.cards_of[a]) != 1 for a in verb_actions)
        hand.show(view.hand, legal_cards, multi)
        if not self.card_verbs:
            self.zone = "actions"
        elif not self.items:
            self.zone = "hand"
        actions.show(tuple(i.label for i in self.items), my_turn and self.zone == "actions")
        prompt.update(self._prompt(view, my_turn, verb_actions, multi), layout=False)

    def reveal_text(self, view: View) -> Text | None:
        """The last simultaneous reveal the viewer saw (GOPS: each seat's card, then who took the prize).

        A simultaneous reveal is a run of ``reveal`` events, one for every seat; a single reveal (the
        Napoleon adjutant showing) is not one.
        """
        history = [e for e in view.history if e.seen_by(view.seat)]
        groups: list[tuple[int, int]] = []
        index = 0
        while index < len(history):
            end = index
            while end < len(history) and history[end].kind == "reveal":
                end += 1
            if end - index == view.players and len({e.seat for e in history[index:end]}) == view.players:
                groups.append((index, end))
            index = max(end, index + 1)
        if not groups:
            return None
        first, last = groups[-1]
        names = self.session.names
        out = Text(f"Round {len(groups)} revealed: ", style="bold")
        out.append("; ".join(self.style_set.plain(name_seats(e.text, names)) for e in history[first:last]))
        outcome = next((e for e in history[last:] if e.kind != "reveal" and e.visible_to is None), None)
        if outcome is not None:
            out.append(" → ")
            out.append(self.style_set.plain(name_seats(outcome.text, names)), style="bold")
        return out

    def _show_reveal(self, view: View | None) -> None:
        line = self.query_one("#reveal", Static)
        text = None if view is None else self.reveal_text(view)
        line.set_class(text is not None, "-shown")
        line.update(text or "", layout=False)

    def _plan(self, view: View | None) -> None:
        """Group the legal actions by verb: buttons for non-card actions, the hand for card actions."""
        self.items, self.card_verbs, self.cards_of = [], {}, {}
        if view is None:
            self.card_verb = None
            return
        hand = set(view.hand)
        groups: dict[str, list[Action]] = {}
        for action in view.legal:
            groups.setdefault(action.verb, []).append(action)
        for verb, actions in groups.items():
            cards = [action_cards(a) for a in actions]
            if verb == "play" and not any(cards):
                cards = rank_cards(actions, view.hand)  # GOPS: "play K" names the one king in the hand
            self.cards_of.update(zip(actions, cards, strict=True))
            if any(cards):
                if all(set(c) <= hand for c in cards):
                    self.card_verbs[verb] = tuple(actions)
                else:
                    self.items.append(Item(f"{verb}… ({len(actions)})", "list", tuple(actions), verb))
            elif len(actions) > 8:
                self.items.append(Item(f"{verb}… ({len(actions)})", "list", tuple(actions), verb))
            else:
                self.items.extend(Item(self._label(a), "action", (a,)) for a in actions)
        if len(self.card_verbs) > 1:
            for verb, choices in self.card_verbs.items():
                self.items.append(Item(f"{verb} (cards)", "verb", choices, verb))
        if self.card_verb not in self.card_verbs:
            self.card_verb = next(iter(self.card_verbs), None)

    def _prompt(self, view: View, my_turn: bool, verb_actions: tuple[Action, ...], multi: bool) -> Text:
        names = self.session.names
        if not my_turn:
            if self.cpu_seat is not None:
                return Text(f"{names[self.cpu_seat]} is thinking…", style="dim")
            waiting = ", ".join(names[s] for s in sorted(view.to_act))
            return Text(f"Waiting for {waiting}" if waiting else "", style="dim")
        if self.card_verb and multi:
            sizes = {len(self.cards_of[a]) for a in verb_actions}
            count = f"{sizes.pop()} " if len(sizes) == 1 else ""
            text = f"Your turn, {names[view.seat]}: mark {count}cards to {self.card_verb} (Space), then Enter"
        elif self.card_verb:
            text = f"Your turn, {names[view.seat]}: {self.card_verb} a card (number or arrows, Enter)"
        else:
            text = f"Your turn, {names[view.seat]}: choose (arrows and Enter, or a number)"
        return Text(text, style="bold")

    # -- what the widgets report --------------------------------------------------------------------
    def _my_turn(self) -> int | None:
        return self.awaiting if self.awaiting is not None and self.awaiting == self.viewer else None

    @on(CardChosen)
    def card_chosen(self, message: CardChosen) -> None:
        """One card: the matching legal action, a choice among several, or the game's refusal."""
        seat = self._my_turn()
        verb = self.card_verb
        if seat is None or verb is None:
            return
        matches = [a for a in self.card_verbs[verb] if self.cards_of[a] == (message.card,)]
        self._choose(seat, verb, matches, (message.card,))

    @on(CardsSubmitted)
    def cards_submitted(self, message: CardsSubmitted) -> None:
        """Marked cards: the legal action naming exactly those cards, or the game's refusal."""
        seat = self._my_turn()
        verb = self.card_verb
        if seat is None or verb is None:
            return
        wanted = sorted(message.cards)
        matches = [a for a in self.card_verbs[verb] if sorted(self.cards_of[a]) == wanted]
        self._choose(seat, verb, matches, message.cards)

    def _choose(self, seat: int, verb: str, matches: list[Action], cards: tuple[Card, ...]) -> None:
        if len(matches) == 1:
            self.perform(seat, matches[0])
        elif matches:
            self._pick_from(seat, f"{verb}: which one?", matches)
        else:
            text = " ".join([verb, *(card_text(c) for c in cards)])
            try:
                action = self.session.game.parse_action(text)
            except CardsuiteError as exc:
                self.note(f"Not allowed: {exc}", seat)
                return
            self.perform(seat, action)

    def _pick_from(self, seat: int, title: str, actions: list[Action] | tuple[Action, ...]) -> None:
        def chosen(index: int | None) -> None:
            if index is not None and self._my_turn() == seat:
                self.perform(seat, actions[index])

        self.app.push_screen(ChoiceScreen(title, [self._label(a) for a in actions]), callback=chosen)

    @on(ItemPicked)
    def item_picked(self, message: ItemPicked) -> None:
        """A button: do the action, open the list, or switch the hand to that card verb."""
        seat = self._my_turn()
        if seat is None or not 0 <= message.index < len(self.items):
            return
        item = self.items[message.index]
        if item.kind == "action":
            self.perform(seat, item.actions[0])
        elif item.kind == "list":
            self._pick_from(seat, f"{item.verb}: choose", item.actions)
        else:
            self.card_verb = item.verb
            self.zone = "hand"
            self.refresh_table()

    # -- keys ---------------------------------------------------------------------------------------
    def action_enter(self) -> None:
        """Enter: play the cursor card, confirm marked cards, or press the selected button."""
        if self._my_turn() is None:
            return
        if self.zone == "hand" and self.card_verb:
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
        if zone == "hand" and not self.card_verbs:
            return
        if zone == "actions" and not self.items:
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

    def action_digit(self, index: int) -> None:
        """A number: the card with that number, or on the buttons, press that button."""
        if self.zone == "hand":
            self.query_one(HandView).pick(index)
        elif self._my_turn() is not None:
            self.query_one(ActionBar).pick(index)

    def action_hint(self) -> None:
        """Ask the strongest CPU what it would do here, and why."""
        seat = self._my_turn()
        if seat is None:
            self.note("A hint is for the person to act.")
            return
        view = self.session.match.state.view(seat)
        self.session.count_hint(seat)
        self.hint_worker(seat, self.session.bot(self.session.best_level), view, self.generation)

    @work(thread=True, group="hint")
    def hint_worker(self, seat: int, bot: Bot, view: View, generation: int) -> None:
        """Compute a hint off the screen's thread."""
        try:
            hint = bot.hint(view, self.session.hint_rng)
        except Exception:  # a hint is a nicety: a failing bot gives none
            return
        self.post_message(HintReady(seat, hint, generation))

    @on(HintReady)
    def hint_ready(self, message: HintReady) -> None:
        """Show the hint to its seat only, and put the cursor on its card."""
        if message.generation != self.generation or self._my_turn() != message.seat:
            return
        hint = message.hint
        reason = name_seats(hint.reason, self.session.names)
        self.note(f"Hint: {self._label(hint.action)} — {self.style_set.plain(reason)}", message.seat)
        cards = self.cards_of.get(hint.action, action_cards(hint.action))
        hand = self.query_one(HandView)
        if len(cards) == 1 and cards[0] in hand.cards:
            hand.pick(hand.cards.index(cards[0]))

    def action_undo(self) -> None:
        """Back to just before your previous decision (against CPUs only); the match is then assisted."""
        session = self.session
        seat = self.viewer
        if not session.can_undo() or seat is None:
            self.note("Undo is only for one person playing against CPUs.")
            return
        if not session.undo(seat):
            self.note("Nothing to undo yet.", seat)
            return
        self.generation += 1
        self.cpu_seat = None
        self.note("Undone: back to your previous decision (this match is now assisted).", seat)
        self.advance()

    def action_cpu_seat(self) -> None:
        """Hand your seat to the CPU, or take it back."""
        seat = self.viewer
        session = self.session
        if seat is None or seat not in session.people:
            return
        name = session.names[seat]
        if session.control[seat] is None:
            session.set_control(seat, session.best_level)
            self.note(f"{name}'s seat is played by the CPU ({session.best_level}); press c to take it back.")
        else:
            session.set_control(seat, None)
            self.note(f"{name} takes the seat back.")
        self.generation += 1
        self.cpu_seat = None
        self.advance()

    def action_last_trick(self) -> None:
        """Show the last complete trick."""
        if self.viewer is None:
            return
        view = self.session.match.state.view(self.viewer)
        trick = view.table.get("last_trick")
        body = Text()
        if isinstance(trick, tuple) and trick:
            for seat, card in trick:
                body.append(f"{self.session.names[seat]:<12}")
                body.append_text(self.style_set.card(card))
                body.append("\n")
        else:
            body.append("No trick has been completed yet.")
        self.app.push_screen(TextScreen("Last trick", body))

    def action_scores(self) -> None:
        """The scoreboard: each deal's score changes and the totals."""
        self.app.push_screen(TextScreen("Scoreboard", self.scoreboard()))

    def action_rules(self) -> None:
        """The rules of the current game."""
        self.app.push_screen(RulesScreen(self.session.game.rules_markdown()))

    def action_keymap(self) -> None:
        """Every key of the table."""
        self.app.push_screen(TextScreen("Keys", Text(KEYMAP)))

    def action_menu(self) -> None:
        """The menu: rules, scores, keys, CPU seat, quit."""
        entries = [("resume", "Back to the table"), ("rules", "Rules of this game"), ("scores", "Scoreboard"),
                   ("keymap", "Keys"), ("cpu_seat", "Hand my seat to the CPU / take it back"),
                   ("abandon", "Abandon this match (delete its save)"),
                   ("quit", "Quit this table (the match stays saved)")]
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
        self.session.autosave.discard()
        self.quit_table()

    def quit_table(self) -> None:
        """Leave the table (the app decides where to: home, or exit)."""
        self.finished = True
        self.generation += 1
        self._stop_timer()
        leave = getattr(self.app, "table_finished", None)
        if callable(leave):
            leave()
        else:
            self.app.exit()

    # -- end of deal and match ----------------------------------------------------------------------
    def scoreboard(self) -> Table:
        """Rows of score changes per deal, and the totals."""
        session = self.session
        table = Table(box=None, padding=(0, 2))
        table.add_column("deal")
        for name in session.names:
            table.add_column(name, justify="right")
        for number, result in enumerate(session.match.results, 1):
            table.add_row(str(number), *(score_text(s) for s in result.scores))
        table.add_row("total", *(score_text(t) for t in session.match.totals), style="bold")
        return table

    def show_deal_over(self) -> None:
        """What was bid, made or failed and why, with each score change; then the next deal or the end."""
        session = self.session
        state = session.match.state
        names = session.names
        body = Text()
        summary = state.summary()
        if summary.text:
            body.append(self.style_set.plain(name_seats(summary.text, names)) + "\n", style="bold")
        public = [e for e in state.events() if e.visible_to is None and e.scores is not None]
        if public:
            body.append(self.style_set.plain(name_seats(public[-1].text, names)) + "\n")
        body.append("\n")
        scores = state.scores()
        for seat, name in enumerate(names):
            change = scores[seat]
            sign = "+" if change > 0 else ""
            total = score_text(session.match.totals[seat])
            body.append(f"{name:<14}{sign + score_text(change):>7}   total {total}\n")
        if session.assisted:
            body.append("\n(assisted: undo was used)", style="dim")
        title = f"Deal {len(session.match.logs)} is over"
        self.app.push_screen(TextScreen(title, body, classes="deal-over"), callback=lambda _: self._after_deal())

    def _after_deal(self) -> None:
        session = self.session
        if session.match.is_over:
            history_id = session.finish()
            body = self.match_over_body()
            if history_id is not None:
                body.append(f"\nFiled in the history as match {history_id} (cardsuite history, cardsuite stats).",
                            style="dim")
            self.app.push_screen(TextScreen("The match is over", body, classes="match-over"),
                                 callback=lambda _: self.quit_table())
            return
        session.next_deal()
        if len(session.people) > 1:
            self.viewer = None
        self.generation += 1
        self.advance()

    def match_over_body(self) -> Text:
        """Standings, and a chart of each seat's running total deal by deal."""
        session = self.session
        match = session.match
        names = session.names
        order = sorted(range(match.players), key=lambda s: match.totals[s], reverse=True)
        best = winners(match.totals)
        body = Text()
        for place, seat in enumerate(order, 1):
            mark = "  winner" if seat in best else ""
            body.append(f"{place}. {names[seat]:<14}{score_text(match.totals[seat]):>6}{mark}\n",
                        style="bold" if seat in best else "")
        runs = running_totals([r.scores for r in match.results], match.players)
        values = [v for run in runs for v in run] or [0]
        low, high = min(values), max(values)
        body.append(f"\nRunning totals, deal by deal ({score_text(low)} to {score_text(high)}):\n", style="dim")
        for seat in range(match.players):
            body.append(f"{names[seat]:<14}{sparkline(runs[seat], low, high, self.style_set.ascii_only)}\n")
        if session.assisted:
            body.append("\n(assisted: undo was used)", style="dim")
        return body
