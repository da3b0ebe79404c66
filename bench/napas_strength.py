"""Napas CPU strength: mean score per deal of each level, seats rotating, with 95% intervals.

Pairs of levels sit alternately (A, B, A, B at 4 players); the line-up moves one seat each deal and the
dealer rotates, so every level plays every position. Run: ``python bench/napas_strength.py --deals 2000``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from cardsuite.bots import make_bot
from cardsuite.core.game import Bot
from cardsuite.core.registry import get_game


def play(levels: tuple[str, str], deals: int, players: int, seed: int) -> dict[str, list[int]]:
    """Every seat-deal score of each level over ``deals`` deals."""
    game = get_game("napas")
    options = game.resolve_options({}, players)
    rng = random.Random(seed)
    bots: dict[str, Bot] = {level: make_bot(game, level) for level in levels}
    scores: dict[str, list[int]] = {level: [] for level in levels}
    for n in range(deals):
        lineup = [levels[(s + n) % 2] for s in range(players)]
        state = game.new_deal(players, options, n % players, rng=random.Random(rng.getrandbits(64)))
        while not state.is_over:
            seat = min(state.to_act)
            state.apply(seat, bots[lineup[seat]].choose(state.view(seat), rng))
        for seat, score in enumerate(state.scores()):
            scores[lineup[seat]].append(int(score))
    return scores


def interval(values: list[int]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    mean = statistics.fmean(values)
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Napas, {args.players} players, {args.deals} deals per pairing (mean score per seat per deal, 95%)")
    print(f"{'pairing':<20} {'first':>18} {'second':>18}  first better?")
    for pair in (("normal", "easy"), ("easy", "random"), ("normal", "random")):
        start = time.perf_counter()
        scores = play(pair, args.deals, args.players, args.seed)
        (m1, h1), (m2, h2) = interval(scores[pair[0]]), interval(scores[pair[1]])
        diff = [a - b for a, b in zip(scores[pair[0]], scores[pair[1]], strict=False)]
        md, hd = interval(diff)
        verdict = "yes" if md - hd > 0 else ("no" if md + hd < 0 else "not shown")
        print(f"{pair[0] + ' v ' + pair[1]:<20} {m1:+8.3f} ± {h1:5.3f} {m2:+8.3f} ± {h2:5.3f}  {verdict}"
              f" (difference {md:+.3f} ± {hd:.3f}; {time.perf_counter() - start:.0f}s)")


if __name__ == "__main__":
    main()
