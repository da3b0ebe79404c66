"""How boldly should Napoleon's ``hard`` bid? ``hard`` with its bidder's bar moved, against four ``normal`` seats.

``hard`` bids as ``normal`` reckons a hand, counting it ``BOLDER_BY`` honours better (``games/napoleon/hardbids.py``).
This plays a ``hard`` whose bidder counts ``--bolder-by`` honours instead, seated as ``hardx:N`` (N sampled deals
per card), against four ``normal`` seats in the duplicate form (``cardsuite simulate --duplicate``), and prints the
paired difference per seat-deal with its 95% interval, and how often it was Napoleon and made its bid. The same
boards with the game's own ``hard:N`` are ``cardsuite simulate napoleon --seats hard:N,normal,... --duplicate``.

Run: ``.venv/bin/python bench/napoleon_bids.py --bolder-by 2 --boards 100 --seed 40 --jobs 2 --json FILE``
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from pathlib import Path
from typing import Any

import cardsuite.simulate as simulation
from cardsuite.bots.peek import make_seat_bot
from cardsuite.bots.search import SearchBot
from cardsuite.core.game import Bot, Game
from cardsuite.core.registry import get_game
from cardsuite.games.napoleon.bots import NormalNapoleonBot

IN_MAKE_BENCH = False
CHUNK = 5
"""Boards per part handed to a worker."""


def _seat(bolder_by: float) -> Any:
    def make(game: Game, level: str) -> Bot:
        if not level.startswith("hardx:"):
            return make_seat_bot(game, level)
        bot = SearchBot(game, iterations=int(level.split(":")[1]))
        setattr(bot.outside_bot, "base", NormalNapoleonBot().base + bolder_by)  # noqa: B010 - this run's bar
        return bot
    return make


def _part(args: tuple[float, list[str], int, int, int]) -> simulation.SimulationResult:
    bolder_by, levels, first, count, seed = args
    setattr(simulation, "make_seat_bot", _seat(bolder_by))  # noqa: B010 - for simulate_duplicate
    game = get_game("napoleon")
    return simulation.simulate_duplicate(game, 5, levels, count, seed, game.resolve_options({}, 5),
                                         first_board=first)


def main(argv: list[str] | None = None) -> None:
    """Play the boards and print the difference."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bolder-by", type=float, required=True, help="honours beyond normal's estimate")
    parser.add_argument("--iterations", type=int, default=40, help="sampled deals per card decision")
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", default=None, help="also write the result (as cardsuite simulate --json) here")
    args = parser.parse_args(argv)
    levels = [f"hardx:{args.iterations}"] + ["normal"] * 4
    parts = [(args.bolder_by, levels, first, min(CHUNK, args.boards - first), args.seed)
             for first in range(0, args.boards, CHUNK)]
    began = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        result = simulation.merge_results(pool.map(_part, parts, chunksize=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result.as_json()) + "\n")
    print(f"napoleon: hard bidding {args.bolder_by:+g} honours beyond normal, {args.iterations} deals per card, "
          f"{args.boards} boards, seed {args.seed} ({time.perf_counter() - began:.0f} s)")
    for name, stats in result.levels.items():
        print(f"  {name}: Napoleon {stats.bids} times in {len(stats.scores)} seat-deals, made {stats.made}")
    for difference in result.differences():
        print(f"  {difference.first} - {difference.second} {difference.mean:+.2f} [{difference.low:+.2f}, "
              f"{difference.high:+.2f}] per seat-deal")


if __name__ == "__main__":
    main()
