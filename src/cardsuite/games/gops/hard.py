"""GOPS's ``hard`` CPU player: a mixed strategy from simultaneous-move MCTS with regret matching.

A pure best response is exploitable in a simultaneous game, so this bot plays a *mixed* strategy: it
runs decoupled simultaneous-move Monte Carlo tree search (SM-MCTS) in which every seat at every node
picks its card by regret matching, samples the unseen prize order afresh in each iteration, and finishes
with quick "bid in proportion to the prize" rollouts. It then draws its card from the root's average
strategy, which approaches an equilibrium of the game as the iterations grow. With two players it solves
the last rounds exactly, as many as its budget allows (``endgame.py``: backward induction over the prize
orders, each round's matrix game solved exactly): in a single 2-player game for the win (the points
break ties), over several games summed into one match for points.

On top of that it watches the public history: when an opponent's every bid so far fits a simple fixed
rule (bid the prize's own value, one above it, always the highest card, always the lowest), the search
assumes it will keep to that rule and plays the best response to it; any deviation drops the model.

It reads only the ``View`` (the remaining cards of every seat are public in GOPS), keeps nothing between
calls, draws all randomness from the ``rng`` it is given and keeps to a time budget by the ``clock`` it is
given; with ``iterations`` set it reads no clock and is deterministic for a seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

from ...core.game import Action, Hint, State, View
from ...core.message import Message, RankRef, SeatRef, listed, msg
from .endgame import Endgame, OutOfBudget, Rules2, solve_zero_sum
from .faces import FACE_LETTERS, face_rank
from .reading import MODELS, Reading, fixed_rules, read_seats
from .regret import Node, draw_index, new_node, regret_strategy

DEFAULT_BUDGET_MS = 200.0
def tenths(value: float) -> Fraction:
    """A value to one decimal place, exactly (words show it with the language's decimal separator)."""
    return Fraction(round(value * 10), 10)


READ_NOTE = 0.6  # a reading this sure is named in the hint
READ_PURE = 0.8  # with every other seat read this surely, play the best answer outright
TRIED = 0.25  # answering read seats outright: only cards searched at least this share of the most searched
EXPLORE = 0.12
EXACT_COST_MS = ((4, 20.0), (5, 250.0), (6, 8000.0))
"""About what an exact solve of the last N rounds costs (ms, one core): the most rounds that fit half the
budget are solved exactly (every position with three cards or fewer always is)."""
MS_PER_ITERATION = 200.0 / 1500
"""A fixed ``hard:N`` is given the exact rounds of the time budget N iterations take (about 1500 in 200 ms)."""
NODES_PER_MS = 60
"""With ``hard:N`` the exact solve stops after this many positions per ms of that budget (deterministic)."""
OTHERS_WEIGHT = {2: 1.0, 3: 1.0}
"""How much the others' points count against a seat's own (2 players: zero-sum)."""


@dataclass(frozen=True)
class Rules:
    """The options that change how a round is decided."""

    players: int
    ties: str
    negative: bool
    ace: str
    early_end: bool  # a single 2-player game without play_out stops once its winner is certain
    win: bool = False  # a single 2-player game: the exact endgame plays to win (points break ties)
    blind: bool = False  # ``blind_prize``: the exact endgame bids for each new prize before it is turned


def _strength(faces: Sequence[int], ace: str) -> list[int]:
    if ace == "beats_king" and 13 in faces:
        return [14 if f == 1 else f for f in faces]
    if ace == "high":
        return [14 if f == 1 else f for f in faces]
    return list(faces)


class Sim:
    """A compact GOPS position for search: hands as face lists, prize values, points (floats)."""

    __slots__ = ("hands", "over", "pot", "pot_abs", "prizes", "pts", "rest_abs", "rules")

    def __init__(self, rules: Rules, hands: list[list[int]], prizes: list[int], pts: list[float],
                 pot: float, pot_abs: float, rest_abs: float) -> None:
        self.rules = rules
        self.hands = hands
        self.prizes = prizes  # values, current prize first
        self.pts = pts
        self.pot = pot
        self.pot_abs = pot_abs
        self.rest_abs = rest_abs
        self.over = not prizes or not hands[0]

    def copy(self) -> Sim:
        """An independent copy."""
        return Sim(self.rules, [list(h) for h in self.hands], list(self.prizes), list(self.pts), self.pot,
                   self.pot_abs, self.rest_abs)

    def play(self, faces: Sequence[int]) -> None:
        """Resolve the current prize with each seat's face (removed from its hand)."""
        rules = self.rules
        for seat, face in enumerate(faces):
            self.hands[seat].remove(face)
        prize = self.prizes.pop(0)
        value = self.pot + prize
        self.rest_abs -= abs(prize)
        last = not self.prizes or not self.hands[0]
        bids = _strength(faces, rules.ace)
        winner = -1
        tie = False
        if rules.negative and value == 0:
            pass
        elif rules.players == 2:
            a, b = bids
            if a == b:
                tie = True
            elif value > 0:
                winner = 0 if a > b else 1
            else:
                winner = 0 if a < b else 1
        else:
            a, b, c = bids
            if a == b == c:
                tie = True
            elif a in (b, c) or b == c:
                winner = 2 if a == b else (1 if a == c else 0)
            elif value > 0:
                winner = bids.index(max(bids))
            else:
                winner = bids.index(min(bids))
        if winner >= 0:
            self.pts[winner] += value
            self.pot = self.pot_abs = 0
        elif tie and rules.ties == "carry" and not last:
            self.pot_abs += abs(prize)
            self.pot = value
        elif tie and rules.ties == "rebid" and not last:  # the same prize is bid for again
            self.prizes.insert(0, prize)
            self.rest_abs += abs(prize)
        else:
            if tie and rules.ties == "split":
                for s in range(rules.players):
                    self.pts[s] += value / 2
            self.pot = self.pot_abs = 0
        if last:
            self.over = True
        elif rules.early_end:
            top = sorted(self.pts, reverse=True)
            if rules.ties == "rebid":  # r bid rounds left win at most the r largest prizes
                bound = float(sum(sorted((abs(v) for v in self.prizes), reverse=True)[:len(self.hands[0])]))
            else:
                bound = self.rest_abs + self.pot_abs
            if top[0] - top[1] > bound:
                self.over = True

    def utility(self, seat: int) -> float:
        """What the search maximizes: the seat's points minus ``OTHERS_WEIGHT`` times the others' average."""
        pts = self.pts
        weight = OTHERS_WEIGHT[len(pts)]
        return pts[seat] - weight * (sum(pts) - pts[seat]) / (len(pts) - 1)


Read = tuple[Message, int | None]
"""What the hint says of one read seat, and the card that seat most likely plays (``None``: no one card)."""


def solve_matrix(matrix: list[list[float]]) -> tuple[list[float], float]:
    """The row player's equilibrium strategy and the game's value (zero-sum, row maximizes), exactly."""
    strategy, _column, value = solve_zero_sum(matrix)
    return strategy, value


class HardGopsBot:
    """Mixed-strategy GOPS player: SM-MCTS with regret matching, exact endgames, fixed-rule detection."""

    level = "hard"

    def __init__(self, budget_ms: float = DEFAULT_BUDGET_MS, iterations: int | None = None,
                 max_iterations: int = 20_000, exploit: bool = True, purify: float = 0.1,
                 pure: bool = False, peek: Callable[[], State] | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        if iterations is None and clock is None:
            raise TypeError("a time budget needs a clock: give clock (seconds) or a number of iterations")
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.clock = clock
        """Seconds from some fixed point (``time.perf_counter``), for ``budget_ms``; unread with ``iterations``."""
        self.max_iterations = max_iterations
        self.exploit = exploit
        self.purify = purify
        self.pure = pure
        self.peek = peek
        """The live deal, for the ``peek`` seat of simulations only: the prize order is then known."""

    # -- the Bot protocol ---------------------------------------------------------------------------
    def choose(self, view: View, rng: random.Random) -> Action:
        """A card drawn from the mixed strategy the search found."""
        if len(view.legal) == 1:
            return view.legal[0]
        faces, strategy, _values, _note = self.strategy(view, rng)
        return self._action(view, faces[draw_index(strategy, rng)])

    def hint(self, view: View, rng: random.Random) -> Hint:
        """The most likely card of the mix, why, and each card's estimated value, the mix's cards first (the
        advised one first, then by their share of the mix)."""
        if len(view.legal) == 1:
            return Hint(view.legal[0], msg("the last card"))
        faces, strategy, values, reads = self.strategy(view, rng)
        best = max(range(len(faces)), key=lambda i: strategy[i])
        rules = self._read(view)[0]
        exact = rules.win and rules.players == 2 and not reads and len(faces) <= self._exact_rounds()

        def worth(i: int) -> Fraction:
            return Fraction(round(values[i] * 100), 100) if exact else tenths(values[i])

        order = sorted(range(len(faces)), key=lambda i: (i != best, -strategy[i], -values[i]))
        mix = [i for i in order if strategy[i] >= 0.05]
        choice = face_rank(faces[best])
        reason: Message
        if reads:
            reason = msg("{reads}: {answer}", reads=listed([m for m, _ in reads]),
                         answer=self._answer(faces[best], [f for _, f in reads], faces, rules))
        elif len(mix) > 1:
            shares = listed([msg("the {rank} {share}% ({value:+})", rank=face_rank(faces[i]),
                                 share=round(100 * strategy[i]), value=worth(i)) for i in mix[:4]])
            unit = (msg("its worth on average, where a sure win is +1 and a sure loss -1") if exact
                    else msg("its worth in points against the table on average"))
            reason = msg("a predictable bidder can be read, so mix the bids, the {rank} most often; each card's "
                         "share of the mix and {unit}: {shares}", rank=choice, unit=unit, shares=shares)
        else:
            reason = msg("the {rank} is best whatever the others bid", rank=choice)
        if len(mix) <= 1 or reads:
            if exact:
                reason = msg("{reason} (worth {value:+} on average, where a sure win is +1 and a sure loss -1)",
                             reason=reason, value=worth(best))
            else:
                reason = msg("{reason} (worth {value:+} points against the table on average)", reason=reason,
                             value=worth(best))
        if not reads and any(values[i] > values[best] + 0.05 for i in order):
            reason = msg("{reason}. A card worth more is still no card to bid every time: here it would be read "
                         "and answered; and each worth is an average over the searches that tried the card, few "
                         "for the cards left out of the mix", reason=reason)
        alternatives = tuple((self._action(view, faces[i]), round(values[i], 2)) for i in order)
        return Hint(self._action(view, faces[best]), reason, alternatives)

    # -- search -------------------------------------------------------------------------------------
    def strategy(self, view: View, rng: random.Random) -> tuple[list[int], list[float], list[float], tuple[Read, ...]]:
        """My faces, the probability of each, its estimated value, and what was read of the other seats."""
        clock = self.clock if self.iterations is None else None  # a fixed number of iterations reads no clock
        began = clock() if clock is not None else 0.0
        rules, hands, current, future, pts, pot, pot_abs = self._read(view)
        me = view.seat
        models = fixed_rules(view) if self.exploit else {}
        predicted = read_seats(view, models) if self.exploit else {}
        notes: list[Read] = [(msg(MODELS[i][0], seat=SeatRef(seat)), None) for seat, i in sorted(models.items())]
        for seat, (weight, kind, mix) in sorted(predicted.items()):
            if weight >= READ_NOTE and kind == "random":
                notes.append((msg("{seat} bids at random", seat=SeatRef(seat)), None))
            elif weight >= READ_NOTE:
                likely = max(mix, key=lambda p: p[1])[0]
                notes.append((msg("{seat} bids like the {level} CPU, most likely the {rank}", seat=SeatRef(seat),
                                  level=kind, rank=face_rank(likely)), likely))
        note = tuple(notes)
        order = self._known_order(view) if self.peek is not None else None
        read = any(weight >= READ_NOTE for weight, _k, _m in predicted.values())
        if rules.players == 2 and current is not None and not models and not read:
            solved = self._endgame(rules, hands, me, current, future, order, pts, pot, pot_abs, clock, began)
            if solved is not None:
                return solved
        root = new_node([sorted(h) for h in hands])
        # the budget counts from the call (reading the opponents costs time too), with a margin for the rest
        deadline = began + 0.9 * self.budget_ms / 1000
        limit = self.iterations if self.iterations is not None else self.max_iterations
        self._grow(root, Sim(rules, hands, [] if current is None else [current], pts, pot, pot_abs, 0.0), future,
                   order, rng, models, predicted, limit, clock, deadline)
        total = sum(root.average[me]) or 1.0
        strategy = [x / total for x in root.average[me]]
        strategy = self._purify(strategy)
        if self.pure:
            values0 = [root.value_sum[me][i] / max(1, root.value_count[me][i]) for i in range(len(strategy))]
            top = max(range(len(strategy)), key=lambda i: values0[i])
            strategy = [1.0 if i == top else 0.0 for i in range(len(strategy))]
        values = [root.value_sum[me][i] / root.value_count[me][i] if root.value_count[me][i] else 0.0
                  for i in range(len(root.actions[me]))]
        exploited = set(models) | {seat for seat, (weight, _k, _m) in predicted.items() if weight >= READ_PURE}
        if exploited and exploited == set(range(rules.players)) - {me}:
            counts = root.value_count[me]
            enough = max(counts) * TRIED
            best = max((i for i in range(len(values)) if counts[i] >= enough),
                       key=lambda i: (values[i], -root.actions[me][i]))
            strategy = [1.0 if i == best else 0.0 for i in range(len(values))]
        return root.actions[me], strategy, values, note

    def mixes(self, view: View, rng: random.Random) -> list[tuple[list[int], list[float]]]:
        """Every seat's cards and the mix it bids them in, from one search of the public position (as
        ``strategy`` searches, ``iterations`` times, reading nobody): what each seat could be expected to bid."""
        rules, _mine, current, future, pts, pot, pot_abs = self._read(view)
        hands = [sorted(r) for r in cast(tuple[tuple[int, ...], ...], view.table["remaining"])]
        root = new_node(hands)
        start = Sim(rules, hands, [] if current is None else [current], pts, pot, pot_abs, 0.0)
        self._grow(root, start, future, None, rng, {}, {}, self.iterations or 1, None, 0.0)
        out: list[tuple[list[int], list[float]]] = []
        for seat in range(rules.players):
            total = sum(root.average[seat]) or 1.0
            out.append((root.actions[seat], self._purify([x / total for x in root.average[seat]])))
        return out

    def _grow(self, root: Node, start: Sim, future: list[int], order: list[int] | None, rng: random.Random,
              models: dict[int, int], predicted: dict[int, Reading], limit: int,
              clock: Callable[[], float] | None, deadline: float) -> None:
        """Search from ``start`` (its prize the current one, if turned) ``limit`` times or until ``deadline``
        by ``clock``, the prizes face down (``future``) in a fresh order each time unless ``order`` is known."""
        known = bool(start.prizes)
        done = 0
        while done < limit:
            if clock is not None and done >= 16 and done % 8 == 0 and clock() >= deadline:
                break
            if order is None:
                shuffled = list(future)
                rng.shuffle(shuffled)
            else:
                shuffled = list(order)
            prizes = [start.prizes[0], *shuffled] if known else shuffled
            rest = float(sum(abs(v) for v in prizes))
            sim = Sim(start.rules, [list(h) for h in start.hands], prizes, list(start.pts), start.pot, start.pot_abs,
                      rest)
            self._iterate(root, sim, rng, models, predicted, first=True)
            done += 1

    def _purify(self, strategy: list[float]) -> list[float]:
        """Drop the noise of the search: actions under ``self.purify`` are not played."""
        kept = [p if p >= self.purify else 0.0 for p in strategy]
        total = sum(kept)
        return [p / total for p in kept] if total > 0 else strategy

    def _iterate(self, node: Node, sim: Sim, rng: random.Random, models: dict[int, int],
                 predicted: dict[int, Reading], first: bool) -> list[float]:
        players = sim.rules.players
        prize_face = int(sim.prizes[0])  # models are used only when a prize's value is its face
        chosen: list[int] = []
        probs: list[float] = []
        strategies: list[list[float]] = []
        for seat in range(players):
            actions = node.actions[seat]
            forced = models.get(seat)
            reading = predicted.get(seat) if first else None
            if forced is not None or (reading is not None and rng.random() < reading[0]):
                if forced is not None:
                    face = self._model_face(forced, sim, seat, prize_face)
                else:
                    assert reading is not None
                    mix = reading[2]
                    face = mix[draw_index([p for _f, p in mix], rng)][0]
                index = actions.index(face) if face in actions else 0
                chosen.append(index)
                probs.append(1.0)
                strategies.append([])
                continue
            sigma = regret_strategy(node.regrets[seat])
            n = len(actions)
            mixed = [(1 - EXPLORE) * s + EXPLORE / n for s in sigma]
            index = draw_index(mixed, rng)
            chosen.append(index)
            probs.append(mixed[index])
            strategies.append(sigma)
        faces = [node.actions[s][chosen[s]] for s in range(players)]
        prize = sim.prizes[0]
        sim.play(faces)
        if sim.over:
            payoff = [sim.utility(s) for s in range(players)]
        else:
            key = (tuple(faces), prize)
            child = node.children.get(key)
            if child is None:
                node.children[key] = new_node([sorted(h) for h in sim.hands])
                payoff = self._rollout(sim, rng, models)
            else:
                payoff = self._iterate(child, sim, rng, models, predicted, first=False)
        node.visits += 1
        for seat in range(players):
            if not strategies[seat]:
                continue
            index = chosen[seat]
            u = payoff[seat]
            regrets = node.regrets[seat]
            estimate = u / probs[seat]
            for i in range(len(regrets)):
                regrets[i] += (estimate if i == index else 0.0) - u
            sigma = strategies[seat]
            average = node.average[seat]
            weight = node.visits  # linear averaging: later, better-informed strategies count more
            for i in range(len(average)):
                average[i] += weight * sigma[i]
            node.value_sum[seat][index] += u
            node.value_count[seat][index] += 1
        return payoff

    _read_seats = staticmethod(read_seats)  # how each other seat bids (``reading.read_seats``)

    @staticmethod
    def _model_face(model: int, sim: Sim, seat: int, prize_face: int) -> int:
        return MODELS[model][1](prize_face, sim.hands[seat])

    def _rollout(self, sim: Sim, rng: random.Random, models: dict[int, int]) -> list[float]:
        """Finish the game with a quick, sensible policy for every seat.

        A seat that can surely win a prize in the upper half (its best card beats every other seat's
        best) does so with its cheapest sure card; a prize in the lowest third gets its lowest card;
        otherwise it bids in proportion to the prize's rank among the prizes left, with some noise.
        """
        while not sim.over:
            sim.play(self._rollout_faces(sim, rng, models))
        return [sim.utility(s) for s in range(sim.rules.players)]

    def _rollout_faces(self, sim: Sim, rng: random.Random, models: dict[int, int]) -> list[int]:
        """Every seat's card for the current prize by the rollout policy (``_rollout``)."""
        players = sim.rules.players
        high_ace = sim.rules.ace == "high"
        prizes = sim.prizes
        prize = prizes[0] + sim.pot
        n_prizes = len(prizes)
        below = 0.0
        for v in prizes:
            if v < prize:
                below += 1.0
            elif v == prize:
                below += 0.5
        quantile = (below - 0.5) / (n_prizes - 1) if n_prizes > 1 else 1.0
        hands = sim.hands
        tops = [14 if high_ace and h[0] == 1 else h[-1] for h in hands]
        faces = []
        for seat in range(players):
            forced = models.get(seat)
            held = hands[seat]
            if forced is not None:
                face = self._model_face(forced, sim, seat, int(prizes[0]))
                if face in held:
                    faces.append(face)
                    continue
            ordered = held[1:] + [1] if high_ace and held[0] == 1 else held
            n = len(ordered)
            if prize > 0 and quantile >= 0.5:
                rival = max(tops[:seat] + tops[seat + 1:])
                if tops[seat] > rival:
                    for f in ordered:
                        if (14 if f == 1 and high_ace else f) > rival:
                            faces.append(f)
                            break
                    continue
            if prize <= 0 or quantile < 0.3:
                faces.append(ordered[0] if prize > 0 else ordered[-1])
                continue
            index = int(quantile * (n - 1) + rng.random() * 2.6 - 1.3 + 0.5)
            faces.append(ordered[min(n - 1, max(0, index))])
        return faces

    # -- exact endgame (two players) ----------------------------------------------------------------
    def _exact_rounds(self) -> int:
        """How many final rounds the budget lets this bot solve exactly (``EXACT_COST_MS``)."""
        ms = self.budget_ms if self.iterations is None else self.iterations * MS_PER_ITERATION
        return max([3, *(cards for cards, cost in EXACT_COST_MS if cost <= ms / 2)])

    def _endgame(self, rules: Rules, hands: list[list[int]], me: int, current: int, future: list[int],
                 order: list[int] | None, pts: list[float], pot: float, pot_abs: float,
                 clock: Callable[[], float] | None,
                 began: float) -> tuple[list[int], list[float], list[float], tuple[Read, ...]] | None:
        """The exact mix and each card's value for the rest of the game, or ``None`` when it has more rounds
        left than the budget solves, or the solve runs out of it (then the search plays the round).

        With a ``clock`` (read at ``began``) the solve keeps to half the time budget, else to the positions
        that ``iterations`` buys."""
        mine, theirs = tuple(sorted(hands[me])), tuple(sorted(hands[1 - me]))
        if len(mine) > self._exact_rounds():
            return None
        solver = Endgame(Rules2(rules.ties, rules.negative, rules.ace, rules.early_end, rules.win, rules.blind),
                         ordered=order is not None, clock=clock)
        if self.iterations is not None:
            solver.limit = int(self.iterations * MS_PER_ITERATION * NODES_PER_MS)
        else:
            solver.deadline = began + 0.5 * self.budget_ms / 1000
        prizes = tuple(order) if order is not None else tuple(sorted(future))
        try:
            strategy, values, _value = solver.turned(mine, theirs, current, prizes, pot, pot_abs, pts[me] - pts[1 - me])
        except OutOfBudget:
            return None
        return list(mine), strategy, values, ()

    def _known_order(self, view: View) -> list[int]:
        """The values of the prizes still face down, in the order they will be turned (``peek`` only)."""
        assert self.peek is not None
        values = dict(cast(tuple[tuple[int, int], ...], view.table["values"]))
        left = set(cast(tuple[int, ...], view.table["prizes_left"]))
        return [values[c] for c in self.peek().setup().stock if c in left]

    # -- reading the view ---------------------------------------------------------------------------
    @staticmethod
    def _read(view: View) -> tuple[Rules, list[list[int]], int | None, list[int], list[float], float, float]:
        table = view.table
        options = view.options
        single = view.players == 2 and options.get("games", 1) == 1
        rules = Rules(view.players, str(options.get("ties", "carry")), bool(options.get("negative_faces", False)),
                      str(options.get("ace", "low")), single and not options.get("play_out", False), single,
                      bool(options.get("blind_prize", False)))
        values = dict(cast(tuple[tuple[int, int], ...], table["values"]))
        remaining = cast(tuple[tuple[int, ...], ...], table["remaining"])
        hands = [list(r) for r in remaining]
        hands[view.seat] = sorted(FACE_LETTERS.index(str(a.args[0])) + 1 for a in view.legal)
        prize = cast("int | None", table["prize"])
        future = [values[c] for c in cast(tuple[int, ...], table["prizes_left"])]
        pts = [float(p) for p in cast(tuple[object, ...], table["points"])]  # type: ignore[arg-type]
        pot_cards = cast(tuple[int, ...], table["pot"])
        pot = float(cast(int, table["pot_value"]))
        pot_abs = float(sum(abs(values[c]) for c in pot_cards))
        return rules, hands, None if prize is None else values[prize], future, pts, pot, pot_abs

    @staticmethod
    def _answer(face: int, reads: Sequence[int | None], hand: Sequence[int], rules: Rules) -> Message:
        """Words for bidding ``face`` from ``hand`` against the seats read, each of which most likely bids the
        face in ``reads`` (``None``: a read that names no card): which of those faces it beats, by the ace
        option, and whether a cheaper card would beat them too."""
        name = face_rank(face)
        likely = [f for f in reads if f is not None]
        if not likely:
            return msg("the {rank} is the best answer to that", rank=name)

        def beats(mine: int) -> list[bool]:
            strength = _strength([mine, *likely], rules.ace)
            return [strength[0] > theirs for theirs in strength[1:]]

        def named(faces: Sequence[int]) -> Message | RankRef:
            """One face as a rank (a language may inflect it), several as a list."""
            return face_rank(faces[0]) if len(faces) == 1 else listed([face_rank(f) for f in faces])

        won = beats(face)
        cost = _strength(hand, rules.ace)
        mine = cost[list(hand).index(face)] if face in hand else face
        cheapest = all(won) and not any(c < mine and all(beats(h)) for h, c in zip(hand, cost, strict=True))
        beaten = [f for f, w in zip(likely, won, strict=True) if w]
        others = [f for f, w in zip(likely, won, strict=True) if not w]
        if len(reads) == 1:  # one seat read: "it"
            if rules.players == 2 and face == likely[0]:
                return msg("match it with the {rank}: nobody takes this prize", rank=name)
            if won[0]:
                return (msg("the {rank} beats it as cheaply as possible", rank=name) if cheapest
                        else msg("the {rank} beats it", rank=name))
            if rules.players == 2:
                return msg("give this prize up with the {rank}", rank=name)
            return msg("the {rank} does not beat it", rank=name)
        if all(won) and len(likely) > 1:
            return (msg("the {rank} beats them all as cheaply as possible", rank=name) if cheapest
                    else msg("the {rank} beats them all", rank=name))
        if all(won):
            return (msg("the {rank} beats the {beaten} as cheaply as possible", rank=name, beaten=named(beaten))
                    if cheapest else msg("the {rank} beats the {beaten}", rank=name, beaten=named(beaten)))
        if any(won):
            return msg("the {rank} beats the {beaten} but not the {others}", rank=name, beaten=named(beaten),
                       others=named(others))
        if len(likely) > 1:
            return msg("the {rank} beats none of them", rank=name)
        return msg("the {rank} does not beat the {others}", rank=name, others=named(others))

    @staticmethod
    def _action(view: View, face: int) -> Action:
        letter = FACE_LETTERS[face - 1]
        return next(a for a in view.legal if a.args[0] == letter)


__all__ = ["HardGopsBot", "Node", "Sim", "solve_matrix"]
