"""A new Napoleon deal, the full or the beginner game: dealt one card at a time, or given hands checked."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...cards import Card, shuffle
from ...core.deals import check_given, missing_hands
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
            raise missing_hands()
        shuffle(deck, rng)
        first = (dealer + 1) % PLAYERS
        dealt: list[list[Card]] = [[] for _ in range(PLAYERS)]
        for i in range(PLAYERS):
            dealt[(first + i) % PLAYERS] = deck[i:PLAYERS * HAND_SIZE:PLAYERS]
        return state_class(options)(options, dealer, dealt, deck[PLAYERS * HAND_SIZE:])
    widow = check_given(PLAYERS, hands, stock, deck, HAND_SIZE, size, "widow (stock)")
    return state_class(options)(options, dealer, [tuple(h) for h in hands], widow)  # copies: setup() reads them later


def state_class(options: Options) -> type[NapoleonState]:
    """The deal's class: the full game, or the beginner game (option ``beginner``)."""
    return BeginnerState if options.flag("beginner") else NapoleonState
