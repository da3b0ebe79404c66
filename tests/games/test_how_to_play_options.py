"""The in-game "how to play" pages of Napoleon and GOPS say what the table's options make of the game."""

from __future__ import annotations

import pytest

from cardsuite.core.message import Message
from cardsuite.core.registry import get_game
from cardsuite.i18n import use_language
from cardsuite.i18n.render import render

NAPOLEON = get_game("napoleon")
GOPS = get_game("gops")


def napoleon_page(**options: object) -> str:
    page = NAPOLEON.how_to_play_for(NAPOLEON.resolve_options(options, 5))
    return render(page) if isinstance(page, Message) else page


def gops_page(players: int = 2, **options: object) -> str:
    page = GOPS.how_to_play_for(GOPS.resolve_options(options, players))
    return render(page) if isinstance(page, Message) else page


def test_the_default_napoleon_page() -> None:
    page = napoleon_page()
    assert page == render(NAPOLEON.how_to_play())  # type: ignore[arg-type]
    for words in ("A match is 5 games.", "11 is the lowest", "Then Napoleon takes the 3-card widow and discards 3.",
                  "**yoromeki**", "A led ♣3 requests it", "**same-2**"):
        assert words in page


def test_without_the_joker_the_widow_and_the_discard_are_two_and_no_joker_is_named() -> None:
    page = napoleon_page(jokers=0)
    assert "Then Napoleon takes the 2-card widow and discards 2." in page
    assert "3-card" not in page and "joker" not in page and "♣3" not in page


def test_each_special_card_whose_option_is_off_is_left_out() -> None:
    no_request = napoleon_page(joker_request=False)
    assert "**joker**: may be played at any time" in no_request and "♣3" not in no_request
    assert "yoromeki" not in napoleon_page(yoromeki=False) and "**Mighty**" in napoleon_page(yoromeki=False)
    assert "same-2" not in napoleon_page(same_two=False) and "**裏J**" in napoleon_page(same_two=False)


def test_the_match_length_and_the_lowest_bid_follow_the_options() -> None:
    assert "A match is 3 games." in napoleon_page(games=3)
    assert "A match is 1 game." in napoleon_page(games=1)
    assert "13 is the lowest" in napoleon_page(min_bid=13)


def test_the_beginner_page_follows_the_options_too() -> None:
    page = napoleon_page(beginner=True, games=2, jokers=0, same_two=False)
    assert "beginner game" in page and "A match is 2 games." in page
    assert "joker**" not in page and "same-2" not in page and "**Bidding.**" not in page


def test_a_single_two_player_game_ends_at_46_of_91_by_default() -> None:
    page = gops_page()
    assert page == render(GOPS.how_to_play())  # type: ignore[arg-type]
    assert "no prize left can change who wins: 46 of the 91 points always settle it." in page


def test_the_gops_end_follows_the_options() -> None:
    assert "53 of the 104 points" in gops_page(ace="high")
    assert "46 of the 91 points" in gops_page(ties="rebid")  # still enough, and the game may end before
    negative = gops_page(negative_faces=True)
    assert "no prize left can change who wins." in negative and "91" not in negative
    played_out = gops_page(play_out=True)
    assert "After 13 rounds the highest total wins." in played_out and "46" not in played_out
    match = gops_page(games=3)
    assert "A match is 3 games, each played to its 13th round" in match and "46" not in match


@pytest.mark.parametrize("language", ["ja", "lt"])
def test_the_napoleon_pages_are_translated_whatever_the_options(language: str) -> None:
    use_language(language)
    for options in ({}, {"jokers": 0, "joker_request": False, "yoromeki": False, "same_two": False, "games": 1},
                    {"beginner": True, "games": 3}):
        page = napoleon_page(**options)
        assert "**Goal.**" not in page and "**Play.**" not in page and "A match is" not in page, page
        assert "{" not in page



@pytest.mark.parametrize("language", ["ja", "lt"])
def test_the_gops_ends_are_translated(language: str) -> None:
    use_language(language)
    for options in ({}, {"ace": "high"}, {"negative_faces": True}, {"play_out": True}, {"games": 3}):
        page = gops_page(**options)
        assert "**End.**" not in page and "**Goal.**" not in page and "{" not in page, page


def test_the_lithuanian_back_jack_is_the_other_jack_of_the_trumps_colour_not_of_their_suit() -> None:
    """In the Lithuanian words a suit is a *spalva*: the 裏J is named by red and black instead."""
    use_language("lt")
    page = napoleon_page()
    (line,) = [row for row in page.splitlines() if "**裏J**" in row]
    assert "tos pačios spalvos" not in line and "raudon" in line and "juod" in line
    for key in ("same-colour jack", "裏J, the same-colour jack"):
        words = render(Message(key))
        assert "tos pačios spalvos" not in words and "raudonas ar juodas" in words
