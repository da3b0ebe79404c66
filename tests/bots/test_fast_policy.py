"""The search's fast path chooses exactly what the view-based bot chooses.

Rollouts ask each game's heuristic CPU through ``State.window(seat)`` (``bots.search.bot_policy``): the
same bot code reading the same fields, built from the live state instead of a copy. Over thousands of
random positions per game, with generators in the same state, the action, the reason and the generator's
state afterwards must be the same as through ``State.view(seat)``, and so must every field.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardsuite.bots.search import bot_policy
from cardsuite.core.game import Game, ReasonedBot, State, View
from cardsuite.core.registry import all_games, get_game

POSITIONS = {"gops": 1000}  # GOPS's CPUs weigh every seat's every card: fewer, still a thousand
"""Positions per game (2,000 unless named)."""
GAMES = [g.info.name for g in all_games() if {"easy", "normal"} <= set(g.bot_levels())]


def fields(view: View) -> tuple[object, ...]:
    return tuple(getattr(view, f.name) for f in dataclasses.fields(view) if f.compare)


def positions(game: Game, count: int, seed: int) -> list[tuple[State, int]]:
    """Random positions (copies) of deals played by a mix of normal and random moves, at every count."""
    rng = random.Random(seed)
    normal = game.bot_levels()["normal"]()
    steered = 0.3 if game.info.traits.simultaneous else 0.7  # how often the normal CPU picks the move
    out: list[tuple[State, int]] = []
    deal = 0
    while len(out) < count:
        # the fewest players most often: GOPS's CPUs think longest with three
        players = game.info.players[0] if rng.random() < 0.8 else rng.choice(game.info.players)
        options = {"beginner": rng.random() < 0.3} if game.info.name == "napoleon" else {}
        state = game.new_deal(players, game.resolve_options(options, players), deal % players,
                              rng=random.Random(seed * 1000 + deal))
        deal += 1
        while not state.is_over and len(out) < count:
            seat = min(state.to_act)
            out.append((state.clone(), seat))
            legal = state.legal_actions(seat)
            act = normal.choose(state.view(seat), rng) if rng.random() < steered else rng.choice(legal)
            state.apply(seat, act)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_windows_choose_what_views_choose(name: str) -> None:
    game = get_game(name)
    bots = [game.bot_levels()[level]() for level in ("normal", "easy")]
    for index, (state, seat) in enumerate(positions(game, POSITIONS.get(name, 2000), 7)):
        window, view = state.window(seat), state.view(seat)
        if index % 10 == 0:
            assert fields(window) == fields(view), f"position {index}: a window's fields differ from the view's"
        for bot in bots if index % 4 == 0 else bots[:1]:  # easy (normal with mistakes) on every fourth
            fast, slow = random.Random(index), random.Random(index)
            if isinstance(bot, ReasonedBot):
                assert bot.decide(state.window(seat), fast) == bot.decide(view, slow), f"position {index}"
            else:
                assert bot.choose(state.window(seat), fast) == bot.choose(view, slow), f"position {index}"
            assert fast.getstate() == slow.getstate(), f"position {index}: the generators drew differently"


@pytest.mark.parametrize("name", GAMES)
def test_the_rollout_policy_reads_windows(name: str) -> None:
    """``bot_policy`` (what ``SearchBot`` rolls out with) plays as the bot does through a view."""
    game = get_game(name)
    bot = game.bot_levels()["normal"]()
    policy = bot_policy(bot)
    for index, (state, seat) in enumerate(positions(game, 200, 11)):
        assert policy(state, seat, random.Random(index)) == bot.choose(state.view(seat), random.Random(index))
