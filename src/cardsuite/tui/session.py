"""The seam between the table screen and a match: ``TableSession``, and ``Session``, the local one.

The screen shows views and sends actions; it never touches a ``Match``. A ``TableSession`` answers
what it needs: the names, a seat's view (``view``) or the public one (``public_view``), whose turn it is
(``next_turn``: a person at this screen, a CPU, someone elsewhere, or the end of the deal), submitting an
action (``submit``), the log of events and notes a seat may see (``log_lines``), CPU moves
(``cpu_move``), hints, undo and take-back where allowed, the scores, and the deal and match flow.

``Session`` plays locally: hot-seat people and CPUs around one ``Match``, saved after every action. A
network table (a remote session) implements the same interface, reports ``remote`` turns for seats played
elsewhere and calls ``on_change`` when something arrives, so the screen needs no change.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..bots.base import make_bot
from ..core.game import Action, Bot, DealSummary, Event, Game, Score, View
from ..core.match import Match
from ..core.message import N_, Message
from ..core.options import Options
from ..core.presentation import Line
from ..core.registry import get_game
from ..i18n import _, game_words
from ..i18n.reasons import trump_aware
from ..i18n.render import event_text, render, wording
from ..storage.saves import Autosave
from .config import TableConfig, cpu_levels
from .reports import stopped_words


@dataclass(frozen=True)
class Note:
    """A message for the event log: ``seat`` None is for everyone, else only that seat sees it.

    ``after`` counts the deal's events (hidden ones included) before it, so it lands where it happened
    in every seat's log (an online table's: a ``Client.pin``, which stays put when the history drops events).
    """

    deal: int
    after: int
    text: str
    seat: int | None = None


@dataclass(frozen=True)
class Turn:
    """Who acts next: a ``human`` at this screen, a ``cpu``, a ``remote`` player, or ``over`` (the deal)."""

    kind: str
    seat: int = -1


@dataclass(frozen=True)
class CpuMove:
    """What a CPU worker needs: the bot, the seat's view and the seat's own random generator."""

    bot: Bot
    view: View
    rng: random.Random


def said_again(events: Sequence[Event]) -> set[int]:
    """Indexes of the events that only say again what the event before them said: an auction's contract
    (``contract``) right after its seat's winning bid (``Ann bid 3``, ``Ann declared 3``)."""
    return {index for index in range(1, len(events))
            if events[index].kind == "contract" and events[index - 1].kind == "bid"
            and events[index - 1].seat == events[index].seat}


def event_words(event: Event) -> str | Message:
    """An event's words for a page: its message (shown in the reader's language) where it has one, else its text."""
    message = getattr(event, "message", None)
    return message if isinstance(message, Message) else event.text


def deal_words(game: Game, players: int, options: Options, deal: int) -> str:
    """Where deal ``deal`` (from 1) stands in its match, in the reader's language (local and online tables,
    the replay): ``deal k / N`` from the game's ``match_length`` (``deal k (N + thrown in)`` beyond it),
    ``deal k, to T`` for a match played to a target, else ``deal k``."""
    try:
        length = game.match_length(players, options)
    except Exception:  # a game's helper failing must not close the table
        length = None
    if length is not None:
        if deal <= length:
            return _("deal {number} / {length}").format(number=deal, length=length)
        return _("deal {number} ({length} + thrown in)").format(number=deal, length=length)
    target = options.get("target")
    if isinstance(target, int | float) and not isinstance(target, bool):
        return _("deal {number}, to {target}").format(number=deal, target=target)
    return _("deal {number}").format(number=deal)


@dataclass(frozen=True)
class DealReport:
    """A finished deal for its page: the summary, the public score line, each seat's change and total."""

    number: int
    summary: DealSummary
    score_text: str | Message
    changes: tuple[Score, ...]
    totals: tuple[Score, ...]


@dataclass(frozen=True)
class LeaveWords:
    """What the table's menu says of leaving (message ids): the entry that gives the match or seat up, the
    question it asks and its warning, and the entry that only leaves; ``give_up`` None: no such entry."""

    give_up: str | None
    question: str
    warning: str
    leave: str


LOCAL_LEAVE = LeaveWords(
    N_("Abandon this match (asks first; deletes its save)"), N_("Abandon this match?"),
    N_("Its save is deleted and it goes into no history. y abandons it; n or Esc goes back to the table."),
    N_("Quit this table (the match stays saved)"))
