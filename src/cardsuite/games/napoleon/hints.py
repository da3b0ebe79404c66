"""Who the hidden adjutant may be, from one seat's view: each seat's share of the deals sampled from it in
which it holds the named card (``adjutant_odds``, counted by ``odds_of``), for the table's page of it and
for the sentence the search bot adds to hints (``adjutant_guess``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import cast

from ...core.errors import SamplingError
from ...core.game import State, View
from ...core.message import CardRef, Message, SeatRef, msg
from ...core.search import PartnerOdds
from .deck import PLAYERS
from .rules import NapoleonState

ODDS_DEALS = 40
"""Deals sampled for ``adjutant_odds``: a share is then known to about 8 points either way."""


def odds_of(view: View, samples: Sequence[State]) -> PartnerOdds | None:
    """Over ``samples`` (deals sampled from ``view``): the share in which each seat holds the named card,
    and the share in which no other seat does (Napoleon plays alone); ``None`` before a card is named."""
    card, declarer = view.table.get("adjutant_card"), view.table.get("declarer")
    if not isinstance(card, int) or not isinstance(declarer, int) or not samples:
        return None
    counts = [0] * PLAYERS
    hidden = 0
    for deal in samples:
        holder = cast(NapoleonState, deal).adjutant_seat
        if holder < 0:
            hidden += 1
        else:
            counts[holder] += 1
    deals = len(samples)
    return PartnerOdds(card, declarer, deals, tuple(count / deals for count in counts), hidden / deals)


def adjutant_odds(view: View, rng: random.Random, sampler: Callable[[View, random.Random], State],
                  deals: int = ODDS_DEALS) -> PartnerOdds | None:
    """``odds_of`` ``deals`` deals drawn by ``sampler`` (the search's) from ``view`` alone; ``None`` before a
    card is named."""
    if not isinstance(view.table.get("adjutant_card"), int):
        return None
    samples: list[State] = []
    for _ in range(deals):
        try:
            samples.append(sampler(view, rng))
        except SamplingError:
            continue
    return odds_of(view, samples)


def adjutant_guess(view: View, odds: PartnerOdds | None) -> Message | None:
    """Napoleon: who most likely holds the named adjutant card, by ``odds`` (nothing once everyone knows, or
    when this seat holds it)."""
    if odds is None or view.table.get("adjutant") is not None or odds.card in view.hand:
        return None
    seat = max(range(PLAYERS), key=odds.seats.__getitem__)
    if not odds.seats[seat]:
        return None
    share = f"{round(100 * odds.seats[seat])}%"
    if view.table.get("declarer") == view.seat:
        return msg("your partner is likely {seat}, the holder of {card} in {share} of the deals sampled",
                   seat=SeatRef(seat), card=CardRef(odds.card), share=share)
    return msg("Napoleon's adjutant is likely {seat}, the holder of {card} in {share} of the deals sampled",
               seat=SeatRef(seat), card=CardRef(odds.card), share=share)
