"""GOPS's exact endgame (``games/gops/endgame.py``): the matrix games' solutions and the rules it plays by."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsuite.core.registry import get_game
from cardsuite.games.gops.endgame import Endgame, OutOfBudget, Rules2, solve_zero_sum
from cardsuite.games.gops.faces import FACE_LETTERS

GOPS = get_game("gops")
cells = st.one_of(st.integers(-3, 3).map(float), st.floats(-5, 5, allow_nan=False))


def _holds_the_value(matrix: list[list[float]]) -> None:
    """Neither side can do better against the other's strategy than the value."""
    rows, cols = len(matrix), len(matrix[0])
    x, y, value = solve_zero_sum(matrix)
    assert abs(sum(x) - 1) < 1e-9 and abs(sum(y) - 1) < 1e-9 and min(x) >= 0 and min(y) >= 0
    worst_for_row = min(sum(x[i] * matrix[i][j] for i in range(rows)) for j in range(cols))
    best_for_column = max(sum(matrix[i][j] * y[j] for j in range(cols)) for i in range(rows))
    assert worst_for_row >= value - 1e-6 and best_for_column <= value + 1e-6


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_each_side_of_the_solution_holds_the_value(rows: int, cols: int, data: st.DataObject) -> None:
    _holds_the_value([[data.draw(cells) for _ in range(cols)] for _ in range(rows)])


def test_an_entry_that_is_only_rounding_is_never_a_pivot() -> None:
    """Pivoting on an entry of 1e-12 once ended the method with a strategy 1.0 off its value."""
    _holds_the_value([[0.0, 0.0, 0.0, 0.0], [1.0, 0.0, 1.0, 1.0], [1.0, 1.3e-12, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]])
    _holds_the_value([[-2.0, 1e-12], [-3.99, 4.98], [2.0, 0.0], [0.72, -1.0], [2.0, 1e-12], [1.0, 2.0], [-1.89, 2.0]])


def test_matching_pennies_and_a_saddle_point() -> None:
    x, _y, value = solve_zero_sum([[1.0, -1.0], [-1.0, 1.0]])
    assert [round(p, 9) for p in x] == [0.5, 0.5] and abs(value) < 1e-12
    x, _y, value = solve_zero_sum([[3.0, 2.0], [1.0, 0.0]])
    assert x == [1.0, 0.0] and value == 2.0


def play_to(state: object, rounds: int, rng: random.Random) -> None:
    for _ in range(rounds):
        for seat in (0, 1):
            legal = state.legal_actions(seat)  # type: ignore[attr-defined]
            state.apply(seat, legal[rng.randrange(len(legal))])  # type: ignore[attr-defined]


def faces_of(state: object, seat: int) -> tuple[int, ...]:
    return tuple(sorted(FACE_LETTERS.index(str(a.args[0])) + 1 for a in state.legal_actions(seat)))  # type: ignore[attr-defined]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["carry", "discard", "split", "rebid"]), st.booleans(),
       st.sampled_from(["low", "high", "beats_king"]),
       st.integers(0, 2**32))
def test_its_rounds_score_as_the_engine_does(ties: str, negative: bool, ace: str, seed: int) -> None:
    """Two cards left: every pair of bids, then the last forced pair, ends at the engine's point difference."""
    rng = random.Random(seed)
    options = GOPS.resolve_options({"ties": ties, "negative_faces": negative, "ace": ace, "play_out": True}, 2)
    start = GOPS.new_deal(2, options, None, rng=rng)
    play_to(start, 11, rng)
    if start.is_over:
        return
    view = start.view(0)
    table = view.table
    values = dict(table["values"])
    solver = Endgame(Rules2(ties, negative, ace, early_end=False, win=False), ordered=True)
    prize = values[table["prize"]]
    prizes = tuple(values[c] for c in start.setup().stock if c in table["prizes_left"])  # in the order turned
    pot = float(table["pot_value"])
    pot_abs = float(sum(abs(values[c]) for c in table["pot"]))
    points = [float(p) for p in table["points"]]
    mine, theirs = faces_of(start, 0), faces_of(start, 1)
    for a in mine:
        for b in theirs:
            state = start.clone()
            state.apply(0, GOPS.parse_action(f"play {FACE_LETTERS[a - 1]}"))
            state.apply(1, GOPS.parse_action(f"play {FACE_LETTERS[b - 1]}"))
            play_to(state, 1, rng)
            scores = state.scores()
            expected = float(scores[0]) - float(scores[1])
            hand = tuple(f for f in mine if f != a)
            other = tuple(f for f in theirs if f != b)
            got = solver.after(hand, other, a, b, prize, prizes, pot, pot_abs, points[0] - points[1])
            assert abs(got - expected) < 1e-9, (a, b)


def test_blind_bids_are_worth_their_average_over_the_prizes_face_down() -> None:
    """K and 2 against Q and 3 for the ace and the king: seeing each prize, each goes to the right card (+12);
    bidding before it is turned, the king is as likely to take the ace as the king (0)."""
    position = ((2, 13), (3, 12), (1, 13), 0.0, 0.0, 0.0)
    assert Endgame(Rules2(early_end=False, win=False)).value(*position) == 12.0
    assert Endgame(Rules2(early_end=False, win=False, blind=True)).value(*position) == 0.0


def test_the_solve_stops_once_its_clock_passes_the_deadline() -> None:
    """Four cards each take about a thousand positions: the clock is looked at every 256 of them."""
    readings = iter([0.5, 2.0])

    def clock() -> float:
        return next(readings)

    position = ((1, 2, 3, 4), (2, 3, 4, 5), 7, (8, 9, 10), 0.0, 0.0, 0.0)
    rules = Rules2(early_end=False, win=False)
    solver = Endgame(rules, clock=clock)
    solver.deadline = 1.0
    with pytest.raises(OutOfBudget):
        solver.turned(*position)
    assert solver.nodes == 512  # on time at the first look, late at the second
    unhurried = Endgame(rules, clock=lambda: 0.0)
    unhurried.deadline = 1.0
    unhurried.turned(*position)
    assert unhurried.nodes > 512
