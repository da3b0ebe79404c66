"""Long random runs for ``make soak`` (not part of ``make test``): many whole matches per game."""

from __future__ import annotations

import os

import pytest

from cardsuite.core.registry import all_games, get_game

from .test_contract import play_deal

pytestmark = pytest.mark.soak
DEALS = int(os.environ.get("CARDSUITE_SOAK_DEALS", "300"))
CASES = [(g.info.name, n) for g in all_games() for n in g.info.players]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_many_random_deals_keep_the_contract(name: str, players: int) -> None:
    game = get_game(name)
    for seed in range(DEALS):
        play_deal(game, players, seed * 7919 + players, {})
