"""GOPS CPU players: ``normal`` (counts cards, reads the table, mixes its bids) and ``easy`` (often by feel).

Both see only their seat's ``View``: the current prize and pot, the prizes still to come, and what every
seat still holds (played cards are public in GOPS, so this is exact knowledge). Neither keeps anything
between moves, and all their randomness comes from the generator they are given.

``normal`` treats each round as a small simultaneous game. Every seat values each of its cards as the
stake it may take against the others' likely cards (a two-way tie among three hands the prize to the
third), minus the worth of the card spent. What it expects of a seat depends on how that seat has bid
so far, which is public: a *thinking* player (it gives prizes up with its lowest card and takes them
with its top cards more often than chance), a *proportional* bidder (it bids about the prize's place
among the prizes left), or a *random* one. With three players the thinking seats' answers are worked
out one seat after the other a few times (best responses to each other), from facts every seat can see;
so two ``normal`` players at one table read the same situation the same way and do not both reach for
the same card, where a tie would hand the prize to the third player. Finally it draws its card from the
cards whose value is close to the best, with its generator: it cannot be predicted for sure, and two
``normal`` players do not mirror each other.

``easy`` is ``normal`` with deliberate mistakes: most of the time it bids by feel, about what the prize
is worth with a wide margin of error. The game-theoretic ``hard`` level lives in ``hard.py``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from ...core.game import Action, Hint, ReasonedBot, View
from ...core.message import Message, msg
from .faces import FACE_LETTERS, FACE_OF, face_rank

Choice = tuple[Action, Message]


History = Sequence[tuple[Sequence[int], Sequence[int], object, str]]
Mix = dict[int, float]

SMOOTH = 0.05  # share of "any card" mixed into each kind's bid when bids are read: one odd bid rules no kind out
THINK_PRIOR = -1.0  # log-odds that a seat is a thinking player before it has bid
THINK_SCALE = 2.5  # how fast each telling bid moves those odds


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
    kinds: tuple[tuple[float, float], ...] = ()  # per seat, mine included: (thinking, steadiness), see below

    @property
    def quantile(self) -> float:
        """Where the stake ranks among the stake and the prizes to come, 0 (lowest) to 1 (highest)."""
        if not self.future:
            return 1.0
        below = sum(1 for v in self.future if v < self.pot) + 0.5 * sum(1 for v in self.future if v == self.pot)
        return below / len(self.future)

    def hands(self) -> list[tuple[int, ...]]:
        """Every seat's faces, in seat order."""
        out = list(self.others)
        out.insert(self.seat, self.mine)
        return out


def situation(view: View, seat: int | None = None) -> Situation:
    """The ``Situation`` of ``view``'s seat, or of another ``seat`` (everything but a pending bid is public)."""
    table = view.table
    values = dict(cast(tuple[tuple[int, int], ...], table["values"]))
    remaining = cast(tuple[tuple[int, ...], ...], table["remaining"])
    unseen = [values[c] for c in cast(tuple[int, ...], table["prizes_left"])]
    prize = cast("int | None", table["prize"])
    pot = float(cast(int, table["pot_value"]))
    if prize is None:  # blind: the prize is one of the unseen cards, each as likely
        pot += sum(unseen) / len(unseen) if unseen else 0.0
    else:
        pot += values[prize]
    if seat is None or seat == view.seat:
        seat = view.seat
        mine = tuple(sorted(FACE_LETTERS.index(str(a.args[0])) + 1 for a in view.legal))
    else:
        mine = tuple(sorted(remaining[seat]))
    others = tuple(remaining[s] for s in range(view.players) if s != seat)
    options = view.options
    ace = str(options.get("ace", "low"))
    history = cast(History, table["history"])
    kinds = tuple((thinking_of(history, s, ace), steadiness_of(history, values, s, ace))
                  for s in range(view.players))
    return Situation(seat, view.players, mine, others, pot, prize is not None, tuple(unseen), ace,
                     str(options.get("ties", "carry")), kinds)


