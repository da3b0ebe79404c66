"""What Napoleon's ``normal`` player calls, from the cards alone: the adjutant's card it names with a hand,
and the cards it discards from hand and widow. The sampler that reads those calls in a deal asks these
(``inference``); ``tests/games/test_napoleon_inference.py`` checks them against the bot's own choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...cards import JOKER, SUIT_OF, SUITS, Card
from ...core.fast.views import sorted_hand
from .bots import POWER, is_honour
from .deck import MIGHTY, SAME_COLOUR_JACK, TRUMP_JACK

KEPT_ALWAYS: Final = (MIGHTY, JOKER)
"""Cards whose side suit's length does not count when ``normal`` weighs what to discard."""


def call_order(trump: int, jokers: bool) -> tuple[Card, ...]:
    """The cards ``normal`` would name as the adjutant's, in its order: it names the first it lacks (the
    Mighty, the joker, the trump jack, the other jack of that colour, the trump ace, king and queen, then the
    side aces). A card named later in the list tells that Napoleon held every card before it."""
    wanted = [MIGHTY, JOKER, TRUMP_JACK[trump], SAME_COLOUR_JACK[trump],
              *(trump * 13 + rank - 2 for rank in (14, 13, 12)), *(suit * 13 + 12 for suit in SUITS if suit != trump)]
    out: list[Card] = []
    for card in wanted:
        if card not in out and (jokers or card != JOKER):
            out.append(card)
    return tuple(out)


def normal_discard(hand: int, trump: int, size: int) -> tuple[Card, ...]:
    """The ``size`` cards ``normal`` discards from ``hand`` (a mask: Napoleon's cards and the widow): the ones
    it least wants to keep, honours and trumps last, short side suits first (voids let it trump), ties in
    the order a view lists the hand."""
    cards = sorted_hand(hand)
    length = [(hand >> (13 * suit) & 8191).bit_count() for suit in SUITS]
    base, side = KEEP_BASE[trump], SIDE[trump]
    worth = [(base[card] + (3 * length[SUIT_OF[card]] if side[card] else 0), at) for at, card in enumerate(cards)]
    worth.sort()
    return tuple(cards[at] for _, at in worth[:size])


KEEP_BASE: Final = tuple(tuple(POWER[trump][card] + 40 * is_honour(card) for card in range(53)) for trump in SUITS)
"""``KEEP_BASE[trump][card]``: how much ``normal`` wants to keep ``card`` before its suit's length counts."""
SIDE: Final = tuple(tuple(card not in KEPT_ALWAYS and SUIT_OF[card] != trump for card in range(53)) for trump in SUITS)
"""``SIDE[trump][card]``: whether ``card``'s suit length counts (a side suit's card but the Mighty)."""


def holds_before(named: Card, order: Sequence[Card]) -> tuple[Card, ...] | None:
    """The cards a ``normal`` Napoleon held when he named ``named`` (those before it in ``order``), or
    ``None`` when ``normal`` would never name it."""
    if named not in order:
        return None
    return tuple(order[: order.index(named)])
