"""Views that cost almost nothing: built on demand from immutable parts, shared where nothing changed.

A ``View`` is still an immutable value a bot may keep. What changed is how it is made. ``State.view``
used to copy the whole history, the options, the table and the legal actions for every decision; most
of it was never read (a random bot reads only ``legal``), and the history grew with every card. Now:

- **Parts, not copies.** ``state.view(seat)`` makes a ``View`` holding only its seat and a ``SeatParts``:
  the public facts of this moment (``PublicFacts``, shared by every view until the state changes), the
  seat's hand as a bitmask, its legal actions (or a function of immutable values that makes them), its
  private facts, and where its history ends. A field is built the first time it is read and then kept
  in the view's slot (``View.__getattr__`` runs once per field).
- **Only what the seat may know.** A view's parts hold public facts and this seat's own cards and
  events, nothing else: no reference to the state, to another hand or to another seat's private events.
- **The history only grows.** ``SeatLogs`` keeps, per seat (and for the public), the events that seat may
  see, filtered once as the log grows; a view records how many there were when it was made and reads
  that prefix of the list, which nothing ever changes (the list is only appended to).
- **Shared.** ``PublicFacts`` builds the ``table`` and ``seats`` once per moment for every view of it;
  ``options`` is the deal's own read-only ``Options``; sorted hands are memoized by bitmask.

``table``, ``private`` and every mapping inside are read-only (``MappingProxyType``): a bot may keep a
view, and can change nothing another view shares.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

from ..cards import JOKER, RANK_OF, SUIT_OF, Card, cards_in
from .game import PUBLIC_SEAT, Action, Event, SeatInfo, View

EMPTY: Final[Mapping[str, object]] = MappingProxyType({})
"""The empty read-only mapping, shared by every view with nothing private."""

_new = object.__new__
_set_seat = View.__dict__["seat"].__set__
_set_legal = View.__dict__["legal"].__set__
_set_parts = View.__dict__["parts"].__set__
_set_table = View.__dict__["table"].__set__

HandOrder = tuple[int, ...]
"""A hand's order as a sort key per card (53 of them, the joker last)."""

SUIT_THEN_RANK: Final[HandOrder] = tuple((SUIT_OF[c] if c != JOKER else 9) * 100 - RANK_OF[c] for c in range(53))
"""The usual hand order: spades, hearts, diamonds, clubs, high rank first, the joker last."""

_SORTED: dict[tuple[int, int], tuple[Card, ...]] = {}


def sorted_hand(mask: int, order: HandOrder = SUIT_THEN_RANK) -> tuple[Card, ...]:
    """The cards of ``mask`` in ``order`` (memoized: hands repeat across views and playouts)."""
    key = (mask, id(order))
    found = _SORTED.get(key)
    if found is None:
        if len(_SORTED) > 200_000:
            _SORTED.clear()
        found = _SORTED[key] = tuple(sorted(cards_in(mask), key=order.__getitem__))
    return found


def frozen(mapping: Mapping[str, object]) -> Mapping[str, object]:
    """A read-only mapping over a new dict of ``mapping`` (the shared ``EMPTY`` when it is empty)."""
    return MappingProxyType(dict(mapping)) if mapping else EMPTY


class SeatLogs:
    """Per seat, and for the public, the events of one append-only log that it may see.

    Each list is filtered once as the log grows and only ever appended to, so a view can keep a
    reference to its seat's list and a length, and read that prefix later, unchanged. A clone of a
    state has its own log (a new list), and so gets new ``SeatLogs`` (``logs_of``).
    """

    __slots__ = ("done", "lists", "log")

    def __init__(self, log: list[Event], players: int) -> None:
        self.log = log
        self.lists: list[list[Event]] = [[] for _ in range(players + 1)]  # the last one: the public
        self.done = [0] * (players + 1)

    def seen(self, seat: int) -> list[Event]:
        """The events ``seat`` (``PUBLIC_SEAT``: everyone) may see, up to now."""
        index = seat if seat >= 0 else len(self.lists) - 1
        log = self.log
        done = self.done[index]
        if done < len(log):
            mine = self.lists[index]
            if seat < 0:
                mine.extend([e for e in log[done:] if e.visible_to is None])
            else:
                mine.extend([e for e in log[done:] if e.visible_to is None or seat in e.visible_to])
            self.done[index] = len(log)
        return self.lists[index]


def logs_of(state: Any) -> SeatLogs:
    """The ``SeatLogs`` of ``state.log`` (kept on the state as ``_seat_logs``, ``None`` at first; remade for
    a new log)."""
    logs: SeatLogs | None = state._seat_logs
    if logs is None or logs.log is not state.log:
        logs = state._seat_logs = SeatLogs(state.log, state.players)
    return logs