def thinking_of(history: History, seat: int, ace: str) -> float:
    """How likely ``seat`` is a thinking player rather than one bidding by feel or at random, 0..1.

    Thinking players (the CPUs, and most people) often give a prize up with their lowest card or take
    one with a top card; others play their lowest or one of their two highest cards about three times
    in their hand size. Each such bid beyond chance is evidence of thought, each other bid against it.
    """
    hand = list(range(1, 14))
    evidence = 0.0
    for _pot, faces, _winner, _rule in history:
        played = faces[seat]
        if played not in hand:
            continue
        ordered = sorted(hand, key=lambda f: strength_of(f, ace))
        n = len(ordered)
        if n > 3:
            hit = played == ordered[0] or played in ordered[-2:]
            evidence += hit - 3 / n - 0.175  # a thinking player's excess is about 0.35 a bid
        hand.remove(played)
    return 1.0 / (1.0 + math.exp(-THINK_PRIOR - THINK_SCALE * evidence))


def steadiness_of(history: History, values: Mapping[int, int], seat: int, ace: str) -> float:
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


def proportional(faces: Sequence[int], quantile: float, ace: str, spread: float, known: bool) -> Mix:
    """A bid in proportion to the prize: near the card at ``quantile`` of ``faces``, ``spread`` cards either side.

    Without a visible prize (blind) every card is as likely.
    """
    ordered = sorted(faces, key=lambda f: strength_of(f, ace))
    n = len(ordered)
    if not known:
        return {f: 1 / n for f in ordered}
    centre = quantile * (n - 1)
    weights = {f: math.exp(-((i - centre) ** 2) / (2 * spread * spread)) for i, f in enumerate(ordered)}
    total = sum(weights.values())
    return {f: w / total for f, w in weights.items()}


def beats_table(faces: Sequence[int], ace: str, positive: bool) -> dict[int, frozenset[int]]:
    """For each face, the faces it beats for a pot of this sign (higher for a positive pot, else lower).

    ``beats_king`` counts the ace above the king when both are in the comparison (decision 2).
    """
    out: dict[int, frozenset[int]] = {}
    for a in faces:
        won = set()
        for b in faces:
            if a == b:
                continue
            sa, sb = strength_of(a, ace), strength_of(b, ace)
            if ace == "beats_king" and {a, b} == {1, 13}:
                sa, sb = (14 if a == 1 else a), (14 if b == 1 else b)
            if (sa > sb) == positive:
                won.add(b)
        out[a] = frozenset(won)
    return out


def round_odds(face: int, beaten: frozenset[int], others: Sequence[Mapping[int, float]]) -> tuple[float, float]:
    """(chance I take the stake, chance another seat takes it) when I bid ``face`` against ``others``' mixes.

    With three players two equal cards cancel and the third takes the prize; three equal cards take nothing.
    """
    if len(others) == 1:
        p = others[0]
        mine = sum(w for f, w in p.items() if f in beaten)
        return mine, 1.0 - mine - p.get(face, 0.0)
    p, q = others
    pf, qf = p.get(face, 0.0), q.get(face, 0.0)
    pair = sum(w * q.get(f, 0.0) for f, w in p.items() if f != face)  # the other two cancel: mine
    below_p = sum(w for f, w in p.items() if f in beaten)
    below_q = sum(w for f, w in q.items() if f in beaten)
    below_pair = sum(w * q.get(f, 0.0) for f, w in p.items() if f in beaten)
    mine = pair + below_p * below_q - below_pair
    return mine, 1.0 - mine - pf * qf


def mirrored(sit: Situation) -> bool:
    """Whether two players hold the same cards after a round, so the position is the same from either seat."""
    return sit.players == 2 and len(sit.mine) < 13 and set(sit.mine) == set(sit.others[0])


def parted(mix: Mix, values: Mapping[int, float], cap: float) -> Mix:
    """``mix`` with no card above ``cap``: the excess goes to the other cards of the mix in proportion, or to
    the next best card by ``values`` when the mix has one card only."""
    top = max(mix, key=mix.__getitem__)
    if mix[top] <= cap or len(values) < 2:
        return mix
    rest = {f: p for f, p in mix.items() if f != top} or {max((f for f in values if f != top),
                                                              key=values.__getitem__): 1.0}
    spare = (1 - cap) / sum(rest.values())
    return {top: cap} | {f: p * spare for f, p in rest.items()}


