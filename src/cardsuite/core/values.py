"""The values that cross the game contract: actions, events, views, what a deal and a match report, and a CPU
player (``Bot``, the protocol every level meets).

All are immutable. ``core.game`` hands them on, so a plugin imports them from there.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final, Protocol, cast, overload

from ..cards import Card
from .message import Message
from .options import Options

Score = int | Fraction
PUBLIC_SEAT: Final = -1
"""The ``seat`` of a public (watcher) view: no seat at all, so it equals no seat's number."""
_setattr: Final = object.__setattr__
_FRESH_DICT: Any = object()
"""The default of a field whose default is a new dict, in a frozen dataclass's own ``__init__`` (the
``__init__`` of ``DealSummary``, ``DealResult`` and ``MatchProgress`` sets ``__dict__`` in one call: see
``docs/fast.md``)."""


@dataclass(frozen=True, slots=True)
class Action:
    """A move as a small value: a verb and its arguments; ``str()`` is its record text (no seat)."""

    verb: str
    args: tuple[int | str, ...] = ()
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.text or " ".join([self.verb, *map(str, self.args)])


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in plain words (``text``) and as data for UIs and statistics.

    ``visible_to`` is ``None`` for a public event, otherwise the seats allowed to see it (a drawn
    card, a hidden bid). ``rule`` says why a trick was won when a rule decided it ("same-2").
    ``action`` is the record text of the action that caused it, where the event's viewers may know it:
    search bots rebuild consistent deals by replaying these. ``message`` is the same sentence without a
    language (a message key and its seats, cards and numbers): screens show it in the reader's language,
    while ``text`` stays the English for logs, the wire and tests.
    """

    kind: str
    seat: int | None
    text: str
    card: Card | None = None
    winner: int | None = None
    rule: str | None = None
    scores: tuple[Score, ...] | None = None
    visible_to: frozenset[int] | None = None
    action: str | None = None
    data: tuple[tuple[str, object], ...] = ()
    message: Message | None = None

    def seen_by(self, seat: int) -> bool:
        """Whether ``seat`` may see this event."""
        return self.visible_to is None or seat in self.visible_to


@dataclass(frozen=True)
class SeatInfo:
    """What everyone may know about one seat."""

    seat: int
    cards_held: int
    tricks: int = 0
    role: str | None = None
    facts: Mapping[str, object] = field(default_factory=dict)


_LAZY_FIELDS: Final = frozenset({"game", "seat", "players", "phase", "to_act", "hand", "legal", "history", "seats",
                                  "table", "private", "options", "dealer", "is_over"})


@dataclass(frozen=True, slots=True)
class View:
    """Everything one seat may know, and nothing more: the only thing a bot or a screen is given.

    ``table`` holds the game's public facts (contract, trumps, prize, stock size, named adjutant card).
    Keys shared by the trick games: ``contract_text`` (a header line), ``declarer`` (seat or None),
    ``trump`` (suit, -1 for none), ``trick`` and ``last_trick`` ((seat, card) pairs), ``trick_number``.
    Event texts name seats as ``seat N`` so that a UI can put names in their place.
    ``private`` holds what only this seat has been told ("you are the adjutant"). Equal knowledge gives
    equal views. ``State.public_view()`` gives a watcher's view: ``seat`` is ``PUBLIC_SEAT`` (-1), with no
    hand, no legal actions and nothing private.

    A view is an immutable value: a bot may keep it. A view made with every field given, as a plugin makes
    one, has no ``parts``; the built-in games give only ``parts``, and each field is built from them the
    first time it is read (``__getattr__``, ``core.fast.views``). ``table``, ``private`` and ``options`` are
    read-only mappings.

    ``legal`` is a sequence of actions: a tuple, or the very lazy sequence ``State.legal_actions`` gave
    (Napas's exchange and Napoleon's discard offer up to 286 choices, made only when indexed). Either is
    an immutable value holding no reference to the state; it compares equal to the tuple of its actions,
    and supports ``len``, indexing, slicing, iteration and ``in``. A reader that needs a tuple (to add to
    it, or to send it) calls ``tuple(view.legal)``.
    """

    game: str
    seat: int
    players: int
    phase: str
    to_act: frozenset[int]
    hand: tuple[Card, ...]
    legal: Sequence[Action]
    history: tuple[Event, ...]
    seats: tuple[SeatInfo, ...]
    table: Mapping[str, object]
    private: Mapping[str, object]
    options: Mapping[str, object]
    dealer: int | None
    is_over: bool
    parts: ViewParts | BuildTuple | None = field(default=None, init=False, repr=False, compare=False)

    def __getattr__(self, name: str) -> Any:
        """Build a field of a view made from parts, the first time it is read (its slot is then set)."""
        if name in _LAZY_FIELDS:
            parts = self.parts
            if parts is not None:
                value = parts[0](parts, name) if parts.__class__ is tuple else cast(ViewParts, parts).build(name)
                object.__setattr__(self, name, value)
                return value
        raise AttributeError(f"'View' object has no attribute {name!r}")


class ViewParts(Protocol):
    """What a view made on demand is built from (``core.fast.views.SeatParts``)."""

    def build(self, name: str) -> object:
        """The value of the view field ``name``."""
        ...


BuildTuple = tuple[Any, ...]
"""A view's parts as a plain tuple, ``(build, *pieces)``: ``build(parts, name)`` gives the value of the view
field ``name`` (``games.gops.public.build_gops_field``)."""


@dataclass(frozen=True)
class DealSetup:
    """How a deal began: the dealer, each seat's hand before any exchange, and the stock, top first."""

    dealer: int | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]