class PublicFacts:
    """What everyone may know at one moment, in immutable values, and the ``table`` and ``seats`` built
    from them once, for every view of that moment.

    A game subclasses it: ``__init__`` copies the state's public attributes (ints, strings, tuples) under
    the same names, and ``build_table`` and ``build_seats`` make the view fields from them. Because the
    names are the state's own, the same builders also read a live state (the fast adapter, ``SeatWindow``).
    Besides the builders a subclass gives ``game``, ``players``, ``dealer``, ``options``, ``phase``,
    ``to_act`` and ``is_over`` (``TurnFacts`` does the last three for turn-based deals).
    """

    __slots__ = ("_seats", "_table", "moment")

    moment: int
    """The length of the state's log when these facts were taken (``public_facts``)."""
    _table: Mapping[str, object]
    _seats: tuple[SeatInfo, ...]
    game: str
    players: int
    dealer: int | None
    options: Mapping[str, object]
    phase: str
    to_act: frozenset[int]
    is_over: bool

    def build_table(self) -> Mapping[str, object]:
        """The public table facts (``View.table``), as a plain dict or mapping."""
        return {}

    def build_seats(self) -> tuple[SeatInfo, ...]:
        """What everyone may know about each seat (``View.seats``)."""
        return ()

    def table(self) -> Mapping[str, object]:
        """``build_table`` once, read-only."""
        try:
            return self._table
        except AttributeError:
            table = self._table = frozen(self.build_table())
            return table

    def seats(self) -> tuple[SeatInfo, ...]:
        """``build_seats`` once."""
        try:
            return self._seats
        except AttributeError:
            seats = self._seats = self.build_seats()
            return seats


class TurnFacts(PublicFacts):
    """``PublicFacts`` of a turn-based deal (``core.turns.TurnState``): the phase and the seat to act."""

    __slots__ = ("phase_name", "turn")

    phase_name: str
    turn: int

    @property
    def phase(self) -> str:  # type: ignore[override]
        """The phase name."""
        return self.phase_name

    @property
    def to_act(self) -> frozenset[int]:  # type: ignore[override]
        """The seat to act (nobody at the end)."""
        return frozenset() if self.phase_name == "over" else frozenset((self.turn,))

    @property
    def is_over(self) -> bool:  # type: ignore[override]
        """Whether the deal has ended."""
        return self.phase_name == "over"


def public_facts(state: Any, kind: Callable[[Any], PublicFacts]) -> PublicFacts:
    """The state's ``PublicFacts`` of this moment: made on the first view after a change, then shared.

    Every ``apply`` adds at least one event, so the log's length tells whether the state changed since
    the facts were taken (a clone starts with its original's facts, which are its own until it acts).
    The state keeps them as ``_public_facts`` (``None`` before the first view), each with the length of
    the log it was taken at (``moment``).
    """
    length = len(state.log)
    facts: PublicFacts | None = state._public_facts
    if facts is None or facts.moment != length:
        facts = state._public_facts = kind(state)
        facts.moment = length
    return facts


Legal = tuple[Action, ...] | Callable[[], tuple[Action, ...]]
"""A view's legal actions, or a function of immutable values that makes them when first read."""


class SeatParts(tuple[Any, ...]):
    """Everything one view is built from: the shared public facts and this seat's own immutable parts.

    A tuple (made in one step by ``parts_of``): ``(facts, seat, hand_mask, legal, private, events, count,
    order)``; ``events[:count]`` is the seat's history when the view was made.
    """

    __slots__ = ()

    def build(self, name: str) -> object:
        """The value of view field ``name`` (``AttributeError`` for a name that is not a field)."""
        facts, _seat, hand_mask, legal, private, events, count, order = self
        if name == "legal":
            return legal if legal.__class__ is tuple else legal()
        if name == "hand":
            return sorted_hand(hand_mask, order) if hand_mask else ()
        if name == "history":
            return tuple(events) if len(events) == count else tuple(events[:count])
        if name == "table":
            return facts.table()
        if name == "seats":
            return facts.seats()
        if name == "private":
            return private
        if name in ("game", "players", "phase", "to_act", "options", "dealer", "is_over"):
            return getattr(facts, name)
        raise AttributeError(name)


_tuple_new = tuple.__new__