"""A local table's: abandoning deletes the save; quitting keeps it."""


class TableSession(ABC):
    """What the table screen asks of a match, played here or elsewhere."""

    game: Game
    names: tuple[str, ...]
    config: TableConfig
    options: Options
    assisted: bool
    on_change: Callable[[], None] | None = None
    watching = False
    """True: nobody plays at this screen (a replay); no seat is marked "(you)"."""
    leave_words: LeaveWords = LOCAL_LEAVE
    """What the table's menu says of leaving it (``LOCAL_LEAVE``, or an online seat's own words)."""
    hint_refusal: str | None = None
    """Why this table gives no hints at all (a message id, said when ``h`` is pressed), or None."""

    @property
    def players(self) -> int:
        """How many seats."""
        return len(self.names)

    @property
    @abstractmethod
    def people(self) -> tuple[int, ...]:
        """Seats whose person plays at this screen (even while handed to a CPU)."""

    @abstractmethod
    def view(self, seat: int) -> View:
        """What ``seat`` may know now."""

    def public_view(self) -> View | None:
        """What a watcher may know (no hand), where the game offers it."""
        return None

    @abstractmethod
    def next_turn(self) -> Turn:
        """Who acts next."""

    @abstractmethod
    def submit(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Do ``action`` for ``seat``; raises ``CardsuiteError`` with the rule's reason, nothing changed."""

    def cpu_move(self, seat: int, level: str | None = None) -> CpuMove | None:
        """The bot that plays ``seat`` now (``level``: this one instead); ``None`` when CPUs play elsewhere."""
        return None

    def is_cpu(self, seat: int) -> bool:
        """Whether a CPU plays ``seat`` now."""
        return False

    def set_control(self, seat: int, level: str | None) -> None:  # noqa: B027 - optional
        """Hand ``seat`` to a CPU of ``level``, or back to its person with ``None``."""

    def seat_status(self, seat: int) -> Line | None:
        """A short line on ``seat``'s connection or stand-in, shown in its block (an online table: connected,
        a CPU standing in with the grace seconds left, reconnecting); ``None``: nothing to say."""
        return None

    def status_lines(self) -> tuple[Line, ...]:
        """Lines about the whole table for the status line under the header (an online table's join code,
        "reconnecting…"); empty: the status line is not shown."""
        return ()

    @property
    def best_level(self) -> str:
        """The strongest CPU level (hints, timers, a seat handed over)."""
        return cpu_levels(self.game)[-1]

    @abstractmethod
    def note(self, text: str, seat: int | None = None) -> None:
        """Add a message to the log after the events so far (for ``seat`` only, or everyone)."""

    @abstractmethod
    def log_lines(self, seat: int | None, repeats: bool = True) -> list[str]:
        """The current deal's events and notes ``seat`` may see (``None``: notes for everyone only); without
        ``repeats``, leaving out an event that only says again what the one before it said (``said_again``)."""

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may undo (this marks the match assisted)."""
        return False

    def undo(self, seat: int) -> bool:
        """Back to just before ``seat``'s previous decision; False when there is none."""
        return False

    def _choices(self, deals: list[list[str]], seat: int) -> list[list[int]]:
        """For each deal, where in its actions ``seat`` chose among several legal actions."""
        match = Match(self.game, self.config.players, self.options, self.config.seed, self.config.seats)
        out: list[list[int]] = []
        for number, actions in enumerate(deals):
            if number:
                match.next_deal()
            found: list[int] = []
            for index, line in enumerate(actions):
                seat_text, _, text = line.partition(" ")
                mover = int(seat_text)
                if mover == seat and len(match.state.legal_actions(mover)) > 1:
                    found.append(index)
                match.act(mover, self.game.parse_action(text))
            out.append(found)
        return out

    def can_take_back(self, seat: int) -> bool:
        """Whether ``seat``'s last action (a bid, a trump choice) may still be taken back."""
        return False

    def has_acted(self, seat: int) -> bool:
        """Whether ``seat`` has acted in this match (so that undo has something to go back to)."""
        return False

    def take_back(self, seat: int) -> bool:
        """Take back ``seat``'s last action (not counted as help); False when it may not."""
        return False

    def can_hint(self, seat: int) -> bool:
        """Whether ``seat`` may ask for a hint."""
        return seat in self.people

    def count_hint(self, seat: int, by: int = 1) -> None:  # noqa: B027 - optional
        """``seat`` asked for a hint (``by=-1``: the hint failed and does not count)."""

    def count_cpu(self, seat: int) -> None:  # noqa: B027 - optional
        """A CPU acted for ``seat``'s person (handed over, or the turn timer ran out): the match is assisted."""

    @property
    @abstractmethod
    def deal_number(self) -> int:
        """The current deal, from 1."""

    @abstractmethod
    def deal_text(self) -> str:
        """``deal k / N``, ``deal k, to T`` or ``deal k``."""

    @property
    @abstractmethod
    def totals(self) -> tuple[Score, ...]:
        """Each seat's match total."""

    @abstractmethod
    def deal_scores(self) -> list[tuple[Score, ...]]:
        """Each finished deal's score changes."""

    @property
    @abstractmethod
    def deal_over(self) -> bool:
        """Whether the current deal has ended."""

    @property
    @abstractmethod
    def match_over(self) -> bool:
        """Whether the table deals no more: the match has ended, or ``match_stopped``."""

    @property
    def match_stopped(self) -> bool:
        """Whether this sitting stopped a match its rules have not ended (``Match.stopped``)."""
        return False

    def stopped_note(self) -> str:
        """The line of a stopped match (``match_stopped``), else ``""``."""
        if not self.match_stopped:
            return ""
        return stopped_words(len(self.deal_scores()), self.saved_id is not None and self.unsaved is None)

    @abstractmethod
    def deal_report(self) -> DealReport:
        """The finished deal, for its page."""

    def missed_deal(self) -> DealReport | None:
        """A deal that ended while an earlier deal's page was open, for its page next (an online table goes on
        without this screen); None when there is none (a local table waits for its pages)."""
        return None

    @abstractmethod
    def next_deal(self) -> None:
        """Start the next deal."""

    def finish(self) -> int | None:
        """File the finished match; its history id, or None."""
        return None

    def abandon(self) -> None:  # noqa: B027 - optional
        """Drop the match (a local save is deleted)."""

    def table_closed(self) -> None:  # noqa: B027 - optional
        """The table is closed: let go of what it held (a local save's lock; the save stays)."""

    @property
    def saved_id(self) -> str | None:
        """The id of the save this table writes, if any."""
        return None

    @property
    def unsaved(self) -> str | None:
        """The save's file when the match as it stands is not in it (its last save failed), else None."""
        return None

    @property
    def lost(self) -> Message | None:
        """Why the finished match is kept nowhere (its save and the history both failed), else None."""
        return None


class Session(TableSession):
    """A local table: people at this screen (hot-seat) and CPUs around one ``Match``, saved after every action."""

    def __init__(self, config: TableConfig, match: Match | None = None, autosave: Autosave | None = None) -> None:
        self.config = config
        self.game = get_game(config.game)
        self.options = self.game.resolve_options(config.options, config.players)
        self.names = tuple(s.name for s in config.seats)
        self.match = match or Match(self.game, config.players, self.options, config.seed, config.seats)
        self.control: list[str | None] = [s.level if s.kind == "cpu" else None for s in config.seats]
        self.notes: list[Note] = []
        self._bots: dict[str, Bot] = {}
        self.rngs = [random.Random(config.seed * 7919 + seat) for seat in range(config.players)]
        self.hint_rng = random.Random(config.seed + 1)
        self._last: tuple[int, Action, tuple[Event, ...]] | None = None
        self._cpu_acting: int | None = None
        """A person's seat whose next action is the CPU's (nothing the person may take back)."""
        for text in config.notes:  # in the table's language, chosen by now
            self.note(render(text) if isinstance(text, Message) else text)
        self.autosave = autosave or Autosave()
        self.assisted = self.autosave.assisted
        self.autosave.save(self.match)

    # -- who plays ----------------------------------------------------------------------------------
    @property
    def people(self) -> tuple[int, ...]:
        return self.config.humans

    def view(self, seat: int) -> View:
        return self.match.state.view(seat)

    def public_view(self) -> View | None:
        public = getattr(self.match.state, "public_view", None)
        view = public() if callable(public) else None
        return view if isinstance(view, View) else None

    def is_cpu(self, seat: int) -> bool:
        return self.control[seat] is not None

    def next_turn(self) -> Turn:
        """The next seat to act: CPUs first in a simultaneous phase, then people one at a time."""
        state = self.match.state
        if state.is_over:
            return Turn("over")
        waiting = sorted(state.to_act)
        for seat in waiting:
            if self.is_cpu(seat):
                return Turn("cpu", seat)
        return Turn("human", waiting[0]) if waiting else Turn("over")

    def bot(self, level: str) -> Bot:
        """The bot of ``level`` (one per level: bots keep no state between moves)."""
        if level not in self._bots:
            self._bots[level] = make_bot(self.game, level)
        return self._bots[level]

    def cpu_move(self, seat: int, level: str | None = None) -> CpuMove:
        return CpuMove(self.bot(level or self.control[seat] or self.best_level), self.view(seat), self.rngs[seat])

    def set_control(self, seat: int, level: str | None) -> None:
        self.control[seat] = level

    # -- actions and notes --------------------------------------------------------------------------
    def submit(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Apply through the match (``IllegalAction`` leaves everything unchanged), then save it."""
        events = self.match.act(seat, action)
        by_cpu, self._cpu_acting = self._cpu_acting == seat or self.is_cpu(seat), None
        self._last = None if by_cpu else (seat, action, events)
        self.autosave.save(self.match)
        return events

    act = submit

    def next_deal(self) -> None:
        """Deal the next deal and save the match at its start."""
        self.match.next_deal()
        self._last = None
        self.autosave.save(self.match)

    def count_hint(self, seat: int, by: int = 1) -> None:
        """``seat`` asked for a hint (kept in the save, then in the history); ``by=-1`` takes one back."""
        self.autosave.count_hint(seat, by)
        self.autosave.save(self.match)

    def count_cpu(self, seat: int) -> None:
        """A CPU acted for ``seat``'s person: kept in the save and the history (the seat is then counted apart
        from its person), and the match is assisted."""
        self.autosave.count_cpu(seat)
        self.assisted = True
        self._cpu_acting = seat

    def finish(self) -> int | None:
        """File the finished match into the history (its save is removed); the history id, or None."""
        return self.autosave.finish(self.match)

    def abandon(self) -> None:
        self.autosave.discard()

    def table_closed(self) -> None:
        self.autosave.close()

    @property
    def saved_id(self) -> str | None:
        return self.autosave.id if self.autosave.path.exists() else None

    @property
    def unsaved(self) -> str | None:
        return str(self.autosave.path) if self.autosave.failing else None

    @property
    def lost(self) -> Message | None:
        return self.autosave.lost

    def note(self, text: str, seat: int | None = None) -> None:
        self.notes.append(Note(len(self.match.logs), len(self.match.state.events()), text, seat))

    def log_lines(self, seat: int | None, repeats: bool = True) -> list[str]:
        """The deal's events ``seat`` may see, with each note where it happened, names substituted."""
        deal = len(self.match.logs)
        pending = [n for n in self.notes if n.deal == deal and (n.seat is None or n.seat == seat)]
        lines: list[str] = [_("— deal {number} —").format(number=deal)]
        events: Sequence[Event] = () if seat is None else self.match.state.events()
        kept = self._kept(seat, events)
        if not repeats:
            kept -= said_again(events)
        trump = self.match.state.view(seat).table.get("trump") if seat is not None else None
        for index, event in enumerate(events):
            while pending and pending[0].after <= index:
                lines.append(pending.pop(0).text)
            if index in kept:
                lines.append(self.event_words(event, trump))
        lines.extend(n.text for n in pending)
        return lines

    def event_words(self, event: Event, trump: object = None) -> str:
        """An event in the viewer's language, seats called by their names (a trick won in trumps by the
        highest trump is said so)."""
        message = getattr(event, "message", None)
        if isinstance(message, Message) and trump is not None:
            return wording(self.names, game_words(self.game))(trump_aware(message, trump))
        return event_text(event, self.names, game_words(self.game))

    def _kept(self, seat: int | None, events: Sequence[Event]) -> set[int]:
        """Indexes in the deal's events of those ``seat``'s log keeps (``Game.log_events``: a subsequence of
        the seat's history, matched from the end, since a game drops earlier events, not later ones)."""
        if seat is None:
            return set()
        # a seat's own "has chosen" (a simultaneous choice) is left out: its log says which card it chose
        wanted = [e for e in self.game.log_events(self.match.state.view(seat)) if not (e.kind == "chosen"
                                                                                       and e.seat == seat)]
        out: set[int] = set()
        index = len(events) - 1
        for event in reversed(wanted):
            while index >= 0 and not (events[index] is event or events[index] == event):
                index -= 1
            if index < 0:
                break
            out.add(index)
            index -= 1
        return out

    # -- scores and flow ----------------------------------------------------------------------------
    @property
    def deal_number(self) -> int:
        return len(self.match.logs)

    def deal_text(self) -> str:
        """``deal k / N`` from the game's ``match_length``; ``deal k, to T`` for a match played to a target."""
        return deal_words(self.game, self.match.players, self.options, self.deal_number)

    @property
    def totals(self) -> tuple[Score, ...]:
        return tuple(self.match.totals)

    def deal_scores(self) -> list[tuple[Score, ...]]:
        return [tuple(r.scores) for r in self.match.results]

    @property
    def deal_over(self) -> bool:
        return self.match.deal_over

    @property
    def match_over(self) -> bool:
        return self.match.is_over or self.match.stopped

    @property
    def match_stopped(self) -> bool:
        return self.match.stopped

    def deal_report(self) -> DealReport:
        state = self.match.state
        public = [e for e in state.events() if e.visible_to is None and e.scores is not None]
        return DealReport(len(self.match.logs), state.summary(), event_words(public[-1]) if public else "",
                          tuple(state.scores()), self.totals)

    # -- undo and take-back -------------------------------------------------------------------------
    def can_undo(self, seat: int) -> bool:
        """Undo is for a single person against CPUs: it would let one person change another's past."""
        return len(self.people) == 1 and seat in self.people

    def undo(self, seat: int) -> bool:
        """Go back to just before ``seat``'s last decision, into an earlier deal if need be; False if none.

        A decision is an action chosen among several: a forced card (the only legal one) is not one, so undo
        goes back past it (it would only play itself again).
        """
        history = [list(log.actions) for log in self.match.logs]
        choices = self._choices(history, seat)
        for number in range(len(history) - 1, -1, -1):
            mine = [i for i in choices[number]]
            if mine:
                history = history[: number + 1]
                history[number] = history[number][: mine[-1]]
                break
        else:
            return False
        self.match = self.replay(history)
        self._last = None
        self._forget_notes()
        self.assisted = True
        self.autosave.count_undo(seat)
        self.autosave.save(self.match)
        return True

    def has_acted(self, seat: int) -> bool:
        prefix = f"{seat} "
        return any(action.startswith(prefix) for log in self.match.logs for action in log.actions)

    def _forget_notes(self) -> None:
        """The notes of a future that was undone leave the log."""
        deal, events = len(self.match.logs), len(self.match.state.events())
        self.notes = [n for n in self.notes if n.deal < deal or (n.deal == deal and n.after <= events)]

    def can_take_back(self, seat: int) -> bool:
        """The seat's action is the last one, the game calls it retractable, and it showed nobody a secret."""
        last = self._last
        if last is None or last[0] != seat or seat not in self.people or self.match.deal_over:
            return False
        actions = self.match.logs[-1].actions
        if not actions or actions[-1] != f"{seat} {last[1]}":
            return False
        if any(e.visible_to is not None and e.visible_to != frozenset({seat}) for e in last[2]):
            return False
        try:
            return self.game.look(last[1], self.view(seat)).retractable
        except Exception:  # a presentation hook failing: no take-back
            return False

    def take_back(self, seat: int) -> bool:
        if not self.can_take_back(seat):
            return False
        history = [list(log.actions) for log in self.match.logs]
        history[-1] = history[-1][:-1]
        self.match = self.replay(history)
        self._last = None
        self.autosave.save(self.match)
        return True

    def replay(self, deals: list[list[str]]) -> Match:
        """A new match from the same seed with the given actions (``"2 play KH"``) deal by deal."""
        match = Match(self.game, self.config.players, self.options, self.config.seed, self.config.seats)
        for number, actions in enumerate(deals):
            if number:
                match.next_deal()
            for line in actions:
                seat_text, _, text = line.partition(" ")
                match.act(int(seat_text), self.game.parse_action(text))
        return match
