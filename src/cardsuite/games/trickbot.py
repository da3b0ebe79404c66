"""The heuristic CPU of a plain trick game with one declarer (Nap, Napas): its turn and its card play.

A game's bot subclasses ``PlainTrickBot`` and writes what differs: its auction and other phases before the
play (``setup_move``), the cards it has not seen, the first card led, which names trumps, the low contract's play
(misère, the zero game) and a few switches. The turn (a forced move, a deliberate mistake), the play's
dispatch, the declarer's play and the defence are here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, cast

from ..cards import SUIT_OF, Card
from ..core.game import Action, ReasonedBot, View
from ..core.message import CardRef, Message, msg
from .trickplay import current_winner, follow_to_win, highest, lowest, sure_winner

Choice = tuple[Action, Message]
Trick = Sequence[tuple[int, Card]]


def weak_pass_reason(view: View) -> Message:
    """Why a hand too weak for any bid passes: there is a bid to beat, or nobody has bid yet."""
    if any(event.kind == "bid" for event in view.history):
        return msg("the hand is too weak to outbid")
    return msg("the hand is too weak to open the bidding")


class PlainTrickBot(ReasonedBot):
    """A plain trick game's heuristic player; ``mistake_rate`` of its moves are random (``easy``)."""

    level = "normal"
    mistake_rate = 0.0
    low_contract: ClassVar[str] = ""
    """The contract that wants no tricks (played by ``low_play``)."""
    defence_trusts_sure_winners: ClassVar[bool] = False
    """A defender plays low under a partner's sure winner even before the declarer has played."""
    draws_trumps_at_once: ClassVar[bool] = False
    """The declarer leads the top trump at the first trick even when it is not a sure winner."""
    forces_out_trumps: ClassVar[bool] = False
    """With no sure winner to cash, the declarer leads the top trump to force out the higher ones."""

    def decide(self, view: View, rng: random.Random) -> Choice:
        """The chosen action and why."""
        if len(view.legal) == 1:
            return view.legal[0], msg("the only legal move")
        if self.mistake_rate and rng.random() < self.mistake_rate:
            return view.legal[rng.randrange(len(view.legal))], msg("a hunch")
        if view.phase == "play":
            return self.play(view, rng)
        return self.setup_move(view, rng)

    def setup_move(self, view: View, rng: random.Random) -> Choice:
        """A move before the card play (the auction, and the game's other phases)."""
        raise NotImplementedError

    def unseen(self, view: View) -> set[Card]:
        """The cards this seat has not seen."""
        raise NotImplementedError

    def trump_lead(self, view: View, cards: list[Card]) -> tuple[Card, Message] | None:
        """The declarer's lead while there are no trumps yet, where that lead names them (Nap)."""
        return None

    def low_play(self, view: View, cards: list[Card], trick: Trick, declarer: int,
                 rng: random.Random) -> tuple[Card, Message]:
        """A card in the contract that wants no tricks, declarer or defender."""
        raise NotImplementedError

    def play(self, view: View, rng: random.Random) -> Choice:
        """A card: the low contract's, the declarer's or a defender's."""
        cards = [cast(int, a.args[0]) for a in view.legal]
        by_card = {cast(int, a.args[0]): a for a in view.legal}
        declarer = cast(int, view.table.get("declarer"))
        trump = cast(int, view.table.get("trump"))
        trick = cast(tuple[tuple[int, Card], ...], view.table.get("trick", ()))
        unseen = self.unseen(view)
        if view.table.get("contract") == self.low_contract:
            card, why = self.low_play(view, cards, trick, declarer, rng)
        elif view.seat == declarer:
            card, why = self.declarer_play(view, cards, trick, trump, unseen, rng)
        else:
            card, why = self.defender_play(view, cards, trick, trump, declarer, unseen, rng)
        return by_card[card], why

    def declarer_play(self, view: View, cards: list[Card], trick: Trick, trump: int, unseen: set[Card],
                      rng: random.Random) -> tuple[Card, Message]:
        """The declarer's card in a trump contract: draw trumps, cash sure winners, keep them, follow to win."""
        if trick:
            return follow_to_win(cards, trick, trump, unseen, view.players, rng)
        naming = self.trump_lead(view, cards) if trump < 0 else None
        if naming is not None:
            return naming
        trumps = [c for c in cards if SUIT_OF[c] == trump]
        trumps_out = any(SUIT_OF[c] == trump for c in unseen)
        if trumps and trumps_out:
            top = highest(trumps)
            if sure_winner(top, unseen, trump) or (self.draws_trumps_at_once
                                                   and view.table.get("trick_number") == 1):
                return top, msg("draw the opponents' trumps with the top trump")
        winners = [c for c in cards if sure_winner(c, unseen, trump)]
        if winners:
            card = highest(winners, rng)
            return card, msg("cash {card}: no unseen card beats it", card=CardRef(card))
        if self.forces_out_trumps and trumps and trumps_out:
            return highest(trumps), msg("force out the higher trumps")
        return lowest(cards, trump, rng), msg("lead low and keep the winners")

    def defender_play(self, view: View, cards: list[Card], trick: Trick, trump: int, declarer: int,
                      unseen: set[Card], rng: random.Random) -> tuple[Card, Message]:
        """A defender's card in a trump contract: take sure tricks, lead low, let a partner's winner stand."""
        if not trick:
            winners = [c for c in cards if sure_winner(c, unseen, trump)]
            if winners:
                return highest(winners, rng), msg("take a sure trick against the declarer")
            side = [c for c in cards if SUIT_OF[c] != trump] or cards
            return lowest(side, trump, rng), msg("lead low in a side suit")
        seat, best = current_winner(trick, trump)
        declarer_played = any(s == declarer for s, _ in trick)
        if seat != declarer and (declarer_played or (self.defence_trusts_sure_winners
                                                     and sure_winner(best, unseen, trump))):
            return lowest(cards, trump, rng), msg("a fellow opponent is already winning: play low")
        return follow_to_win(cards, trick, trump, unseen, view.players, rng)
