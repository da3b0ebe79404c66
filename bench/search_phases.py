"""Where should ``hard`` search? ``hard`` deciding only in some phases (the ``normal`` policy's move in the
others) against four ``normal`` seats, in the duplicate form (``cardsuite simulate --duplicate``).

This is how Napoleon's ``SearchHooks.search_phases`` was chosen (``docs/bots.md``): the same boards with
``hard`` searching in every phase, in the card play only, and everywhere but the card play. Prints the paired
difference ``hard - normal`` per seat-deal with its 95% interval, as ``cardsuite simulate`` does.

Run: ``.venv/bin/python bench/search_phases.py --game napoleon --phases play --boards 100 --seed 14``
(``--phases all`` searches every phase; ``--phases bidding,adjutant,discard`` all but the play;
``--iterations 20`` samples 20 deals per decision instead of spending the time budget, the same at any load).

Two experiments for Napoleon's sampled deals (not in the game; ``docs/bots.md`` says why they are here):
``--infer-adjutant`` also keeps deals whose Napoleon would have named the card he named (the ``normal``
policy's rule: the strongest card he lacks, so he holds every stronger one), and ``--no-hidden-joker`` keeps
the joker out of Napoleon's hidden discards (``normal`` never discards it). ``--against-current`` seats that
``hard`` against the unchanged one (``current``) and three ``normal`` seats, so the paired difference
``hard - current`` on the same boards is the experiment's worth.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from dataclasses import replace
from typing import Any

import cardsuite.simulate as simulation
from cardsuite.bots import make_bot
from cardsuite.bots.search import DEFAULT_BUDGET_MS, SearchBot, inferring_sampler
from cardsuite.cards import JOKER
from cardsuite.core.game import Bot, Game, State, View
from cardsuite.core.registry import get_game

IN_MAKE_BENCH = False


class _Experiment:
    """The game as the experimental ``hard`` samples it: other auction phases, and deals refused by a test.

    Everything else is the game's own (``__getattr__``), so ``inferring_sampler`` replays and asks as usual.
    """

    def __init__(self, game: Game, auction: tuple[str, ...], no_hidden_joker: bool) -> None:
        self.game = game
        self.info = replace(game.info, traits=replace(game.info.traits, auction_phases=auction))
        self.no_hidden_joker = no_hidden_joker

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def sample_deal(self, view: View, rng: random.Random) -> State:
        """The game's sample; with ``no_hidden_joker`` a defender's sample never has the joker among
        Napoleon's hidden discards (resampled: the same as forbidding it there)."""
        while True:
            deal = self.game.sample_deal(view, rng)
            table = view.table
            if not (self.no_hidden_joker and table.get("declarer") not in (None, view.seat) and table.get("discarded")
                    and JOKER in getattr(deal, "widow", ()) and JOKER not in table.get("face_up_discards", ())):
                return deal


def main(argv: list[str] | None = None) -> None:
    """Play the boards and print the difference."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="napoleon")
    parser.add_argument("--phases", default="play", help="comma-separated phases hard searches in, or 'all'")
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--budget-ms", type=float, default=DEFAULT_BUDGET_MS)
    parser.add_argument("--confidence", type=float, default=1.0)
    parser.add_argument("--iterations", type=int, default=None, help="sampled deals per decision (no time budget)")
    parser.add_argument("--infer-adjutant", action="store_true", help="experiment: samples fit the adjutant call")
    parser.add_argument("--no-hidden-joker", action="store_true", help="experiment: no joker in hidden discards")
    parser.add_argument("--against-current", action="store_true", help="seat the unchanged hard too")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    phases = None if args.phases == "all" else tuple(args.phases.split(","))

    auction = game.info.traits.auction_phases + (("adjutant",) if args.infer_adjutant else ())
    experiment = args.infer_adjutant or args.no_hidden_joker

    def bots(of: Game, level: str, budget_ms: float | None = None, iterations: int | None = None) -> Bot:
        if level not in ("hard", "current"):
            return make_bot(of, level)
        bot = SearchBot(of, budget_ms=args.budget_ms, iterations=args.iterations, confidence=args.confidence)
        bot.search_phases = phases  # what the game's hook would say
        if level == "hard" and experiment:
            assert bot.policy_bot is not None
            sampled = _Experiment(of, auction, args.no_hidden_joker)
            bot.sampler = inferring_sampler(sampled, bot.policy_bot)  # type: ignore[arg-type]
        return bot

    setattr(simulation, "make_bot", bots)  # noqa: B010 - this run's hard level, for simulate_duplicate
    players = game.info.default_players
    options = game.resolve_options({}, players)
    began = time.perf_counter()
    load = os.getloadavg()[0]
    others = ["current"] if args.against_current else []
    levels = ["hard", *others] + ["normal"] * (players - 1 - len(others))
    result = simulation.simulate_duplicate(game, players, levels, args.boards, args.seed, options)
    budget = f"{args.iterations} deals" if args.iterations else f"budget {args.budget_ms:g} ms"
    tried = [name for name, on in (("infer-adjutant", args.infer_adjutant), ("no-hidden-joker", args.no_hidden_joker))
             if on]
    print(f"{args.game}: hard searching in {args.phases} ({budget}, confidence {args.confidence:g}"
          f"{', ' + ', '.join(tried) if tried else ''}), {args.boards} boards, seed {args.seed} "
          f"({time.perf_counter() - began:.0f} s, load {load:.1f} at the start):")
    for difference in result.differences():
        print(f"  {difference.first} - {difference.second} {difference.mean:+.2f} [{difference.low:+.2f}, "
              f"{difference.high:+.2f}] per seat-deal")


if __name__ == "__main__":
    main()
