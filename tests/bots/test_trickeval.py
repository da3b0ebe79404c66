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


def test_napas_search_plays_cards_out_where_analysis_keeps_best_play() -> None:
    game = get_game("napas")
    options = game.resolve_options({}, 4)
    bot = SearchBot(game, iterations=2)
    hook = game.search_hooks().evaluator
    assert getattr(bot.evaluator, "__name__", "") == "played_out"  # the hook's ``for_search``
    nap = SearchBot(get_game("nap"), iterations=2)
    assert nap.evaluator.for_search is nap.evaluator  # type: ignore[attr-defined]  # Nap: its cards solved
    exact = solved_evaluator(NAPAS_RULES)
    differ = 0
    for seed in range(40):
        state = game.new_deal(4, options, seed % 4, rng=random.Random(seed))
        while not state.is_over and state.phase != "play":
            (turn,) = state.to_act
            state.apply(turn, bot.policy(state, turn, random.Random(2)))
        if state.is_over:
            continue
        (turn,) = state.to_act
        assert hook(state.clone(), turn, random.Random(1), bot.policy).scores() == \
            exact(state.clone(), turn, random.Random(1), bot.policy).scores()  # analysis: best play
        played = bot.evaluator(state.clone(), turn, random.Random(1), bot.policy)
        assert played.is_over
        differ += played.scores() != exact(state.clone(), turn, random.Random(1), bot.policy).scores()
    assert differ  # the others' own play lets through what best defence would not (or the reverse)
