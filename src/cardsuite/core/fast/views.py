"""Views built on demand: a ``View`` holds a seat's immutable parts, and each field is made when first read.

``turn_view`` (every event public: Nap), ``secret_view`` (private events: Napas, Napoleon) and ``live_view``
(a window on the live state, for search) make the views; ``SeatLogs`` splits a log once into the public
events and each seat's own. A view's parts hold only what its seat may know, never the state. Compiled
with mypyc (``scripts/compile_engines.py``); facts objects are ``Any`` here (``FactsKind``). See
``docs/fast.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from ...cards import JOKER, RANK_OF, SUIT_OF, Card, cards_in
from ..game import Action, Event, View
from .facts import EMPTY, LazyTable
from .native import mypyc_attr

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


FactsKind = Any
"""A ``PublicFacts`` subclass, as the functions that make views take it: the class, called with the state
(``LoggedFacts``: with the deal's ``DealFacts``, the moment, the phase and the turn). Written ``Any``, as are
the facts these functions keep and hand back: compiled by mypyc (``scripts/compile_engines.py``), a value
declared a ``PublicFacts`` (or ``type[...]`` of one) is checked against the classes mypyc compiled, which
refuses a facts class written in an interpreted module (Napoleon's, GOPS's, a plugin's)."""


class SeatLogs:
    """The events of one append-only log, split once as the log grows: the public ones, and each seat's own.

    ``public`` holds the events everyone may see, in order; ``mine[seat]`` holds the events told to some
    seats only (``Event.visible_to``) that ``seat`` may see, each with how many public events came before
    it. Both are only ever appended to, so a view keeps references to the public list and its seat's list
    and their lengths, and merges those prefixes later, unchanged (``seat_history``). Each event is looked
    at once however many seats have views (a view per decision of a four-seat deal used to filter each
    event four times), and the public list is the watchers' history as it is. A view holds only these two
    lists, never the log: another seat's private events stay out of its reach. A clone of a state has its
    own log (a new list), and so gets new ``SeatLogs`` (``logs_of``).
    """

    __slots__ = ("done", "log", "mine", "public")

    def __init__(self, log: list[Event], players: int) -> None:
        self.log = log
        self.public: list[Event] = []
        self.mine: list[list[tuple[int, Event]]] = [[] for _ in range(players)]
        self.done = 0

    def catch_up(self) -> None:
        """Split the events logged since the last call."""
        log = self.log
        public = self.public
        mine = self.mine
        for event in log[self.done:]:
            seers = event.visible_to
            if seers is None:
                public.append(event)
            else:
                before = len(public)
                for seat in seers:
                    if 0 <= seat < len(mine):
                        mine[seat].append((before, event))
        self.done = len(log)

    def seen(self, seat: int) -> list[Event]:
        """The events ``seat`` (``PUBLIC_SEAT``: everyone) may see, up to now (a new list for a seat)."""
        if self.done < len(self.log):
            self.catch_up()
        if seat < 0:
            return self.public
        return list(seat_history(self.public, len(self.public), self.mine[seat], len(self.mine[seat])))


def seat_history(public: Sequence[Event], count: int, mine: Sequence[tuple[int, Event]],
                 mine_count: int) -> tuple[Event, ...]:
    """The first ``count`` public events with the first ``mine_count`` of a seat's own, in the log's order
    (each of its own events follows the number of public events it was logged after)."""
    if not mine_count:
        return tuple(public) if len(public) == count else tuple(public[:count])
    out: list[Event] = []
    start = 0
    for before, event in mine[:mine_count]:
        out.extend(public[start:before])
        out.append(event)
        start = before
    out.extend(public[start:count])
    return tuple(out)


def logs_of(state: Any) -> SeatLogs:
    """The ``SeatLogs`` of ``state.log``, caught up (kept on the state as ``_seat_logs``, ``None`` at first;
    remade for a new log). One new public event (a card, a bid: most often, since every view of a
    simulation follows one action) is appended without ``catch_up``'s loop."""
    log: list[Event] = state.log
    logs: SeatLogs | None = state._seat_logs
    if logs is None or logs.log is not log:
        logs = state._seat_logs = SeatLogs(log, state.players)
    done = logs.done
    length = len(log)
    if done < length:
        if done + 1 == length and log[done].visible_to is None:
            logs.public.append(log[done])
            logs.done = length
        else:
            logs.catch_up()
    return logs


Legal = Sequence[Action] | Callable[[], Sequence[Action]]
"""A view's legal actions, or a function of immutable values that makes them when first read.

The sequence is usually the very one ``State.legal_actions`` returned: a tuple, or a lazy sequence of
immutable values (``core.choices.DiscardChoices``, Napoleon's ``DiscardChoices``) that compares equal to
the tuple of its actions and makes only those it is asked for. A view hands it out as it is, so a random
bot reading ``len`` and one index does not pay for the hundreds of actions a discard can offer."""


@mypyc_attr(native_class=False)  # a tuple: see the module's docs
class SeatParts(tuple[Any, ...]):
    """Everything one view is built from: the shared public facts and this seat's own immutable parts.

    A tuple (made in one step): ``(facts, seat, hand_mask, legal, private, events, count, order, mine,
    mine_count)``; the seat's history when the view was made is the first ``count`` of ``events`` (public
    events, or a log whose every event is public) merged with the first ``mine_count`` of ``mine``, its
    own events (``SeatLogs``; ``()`` and 0 when it has none).
    """

    __slots__ = ()

    def build(self, name: str) -> object:
        """The value of view field ``name`` (``AttributeError`` for a name that is not a field)."""
        facts, seat, hand_mask, legal, private, events, count, order, mine, mine_count = self
        if name == "legal":
            return legal() if callable(legal) else legal
        if name == "seat":
            return seat
        if name == "hand":
            return sorted_hand(hand_mask, order) if hand_mask else ()
        if name == "history":
            return seat_history(events, count, mine, mine_count)
        if name == "table":
            return facts.table()
        if name == "seats":
            return facts.seats()
        if name == "private":
            return private
        if name in ("game", "players", "phase", "to_act", "options", "dealer", "is_over"):
            return getattr(facts, name)
        raise AttributeError(name)


def lazy_view(facts: Any, seat: int, hand_mask: int, legal: Legal, private: Mapping[str, object],
              events: Sequence[Event], order: HandOrder = SUIT_THEN_RANK,
              mine: Sequence[tuple[int, Event]] = ()) -> View:
    """A ``View`` of ``seat`` whose fields are built from these parts on first reading (``View.__getattr__``).

    ``facts`` is a ``PublicFacts`` (or, for ``live_view``, a state with the same attributes and methods).

    ``events`` (public events, or a log whose every event is public) and ``mine`` (the seat's own events,
    ``SeatLogs.mine``) are lists only ever appended to; the view keeps their current lengths.
    """
    view: View = _new(View)
    _set_seat(view, seat)
    if legal.__class__ is tuple or not callable(legal):  # ready: most bots read it first
        _set_legal(view, legal)
    _set_parts(view, SeatParts((facts, seat, hand_mask, legal, private, events, len(events), order,
                                mine, len(mine))))
    return view






class DealFacts:
    """What the views of one deal share for ``turn_view``: the deal's constants and its log (a list only
    ever appended to, every event of it public), and the ``PublicFacts`` of the latest moment a view's
    ``table`` or ``seats`` was read at (``at``), shared by the views of that moment.

    One per log: a clone of the state has its own log, and gets its own ``DealFacts`` on its first view.
    It holds nothing a seat may not see (no hand, no reference to the state).
    """

    __slots__ = ("dealer", "game", "kind", "latest", "log", "options", "players")

    def __init__(self, state: Any, kind: FactsKind) -> None:
        self.kind = kind
        self.game: str = kind.game
        self.players: int = state.players
        self.options: Mapping[str, object] = state.options
        self.dealer: int | None = state.dealer
        self.log: list[Event] = state.log
        self.latest: Any = None  # (``Any``: see ``FactsKind``)

    def at(self, moment: int, phase_name: str, turn: int) -> Any:
        """The public facts when the log was ``moment`` events long (made once for the latest moment
        asked: the log's length tells the moments apart, since every action logs at least one event)."""
        facts = self.latest
        if facts is None or facts.moment != moment:
            facts = self.latest = self.kind(self, moment, phase_name, turn)
        return facts


@mypyc_attr(native_class=False)  # a tuple: see the module's docs
class TurnParts(tuple[Any, ...]):
    """A ``turn_view``'s parts: ``(deal, seat, hand_mask, legal, count, phase_name, turn)``.

    ``deal`` is the deal's ``DealFacts``; the rest were taken when the view was made: the seat, its hand
    (a bitmask), its legal actions (as ``SeatParts``), the log's length, the phase and the seat to act.
    The moment's ``PublicFacts`` are made only when ``table`` or ``seats`` is first read.
    """

    __slots__ = ()

    def build(self, name: str) -> object:
        """The value of view field ``name`` (``AttributeError`` for a name that is not a field)."""
        deal, seat, hand_mask, legal, count, phase_name, turn = self
        value = own_field(name, seat, hand_mask, legal)
        if value is not NOT_OWN:
            return value
        if name == "history":
            log = deal.log
            return tuple(log) if len(log) == count else tuple(log[:count])
        if name == "table":
            return deal.at(count, phase_name, turn).table()
        if name == "seats":
            return deal.at(count, phase_name, turn).seats()
        return turn_field(deal, phase_name, turn, EMPTY, name)


def turn_view(state: Any, kind: FactsKind, seat: int, hand_mask: int, legal: Legal) -> View:
    """``State.view`` (and, with ``PUBLIC_SEAT``, no hand and no legal actions, ``public_view``) of a
    turn-based deal whose every event is public and whose public facts follow from its log (Nap).

    ``state`` has ``log``, ``players``, ``options``, ``dealer``, ``phase_name``, ``turn`` and
    ``_public_facts`` (where its ``DealFacts`` is kept). ``cardsuite simulate`` makes a view at every
    decision and a random seat reads only ``legal``: so a view made here takes the seat's own values, the
    log's length, the phase and the seat to act into one ``TurnParts`` and makes no ``PublicFacts`` (a
    new one every moment cost more than the rest of the view); the facts are made when ``table`` or
    ``seats`` is first read, once per moment for every view of it (``DealFacts.at``). ``seat`` too is
    built from the parts when first read: a slot write per view, for a field most
    views made for a decision are never asked for.
    """
    log: list[Event] = state.log
    deal: DealFacts | None = state._public_facts
    if deal is None or deal.log is not log:
        deal = state._public_facts = DealFacts(state, kind)
    view: View = _new(View)
    if legal.__class__ is tuple or not callable(legal):  # ready: most bots read it first
        _set_legal(view, legal)
    _set_parts(view, TurnParts((deal, seat, hand_mask, legal, len(log), state.phase_name, state.turn)))
    return view


class SecretDeal:
    """What the views of one deal with private events share (``secret_view``): the deal's constants, its
    public events (``SeatLogs.public``: a list only ever appended to, never the log, so nothing here
    reaches a seat's private events), and the facts made so far: ``eager``, the facts of the latest moment
    a view was made at in a phase the facts class does not replay (taken from the state, ``eager_at`` its
    log's length); ``bases``, for each phase it replays (``ReplayFacts.replayed``), the facts of the first
    moment of that phase a view was made at (taken from the state too); and ``latest``, the facts of the
    latest such moment a view's ``table`` or ``seats`` was read at (made from the phase's base or an
    earlier ``latest`` of the phase and the public events since: ``ReplayFacts.after``).

    One per public list: a clone of the state has its own log, so its own ``SeatLogs`` and ``SecretDeal``.
    """

    __slots__ = ("bases", "dealer", "eager", "eager_at", "game", "kind", "latest", "options", "players", "public",
                 "replayed")

    def __init__(self, state: Any, kind: FactsKind, public: list[Event]) -> None:
        self.kind = kind
        self.game: str = kind.game
        self.replayed: tuple[str, ...] = kind.replayed
        self.players: int = state.players
        self.options: Mapping[str, object] = state.options
        self.dealer: int | None = state.dealer
        self.public = public
        self.eager: Any = None  # (``Any``: see ``FactsKind``)
        self.eager_at = -1
        self.bases: dict[str, Any] = {}
        self.latest: Any = None

    def at(self, moment: int, phase_name: str, turn: int) -> Any:
        """The facts when ``moment`` public events had been logged, in a replayed phase (made once for the
        latest moment asked; every action of such a phase logs a public event, so the count tells moments
        apart)."""
        facts = self.latest
        if facts is None or facts.moment != moment:
            base = self.bases[phase_name]  # set before any view that asks for it was made
            if base.moment == moment:
                facts = base
            else:
                start = base
                if facts is not None and facts.phase_name == phase_name and base.moment <= facts.moment < moment:
                    start = facts
                facts = start.after(self.public[start.moment:moment], moment, turn)
            self.latest = facts
        return facts


def build_secret_field(parts: tuple[Any, ...], name: str) -> object:
    """The value of view field ``name`` of a ``secret_view``, from its parts (``AttributeError`` for a name
    that is not a field).

    The parts are a plain tuple (``core.game.BuildTuple``: a tuple subclass costs more to make, at every
    decision), ``(build_secret_field, deal, seat, hand_mask, legal, private, count, mine, mine_count,
    phase_name, turn, facts)``: the deal's ``SecretDeal``, and as they were when the view was made the
    seat, its hand (a bitmask), its legal actions (as ``SeatParts``), what it alone knows, how many public
    events and how many of its own (``mine``, ``SeatLogs.mine``) had been logged, the phase, the seat to
    act, and the moment's facts when they were taken then, or ``None``: made from the deal's when ``table``
    or ``seats`` is first read (``SecretDeal.at``).
    """
    _, deal, seat, hand_mask, legal, private, count, mine, mine_count, phase_name, turn, facts = parts
    value = own_field(name, seat, hand_mask, legal)
    if value is not NOT_OWN:
        return value
    if name == "history":
        return seat_history(deal.public, count, mine, mine_count)
    if name == "table":
        return (facts if facts is not None else deal.at(count, phase_name, turn)).table()
    if name == "seats":
        return (facts if facts is not None else deal.at(count, phase_name, turn)).seats()
    return turn_field(deal, phase_name, turn, private, name)


NOT_OWN: Final = object()
"""What ``own_field`` gives for a field that is not the seat's own."""


def own_field(name: str, seat: int, hand_mask: int, legal: Legal) -> object:
    """The fields a view of ``TurnParts`` or ``build_secret_field`` builds from the seat's own parts (its
    legal actions, its seat, its hand), or ``NOT_OWN`` for any other field."""
    if name == "legal":
        return legal() if callable(legal) else legal
    if name == "seat":
        return seat
    if name == "hand":
        return sorted_hand(hand_mask) if hand_mask else ()
    return NOT_OWN


def turn_field(deal: Any, phase_name: str, turn: int, private: Mapping[str, object], name: str) -> object:
    """The fields a turn-based view (``TurnParts``, ``build_secret_field``) builds alike: from its phase,
    the seat to act, what the seat alone knows and the deal's constants (``AttributeError`` for a name
    that is not a field)."""
    if name == "phase":
        return phase_name
    if name == "to_act":
        return frozenset() if phase_name == "over" else frozenset((turn,))
    if name == "is_over":
        return phase_name == "over"
    if name == "private":
        return private
    if name in ("game", "players", "options", "dealer"):
        return getattr(deal, name)
    raise AttributeError(name)


def secret_view(state: Any, kind: FactsKind, seat: int, hand_mask: int, legal: Legal,
                private: Mapping[str, object] = EMPTY) -> View:
    """``State.view`` (and, with ``PUBLIC_SEAT``, no hand and no legal actions, ``public_view``) of a
    turn-based deal with private events (Napas, Napoleon) whose facts, in the phases ``kind`` replays
    (``ReplayFacts.replayed``: the bidding and the play), follow from an earlier moment's of the phase and
    the public events since.

    ``state`` has ``log``, ``players``, ``options``, ``dealer``, ``phase_name``, ``turn``, ``_seat_logs``
    (its ``SeatLogs``) and ``_public_facts`` (where its ``SecretDeal`` is kept). ``cardsuite simulate``
    makes a view at every decision and a random seat reads only ``legal``: so in a replayed phase (most of
    a deal's decisions) a view takes the seat's own values, the counts of the public events and of its
    own, the phase and the seat to act into one tuple (``build_secret_field``) and makes no facts object;
    the facts are made when ``table`` or ``seats`` is first read, once per moment for every view of it,
    from the facts of the first moment of the phase and the public events since (``SecretDeal.at``). In
    the other phases (a few decisions: naming trumps, the exchange, the adjutant, the discard) each
    moment's facts are taken from the state when its first view is made. The log is split into public
    events and each seat's own by ``logs_of``.
    """
    length = len(state.log)
    logs = logs_of(state)
    public = logs.public
    deal: SecretDeal | None = state._public_facts
    if deal is None or deal.public is not public:
        deal = state._public_facts = SecretDeal(state, kind, public)
    phase_name: str = state.phase_name
    facts: Any = None  # (``Any``: see ``FactsKind``)
    replayed = phase_name in deal.replayed
    if not replayed or phase_name not in deal.bases:  # taken now
        if deal.eager_at == length:
            facts = deal.eager
        else:
            facts = deal.eager = kind(state)
            facts.moment = len(public)
            deal.eager_at = length
            if replayed:
                deal.bases[phase_name] = facts
    mine = logs.mine[seat] if seat >= 0 else ()
    view: View = _new(View)
    if legal.__class__ is tuple or not callable(legal):  # ready: most bots read it first
        _set_legal(view, legal)
    _set_parts(view, (build_secret_field, deal, seat, hand_mask, legal, private, len(public), mine, len(mine),
                      phase_name, state.turn, facts))
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
    if all_public:
        view = lazy_view(state, seat, hand_mask, legal, private, state.log, order)
    else:
        logs = logs_of(state)
        view = lazy_view(state, seat, hand_mask, legal, private, logs.public, order, logs.mine[seat])
    if table is not None:
        _set_table(view, LazyTable(state, table))
    return view


