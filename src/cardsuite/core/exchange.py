"""Exchange rounds with a shared stock: seats in turn put cards away face down and draw as many.

The first seat of the order (the leader: Napas's declarer) may exchange up to ``leader_limit`` cards;
with ``leader_caps`` every later seat may exchange at most as many as the leader did. Nobody may draw
more than the stock still holds. Cards are drawn from the top of the stock; discards go to a pile and
never return. Seats that may not exchange (their limit is zero) are skipped: they do not act.

What a seat discarded and drew is private to it; how many cards it exchanged is public. ``exchange``
returns one private event (carrying the action's record text, which only the exchanger may know) and
one public event (carrying the record text only when nothing was exchanged, since then everyone knows
the action).

A seat's choices are every set of at most its limit of its cards (``discard_choices``): up to 32 for a
five-card hand. ``core.choices.DiscardChoices`` is the sequence of their actions that makes only the one
that is indexed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from math import comb
from operator import itemgetter
from typing import Any, Final, cast

from ..cards import BIT, Card, CardSet, card_name, cards_in
from .errors import IllegalAction
from .fast.native import mypyc_attr
from .game import Event
from .message import N_, CardRef, CardsRef, Message, SeatRef, msg, msg_n

_PICKERS: Final[dict[tuple[int, int], Callable[[list[CardSet]], tuple[CardSet, ...]]]] = {}


def _picker(size: int, limit: int) -> Callable[[list[CardSet]], tuple[CardSet, ...]]:
    """Picks, from the ``2**size`` subsets of ``size`` items (index bit i: item i), those of at most
    ``limit`` items, smallest first."""
    key = (size, limit)
    found = _PICKERS.get(key)
    if found is None:
        order = subset_order(size)[: choices_count(size, limit)]
        if len(order) == 1:
            found = _PICKERS[key] = lambda masks: (masks[0],)
        else:
            found = _PICKERS[key] = cast(Callable[[list[CardSet]], tuple[CardSet, ...]], itemgetter(*order))
    return found


_ORDERS: Final[dict[int, tuple[int, ...]]] = {}
CHOICE_COUNTS: Final = tuple(tuple(sum(comb(size, k) for k in range(limit + 1)) for limit in range(size + 1))
                       for size in range(17))
"""``CHOICE_COUNTS[size][limit]``: ``choices_count`` for hands of up to 16 cards (limit at most ``size``)."""


def subset_order(size: int) -> tuple[int, ...]:
    """Every subset of ``size`` items as a bit pattern (bit i: item i), smallest first, then by pattern:
    the order of ``discard_choices``, so that its first ``choices_count(size, limit)`` are those of at
    most ``limit`` items."""
    found = _ORDERS.get(size)
    if found is None:
        found = _ORDERS[size] = tuple(sorted(range(1 << size), key=lambda i: (i.bit_count(), i)))
    return found


def choices_count(size: int, limit: int) -> int:
    """How many sets of at most ``limit`` of ``size`` items there are (the empty set included)."""
    limit = min(max(limit, 0), size)
    if size < len(CHOICE_COUNTS):
        return CHOICE_COUNTS[size][limit]
    return sum(comb(size, k) for k in range(limit + 1))


def discard_choices(hand: CardSet, limit: int) -> tuple[CardSet, ...]:
    """Every set of at most ``limit`` cards of ``hand``, smallest sets first (the empty set first)."""
    bits = []
    while hand:
        low = hand & -hand
        bits.append(low)
        hand ^= low
    if len(bits) == 5:  # the common case (5-card hands), spelled out for speed
        b0, b1, b2, b3, b4 = bits
        b01 = b0 | b1
        low3 = (0, b0, b1, b01, b2, b0 | b2, b1 | b2, b01 | b2)
        masks = [m | h for h in (0, b3, b4, b3 | b4) for m in low3]
    else:
        masks = [0]
        for b in bits:
            masks += [m | b for m in masks]
    return _picker(len(bits), limit)(masks)


_CARD_NAMES: Final = tuple(card_name(c) for c in range(53))


def _names(cards: Sequence[Card]) -> str:
    """``the ace of spades, the 7 of hearts and the 9 of clubs``."""
    names = _CARD_NAMES
    if len(cards) == 1:
        return names[cards[0]]
    if len(cards) == 2:
        return f"{names[cards[0]]} and {names[cards[1]]}"
    if not cards:
        return ""
    return ", ".join([names[c] for c in cards[:-1]]) + " and " + names[cards[-1]]


_ONLY: Final[tuple[frozenset[int], ...]] = tuple(frozenset((s,)) for s in range(16))
_SEATS: Final = tuple(SeatRef(s) for s in range(16))
_DRAW_KEY: Final = N_("{seat} put away {discarded} and drew {drawn}")  # N_: for the catalogs
_PUT_AWAY: Final[dict[CardSet, tuple[str, CardsRef]]] = {}
"""The words and the message part of each set of cards put away (``_private_event``; bounded)."""
_DRAWN: Final[dict[tuple[Card, ...], tuple[str, CardsRef]]] = {}
"""The words and the message part of each run of cards drawn, in order (``_private_event``; bounded)."""

_EVENT_FIELDS: Final = ("kind", "seat", "text", "card", "winner", "rule", "scores", "visible_to", "action", "data",
                        "message")
_MESSAGE_FIELDS: Final = ("key", "params", "plural", "context")


@mypyc_attr(native_class=False)  # a plain Python class: its instances become Events (see _private_event)
class _EventSlots:
    """The same slots as ``Event`` (a frozen slotted dataclass), writable: ``_private_event`` fills one
    and then makes it an ``Event`` by setting its ``__class__``, which Python allows between two classes of
    the same layout."""

    __slots__ = _EVENT_FIELDS


@mypyc_attr(native_class=False)
class _MessageSlots:
    """The same slots as ``Message``, writable (see ``_EventSlots``)."""

    __slots__ = _MESSAGE_FIELDS


def _slots_fit() -> bool:
    """Whether ``Event`` and ``Message`` still have exactly the slots of ``_EventSlots`` and ``_MessageSlots``
    (their fields, in order, and nothing else), so that an instance of the one may become the other."""
    if (tuple(f.name for f in fields(Event)) != _EVENT_FIELDS or Event.__slots__ != _EVENT_FIELDS
            or tuple(f.name for f in fields(Message)) != _MESSAGE_FIELDS or Message.__slots__ != _MESSAGE_FIELDS):
        return False
    try:  # Python refuses the change of class when the layouts differ (a __weakref__ or __dict__ added)
        event: Any = _new(_EventSlots)
        event.__class__ = Event
        message: Any = _new(_MessageSlots)
        message.__class__ = Message
    except TypeError:
        return False
    return True


_new: Final = object.__new__
_FAST_EVENTS: Final = _slots_fit()
"""Whether ``_private_event`` may fill writable twins of ``Event`` and ``Message`` and turn them into those
(checked at import: else it calls the constructors)."""


def _cards_parts(cards: tuple[Card, ...]) -> tuple[str, CardsRef]:
    """The words for ``cards`` and their message part, kept in ``_DRAWN`` (bounded)."""
    if len(_DRAWN) > 50_000:
        _DRAWN.clear()
    parts = _DRAWN[cards] = (_names(cards), CardsRef(cards))
    return parts


def _private_event(seat: int, discard: CardSet, put_away: tuple[Card, ...], drawn: tuple[Card, ...],
                   action_text: str) -> Event:
    """``seat N put away ... and drew ...``, told to that seat alone (``visible_to``), with the action's
    record text, the cards as data and the message.

    It is made at every exchange of every playout, and no two are alike (the cards drawn differ), so it
    is made the short way: the words and message parts for the cards put away are kept by set, and for
    the cards drawn by run (a few cards out of 32 or 52: the runs recur), and the event and its message
    are made as writable twins (``_EventSlots``, ``_MessageSlots``: the same slots), filled by plain
    attribute stores and then given their real class. ``Event(...)`` and ``Message(...)`` would set each
    field through ``object.__setattr__`` (frozen dataclasses), and calling each slot's ``__set__`` costs
    about as much: a call with a new argument tuple each, eleven and four of them, where a store to a
    slot is a few instructions interpreted and a generic attribute store compiled. The result is the
    very same value. ``_FAST_EVENTS`` checks at import that the layouts still match, else the
    constructors make them.
    """
    parts = _PUT_AWAY.get(discard)
    if parts is None:
        if len(_PUT_AWAY) > 50_000:
            _PUT_AWAY.clear()
        parts = _PUT_AWAY[discard] = (_names(put_away), CardsRef(put_away))
    drawn_parts = _DRAWN.get(drawn) or _cards_parts(drawn)
    text = f"seat {seat} put away {parts[0]} and drew {drawn_parts[0]}"
    visible_to = _ONLY[seat] if seat < 16 else frozenset((seat,))
    data = (("discarded", put_away), ("drawn", drawn))
    params = (("seat", _SEATS[seat] if seat < 16 else SeatRef(seat)), ("discarded", parts[1]),
              ("drawn", drawn_parts[1]))
    if not _FAST_EVENTS:
        return Event("draw", seat, text, visible_to=visible_to, action=action_text, data=data,
                     message=Message(_DRAW_KEY, params))
    message: Any = _new(_MessageSlots)
    message.key = _DRAW_KEY
    message.params = params
    message.plural = None
    message.context = None
    message.__class__ = Message
    event: Any = _new(_EventSlots)
    event.kind = "draw"
    event.seat = seat
    event.text = text
    event.card = None
    event.winner = None
    event.rule = None
    event.scores = None
    event.visible_to = visible_to
    event.action = action_text
    event.data = data
    event.message = message
    event.__class__ = Event
    made: Event = event
    return made


_PUBLIC: Final[dict[tuple[int, int, str | None], Event]] = {}


def _public_event(seat: int, count: int, action: str | None) -> Event:
    """``seat N exchanged k cards``: the same value every time, so made once."""
    key = (seat, count, action)
    found = _PUBLIC.get(key)
    if found is None:
        if len(_PUBLIC) > 10_000:
            _PUBLIC.clear()
        plural = "card" if count == 1 else "cards"
        found = _PUBLIC[key] = Event("exchange", seat, f"seat {seat} exchanged {count} {plural}", action=action,
                                     data=(("count", count),),
                                     message=msg_n("{seat} exchanged {n} card", "{seat} exchanged {n} cards", count,
                                                   seat=SeatRef(seat)))
    return found


class ExchangeResult:
    """One seat's exchange: its new hand, the cards it put away and drew (in order), the events to log.

    A plain class rather than a ``NamedTuple``: one is made at every exchange, and compiled, a named tuple
    is still made by a Python function (its ``__new__``), where this class is native."""

    __slots__ = ("drawn", "events", "hand", "put_away")

    def __init__(self, hand: CardSet, put_away: tuple[Card, ...], drawn: tuple[Card, ...],
                 events: tuple[Event, ...]) -> None:
        self.hand = hand
        self.put_away = put_away
        self.drawn = drawn
        self.events = events

    def __repr__(self) -> str:
        return (f"ExchangeResult(hand={self.hand!r}, put_away={self.put_away!r}, drawn={self.drawn!r},"
                f" events={self.events!r})")


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, __new__ then skips __init__, as clone() needs
class ExchangeRound:
    """One round of exchanges over a shared stock (mutable; ``clone`` for search).

    ``order`` is every seat that may take part, the leader first; ``stock`` is top first.
    """

    __slots__ = ("counts", "discards", "drawn", "index", "leader_caps", "leader_limit", "leader_word", "order",
                 "stock")

    def __init__(self, order: Sequence[int], stock: Sequence[Card], leader_limit: int,
                 leader_caps: bool = True, leader_word: str = "the first to exchange") -> None:
        self.leader_word = leader_word
        self.order = tuple(order)
        self.stock = tuple(stock)
        self.leader_limit = leader_limit
        self.leader_caps = leader_caps
        self.drawn = 0
        self.index = 0
        self.counts: dict[int, int] = {}
        self.discards: list[Card] = []
        self._skip()

    # -- questions ----------------------------------------------------------------------------------
    @property
    def stock_left(self) -> int:
        """How many cards the stock still holds."""
        return len(self.stock) - self.drawn

    @property
    def remaining_stock(self) -> tuple[Card, ...]:
        """The cards still in the stock, top first."""
        return self.stock[self.drawn :]

    @property
    def cap(self) -> int | None:
        """The most a later seat may exchange (the leader's count), ``None`` until the leader has."""
        if not self.leader_caps:
            return self.leader_limit
        return self.counts.get(self.order[0]) if self.order else None

    @property
    def current(self) -> int | None:
        """The seat that must exchange now, or ``None`` when the round is over."""
        return self.order[self.index] if self.index < len(self.order) else None

    @property
    def done(self) -> bool:
        """Whether every seat has exchanged or been skipped."""
        return self.index >= len(self.order)

    def limit(self, seat: int) -> int:
        """The most cards ``seat`` may exchange now (0: it may not exchange)."""
        if not self.order:
            return 0
        leader = self.order[0]
        base = self.leader_limit if seat == leader or not self.leader_caps else self.counts.get(leader, 0)
        left = len(self.stock) - self.drawn
        return base if base < left else max(0, left)

    def refusal(self, seat: int, hand: CardSet, discard: CardSet) -> str | Message | None:
        """Why ``seat`` may not put away ``discard`` from ``hand`` now (``None`` when it may)."""
        if seat != self.current:
            return msg("it is not {seat}'s turn to exchange", seat=SeatRef(seat))
        if discard & ~hand:
            missing = cards_in(discard & ~hand)
            if len(missing) == 1:
                return msg("{seat} does not hold {card}", seat=SeatRef(seat), card=CardRef(missing[0]))
            return msg("{seat} does not hold {cards} and {last}", seat=SeatRef(seat),
                       cards=CardsRef(tuple(missing[:-1])), last=CardRef(missing[-1]))
        count = discard.bit_count()
        limit = self.limit(seat)
        if count > limit:
            if seat != self.order[0] and self.leader_caps and limit == self.counts.get(self.order[0]):
                return (f"seat {seat} may exchange at most {limit} card{'s' if limit != 1 else ''}:"
                        f" no more than {self.leader_word} exchanged")
            return f"seat {seat} may exchange at most {limit} cards: only {self.stock_left} left in the stock"
        return None

    # -- the move -----------------------------------------------------------------------------------
    def exchange(self, seat: int, hand: CardSet, discard: CardSet, action_text: str,
                 cards: tuple[Card, ...] | None = None) -> ExchangeResult:
        """Put ``discard`` away and draw as many from the top; raise ``IllegalAction`` (round unchanged).

        ``cards`` may give the cards of ``discard`` in ascending order, to save working them out.
        """
        count = discard.bit_count()
        index = self.index
        order = self.order
        counts = self.counts
        stock = self.stock
        start = self.drawn
        leader_limit, leader_caps = self.leader_limit, self.leader_caps
        # ``limit`` and ``_skip`` are written out here (this runs at every exchange of every playout)
        if index < len(order) and seat == order[index] and not discard & ~hand:
            leader = order[0]
            base = leader_limit if seat == leader or not leader_caps else counts.get(leader, 0)
            left = len(stock) - start
            allowed = count <= (base if base < left else left)
        else:
            allowed = False
        if not allowed:
            raise IllegalAction(self.refusal(seat, hand, discard) or msg("this exchange is not allowed now"))
        end = self.drawn = start + count
        drawn = stock[start:end]
        counts[seat] = count
        left = len(stock) - end  # pass the seats whose ``limit`` is now zero
        index += 1
        while index < len(order):
            nxt = order[index]
            base = leader_limit if nxt == leader or not leader_caps else counts.get(leader, 0)
            if (base if base < left else left) > 0:
                break
            index += 1
        self.index = index
        if not count:
            return ExchangeResult(hand, (), drawn, (_public_event(seat, 0, action_text),))
        put_away = cards if cards is not None else tuple(cards_in(discard))
        self.discards.extend(put_away)
        new_hand = hand & ~discard
        for card in drawn:
            new_hand |= BIT[card]
        private = _private_event(seat, discard, put_away, drawn, action_text)
        return ExchangeResult(new_hand, put_away, drawn, (private, _public_event(seat, count, None)))

    def _skip(self) -> None:
        while self.index < len(self.order) and self.limit(self.order[self.index]) <= 0:
            self.index += 1

    def clone(self) -> ExchangeRound:
        """An independent copy."""
        other = ExchangeRound.__new__(ExchangeRound)
        other.order = self.order
        other.leader_word = self.leader_word
        other.stock = self.stock
        other.leader_limit = self.leader_limit
        other.leader_caps = self.leader_caps
        other.drawn = self.drawn
        other.index = self.index
        other.counts = dict(self.counts)
        other.discards = list(self.discards)
        return other


def exchange_order(leader: int, players: int) -> tuple[int, ...]:
    """The leader first, then every other seat clockwise from the leader's left."""
    return tuple((leader + i) % players for i in range(players))
