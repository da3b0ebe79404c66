"""Throughput of 2-player GOPS against OpenSpiel's goofspiel: random 13-card games in both engines.

Both sides play the same game (ours with ``ties=discard`` and ``play_out=true``, which OpenSpiel's
default goofspiel matches) with uniformly random bids from one seeded generator, and each is driven
through its public API: ours through the plugin contract (``to_act``, ``legal_actions``, ``apply``),
OpenSpiel through ``chance_outcomes``/``apply_action`` and ``legal_actions``/``apply_actions``.
Prints games per second of process CPU time for each (steadier than wall time on a busy machine; both
engines run in this one process) and the ratio ours/theirs. Run: ``.venv/bin/python bench/gops_openspiel.py``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from cardsuite.games.gops import GAME

IN_MAKE_BENCH = True  # bench/run.py runs main() after its table


def ours(games: int, seed: int) -> float:
    """Games per second through the cardsuite contract."""
    options = GAME.resolve_options({"ties": "discard", "play_out": True}, 2)
    rng = random.Random(seed)
    new_deal = GAME.new_deal
    start = time.process_time()
    for _ in range(games):
        state = new_deal(2, options, None, rng)
        while not state.is_over:
            for seat in state.to_act:
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
    return games / (time.process_time() - start)


def theirs(games: int, seed: int, generic: bool = True) -> float:
    """Games per second through pyspiel's Python API.

    ``generic``: a chance node's outcome is drawn with the probabilities it reports, as any driver that
    does not know the game must (OpenSpiel's own examples do this, with numpy). Otherwise the lean
    driver draws uniformly, using what we know of goofspiel's chance nodes.
    """
    import pyspiel

    game = pyspiel.load_game("goofspiel")
    rng = random.Random(seed)
    choices = rng.choices
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                if generic:
                    actions, probs = zip(*outcomes, strict=True)
                    state.apply_action(choices(actions, probs)[0])
                else:
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                bids = []
                for player in (0, 1):
                    legal = state.legal_actions(player)
                    bids.append(legal[rng.randrange(len(legal))])
                state.apply_actions(bids)
    return games / (time.process_time() - start)


def main(argv: list[str] | None = None) -> None:
    """Play both engines in one run (best of a few rounds each) and print the rates and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args([] if argv is None else argv)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        rate = ours(args.games, args.seed)
        print(f"cardsuite GOPS: {rate:,.0f} games/s (pyspiel is missing: pip install open_spiel)")
        return
    mine = other = lean = 0.0
    for r in range(args.repeats):  # alternate the engines so that a busy machine slows both alike
        mine = max(mine, ours(args.games, args.seed + r))
        other = max(other, theirs(args.games, args.seed + r))
        lean = max(lean, theirs(args.games, args.seed + r, generic=False))
    print(f"cardsuite GOPS through the contract      : {mine:>9,.0f} games/s")
    print(f"OpenSpiel, chance drawn by probabilities : {other:>9,.0f} games/s")
    print(f"OpenSpiel, chance drawn uniformly (lean) : {lean:>9,.0f} games/s")
    print(f"ratio ours/theirs: {mine / other:.2f} (against the lean driver: {mine / lean:.2f})")


if __name__ == "__main__":
    main(sys.argv[1:])
