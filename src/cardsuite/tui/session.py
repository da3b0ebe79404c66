"""A table's match and who controls each seat: the orchestration the screen mediates, with no rules.

It decides who acts next (a CPU, or which person), keeps each seat's bot and random generator, holds
notes for the event log (each visible to one seat or to all), and rebuilds the match for undo by
replaying its record minus the last actions. Its ``Autosave`` rewrites the match's save after every
action (and undo), so a kill leaves a match that ``cardsuite resume`` reopens as it was.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..bots.base import make_bot
from ..core.game import Action, Bot, Event, Game
from ..core.match import Match
from ..core.registry import get_game
from ..storage.saves import Autosave
from .config import TableConfig, cpu_levels


@dataclass(frozen=True)
class Note:
    """A message for the event log: ``seat`` None is for everyone, else only that seat sees it."""

    deal: int
    after: int
    text: str
    seat: int | None = None


@dataclass(frozen=True)
class Turn:
    """Who acts next: a ``cpu`` seat, a ``human`` seat, or ``over`` when the deal has ended."""

    kind: str
    seat: int = -1


class Session:
    """One table: the match, the control of each seat (person or CPU level), bots and notes."""

    def __init__(self, config: TableConfig, match: Match | None = None, autosave: Autosave | None = None) -> None:
        self.config = config
        self.game: Game = get_game(config.game)
        self.options = self.game.resolve_options(config.options, config.players)
        self.names = tuple(s.name for s in config.seats)
        self.match = match or Match(self.game, config.players, self.options, config.seed, config.seats)
        self.control: list[str | None] = [s.level if s.kind == "cpu" else None for s in config.seats]
        self.best_level = cpu_levels(self.game)[-1]
        self.notes: list[Note] = []
        self._bots: dict[str, Bot] = {}
        self.rngs = [random.Random(config.seed * 7919 + seat) for seat in range(config.players)]
        self.hint_rng = random.Random(config.seed + 1)
        for text in config.notes:
            self.note(text)
        self.autosave = autosave or Autosave()
        self.assisted = self.autosave.assisted
        self.autosave.save(self.match)

    # -- who plays ----------------------------------------------------------------------------------
    @property
    def people(self) -> tuple[int, ...]:
        """Seats that belong to a person (even while handed to a CPU)."""
        return self.config.humans

    def is_cpu(self, seat: int) -> bool:
        """Whether a CPU plays ``seat`` now."""
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

    def set_control(self, seat: int, level: str | None) -> None:
        """Hand ``seat`` to a CPU of ``level``, or back to its person with ``None``."""
        self.control[seat] = level

    # -- actions and notes --------------------------------------------------------------------------
    def act(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Apply through the match (``IllegalAction`` leaves everything unchanged), then save it."""
        events = self.match.act(seat, action)
        self.autosave.save(self.match)
        return events

    def next_deal(self) -> None:
        """Deal the next deal and save the match at its start."""
        self.match.next_deal()
        self.autosave.save(self.match)

    def count_hint(self, seat: int) -> None:
        """``seat`` asked for a hint (kept in the save, then in the history)."""
        self.autosave.count_hint(seat)
        self.autosave.save(self.match)

    def finish(self) -> int | None:
        """File the finished match into the history (its save is removed); the history id, or None."""
        return self.autosave.finish(self.match)

    def note(self, text: str, seat: int | None = None) -> None:
        """Add a message to the event log after the events so far."""
        self.notes.append(Note(len(self.match.logs), len(self.match.state.events()), text, seat))

    def log_lines(self, seat: int | None) -> list[str]:
        """The current deal's events and notes that ``seat`` may see, names substituted."""
        from ..naming import name_seats

        deal = len(self.match.logs)
        notes = [n for n in self.notes if n.deal == deal and (n.seat is None or n.seat == seat)]
        events = [] if seat is None else list(self.game.log_events(self.match.state.view(seat)))
        lines: list[str] = [f"— deal {deal} —"]
        pending = list(notes)
        for index, event in enumerate(events):
            while pending and pending[0].after <= index:
                lines.append(pending.pop(0).text)
            lines.append(name_seats(event.text, self.names))
        lines.extend(n.text for n in pending)
        return lines

    # -- undo ---------------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Undo is for a single person against CPUs: it would let one person change another's past."""
        return len(self.people) == 1

    def undo(self, seat: int) -> bool:
        """Go back to just before ``seat``'s last decision, into an earlier deal if need be; False if none."""
        history = [list(log.actions) for log in self.match.logs]
        for number in range(len(history) - 1, -1, -1):
            mine = [i for i, line in enumerate(history[number]) if int(line.split(" ", 1)[0]) == seat]
            if mine:
                history = history[: number + 1]
                history[number] = history[number][: mine[-1]]
                break
        else:
            return False
        self.match = self.replay(history)
        self.assisted = True
        self.autosave.count_undo(seat)
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
