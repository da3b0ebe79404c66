"""GOPS's last rounds solved exactly, two players: a small zero-sum matrix game per position, solved backwards.

Every card in GOPS is public but the bid being made, so from any position both hands and the prizes left
are known, and the rest of the game is a finite game with chance (the order of the prizes still face
down) and simultaneous moves. Its value is found by backward induction: at each position the prize is
turned (each remaining prize as likely), both players bid, and the value of every pair of bids is the
value of the position it leads to; each such matrix game is solved exactly by the simplex method
(``solve_zero_sum``); with ``blind_prize`` both bid before the prize is turned, so each pair of bids is worth
its average over the prizes face down (a prize bid for again after a tie is face up). Values are memoized in
a bounded table of positions (a pure function of the position), so the rounds after a solved one cost
nothing.

The objective is the match's: in a single game (``games`` = 1) winning, with the points as a tie-break a
hundred times smaller; over several games summed into one match, the points.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

WIN_POINT = 0.001
"""With the winning objective, what one prize point is worth beside a win (1) or a loss (-1)."""
MEMO_LIMIT = 400_000
"""Positions kept in the table before it is emptied."""
EPSILON = 1e-9
"""What the simplex method counts as zero: a smaller pivot or reduced cost is rounding, not a step."""


def solve_zero_sum(matrix: Sequence[Sequence[float]]) -> tuple[list[float], list[float], float]:
    """The row player's and the column player's equilibrium strategies and the value (the row maximizes).

    Exact up to rounding: a saddle point is found directly, any other game by the simplex method on the
    column player's program (max the sum of w subject to A w <= 1, w >= 0, after shifting A to be
    positive), whose dual prices are the row player's strategy.
    """
    rows, cols = len(matrix), len(matrix[0])
    row_min = [min(r) for r in matrix]
    col_max = [max(matrix[r][c] for r in range(rows)) for c in range(cols)]
    lower, upper = max(row_min), min(col_max)
    if lower >= upper - 1e-12:
        r = row_min.index(lower)
        c = col_max.index(upper)
        return ([1.0 if i == r else 0.0 for i in range(rows)], [1.0 if j == c else 0.0 for j in range(cols)],
                lower)
    shift = 1.0 - min(min(r) for r in matrix)
    # tableau: rows of [A + shift | I | 1], objective row last (reduced costs of max 1.w)
    width = cols + rows + 1
    tab = [[matrix[i][j] + shift for j in range(cols)] + [1.0 if k == i else 0.0 for k in range(rows)] + [1.0]
           for i in range(rows)]
    objective = [-1.0] * cols + [0.0] * rows + [0.0]
    basis = [cols + i for i in range(rows)]
    for _ in range(50 * (rows + cols)):
        enter = -1
        best = -1e-12
        for j in range(width - 1):
            if objective[j] < best:
                best, enter = objective[j], j
        if enter < 0:
            break
        leave = -1
        ratio = 0.0
        for i in range(rows):
            a = tab[i][enter]
            if a > EPSILON:
                q = tab[i][-1] / a
                if leave < 0 or q < ratio - 1e-12:
                    leave, ratio = i, q
        if leave < 0:  # unbounded cannot happen for a positive matrix
            break
        pivot_row = tab[leave]
        p = pivot_row[enter]
        for j in range(width):
            pivot_row[j] /= p
        for i in range(rows):
            if i != leave:
                row = tab[i]
                f = row[enter]
                if f:
                    for j in range(width):
                        row[j] -= f * pivot_row[j]
        f = objective[enter]
        for j in range(width):
            objective[j] -= f * pivot_row[j]
        basis[leave] = enter
    total = objective[-1]
    w = [0.0] * cols
    for i, var in enumerate(basis):
        if var < cols:
            w[var] = max(0.0, tab[i][-1])
    u = [max(0.0, objective[cols + i]) for i in range(rows)]
    su = sum(u) or 1.0
    sw = sum(w) or 1.0
    return [x / su for x in u], [x / sw for x in w], 1.0 / total - shift


@dataclass(frozen=True)
class Rules2:
    """What decides a 2-player round: the tie rule, negative faces, the ace, the early end, the objective, and
    whether the bids are made before the prize is turned."""

    ties: str = "carry"
    negative: bool = False
    ace: str = "low"
    early_end: bool = True
    win: bool = True  # the objective: winning (a single game), else points
    blind: bool = False  # ``blind_prize``: a new prize is turned after the bids (a prize bid for again is face up)


class OutOfBudget(Exception):
    """The solve needed more positions than it was given."""


def _strength(a: int, b: int, ace: str) -> tuple[int, int]:
    if ace == "high" or (ace == "beats_king" and 13 in (a, b)):
        return (14 if a == 1 else a), (14 if b == 1 else b)
    return a, b


class Endgame:
    """Values of 2-player GOPS positions under exact play, for one set of rules (a memo per instance)."""

    def __init__(self, rules: Rules2, ordered: bool = False, clock: Callable[[], float] | None = None) -> None:
        self.rules = rules
        self.ordered = ordered
        """Whether the prizes face down come in a known order (the ``peek`` seat's), else each is as likely."""
        self.memo: dict[tuple[object, ...], float] = {}
        self.nodes = 0
        self.limit = 1 << 60
        """The most matrix games one solve may set up (``OutOfBudget`` past it)."""
        self.clock = clock
        """Seconds from some fixed point (the caller's clock), read only to keep to ``deadline``."""
        self.deadline: float | None = None
        """A reading of ``clock`` the solve must not pass (``OutOfBudget``)."""

    def terminal(self, diff: float) -> float:
        """The value of a finished game with ``diff`` = my points minus the other's."""
        if not self.rules.win:
            return diff
        return (1.0 if diff > 0 else -1.0 if diff < 0 else 0.0) + WIN_POINT * diff

    def _decided(self, prizes: Sequence[int], current: int | None, pot_abs: float, diff: float,
                 cards: int) -> bool:
        """Whether no remaining play can change who wins (the early end of a single 2-player game)."""
        if not self.rules.early_end:
            return False
        values = [abs(v) for v in prizes] + ([abs(current)] if current is not None else [])
        rebid = self.rules.ties == "rebid"  # r rounds left win at most the r largest prizes
        bound = float(sum(sorted(values, reverse=True)[:cards])) if rebid else sum(values) + pot_abs
        return abs(diff) > bound

    def value(self, mine: tuple[int, ...], theirs: tuple[int, ...], prizes: tuple[int, ...], pot: float,
              pot_abs: float, diff: float) -> float:
        """My value before the next prize is turned (``prizes``: the values still face down, sorted, or in
        their order when it is known)."""
        if not mine or not prizes:
            return self.terminal(diff)
        key = (mine, theirs, prizes, pot, pot_abs, diff)
        found = self.memo.get(key)
        if found is not None:
            return found
        if self.ordered:
            total = self.turned(mine, theirs, prizes[0], prizes[1:], pot, pot_abs, diff)[2]
            self._keep(key, total)
            return total
        if self.rules.blind:
            total = self.unturned(mine, theirs, prizes, pot, pot_abs, diff)[2]
            self._keep(key, total)
            return total
        total = 0.0
        n = len(prizes)
        seen = None
        for i, prize in enumerate(prizes):
            if prize == seen:
                continue
            seen = prize
            count = prizes.count(prize)
            total += count / n * self.turned(mine, theirs, prize, prizes[:i] + prizes[i + 1:], pot, pot_abs, diff)[2]
        self._keep(key, total)
        return total

    def _keep(self, key: tuple[object, ...], value: float) -> None:
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = value

    def turned(self, mine: tuple[int, ...], theirs: tuple[int, ...], prize: int, prizes: tuple[int, ...],
               pot: float, pot_abs: float, diff: float) -> tuple[list[float], list[float], float]:
        """With ``prize`` face up: my equilibrium mix over ``mine``, each card's value against the other's
        mix, and the position's value."""
        self._count()
        after = self.after
        if len(mine) == 1:
            v = after((), (), mine[0], theirs[0], prize, prizes, pot, pot_abs, diff)
            return [1.0], [v], v
        kept_mine = [mine[:i] + mine[i + 1:] for i in range(len(mine))]
        kept_theirs = [theirs[:j] + theirs[j + 1:] for j in range(len(theirs))]
        matrix = [[after(kept_mine[i], kept_theirs[j], a, b, prize, prizes, pot, pot_abs, diff)
                   for j, b in enumerate(theirs)] for i, a in enumerate(mine)]
        x, y, v = solve_zero_sum(matrix)
        values = [sum(row[j] * y[j] for j in range(len(y))) for row in matrix]
        return x, values, v

    def unturned(self, mine: tuple[int, ...], theirs: tuple[int, ...], prizes: tuple[int, ...], pot: float,
                 pot_abs: float, diff: float) -> tuple[list[float], list[float], float]:
        """``turned`` for bids made before the prize is turned (``blind``): each pair of bids is worth its
        average over the prizes face down (each as likely)."""
        self._count()
        n = len(prizes)
        draws = [(prizes.count(prize) / n, prize, prizes[:i] + prizes[i + 1:])
                 for i, prize in enumerate(prizes) if prize not in prizes[:i]]
        after = self.after
        matrix = [[sum(share * after(mine[:i] + mine[i + 1:], theirs[:j] + theirs[j + 1:], a, b, prize, rest, pot,
                                     pot_abs, diff) for share, prize, rest in draws)
                   for j, b in enumerate(theirs)] for i, a in enumerate(mine)]
        x, y, v = solve_zero_sum(matrix)
        values = [sum(row[j] * y[j] for j in range(len(y))) for row in matrix]
        return x, values, v

    def _count(self) -> None:
        """One more matrix game set up: ``OutOfBudget`` past the limit or the deadline."""
        self.nodes += 1
        if self.nodes > self.limit or (not self.nodes & 255 and self._late()):
            raise OutOfBudget

    def _late(self) -> bool:
        """Whether the clock has passed the deadline (never without both)."""
        return self.deadline is not None and self.clock is not None and self.clock() > self.deadline

    def after(self, hand: tuple[int, ...], other: tuple[int, ...], a: int, b: int, prize: int,
              prizes: tuple[int, ...], pot: float, pot_abs: float, diff: float) -> float:
        """My value once I bid ``a`` and the other ``b`` for ``prize`` (plus the pot); ``hand`` and ``other``
        are the cards left after those bids."""
        rules = self.rules
        stake = pot + prize
        sa, sb = _strength(a, b, rules.ace) if rules.ace != "low" else (a, b)
        if rules.negative and stake == 0:
            return self._next(hand, other, prizes, 0.0, 0.0, diff)
        if sa != sb:
            won = (sa > sb) == (stake > 0)
            return self._next(hand, other, prizes, 0.0, 0.0, diff + stake if won else diff - stake)
        if not hand:
            return self.terminal(diff)
        if rules.ties == "rebid":
            if self._decided(prizes, prize, 0.0, diff, len(hand)):
                return self.terminal(diff)
            return self.turned(hand, other, prize, prizes, 0.0, 0.0, diff)[2]
        if rules.ties == "carry" and prizes:
            return self._next(hand, other, prizes, stake, pot_abs + abs(prize), diff)
        return self._next(hand, other, prizes, 0.0, 0.0, diff)  # discarded, split (no change), or lost

    def _next(self, mine: tuple[int, ...], theirs: tuple[int, ...], prizes: tuple[int, ...], pot: float,
              pot_abs: float, diff: float) -> float:
        if not mine or not prizes or self._decided(prizes, None, pot_abs, diff, len(mine)):
            return self.terminal(diff)
        return self.value(mine, theirs, prizes, pot, pot_abs, diff)
