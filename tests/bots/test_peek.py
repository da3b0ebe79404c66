"""The ``peek`` seat: it searches the true deal, and nothing where a person plays can seat it."""

from __future__ import annotations

import random

import pytest

from cardsuite.bots import make_bot
from cardsuite.bots.peek import PeekBot, make_seat_bot
from cardsuite.core.errors import CardsuiteError
from cardsuite.core.registry import get_game
from cardsuite.games.gops.hard import HardGopsBot
from cardsuite.simulate import simulate, simulate_duplicate
from tests.bots.test_duplicate import without_times


@pytest.mark.parametrize("name", ["nap", "napas", "napoleon", "gops"])
def test_no_table_or_hint_can_have_it(name: str) -> None:
    game = get_game(name)
    for level in ("peek", "peek:8", "PEEK"):
        with pytest.raises(CardsuiteError, match="peek level sees every card"):
            make_bot(game, level)
    bot = make_seat_bot(game, "peek:2")
    assert isinstance(bot, PeekBot)
    state = game.new_deal(game.info.default_players, game.resolve_options({}, game.info.default_players), 0,
                          rng=random.Random(1))
    seat = min(state.to_act)
    with pytest.raises(CardsuiteError):
        bot.choose(state.view(seat), random.Random(2))  # not shown its deal
    bot.sit(state)
    assert bot.choose(state.view(seat), random.Random(2)) in state.legal_actions(seat)
    with pytest.raises(CardsuiteError, match="no hints"):
        bot.hint(state.view(seat), random.Random(2))
    with pytest.raises(CardsuiteError, match="not a time"):
        make_seat_bot(game, "peek:100ms")


def test_a_peek_seat_reads_the_true_deal() -> None:
    game = get_game("nap")
    options = game.resolve_options({}, 4)
    state = game.new_deal(4, options, 0, rng=random.Random(5))
    bot = make_seat_bot(game, "peek:1")
    assert isinstance(bot, PeekBot)
    bot.sit(state)
    sample = bot.inner.sampler(state.view(1), random.Random(0))  # type: ignore[attr-defined]
    assert sample.zones() == state.zones() and sample is not state


def test_gops_peek_knows_the_prize_order() -> None:
    gops = get_game("gops")
    state = gops.new_deal(2, gops.resolve_options({}, 2), None, rng=random.Random(3))
    for _ in range(4):
        for seat in (0, 1):
            state.apply(seat, state.legal_actions(seat)[0])
    bot = HardGopsBot(iterations=20, peek=lambda: state)
    view = state.view(0)
    values = dict(view.table["values"])
    assert bot._known_order(view) == [values[c] for c in state.setup().stock[5:]]


def test_simulations_seat_it_and_replay_it() -> None:
    game = get_game("gops")
    options = game.resolve_options({}, 2)
    first = simulate_duplicate(game, 2, ["peek:30", "normal"], 2, 4, options)
    again = simulate_duplicate(game, 2, ["peek:30", "normal"], 2, 4, options)
    assert without_times(first.as_json()) == without_times(again.as_json())
    plain = simulate(get_game("nap"), 4, ["peek:2", "normal", "normal", "normal"], 1, 2,
                     get_game("nap").resolve_options({}, 4))
    assert plain.levels["peek:2"].scores
