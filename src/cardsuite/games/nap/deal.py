"""A new Nap deal: the deck in use, shuffled and dealt 3 then 2, or given hands checked."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Final

from ...cards import BIT, Card, ranked_deck, shuffle
from ...core.deals import check_given, missing_hands
from ...core.options import Options
from .bidding import HAND_SIZE
from .rules import NapState

_DECKS: dict[int, tuple[Card, ...]] = {}


def deck_for(players: int, options: Options) -> tuple[Card, ...]:
    """The cards in use: 52, or the top players + 3 ranks of each suit."""
    lowest = 12 - players if options.text("deck") == "reduced" else 2
    deck = _DECKS.get(lowest)
    if deck is None:
        deck = _DECKS[lowest] = tuple(ranked_deck(lowest))
    return deck


def _pickers(players: int, dealer: int) -> tuple[tuple[int, Callable[[list[Card]], tuple[Card, ...]]], ...]:
    """Each seat from the dealer's left, with the ``itemgetter`` of its 3 then 2 cards of a shuffled deck."""
    first = 3 * players
    return tuple(((dealer + 1 + i) % players, itemgetter(3 * i, 3 * i + 1, 3 * i + 2, first + 2 * i, first + 2 * i + 1))
                 for i in range(players))


DEALING: Final = tuple(tuple(_pickers(players, dealer) for dealer in range(players)) for players in range(7))
"""``DEALING[players][dealer]``: each seat, from the dealer's left, with what picks its hand from the shuffled
deck: 3 cards to each seat, then 2 (one ``itemgetter`` call instead of two slices and a list per seat)."""


def new_nap_deal(players: int, options: Options, dealer: int, rng: random.Random | None,
                 hands: Sequence[Sequence[Card]] | None, stock: Sequence[Card] | None) -> NapState:
    """Shuffle and deal 3 then 2 from the dealer's left, or check and use the given cards."""
    deck = deck_for(players, options)
    if hands is None:
        if rng is None:
            raise missing_hands()
        cards = list(deck)
        shuffle(cards, rng)
        dealt: list[Sequence[Card]] = [()] * players
        masks = [0] * players
        for seat, take in DEALING[players][dealer % players]:
            dealt[seat] = picked = take(cards)
            a, b, c, d, e = picked
            masks[seat] = BIT[a] | BIT[b] | BIT[c] | BIT[d] | BIT[e]
        return NapState(players, options, dealer, dealt, cards[5 * players:], own_lists=True, masks=masks)
    rest = check_given(players, hands, stock, deck, HAND_SIZE)
    return NapState(players, options, dealer, hands, rest)
