"""Card-reading helpers shared by the heuristic bots of the plain trick games (Nap, Napas).

They read partial tricks under the standard power order (trumps, then the suit led) and judge which
cards are sure to win against the cards a seat has not seen. Where several cards are equally good (the
same rank in two side suits, say), the bot's seeded generator chooses among them (``pick``), so its
play cannot be read from a fixed order of suits.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from ..cards import RANK_OF, SUIT_OF, SUITS, Card
from ..core.message import Message, msg


def pick(cards: Sequence[Card], key: Callable[[Card], object], rng: random.Random | None = None,
         largest: bool = False) -> Card:
    """The card with the smallest (or ``largest``) ``key``; ``rng`` chooses among equal keys.

    Without ``rng`` (or with one best card) it is the first such card in ``cards``, as ``min`` would give.
    """
    best = (max if largest else min)(key(c) for c in cards)  # type: ignore[type-var]
    tied = [c for c in cards if key(c) == best]
    if rng is None or len(tied) == 1:
        return tied[0]
    return tied[rng.randrange(len(tied))]


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


def lowest(cards: Sequence[Card], trump: int, rng: random.Random | None = None) -> Card:
    """The cheapest card to give up: the lowest, side suits before trumps (``rng`` picks among equals)."""
    return pick(cards, lambda c: (SUIT_OF[c] == trump, RANK_OF[c]), rng)


def highest(cards: Sequence[Card], rng: random.Random | None = None) -> Card:
    """The highest-ranked card (``rng`` picks among equals)."""
    return pick(cards, lambda c: RANK_OF[c], rng, largest=True)


def lowest_card(cards: Sequence[Card], rng: random.Random | None = None) -> Card:
    """The lowest-ranked card, whatever its suit (``rng`` picks among equals)."""
    return pick(cards, lambda c: RANK_OF[c], rng)


def follow_to_win(cards: Sequence[Card], trick: Sequence[tuple[int, Card]], trump: int,
                  unseen: Collection[Card], players: int, rng: random.Random | None = None) -> tuple[Card, Message]:
    """Following to a trick one wants: the cheapest card that wins and holds, or the lowest card.

    Last to play, the lowest winning card is enough; otherwise prefer the lowest winner no unseen card can
    beat, else the highest winner. With no winner, throw the lowest card.
    """
    _seat, best = current_winner(trick, trump)
    led = SUIT_OF[trick[0][1]]
    winning = [c for c in cards if beats(c, best, trump)]
    if not winning:
        return lowest(cards, trump, rng), msg("cannot win this trick: throw the lowest card")

    def cost(c: Card) -> tuple[bool, int]:
        return SUIT_OF[c] == trump and led != trump, RANK_OF[c]

    winning.sort(key=cost)
    if len(trick) == players - 1:
        card = pick(winning, cost, rng)
        ruff = SUIT_OF[card] == trump and led != trump
        return card, msg("trump to win the trick") if ruff else msg("win with the lowest card that is enough")
    safe = [c for c in winning if not any(SUIT_OF[u] == SUIT_OF[c] and RANK_OF[u] > RANK_OF[c] for u in unseen)]
    if safe:
        return pick(safe, cost, rng), msg("win with the lowest card that is sure to hold")
    return pick(winning, cost, rng, largest=True), msg("win with the highest card, others still to play")


def shed_as_declarer(cards: Sequence[Card], trick: Sequence[tuple[int, Card]], contract: Message,
                     rng: random.Random | None = None) -> tuple[Card, Message]:
    """The declarer of a no-trick contract (misère, the zero game): lose every trick as cheaply as possible."""
    if not trick:
        return lowest_card(cards, rng), msg("{contract}: lead the lowest card", contract=contract)
    _seat, best = current_winner(trick, -1)
    losing = [c for c in cards if not beats(c, best, -1)]
    if losing:
        return highest(losing, rng), msg("{contract}: get rid of the highest card that still loses", contract=contract)
    return highest(cards, rng), msg("{contract}: forced to win, so shed the highest card", contract=contract)


def stay_under(cards: Sequence[Card], trick: Sequence[tuple[int, Card]], declarer: int,
               contract: Message, rng: random.Random | None = None) -> tuple[Card, Message] | None:
    """Against a no-trick contract: keep the declarer's card winning when it is; ``None`` otherwise."""
    seat, best = current_winner(trick, -1)
    if seat == declarer:
        under = [c for c in cards if not beats(c, best, -1)]
        if under:
            return highest(under, rng), msg("against {contract}: stay under the declarer's card", contract=contract)
    return None


@dataclass(frozen=True)
class TrumpWeights:
    """What a hand's cards are worth in tricks to a declarer, for one game's heuristic bids (``trump_tricks``)."""

    next_below: float  # a trump with exactly one missing trump above it (others held above count for it)
    long_trump: float  # any other trump in a holding of three or more
    short_trump: float  # any other trump in a shorter holding
    crowd: float  # how much each player beyond three takes off a side ace's and king's worth
    side_ace: float
    side_king_with_ace: float
    side_king_guarded: float  # a side king with another card of its suit, no ace
    void: float  # a void side suit with two trumps or more
    weak_exchanged: float = 0.0  # each side card under the king, which an exchange may swap (Napas)


def trump_tricks(hand: Sequence[Card], suit: int, players: int, weights: TrumpWeights) -> float:
    """Tricks ``hand`` may take as declarer with ``suit`` as trumps: a rough estimate by ``weights``."""
    trumps = sorted((RANK_OF[c] for c in hand if SUIT_OF[c] == suit), reverse=True)
    estimate = 0.0
    for held, rank in enumerate(trumps):
        missing_above = sum(1 for r in range(rank + 1, 15) if r not in trumps)
        if missing_above <= held:
            estimate += 1.0
        elif missing_above == held + 1:
            estimate += weights.next_below
        else:
            estimate += weights.long_trump if len(trumps) >= 3 else weights.short_trump
    crowd = weights.crowd * (players - 3)
    for other in SUITS:
        if other == suit:
            continue
        side = sorted((RANK_OF[c] for c in hand if SUIT_OF[c] == other), reverse=True)
        if side and side[0] == 14:
            estimate += weights.side_ace - crowd
            if len(side) > 1 and side[1] == 13:
                estimate += weights.side_king_with_ace - crowd
        elif side and side[0] == 13 and len(side) > 1:
            estimate += weights.side_king_guarded
        if not side and len(trumps) >= 2:
            estimate += weights.void
    if weights.weak_exchanged:
        estimate += weights.weak_exchanged * sum(1 for c in hand if SUIT_OF[c] != suit and RANK_OF[c] < 13)
    return estimate
