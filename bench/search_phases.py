"""Where should ``hard`` search? ``hard`` deciding only in some phases (the ``normal`` policy's move in the
others) against four ``normal`` seats, in the duplicate form (``cardsuite simulate --duplicate``).

This is how Napoleon's ``SearchHooks.search_phases`` was chosen (``docs/bots.md``): the same boards with
``hard`` searching in every phase, in the card play only, and everywhere but the card play. Prints the paired
difference ``hard - normal`` per seat-deal with its 95% interval, as ``cardsuite simulate`` does.

Run: ``.venv/bin/python bench/search_phases.py --game napoleon --phases play --boards 100 --seed 14``
(``--phases all`` searches every phase; ``--phases bidding,adjutant,discard`` all but the play;
``--iterations 20`` samples 20 deals per decision instead of spending the time budget, the same at any load).

``--calls`` (Napoleon) has that ``hard`` sample deals that read Napoleon's calls too (``Napoleon.read_deal``:
his naming of the adjutant's card and his discard) instead of the bids only (``inferred_deal``, the game's
own), and ``--against-bids-only`` seats beside it a ``hard`` that reads the bids only (``bids-only``) and
three ``normal`` seats, so the paired difference ``hard - bids-only`` on the same boards is what reading
those calls is worth. Reading them costs CPU: ``--bids-only-iterations`` gives ``bids-only`` more sampled
deals, to compare the two at equal CPU.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import cast

import cardsuite.simulate as simulation
from cardsuite.bots.peek import make_seat_bot
from cardsuite.bots.search import DEFAULT_BUDGET_MS, SearchBot
from cardsuite.core.game import Bot, Game
from cardsuite.core.registry import get_game
from cardsuite.games.napoleon import Napoleon

IN_MAKE_BENCH = False
BIDS_ONLY = "bids-only"


def main(argv: list[str] | None = None) -> None:
    """Play the boards and print the difference."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="napoleon")
    parser.add_argument("--phases", default="play", help="comma-separated phases hard searches in, or 'all'")
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--first-board", type=int, default=0, help="number the boards from here (a run in chunks)")
    parser.add_argument("--json", default=None, help="also write the result (as cardsuite simulate --json) here")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--budget-ms", type=float, default=DEFAULT_BUDGET_MS)
    parser.add_argument("--confidence", type=float, default=1.0)
    parser.add_argument("--iterations", type=int, default=None, help="sampled deals per decision (no time budget)")
    parser.add_argument("--calls", action="store_true", help="Napoleon: hard's samples read Napoleon's calls too")
    parser.add_argument("--against-bids-only", action="store_true",
                        help="Napoleon: seat a hard whose samples read the bids only, too")
    parser.add_argument("--bids-only-iterations", type=int, default=None,
                        help="that hard's sampled deals per decision (default: --iterations)")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    phases = None if args.phases == "all" else tuple(args.phases.split(","))

    def bots(of: Game, level: str) -> Bot:
        if level not in ("hard", BIDS_ONLY):
            return make_seat_bot(of, level)
        iterations = args.bids_only_iterations if level == BIDS_ONLY and args.bids_only_iterations else args.iterations
        bot = SearchBot(of, budget_ms=args.budget_ms, iterations=iterations, confidence=args.confidence)
        bot.search_phases = phases  # what the game's hook would say
        if level == "hard" and args.calls:
            bot.sampler = cast(Napoleon, of).read_deal
        return bot

    setattr(simulation, "make_seat_bot", bots)  # noqa: B010 - this run's hard level, for simulate_duplicate
    players = game.info.default_players
    options = game.resolve_options({}, players)
    began = time.perf_counter()
    load = os.getloadavg()[0]
    if (args.against_bids_only or args.calls) and not isinstance(game, Napoleon):
        parser.error("--calls and --against-bids-only are for Napoleon")
    others = [BIDS_ONLY] if args.against_bids_only else []
    levels = ["hard", *others] + ["normal"] * (players - 1 - len(others))
    result = simulation.simulate_duplicate(game, players, levels, args.boards, args.seed, options,
                                           first_board=args.first_board)
    if args.json:
        Path(args.json).write_text(json.dumps(result.as_json()) + "\n")
    budget = f"{args.iterations} deals" if args.iterations else f"budget {args.budget_ms:g} ms"
    budget += ", reading the calls" if args.calls else ""
    if args.against_bids_only and args.bids_only_iterations:
        budget += f", bids-only {args.bids_only_iterations}"
    print(f"{args.game}: hard searching in {args.phases} ({budget}, confidence {args.confidence:g}), "
          f"{args.boards} boards from {args.first_board}, seed {args.seed} "
          f"({time.perf_counter() - began:.0f} s, load {load:.1f} at the start):")
    for difference in result.differences():
        print(f"  {difference.first} - {difference.second} {difference.mean:+.2f} [{difference.low:+.2f}, "
              f"{difference.high:+.2f}] per seat-deal")


if __name__ == "__main__":
    main()
