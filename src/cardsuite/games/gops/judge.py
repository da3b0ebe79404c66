"""Whether a GOPS bid lost value when it was made, for ``cardsuite analyze``: judged against the bids the others
could be expected to make, never the ones they made (a bidder cannot see those), the prizes face down unknown.

Worth is the hard CPU's measure: the prize points a seat can expect at the end of the deal against the table
(its points less the others' average). In a 2-player deal's last ``EXACT_CARDS`` rounds it is exact: each card
against the other's equilibrium mix, by the hard CPU's endgame solver (``endgame.py``, playing for points).
Earlier, and with three players, one search of the round's public position by the hard CPU (reading nobody)
gives every seat's mix; a bid in the seat's own mix is as good as any, and a bid outside it is compared with the
mix's cards on the same sampled prize orders and bids drawn from the others' mixes, the deal played out by the
hard CPU's rollout policy: an estimate, called worse only when the samples clearly say so.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from math import sqrt
from statistics import fmean, stdev

from ...core.game import Action, View
from .endgame import Endgame, Rules2
from .hard import HardGopsBot, Sim
from .regret import draw_index

EXACT_CARDS = 4
"""A 2-player deal with this many cards left per hand or fewer is valued exactly (milliseconds)."""
SEARCH_ITERATIONS = 400
"""The search of a round's public position for the mixes the seats could be expected to bid (about 80 ms)."""
SAMPLES_PER_ROLLOUT = 4
"""Samples per rollout asked for (``--rollouts``): a sampled GOPS deal costs far less than a trick game's."""
SURE = 2.0
"""How many standard errors a sampled bid must fall short of the mix's best to be called worse."""
KEPT_ROUNDS = 64
"""The rounds whose mixes a judge keeps (the seats of one round ask about the same position)."""

Mixes = list[tuple[list[int], list[float]]]


Verdict = tuple[Action, float, float]
"""The better bid, its worth and the worth of the bid made."""


class BidJudge:
    """Judges GOPS bids for ``cardsuite analyze`` (the ``judge`` search hook); keeps each round's mixes."""

    def __init__(self) -> None:
        self._mixes: dict[tuple[object, ...], Mixes] = {}

    def __call__(self, view: View, made: Action, rng: random.Random, samples: int) -> Verdict | None:
        """The better bid than ``made`` and both worths (prize points against the table) when ``made`` was
        clearly worse than the seat's best against the bids the others could be expected to make, else ``None``.

        Exact near the end of a 2-player deal. Elsewhere a bid in the seat's own searched mix is as good as
        any (in an equilibrium every card of the mix is worth the same), and a bid outside it is compared with
        the mix's cards on the same samples, and is worse only when the samples say so clearly (by more than
        ``SURE`` standard errors)."""
        bot = HardGopsBot(iterations=SEARCH_ITERATIONS, exploit=False)
        rules, hands, current, future, pts, pot, pot_abs = bot._read(view)
        me = view.seat
        mine = hands[me]
        made_face = mine[[bot._action(view, face) for face in mine].index(made)]
        if rules.players == 2 and len(mine) <= EXACT_CARDS and (current is not None or rules.blind):
            solver = Endgame(Rules2(rules.ties, rules.negative, rules.ace, rules.early_end, win=False,
                                    blind=rules.blind))
            values = _exact(solver, hands, me, current, future, pts[me] - pts[1 - me], pot, pot_abs)
            best = max(range(len(mine)), key=lambda i: values[i])
            played = values[mine.index(made_face)]
            return None if values[best] <= played else (bot._action(view, mine[best]), values[best], played)
        mixes = self.mixes(bot, view)
        own = [face for face, share in zip(*mixes[me], strict=True) if share > 0]
        if made_face in own:
            return None
        tried = [*own, made_face]
        results: list[list[float]] = [[] for _ in tried]
        for _ in range(max(2, samples * SAMPLES_PER_ROLLOUT)):
            order = list(future)
            rng.shuffle(order)
            prizes = [current, *order] if current is not None else order
            start = Sim(rules, [list(h) for h in hands], prizes, list(pts), pot, pot_abs,
                        float(sum(abs(v) for v in prizes)))
            faces = [faces[draw_index(mix, rng)] for faces, mix in mixes]
            seed = rng.getrandbits(64)
            for result, face in zip(results, tried, strict=True):
                sim = start.copy()
                faces[me] = face
                sim.play(faces)
                result.append(bot._rollout(sim, random.Random(seed), {})[me])
        means = [fmean(r) for r in results]
        best = max(range(len(own)), key=lambda i: means[i])
        gaps = [b - p for b, p in zip(results[best], results[-1], strict=True)]
        if fmean(gaps) <= SURE * stdev(gaps) / sqrt(len(gaps)):
            return None
        return bot._action(view, own[best]), means[best], means[-1]

    def mixes(self, bot: HardGopsBot, view: View) -> Mixes:
        """Each seat's cards and mix in this round, searched once per public position (from a seed of its own,
        so that every seat of the round is judged against the same mixes)."""
        table = view.table
        key = (table["remaining"], table["prize"], table["prizes_left"], table["points"], table["pot"],
               tuple(sorted(view.options.items())))
        found = self._mixes.get(key)
        if found is None:
            if len(self._mixes) >= KEPT_ROUNDS:
                self._mixes.clear()
            found = self._mixes[key] = bot.mixes(view, random.Random(zlib.crc32(repr(key).encode())))
        return found


def _exact(solver: Endgame, hands: Sequence[Sequence[int]], me: int, current: int | None, future: Sequence[int],
           lead: float, pot: float, pot_abs: float) -> list[float]:
    """Each of ``me``'s cards (ascending) against the other's equilibrium mix, in points against it."""
    mine, theirs = tuple(sorted(hands[me])), tuple(sorted(hands[1 - me]))
    prizes = tuple(sorted(future))
    if current is None:
        return solver.unturned(mine, theirs, prizes, pot, pot_abs, lead)[1]
    return solver.turned(mine, theirs, current, prizes, pot, pot_abs, lead)[1]


__all__ = ["EXACT_CARDS", "BidJudge"]
