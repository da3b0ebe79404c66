"""Napoleon random-deal speed: whole random deals per second through the contract, on one core.

Five random players; every step goes through ``to_act``, ``legal_actions`` and ``apply``. Timed with the
process's CPU time (``time.process_time``), so that other work on the machine does not count; prints the
median of five runs. Run: ``.venv/bin/python bench/napoleon_speed.py``.
"""

from __future__ import annotations

import random
import statistics
import time

from cardsuite.core.registry import get_game

IN_MAKE_BENCH = False  # bench/run.py already measures random deals per game
RUNS = 5
SECONDS_PER_RUN = 1.0


def deals_per_second(seconds: float = SECONDS_PER_RUN, seed: int = 1) -> float:
    """Random deals completed per CPU second."""
    game = get_game("napoleon")
    options = game.resolve_options({}, 5)
    rng = random.Random(seed)
    deals = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(50):
            state = game.new_deal(5, options, deals % 5, rng=rng)
            while not state.is_over:
                for seat in tuple(state.to_act):
                    legal = state.legal_actions(seat)
                    state.apply(seat, legal[rng.randrange(len(legal))])
            deals += 1
    return deals / (time.process_time() - start)


def main() -> float:
    """Print and return the median random deals per second over five runs."""
    runs = sorted(deals_per_second(seed=i) for i in range(RUNS))
    median = statistics.median(runs)
    print(f"napoleon: {median:,.0f} random deals/s (runs: {', '.join(f'{r:,.0f}' for r in runs)})")
    return median


if __name__ == "__main__":
    main()
