"""Record notation read where a person may see the refusal: a card, a suit or a rank, or why not in words.

``cardsuite.cards`` reads the notation (``read_card``: a card or None) and knows no language; here a text that
is not one raises ``CardError`` with a ``Message`` (what was written, quoted as written), which the games'
action parsers and the record reader pass on and the edge says in the reader's language.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card, CardError, Suit, read_card, read_rank, read_suit, said, too_short_for_a_card
from .message import msg

__all__ = ["parse_card", "parse_cards", "parse_rank", "parse_suit"]


def parse_suit(text: str) -> Suit:
    """A suit from ``S H D C`` or ``♠ ♥ ♦ ♣`` (case-insensitive)."""
    suit = read_suit(text)
    if suit is None:
        raise CardError(msg("not a suit: {said} (use S, H, D or C)", said=said(text)))
    return suit


def parse_rank(text: str) -> int:
    """A rank from ``2..9 T J Q K A`` (``10`` accepted as ``T``)."""
    rank = read_rank(text)
    if rank is None:
        raise CardError(msg("not a rank: {said} (use 2-9, T, J, Q, K or A)", said=said(text)))
    return rank


def parse_card(text: str) -> Card:
    """A card from record notation; raises ``CardError`` saying what is wrong."""
    card = read_card(text)
    if card is None:
        if too_short_for_a_card(text):
            raise CardError(msg("not a card: {said}", said=said(text)))
        raise CardError(msg("not a card: {said} (write rank then suit, like AS, TH or JK)", said=said(text)))
    return card


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Several cards; a repeated card is an error."""
    cards = [parse_card(t) for t in texts]
    if len(set(cards)) != len(cards):
        raise CardError(msg("a card is listed twice"))
    return cards
