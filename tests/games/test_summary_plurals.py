"""A deal's English summary text (``replay --json``'s ``result``) counts its tricks and honours in the right number."""

from __future__ import annotations

import random
import re

import pytest

from cardsuite.core.registry import get_game

COUNTED = re.compile(r"\((?P<n>[0-9]+) (?P<noun>trick|tricks|honour|honours)\)")


@pytest.mark.parametrize(("name", "players"), [("nap", 3), ("napas", 3), ("napoleon", 5)])
def test_one_trick_or_honour_is_singular_and_the_others_plural(name: str, players: int) -> None:
    game = get_game(name)
    options = game.resolve_options({}, players)
    seen: set[bool] = set()
    for seed in range(400):
        rng = random.Random(seed)
        state = game.new_deal(players, options, seed % players, rng=rng)
        while not state.is_over:
            seat = min(state.to_act)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        found = COUNTED.search(state.summary().text)
        if found is None:
            continue
        one = found["n"] == "1"
        assert found["noun"].endswith("s") != one, state.summary().text
        seen.add(one)
        if seen == {True, False}:
            return
    pytest.fail(f"no {name} deal ended with one trick or honour and another with more")
