"""What everyone may know of a Napas deal and what the table shows: ``View.table``, ``View.seats`` and
the facts a view's table is built from (``NapasFacts``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol

from ...cards import Card
from ...core.fast.facts import EMPTY, ReplayFacts
from ...core.fast.native import mypyc_attr
from ...core.game import Event, SeatInfo
from ...core.message import Message, msg
from ...core.options import Options
from ..tricktable import TrickPublic, contract_header, trick_seats, trick_table
from .bidding import HAND_SIZE, ZERO, bid_words, clockwise


class NapasPublic(TrickPublic, Protocol):
    """The public attributes the table is built from: a ``NapasState`` has them, and so does ``NapasFacts``."""

    options: Options

    @property
    def stock_size(self) -> int: ...
    @property
    def exchange(self) -> ExchangeFacts | None: ...


class ExchangeFacts(NamedTuple):
    """The public facts of the exchange: the discards' size, the cap, each seat's count so far."""

    discards: int
    cap: int | None
    counts: tuple[tuple[int, int], ...]


NapasValues = tuple[int, Options, int, str, int, str | None, int, int, tuple[Card, ...], int, int,
                    tuple[int, ...], tuple[Card, ...], int, ExchangeFacts | None, tuple[tuple[int, str | None], ...],
                    tuple[int, ...]]
"""A moment's public facts in ``NapasFacts``'s order: players, options, dealer, phase, turn, high bid,
declarer, trumps, trick, its leader, trick number, last trick's seats and cards, stock size, exchange, bids,
tricks taken."""


class NapasMoment(Protocol):
    """What ``NapasFacts`` takes from a live ``NapasState``."""

    def public_values(self) -> NapasValues:
        """This moment's public facts, in order (one call: the compiled state reads its own attributes)."""
        ...


@mypyc_attr(native_class=False)  # ReplayFacts is a slotted Python class
class NapasFacts(ReplayFacts):
    """What everyone may know of a Napas deal at one moment (see ``core.fast.views``).

    Made from the state for a moment before the play and for the first moment of the play a view is made
    at; the facts of a later moment of the play are made from those only when a view's table or seats is
    read (``after``): ``cardsuite simulate`` makes a view at every decision, most of them read only for
    ``legal``, and 20 of a four-player deal's 28 decisions are in the play.
    """

    __slots__ = ("bids", "dealer", "declarer", "exchange", "high", "last_cards", "last_seats", "options", "players",
                 "stock_size", "taken", "trick", "trick_leader", "trick_number", "trump")
    game = "napas"
    replayed = ("bidding", "play")
    options: Options
    players: int
    dealer: int
    bids: tuple[tuple[int, str | None], ...]
    high: str | None
    declarer: int
    trump: int
    trick: tuple[Card, ...]
    trick_leader: int
    trick_number: int
    taken: tuple[int, ...]
    last_seats: tuple[int, ...]
    last_cards: tuple[Card, ...]
    stock_size: int
    exchange: ExchangeFacts | None

    def __init__(self, state: NapasMoment) -> None:
        """The state's public facts under the same names (written out: compiled, as the state is)."""
        (self.players, self.options, self.dealer, self.phase_name, self.turn, self.high, self.declarer, self.trump,
         self.trick, self.trick_leader, self.trick_number, self.last_seats, self.last_cards, self.stock_size,
         self.exchange, self.bids, self.taken) = state.public_values()

    def after(self, events: Sequence[Event], moment: int, turn: int) -> NapasFacts:
        """These facts once ``events`` (of the auction: bids and passes; or of the play: cards and tricks)
        have happened, as ``NapasState`` changes them: the bids, the high bid and its bidder; the trick in
        progress and its leader, each trick's winner, the last trick, the trick number (no trick event of
        the play is the deal's last: that one ends it). The auction's last bid or pass ends it (the next
        moment is another phase's), so no replayed event is its end's."""
        new: NapasFacts = self.copy()
        new.moment, new.turn = moment, turn
        event: Any  # a Napas event: its seat, card, winner and action are set where its kind says
        if self.phase_name == "bidding":
            bids, high, declarer = self.bids, self.high, self.declarer
            for event in events:
                if event.kind == "bid":
                    bid = str(event.action)[4:]  # ``bid 3``: the interned bid events' action text
                    bids += ((event.seat, bid),)
                    high, declarer = bid, event.seat
                elif event.kind == "pass":
                    bids += ((event.seat, None),)
            new.bids, new.high, new.declarer = bids, high, declarer
            return new
        trick, leader, number = self.trick, self.trick_leader, self.trick_number
        taken = list(self.taken)
        last_seats, last_cards = self.last_seats, self.last_cards
        for event in events:
            kind = event.kind
            if kind == "play":
                if not trick:
                    leader = event.seat
                trick += (event.card,)
            elif kind == "trick":
                taken[event.winner] += 1
                last_seats, last_cards = clockwise(leader, self.players), trick
                trick = ()
                number += 1
        new.trick, new.trick_leader, new.trick_number, new.taken = trick, leader, number, tuple(taken)
        new.last_seats, new.last_cards = last_seats, last_cards
        return new

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """The seats that have played to the trick in progress, clockwise from its leader."""
        return clockwise(self.trick_leader, self.players)[: len(self.trick)] if self.trick else ()

    def build_table(self) -> dict[str, object]:
        return napas_table(self)

    def build_seats(self) -> tuple[SeatInfo, ...]:
        return napas_seats(self)


def contract_text(src: NapasPublic) -> Message:
    """The header line: who declared what, and the trumps."""
    return _contract_words(src.high, src.phase_name == "bidding", src.declarer, src.trump)


@lru_cache(maxsize=4096)
def _contract_words(high: str | None, bidding: bool, declarer: int, trump: int) -> Message:
    """``contract_text`` from the facts it depends on, made once for each (messages are immutable values)."""
    return contract_header(high, bidding, declarer, trump, bid_words(high or "1"), high == ZERO,
                           lambda seat, bid: msg("{seat}: {bid}, trumps not named yet", seat=seat, bid=bid))


def napas_table(src: NapasPublic) -> dict[str, object]:
    """``View.table`` of a Napas deal."""
    declarer = src.declarer if src.declarer >= 0 else None
    declarer_tricks = src.taken[src.declarer] if declarer is not None else 0
    exchange = src.exchange
    table = trick_table(src, contract_text(src))
    table["stock_size"] = src.stock_size
    table["discards_size"] = exchange.discards if exchange is not None else 0
    table["exchange_cap"] = exchange.cap if exchange is not None else None
    table["exchanges"] = MappingProxyType(dict(exchange.counts)) if exchange is not None else EMPTY
    table["declarer_tricks"] = declarer_tricks
    table["opponent_tricks"] = sum(src.taken) - declarer_tricks if declarer is not None else 0
    table["target"] = src.options.integer("target")
    return table


def napas_seats(src: NapasPublic) -> tuple[SeatInfo, ...]:
    """``View.seats`` of a Napas deal: cards held, tricks, who declared, how many cards each exchanged."""
    counts = dict(src.exchange.counts) if src.exchange is not None else {}
    return trick_seats(src, HAND_SIZE, {s: MappingProxyType({"exchanged": n}) for s, n in counts.items()})
