"""Exchange rounds with a shared stock: seats in turn put cards away face down and draw as many.

The first seat of the order (the leader: Napas's declarer) may exchange up to ``leader_limit`` cards;
with ``leader_caps`` every later seat may exchange at most as many as the leader did. Nobody may draw
more than the stock still holds. Cards are drawn from the top of the stock; discards go to a pile and
never return. Seats that may not exchange (their limit is zero) are skipped: they do not act.

What a seat discarded and drew is private to it; how many cards it exchanged is public. ``exchange``
returns one private event (carrying the action's record text, which only the exchanger may know) and
one public event (carrying the record text only when nothing was exchanged, since then everyone knows
the action).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import NamedTuple, cast

from ..cards import BIT, Card, CardSet, card_name, cards_in
from .errors import IllegalAction
from .game import Event
from .message import CardsRef, SeatRef, msg, msg_n
from .native import mypyc_attr

_PICKERS: dict[tuple[int, int], Callable[[list[CardSet]], tuple[CardSet, ...]]] = {}


def _picker(size: int, limit: int) -> Callable[[list[CardSet]], tuple[CardSet, ...]]:
    """Picks, from the ``2**size`` subsets of ``size`` items (index bit i: item i), those of at most
    ``limit`` items, smallest first."""
    key = (size, limit)
    found = _PICKERS.get(key)
    if found is None:
        order = sorted((i for i in range(1 << size) if i.bit_count() <= limit), key=lambda i: (i.bit_count(), i))
        if len(order) == 1:
            found = _PICKERS[key] = lambda masks: (masks[0],)
        else:
            found = _PICKERS[key] = cast(Callable[[list[CardSet]], tuple[CardSet, ...]], itemgetter(*order))
    return found


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


_CARD_NAMES = tuple(card_name(c) for c in range(53))


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


_ONLY: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(16))
_PUBLIC: dict[tuple[int, int, str | None], Event] = {}


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


class ExchangeResult(NamedTuple):
    """One seat's exchange: its new hand, the cards it put away and drew (in order), the events to log."""

    hand: CardSet
    put_away: tuple[Card, ...]
    drawn: tuple[Card, ...]
    events: tuple[Event, ...]


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

    def refusal(self, seat: int, hand: CardSet, discard: CardSet) -> str | None:
        """Why ``seat`` may not put away ``discard`` from ``hand`` now (``None`` when it may)."""
        if seat != self.current:
            return f"it is not seat {seat}'s turn to exchange"
        if discard & ~hand:
            missing = cards_in(discard & ~hand)
            return f"seat {seat} does not hold {_names(missing)}"
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
        if seat != self.current or discard & ~hand or count > self.limit(seat):
            raise IllegalAction(self.refusal(seat, hand, discard) or "this exchange is not allowed now")
        start = self.drawn
        drawn = self.stock[start : start + count]
        self.drawn = start + count
        self.counts[seat] = count
        self.index += 1
        self._skip()
        if not count:
            return ExchangeResult(hand, (), drawn, (_public_event(seat, 0, action_text),))
        put_away = cards if cards is not None else tuple(cards_in(discard))
        self.discards.extend(put_away)
        new_hand = hand & ~discard
        for card in drawn:
            new_hand |= BIT[card]
        public = _public_event(seat, count, None)
        private = Event(
            "draw", seat, f"seat {seat} put away {_names(put_away)} and drew {_names(drawn)}",
            visible_to=_ONLY[seat] if seat < len(_ONLY) else frozenset((seat,)), action=action_text,
            data=(("discarded", put_away), ("drawn", drawn)),
            message=msg("{seat} put away {discarded} and drew {drawn}", seat=SeatRef(seat),
                        discarded=CardsRef(put_away), drawn=CardsRef(drawn)),
        )
        return ExchangeResult(new_hand, put_away, drawn, (private, public))

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
