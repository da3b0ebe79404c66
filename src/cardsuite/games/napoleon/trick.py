"""Who wins a Napoleon trick, and why: yoromeki, the Mighty, the joker, the jacks, same-2, trumps, the suit led."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...cards import JOKER, SUIT_MASK, SUIT_OF, Card
from ...core.message import N_
from ...core.tricks import HIGHEST, HIGHEST_TRUMP, Trick, TrickRule, standard_winner_of
from .deck import CLUB_THREE, HEART_QUEEN, JOKER_BIT, MIGHTY, PLAYERS, SAME_COLOUR_JACK, TRUMP_JACK, TWO_OF


# -- card power -------------------------------------------------------------------------------------
def trick_rule(yoromeki: bool = True, same_two: bool = True, joker_request: bool = True) -> TrickRule:
    """The card-power hook for the chosen specials (see ``winner``)."""
    return RULES[(yoromeki, same_two, joker_request)]
YOROMEKI: Final = N_("yoromeki: the heart queen beats the Mighty")
JOKER_REQUESTED: Final = N_("the joker requested by the club 3")
MIGHTY_RULE: Final = N_("Mighty")
JOKER_RULE: Final = N_("joker")
TRUMP_JACK_RULE: Final = N_("trump jack")
SAME_COLOUR_JACK_RULE: Final = N_("same-colour jack")
SAME_TWO_RULE: Final = N_("same-2")
"""Why a trick was won (``Event.rule``): message ids, translated where they are shown."""


def _make_rule(yoromeki: bool, same_two: bool, joker_request: bool) -> TrickRule:
    def rule(trick: Trick) -> tuple[int, str]:
        return winner(trick, yoromeki, same_two, joker_request)

    return rule


def winner(trick: Trick, yoromeki: bool = True, same_two: bool = True,
           joker_request: bool = True) -> tuple[int, str]:
    """The winning index of a (possibly partial) trick and why, high to low (see ``winner_of``)."""
    return winner_of(trick.cards, trick.led_suit, trick.trump, trick.number, yoromeki, same_two, joker_request)


def winner_of(cards: Sequence[Card], led: int, trump: int, number: int, yoromeki: bool = True,
              same_two: bool = True, joker_request: bool = True) -> tuple[int, str]:
    """The winning index of the cards of a (possibly partial) trick and why, high to low: ``winner``
    without making a ``Trick`` (the CPU players weigh many partial tricks).

    Yoromeki, the Mighty, the joker, the trump jack, the same-colour jack, same-2 (a complete trick of
    one suit, not the first trick), the highest trump, the highest card of the led (or named) suit.
    """
    if MIGHTY in cards:
        if yoromeki and HEART_QUEEN in cards:
            return cards.index(HEART_QUEEN), YOROMEKI
        return cards.index(MIGHTY), MIGHTY_RULE
    if JOKER in cards:
        i = cards.index(JOKER)
        if joker_request and i > 0 and cards[0] == CLUB_THREE:
            return i, JOKER_REQUESTED
        return i, JOKER_RULE
    if trump >= 0:
        if TRUMP_JACK[trump] in cards:
            return cards.index(TRUMP_JACK[trump]), TRUMP_JACK_RULE
        if SAME_COLOUR_JACK[trump] in cards:
            return cards.index(SAME_COLOUR_JACK[trump]), SAME_COLOUR_JACK_RULE
    if same_two and number > 1 and len(cards) == PLAYERS and TWO_OF[led] in cards \
            and all(SUIT_OF[c] == led for c in cards):
        return cards.index(TWO_OF[led]), SAME_TWO_RULE
    return standard_winner_of(cards, led, trump)


def trick_winner(cards: int, trick: Sequence[Card], led: int, trump: int, number: int, yoromeki: bool,
                 same_two: bool, joker_request: bool) -> tuple[Card, str]:
    """The winning card of a (possibly partial) trick and why: ``winner_of`` (the same order of the
    specials), from the trick's mask ``cards``, since a deal finishes ten tricks and the CPU players weigh
    each card they could add. The highest card of a suit in the trick is the highest bit of the mask in
    that suit; ``trick`` (the cards in play order) is read only for its length (same-2) and its first card
    (the joker's request)."""
    if cards >> MIGHTY & 1:
        if yoromeki and cards >> HEART_QUEEN & 1:
            return HEART_QUEEN, YOROMEKI
        return MIGHTY, MIGHTY_RULE
    if cards & JOKER_BIT:
        if joker_request and trick[0] == CLUB_THREE:  # the club 3 led, so the joker came after it
            return JOKER, JOKER_REQUESTED
        return JOKER, JOKER_RULE
    if trump >= 0:
        if cards >> TRUMP_JACK[trump] & 1:
            return TRUMP_JACK[trump], TRUMP_JACK_RULE
        if cards >> SAME_COLOUR_JACK[trump] & 1:
            return SAME_COLOUR_JACK[trump], SAME_COLOUR_JACK_RULE
    follow = cards & SUIT_MASK[led]
    if same_two and number > 1 and len(trick) == PLAYERS and follow == cards and cards >> TWO_OF[led] & 1:
        return TWO_OF[led], SAME_TWO_RULE  # before the highest trump: five trumps led fall to their 2
    if trump >= 0 and led != trump:
        trumps = cards & SUIT_MASK[trump]
        if trumps:
            return trumps.bit_length() - 1, HIGHEST_TRUMP
    return follow.bit_length() - 1, HIGHEST[led]


RULES: Final = {(y, s, j): _make_rule(y, s, j) for y in (True, False) for s in (True, False) for j in (True, False)}
SPECIAL_RULES: Final = frozenset({MIGHTY_RULE, JOKER_RULE, TRUMP_JACK_RULE, SAME_COLOUR_JACK_RULE, SAME_TWO_RULE,
                                  YOROMEKI, JOKER_REQUESTED})
