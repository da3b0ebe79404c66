"""What everyone may know of a Nap deal and what the table shows: ``View.table``, ``View.seats`` and
the facts a view's table is built from (``NapFacts``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...cards import Card
from ...core.fast.facts import LoggedFacts
from ...core.fast.native import mypyc_attr
from ...core.game import SeatInfo
from ...core.message import Message, msg
from ..tricktable import TrickPublic, contract_header, trick_seats, trick_table
from .bidding import BID_WORDS, HAND_SIZE


@mypyc_attr(native_class=False)  # LoggedFacts is a slotted Python class
class NapFacts(LoggedFacts):
    """What everyone may know of a Nap deal at one moment (see ``core.fast.views``).

    Every Nap event is public and the table follows from the log, so a Nap view (``core.fast.views.turn_view``)
    takes only the phase, the seat to act and the log's length, and a ``NapFacts`` is made only when a
    view's table or seats is first read (once per moment): it has the deal's constants and log, the
    moment, the phase and the seat to act (``LoggedFacts``). The table's facts (the bids, the contract,
    trumps, the trick, tricks taken, the last trick) are worked out from the log's first ``moment``
    events (``_replay``, once per moment), the same values as the state's own at that moment.
    """

    __slots__ = ("bids", "declarer", "high", "last_cards", "last_seats", "taken", "trick", "trick_number",
                 "trick_seats", "trump")
    game = "nap"
    bids: tuple[tuple[int, str | None], ...]
    taken: tuple[int, ...]

    def _replay(self) -> None:
        """Set the table's facts from the events up to ``moment``, as ``NapState`` changed them."""
        bids: list[tuple[int, str | None]] = []
        high: str | None = None
        declarer = trump = -1
        trick: tuple[Card, ...] = ()
        seats: tuple[int, ...] = ()
        number = 1
        taken = [0] * self.players
        last_seats: tuple[int, ...] = ()
        last_cards: tuple[Card, ...] = ()
        event: Any  # a Nap event: its seat, card, winner and action are set where its kind says
        for event in self.log[:self.moment]:
            kind = event.kind
            if kind == "play":
                trick += (event.card,)
                seats += (event.seat,)
            elif kind == "trick":
                taken[event.winner] += 1
                last_seats, last_cards, trick, seats = seats, trick, (), ()
                if number < HAND_SIZE:  # the last trick keeps its number
                    number += 1
            elif kind == "pass":
                bids.append((event.seat, None))
            elif kind == "bid":  # its action is "bid <b>"
                high, declarer = event.action[4:], event.seat
                bids.append((declarer, high))
            elif kind == "trump":
                trump = event.data[0][1]
        self.bids, self.high, self.declarer, self.trump = tuple(bids), high, declarer, trump
        self.trick, self.trick_seats, self.trick_number, self.taken = trick, seats, number, tuple(taken)
        self.last_seats, self.last_cards = last_seats, last_cards

    def build_table(self) -> dict[str, object]:
        if not hasattr(self, "taken"):
            self._replay()
        return nap_table(self)

    def build_seats(self) -> tuple[SeatInfo, ...]:
        if not hasattr(self, "taken"):
            self._replay()
        return nap_seats(self)


def contract_text(src: TrickPublic) -> Message:
    """The header line: who declared what, and trumps once the first lead names them."""
    return _contract_words(src.high, src.phase_name == "bidding", src.declarer, src.trump)


@lru_cache(maxsize=4096)
def _contract_words(high: str | None, bidding: bool, declarer: int, trump: int) -> Message:
    """``contract_text`` from the facts it depends on, made once for each (messages are immutable values)."""
    return contract_header(high, bidding, declarer, trump, BID_WORDS[high or "1"], high == "misere",
                           lambda seat, bid: msg("{seat}: {bid}, trumps: the first lead", seat=seat, bid=bid))


def nap_table(src: TrickPublic) -> dict[str, object]:
    """``View.table`` of a Nap deal."""
    return trick_table(src, contract_text(src))


def nap_seats(src: TrickPublic) -> tuple[SeatInfo, ...]:
    """``View.seats`` of a Nap deal: cards held, tricks, and who declared."""
    return trick_seats(src, HAND_SIZE)
