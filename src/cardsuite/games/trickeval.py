"""How Nap's and Napas's ``hard`` values a bid: the other seats play on as they would, itself as the solver.

From a bidding (or exchange) decision the generic search's rollout finishes the auction with the rollout
policy; then, where the exact evaluator (``tricksolver.solved_evaluator``) would have every seat play
perfectly with every hand shown, this one lets the other seats go on playing their own policy (the game's
``normal`` play, what those seats do at the table) and gives the searching seat the solver's best card in
each position of the sampled deal (close to how ``hard`` plays the cards, which it searches one by one). A
bid is so valued against the play it will meet, not against defenders who see every card: on the same
boards this bid more soundly (docs/bots.md). Play decisions are solved exactly, as before.
"""

from __future__ import annotations

import random

from ..core.game import State
from ..core.search import Evaluator, Outcome, Policy, rollout_until
from .tricksolver import TrickRules, TrickSolver, position_of, solved_evaluator


def bidding_evaluator(rules: TrickRules) -> Evaluator:
    """A ``SearchBot`` evaluator: play decisions solved exactly; bids played out against the rollout policy."""
    solver = TrickSolver(rules)
    exact = solved_evaluator(rules)

    def evaluate(state: State, seat: int, rng: random.Random, policy: Policy) -> State | Outcome:
        if state.phase == "play":
            return exact(state, seat, rng, policy)
        rollout_until(state, rng, policy, lambda s: s.phase == "play")
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
        return state

    return evaluate
