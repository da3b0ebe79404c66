"""What the table opens over itself: the pages (keys, rules, scores, last trick), the menu, a hint, undo,
take-back, handing a seat to the CPU, and the end of a deal and of the match.

``TablePages`` is the table screen's base: it holds the session, the turn flow, the display settings and
the plan of the seat's choices, and leaves the drawing and the flow's steps (``advance``, ``begin_turn``,
``perform``, ``refresh_table``) to ``TableScreen``. The other parts of the table build on it too: the
hot-seat cover (``hot_seat.py``), CPU moves and the turn timer (``cpu_turns.py``), and what a card or a
button leads to (``table_choices.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.binding import Binding
from textual.screen import Screen

from ...core.game import Action, Bot, View
from ...core.message import Message
from ...i18n import _, current_language, game_words
from ...i18n.reasons import read_within, words_of
from ...i18n.render import render
from ...rules_pages import rules_markdown
from ..flow import TurnFlow
from ..messages import HintReady
from ..planning import TABLE_KEYS, Plan
from ..render import Display
from ..reports import deal_page, last_trick_page, match_page, natural_width, scoreboard
from ..session import DealReport, TableSession
from ..words import translate_bindings
from .modals import ConfirmScreen, KeysScreen, MatchOverScreen, MenuScreen, RulesScreen, TextScreen
from .partner import offers_partner
from .table_keys import key_page, key_rows

LEAVING = frozenset({"resume", "abandon", "quit"})
"""The menu's entries while the terminal is too small to show the table: back, abandon and quit."""