@dataclass(frozen=True)
class DealSummary:
    """The deal's outcome in words statistics can count: who declared what, and did it make."""

    declarer: int | None = None
    contract: str | None = None
    made: bool | None = None
    redeal: bool = False
    text: str = ""
    roles: Mapping[int, str] = field(default_factory=dict)
    message: Message | None = None
    """``text`` without a language, for screens (``text`` stays the English of logs, records and the wire)."""

    def __init__(self, declarer: int | None = None, contract: str | None = None, made: bool | None = None,
                 redeal: bool = False, text: str = "", roles: Mapping[int, str] = _FRESH_DICT,
                 message: Message | None = None) -> None:
        """The generated ``__init__``, written out (see ``_FRESH_DICT``): every deal makes one."""
        _setattr(self, "__dict__", {"declarer": declarer, "contract": contract, "made": made, "redeal": redeal,
                                    "text": text, "roles": {} if roles is _FRESH_DICT else roles, "message": message})


@dataclass(frozen=True)
class DealResult:
    """A finished deal as the match sees it."""

    scores: tuple[Score, ...]
    summary: DealSummary

    def __init__(self, scores: tuple[Score, ...], summary: DealSummary) -> None:
        """The generated ``__init__``, written out (see ``_FRESH_DICT``): every deal of a match makes one."""
        _setattr(self, "__dict__", {"scores": scores, "summary": summary})


class DealsSoFar(Sequence[DealResult]):
    """The first ``count`` results of a match's list, read in place: a ``MatchProgress`` made after every deal
    costs the same for the hundredth deal as for the first (the list only grows while it is read)."""

    __slots__ = ("_count", "_results")

    def __init__(self, results: Sequence[DealResult], count: int | None = None) -> None:
        self._results = results
        self._count = len(results) if count is None else count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> DealResult: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[DealResult]: ...

    def __getitem__(self, index: int | slice) -> DealResult | Sequence[DealResult]:
        if isinstance(index, slice):
            return tuple(self._results[i] for i in range(*index.indices(self._count)))
        if not -self._count <= index < self._count:
            raise IndexError("deal index out of range")
        return self._results[index % self._count]


@dataclass(frozen=True)
class MatchProgress:
    """What a game needs to say whether its match is over: the deals so far, the totals, and how many of the
    deals were played out rather than thrown in (``played``: those whose summary is not a ``redeal``).

    A game is asked after every deal, so it answers from these without going through every deal again.
    """

    players: int
    options: Options
    deals: Sequence[DealResult]
    totals: tuple[Score, ...]
    played: int

    def __init__(self, players: int, options: Options, deals: Sequence[DealResult],
                 totals: tuple[Score, ...], played: int | None = None) -> None:
        """The generated ``__init__``, written out (see ``_FRESH_DICT``): ``Match.settle`` makes one per deal.
        Without ``played`` it is counted from ``deals``."""
        if played is None:
            played = sum(1 for deal in deals if not deal.summary.redeal)
        _setattr(self, "__dict__", {"players": players, "options": options, "deals": deals, "totals": totals,
                                    "played": played})


@dataclass(frozen=True)
class Hint:
    """A bot's advice: the action, why in a player's words (a ``Message``, shown in the reader's language),
    and the other actions with their values."""

    action: Action
    reason: str | Message
    alternatives: tuple[tuple[Action, float], ...] = ()


class Bot(Protocol):
    """A CPU player. It sees only its seat's view and draws randomness only from ``rng``."""

    level: str

    def choose(self, view: View, rng: random.Random) -> Action:
        """One of ``view.legal``."""
        ...

    def hint(self, view: View, rng: random.Random) -> Hint:
        """The action it would choose, with its reason."""
        ...
