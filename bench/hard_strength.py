"""Strength runs for the ``hard`` level: ``cardsuite simulate`` between hard and normal, figures as JSON.

Slow (minutes to hours): not part of ``make bench`` or the tests. The figures go in ``docs/bots.md``.

    .venv/bin/python bench/hard_strength.py nap --seats hard,normal,normal,normal --games 150 --out r.json

It prints (and writes) the simulate JSON, plus the difference of the means and whether the two 95%
intervals overlap.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from cardsuite.core.options import parse_option_pairs
from cardsuite.core.registry import get_game
from cardsuite.simulate import simulate

IN_MAKE_BENCH = False


def main(argv: list[str] | None = None) -> int:
    """Run one configuration and report it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seats", required=True, help="levels per seat, e.g. hard,normal,normal,normal")
    parser.add_argument("--games", type=int, default=100, help="whole matches")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", "-o", action="append", default=[])
    parser.add_argument("--out", default="")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    levels = [s.strip() for s in args.seats.split(",")]
    options = game.resolve_options(parse_option_pairs(args.option), len(levels))
    began = time.time()

    def progress(done: int) -> None:
        print(f"{done}/{args.games} matches, {time.time() - began:.0f} s", file=sys.stderr, flush=True)

    result = simulate(game, len(levels), levels, args.games, args.seed, options, on_match=progress).as_json()
    names = list(dict.fromkeys(levels))
    if len(names) == 2:
        a, b = (result["levels"][n] for n in names)  # type: ignore[index]
        result["difference"] = round(a["mean"] - b["mean"], 4)
        result["overlap"] = not (a["ci95"][0] > b["ci95"][1] or b["ci95"][0] > a["ci95"][1])
    result["command"] = " ".join(["bench/hard_strength.py", *(argv or sys.argv[1:])])
    text = json.dumps(result)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
