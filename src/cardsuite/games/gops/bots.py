"""GOPS CPU players: ``easy`` (bid near the prize's worth, with noise) and ``normal`` (counts cards).

Both see only their seat's ``View``: the current prize and pot, the prizes still to come, and what every
seat still holds (played cards are public in GOPS, so this is exact knowledge).

``normal`` models each opponent as a player who bids roughly in proportion to the prize (like ``easy``)
or at random, weighing the two by how that opponent has bid so far (public: played cards are face up),
and picks the card with the best expected points minus the cost of the card spent. That
gives the play of a careful player: win by the smallest margin that is sure when an opponent's best card
is known to be lower, give up prizes it cannot win cheaply by throwing its lowest card, and stay off the
cards an opponent is likely to play in 3-player games (a tie hands the prize to the third player).

The game-theoretic ``hard`` level lives in ``hard.py``; the helpers below (``Situation``,
``outcome_odds``) may be reused by other levels.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from ...core.game import Action, Hint, ReasonedBot, View
from .rules import FACE_LETTERS, FACE_NAMES, FACE_OF

Choice = tuple[Action, str]


def strength_of(face: int, ace: str) -> int:
    """How strong a bid is under the ``ace`` option (``beats_king`` is treated as low here)."""
    return 14 if face == 1 and ace == "high" else face


@dataclass(frozen=True)
class Situation:
    """The public facts a GOPS bot reasons about, read from a ``View``."""

    seat: int
    players: int
    mine: tuple[int, ...]  # faces I may play now
    others: tuple[tuple[int, ...], ...]  # faces each opponent still holds (in seat order, me left out)
    pot: float  # value at stake now: current prize (expected value when blind) plus carried cards
    known: bool  # whether the prize is face up
    future: tuple[int, ...]  # values of prizes still to be turned after this one
    ace: str
    ties: str
    steadiness: tuple[float, ...] = ()  # per opponent: share of its past bids near its proportional card

    @property
    def quantile(self) -> float:
        """Where the stake ranks among the stake and the prizes to come, 0 (lowest) to 1 (highest)."""
        if not self.future:
            return 1.0
        below = sum(1 for v in self.future if v < self.pot) + 0.5 * sum(1 for v in self.future if v == self.pot)
        return below / len(self.future)


def situation(view: View) -> Situation:
    """The ``Situation`` of ``view``'s seat."""
    table = view.table
    values = dict(cast(tuple[tuple[int, int], ...], table["values"]))
    remaining = cast(tuple[tuple[int, ...], ...], table["remaining"])
    unseen = [values[c] for c in cast(tuple[int, ...], table["prizes_left"])]
    prize = cast("int | None", table["prize"])
    pot = float(cast(int, table["pot_value"]))
    if prize is None:  # blind: the prize is one of the unseen cards, each as likely
        pot += sum(unseen) / len(unseen) if unseen else 0.0
        future = tuple(unseen)
    else:
        pot += values[prize]
        future = tuple(unseen)
    mine = tuple(sorted(FACE_LETTERS.index(str(a.args[0])) + 1 for a in view.legal))
    others = tuple(remaining[s] for s in range(view.players) if s != view.seat)
    options = view.options
    ace = str(options.get("ace", "low"))
    history = cast(tuple[tuple[tuple[int, ...], tuple[int, ...], object, str], ...], table["history"])
    steadiness = tuple(steadiness_of(history, values, s, ace) for s in range(view.players) if s != view.seat)
    return Situation(view.seat, view.players, mine, others, pot, prize is not None, future, ace,
                     str(options.get("ties", "carry")), steadiness)


def steadiness_of(history: Sequence[tuple[Sequence[int], Sequence[int], object, str]], values: Mapping[int, int],
                  seat: int, ace: str) -> float:
    """How often ``seat`` bid within one card of its proportional card so far (prior: 3 rounds at 70%)."""
    hits, rounds = 2.1, 3.0
    unseen = dict(values)
    hand = list(range(1, 14))
    for pot, faces, _winner, _rule in history:
        unseen.pop(pot[-1], None)
        stake = sum(values[c] for c in pot)
        future = list(unseen.values())
        below = sum(1 for v in future if v < stake) + 0.5 * sum(1 for v in future if v == stake)
        quantile = below / len(future) if future else 1.0
        ordered = sorted(hand, key=lambda f: strength_of(f, ace))
        played = faces[seat]
        if played in ordered:
            rounds += 1
            hits += abs(ordered.index(played) - quantile * (len(ordered) - 1)) <= 1.0
            hand.remove(played)
    return hits / rounds


