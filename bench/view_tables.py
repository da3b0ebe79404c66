"""CPU time to build every seat's view table (``dict(view.table)``) at every step of 200 random deals.

The table holds the header line (``contract_text``, a ``Message``); this measures what building the whole
table costs per deal, in ms, for Nap 4p, Napas 4p and Napoleon 5p. To compare with an earlier tree, run it
once more with that tree first on the path:
``git archive COMMIT src | tar -x -C /tmp/before && PYTHONPATH=/tmp/before/src .venv/bin/python bench/view_tables.py``.
"""

from __future__ import annotations

import json
import random
import time

from cardsuite.core.registry import get_game

CASES = (("nap", 4), ("napas", 4), ("napoleon", 5))
DEALS = 200


def main() -> None:
    """Print ``{game: ms per deal}`` as JSON."""
    out: dict[str, float] = {}
    for name, players in CASES:
        game = get_game(name)
        options = game.resolve_options({}, players)
        rng = random.Random(1)
        total = 0.0
        for deal in range(DEALS):
            state = game.new_deal(players, options, deal % players, rng=random.Random(deal))
            while not state.is_over:
                start = time.process_time()
                for seat in range(players):
                    dict(state.view(seat).table)
                total += time.process_time() - start
                seat = sorted(state.to_act)[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
        out[name] = round(total / DEALS * 1e3, 3)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
