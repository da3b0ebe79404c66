"""Our 2-player GOPS with ``ties=discard`` and ``play_out=true`` against OpenSpiel's default goofspiel.

OpenSpiel gives the point card to the unique highest bid and discards ties, with no carry-over; its
prize order is random (chance nodes), which we drive to match our prize pile. The outcome (who wins, or
a draw) must agree in every game. Run by ``make test-openspiel`` (which installs ``open_spiel``), never skipped.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardsuite.cards import parse_card
from cardsuite.games.gops import GAME

pytestmark = pytest.mark.openspiel


def load_goofspiel() -> object:
    """OpenSpiel's default goofspiel (``pyspiel`` is imported here, so that the file is collected without it)."""
    import pyspiel  # type: ignore[import-not-found]

    return pyspiel.load_game("goofspiel")

RANKS = "A23456789TJQK"
GAMES = 1000


def ours(order: list[int], bids: tuple[list[int], list[int]]) -> int:
    """+1 if seat 0 wins, -1 if seat 1 wins, 0 for a draw."""
    options = GAME.resolve_options({"ties": "discard", "play_out": True}, 2)
    state = GAME.new_deal(2, options, None, stock=[parse_card(f"{RANKS[v - 1]}D") for v in order])
    for b0, b1 in zip(*bids, strict=True):
        state.apply(0, GAME.parse_action(f"play {RANKS[b0 - 1]}"))
        state.apply(1, GAME.parse_action(f"play {RANKS[b1 - 1]}"))
    assert state.is_over
    a, b = state.scores()
    return (a > b) - (a < b)


def theirs(game: object, order: list[int], bids: tuple[list[int], list[int]]) -> int:
    """The same game in OpenSpiel, its chance nodes driven to our prize order."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    turn = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = order[turn] - 1
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            joint = [bids[0][turn] - 1, bids[1][turn] - 1]
            for player in (0, 1):
                assert joint[player] in state.legal_actions(player)
            state.apply_actions(joint)
            turn += 1
    assert turn >= 12  # OpenSpiel plays the 13th turn by itself
    first, second = state.returns()
    return (first > second) - (first < second)


def test_same_outcome_as_openspiel_goofspiel() -> None:
    game: Any = load_goofspiel()
    params = game.get_parameters()
    assert params["num_cards"] == 13 and params["points_order"] == "random" and params["players"] == 2
    rng = random.Random(2024)
    outcomes = {-1: 0, 0: 0, 1: 0}
    for _ in range(GAMES):
        order = rng.sample(range(1, 14), 13)
        bids = (rng.sample(range(1, 14), 13), rng.sample(range(1, 14), 13))
        result = ours(order, bids)
        assert result == theirs(game, order, bids), (order, bids)
        outcomes[result] += 1
    assert all(outcomes.values()), outcomes  # wins, losses and draws were all compared


def test_default_carry_can_differ_from_openspiel() -> None:
    """Our default carries ties, so some games end differently: the comparison above is not vacuous."""
    game: Any = load_goofspiel()
    rng = random.Random(7)
    differ = 0
    for _ in range(300):
        order = rng.sample(range(1, 14), 13)
        bids = (rng.sample(range(1, 14), 13), rng.sample(range(1, 14), 13))
        options = GAME.resolve_options({"play_out": True}, 2)
        state = GAME.new_deal(2, options, None, stock=[parse_card(f"{RANKS[v - 1]}D") for v in order])
        for b0, b1 in zip(*bids, strict=True):
            state.apply(0, GAME.parse_action(f"play {RANKS[b0 - 1]}"))
            state.apply(1, GAME.parse_action(f"play {RANKS[b1 - 1]}"))
        a, b = state.scores()
        differ += ((a > b) - (a < b)) != theirs(game, order, bids)
    assert differ > 0
