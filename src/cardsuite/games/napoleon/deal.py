"""A new Napoleon deal, the full or the beginner game: dealt one card at a time, or given hands checked."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...cards import Card, card_text, shuffle
from ...core.errors import InvalidDeal
from ...core.options import Options
from .beginner import BeginnerState
from .deck import DECKS, HAND_SIZE, PLAYERS, settings_for
from .rules import NapoleonState


def new_napoleon_deal(options: Options, dealer: int, rng: random.Random | None,
                      hands: Sequence[Sequence[Card]] | None, stock: Sequence[Card] | None) -> NapoleonState:
    """Shuffle and deal one card at a time clockwise from the dealer's left, or check the given cards."""
    jokers = settings_for(options)[4]
    deck = list(DECKS[jokers])  # deck_for(options)
    size = 3 if jokers else 2  # widow_size(options)
    if hands is None:
        if rng is None:
            raise InvalidDeal("a new deal needs a random generator or the hands")
        shuffle(deck, rng)
        first = (dealer + 1) % PLAYERS
        dealt: list[list[Card]] = [[] for _ in range(PLAYERS)]
        for i in range(PLAYERS):
            dealt[(first + i) % PLAYERS] = deck[i:PLAYERS * HAND_SIZE:PLAYERS]
        return state_class(options)(options, dealer, dealt, deck[PLAYERS * HAND_SIZE:])
    if len(hands) != PLAYERS:
        raise InvalidDeal(f"expected {PLAYERS} hands, got {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise InvalidDeal(f"seat {seat} holds {len(hand)} cards, not {HAND_SIZE}")
    widow = list(stock or [])
    if len(widow) != size:
        raise InvalidDeal(f"the widow (stock) holds {len(widow)} cards, not {size}")
    every = [c for h in hands for c in h] + widow
    in_deck = set(deck)
    for card in every:
        if card not in in_deck:
            raise InvalidDeal(f"{card_text(card)} is not in the pack in use")
    if len(set(every)) != len(every):
        raise InvalidDeal("a card is dealt twice")
    return state_class(options)(options, dealer, [tuple(h) for h in hands], widow)  # copies: setup() reads them later


def state_class(options: Options) -> type[NapoleonState]:
    """The deal's class: the full game, or the beginner game (option ``beginner``)."""
    return BeginnerState if options.flag("beginner") else NapoleonState
