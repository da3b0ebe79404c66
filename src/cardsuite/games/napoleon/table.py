"""What the Napoleon table shows: ``View.table`` (``TABLE_FIELDS``) and ``View.seats``, from public facts.

The adjutant's seat stays hidden until the named card is played, and "Napoleon plays alone" until the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Final, Protocol

from ...cards import Card
from ...core.game import SeatInfo
from ...core.message import CardRef, Message, SeatRef, msg, msg_p
from ...core.options import Options
from .actions import BIDS, bid_words
from .deck import HAND_SIZE, PLAYERS, SAME_COLOUR_JACK, TRUMP_JACK, widow_size

UNKNOWN: Final = -3
"""``shown_adjutant`` while the public does not know who the adjutant is."""


class NapoleonPublic(Protocol):
    """The public attributes the table is built from: a ``NapoleonState`` has them, and ``NapoleonFacts``."""

    __slots__ = ()
    phase_name: str
    high: int
    napoleon: int
    bid_n: int
    trump: int
    adjutant_card: int
    revealed: bool
    trick_number: int
    last_trick: tuple[tuple[int, Card], ...]
    face_up: tuple[Card, ...]
    discards_to: int
    joker_suit: int
    requested: bool
    same_two: bool
    thrown_in: bool
    options: Options

    @property
    def shown_adjutant(self) -> int: ...
    @property
    def widow_size(self) -> int: ...
    @property
    def discarded(self) -> int: ...
    @property
    def trick(self) -> Sequence[Card]: ...
    @property
    def trick_seats(self) -> Sequence[int]: ...
    @property
    def bids(self) -> Sequence[tuple[int, tuple[int, int] | None]]: ...
    @property
    def passed(self) -> Sequence[bool]: ...
    @property
    def honours(self) -> Sequence[int]: ...
    @property
    def tricks_won(self) -> Sequence[int]: ...


def public_roles(src: NapoleonPublic) -> dict[int, str]:
    """What everyone knows of the roles: Napoleon once the auction is won, the adjutant once revealed,
    every role at the end."""
    if src.napoleon < 0 or src.phase_name == "bidding":
        return {}
    if src.phase_name == "over":
        out = {s: "allies" for s in range(PLAYERS)}
        if src.shown_adjutant >= 0 and src.adjutant_card >= 0:
            out[src.shown_adjutant] = "adjutant"
        out[src.napoleon] = "napoleon"
        return out
    out = {src.napoleon: "napoleon"}
    if src.revealed and src.shown_adjutant >= 0:
        out[src.shown_adjutant] = "adjutant"
    return out


def contract_text(src: NapoleonPublic) -> Message:
    """The header line: Napoleon, the bid and trumps, and the named card."""
    return _contract_words(src.thrown_in, src.trump, src.high, src.napoleon, src.bid_n, src.adjutant_card)


@lru_cache(maxsize=4096)
def _contract_words(thrown_in: bool, trump: int, high: int, napoleon: int, bid_n: int, adjutant_card: int) -> Message:
    """``contract_text`` from the facts it depends on, made once for each (messages are immutable values)."""
    if thrown_in:
        return msg_p("header", "thrown in")
    if trump < 0:
        if high < 0:
            return msg_p("header", "bidding")
        n, s = BIDS[high].args
        return msg("bidding: {bid} by {seat}", bid=bid_words(int(n), int(s)), seat=SeatRef(napoleon))
    seat, bid = SeatRef(napoleon), bid_words(bid_n, trump)
    if adjutant_card >= 0:
        return msg("{seat}: Napoleon, {bid}; adjutant: {card}", seat=seat, bid=bid, card=CardRef(adjutant_card))
    return msg("{seat}: Napoleon, {bid}", seat=seat, bid=bid)


def _shown_adjutant(src: NapoleonPublic) -> int | None:
    """The adjutant's seat as the table shows it: once the named card is played, or at the end."""
    adjutant = src.shown_adjutant
    if src.revealed and adjutant < 0:
        return src.napoleon  # Napoleon played the card he named: everyone saw it
    return adjutant if (src.revealed or src.phase_name == "over") and adjutant >= 0 else None


TABLE_FIELDS: Final[dict[str, Callable[[NapoleonPublic], object]]] = {
    "contract_text": lambda src: contract_text(src),
    "declarer": lambda src: src.napoleon if src.trump >= 0 else None,
    "trump": lambda src: src.trump,
    "trick": lambda src: tuple(zip(src.trick_seats, src.trick, strict=True)),
    "last_trick": lambda src: src.last_trick,
    "trick_number": lambda src: src.trick_number,
    "bid": lambda src: None if src.high < 0 else (int(BIDS[src.high].args[0]), int(BIDS[src.high].args[1])),
    "bids": lambda src: tuple(src.bids),
    "high_bidder": lambda src: src.napoleon if src.high >= 0 else None,
    "passed": lambda src: tuple(s for s in range(PLAYERS) if src.passed[s]),
    "adjutant_card": lambda src: src.adjutant_card if src.adjutant_card >= 0 else None,
    "adjutant": _shown_adjutant,
    "alone": lambda src: (src.shown_adjutant < 0) if src.phase_name == "over" and src.trump >= 0 else None,
    "widow_size": lambda src: src.widow_size,
    "discarded": lambda src: src.discarded,
    "face_up_discards": lambda src: src.face_up,
    "discards_to": lambda src: src.discards_to if src.discards_to >= 0 else None,
    "honours": lambda src: tuple(src.honours),
    "joker_suit": lambda src: src.joker_suit if src.joker_suit >= 0 else None,
    "joker_requested": lambda src: src.requested,
    "trump_jack": lambda src: TRUMP_JACK[src.trump] if src.trump >= 0 else None,
    "same_colour_jack": lambda src: SAME_COLOUR_JACK[src.trump] if src.trump >= 0 else None,
    "same_two_active": lambda src: src.same_two and src.trick_number > 1,
}
"""Each entry of a Napoleon deal's ``View.table`` (see the module docs for what stays hidden), built from
the public facts or the live state: all at once for a view, each when read for a window."""


def napoleon_table(src: NapoleonPublic) -> dict[str, object]:
    """``View.table`` of a Napoleon deal."""
    return {key: build(src) for key, build in TABLE_FIELDS.items()}


def napoleon_seats(src: NapoleonPublic) -> tuple[SeatInfo, ...]:
    """``View.seats``: cards held, tricks, the public roles, honours taken and who has passed.

    Every seat plays one card to each trick; Napoleon holds the widow too between taking it and discarding.
    """
    roles = public_roles(src)
    played = sum(src.tricks_won)
    out = []
    for s in range(PLAYERS):
        held = HAND_SIZE - played - (s in src.trick_seats)
        if s == src.napoleon and src.phase_name == "discard":
            held += widow_size(src.options)  # the widow, taken and not yet discarded
        out.append(SeatInfo(s, held, src.tricks_won[s], roles.get(s),
                            MappingProxyType({"honours": src.honours[s], "passed": src.passed[s]})))
    return tuple(out)