class NormalGopsBot(ReasonedBot):
    """Counts every card, reads how each seat bids, and mixes among the cards worth playing this round."""

    level = "normal"
    # Tuned with `cardsuite simulate` against easy and random (docs/bots.md has the figures).
    focus = 0.95  # how much it trusts the proportional guess for a steady bidder (the rest: any card)
    spread = 1.5  # how far from the proportional card such a bidder strays (in cards)
    share3 = 0.5  # 3 players: how much an opponent's gain counts against mine
    thrift2 = 0.9  # how dear it holds its cards (2 players): the price of a card per step of strength
    thrift3 = 1.0  # the same with 3 players
    sweeps = 10  # 3 players: rounds of answers of every seat to the others
    answer_softness = 0.01  # how sharply a seat answers in those rounds (share of the stake)
    softness = 0.1  # how close in value (share of the stake) the cards it mixes are
    floor = 0.08  # cards under this share of the mix are not played
    copy_odds = 100.0  # 2 players, same cards: how much likelier a copy of itself must be than ``easy``
    mirror_cap = 0.7  # then the largest share one card may have (the rest to the other near-best cards)

    def hint(self, view: View, rng: random.Random) -> Hint:
        """The most likely card of the mix, the reason, and the expected value of every card."""
        if len(view.legal) == 1:
            return Hint(view.legal[0], msg("the last card"))
        sit = situation(view)
        values, mix = self.plan(sit, self.faces_a_copy(view, sit))
        best = max(mix, key=lambda f: (mix[f], values[f]))
        others = tuple(sorted(((action_for(view, f), round(v, 2)) for f, v in values.items()), key=lambda p: -p[1]))
        return Hint(action_for(view, best), self.explain(sit, best), others)

    def decide(self, view: View, rng: random.Random) -> Choice:
        """The chosen card (drawn from the mix with ``rng``) and why, in a player's words."""
        if len(view.legal) == 1:
            return view.legal[0], msg("the last card")
        sit = situation(view)
        _values, mix = self.plan(sit, self.faces_a_copy(view, sit))
        faces = sorted(mix)
        face = faces[-1]
        x = rng.random()
        for f in faces:
            x -= mix[f]
            if x < 0:
                face = f
                break
        return action_for(view, face), self.explain(sit, face)

    def focus_for(self, steadiness: float, cards: int) -> float:
        """How much to trust the proportional guess for a seat that bid near it ``steadiness`` of the time."""
        chance = min(1.0, 3.0 / max(1, cards))  # a random bidder lands within one card this often
        return max(0.05, min(self.focus, self.focus * (steadiness - chance) / max(1e-9, 0.7 - chance)))

    def faces_a_copy(self, view: View, sit: Situation) -> bool:
        """Whether the other seat (2 players) holds my cards and has bid as ``normal`` would, beyond doubt."""
        return mirrored(sit) and copy_odds(view) >= self.copy_odds

    def plan(self, sit: Situation, copy: bool = False) -> tuple[dict[int, float], Mix]:
        """Each of my cards' expected points, and the mix I play (only cards worth playing).

        ``copy``: the other seat bids from this same mix (``faces_a_copy``), so a tie is as likely as my
        likeliest card; no card then gets more than ``mirror_cap`` of the mix.
        """
        me = sit.seat
        hands = sit.hands()
        kinds = sit.kinds or ((1.0, 1.0),) * sit.players
        thinking = [t for t, _ in kinds]
        plain: list[Mix] = []  # what a seat bids if it does not think: in proportion to the prize, or anything
        for hand, (_, steady) in zip(hands, kinds, strict=True):
            trust = self.focus_for(steady, len(hand))
            guess = proportional(hand, sit.quantile, sit.ace, self.spread, sit.known)
            plain.append({f: trust * w + (1 - trust) / len(hand) for f, w in guess.items()})
        answers = [dict(m) for m in plain]  # what a seat bids if it thinks: worked out below
        beaten = beats_table(range(1, 14), sit.ace, sit.pot >= 0)
        future_points = sum(v for v in sit.future if v > 0)
        thrift = self.thrift2 if sit.players == 2 else self.thrift3
        share = 1.0 if sit.players == 2 else self.share3
        stake = max(1.0, abs(sit.pot))

        def expected(seat: int) -> Mix:
            """What the others expect of ``seat``: a thinking player's answer or a plain bid, by its record."""
            t = thinking[seat]
            return {f: t * w + (1 - t) * plain[seat][f] for f, w in answers[seat].items()}

        def values_of(seat: int) -> dict[int, float]:
            """Each card's expected points for ``seat``: the stake it may take, less the card's worth."""
            hand = hands[seat]
            held = [strength_of(f, sit.ace) for f in hand]
            lowest = min(held)
            per_step = thrift * future_points / max(1, sum(h - lowest + 1 for h in held))
            others = [expected(s) for s in range(sit.players) if s != seat]
            out = {}
            for face in hand:
                mine, other = round_odds(face, beaten[face], others)
                out[face] = sit.pot * (mine - share * other) - per_step * (strength_of(face, sit.ace) - lowest)
            return out

        def soft(values: Mapping[int, float], softness: float) -> Mix:
            top = max(values.values())
            weights = {f: math.exp((v - top) / (stake * softness)) for f, v in values.items()}
            total = sum(weights.values())
            return {f: w / total for f, w in weights.items()}

        if sit.players == 3:
            for _sweep in range(self.sweeps):
                for seat in range(sit.players):  # one after the other: the first to answer sets the tone
                    answers[seat] = soft(values_of(seat), self.answer_softness)
        values = values_of(me)
        mix = soft(values, self.softness)
        kept = {f: p for f, p in mix.items() if p >= self.floor} or {max(values, key=values.__getitem__): 1.0}
        total = sum(kept.values())
        mix = {f: p / total for f, p in kept.items()}
        return values, parted(mix, values, self.mirror_cap) if copy else mix

    def mix_for(self, sit: Situation) -> Mix:
        """The chances with which this bot bids each card in ``sit`` (how ``hard`` reads a seat)."""
        return self.plan(sit)[1]

    def explain(self, sit: Situation, face: int) -> Message:
        """Why ``face``, in a player's words."""
        name = face_rank(face)
        ace = sit.ace
        top = max((strength_of(f, ace) for o in sit.others for f in o), default=0)
        mine = strength_of(face, ace)
        if sit.pot < 0:
            return msg("a negative pot goes to the lowest card: the {rank} should stay clear of it", rank=name)
        if mine > top and not any(strength_of(f, ace) > top for f in sit.mine if strength_of(f, ace) < mine):
            return msg("the {rank} is the cheapest card no opponent can beat: a sure win", rank=name)
        if face == min(sit.mine, key=lambda f: strength_of(f, ace)):
            return msg("this prize is not worth a strong card: give it up with the lowest card")
        if sit.players == 3:
            return msg("the {rank} should win without clashing with the card an opponent is likely to play", rank=name)
        return msg("the {rank} should just beat the card the opponent is likely to bid", rank=name)


