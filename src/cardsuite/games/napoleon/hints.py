"""Words the search bot adds to Napoleon hints: who the hidden adjutant probably is."""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import ACE, SPADES, card_name, make_card
from ...core.game import State, View

MIGHTY = make_card(ACE, SPADES)


def adjutant_guess(view: View, samples: Sequence[State]) -> str | None:
    """Napoleon: who most likely holds the named adjutant card, judged over the sampled deals."""
    card = view.table.get("adjutant_card")
    if not isinstance(card, int) or view.table.get("adjutant") is not None or not samples:
        return None
    if card in view.hand:
        return None
    counts: dict[int, int] = {}
    for deal in samples:
        for zone, cards in deal.zones().items():
            if zone.startswith("hand ") and card in cards:
                seat = int(zone.split()[1])
                counts[seat] = counts.get(seat, 0) + 1
    if not counts:
        return None
    seat, hits = max(counts.items(), key=lambda p: p[1])
    share = round(100 * hits / len(samples))
    name = "the Mighty" if card == MIGHTY else card_name(card)
    whose = "your partner" if view.table.get("declarer") == view.seat else "Napoleon's adjutant"
    return f"{whose} is likely seat {seat}, the holder of {name} in {share}% of the deals sampled"
