"""Where should ``hard`` search? ``hard`` deciding only in some phases (the ``normal`` policy's move in the
others) against four ``normal`` seats, in the duplicate form (``cardsuite simulate --duplicate``).

This is how Napoleon's ``SearchHooks.search_phases`` was chosen (``docs/bots.md``): the same boards with
``hard`` searching in every phase, in the card play only, and everywhere but the card play. Prints the paired
difference ``hard - normal`` per seat-deal with its 95% interval, as ``cardsuite simulate`` does.

Run: ``.venv/bin/python bench/search_phases.py --game napoleon --phases play --boards 100 --seed 14``
(``--phases all`` searches every phase; ``--phases bidding,adjutant,discard`` all but the play).
"""

from __future__ import annotations

import argparse
import os
import time

import cardsuite.simulate as simulation
from cardsuite.bots import make_bot
from cardsuite.bots.search import DEFAULT_BUDGET_MS, SearchBot
from cardsuite.core.game import Bot, Game
from cardsuite.core.registry import get_game

IN_MAKE_BENCH = False


def main(argv: list[str] | None = None) -> None:
    """Play the boards and print the difference."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="napoleon")
    parser.add_argument("--phases", default="play", help="comma-separated phases hard searches in, or 'all'")
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--budget-ms", type=float, default=DEFAULT_BUDGET_MS)
    parser.add_argument("--confidence", type=float, default=1.0)
    args = parser.parse_args(argv)
    game = get_game(args.game)
    phases = None if args.phases == "all" else tuple(args.phases.split(","))

    def bots(of: Game, level: str, budget_ms: float | None = None, iterations: int | None = None) -> Bot:
        if level != "hard":
            return make_bot(of, level)
        bot = SearchBot(of, budget_ms=args.budget_ms, confidence=args.confidence)
        bot.search_phases = phases  # what the game's hook would say
        return bot

    setattr(simulation, "make_bot", bots)  # noqa: B010 - this run's hard level, for simulate_duplicate
    players = game.info.default_players
    options = game.resolve_options({}, players)
    began = time.perf_counter()
    load = os.getloadavg()[0]
    result = simulation.simulate_duplicate(game, players, ["hard"] + ["normal"] * (players - 1), args.boards,
                                           args.seed, options)
    difference = result.differences()[0]
    print(f"{args.game}: hard searching in {args.phases} (budget {args.budget_ms:g} ms, confidence "
          f"{args.confidence:g}) against normal, {args.boards} boards, seed {args.seed}: "
          f"hard - normal {difference.mean:+.2f} [{difference.low:+.2f}, {difference.high:+.2f}] per seat-deal "
          f"({time.perf_counter() - began:.0f} s, load {load:.1f} at the start)")


if __name__ == "__main__":
    main()