class EasyGopsBot(NormalGopsBot):
    """``normal`` with deliberate mistakes: it bids about what the prize is worth, by feel.

    With two players it always bids by feel (within a card or two). With three it thinks like ``normal``
    now and then and otherwise bids more loosely: two players bidding by feel alike would keep clashing,
    and a clash hands the prize to the third.
    """

    level = "easy"
    noise2 = 1.5  # spread of a bid by feel, in cards (2 players)
    noise3 = 3.5  # the same with 3 players
    mistake_rate2 = 1.0  # how often it bids by feel instead of thinking (2 players)
    mistake_rate3 = 0.7  # the same with 3 players

    def hint(self, view: View, rng: random.Random) -> Hint:
        """The card it would play, with its reason."""
        action, reason = self.decide(view, rng)
        return Hint(action, reason)

    def mix_for(self, sit: Situation, planned: Mix | None = None) -> Mix:
        """The chances with which this bot bids each card in ``sit``: thinking now and then, else by feel.

        ``planned`` is ``normal``'s mix for ``sit`` when the caller has it already.
        """
        three = sit.players == 3
        thinking = 1.0 - (self.mistake_rate3 if three else self.mistake_rate2)
        ordered = sorted(sit.mine, key=lambda f: strength_of(f, sit.ace))
        n = len(ordered)
        feel: Mix = {f: 0.0 for f in ordered}
        if n == 1:
            feel[ordered[0]] = 1.0
        elif sit.pot < 0:
            upper = ordered[n // 2:]
            feel.update({f: 1 / len(upper) for f in upper})
        elif not sit.known:
            feel.update({f: 1 / n for f in ordered})
        else:
            centre = sit.quantile * (n - 1)
            sigma = self.noise3 if three else self.noise2

            def below(x: float) -> float:
                return 0.5 * (1 + math.erf((x - centre) / (sigma * math.sqrt(2))))

            for i, f in enumerate(ordered):
                low = 0.0 if i == 0 else below(i - 0.5)
                high = 1.0 if i == n - 1 else below(i + 0.5)
                feel[f] = high - low
        if thinking <= 0:
            return feel
        if planned is None:
            planned = super().mix_for(sit)
        return {f: thinking * planned.get(f, 0.0) + (1 - thinking) * w for f, w in feel.items()}

    def decide(self, view: View, rng: random.Random) -> Choice:
        """The chosen card and why."""
        if len(view.legal) == 1:
            return view.legal[0], msg("the last card")
        three = view.players == 3
        if rng.random() >= (self.mistake_rate3 if three else self.mistake_rate2):
            return super().decide(view, rng)
        sit = situation(view)
        ordered = sorted(sit.mine, key=lambda f: strength_of(f, sit.ace))
        if sit.pot < 0:
            index = rng.randrange(len(ordered) // 2, len(ordered))
            return action_for(view, ordered[index]), msg("a negative prize: keep clear of the lowest card")
        centre = sit.quantile * (len(ordered) - 1) if sit.known else rng.random() * (len(ordered) - 1)
        index = min(len(ordered) - 1, max(0, round(centre + rng.gauss(0, self.noise3 if three else self.noise2))))
        face = ordered[index]
        return action_for(view, face), msg("the {rank} is about what this prize is worth", rank=face_rank(face))


__all__ = ["FACE_OF", "EasyGopsBot", "NormalGopsBot", "Situation", "round_odds", "situation"]


def copy_odds(view: View) -> float:
    """How many times likelier the other seat's bids so far are from ``normal``'s mix than from ``easy``'s.

    For 2 players. Both mixes are worked out for every past round from the public facts of that round (as
    ``read_seats`` does), ``normal``'s as a copy of this seat would have bid then (parting from a copy once
    the odds so far called for it). Against ``easy`` the ratio reaches ``NormalGopsBot.copy_odds`` (100) in
    about one game in 100 at most: a ratio of likelihoods seldom grows that far against the truth.
    """
    from ...core.options import resolve_options
    from .deal import new_gops_deal
    from .faces import PLAY, standard_hands
    from .tables import OPTIONS

    table = view.table
    history = cast(tuple[tuple[tuple[int, ...], tuple[int, ...], object, str], ...], table["history"])
    prize = cast("int | None", table["prize"])
    if view.players != 2 or not history:
        return 1.0
    other = 1 - view.seat
    turned = list(dict.fromkeys([row[0][-1] for row in history] + ([] if prize is None else [prize])))
    rest = [c for c in cast(tuple[int, ...], table["prizes_left"]) if c not in turned]
    options = resolve_options(OPTIONS, view.options)
    state = new_gops_deal(view.players, options, None, standard_hands(view.players), turned + rest)
    normal, easy = NormalGopsBot(), EasyGopsBot()
    log_ratio, needed = 0.0, math.log(normal.copy_odds)
    for row in history:
        sit = situation(state.view(view.seat), other)
        n = len(sit.mine)
        mix = normal.plan(sit, mirrored(sit) and log_ratio >= needed)[1]  # as a copy of this seat bid then
        bid = row[1][other]
        like_normal = (1 - SMOOTH) * mix.get(bid, 0.0) + SMOOTH / n
        like_easy = (1 - SMOOTH) * easy.mix_for(sit, mix).get(bid, 0.0) + SMOOTH / n
        log_ratio += math.log(like_normal / like_easy)
        for seat in range(view.players):
            state.apply(seat, PLAY[row[1][seat]])
    return math.exp(log_ratio)
