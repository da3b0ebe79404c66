"""Finished matches to file, played by random CPUs from a seed (no server needed)."""

from __future__ import annotations

import random

from cardsuite.bots.base import make_bot
from cardsuite.core.match import Match, SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.storage.saves import save_record_of


def finished_record(table_id: str, seed: int, game_name: str = "gops", players: int = 2) -> dict[str, object]:
    """A whole match of ``game_name`` played by random CPUs, as the server files it (save id: the table id)."""
    game = get_game(game_name)
    options = game.resolve_options({}, players)
    seats = tuple(SeatSpec(f"P{i}") for i in range(players))
    match = Match(game, players, options, seed, seats)
    bot = make_bot(game, "random")
    rng = random.Random(seed)
    while True:
        while not match.deal_over:
            seat = min(match.state.to_act)
            match.act(seat, bot.choose(match.state.view(seat), rng))
        if match.is_over:
            return save_record_of(match, table_id)
        match.next_deal()
