"""Trick-taking helpers: what may be played to a trick, and who wins it through a card-power hook.

A game supplies a ``TrickRule`` (a function of the whole trick) so that power may depend on every card
played, the trick number and the trumps: Napoleon's "the heart queen wins when the spade ace is in the
same trick" and "same-2 only after the first trick" are expressed this way, as is plain Nap.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from ..cards import RANK_OF, SUIT_MASK, SUIT_NAMES, SUIT_OF, SUIT_SINGULAR, Card, CardSet, Suit
from .message import N_


@dataclass(frozen=True, slots=True)
class Trick:
    """A complete (or partial) trick as a hook sees it.

    ``cards[i]`` was played by ``seats[i]``; ``led_suit`` is the suit others had to follow (after a
    joker lead, the suit it named); ``trump`` is ``NO_SUIT`` (-1) without trumps; ``number`` counts from 1.
    """

    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    led_suit: Suit
    trump: Suit
    number: int


TrickRule = Callable[[Trick], tuple[int, str]]
"""Returns the index in ``trick.cards`` of the winning card and the reason in words."""


def playable(hand: CardSet, led_suit: Suit, trump: Suit = -1, must_trump: bool = False,
             free: CardSet = 0) -> CardSet:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led_suit``.

    Follow suit if able; otherwise, with ``must_trump``, play a trump if able; otherwise anything.
    ``free`` cards (Napoleon's joker) may be played at any time. ``led_suit`` -1 means leading: anything.
    """
    if led_suit < 0:
        return hand
    follow = hand & SUIT_MASK[led_suit]
    if follow:
        return follow | (hand & free)
    if must_trump and trump >= 0:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            return trumps | (hand & free)
    return hand


def refusal(hand: CardSet, card: Card, led_suit: Suit, trump: Suit = -1, must_trump: bool = False,
            free: CardSet = 0) -> str | None:
    """Why ``card`` may not be played from ``hand`` (``None`` when it may), in a rule's words."""
    if not hand >> card & 1:
        return "does not hold that card"
    if playable(hand, led_suit, trump, must_trump, free) >> card & 1:
        return None
    if hand & SUIT_MASK[led_suit]:
        return f"must follow {SUIT_NAMES[led_suit]}"
    return f"must trump ({SUIT_NAMES[trump]}) when void in {SUIT_NAMES[led_suit]}"


def standard_winner(trick: Trick) -> tuple[int, str]:
    """The highest trump, or else the highest card of the led suit (Nap, Napas)."""
    return standard_winner_of(trick.cards, trick.led_suit, trick.trump)


HIGHEST: Final = (N_("highest spade"), N_("highest heart"), N_("highest diamond"), N_("highest club"))
"""Why the highest card of the suit led won (``Event.rule``: a message id, translated where shown)."""
HIGHEST_TRUMP: Final = N_("highest trump")


def standard_winner_of(cards: Sequence[Card], led_suit: Suit, trump: Suit) -> tuple[int, str]:
    """``standard_winner`` of the cards of a (possibly partial) trick, without making a ``Trick``."""
    best = -1
    best_key = -1
    for i, card in enumerate(cards):
        suit = SUIT_OF[card]
        if suit == trump:
            key = 100 + RANK_OF[card]
        elif suit == led_suit:
            key = RANK_OF[card]
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    if best_key > 100 and led_suit != trump:
        return best, HIGHEST_TRUMP
    return best, HIGHEST[led_suit]


def leadable(hand: CardSet, must_lead: Suit = -1) -> CardSet:
    """The cards of ``hand`` that may be led when the card led must be in ``must_lead`` if the hand holds one.

    ``must_lead`` -1 means no restriction. Napas: the declarer's opening lead must be a trump if held.
    """
    if must_lead < 0:
        return hand
    restricted = hand & SUIT_MASK[must_lead]
    return restricted or hand


def lead_refusal(hand: CardSet, card: Card, must_lead: Suit = -1, what: str = "the card led",
                 kind: str | None = None) -> str | None:
    """Why ``card`` may not lead from ``hand`` under ``leadable`` (``None`` when it may).

    ``what`` names the card led and ``kind`` the required card in the reason (default: ``a spade``), so a
    game can say ``the opening lead must be a trump (spades) while the hand holds one``.
    """
    if not hand >> card & 1:
        return "does not hold that card"
    if leadable(hand, must_lead) >> card & 1:
        return None
    word = kind if kind is not None else f"a {SUIT_SINGULAR[must_lead]}"
    return f"{what} must be {word} while the hand holds one"
