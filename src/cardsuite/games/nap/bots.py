"""Nap's heuristic CPU players: ``normal`` (sound hand reading) and ``easy`` (the same, with mistakes).

Both see only their seat's ``View``. ``normal`` bids from trump length and top cards (misère with low
cards) and plays to win cheaply, trumps when void, and plays low in misère.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...cards import RANK_OF, SUIT_OF, SUITS, Card, ranked_deck
from ...core.game import View
from ...core.message import Message, N_p, SuitRef, msg, msg_p
from ..trickbot import Choice, PlainTrickBot, Trick, weak_pass_reason
from ..trickplay import TrumpWeights, highest, lowest_card, shed_as_declarer, stay_under, trump_tricks
from .bidding import LADDER

MISERE = msg_p("contract", "misère")
MISERE_FORMS = (
    # TRANSLATORS: the contract after a preposition that takes the accusative ("against {contract}"); where the
    # language has no cases, the same words as the contract itself
    N_p("contract, accusative", "misère"),
)
"""``MISERE``'s words where a sentence asks for ``{contract:acc}``, marked for the catalogs (``core.message``)."""


def _lowest_rank(view: View) -> int:
    return 12 - view.players if view.options.get("deck") == "reduced" else 2


def unseen_cards(view: View) -> set[Card]:
    """Cards this seat has not seen: not in its hand and not yet played."""
    played = {e.card for e in view.history if e.kind == "play" and e.card is not None}
    return set(ranked_deck(_lowest_rank(view))) - set(view.hand) - played


NAP_WEIGHTS = TrumpWeights(next_below=0.6, long_trump=0.3, short_trump=0.15, crowd=0.1, side_ace=0.8,
                           side_king_with_ace=0.5, side_king_guarded=0.25, void=0.2)
"""What ``normal`` counts a Nap hand's cards as, in tricks (``trickplay.trump_tricks``)."""


def trump_strength(hand: Sequence[Card], suit: int, players: int, lowest: int) -> float:
    """Tricks this hand may take as declarer with ``suit`` as trumps (a rough estimate)."""
    del lowest
    return trump_tricks(hand, suit, players, NAP_WEIGHTS)


def best_trump(hand: Sequence[Card], players: int, lowest: int) -> tuple[int, float]:
    """The suit that makes the strongest trump game, and its estimate."""
    return max(((s, trump_strength(hand, s, players, lowest)) for s in SUITS), key=lambda p: p[1])


def misere_safe(hand: Sequence[Card]) -> bool:
    """Whether the hand looks safe for misère: only low cards, or high ones guarded by low ones."""
    for suit in SUITS:
        ranks = sorted(RANK_OF[c] for c in hand if SUIT_OF[c] == suit)
        if not ranks:
            continue
        if ranks[0] > 6:
            return False
        if ranks[-1] >= 11 and len(ranks) < 3:
            return False
    return True


def misere_reason(hand: Sequence[Card]) -> Message:
    """Why a hand that ``misere_safe`` accepts suits misère, true of that hand."""
    if max(RANK_OF[c] for c in hand) <= 8:
        return msg("only low cards: good for misère")
    return msg("every high card is guarded by low cards of its suit: good for misère")


class NormalNapBot(PlainTrickBot):
    """A sound heuristic Nap player."""

    level = "normal"
    mistake_rate = 0.0
    bid_noise = 0.0
    low_contract = "misere"
    forces_out_trumps = True

    def unseen(self, view: View) -> set[Card]:
        return unseen_cards(view)

    def setup_move(self, view: View, rng: random.Random) -> Choice:
        return self._bid(view, rng)

    # -- bidding ------------------------------------------------------------------------------------
    def _bid(self, view: View, rng: random.Random) -> Choice:
        lowest = _lowest_rank(view)
        suit, strength = best_trump(view.hand, view.players, lowest)
        strength += rng.gauss(0, self.bid_noise) if self.bid_noise else 0.0
        legal = {str(a.args[0]): a for a in view.legal if a.verb == "bid"}
        pass_action = next((a for a in view.legal if a.verb == "pass"), None)
        wanted: list[tuple[str, Message]] = []
        trumps = SuitRef(suit)
        if strength >= 4.7:
            wanted += [("blucher", msg("a hand sure of all five tricks")),
                       ("wellington", msg("a hand sure of all five")),
                       ("nap", msg("strong enough to take all five tricks"))]
        if strength >= 3.7:
            wanted.append(("4", msg("about four tricks with {suit} as trumps", suit=trumps)))
        if misere_safe(view.hand):
            wanted.append(("misere", misere_reason(view.hand)))
        if strength >= 2.7:
            wanted.append(("3", msg("about three tricks with {suit} as trumps", suit=trumps)))
        if strength >= 1.9:
            wanted.append(("2", msg("two likely tricks with {suit} as trumps", suit=trumps)))
        wanted.sort(key=lambda w: -LADDER.rank(w[0]))
        for bid, reason in wanted:
            if bid in legal:
                return legal[bid], reason
        if pass_action is not None:
            return pass_action, weak_pass_reason(view)
        cheapest = min(legal, key=LADDER.rank)
        return legal[cheapest], msg("the dealer must bid: the cheapest bid")

    # -- play ---------------------------------------------------------------------------------------
    def trump_lead(self, view: View, cards: list[Card]) -> tuple[Card, Message] | None:
        suit, _ = best_trump(view.hand, view.players, _lowest_rank(view))
        lead = highest([c for c in cards if SUIT_OF[c] == suit])
        return lead, msg("lead the top card of {suit} to make them trumps", suit=SuitRef(suit))

    def low_play(self, view: View, cards: list[Card], trick: Trick, declarer: int,
                 rng: random.Random) -> tuple[Card, Message]:
        if view.seat == declarer:
            return shed_as_declarer(cards, trick, MISERE, rng)
        if not trick:
            return lowest_card(cards, rng), msg("against misère: lead low to catch the declarer")
        return stay_under(cards, trick, declarer, MISERE, rng) or (
            lowest_card(cards, rng), msg("against misère: play low"))


class EasyNapBot(NormalNapBot):
    """``normal`` with deliberate mistakes: noisy bidding and a random card a third of the time."""

    level = "easy"
    mistake_rate = 0.3
    bid_noise = 0.9