class TablePages(Screen[None]):
    """The table's pages and the actions that are not a move (see ``TableScreen`` for the rest)."""

    RESERVED_KEYS: ClassVar[frozenset[str]] = TABLE_KEYS
    """The table's own letters: never a card's or a button's key."""

    def __init__(self, session: TableSession, style: Display) -> None:
        super().__init__(classes="table-screen")
        translate_bindings(self)
        self.session = session
        self.flow = TurnFlow(session)
        self.style_set = style.with_words(session.game.ascii_words(), game_words(session.game))
        self.plan: Plan = Plan()
        self.zone = "hand"
        """Where the arrows and Enter work: ``hand`` or ``actions`` (the buttons)."""
        self.cover_news = ""
        """What the next hot-seat cover says happened (a seat taken back from the CPU): nothing of any hand."""

    # -- the flow's state, as the table's callers and tests read it -------------------------------
    @property
    def viewer(self) -> int | None:
        """Whose view is on the screen."""
        return self.flow.viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self.flow.viewer = seat

    @property
    def awaiting(self) -> int | None:
        """The person whose turn it is, at the screen."""
        return self.flow.awaiting

    @property
    def cpu_seat(self) -> int | None:
        """The seat a CPU thinks for now."""
        return self.flow.cpu_seat

    @property
    def generation(self) -> int:
        """Bumped whenever the table moves on (late answers are dropped)."""
        return self.flow.generation

    @generation.setter
    def generation(self, value: int) -> None:
        self.flow.generation = value

    @property
    def finished(self) -> bool:
        """Whether the table has been left."""
        return self.flow.finished

    @property
    def cpu_thinking(self) -> bool:
        """Whether a CPU move is on its way."""
        return self.flow.cpu_seat is not None

    # -- what the subclass draws ------------------------------------------------------------------
    def advance(self) -> None:
        """Take the flow's next step (``TableScreen``)."""
        raise NotImplementedError

    def begin_turn(self, seat: int) -> None:
        """The person of ``seat`` is at the screen and must act (``TableScreen``)."""
        raise NotImplementedError

    def perform(self, seat: int, action: Action) -> bool:
        """Send ``action`` through the session; False when it was refused (``TableScreen``)."""
        raise NotImplementedError

    def refresh_table(self) -> None:
        """Redraw everything from the viewer's view (``TableScreen``)."""
        raise NotImplementedError

    def show_top(self, view: View | None = None) -> None:
        """Redraw the top line and the status line (``TableScreen``)."""
        raise NotImplementedError

    def show_log(self) -> None:
        """Redraw the event log (``TableScreen``)."""
        raise NotImplementedError

    def put_cursor_on(self, action: Action) -> None:
        """Put the hand's cursor on the card ``action`` plays (``TableScreen``)."""

    def _enter_words(self, changed_only: bool = False) -> None:
        """The key bar's word for Enter follows what it does now (``TableScreen``)."""

    # -- words --------------------------------------------------------------------------------------
    def note(self, text: str, seat: int | None = None) -> None:
        """A message in the log (for one seat, or everyone)."""
        self.session.note(text, seat)
        self.show_log()

    def _say(self, text: str | Message) -> str:
        """A game's message or message id in the viewer's language, with the seats' names."""
        return self.style_set.say(text, self.session.names)

    def _reason(self, error: Exception) -> str:
        """Why an action was refused, in the viewer's language, seats and cards by name."""
        first = error.args[0] if error.args else str(error)
        return self._say(words_of(first if isinstance(first, Message) else str(first)))

    def _label(self, action: Action) -> str:
        return self.style_set.plain(self.plan.label(action))

    # -- a hint -------------------------------------------------------------------------------------
    def action_hint(self) -> None:
        """Ask the strongest CPU what it would do here, and why."""
        seat = self.flow.my_turn()
        if seat is None or not self.session.can_hint(seat):
            self.note(_("A hint is for the person to act."))
            return
        move = self.session.cpu_move(seat, self.session.best_level)
        if move is None:
            return
        self.session.count_hint(seat)
        self.hint_worker(seat, move.bot, move.view, self.flow.generation)

    @work(thread=True, exclusive=True, group="hint")
    def hint_worker(self, seat: int, bot: Bot, view: View, generation: int) -> None:
        """Compute a hint off the screen's thread."""
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
        if message.generation != self.flow.generation or self.flow.my_turn() != message.seat:
            return
        hint = message.hint
        reason = self._say(words_of(hint.reason))
        reason = reason[:1].upper() + reason[1:]
        self.note(_("Hint: {action} — {reason}").format(action=self.plan.label(hint.action), reason=reason),
                  message.seat)
        self.put_cursor_on(hint.action)

    # -- undo, take-back, the CPU seat --------------------------------------------------------------
    def action_undo(self) -> None:
        """Back to just before your previous decision (against CPUs only); the match is then assisted."""
        session = self.session
        seat = self.flow.viewer
        if seat is None or not session.can_undo(seat):
            self.note(_("Undo is only for one person playing against CPUs."))
            return
        if not session.undo(seat):
            self.note(_("Nothing to undo yet."), seat)
            return
        self.flow.moved_on()
        self.flow.reset_outcomes()
        self.note(_("Undone: back to your previous decision (counted as an undo in your statistics)."), seat)
        self.advance()

    def action_take_back(self) -> None:
        """Take back your bid or trump choice before the next player acts (not counted as help)."""
        seat = self.flow.viewer
        if seat is None or not self.session.take_back(seat):
            if seat is not None:
                self.note(_("There is nothing to take back now."), seat)
            return
        self.flow.moved_on()
        self.flow.wait_until = 0.0
        self.note(_("{name} took back their last action.").format(name=self.session.names[seat]))
        self.advance()

    def action_cpu_seat(self) -> None:
        """Hand your seat to the CPU, or take it back; with no hand on the screen (between hot-seat turns), give
        a person back the seat a CPU plays for them."""
        seat = self.flow.viewer
        session = self.session
        if seat is None:
            self.reclaim_seat(after=self.resume)
            return
        if seat not in session.people:
            return
        name = session.names[seat]
        if not session.is_cpu(seat):
            session.set_control(seat, session.best_level)
            self.note(_("{name}'s seat is played by the CPU ({level}); press c to take it back.").format(
                name=name, level=session.best_level))
            if self.flow.hot_seat:  # the hand leaves the screen: the CPU plays it out of sight
                self.flow.viewer = None
        else:
            self.give_back(seat)
            return
        self.flow.moved_on()
        self.advance()

    def cpu_played(self) -> list[int]:
        """The people's seats a CPU plays now."""
        return [seat for seat in self.session.people if self.session.is_cpu(seat)]

    def give_back(self, seat: int) -> None:
        """``seat``'s person plays it again."""
        self.session.set_control(seat, None)
        said = _("{name} takes the seat back.").format(name=self.session.names[seat])
        self.note(said)
        if self.flow.hot_seat:  # the cover that comes next says so: the log is hidden under it
            self.cover_news = said
        self.flow.moved_on()
        self.advance()

    def reclaim_seat(self, after: Callable[[], None]) -> None:
        """Give back a seat a CPU plays for its person (asking whose, when there are several); then ``after``."""
        seats = self.cpu_played()
        if len(seats) == 1:
            self.give_back(seats[0])
            after()
            return
        if not seats:
            after()
            return

        def chosen(key: str | None) -> None:
            if key is not None and key.isdigit() and int(key) in seats:
                self.give_back(int(key))
            after()

        entries = [("back", _("Back to the table"))] + [
            (str(seat), _("{name} takes the seat back.").format(name=self.session.names[seat])) for seat in seats]
        self.app.push_screen(MenuScreen(entries, ["b", *(str(n + 1) for n in range(len(seats)))]), callback=chosen)

    def resume(self) -> None:
        """After a menu opened with no hand on the screen: the table goes on (a cover, if a person is next)."""
        if self.flow.idle:
            self.advance()

    # -- pages --------------------------------------------------------------------------------------
    def action_quiet(self, action: str) -> None:
        """A page's key that the key bar has no room to show: it opens its page all the same."""
        method = getattr(self, f"action_{action}", None)
        if callable(method):
            method()

    def action_last_trick(self) -> None:
        """Show the last finished trick and who took it."""
        if self.flow.viewer is None:
            return
        try:
            outcome = self.session.game.outcome(self.session.view(self.flow.viewer))
        except Exception:  # a presentation hook must not close the table
            outcome = None
        simultaneous = self.session.game.info.traits.simultaneous  # GOPS: rounds of bids, not tricks
        self.app.push_screen(TextScreen(_("Last round") if simultaneous else _("Last trick"),
                                        last_trick_page(outcome, self.session.names, self.style_set)))

    def action_scores(self) -> None:
        """The scoreboard: each deal's score changes and the totals."""
        board = self.scoreboard()
        self.app.push_screen(TextScreen(_("Scoreboard"), board, width=natural_width(board)))

    def action_rules(self, closed: Callable[[], None] | None = None) -> None:
        """How to play this game, one screen (``f`` there opens the full rules); ``closed``: what follows its
        closing."""
        game = self.session.game
        page = game.how_to_play_for(self.session.options)
        title = self.style_set.say(game.info.title)
        self.app.push_screen(RulesScreen(self.style_set.say(page), self.style_set.ascii_only,
                                         title=_("How to play {game}").format(game=title),
                                         full=self.style_set.plain(rules_markdown(game, current_language())),
                                         full_title=_("Full rules of {game}").format(game=title)),
                             callback=None if closed is None else lambda _answer: closed())

    def maybe_introduce(self, closed: Callable[[], None] | None = None) -> bool:
        """The first time a person plays this game, open its "how to play" page once (``closed``: what follows
        its closing); True when it opened."""
        introduce = getattr(self.app, "introduce", None)
        if callable(introduce) and introduce(self.session.game.info.name):
            self.action_rules(closed)
            return True
        return False

    def action_keymap(self) -> None:
        """Every key of the table; ``f`` there switches auto-play of forced cards."""
        def closed(answer: str | None) -> None:
            if answer == "toggle":
                config = self.session.config
                config.auto_play = not config.auto_play
                self.note(_("Forced cards play themselves: {state}.").format(
                    state=_("on") if config.auto_play else _("off")), self.flow.viewer)
                self.action_keymap()

        offered = [b for b in self.BINDINGS if not isinstance(b, Binding) or b.action != "partner"
                   or offers_partner(self.session.game, self.session.options)]  # g: Napoleon's only
        rows = key_rows(offered, lambda key: self.app.get_key_display(Binding(key, "")), self.plan.card_keys)
        page = key_page(rows, self.session.config.auto_play, self.style_set.plain)
        self.app.push_screen(KeysScreen(_("Keys"), page), callback=closed)

    def action_menu(self, after: Callable[[], None] | None = None) -> None:
        """The menu: rules, scores, keys, CPU seat, abandon (asked again), quit; each with its own key (``after``:
        what follows unless the table is left). While the terminal is too small to show the table, only back,
        abandon and quit: nothing that plays or looks."""
        words = self.session.leave_words  # a local match's save, or an online seat's own words
        entries = [("resume", _("Back to the table")), ("rules", _("How to play")), ("scores", _("Scoreboard")),
                   ("keymap", _("Keys")), ("cpu_seat", _("Hand my seat to the CPU / take it back")),
                   *([("abandon", _(words.give_up))] if words.give_up else []), ("quit", _(words.leave))]
        keys = ["b", "r", "s", "k", "c", *(["a"] if words.give_up else []), "x"]
        if self.has_class("-small"):
            keys = [key for key, (entry, _words) in zip(keys, entries, strict=True) if entry in LEAVING]
            entries = [entry for entry in entries if entry[0] in LEAVING]
        actions: dict[str, Callable[[], None]] = {
            "rules": self.action_rules, "scores": self.action_scores, "keymap": self.action_keymap,
            "cpu_seat": self.action_cpu_seat, "quit": self.quit_table,
            "abandon": lambda: self.ask_abandon(after),
        }

        def chosen(key: str | None) -> None:
            if key in actions and (key in LEAVING or not self.has_class("-small")):  # shrunk while it was open
                actions[key]()
            if after is not None and key not in ("quit", "abandon", "cpu_seat"):
                after()

        self.app.push_screen(MenuScreen(entries, keys), callback=chosen)

    def ask_abandon(self, after: Callable[[], None] | None = None) -> None:
        """Abandoning deletes the match: it is asked again, and only ``y`` does it (else ``after``)."""
        def answered(yes: bool | None) -> None:
            if yes:
                self.abandon()
            elif after is not None:
                after()

        words = self.session.leave_words
        body = Text(self.style_set.plain(_(words.warning)))
        self.app.push_screen(ConfirmScreen(self.style_set.plain(_(words.question)), body, destructive=True),
                             callback=answered)

    def abandon(self) -> None:
        """Leave the table and delete its save (nothing goes into the history)."""
        self.session.abandon()
        self.quit_table()

    def quit_table(self, then: str = "leave") -> None:
        """Leave the table (the app decides where to: home, again, or exit)."""
        self.flow.finished = True
        self.flow.generation += 1
        self.flow.stop_timer()
        self.workers.cancel_group(self, "cpu")
        leave = getattr(self.app, "table_finished", None)
        if callable(leave):
            leave(then)
        else:
            self.app.exit()

    # -- end of deal and match ----------------------------------------------------------------------
    def scoreboard(self) -> Table:
        """Rows of score changes per deal, and the totals."""
        session = self.session
        return scoreboard(session.names, session.deal_scores(), session.totals, self.style_set)

    def show_deal_over(self) -> None:
        """What was bid, made or failed and why, with each score change; then the next deal or the end."""
        self.show_deal_page(self.session.deal_report())

    def show_deal_page(self, report: DealReport) -> None:
        """The page of the finished deal ``report``; closing it goes on (``_after_deal``)."""
        session = self.session
        summary = report.summary.message or report.summary.text
        body = deal_page(session.names, summary, report.score_text, report.changes, report.totals,
                         session.assisted, self.style_set)
        title = _("Deal {number} is over").format(number=report.number)
        self.app.push_screen(TextScreen(title, body, classes="deal-over"), callback=lambda _: self._after_deal())

    def _after_deal(self) -> None:
        """A deal's page was closed: the page of a deal that ended meanwhile, else the match's end or the next
        deal."""
        session = self.session
        missed = session.missed_deal()
        if missed is not None:
            self.show_deal_page(missed)
            return
        if session.match_over:
            history_id = session.finish()
            body = self.match_over_body()
            if history_id is not None:
                body.append(self.style_set.plain(_("In the history as match {id} (cardsuite history, stats).").format(
                    id=history_id)), style="dim")
            elif session.lost is not None:
                body.append(self.style_set.plain(render(read_within(session.lost))), style="bold")
            self.app.push_screen(MatchOverScreen(body, session.match_stopped),
                                 callback=lambda then: self.quit_table(then or "leave"))
            return
        session.next_deal()
        self.flow.reset_outcomes()
        if self.flow.hot_seat:
            self.flow.viewer = None
        self.flow.generation += 1
        self.advance()

    def match_over_body(self) -> Text:
        """Standings (winner or tied), and a chart of each seat's running total deal by deal."""
        session = self.session
        return match_page(session.names, session.deal_scores(), session.totals, session.assisted, self.style_set,
                          session.stopped_note())
