"""What remembering a sampled deal's play saves ``hard``'s bids (``games/playmemo.py``): Napas's (on), Nap's.

The search tries every bid on one sampled deal with one rollout seed; bids that reach the same play (the same
declarer, trumps and hands) replay it instead of playing it again. This times ``hard:16``'s bidding decisions
in every seat's positions (every fourth of the bidding decisions met in deals by four ``normal`` seats),
with the plays remembered and played afresh in alternate rounds of one process (CPU time, medians), and
checks that both choose alike.

Run: ``.venv/bin/python bench/play_memo.py [--game napas] [--deals 200] [--rounds 4]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardsuite.bots import make_bot
from cardsuite.bots.search import SearchBot
from cardsuite.core.game import View
from cardsuite.core.registry import get_game
from cardsuite.games.trickeval import TrickEvaluator
from cardsuite.games.tricksolver import NAP_RULES, NAPAS_RULES

SAMPLES = 16


def bidding_views(name: str, deals: int) -> list[View]:
    """Every fourth bidding decision with a choice in ``deals`` deals by four ``normal`` seats."""
    game = get_game(name)
    options = game.resolve_options({}, 4)
    normal = make_bot(game, "normal")
    views: list[View] = []
    for seed in range(deals):
        state = game.new_deal(4, options, seed % 4, rng=random.Random(seed))
        while not state.is_over:
            seat = min(state.to_act)
            view = state.view(seat)
            if len(view.legal) > 1 and view.phase == "bidding":
                views.append(view)
            state.apply(seat, normal.choose(view, random.Random(seed)))
    return views[::4]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("nap", "napas"), default="napas")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    game = get_game(args.game)
    rules = NAPAS_RULES if args.game == "napas" else NAP_RULES
    views = bidding_views(args.game, args.deals)
    times: dict[bool, list[float]] = {True: [], False: []}
    choices: dict[bool, list[object]] = {True: [], False: []}
    for round_ in range(args.rounds):
        for remember in (True, False) if round_ % 2 == 0 else (False, True):
            evaluator = TrickEvaluator(rules, play_out_cards=args.game == "napas", remember_plays=remember)
            bot = SearchBot(game, iterations=SAMPLES, evaluator=evaluator.for_search)  # fresh memos each round
            began = time.process_time()
            chosen = [bot.choose(view, random.Random(index)) for index, view in enumerate(views)]
            times[remember].append((time.process_time() - began) * 1000 / (SAMPLES * len(views)))
            choices[remember] = chosen
    remembered, afresh = statistics.median(times[True]), statistics.median(times[False])
    print(f"{args.game}: {len(views)} bidding decisions of hard:{SAMPLES}, medians of {args.rounds} rounds")
    print(f"  CPU ms per sampled deal: plays remembered {remembered:.2f}, played afresh {afresh:.2f}, "
          f"ratio {afresh / remembered:.2f}")
    print(f"  the same choices: {'yes' if choices[True] == choices[False] else 'NO'}")


if __name__ == "__main__":
    main()