def action_for(view: View, face: int) -> Action:
    """The legal action that plays ``face``."""
    letter = FACE_LETTERS[face - 1]
    return next(a for a in view.legal if a.args[0] == letter)


def proportional(faces: Sequence[int], quantile: float, ace: str) -> int:
    """The card at ``quantile`` of ``faces`` ordered by strength: a bid in proportion to the prize."""
    ordered = sorted(faces, key=lambda f: strength_of(f, ace))
    return ordered[min(len(ordered) - 1, max(0, round(quantile * (len(ordered) - 1))))]


def opponent_model(faces: Sequence[int], quantile: float, ace: str, focus: float, spread: float,
                   known: bool) -> list[tuple[int, float]]:
    """A guess at one opponent's bid: near its proportional card (weight ``focus``), else any card."""
    ordered = sorted(faces, key=lambda f: strength_of(f, ace))
    n = len(ordered)
    centre = quantile * (n - 1)
    weights = []
    for i, face in enumerate(ordered):
        near = math.exp(-((i - centre) ** 2) / (2 * spread * spread)) if known else 0.0
        weights.append((face, near))
    total = sum(w for _, w in weights) or 1.0
    return [(face, focus * w / total + (1 - focus) / n) for face, w in weights]


def outcome_odds(sit: Situation, face: int, models: Sequence[Sequence[tuple[int, float]]]) -> tuple[float, float]:
    """(chance I take the stake, chance an opponent takes it) when I bid ``face``, under ``models``."""
    ace = sit.ace
    positive = sit.pot >= 0

    def better(a: int, b: int) -> bool:
        sa, sb = strength_of(a, ace), strength_of(b, ace)
        if ace == "beats_king" and {a, b} == {1, 13}:
            sa, sb = (14 if a == 1 else a), (14 if b == 1 else b)
        return sa > sb if positive else sa < sb

    mine = other = 0.0
    if len(models) == 1:
        for o, p in models[0]:
            if o == face:
                continue
            if better(face, o):
                mine += p
            else:
                other += p
        return mine, other
    for o1, p1 in models[0]:
        for o2, p2 in models[1]:
            p = p1 * p2
            if face == o1 == o2:
                continue
            if face in (o1, o2):
                other += p
            elif o1 == o2 or (better(face, o1) and better(face, o2)):
                mine += p
            else:
                other += p
    return mine, other


