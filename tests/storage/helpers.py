"""Shared helpers: real matches played with seeded random choices."""

from __future__ import annotations

import random

from cardsuite.core.match import Match, SeatSpec
from cardsuite.core.registry import get_game

PLAYERS = {"nap": 4, "napas": 4, "napoleon": 5, "gops": 3}


def new_match(game_name: str = "nap", seed: int = 7, options: dict[str, object] | None = None) -> Match:
    """A match with one person (Ann) and CPUs of two levels."""
    game = get_game(game_name)
    n = PLAYERS[game_name]
    seats = [SeatSpec("Ann"), SeatSpec("CPU 1", "cpu", "easy")]
    seats += [SeatSpec(f"CPU {i}", "cpu", "normal") for i in range(2, n)]
    return Match(game, n, game.resolve_options(options or {}, n), seed, seats)


def step(match: Match, rng: random.Random) -> bool:
    """One random legal action (or the next deal); False once the match is over, or stopped as a table
    stops it (``Match.stopped``)."""
    if match.is_over or match.stopped:
        return False
    if match.deal_over:
        match.next_deal()
        return True
    seat = sorted(match.state.to_act)[0]
    legal = match.state.legal_actions(seat)
    match.act(seat, legal[rng.randrange(len(legal))])
    return True


def play_out(match: Match, rng: random.Random, limit: int | None = None) -> Match:
    """Play on until the match is over (or ``limit`` steps)."""
    count = 0
    while (limit is None or count < limit) and step(match, rng):
        count += 1
    return match
