"""The CPU players' reasons are messages: English as text, and in the reader's language when shown."""

from __future__ import annotations

import random
import re

import pytest

from cardsuite.bots import make_bot
from cardsuite.core.message import Message, Wording
from cardsuite.core.registry import get_game
from cardsuite.i18n import translations, use_language
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


def _translated(message: Message, language: str) -> bool:
    """Whether the catalog of ``language`` has words of its own for ``message`` and every message inside it."""
    wording = Wording(translations(language))
    english = message.key if message.plural is None or message.param("n") == 1 else message.plural
    inner = [value for _, value in message.params if isinstance(value, Message)]
    return wording.template(message) != english and all(_translated(value, language) for value in inner)


def test_every_reason_of_napoleons_normal_card_play_reads_in_japanese_and_lithuanian() -> None:
    found = get_game("napoleon")
    options = found.resolve_options({}, 5)
    bot = make_bot(found, "normal")
    keys: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = found.new_deal(5, options, seed % 5, rng=random.Random(seed))
        while not state.is_over:
            seat = min(state.to_act)
            hint = bot.hint(state.view(seat), rng)
            assert isinstance(hint.reason, Message), hint.reason
            keys.add(hint.reason.key)
            for language in ("ja", "lt"):
                assert _translated(hint.reason, language), (language, str(hint.reason))
            use_language("ja")
            assert not re.search(r"[A-Za-z]{3,}", render(hint.reason)), render(hint.reason)
            use_language("en")
            state.apply(seat, rng.choice(state.view(seat).legal) if rng.random() < 0.3 else hint.action)
    assert len(keys) >= 10, keys  # the bidding, the naming, the discard and many reasons of the card play
