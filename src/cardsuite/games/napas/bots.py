"""Napas's heuristic CPU players: ``normal`` (sound hand reading) and ``easy`` (the same, with mistakes).

Both see only their seat's ``View``. ``normal`` bids from trump length and top cards (the zero game with
low cards), names its longest strong suit, exchanges its weak side cards (as few as it can, since its
count caps everyone else's), and plays to win cheaply, or low in the zero game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from ...cards import RANK_OF, SUIT_LETTERS, SUIT_OF, SUITS, Card, mask_of
from ...core.game import View
from ...core.message import CardsRef, Message, N_p, SuitRef, msg, msg_n, msg_p
from ..trickbot import Choice, PlainTrickBot, Trick, weak_pass_reason
from ..trickplay import TrumpWeights, highest, lowest_card, shed_as_declarer, stay_under, trump_tricks
from .bidding import LADDER, ZERO
from .exchange import exchange_action

ZERO_GAME = msg_p("contract", "the zero game")
ZERO_GAME_FORMS = (
    # TRANSLATORS: the contract after a preposition that takes the accusative ("against {contract}"); where the
    # language has no cases, the same words as the contract itself
    N_p("contract, accusative", "the zero game"),
)
"""``ZERO_GAME``'s words where a sentence asks for ``{contract:acc}``, marked for the catalogs (``core.message``)."""


def lowest_rank(view: View) -> int:
    """The lowest rank in the deck in use (7 for 32 cards, 2 for 52)."""
    deck = view.options.get("deck", "auto")
    if deck == "auto":
        deck = "32" if view.players <= 4 else "52"
    return 7 if deck == "32" else 2


def unseen_cards(view: View) -> set[Card]:
    """Cards this seat has not seen: not in its hand, not put away by it, not yet played."""
    low = lowest_rank(view)
    played = {e.card for e in view.history if e.kind == "play" and e.card is not None}
    mine = set(view.hand) | set(cast(tuple[Card, ...], view.private.get("put_away", ())))
    return {c for c in range(52) if RANK_OF[c] >= low} - mine - played


NAPAS_WEIGHTS = TrumpWeights(next_below=0.55, long_trump=0.35, short_trump=0.15, crowd=0.08, side_ace=0.75,
                             side_king_with_ace=0.4, side_king_guarded=0.2, void=0.15, weak_exchanged=0.12)
"""What ``normal`` counts a Napas hand's cards as, in tricks, the exchange's chances included."""


def trump_estimate(hand: Sequence[Card], suit: int, players: int, low: int) -> float:
    """Tricks this hand may take as declarer with ``suit`` as trumps, before the exchange (rough)."""
    del low
    return trump_tricks(hand, suit, players, NAPAS_WEIGHTS)


def best_trump(hand: Sequence[Card], players: int, low: int) -> tuple[int, float]:
    """The suit that makes the strongest trump game, and its estimate."""
    return max(((s, trump_estimate(hand, s, players, low)) for s in SUITS), key=lambda p: p[1])


def zero_risk(hand: Sequence[Card], low: int) -> float:
    """How dangerous the hand is for the zero game: 0 for only bottom cards, more for high ones."""
    span = 15 - low
    risk = 0.0
    for suit in SUITS:
        ranks = sorted(RANK_OF[c] - low for c in hand if SUIT_OF[c] == suit)
        for i, r in enumerate(ranks):
            # a card is safer the lower it is, and the more low cards of its suit guard it
            exposure = max(0.0, r - 2 * i) / span
            risk += exposure * exposure * 2.5
    return risk


def is_high(card: Card, low: int) -> bool:
    """Whether a card is in the upper half of the ranks in use (jack to ace of 32 cards, 8 to ace of 52)."""
    return RANK_OF[card] - low >= (15 - low) // 2


def zero_reason(hand: Sequence[Card], low: int) -> Message:
    """Why a hand ``zero_risk`` lets into the zero game suits it, true of that hand: its high cards, and
    whether a low card of their suit guards each."""
    high = [c for c in hand if is_high(c, low)]
    guarded = {SUIT_OF[c] for c in hand if not is_high(c, low)}
    alone = tuple(sorted((c for c in high if SUIT_OF[c] not in guarded), key=lambda c: (SUIT_OF[c], RANK_OF[c])))
    if not high:
        return msg("only low cards: good for the zero game")
    if not alone:
        return msg("every high card is guarded by low cards of its suit: good for the zero game")
    if len(alone) == len(high):
        return msg("only low cards besides {cards}: good for the zero game", cards=CardsRef(alone))
    return msg("every high card but {cards} is guarded by low cards of its suit: good for the zero game",
               cards=CardsRef(alone))


def zero_discards(hand: Sequence[Card], low: int, limit: int) -> list[Card]:
    """The riskiest cards for the zero game, at most ``limit``, highest first."""
    risky = sorted((c for c in hand if is_high(c, low)), key=lambda c: -RANK_OF[c])
    return risky[:limit]


