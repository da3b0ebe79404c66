"""Decision times of the ``hard`` level with its default budget (200 ms), per game: p50, p95, max.

The bar is 250 ms at p95. Hard sits in seat 0 against ``normal`` bots; every decision it is asked for is
timed, forced ones (a single legal action) included, as a UI would see them.

    .venv/bin/python bench/hard_latency.py --deals 20
"""

from __future__ import annotations

import argparse
import json
import random
import time

from cardsuite.bots import make_bot
from cardsuite.core.registry import get_game

IN_MAKE_BENCH = False
GAMES = (("nap", 4), ("napas", 4), ("napoleon", 5), ("gops", 2), ("gops", 3))


def main(argv: list[str] | None = None) -> int:
    """Time hard's decisions in each game and print one JSON object."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="")
    args = parser.parse_args(argv)
    report: dict[str, object] = {}
    for name, players in GAMES:
        if args.only and name != args.only:
            continue
        game = get_game(name)
        options = game.resolve_options({}, players)
        rng = random.Random(args.seed)
        hard = make_bot(game, "hard")
        normal = make_bot(game, "normal")
        times: list[float] = []
        for deal in range(args.deals):
            state = game.new_deal(players, options, deal % players, rng=rng)
            while not state.is_over:
                chosen = {}
                for seat in sorted(state.to_act):
                    view = state.view(seat)
                    if seat == 0:
                        began = time.perf_counter()
                        chosen[seat] = hard.choose(view, rng)
                        times.append(time.perf_counter() - began)
                    else:
                        chosen[seat] = normal.choose(view, rng)
                    if len(state.to_act) == 1:
                        break
                for seat, action in chosen.items():
                    state.apply(seat, action)
        times.sort()
        key = f"{name} {players}p"
        report[key] = {"decisions": len(times), "p50_ms": round(1000 * times[len(times) // 2], 1),
                       "p95_ms": round(1000 * times[int(0.95 * len(times))], 1),
                       "max_ms": round(1000 * times[-1], 1)}
        print(key, report[key], flush=True)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
