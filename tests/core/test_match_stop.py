"""A table's stop for a match its rules have not ended (``Game.deal_limit``): not an end, and a resumed match
plays on."""

from __future__ import annotations

import pytest

from cardsuite.core.match import Match, SeatSpec
from cardsuite.core.record import replay
from cardsuite.core.registry import get_game
from cardsuite.storage.saves import rebuild_match

GAME = get_game("napas")


def _pass_round(match: Match) -> None:
    """Everyone passes: the deal is thrown in, nobody scores."""
    while not match.deal_over:
        match.act(min(match.state.to_act), GAME.parse_action("pass"))


def test_a_match_nobody_ends_stops_at_the_deal_limit_without_ending() -> None:
    match = Match(GAME, 4, GAME.resolve_options({}, 4), seed=7, seats=[SeatSpec(f"P{i}") for i in range(4)])
    for number in range(100):
        if number:
            assert not match.stopped
            match.next_deal()
        _pass_round(match)
    assert match.stopped and not match.is_over
    match.next_deal()  # a stop is not an end: the match may be dealt on
    assert not match.stopped
    checked = replay(match.record(), get_game)
    assert len(checked.deals) == 101 and not checked.complete


def test_a_resumed_match_plays_another_limits_worth_of_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(GAME), "deal_limit", lambda self, players, options: 3)
    match = Match(GAME, 4, GAME.resolve_options({}, 4), seed=7, seats=[SeatSpec(f"P{i}") for i in range(4)])
    for number in range(3):
        if number:
            match.next_deal()
        _pass_round(match)
    assert match.stopped
    record = {**match.record(), "save": {"seed": 7}}
    resumed = rebuild_match(record)
    assert not resumed.stopped and len(resumed.results) == 3
    for _number in range(3):
        resumed.next_deal()
        _pass_round(resumed)
    assert resumed.stopped and len(resumed.results) == 6


@pytest.mark.parametrize("name", ["nap", "gops"])
def test_games_whose_matches_always_end_have_no_deal_limit(name: str) -> None:
    game = get_game(name)
    players = game.info.default_players
    assert game.deal_limit(players, game.resolve_options({}, players)) is None