class NormalNapasBot(PlainTrickBot):
    """A sound heuristic Napas player."""

    level = "normal"
    mistake_rate = 0.0
    bid_noise = 0.0
    bid_margin = 0.0
    thresholds = (("5", 4.6), ("4", 3.6), ("3", 2.6), ("2", 1.7), ("1", 1.0))
    zero_limit = 0.9
    low_contract = ZERO
    defence_trusts_sure_winners = True
    draws_trumps_at_once = True

    def unseen(self, view: View) -> set[Card]:
        return unseen_cards(view)

    def setup_move(self, view: View, rng: random.Random) -> Choice:
        if view.phase == "bidding":
            return self._bid(view, rng)
        if view.phase == "trump":
            return self._trump(view)
        return self._exchange(view)

    # -- bidding, trumps, exchange ------------------------------------------------------------------
    def _bid(self, view: View, rng: random.Random) -> Choice:
        low = lowest_rank(view)
        suit, strength = best_trump(view.hand, view.players, low)
        if self.bid_noise:
            strength += rng.gauss(0, self.bid_noise)
        strength -= self.bid_margin
        legal = {str(a.args[0]): a for a in view.legal if a.verb == "bid"}
        pass_action = next(a for a in view.legal if a.verb == "pass")
        wanted: list[tuple[str, Message]] = []
        name = SuitRef(suit)
        reasons = {"5": msg("strong enough for all five tricks with {suit} as trumps", suit=name),
                   "4": msg("about four tricks with {suit} as trumps", suit=name),
                   "3": msg("about three tricks with {suit} as trumps", suit=name),
                   "2": msg("two likely tricks with {suit} as trumps", suit=name),
                   "1": msg("a sure trick with {suit} as trumps", suit=name)}
        for bid, needed in self.thresholds:
            if strength >= needed:
                wanted.append((bid, reasons[bid]))
        if zero_risk(view.hand, low) < self.zero_limit:
            wanted.append((ZERO, zero_reason(view.hand, low)))
        wanted.sort(key=lambda w: -LADDER.rank(w[0]))
        for bid, reason in wanted:
            if bid in legal:
                return legal[bid], reason
        return pass_action, weak_pass_reason(view)

    def _trump(self, view: View) -> Choice:
        suit, _ = best_trump(view.hand, view.players, lowest_rank(view))
        action = next(a for a in view.legal if a.args[0] == SUIT_LETTERS[suit])
        return action, msg("{suit} is the strongest suit in the hand", suit=SuitRef(suit))

    def _exchange(self, view: View) -> Choice:
        limit = max(len(a.args) for a in view.legal)
        low = lowest_rank(view)
        contract = view.table.get("contract")
        trump = cast(int, view.table.get("trump"))
        declarer = view.table.get("declarer")
        if contract == ZERO:
            if view.seat == declarer:
                cards = zero_discards(view.hand, low, limit)
                why = msg("put away the high cards that could win a trick")
            else:
                cards = sorted((c for c in view.hand if RANK_OF[c] - low >= 4), key=lambda c: -RANK_OF[c])[:limit]
                why = msg("put away high cards: low cards force the declarer to win")
        else:
            keep_rank = 13 if view.seat == declarer else 12
            weak = [c for c in view.hand if SUIT_OF[c] != trump and RANK_OF[c] < keep_rank]
            cards = sorted(weak, key=lambda c: RANK_OF[c])[:limit]
            why = msg("put away weak side cards for a chance at trumps and aces")
        if not cards:
            return exchange_action(0), msg("the hand is good as it is")
        action = exchange_action(mask_of(cards))
        if action not in view.legal:
            return exchange_action(0), msg("the hand is good as it is")
        return action, msg_n("{why} ({n} card)", "{why} ({n} cards)", len(cards), why=why)

    # -- play ---------------------------------------------------------------------------------------
    def low_play(self, view: View, cards: list[Card], trick: Trick, declarer: int,
                 rng: random.Random) -> tuple[Card, Message]:
        if view.seat == declarer:
            return shed_as_declarer(cards, trick, ZERO_GAME, rng)
        if not trick:
            return lowest_card(cards, rng), msg("against the zero game: lead low")
        under = stay_under(cards, trick, declarer, ZERO_GAME, rng)
        if under is not None:
            return under
        if not any(s == declarer for s, _ in trick):
            return lowest_card(cards, rng), msg("against the zero game: play low before the declarer")
        return highest(cards, rng), msg("against the zero game: the declarer is safe here, shed a high card")


class EasyNapasBot(NormalNapasBot):
    """``normal`` with deliberate mistakes: noisy, bolder bidding and a random move a third of the time."""

    level = "easy"
    mistake_rate = 0.3
    bid_noise = 0.9
    bid_margin = -0.4
