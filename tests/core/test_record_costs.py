"""Reading a record costs work in proportion to its length, and a Napoleon match of thrown-in deals ends."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest

from cardsuite.core.record import replay
from cardsuite.core.registry import get_game
from cardsuite.core.values import DealResult, DealsSoFar, DealSummary, MatchProgress
from cardsuite.games.napoleon import Napoleon, deal_limit


def thrown_in(deals: int, games: int = 50) -> dict[str, object]:
    """A Napoleon record of ``deals`` deals in which all five pass."""
    return {
        "format": "cardsuite-record/1", "game": "napoleon", "players": 5, "options": {"games": games},
        "deals": [{"dealer": i % 5, "seed": i, "actions": [f"{(i + k) % 5} pass" for k in range(1, 6)]}
                  for i in range(deals)],
    }


class Endless(Napoleon):
    """Napoleon whose match never ends, keeping every ``MatchProgress`` the record reader hands it."""

    def __init__(self) -> None:
        self.asked: list[MatchProgress] = []

    def match_over(self, progress: MatchProgress) -> bool:
        self.asked.append(progress)
        return False


def test_the_reader_hands_the_end_rule_the_deals_so_far_without_copying_them() -> None:
    game = Endless()
    replay(thrown_in(400), lambda name: game)
    assert [len(p.deals) for p in game.asked] == list(range(1, 401))
    assert [p.played for p in game.asked] == [0] * 400
    assert game.asked[-1].deals[-1].summary.redeal
    assert sum(sys.getsizeof(p.deals) for p in game.asked) < 200 * len(game.asked)


def lines_run(call: Callable[[], object]) -> int:
    """How many lines of Python ``call`` runs (its work, counted rather than timed)."""
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        call()
    finally:
        sys.settrace(None)
    return count


@pytest.mark.parametrize("name", ["nap", "napas", "napoleon", "gops"])
def test_every_end_rule_does_the_same_work_after_ten_deals_as_after_a_thousand(name: str) -> None:
    game = get_game(name)
    players = game.info.default_players
    options = game.resolve_options({}, players)
    thrown = DealResult((0,) * players, DealSummary(redeal=True))

    def asked(deals: int) -> int:
        progress = MatchProgress(players, options, DealsSoFar([thrown] * deals), (0,) * players, 0)
        return lines_run(lambda: game.match_over(progress))

    asked(1)
    assert asked(1000) == asked(10)


def test_napoleon_thrown_in_deals_never_end_a_match_and_a_table_stops_after_twice_its_games_and_a_hundred(
) -> None:
    game = get_game("napoleon")
    options = game.resolve_options({"games": 1000}, 5)
    thrown = DealResult((0,) * 5, DealSummary(redeal=True))

    def over(deals: int) -> bool:
        return game.match_over(MatchProgress(5, options, DealsSoFar([thrown] * deals), (0,) * 5, 0))

    assert not over(2_099) and not over(2_100) and not over(10_000)
    assert game.deal_limit(5, options) == deal_limit(1000) == 2_100 and deal_limit(5) == 110


def test_a_napoleon_record_of_thrown_in_deals_past_the_tables_stop_replays_unfinished() -> None:
    result = replay(thrown_in(103, games=1), get_game)
    assert len(result.deals) == 103 and not result.complete


def test_the_deals_so_far_read_the_growing_list_in_place() -> None:
    results = [DealResult((i,), DealSummary()) for i in range(5)]
    seen = DealsSoFar(results, 3)
    results.append(DealResult((9,), DealSummary()))
    assert len(seen) == 3 and [r.scores for r in seen] == [(0,), (1,), (2,)]
    assert seen[-1].scores == (2,) and [r.scores for r in seen[1:]] == [(1,), (2,)]
    with pytest.raises(IndexError):
        seen[3]
