"""Napas's exchange actions, interned by the cards they put away (the short way ``apply`` takes)."""

from __future__ import annotations

from typing import Final

from ...cards import cards_in
from ...core.exchange import discard_choices
from ...core.game import Action
from .bidding import HAND_SIZE
from .events import CARD_TEXTS

EXCHANGE_ACTIONS: Final[dict[int, Action]] = {}
EXCHANGE_GET: Final = EXCHANGE_ACTIONS.__getitem__
EXCHANGE_OF_ID: Final[dict[int, tuple[int, Action]]] = {}
"""Each interned exchange action's discard mask, by the action's ``id``: see ``NapasState.apply``."""


def exchange_action(discard: int) -> Action:
    """The ``exchange`` action putting away the cards of ``discard`` (no cards: keep the hand).

    Interned up to four cards (about 41,000 actions with 32 cards); whole-hand exchanges are made afresh,
    but are still put in ``EXCHANGE_OF_ID`` (bounded), so that ``apply`` takes the short way with them too
    (not more than five cards, which only a typed action can ask for: the preamble refuses those).
    """
    found = EXCHANGE_ACTIONS.get(discard)
    if found is None:
        cards = tuple(cards_in(discard))
        found = Action("exchange", cards, " ".join(["exchange", *[CARD_TEXTS[c] for c in cards]]))
        if len(EXCHANGE_ACTIONS) > 60_000 or len(EXCHANGE_OF_ID) > 150_000:
            EXCHANGE_ACTIONS.clear()
            EXCHANGE_OF_ID.clear()
        if len(cards) < HAND_SIZE:
            EXCHANGE_ACTIONS[discard] = found
        if len(cards) <= HAND_SIZE:  # more cards (parsed text) are malformed: the preamble says so
            EXCHANGE_OF_ID[id(found)] = (discard, found)  # holds the action, so its id is not reused
    return found


def exchange_actions(hand: int, limit: int) -> tuple[Action, ...]:
    """Every exchange of at most ``limit`` cards of ``hand``: keeping the hand first, then by size.

    ``legal_actions`` (and so a view's ``legal``) gives the same actions as a ``DiscardChoices``, which
    makes only those it is asked for; this is their tuple."""
    masks = discard_choices(hand, limit)
    try:
        if masks[-1].bit_count() == HAND_SIZE:  # whole-hand exchanges are not interned
            return (*map(EXCHANGE_GET, masks[:-1]), exchange_action(masks[-1]))
        return tuple(map(EXCHANGE_GET, masks))
    except KeyError:
        get = EXCHANGE_ACTIONS.get
        return tuple([get(m) or exchange_action(m) for m in masks])
