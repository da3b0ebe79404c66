"""Napoleon's sampled deals that read the table: deals that fit a seat's view, kept where the ``normal`` player,
holding each sampled hand, would have made the calls the table saw: every other seat's bids (the search's
deals, ``Napoleon.inferred_deal``) and, for who may be the adjutant (``Napoleon.read_deal``), when another
seat is Napoleon, his naming of the adjutant's card and his discard too.

The auction is read once from the view's history (who bid what, and the lowest legal bid at that moment) and
each sampled hand is asked through ``NormalNapoleonBot.bid_for``. Reading the calls, another seat's Napoleon
gets his cards as he held them: the hand he named the card from holds every card ``normal`` would have named
before that one (``calls.call_order``) and not the named one, the widow he took is drawn from the rest, and
once he has discarded, his discard is the one ``normal`` makes from those cards (``calls.normal_discard``:
no joker, no honour but the face-up ones, short side suits first). The rule for choosing is the generic one
(``bots.search.inferring_sampler``): the first deal on which every call agrees, else the first of those that
agreed most often.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import reduce
from operator import or_
from typing import NamedTuple, cast

from ...cards import BIT, JOKER, Card, CardSet, mask_of
from ...core.errors import SamplingError
from ...core.fast.views import sorted_hand
from ...core.game import Action, View
from ...core.options import Options
from ...core.sampling import deal_unseen
from .calls import call_order, holds_before, normal_discard
from .deck import HONOURS, JOKER_BIT, PLAYERS, bid_rank, settings_for, widow_size
from .rules import NapoleonState
from .sampling import HIDDEN_SEAT, Sampled, Unseen, deal_cards, replayed, unseen_cards


class Calls(NamedTuple):
    """What another seat's Napoleon's naming and discard tell, read once for one view (``read_calls``)."""

    named: Card
    read_name: bool
    """Whether the naming is read (``normal`` names this card, and every card it would have named before it
    may have been in his hand)."""
    must: tuple[Card, ...]
    """Unseen cards his hand held when he named the card: dealt to him before the rest."""
    held_before: CardSet
    """Every card his hand held when he named (none of them came from the widow)."""
    named_is_his: bool
    """The named card is known to be among his cards (he played it, or discarded it face up)."""
    known: tuple[Card, ...]
    """His cards everyone saw: played, and discarded face up."""
    unknown: int
    """How many of his cards are drawn: the ones he holds and his hidden discards."""
    never: CardSet
    """Cards none of his drawn ones may be: neither held (a shown void, the requested joker) nor discarded
    hidden (an honour, the joker)."""
    held_forbidden: CardSet
    """Cards he cannot hold now (shown voids, the requested joker)."""
    size: int
    trump: int
    pool: list[Card]
    """The unseen cards but ``must``, shared out by ``core.sampling.deal_unseen`` with ``needs`` and
    ``forbidden``: Napoleon's drawn cards as one hand, no hidden discards apart."""
    needs: dict[int, int]
    forbidden: dict[int, CardSet]
    played: CardSet
    """The cards he has played."""
    face_up: CardSet
    """The honours he discarded face up."""


def read_calls(view: View, unseen: Unseen) -> Calls | None:
    """What Napoleon's naming and discard tell when he is another seat and has named the card (he holds the
    widow then); else ``None``, and his cards are sampled as ``Napoleon.sample_deal`` samples them."""
    nap, named = unseen.napoleon, view.table.get("adjutant_card")
    if nap is None or nap == unseen.me or not isinstance(named, int) or unseen.widow_on_table:
        return None
    jokers = bool(settings_for(unseen.options)[4])
    known = tuple(unseen.played[nap]) + tuple(unseen.face_up)
    unknown = unseen.needs[nap] + unseen.needs.get(HIDDEN_SEAT, 0)
    held_forbidden = unseen.forbidden[nap]
    never = held_forbidden & (HONOURS | JOKER_BIT) if unseen.discarded else held_forbidden
    before = holds_before(named, call_order(cast(int, view.table["trump"]), jokers))
    pool = set(unseen.pool)
    must = [c for c in before or () if c not in known]
    read = before is not None and len(must) <= unknown and not any(c not in pool or never >> c & 1 for c in must)
    if not read:
        before, must = (), []  # not a call ``normal`` makes with the cards he may hold: not read
    needs = {seat: need for seat, need in unseen.needs.items() if seat != HIDDEN_SEAT}
    needs[nap] = unknown - len(must)
    forbidden = {seat: cards for seat, cards in unseen.forbidden.items() if seat != HIDDEN_SEAT}
    forbidden[nap] = never
    return Calls(named, read, tuple(must), mask_of(before or ()), named in known, known, unknown, never,
                 held_forbidden, widow_size(unseen.options), cast(int, view.table["trump"]),
                 [c for c in unseen.pool if c not in must], needs, forbidden, mask_of(unseen.played[nap]),
                 mask_of(unseen.face_up))


