"""How well Napoleon's sampled deals read the table: deals that read Napoleon's calls (the naming of the
adjutant's card and the discard, ``Napoleon.read_deal``) against the search's, which read the bids only
(``Napoleon.inferred_deal``), on the same positions and draws.

Deals are played by ``normal``; in each, one defender's card decision is taken (the first of a trick drawn
from 3 to 8 by the deal's number, before the adjutant is known), and ``--samples`` deals are sampled from
that seat's view by each sampler. For each it prints, as JSON: how often the sampled Napoleon, holding the
hand he named the card from, would have named that card (``named``); how often his sampled discard is the
one ``normal`` makes from his sampled cards and the widow (``discard``); how often the joker lies among his
hidden discards (``joker_hidden``); the share of sampled deals that put the named card where it truly is
(the adjutant's seat, or Napoleon alone: ``true_holder``); the share of Napoleon's true cards that the
sample gives him (``napoleon_cards``); the CPU time of one sampled deal (``ms``, every seat's card
decisions of the same deals, replay included; ``no_deal`` counts the draws that found no deal, which the search
draws again); and of one sampled deal of ``hard:20``'s search, rollouts included (``search_ms``, over the
first ``--searched`` card decisions: what a timed ``hard`` pays per deal).

    .venv/bin/python bench/napoleon_sampling.py --deals 200 --samples 20 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import cast

from cardsuite.bots.search import SearchBot
from cardsuite.cards import JOKER, mask_of
from cardsuite.core.errors import SamplingError
from cardsuite.core.game import View
from cardsuite.core.search import Sampler
from cardsuite.games.napoleon import GAME
from cardsuite.games.napoleon.bots import NormalNapoleonBot
from cardsuite.games.napoleon.calls import call_order, normal_discard
from cardsuite.games.napoleon.rules import NapoleonState

IN_MAKE_BENCH = False
SAMPLERS = {"calls": GAME.read_deal, "bids only": GAME.inferred_deal}


def positions(deals: int, seed: int) -> tuple[list[tuple[NapoleonState, View]], list[View]]:
    """One defender's decision per deal (with the true deal), and every seat's card decisions."""
    bot = NormalNapoleonBot()
    picked: list[tuple[NapoleonState, View]] = []
    every: list[View] = []
    for number in range(deals):
        state = GAME.new_deal(5, GAME.resolve_options({}, 5), number % 5, rng=random.Random(seed * 100_003 + number))
        rng = random.Random(number)
        trick = 3 + number % 6
        taken = False
        while not state.is_over:
            seat = min(state.to_act)
            view = state.view(seat)
            if state.phase == "play" and len(view.legal) > 1:
                every.append(view)
                if (not taken and seat != state.napoleon and state.trick_number >= trick
                        and view.table.get("adjutant") is None):
                    picked.append((state.clone(), view))
                    taken = True
            state.apply(seat, bot.choose(view, rng))
    return picked, every


def fits(true: NapoleonState, view: View, samples: int, sampler: Sampler) -> dict[str, float]:
    """The counts of one position over ``samples`` sampled deals."""
    out = {"named": 0.0, "discard": 0.0, "joker_hidden": 0.0, "true_holder": 0.0, "napoleon_cards": 0.0}
    nap = true.napoleon
    real = {c for c in range(53) if true.hands[nap] >> c & 1}
    for i in range(samples):
        sample = cast(NapoleonState, sampler(view, random.Random(i)))
        setup = sample.setup()
        dealt = set(setup.hands[nap])
        order = call_order(sample.trump, True)
        out["named"] += next((c for c in order if c not in dealt), order[0]) == true.adjutant_card
        cards = mask_of(setup.hands[nap]) | mask_of(setup.stock)
        out["discard"] += sorted(normal_discard(cards, sample.trump, 3)) == sorted(sample.discards)
        out["joker_hidden"] += JOKER in sample.discards
        out["true_holder"] += sample.adjutant_seat == true.adjutant_seat
        out["napoleon_cards"] += len(real & {c for c in range(53) if sample.hands[nap] >> c & 1}) / len(real)
    return out


def search_ms(views: list[View], sampler: Sampler) -> float:
    """CPU per sampled deal of ``hard:20``'s search at these decisions: the sampler, the replay and every
    card's rollout."""
    bot = SearchBot(GAME, iterations=20)
    bot.sampler = sampler
    deals = 0
    began = time.process_time()
    for index, view in enumerate(views):
        deals += bot.search(view, random.Random(index)).iterations
    return 1000 * (time.process_time() - began) / max(1, deals)


def main(argv: list[str] | None = None) -> None:
    """Sample the positions with both samplers and print the shares."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--searched", type=int, default=400, help="card decisions searched by hard:20, timed")
    args = parser.parse_args(argv)
    picked, every = positions(args.deals, args.seed)
    report: dict[str, object] = {"deals": args.deals, "positions": len(picked), "samples": args.samples,
                                 "seed": args.seed}
    for name, sampler in SAMPLERS.items():
        total = {"named": 0.0, "discard": 0.0, "joker_hidden": 0.0, "true_holder": 0.0, "napoleon_cards": 0.0}
        for true, view in picked:
            for key, value in fits(true, view, args.samples, sampler).items():
                total[key] += value
        failed = 0
        began = time.process_time()
        for index, view in enumerate(every):
            try:
                sampler(view, random.Random(index))
            except SamplingError:  # the search draws again
                failed += 1
        ms = 1000 * (time.process_time() - began) / len(every)
        count = len(picked) * args.samples
        report[name] = {key: round(value / count, 3) for key, value in total.items()} | {
            "ms": round(ms, 3), "timed_decisions": len(every), "no_deal": failed,
            "search_ms": round(search_ms(every[: args.searched], sampler), 3)}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
