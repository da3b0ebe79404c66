"""A new Napas deal: the deck in use, shuffled and dealt 2 then 3, or given hands checked."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Final

from ...cards import Card, CardError, ranked_deck
from ...core.deals import check_given, missing_hands
from ...core.options import Options
from .bidding import HAND_SIZE
from .rules import NapasState

DECKS: Final = {32: tuple(ranked_deck(7)), 52: tuple(ranked_deck(2))}


def deck_size(players: int, options: Options) -> int:
    """How many cards are in use (32 or 52), by the ``deck`` option and the player count."""
    choice = options.text("deck")
    if choice == "auto":
        return 32 if players <= 4 else 52
    return 32 if choice == "32" else 52


def deck_for(players: int, options: Options) -> list[Card]:
    """The cards in use: 32 (A down to 7) or 52, by the ``deck`` option and the player count."""
    return list(DECKS[deck_size(players, options)])


_DEALING: Final[dict[tuple[int, int, int], tuple[Callable[[list[Card]], tuple[Card, ...]], ...]]] = {}


def _dealing(size: int, players: int, dealer: int) -> tuple[Callable[[list[Card]], tuple[Card, ...]], ...]:
    """For each seat, what picks its hand from the shuffled cards: 2 each from the dealer's left, then 3
    each (``deal_packets`` with packets of 2 and 3); made once per deck size, player count and dealer."""
    key = (size, players, dealer)
    found = _DEALING.get(key)
    if found is None:
        if 5 * players > size:
            raise CardError(f"{5 * players} cards needed to deal, only {size} in the deck")
        first = (dealer + 1) % players
        places = {(first + i) % players: (2 * i, 2 * i + 1, 2 * players + 3 * i, 2 * players + 3 * i + 1,
                                          2 * players + 3 * i + 2) for i in range(players)}
        found = _DEALING[key] = tuple(itemgetter(*places[seat]) for seat in range(players))
    return found


def _shuffled_deal(deck: tuple[Card, ...], players: int, dealer: int,
                   rng: random.Random) -> tuple[list[tuple[Card, ...]], list[Card]]:
    """The hands and the stock of a new deal: the deck sorted by one ``rng.random()`` draw per card, in
    deck order (a fair shuffle, faster than ``random.shuffle``), then dealt 2 then 3 from the dealer's left.

    The same cards and draws as ``deal_packets(sorted(deck, key=lambda _: rng.random()), players,
    (dealer + 1) % players, (2, 3))``, which it stands for: the draws come in deck order, and sorting the
    positions by them keeps ties in deck order as that stable sort does. Seeded deals are unchanged.
    """
    draw = rng.random
    keys = [draw() for _ in deck]
    cards = [deck[i] for i in sorted(range(len(keys)), key=keys.__getitem__)]
    dealing = _DEALING.get((len(deck), players, dealer)) or _dealing(len(deck), players, dealer)
    return [pick(cards) for pick in dealing], cards[5 * players :]


def new_napas_deal(players: int, options: Options, dealer: int, rng: random.Random | None,
                   hands: Sequence[Sequence[Card]] | None, stock: Sequence[Card] | None) -> NapasState:
    """Shuffle and deal 2 then 3 from the dealer's left, or check and use the given cards.

    ``NapasState`` is called with its arguments spelled out: compiled by mypyc (``make compiled``), a
    call with ``*args`` goes through the class object, which makes a ``serializable`` class's instance
    without running ``__init__``.

    Given hands need the whole stock with them (the exchange draws from it): none is made up.
    """
    if hands is None:
        if rng is None:
            raise missing_hands()
        dealt, rest = _shuffled_deal(DECKS[deck_size(players, options)], players, dealer, rng)
        return NapasState(players, options, dealer, dealt, rest, own_lists=True)  # no *args: see below
    deck = deck_for(players, options)
    rest = check_given(players, hands, stock, deck, HAND_SIZE, len(deck) - HAND_SIZE * players)
    return NapasState(players, options, dealer, hands, rest)
