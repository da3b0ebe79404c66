"""Napas's events, each made once: calls, the contract, trumps, the exchange, tricks and the score."""

from __future__ import annotations

from typing import Final

from ...cards import SUIT_NAMES, SUIT_OF, SUITS, Card, card_name, card_text
from ...core.game import Event
from ...core.message import Message, ParamValue, SeatRef, SuitRef, msg, msg_n
from ...core.tricks import HIGHEST, HIGHEST_TRUMP
from ..plays import trick_message
from .bidding import BID_NAMES, LADDER, TRUMP_ACTIONS, ZERO, bid_words, deal_points

CARD_TEXTS: Final = tuple(card_text(c) for c in range(52))
CARD_NAMES: Final = tuple(card_name(c) for c in range(52))
BID_EVENTS: Final = tuple(
    {b: Event("bid", seat, f"seat {seat} bid {BID_NAMES[b]}", action=f"bid {b}",
              message=msg("{seat} bid {bid}", seat=SeatRef(seat), bid=bid_words(b))) for b in LADDER.bids}
    for seat in range(6)
)
PASS_EVENTS: Final = tuple(Event("pass", seat, f"seat {seat} passed", action="pass",
                                 message=msg("{seat} passed", seat=SeatRef(seat))) for seat in range(6))
TRUMP_EVENTS: Final = tuple(
    tuple(Event("trump", seat, f"seat {seat} named {SUIT_NAMES[suit]} trumps", action=TRUMP_ACTIONS[suit].text,
                data=(("trump", suit),),
                message=msg("{seat} named {suit} trumps", seat=SeatRef(seat), suit=SuitRef(suit)))
          for suit in SUITS)
    for seat in range(6)
)
"""``TRUMP_EVENTS[seat][suit]``: ``seat N named spades trumps``."""
CONTRACT_EVENTS: Final[dict[tuple[int, str], Event]] = {}
DONE_EVENTS: Final[dict[int, Event]] = {}
SCORE_EVENTS: Final[dict[tuple[int, str, int, int], Event]] = {}
TRICK_EVENTS: Final[dict[int, Event]] = {}
"""The events of a deal's milestones, made the first time each is needed (by the functions below) and
shared after: an ``Event`` is an immutable value, and making one costs more than the rule it reports."""


def contract_event(declarer: int, high: str) -> Event:
    """``seat N is the declarer with 3 tricks``."""
    event = CONTRACT_EVENTS[(declarer, high)] = Event(
        "contract", declarer, f"seat {declarer} is the declarer with {BID_NAMES[high]}", data=(("contract", high),),
        message=msg("{seat} is the declarer with {bid}", seat=SeatRef(declarer), bid=bid_words(high)))
    return event


def exchange_done_event(left: int) -> Event:
    """``the exchange is over: N cards left in the stock``."""
    event = DONE_EVENTS[left] = Event(
        "exchange-done", None, f"the exchange is over: {left} cards left in the stock", data=(("stock", left),),
        message=msg_n("the exchange is over: {n} card left in the stock",
                      "the exchange is over: {n} cards left in the stock", left))
    return event


def trick_event(winner: int, card: Card, ruffed: bool) -> Event:
    """``seat N won the trick with the ... (highest trump)``."""
    reason = HIGHEST_TRUMP if ruffed else HIGHEST[SUIT_OF[card]]
    event = TRICK_EVENTS[(winner * 64 + card) * 2 + ruffed] = Event(
        "trick", winner, f"seat {winner} won the trick with {CARD_NAMES[card]} ({reason})",
        card=card, winner=winner, rule=reason, message=trick_message(winner, card, reason))
    return event


def score_event(declarer: int, high: str, taken: int, players: int) -> Event:
    """``seat N made 3 tricks with 4 tricks: +7``, with every seat's score change (the declarer's alone)."""
    change = deal_points(high, taken)
    made = taken == 0 if high == ZERO else taken >= int(high)
    text = (f"seat {declarer} {'made' if made else 'failed'} {BID_NAMES[high]} with {taken}"
            f" trick{'s' if taken != 1 else ''}: {change:+d}")
    event = SCORE_EVENTS[(declarer, high, taken, players)] = Event(
        "score", declarer, text, scores=tuple(change if s == declarer else 0 for s in range(players)),
        message=_score_message(declarer, high, taken, made, change))
    return event


def _score_message(declarer: int, bid: str, taken: int, made: bool, change: int) -> Message:
    """``seat N made 3 tricks with 4 tricks: +6`` without a language."""
    said: dict[str, ParamValue] = {"seat": SeatRef(declarer), "bid": bid_words(bid), "change": change}
    if made:
        return msg_n("{seat} made {bid} with {n} trick: {change:+}", "{seat} made {bid} with {n} tricks: {change:+}",
                     taken, **said)
    return msg_n("{seat} failed {bid} with {n} trick: {change:+}", "{seat} failed {bid} with {n} tricks: {change:+}",
                 taken, **said)
