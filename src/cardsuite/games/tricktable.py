"""What the table of a plain trick game with one declarer shows (Nap, Napas): the shared ``View.table``
entries, the header line, and ``View.seats``, built from the public facts or the live state."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from ..cards import Card
from ..core.fast.facts import EMPTY
from ..core.game import SeatInfo
from ..core.message import Message, SeatRef, SuitRef, msg, msg_p


class TrickPublic(Protocol):
    """The public attributes these builders read: a state has them, and so do its views' facts."""

    phase_name: str
    high: str | None
    declarer: int
    trump: int
    trick_number: int
    last_seats: tuple[int, ...]
    last_cards: tuple[Card, ...]

    @property
    def bids(self) -> Sequence[tuple[int, str | None]]: ...
    @property
    def trick(self) -> Sequence[Card]: ...
    @property
    def trick_seats(self) -> Sequence[int]: ...
    @property
    def taken(self) -> Sequence[int]: ...


def trick_table(src: TrickPublic, header: Message) -> dict[str, object]:
    """The table entries every such game shows, in this order: the header line (``contract_text``), the
    calls, the contract and its declarer, trumps, the trick in play, its number and the last trick."""
    return {
        "contract_text": header,
        "bids": tuple(src.bids),
        "contract": src.high,
        "declarer": src.declarer if src.declarer >= 0 else None,
        "trump": src.trump,
        "trick": tuple(zip(src.trick_seats, src.trick, strict=True)),
        "trick_number": src.trick_number,
        "last_trick": tuple(zip(src.last_seats, src.last_cards, strict=True)),
    }


def trick_seats(src: TrickPublic, hand_size: int,
                facts: Mapping[int, Mapping[str, object]] | None = None) -> tuple[SeatInfo, ...]:
    """``View.seats``: cards held, tricks, who declared, and each seat's ``facts`` where it has some.

    Every seat plays one card to each trick, so a seat holds ``hand_size`` less the tricks played so far
    (one for each trick won by anyone) and less one if it has played to the current trick.
    """
    taken, declarer, in_trick = src.taken, src.declarer, src.trick_seats
    played = sum(taken)
    if facts is None:
        return tuple(SeatInfo(s, hand_size - played - (s in in_trick), taken[s], "declarer" if s == declarer else None)
                     for s in range(len(taken)))
    return tuple(SeatInfo(s, hand_size - played - (s in in_trick), taken[s], "declarer" if s == declarer else None,
                          facts.get(s, EMPTY)) for s in range(len(taken)))


def contract_header(high: str | None, bidding: bool, declarer: int, trump: int, bid: Message, no_trumps: bool,
                    unnamed: Callable[[SeatRef, Message], Message]) -> Message:
    """The header line: the bidding (and its highest bid so far, which others may still outbid: no contract
    yet), a thrown-in deal, or who declared what with which trumps; ``unnamed`` words a contract whose trumps
    are not named yet."""
    if high is None:
        return msg_p("header", "bidding") if bidding else msg_p("header", "thrown in")
    seat = SeatRef(declarer)
    if bidding:
        return msg("highest bid: {bid} by {seat}", seat=seat, bid=bid)
    if no_trumps:
        return msg("{seat}: {bid}, no trumps", seat=seat, bid=bid)
    if trump >= 0:
        return msg("{seat}: {bid}, {suit} trumps", seat=seat, bid=bid, suit=SuitRef(trump))
    return unnamed(seat, bid)
