"""Card-reading helpers shared by the heuristic bots of the plain trick games (Nap, Napas).

They read partial tricks under the standard power order (trumps, then the suit led) and judge which
cards are sure to win against the cards a seat has not seen.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..cards import RANK_OF, SUIT_OF, Card


def beats(card: Card, best: Card, trump: int) -> bool:
    """Whether ``card`` would beat ``best``, the card now winning a trick (``trump`` -1: none)."""
    if SUIT_OF[card] == SUIT_OF[best]:
        return RANK_OF[card] > RANK_OF[best]
    return SUIT_OF[card] == trump


def current_winner(trick: Sequence[tuple[int, Card]], trump: int) -> tuple[int, Card]:
    """The seat and card now winning a partial trick of (seat, card) pairs."""
    seat, best = trick[0]
    for s, card in trick[1:]:
        if beats(card, best, trump):
            seat, best = s, card
    return seat, best


def sure_winner(card: Card, unseen: Collection[Card], trump: int) -> bool:
    """No unseen card could beat ``card`` when it is led (a ruff counts while trumps are unseen)."""
    suit = SUIT_OF[card]
    if any(SUIT_OF[c] == suit and RANK_OF[c] > RANK_OF[card] for c in unseen):
        return False
    return suit == trump or trump < 0 or not any(SUIT_OF[c] == trump for c in unseen)


def lowest(cards: Sequence[Card], trump: int) -> Card:
    """The cheapest card to give up: the lowest, side suits before trumps."""
    return min(cards, key=lambda c: (SUIT_OF[c] == trump, RANK_OF[c]))


def highest(cards: Sequence[Card]) -> Card:
    """The highest-ranked card."""
    return max(cards, key=lambda c: RANK_OF[c])
