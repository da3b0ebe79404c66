"""The check of hands and a stock given for a new deal (a record, a test, a search's sampled deal).

>>> check_given(2, [[0, 1], [2, 3]], [], (0, 1, 2, 3), 2)
[]
>>> check_given(2, [[0, 1], [2, 2]], [], (0, 1, 2, 3), 2)
Traceback (most recent call last):
...
cardsuite.core.errors.InvalidDeal: a card is dealt twice
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, card_text
from .errors import InvalidDeal


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
        raise InvalidDeal(f"expected {players} hands, got {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(hand) != hand_size:
            raise InvalidDeal(f"seat {seat} holds {len(hand)} cards, not {hand_size}")
    rest = list(stock or [])
    if stock_size is not None and len(rest) != stock_size:
        raise InvalidDeal(f"the {stock_name} holds {len(rest)} cards, not {stock_size}")
    every = [card for hand in hands for card in hand] + rest
    in_deck = set(deck)
    for card in every:
        if card not in in_deck:
            raise InvalidDeal(f"{card_text(card)} is not in the deck in use ({len(deck)} cards)")
    if len(set(every)) != len(every):
        raise InvalidDeal("a card is dealt twice")
    if rest and len(every) != len(deck):
        raise InvalidDeal(f"hands and stock hold {len(every)} cards; the deck has {len(deck)}")
    return rest
