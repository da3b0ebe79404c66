"""Tiny Tricks' ``normal`` CPU: lead the highest card, win a trick as cheaply as possible, else throw the lowest."""

from __future__ import annotations

import random

from cardsuite.cards import RANK_OF, SUIT_OF
from cardsuite.core.game import Action, ReasonedBot, View


def _rank(action: Action) -> int:
    card = action.args[0]
    assert isinstance(card, int)
    return RANK_OF[card]


class NormalTinyBot(ReasonedBot):
    """A sensible player that reads only its view."""

    level = "normal"

    def decide(self, view: View, rng: random.Random) -> tuple[Action, str]:
        del rng  # no ties to break: the cards decide
        trick = view.table.get("trick", ())
        assert isinstance(trick, tuple)
        if not trick:
            return max(view.legal, key=_rank), "lead the highest card"
        led = SUIT_OF[trick[0][1]]
        best = max(RANK_OF[card] for _, card in trick if SUIT_OF[card] == led)
        winners = [a for a in view.legal if SUIT_OF[int(a.args[0])] == led and _rank(a) > best]
        if winners:
            return min(winners, key=_rank), "win the trick as cheaply as possible"
        return min(view.legal, key=_rank), "the trick is lost: throw the lowest card"
