"""Numbers that could freeze a CPU or run for ever are refused in one line: simulate's counts and the budget
written into a level (``hard:500ms``, ``hard:64``), wherever a level is read."""

from __future__ import annotations

import pytest

from cardsuite.bots.base import MAX_BUDGET_MS, MAX_ITERATIONS, parse_level
from cardsuite.core.errors import CardsuiteError

from .helpers import cli, refused


@pytest.mark.parametrize("level", [
    "hard:infms", "hard:nanms", "hard:1e3ms", "hard:-5ms", "hard:0", "hard:0ms", "hard:99999999999999999999999ms",
    f"hard:{MAX_ITERATIONS + 1}", f"hard:{int(MAX_BUDGET_MS) + 1}ms", "hard:١٢", "hard:²", "hard:12.5", "hard:",
])
def test_budgets_that_are_not_small_ascii_numbers_are_refused(level: str) -> None:
    if level == "hard:":
        assert parse_level(level) == ("hard", None, None)  # an empty budget is the default one
        return
    with pytest.raises(CardsuiteError, match="bad budget"):
        parse_level(level)


def test_budgets_within_bounds_are_read() -> None:
    assert parse_level("hard:150.5ms") == ("hard", 150.5, None)
    assert parse_level(f"hard:{MAX_ITERATIONS}") == ("hard", None, MAX_ITERATIONS)


@pytest.mark.parametrize("args", [
    ("--games", "99999999999999999999"),
    ("--games", "١٢"),
    ("--games", "0"),
    ("--seed", "-1"),
    ("--players", "99999999999999999999"),
    ("--seats", "hard:infms,normal,normal,normal"),
    ("--seats", "hard:99999999999999999999ms,normal,normal,normal"),
])
def test_simulate_refuses_numbers_out_of_bounds_in_one_line(args: tuple[str, ...]) -> None:
    players = () if args[0] == "--players" else ("--players", "4")
    refused(cli("simulate", "nap", *players, *args))
