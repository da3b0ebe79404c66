"""GOPS 2-player: the ``hard`` bot against a panel of fixed strategies, mean points over many games.

The panel: bid the prize's own value; bid one above it (the ace on the king); always the highest card;
always the lowest card; a uniformly random card. Seats alternate. Slow: not in CI or ``make bench``.

    .venv/bin/python bench/hard_gops_panel.py --games 500 --level hard:300 --out panel.json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable

from cardsuite.bots import make_bot
from cardsuite.core.game import Action, Bot, Hint, View
from cardsuite.core.options import parse_option_pairs
from cardsuite.core.registry import get_game
from cardsuite.games.gops.faces import FACE_LETTERS, FACE_OF

IN_MAKE_BENCH = False


def _faces(view: View) -> list[int]:
    return sorted(FACE_LETTERS.index(str(a.args[0])) + 1 for a in view.legal)


def _play(view: View, face: int) -> Action:
    return next(a for a in view.legal if a.args[0] == FACE_LETTERS[face - 1])


def _prize_face(view: View) -> int:
    prize = view.table["prize"]
    assert isinstance(prize, int)
    return FACE_OF[prize]


def match_value(view: View, rng: random.Random) -> int:
    """The prize's own value (the card is always still held: each prize comes once)."""
    return _prize_face(view)


def one_above(view: View, rng: random.Random) -> int:
    """One above the prize, the ace on the king."""
    face = _prize_face(view)
    return 1 if face == 13 else face + 1


def highest(view: View, rng: random.Random) -> int:
    """The highest card left."""
    return max(_faces(view))


def lowest(view: View, rng: random.Random) -> int:
    """The lowest card left."""
    return min(_faces(view))


def uniform(view: View, rng: random.Random) -> int:
    """A random card."""
    return rng.choice(_faces(view))


PANEL: dict[str, Callable[[View, random.Random], int]] = {
    "prize value": match_value, "prize value + 1 (A on K)": one_above, "highest first": highest,
    "lowest first": lowest, "random": uniform,
}


class PanelBot:
    """A fixed strategy as a ``Bot``."""

    level = "panel"

    def __init__(self, rule: Callable[[View, random.Random], int]) -> None:
        self.rule = rule

    def choose(self, view: View, rng: random.Random) -> Action:
        """The rule's card."""
        return _play(view, self.rule(view, rng))

    def hint(self, view: View, rng: random.Random) -> Hint:
        """The rule's card, no reasons."""
        return Hint(self.choose(view, rng), "a fixed rule")


def main(argv: list[str] | None = None) -> int:
    """Play each panel strategy ``--games`` times and report the margins."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", "-o", action="append", default=[])
    parser.add_argument("--only", default="", help="one panel strategy by name")
    parser.add_argument("--normal", action="store_true", help="add the game's own normal CPU to the panel")
    parser.add_argument("--no-exploit", action="store_true",
                        help="hard without reading the opponent: its mixed strategy alone")
    parser.add_argument("--out", default="")
    args = parser.parse_args(argv)
    gops = get_game("gops")
    options = gops.resolve_options(parse_option_pairs(args.option), 2)
    report: dict[str, object] = {"games": args.games, "level": args.level, "options": options.non_default(),
                                 "exploit": not args.no_exploit}
    panel: dict[str, Callable[[], Bot]] = {name: (lambda rule=rule: PanelBot(rule)) for name, rule in PANEL.items()}
    if args.normal:
        panel["normal CPU"] = lambda: make_bot(gops, "normal")
    for name, make_opponent in panel.items():
        if args.only and name != args.only:
            continue
        began = time.time()
        margins: list[float] = []
        mine_total = theirs_total = 0.0
        wins = 0
        for index in range(args.games):
            rng = random.Random(args.seed * 1_000_003 + index)
            seat = index % 2
            hard = make_bot(gops, args.level)
            if args.no_exploit:
                hard.exploit = False  # type: ignore[attr-defined]
            bots = [hard, make_opponent()]
            if seat == 1:
                bots.reverse()
            state = gops.new_deal(2, options, None, rng=rng)
            while not state.is_over:
                chosen = {s: bots[s].choose(state.view(s), rng) for s in sorted(state.to_act)}
                for s, action in chosen.items():
                    state.apply(s, action)
            scores = state.scores()
            mine, theirs = float(scores[seat]), float(scores[1 - seat])
            mine_total += mine
            theirs_total += theirs
            margins.append(mine - theirs)
            wins += mine > theirs
        mean = statistics.fmean(margins)
        half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
        report[name] = {"hard_points": round(mine_total / args.games, 3),
                        "panel_points": round(theirs_total / args.games, 3),
                        "margin": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)],
                        "wins": wins, "seconds": round(time.time() - began, 1)}
        print(name, report[name], file=sys.stderr, flush=True)
    text = json.dumps(report)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
