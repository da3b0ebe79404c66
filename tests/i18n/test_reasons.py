"""The CPU players' reasons are messages: English as text, and in the reader's language when shown."""

from __future__ import annotations

import random

import pytest

from cardsuite.bots import make_bot
from cardsuite.core.message import Message
from cardsuite.core.registry import get_game
from cardsuite.i18n import use_language
from cardsuite.i18n.render import render


@pytest.mark.parametrize(("game", "level"), [("nap", "normal"), ("napas", "easy"), ("gops", "normal"),
                                             ("gops", "hard:16")])
def test_every_reason_of_a_deal_reads_in_japanese_and_lithuanian(game: str, level: str) -> None:
    found = get_game(game)
    players = found.info.default_players
    state = found.new_deal(players, found.resolve_options({}, players), 0, rng=random.Random(4))
    bot = make_bot(found, level)
    rng = random.Random(4)
    seen = 0
    while not state.is_over:
        seat = min(state.to_act)
        hint = bot.hint(state.view(seat), rng)
        assert isinstance(hint.reason, Message)
        english = str(hint.reason)
        for language in ("ja", "lt"):
            use_language(language)
            words = render(hint.reason, [f"P{s}" for s in range(players)])
            assert words and words != english, (language, english)
        use_language("en")
        state.apply(seat, hint.action)
        seen += 1
    assert seen > 3
