"""Simultaneous moves: every seat chooses in secret, in any order, and the choices are revealed together.

A game with a simultaneous phase keeps one ``Simultaneous`` (as an attribute, or as a base class of its
state, as GOPS does for speed) and follows four steps:

1. ``start()`` opens a round: every seat (or the seats given) must choose. The state's ``to_act`` is
   ``sim.to_act``: the seats that still have to choose, several at once.
2. ``apply(seat, action)`` validates the action first (``IllegalAction`` if ``seat`` has chosen already
   or may not choose that), then calls ``sim.choose(seat, choice)`` and emits ``choice_events(...)``:
   a **private** event for the chooser (``visible_to={seat}``, carrying the action's record text) and a
   **public** ``seat N has chosen`` event that names no card.
3. When ``choose`` returns ``True`` the last seat has chosen: the game reads ``sim.choices`` (one per
   seat, in seat order), resolves the round and emits public events that reveal all the choices at once.
4. ``start()`` again for the next round.

Privacy rule: a view never shows a pending choice of another seat. ``pending(seat)`` is for the state and
for that seat's own view only; others may see ``chosen`` (who has chosen) and nothing else, so two states
that differ only in a pending choice give every other seat equal views.
"""

from __future__ import annotations

from typing import Final, Generic, TypeVar

from .errors import IllegalAction
from .game import Event
from .message import Message, SeatRef, msg

T = TypeVar("T")

MAX_SEATS: Final = 8
SEAT_SETS: Final[tuple[frozenset[int], ...]] = tuple(
    frozenset(s for s in range(MAX_SEATS) if mask >> s & 1) for mask in range(1 << MAX_SEATS)
)
"""``SEAT_SETS[mask]``: the seats of a bitmask as a frozenset (cheap ``to_act``)."""

_CHOSEN: Final = tuple(Event("chosen", s, f"seat {s} has chosen", message=msg("{seat} has chosen", seat=SeatRef(s)))
                       for s in range(MAX_SEATS))


class Simultaneous(Generic[T]):
    """The pending hidden choices of one simultaneous round, and who still has to choose.

    ``waiting`` is a bitmask of the seats still to choose (bit ``s`` for seat ``s``); ``choices[s]`` is
    seat ``s``'s pending choice or ``None``. Both are public attributes so hot loops can read them
    without calls; change them only through ``start`` and ``choose``.
    """

    __slots__ = ("choices", "players", "waiting")

    def __init__(self, players: int) -> None:
        if not 1 <= players <= MAX_SEATS:
            raise ValueError(f"1..{MAX_SEATS} seats, not {players}")
        self.players = players
        self.choices: list[T | None] = [None] * players
        self.waiting = (1 << players) - 1

    def start(self, seats: int | None = None) -> None:
        """Open a new round in which the seats of bitmask ``seats`` (default: all) must choose."""
        self.choices = [None] * self.players
        self.waiting = (1 << self.players) - 1 if seats is None else seats

    @property
    def to_act(self) -> frozenset[int]:
        """The seats that still have to choose."""
        return SEAT_SETS[self.waiting]

    @property
    def chosen(self) -> frozenset[int]:
        """The seats that have chosen in this round (public knowledge; their choices are not)."""
        return frozenset(s for s, c in enumerate(self.choices) if c is not None)

    def must_choose(self, seat: int) -> bool:
        """Whether ``seat`` still has to choose."""
        return bool(self.waiting >> seat & 1)

    def choose(self, seat: int, choice: T) -> bool:
        """Store ``seat``'s hidden choice; ``True`` when it was the last one and the round resolves.

        Raises ``IllegalAction`` (nothing changed) when ``seat`` is not waiting to choose.
        """
        waiting = self.waiting
        if not waiting >> seat & 1:
            raise IllegalAction(msg("{seat} has already chosen", seat=SeatRef(seat)) if self.choices[seat] is not None
                                else msg("{seat} does not choose now", seat=SeatRef(seat)))
        self.choices[seat] = choice
        self.waiting = waiting & ~(1 << seat)
        return not self.waiting

    def pending(self, seat: int) -> T | None:
        """``seat``'s own pending choice (show it only in that seat's view)."""
        return self.choices[seat]

    def copy(self) -> Simultaneous[T]:
        """An independent copy (a state that embeds the helper copies its fields instead)."""
        other: Simultaneous[T] = Simultaneous.__new__(Simultaneous)
        other.players = self.players
        other.choices = list(self.choices)
        other.waiting = self.waiting
        return other


def chosen_event(seat: int) -> Event:
    """The public ``seat N has chosen`` event: names the seat, never the choice."""
    return _CHOSEN[seat]


def choice_events(seat: int, kind: str, text: str, action: str,
                  data: tuple[tuple[str, object], ...] = (), message: Message | None = None) -> tuple[Event, Event]:
    """The two events of one hidden choice: private to the chooser (with ``action``), then public.

    Games on a hot path should build these once per (seat, choice) and reuse them.
    """
    private = Event(kind, seat, text, visible_to=frozenset({seat}), action=action, data=data, message=message)
    return private, _CHOSEN[seat]
