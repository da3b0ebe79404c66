"""The replay table at 80x24: a left seat whose name wraps to two rows rises to end above the bottom seat's
rows, so that the bottom seat's long name (24 Japanese characters) is drawn whole, never under the side
seat's lines."""

from __future__ import annotations

import random

from cardsuite.bots import make_bot
from cardsuite.cli.replay import seat_names
from cardsuite.core.match import Match, SeatSpec
from cardsuite.core.record import replay
from cardsuite.core.registry import get_game
from cardsuite.tui.render import Display
from cardsuite.tui.replay import ReplayApp

from .helpers import screen_text

BOTTOM = "山田太郎" * 6
LEFT = "Bartholomew Fitzgerald"


def _napoleon_record() -> dict[str, object]:
    game = get_game("napoleon")
    names = [BOTTOM, LEFT, "Ｘ" * 24, "Di", "Bob"]  # a top seat of two rows brings the table lower
    match = Match(game, 5, game.resolve_options({}, 5), 7, [SeatSpec(n, "cpu", "easy") for n in names])
    bot, rng = make_bot(game, "easy"), random.Random(7)
    while not match.deal_over:
        seat = min(match.state.to_act)
        match.act(seat, bot.choose(match.state.view(seat), rng))
    return match.record()


async def test_a_wrapped_left_name_leaves_the_bottom_name_whole_at_80x24() -> None:
    result = replay(_napoleon_record(), get_game)
    app = ReplayApp(result, tuple(seat_names(result)), Display())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(14):  # into the play, the left seat's block at its longest
            await pilot.press("right")
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert BOTTOM in text, text
        assert "Bartholomew" in text and "Fitzgerald" in text, text
        await pilot.press("q")
