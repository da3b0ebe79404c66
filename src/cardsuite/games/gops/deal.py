"""A new GOPS game: the prize pile shuffled, or given hands and pile checked."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...cards import DIAMONDS, SUIT_OF, Card, card_text
from ...core.deals import missing_stock
from ...core.errors import InvalidDeal
from ...core.message import msg
from ...core.options import Options
from .faces import PRIZES, ROUNDS, STANDARD_HANDS
from .rules import GopsState
from .tables import Tables


def new_gops_deal(players: int, options: Options, rng: random.Random | None,
                  hands: Sequence[Sequence[Card]] | None, stock: Sequence[Card] | None,
                  tables: Tables | None = None) -> GopsState:
    """A new game: the prize pile shuffled from ``rng``, or the given pile (and hands, else the standard ones).

    Given hands are each one whole suit other than diamonds (13 cards of one suit, none twice)."""
    if players not in (2, 3):
        raise InvalidDeal(f"GOPS is for 2 or 3 players, not {players}")
    if hands is None:
        hands = STANDARD_HANDS
    else:
        if len(hands) != players:
            raise InvalidDeal(msg("expected {players} hands, got {count}", players=players, count=len(hands)), "hands")
        seen = 0
        for seat, hand in enumerate(hands):
            if len(hand) != ROUNDS:
                raise InvalidDeal(f"seat {seat} holds {len(hand)} cards, not {ROUNDS}")
            for card in hand:
                if not 0 <= card < 52 or SUIT_OF[card] == DIAMONDS:
                    raise InvalidDeal(f"seat {seat} holds {card_text(card) if 0 <= card <= 52 else card}: "
                                      "hands hold spades, hearts or clubs (diamonds are the prizes)")
                if SUIT_OF[card] != SUIT_OF[hand[0]]:
                    raise InvalidDeal(f"seat {seat} holds {card_text(hand[0])} and {card_text(card)}: each hand is "
                                      "one whole suit, spades, hearts or clubs")
                if seen >> card & 1:
                    raise InvalidDeal(f"{card_text(card)} is dealt twice")
                seen |= 1 << card
    if stock:
        if len(stock) != ROUNDS or set(stock) != set(PRIZES):
            raise InvalidDeal("the prize pile (stock) must be the 13 diamonds, each once")
        prizes = list(stock)
    elif rng is not None:
        draw = rng.random  # a random key per card: one shuffle, cheaper than rng.shuffle on 13 cards
        prizes = sorted(PRIZES, key=lambda _: draw())
    else:
        raise missing_stock()
    return GopsState(players, options, hands, prizes, tables)
