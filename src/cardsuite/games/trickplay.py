"""Card-reading helpers shared by the heuristic bots of the plain trick games (Nap, Napas).

They read partial tricks under the standard power order (trumps, then the suit led) and judge which
cards are sure to win against the cards a seat has not seen.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..cards import RANK_OF, SUIT_OF, Card


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


def lowest(cards: Sequence[Card], trump: int) -> Card:
    """The cheapest card to give up: the lowest, side suits before trumps."""
    return min(cards, key=lambda c: (SUIT_OF[c] == trump, RANK_OF[c]))


def highest(cards: Sequence[Card]) -> Card:
    """The highest-ranked card."""
    return max(cards, key=lambda c: RANK_OF[c])


def follow_to_win(cards: Sequence[Card], trick: Sequence[tuple[int, Card]], trump: int,
                  unseen: Collection[Card], players: int) -> tuple[Card, str]:
    """Following to a trick one wants: the cheapest card that wins and holds, or the lowest card.

    Last to play, the lowest winning card is enough; otherwise prefer the lowest winner no unseen card can
    beat, else the highest winner. With no winner, throw the lowest card.
    """
    _seat, best = current_winner(trick, trump)
    led = SUIT_OF[trick[0][1]]
    winning = [c for c in cards if beats(c, best, trump)]
    if not winning:
        return lowest(cards, trump), "cannot win this trick: throw the lowest card"
    winning.sort(key=lambda c: (SUIT_OF[c] == trump and led != trump, RANK_OF[c]))
    if len(trick) == players - 1:
        ruff = SUIT_OF[winning[0]] == trump and led != trump
        return winning[0], "trump to win the trick" if ruff else "win with the lowest card that is enough"
    safe = [c for c in winning if not any(SUIT_OF[u] == SUIT_OF[c] and RANK_OF[u] > RANK_OF[c] for u in unseen)]
    if safe:
        return safe[0], "win with the lowest card that is sure to hold"
    return winning[-1], "win with the highest card, others still to play"


def shed_as_declarer(cards: Sequence[Card], trick: Sequence[tuple[int, Card]], contract: str) -> tuple[Card, str]:
    """The declarer of a no-trick contract (misère, the zero game): lose every trick as cheaply as possible."""
    if not trick:
        return min(cards, key=lambda c: RANK_OF[c]), f"{contract}: lead the lowest card"
    _seat, best = current_winner(trick, -1)
    losing = [c for c in cards if not beats(c, best, -1)]
    if losing:
        return highest(losing), f"{contract}: get rid of the highest card that still loses"
    return highest(cards), f"{contract}: forced to win, so shed the highest card"


def stay_under(cards: Sequence[Card], trick: Sequence[tuple[int, Card]], declarer: int,
               contract: str) -> tuple[Card, str] | None:
    """Against a no-trick contract: keep the declarer's card winning when it is; ``None`` otherwise."""
    seat, best = current_winner(trick, -1)
    if seat == declarer:
        under = [c for c in cards if not beats(c, best, -1)]
        if under:
            return highest(under), f"against {contract}: stay under the declarer's card"
    return None