def lazy_view(facts: Any, seat: int, hand_mask: int, legal: Legal, private: Mapping[str, object],
              events: Sequence[Event], order: HandOrder = SUIT_THEN_RANK) -> View:
    """A ``View`` of ``seat`` whose fields are built from these parts on first reading (``View.__getattr__``).

    ``facts`` is a ``PublicFacts`` (or, for ``live_view``, a state with the same attributes and methods).

    ``events`` is a list that is only ever appended to; the view keeps its current length.
    """
    view: View = _new(View)
    _set_seat(view, seat)
    if legal.__class__ is tuple:  # ready: most bots read it first
        _set_legal(view, legal)
    _set_parts(view, _tuple_new(SeatParts, (facts, seat, hand_mask, legal, private, events, len(events), order)))
    return view


def seat_view(state: Any, kind: Callable[[Any], PublicFacts], seat: int, hand_mask: int, legal: Legal,
              private: Mapping[str, object] = EMPTY, order: HandOrder = SUIT_THEN_RANK) -> View:
    """The usual ``State.view``: this moment's shared facts, the seat's own parts, its history so far.

    ``state`` has ``log`` (its events, only ever appended to), ``players``, ``_public_facts`` and
    ``_seat_logs``. This is ``lazy_view(public_facts(...), ..., logs_of(state).seen(seat))`` written out in
    one function: ``cardsuite simulate`` makes one view per decision, and calls cost.
    """
    log = state.log
    length = len(log)
    facts = state._public_facts
    if facts is None or facts.moment != length:
        facts = state._public_facts = kind(state)
        facts.moment = length
    logs = state._seat_logs
    if logs is None or logs.log is not log:
        logs = state._seat_logs = SeatLogs(log, state.players)
    events = logs.lists[seat]
    if logs.done[seat] < length:
        events = logs.seen(seat)
    view: View = _new(View)
    _set_seat(view, seat)
    if legal.__class__ is tuple:
        _set_legal(view, legal)
    _set_parts(view, _tuple_new(SeatParts, (facts, seat, hand_mask, legal, private, events, len(events), order)))
    return view


def public_seat_view(state: Any, kind: Callable[[Any], PublicFacts], seat: int, hand_mask: int,
                     legal: Legal) -> View:
    """``seat_view`` for a game whose every event is public: the view reads the log itself."""
    log = state.log
    length = len(log)
    facts = state._public_facts
    if facts is None or facts.moment != length:
        facts = state._public_facts = kind(state)
        facts.moment = length
    view: View = _new(View)
    _set_seat(view, seat)
    if legal.__class__ is tuple:
        _set_legal(view, legal)
    _set_parts(view, _tuple_new(SeatParts, (facts, seat, hand_mask, legal, EMPTY, log, length, SUIT_THEN_RANK)))
    return view


def live_view(state: Any, seat: int, hand_mask: int, legal: Legal, private: Mapping[str, object] = EMPTY,
              order: HandOrder = SUIT_THEN_RANK, all_public: bool = False,
              table: Mapping[str, Callable[[Any], object]] | None = None) -> View:
    """The usual ``State.window``: a view whose public fields are built from the live ``state`` itself.

    The state then serves as its own ``PublicFacts`` (it has ``game``, ``players``, ``dealer``,
    ``options``, ``phase``, ``to_act``, ``is_over``, ``table()`` and ``seats()``, made by the same
    builders as its facts'), so nothing is copied; the view is right only until the state changes.
    ``all_public``: every event of this game is public, so the view reads the log itself. ``table``: the
    builder of each table entry, so that a window builds only the entries its reader asks for.
    """
    events = state.log if all_public else logs_of(state).seen(seat)
    view = lazy_view(state, seat, hand_mask, legal, private, events, order)
    if table is not None:
        _set_table(view, LazyTable(state, table))
    return view


class LazyTable(Mapping[str, object]):
    """A table whose entries are built from ``src`` by ``fields`` the first time each is read."""

    __slots__ = ("_fields", "_src", "_values")

    def __init__(self, src: Any, fields: Mapping[str, Callable[[Any], object]]) -> None:
        self._src = src
        self._fields = fields
        self._values: dict[str, object] = {}

    def __getitem__(self, key: str) -> object:
        try:
            return self._values[key]
        except KeyError:
            value = self._values[key] = self._fields[key](self._src)  # KeyError for a key it has not
            return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)


def watcher_view(state: Any, kind: Callable[[Any], PublicFacts], all_public: bool = False) -> View:
    """The usual ``State.public_view``: the shared facts and the public events, nothing of any seat.

    ``all_public``: every event of this game is public, so the view reads the log itself.
    """
    events = state.log if all_public else logs_of(state).seen(PUBLIC_SEAT)
    return lazy_view(public_facts(state, kind), PUBLIC_SEAT, 0, (), EMPTY, events)