def napoleon_cards(unseen: Unseen, calls: Calls, rng: random.Random) -> tuple[Sampled, int, int] | None:
    """One sample with Napoleon's cards dealt as ``calls`` reads them, how many of his calls (the naming,
    the discard) it fits and of how many; ``None`` when the cards could not be shared out this time.

    His cards after taking the widow are dealt as one set: the cards he must have held when naming, the ones
    everyone saw him play or discard, and the rest drawn with the other seats' hands. Once he has discarded,
    the discard is ``normal``'s from that set; it fits when it leaves him every card he played, shows exactly
    the honours he put face up and keeps no card of a suit he has shown he lacks (otherwise the hidden
    discards are drawn: ``_any_hidden``).
    """
    nap = cast(int, unseen.napoleon)
    try:
        given, _rest = deal_unseen(calls.pool, calls.needs, calls.forbidden, rng)
    except SamplingError:
        return None
    drawn = list(calls.must) + given[nap]
    cards = list(calls.known) + drawn
    fits = asked = 0
    discards: list[Card] = []
    if unseen.discarded:
        asked += 1
        mask = mask_of(cards)
        chosen = normal_discard(mask, calls.trump, calls.size)
        out, played = mask_of(chosen), calls.played
        if not out & played and out & HONOURS == calls.face_up and not mask & ~out & ~played & calls.held_forbidden:
            fits += 1
            discards = list(chosen)
        else:
            hidden = _any_hidden(unseen, calls, drawn, rng)
            if hidden is None:
                return None
            discards = list(unseen.face_up) + hidden
    widow, named_fits = _widow(cards, calls, rng)
    if calls.read_name:
        asked += 1
        fits += named_fits
    hands: list[list[Card]] = []
    for seat in range(PLAYERS):
        if seat == nap:
            hands.append([c for c in cards if c not in widow])
        elif seat == unseen.me:
            hands.append(unseen.played[seat] + list(unseen.hand))
        else:
            hands.append(unseen.played[seat] + given[seat])
    return Sampled(unseen.options, nap, hands, widow, discards), fits, asked


def _any_hidden(unseen: Unseen, calls: Calls, drawn: list[Card], rng: random.Random) -> list[Card] | None:
    """Hidden discards when ``normal``'s own does not fit: every drawn card of a suit he has shown he lacks,
    then others drawn among his non-honours but the joker; ``None`` when there are not the right number."""
    count = calls.size - len(unseen.face_up)
    forced = [c for c in drawn if calls.held_forbidden >> c & 1]
    free = [c for c in drawn if not calls.held_forbidden >> c & 1 and not HONOURS >> c & 1 and c != JOKER]
    if len(forced) > count or len(forced) + len(free) < count:
        return None
    return forced + rng.sample(free, count - len(forced))


def _widow(cards: list[Card], calls: Calls, rng: random.Random) -> tuple[list[Card], bool]:
    """The widow Napoleon took, drawn from ``cards`` (his, after taking it) among those he did not hold when
    naming, and whether the naming fits it. A named card among his cards was in the widow (he did not hold
    it); one drawn to him, rather than seen with him, fits only as often as a uniform widow would hold it."""
    free = [c for c in cards if not calls.held_before >> c & 1]
    named = calls.named
    if not calls.read_name or named not in free:
        return rng.sample(free, calls.size), True
    free.remove(named)
    fits = calls.named_is_his or rng.random() * (len(free) + 1) < calls.size
    return [named, *rng.sample(free, calls.size - 1)], fits


def inferred_deal(view: View, options: Options, parse: Callable[[str], Action], rng: random.Random,
                  tries: int = 16, napoleon_calls: bool = True) -> NapoleonState:
    """A deal that fits ``view`` (``options``: the view's, resolved), kept where ``normal`` would have made
    the table's calls (see the module); ``parse`` reads the history's actions. ``napoleon_calls=False``
    reads the bids only, and samples Napoleon's cards as ``Napoleon.sample_deal`` does (the search's)."""
    from .bots import NormalNapoleonBot

    unseen = unseen_cards(view, options)
    calls = read_calls(view, unseen) if napoleon_calls else None
    me = view.seat
    lowest = settings_for(options)[3]
    high = -1
    asks: list[tuple[int, int, Action]] = []  # (seat, the lowest legal bid's rank, what it did)
    for event in view.history:
        if event.action is None or event.seat is None or event.kind not in ("bid", "pass"):
            continue
        action = parse(event.action)
        if event.seat != me:
            asks.append((event.seat, max(lowest, high + 1), action))
        if action.verb == "bid":
            high = bid_rank(int(action.args[0]), int(action.args[1]))
    best: Sampled | None = None
    best_score = -1
    bid_for = NormalNapoleonBot().bid_for
    scored = 0
    for _ in range(3 * tries):  # a draw whose cards cannot be shared out is not one of the tries
        if scored == tries:
            break
        if calls is None:
            cards, agree, asked = deal_cards(unseen, rng), 0, 0
        else:
            found = napoleon_cards(unseen, calls, rng)
            if found is None:
                continue
            cards, agree, asked = found
        scored += 1
        hands = cards.hands
        count = asked + len(asks)
        if agree + len(asks) <= best_score:
            continue  # a call already failed: cannot agree more often than a deal drawn before
        for index, (seat, low, action) in enumerate(asks, asked + 1):  # each hand in its window's order
            agree += bid_for(sorted_hand(reduce(or_, map(BIT.__getitem__, hands[seat]), 0)), low) == action
            if agree + count - index <= best_score:
                break  # cannot be kept: fewer agreements than a deal drawn before
        else:
            if agree == count:
                return replayed(view, cards, parse)
            if agree > best_score:
                best, best_score = cards, agree
    if best is None:  # Napoleon's calls could not be read into any draw: the bids only
        return inferred_deal(view, options, parse, rng, tries, napoleon_calls=False)
    return replayed(view, best, parse)
