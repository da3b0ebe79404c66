"""The check of hands and a stock given for a new deal (a record, a test, a search's sampled deal).

>>> check_given(2, [[0, 1], [2, 3]], [], (0, 1, 2, 3), 2)
[]
>>> check_given(2, [[0, 1], [2, 2]], [], (0, 1, 2, 3), 2)
Traceback (most recent call last):
...
cardsuite.core.errors.InvalidDeal: 4S is dealt twice
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, card_text
from .errors import InvalidDeal
from .message import Message, N_p, SeatRef, msg, msg_n

STOCK_CONTEXT = "the stock of a deal"
STOCK_WORDS = (N_p("the stock of a deal", "stock"), N_p("the stock of a deal", "widow (stock)"))
"""The names a game gives its stock in ``check_given`` (``stock_name``), for the catalogs."""


def check_given(players: int, hands: Sequence[Sequence[Card]], stock: Sequence[Card] | None,
                deck: Sequence[Card], hand_size: int, stock_size: int | None = None,
                stock_name: str = "stock") -> list[Card]:
    """The stock as a new list, once ``hands`` and ``stock`` are shown to be a deal from ``deck``.

    ``InvalidDeal`` naming the fault: not one hand per seat, a hand not of ``hand_size`` cards, a stock
    not of ``stock_size`` cards (when given), a card not in ``deck``, a card dealt twice, or hands and a
    non-empty stock that do not hold the whole deck. Without ``stock_size`` an empty stock is allowed.
    ``stock_name`` is what the game calls its stock (Napoleon's widow).
    """
    if len(hands) != players:
        raise InvalidDeal(msg("expected {players} hands, got {count}", players=players, count=len(hands)), "hands")
    for seat, hand in enumerate(hands):
        if len(hand) != hand_size:
            raise InvalidDeal(msg_n("{seat} holds {n} card, not {size}",
                                    "{seat} holds {n} cards, not {size}", len(hand),
                                    seat=SeatRef(seat), size=hand_size), "hands")
    rest = list(stock or [])
    if stock_size is not None and len(rest) != stock_size:
        raise InvalidDeal(msg_n("the {stock} holds {n} card, not {size}",
                                "the {stock} holds {n} cards, not {size}", len(rest),
                                stock=Message(stock_name, context=STOCK_CONTEXT), size=stock_size), "stock")
    dealt = [card for hand in hands for card in hand]
    every = dealt + rest
    in_deck = set(deck)
    for number, card in enumerate(every):
        if card not in in_deck:
            raise InvalidDeal(msg("{card} is not in the deck in use ({size} cards)",
                                  card=card_text(card), size=len(deck)), _part(number, dealt))
    if len(set(every)) != len(every):
        seen: set[Card] = set()
        for number, card in enumerate(every):
            if card in seen:
                raise InvalidDeal(msg("{card} is dealt twice", card=card_text(card)), _part(number, dealt))
            seen.add(card)
    if rest and len(every) != len(deck):
        raise InvalidDeal(msg("hands and stock hold {count} cards; the deck has {size}",
                              count=len(every), size=len(deck)), "stock")
    return rest


def _part(number: int, dealt: Sequence[Card]) -> str:
    """Which part of the deal the ``number``-th of its cards (hands first, then the stock) is in."""
    return "hands" if number < len(dealt) else "stock"


def missing_hands() -> InvalidDeal:
    """The refusal of a deal given neither its hands nor a generator to deal them (a record's deal with
    neither ``hands`` nor ``seed``)."""
    return InvalidDeal(msg('a deal gives its "hands" or a "seed"'))


def missing_stock() -> InvalidDeal:
    """The refusal of a deal whose stock cannot be made up (a GOPS prize pile): a record's deal with neither
    ``stock`` nor ``seed``."""
    return InvalidDeal(msg('a deal gives its "stock" or a "seed"'))
