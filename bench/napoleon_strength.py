"""Napoleon bot strength: mean points per game for the ``normal``, ``easy`` and ``random`` levels.

Games cycle through the three pairings (normal-easy, easy-random, normal-random), 2,000 games each by
default; in each game the two levels alternate round the table and the pattern shifts by one seat every
cycle, so each level sits in every seat equally often. (With a random seat in every game, the random
bot's wild bids make it Napoleon almost every time and the other levels could hardly show their
difference.) Thrown-in deals are redealt
and not counted. Prints the mean points per seat-game with a 95% interval (normal approximation), overall
and per pairing. Run: ``.venv/bin/python bench/napoleon_strength.py [games_per_pairing] [seed]``.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from cardsuite.bots import make_bot
from cardsuite.core.game import Bot
from cardsuite.core.registry import get_game

IN_MAKE_BENCH = False
LEVELS = ("normal", "easy", "random")
PAIRINGS = (("normal", "easy"), ("easy", "random"), ("normal", "random"))


def seating(game_index: int) -> tuple[str, ...]:
    """The level of each of the 5 seats in game ``game_index``."""
    pair = PAIRINGS[game_index % len(PAIRINGS)]
    shift = game_index // len(PAIRINGS)
    return tuple(pair[(seat + shift) % 2] for seat in range(5))


def play_games(games: int, seed: int) -> dict[tuple[str, str], list[int]]:
    """Play ``games`` counted games; the points of every seat-game, by (pairing, level)."""
    game = get_game("napoleon")
    options = game.resolve_options({}, 5)
    rng = random.Random(seed)
    bots: dict[str, Bot] = {level: make_bot(game, level) for level in LEVELS}
    points: dict[tuple[str, str], list[int]] = {}
    played = 0
    deal = 0
    while played < games:
        levels = seating(played)
        state = game.new_deal(5, options, deal % 5, rng=random.Random(rng.getrandbits(64)))
        deal += 1
        while not state.is_over:
            seat = min(state.to_act)
            state.apply(seat, bots[levels[seat]].choose(state.view(seat), rng))
        if state.summary().redeal:
            continue
        pairing = "-".join(PAIRINGS[played % len(PAIRINGS)])
        played += 1
        for seat, score in enumerate(state.scores()):
            points.setdefault((pairing, levels[seat]), []).append(int(score))
    return points


def interval(values: list[int]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def _row(label: str, values: list[int]) -> str:
    mean, half = interval(values)
    return f"{label:22} {len(values):>10} {mean:>12.2f} {f'{mean - half:.2f}..{mean + half:.2f}':>16}"


def main(per_pairing: int = 2000, seed: int = 1) -> dict[str, tuple[float, float]]:
    """Print and return each level's mean points per game and 95% half-width (over all pairings)."""
    began = time.perf_counter()
    games = per_pairing * len(PAIRINGS)
    points = play_games(games, seed)
    by_level = {level: [v for (_, lv), vals in points.items() if lv == level for v in vals] for level in LEVELS}
    print(f"Napoleon strength over {games} games ({time.perf_counter() - began:.1f} s), points per seat-game")
    print(f"{'level':22} {'seat-games':>10} {'points/game':>12} {'95% interval':>16}")
    for level in LEVELS:
        print(_row(level, by_level[level]))
    for pair in PAIRINGS:
        name = "-".join(pair)
        for level in pair:
            print(_row(f"  {name}: {level}", points[(name, level)]))
    return {level: interval(values) for level, values in by_level.items()}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Napoleon: normal vs easy vs random, in pairings.")
    parser.add_argument("games", nargs="?", type=int, default=2000, help="games per pairing")
    parser.add_argument("seed", nargs="?", type=int, default=1)
    args = parser.parse_args()
    main(args.games, args.seed)
