"""How Nap's and Napas's ``hard`` values a decision: the other seats play on as they would, itself as the solver.

From a bidding (or exchange) decision the generic search's rollout finishes the auction with the rollout
policy; then, where the exact evaluator (``tricksolver.solved_evaluator``) would have every seat play
perfectly with every hand shown, this one lets the other seats go on playing their own policy (the game's
``normal`` play, what those seats do at the table) and gives the searching seat the solver's best card in
each position of the sampled deal (close to how ``hard`` plays the cards, which it searches one by one). A
bid is so valued against the play it will meet, not against defenders who see every card: on the same
boards this bid more soundly (docs/bots.md).

Card play is solved exactly (the evaluator's answer in the play phase, which ``cardsuite analyze`` reads as
best play); a game may also have the search value its card play the way it values bids (``for_search``:
Napas, where its declarers then made more of their contracts on the same boards, docs/bots.md).
"""

from __future__ import annotations

import random

from ..core.game import State
from ..core.search import Evaluator, Outcome, Policy, rollout_until
from .playmemo import Played, PlayMemo
from .tricksolver import TrickRules, TrickSolver, position_of, solved_evaluator


class TrickEvaluator:
    """An ``Evaluator``: card play solved exactly; anything before it played out against the rollout policy.

    ``for_search`` is the evaluator the search bot uses (``bots.search.SearchBot``): this one, or with
    ``play_out_cards`` one that plays card decisions out like bids; with ``remember_plays`` a play a sampled
    deal has already met is replayed (``games/playmemo.py``; ``bench/play_memo.py`` measures what it saves).
    """

    def __init__(self, rules: TrickRules, play_out_cards: bool = False, remember_plays: bool = False) -> None:
        self.rules = rules
        self.solver = TrickSolver(rules)
        self.memo = PlayMemo(rules) if remember_plays else None
        self.exact = solved_evaluator(rules)
        self.for_search: Evaluator = self.played_out if play_out_cards else self

    def __call__(self, state: State, seat: int, rng: random.Random, policy: Policy) -> State | Outcome:
        """Exact in the play phase; before it, the auction rolled out and the deal played out."""
        if state.phase == "play":
            return self.exact(state, seat, rng, policy)
        return self.played_out(state, seat, rng, policy)

    def played_out(self, state: State, seat: int, rng: random.Random, policy: Policy) -> State:
        """The rest of the auction and the exchange by ``policy``; then each other seat's card by ``policy``
        and ``seat``'s by the solver with the deal shown (with ``remember_plays``, a play this deal has already
        met is replayed)."""
        memo = self.memo if state.phase != "play" else None  # a play is met again only from its start
        rollout_until(state, rng, policy, lambda s: s.phase == "play")
        if memo is not None and not state.is_over:
            return memo.play(state, seat, rng, lambda s, me, r: self._play(s, me, r, policy))
        self._play(state, seat, rng, policy)
        return state

    def _play(self, state: State, seat: int, rng: random.Random, policy: Policy) -> Played:
        """The trick play to the deal's end: the other seats by ``policy``, ``seat`` by the solver."""
        rules, solver = self.rules, self.solver
        played: Played = []
        while not state.is_over:
            turn = next(iter(state.to_act))  # trick play: one seat at a time
            if turn == seat:
                pos = position_of(state, rules)
                if pos is None:
                    break
                card = solver.best_card(pos)
                action = next(a for a in state.legal_actions(seat) if a.verb == "play" and a.args[0] == card)
            else:
                action = policy(state, turn, rng)
            state.apply(turn, action)
            played.append((turn, action))
        return played


def bidding_evaluator(rules: TrickRules, play_out_cards: bool = False, remember_plays: bool = False) -> TrickEvaluator:
    """A ``SearchBot`` evaluator: play decisions solved exactly; bids played out against the rollout policy
    (and card decisions too in the search, with ``play_out_cards``; a sampled deal's plays remembered, with
    ``remember_plays``)."""
    return TrickEvaluator(rules, play_out_cards, remember_plays)
