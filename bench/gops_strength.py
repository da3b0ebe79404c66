"""GOPS bot strength: ``normal`` against ``easy`` against ``random``, seats rotating.

2 players: each pairing plays ``--games`` games, the two levels swapping seats every game. 3 players: one
of each level at the table, the six seatings in turn. Prints each level's mean prize points per game with
a 95% interval (mean +- 1.96 standard errors). Default rules (carry-over ties, early end).
Run: ``.venv/bin/python bench/gops_strength.py [--games 2000] [--jobs 2]``.

The strength tables of ``docs/bots.md`` (``bench/strength.py``, the duplicate form of ``cardsuite
simulate``) hold the current figures, including the 3-player seatings with two seats of one level.
With 2 players a single game stops once its winner is certain (46 of 91); 3-player games play all 13 prizes.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from cardsuite.bots import make_bot
from cardsuite.games.gops import GAME

LEVELS = ("normal", "easy", "random")


def play(levels: Sequence[str], seed: int, options: dict[str, object] | None = None) -> list[float]:
    """One game with ``levels[s]`` in seat ``s``: each seat's prize points."""
    players = len(levels)
    rng = random.Random(seed)
    bots = [make_bot(GAME, level) for level in levels]
    state = GAME.new_deal(players, GAME.resolve_options(options or {}, players), None, rng=random.Random(seed))
    while not state.is_over:
        for seat in sorted(state.to_act):
            state.apply(seat, bots[seat].choose(state.view(seat), rng))
    return [float(x) for x in state.scores()]


def _batch(job: tuple[tuple[str, ...], list[int]]) -> list[list[float]]:
    levels, seeds = job
    return [play(levels, seed) for seed in seeds]


def interval(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def run(seatings: Sequence[tuple[str, ...]], games: int, jobs: int) -> dict[str, list[float]]:
    """Play ``games`` games cycling through ``seatings``; points per level."""
    plan: dict[tuple[str, ...], list[int]] = {s: [] for s in seatings}
    for g in range(games):
        plan[seatings[g % len(seatings)]].append(10_000 + g)
    work = [(levels, seeds[i::jobs]) for levels, seeds in plan.items() for i in range(jobs)]
    out: dict[str, list[float]] = {}
    with ProcessPoolExecutor(jobs) as pool:
        for (levels, _), results in zip(work, pool.map(_batch, work), strict=True):
            for scores in results:
                for seat, level in enumerate(levels):
                    out.setdefault(level, []).append(scores[seat])
    return out


def report(title: str, points: dict[str, list[float]]) -> None:
    """Print one table."""
    print(title)
    for level in LEVELS:
        if level in points:
            mean, half = interval(points[level])
            print(f"  {level:<7} {mean:6.2f} +- {half:4.2f}  [{mean - half:6.2f}, {mean + half:6.2f}]"
                  f"  ({len(points[level])} games)")


def main(argv: list[str] | None = None) -> None:
    """Run the 2- and 3-player tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    for a, b in itertools.combinations(LEVELS, 2):
        report(f"2 players, {a} vs {b}, mean points per game (95% interval):",
               run([(a, b), (b, a)], args.games, args.jobs))
    report("3 players, one of each level, mean points per game (95% interval):",
           run(list(itertools.permutations(LEVELS)), args.games, args.jobs))


if __name__ == "__main__":
    main()
