"""``Match.settle`` and a match dealt from a given generator, as ``cardsuite simulate`` plays them."""

from __future__ import annotations

import random

import pytest

from cardsuite.core.match import Match
from cardsuite.core.registry import get_game


def play_out(match: Match, rng: random.Random) -> None:
    """Random actions straight to the state until the deal is over."""
    state = match.state
    while not state.is_over:
        seat = min(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("name", "players"), [("nap", 4), ("gops", 2)])
def test_settle_counts_a_deal_played_on_the_state_once(name: str, players: int) -> None:
    game = get_game(name)
    options = game.resolve_options({}, players)
    recorded = Match(game, players, options, seed=3)
    headless = Match(game, players, options, seed=3, keep_record=False)
    rng = random.Random(3)
    while True:
        with pytest.raises(RuntimeError):
            headless.settle()  # the deal is not over
        state = headless.state
        while not state.is_over:
            seat = min(state.to_act)
            action = rng.choice(state.legal_actions(seat))
            recorded.act(seat, action)
            state.apply(seat, action)
        with pytest.raises(RuntimeError):
            headless.next_deal()  # played on the state, not yet counted
        result = headless.settle()
        assert headless.settle() is result and len(headless.results) == len(recorded.results)
        assert result == recorded.results[-1] and headless.totals == recorded.totals
        if recorded.is_over:
            break
        assert not headless.is_over
        recorded.next_deal()
        headless.next_deal()
    assert headless.is_over


def test_a_match_given_a_generator_deals_from_it() -> None:
    """The same generator state deals the same match; the seed is then only a label."""
    game = get_game("nap")
    options = game.resolve_options({}, 4)
    first = Match(game, 4, options, seed=1, keep_record=False, rng=random.Random(7))
    second = Match(game, 4, options, seed=2, keep_record=False, rng=random.Random(7))
    assert first.dealer == second.dealer and first.state.setup() == second.state.setup()
    play_out(first, random.Random(1))
    first.settle()
    assert first.next_deal().setup() != second.state.setup()