class NormalGopsBot(ReasonedBot):
    """Counts every card, wins cheaply where it surely can, and gives up prizes it cannot buy cheaply."""

    level = "normal"
    # Tuned with bench/gops_strength.py against easy and random (figures in that script's docstring).
    focus = 0.95  # how much it expects opponents to bid in proportion to the prize (the rest: any card)
    spread = 0.7  # how far from the proportional card it expects them to stray (in cards)
    share3 = 0.5  # 3 players: how much an opponent's gain counts against mine
    thrift2 = 0.9  # how dear it holds its cards (2 players): the price of a card per step of strength
    thrift3 = 0.5  # the same with 3 players, where each card buys a smaller share of the prizes

    def choose(self, view: View, rng: random.Random) -> Action:
        """The card this bot plays."""
        return self.decide(view, rng)[0]

    def hint(self, view: View, rng: random.Random) -> Hint:
        """The card with the reason, and the expected value of every card."""
        if len(view.legal) == 1:
            return Hint(view.legal[0], "the last card")
        sit = situation(view)
        scores = self.evaluate(sit)
        best = self.best(sit, scores)
        others = tuple(sorted(((action_for(view, f), round(v, 2)) for f, v in scores.items()), key=lambda p: -p[1]))
        return Hint(action_for(view, best), self.explain(sit, best), others)

    def decide(self, view: View, rng: random.Random) -> Choice:
        """The chosen card and why, in a player's words."""
        if len(view.legal) == 1:
            return view.legal[0], "the last card"
        sit = situation(view)
        best = self.best(sit, self.evaluate(sit))
        return action_for(view, best), self.explain(sit, best)

    def focus_for(self, steadiness: float, cards: int) -> float:
        """How much to trust the proportional guess for an opponent that bid near it ``steadiness`` of the time."""
        chance = min(1.0, 3.0 / max(1, cards))  # a random bidder lands within one card this often
        return max(0.05, min(self.focus, self.focus * (steadiness - chance) / max(1e-9, 0.7 - chance)))

    @staticmethod
    def best(sit: Situation, scores: Mapping[int, float]) -> int:
        """The card with the highest value; the weaker card on equal values."""
        return max(scores, key=lambda f: (scores[f], -strength_of(f, sit.ace)))

    def evaluate(self, sit: Situation) -> Mapping[int, float]:
        """Expected points of each card: the stake it may take, minus the worth of the card spent."""
        steady = sit.steadiness or (1.0,) * len(sit.others)
        models = [opponent_model(o, sit.quantile, sit.ace, self.focus_for(h, len(o)), self.spread, sit.known)
                  for o, h in zip(sit.others, steady, strict=True)]
        ace = sit.ace
        held = [strength_of(f, ace) for f in sit.mine]
        lowest = min(held)
        future_points = sum(v for v in sit.future if v > 0)
        thrift = self.thrift2 if sit.players == 2 else self.thrift3
        per_step = thrift * future_points / max(1, sum(h - lowest + 1 for h in held))
        share = 1.0 if sit.players == 2 else self.share3
        out: dict[int, float] = {}
        for face in sit.mine:
            mine, other = outcome_odds(sit, face, models)
            gain = sit.pot * (mine - share * other)
            cost = per_step * (strength_of(face, ace) - lowest)
            out[face] = gain - cost
        return out

    def explain(self, sit: Situation, face: int) -> str:
        """Why ``face``, in a player's words."""
        name = FACE_NAMES[face]
        ace = sit.ace
        top = max((strength_of(f, ace) for o in sit.others for f in o), default=0)
        mine = strength_of(face, ace)
        if sit.pot < 0:
            return f"a negative pot goes to the lowest card: the {name} should stay clear of it"
        if mine > top and not any(strength_of(f, ace) > top for f in sit.mine if strength_of(f, ace) < mine):
            return f"the {name} is the cheapest card no opponent can beat: a sure win"
        if face == min(sit.mine, key=lambda f: strength_of(f, ace)):
            return "this prize is not worth a strong card: give it up with the lowest card"
        if sit.players == 3:
            return f"the {name} should win without clashing with the card an opponent is likely to play"
        return f"the {name} should just beat the card the opponent is likely to bid"


class EasyGopsBot(ReasonedBot):
    """Bids about what the prize is worth (its place among the prizes left), with noise."""

    level = "easy"
    noise = 1.5  # spread of the mistake, in cards

    def decide(self, view: View, rng: random.Random) -> Choice:
        """The chosen card and why."""
        if len(view.legal) == 1:
            return view.legal[0], "the last card"
        sit = situation(view)
        ordered = sorted(sit.mine, key=lambda f: strength_of(f, sit.ace))
        if sit.pot < 0:
            index = rng.randrange(len(ordered) // 2, len(ordered))
            return action_for(view, ordered[index]), "a negative prize: keep clear of the lowest card"
        centre = sit.quantile * (len(ordered) - 1) if sit.known else rng.random() * (len(ordered) - 1)
        index = min(len(ordered) - 1, max(0, round(centre + rng.gauss(0, self.noise))))
        face = ordered[index]
        return action_for(view, face), f"the {FACE_NAMES[face]} is about what this prize is worth"


__all__ = ["FACE_OF", "EasyGopsBot", "NormalGopsBot", "Situation", "outcome_odds", "situation"]
