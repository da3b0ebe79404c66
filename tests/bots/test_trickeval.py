"""Nap's and Napas's bid evaluator: the other seats play their own policy, the searching seat the solver's card."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardsuite.bots.search import SearchBot
from cardsuite.core.registry import get_game
from cardsuite.games.trickeval import TrickEvaluator, bidding_evaluator
from cardsuite.games.tricksolver import NAP_RULES, NAPAS_RULES, TrickRules, solved_evaluator


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


@pytest.mark.parametrize(("name", "rules"), [("nap", NAP_RULES), ("napas", NAPAS_RULES)])
def test_a_remembered_play_is_the_play_itself(name: str, rules: TrickRules, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every bid of a sampled deal valued with the deal's remembered plays ends exactly as played afresh."""
    game = get_game(name)
    options = game.resolve_options({}, 4)
    bot = SearchBot(game, iterations=2)
    shared = bidding_evaluator(rules, remember_plays=True)
    played_afresh = 0
    plays = TrickEvaluator._play

    def counted(self: TrickEvaluator, *args: Any) -> Any:
        nonlocal played_afresh
        played_afresh += self is shared
        return plays(self, *args)

    monkeypatch.setattr(TrickEvaluator, "_play", counted)
    valued = 0
    for seed in range(24):
        state = game.new_deal(4, options, seed % 4, rng=random.Random(seed))
        rng = random.Random(seed)
        while not state.is_over and state.phase == "bidding":
            (seat,) = state.to_act
            view = state.view(seat)
            for _ in range(2):
                deal = bot.sampler(view, rng)
                draw = rng.getrandbits(64)
                for action in view.legal:
                    mine, fresh = deal.clone(), deal.clone()
                    mine.apply(seat, action)
                    fresh.apply(seat, action)
                    remembered = shared.played_out(mine, seat, random.Random(draw), bot.policy)
                    afresh = bidding_evaluator(rules).played_out(fresh, seat, random.Random(draw), bot.policy)
                    assert list(remembered.events()) == list(afresh.events())
                    assert remembered.scores() == afresh.scores()
                    valued += 1
            state.apply(seat, bot.policy(state, seat, random.Random(seed)))
    if name == "napas":
        assert played_afresh < valued * 0.8  # bids that reach the same play replay it
