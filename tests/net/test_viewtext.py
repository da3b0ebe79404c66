"""A ``view`` message spliced from shared parts is the text ``message`` + ``encode_view`` make, for every seat."""

from __future__ import annotations

import random

import pytest

from cardsuite.core.registry import get_game
from cardsuite.net.protocol import message
from cardsuite.net.viewtext import ViewText, options_text
from cardsuite.net.wire import encode_value, encode_view


@pytest.mark.parametrize(("name", "players"), [("nap", 4), ("napas", 3), ("napoleon", 5), ("gops", 2)])
def test_every_seats_view_message_is_the_plain_encoding(name: str, players: int) -> None:
    game = get_game(name)
    options = game.resolve_options({}, players)
    rng = random.Random(7)
    state = game.new_deal(players, options, 0, rng=rng)
    sent = [0] * (players + 1)
    moments = 0
    while not state.is_over and moments < 60:
        texts = ViewText()  # one broadcast
        timers = {str(s): 12.5 for s in sorted(state.to_act)}
        for seat in [*range(players), None]:
            view = state.view(seat) if seat is not None else state.public_view()
            skip = min(sent[seat if seat is not None else players], len(view.history))
            marks = list(range(skip, len(view.history), 2))
            wanted = message("view", deal=0, step=moments, timers=timers, by_cpu=marks,
                             view=encode_view(view, skip, encode_value(dict(view.options))))
            assert texts.message(0, moments, timers, view, skip, options_text(view), marks) == wanted
            sent[seat if seat is not None else players] = len(view.history) - moments % 2
        seat = min(state.to_act)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        moments += 1
    assert moments > 5
