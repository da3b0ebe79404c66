"""Nap's and Napas's bid evaluator: the other seats play their own policy, the searching seat the solver's card."""

from __future__ import annotations

import random

import pytest

from cardsuite.bots.search import SearchBot
from cardsuite.core.registry import get_game
from cardsuite.games.trickeval import bidding_evaluator
from cardsuite.games.tricksolver import NAP_RULES, NAPAS_RULES, solved_evaluator


@pytest.mark.parametrize(("name", "rules"), [("nap", NAP_RULES), ("napas", NAPAS_RULES)])
def test_bids_are_played_out_and_cards_solved(name: str, rules: object) -> None:
    game = get_game(name)
    options = game.resolve_options({}, 4)
    bot = SearchBot(game, iterations=2)
    assert bot.evaluator is not solved_evaluator  # the game's hook gives the bid evaluator
    evaluate = bidding_evaluator(rules)  # type: ignore[arg-type]
    exact = solved_evaluator(rules)  # type: ignore[arg-type]
    for seed in range(12):
        state = game.new_deal(4, options, seed % 4, rng=random.Random(seed))
        seat = min(state.to_act)
        final = evaluate(state.clone(), seat, random.Random(1), bot.policy)
        assert final.is_over and len(final.scores()) == 4
        while not state.is_over and state.phase != "play":  # to the first card
            (turn,) = state.to_act
            state.apply(turn, bot.policy(state, turn, random.Random(2)))
        if state.is_over:
            continue
        (turn,) = state.to_act
        assert evaluate(state.clone(), turn, random.Random(1), bot.policy).scores() == \
            exact(state.clone(), turn, random.Random(1), bot.policy).scores()
