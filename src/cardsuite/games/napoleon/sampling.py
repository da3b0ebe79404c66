"""Napoleon's sampled deals: the unseen cards shared among the other seats, the widow and the hidden discards
in a way that fits one seat's view, and the deal brought up to the view's moment.

``Napoleon.sample_deal`` is ``replayed(view, deal_cards(unseen_cards(view, options), rng))``; the search's
sampler (``inference.inferred_deal``) reads the same ``Unseen`` and deals Napoleon's cards its own way.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple, cast

from ...cards import JOKER, SUIT_MASK, SUIT_OF, Card, CardSet
from ...core.errors import IllegalAction, SamplingError
from ...core.game import Action, View
from ...core.options import Options
from ...core.sampling import deal_unseen
from .deal import new_napoleon_deal
from .deck import CLUB_THREE, HONOURS, JOKER_BIT, PLAYERS, deck_for
from .discards import discard_action
from .rules import NapoleonState

WIDOW_SEAT = PLAYERS  # pseudo-seats for deal_unseen: the widow on the table, Napoleon's hidden discards
HIDDEN_SEAT = PLAYERS + 1


class Unseen(NamedTuple):
    """What all the deals sampled from one view share (``unseen_cards``)."""

    options: Options
    napoleon: int | None
    me: int
    hand: tuple[Card, ...]
    played: dict[int, list[Card]]
    pool: list[Card]
    needs: dict[int, int]
    forbidden: dict[int, CardSet]
    shown: tuple[Card, ...]
    face_up: tuple[Card, ...]
    discarded: int
    mine_known: tuple[Card, ...]
    widow_on_table: int
    own_widow: tuple[Card, ...]


class Sampled(NamedTuple):
    """A sampled deal's cards before its history is replayed (``deal_cards``)."""

    options: Options
    napoleon: int | None
    hands: list[list[Card]]
    widow: list[Card]
    discards: list[Card]


def unseen_cards(view: View, options: Options) -> Unseen:
    """What every sample from ``view`` shares: the cards each seat played, the unseen cards, who needs
    how many of them and which each may not hold (voids, the requested joker, honours in the hidden
    discards). Read once for all the deals sampled from one view. ``options`` are the view's, resolved."""
    request_on = options.flag("joker_request") and options.integer("jokers") == 1
    me = view.seat
    table = view.table
    nap = cast("int | None", table["declarer"])
    played: dict[int, list[Card]] = {s: [] for s in range(PLAYERS)}
    forbidden: dict[int, CardSet] = {s: 0 for s in range(PLAYERS)}
    led, in_trick, requested, joker_out = -1, 0, False, False
    for event in view.history:
        if event.kind == "play" and event.seat is not None and event.card is not None:
            card, seat = event.card, event.seat
            if in_trick == 0:
                led = int(cast(int, dict(event.data)["suit"])) if card == JOKER else SUIT_OF[card]
                requested = request_on and card == CLUB_THREE and not joker_out
            else:
                if card != JOKER and SUIT_OF[card] != led:
                    forbidden[seat] |= SUIT_MASK[led]
                if requested and card != JOKER:
                    forbidden[seat] |= JOKER_BIT
            joker_out = joker_out or card == JOKER
            played[seat].append(card)
            in_trick += 1
        elif event.kind == "trick":
            in_trick = 0
    shown = cast("tuple[Card, ...]", table.get("widow_shown", ()))  # the beginner game's turned-up cards
    face_up = cast("tuple[Card, ...]", table["face_up_discards"])
    discarded = cast(int, table["discarded"])
    mine_known: tuple[Card, ...] = ()
    if nap == me:
        mine_known = cast("tuple[Card, ...]", view.private.get("discards", ()))
    known = set(view.hand) | {c for cards in played.values() for c in cards} | set(face_up) | set(mine_known)
    known |= set(shown)
    pool = [c for c in deck_for(options) if c not in known]
    needs = {s: view.seats[s].cards_held for s in range(PLAYERS) if s != me}
    widow_on_table = cast(int, table["widow_size"])
    if widow_on_table > len(shown):
        needs[WIDOW_SEAT] = widow_on_table - len(shown)
    hidden = discarded - len(face_up)
    if discarded and nap != me and hidden:
        needs[HIDDEN_SEAT] = hidden
        forbidden[HIDDEN_SEAT] = HONOURS
    own_widow: tuple[Card, ...] = ()
    if not (widow_on_table or nap is None) and nap == me:
        own_widow = cast("tuple[Card, ...]", view.private["widow"])
    return Unseen(options, nap, me, tuple(view.hand), played, pool, needs, forbidden, shown, face_up, discarded,
                  mine_known, widow_on_table, own_widow)


def deal_cards(unseen: Unseen, rng: random.Random) -> Sampled:
    """One sample of the unseen cards (``core.sampling.deal_unseen``, the only draws from ``rng``): every
    seat's hand as dealt, the widow and Napoleon's discards (when he is another seat and has discarded)."""
    nap, me, played = unseen.napoleon, unseen.me, unseen.played
    given, _rest = deal_unseen(unseen.pool, unseen.needs, unseen.forbidden, rng)
    given[me] = list(unseen.hand)
    dealt = {s: played[s] + given[s] for s in range(PLAYERS)}
    discards: list[Card] = []
    if unseen.widow_on_table or nap is None:
        widow = list(unseen.shown) + given.get(WIDOW_SEAT, [])
    elif nap == me:
        widow = list(unseen.own_widow)
        dealt[me] = [c for c in dealt[me] + list(unseen.mine_known) if c not in widow]
    elif unseen.discarded:
        widow = discards = list(unseen.face_up) + given.get(HIDDEN_SEAT, [])
    else:  # Napoleon holds the widow and has not discarded yet: any of his cards may have been it
        size = len(dealt[nap]) - 10
        widow, dealt[nap] = dealt[nap][-size:], dealt[nap][:-size]
    return Sampled(unseen.options, nap, [dealt[s] for s in range(PLAYERS)], widow, discards)


def replayed(view: View, cards: Sampled, parse: Callable[[str], Action]) -> NapoleonState:
    """The deal of ``cards`` brought up to the view's moment: its history replayed, each action read by
    ``parse`` (``SamplingError`` if an action does not fit)."""
    options, nap, me, discards = cards.options, cards.napoleon, view.seat, cards.discards
    state = new_napoleon_deal(options, view.dealer or 0, None, cards.hands, cards.widow)
    for event in view.history:
        if event.seat is None:
            continue
        try:
            if event.action is not None:
                state.apply(event.seat, parse(event.action))
            elif event.kind == "discard" and nap != me:
                state.apply(event.seat, discard_action(discards))
        except IllegalAction as exc:
            raise SamplingError(f"sample does not fit the view: {exc}") from None
    return state
