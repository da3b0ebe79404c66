"""Nap's "how to play" page follows the table's options: the bids allowed, each bid's points as the score
counts them (``nap_points``: Nap 10/5, Wellington 20/10, Blücher 40/20), and what happens when all pass."""

from __future__ import annotations

import pytest

from cardsuite.core.message import Message
from cardsuite.core.registry import get_game
from cardsuite.games.nap.bidding import points
from cardsuite.i18n import use_language
from cardsuite.i18n.render import render

NAP = get_game("nap")


def words(page: str | Message) -> str:
    """A page in English words."""
    use_language("en")
    return render(page) if isinstance(page, Message) else page


def page(**options: object) -> str:
    return words(NAP.how_to_play_for(NAP.resolve_options(options, 4)))


def bid_line(text: str, key: str) -> str:
    """The page's line for the bid typed ``key``."""
    return next(line for line in text.splitlines() if line.startswith(f"- `{key}`"))


def test_nap_points_10_5_give_nap_wellington_and_blucher_their_points() -> None:
    text = page(nap_points="10/5", above_nap="blucher")
    assert bid_line(text, "n").endswith("; 10 points, 5 when it fails"), text
    assert bid_line(text, "w").endswith("; 20 points, 10 when it fails"), text
    assert bid_line(text, "b").endswith("; 40 points, 20 when it fails"), text
    assert bid_line(text, "3").endswith("; 3 points"), text


def test_the_default_table_gives_5_for_nap_either_way_and_no_blucher() -> None:
    text = page()
    assert bid_line(text, "n").endswith("; 5 points") and bid_line(text, "w").endswith("; 10 points"), text
    assert "`b`" not in text and "when it fails" not in text and "`2`" not in text, text
    assert words(NAP.how_to_play()) == text


@pytest.mark.parametrize("options", [
    {}, {"nap_points": "10/5"}, {"above_nap": "blucher", "nap_points": "10/5"}, {"above_nap": "none"},
    {"lowest_bid": 2, "misere": False}, {"all_pass": "dealer_bids"},
])
def test_the_page_lists_the_tables_bids_with_the_points_the_score_counts(options: dict[str, object]) -> None:
    resolved = NAP.resolve_options(options, 4)
    text = page(**options)
    keys = {"2": "2", "3": "3", "misere": "m", "4": "4", "nap": "n", "wellington": "w", "blucher": "b"}
    allowed = ["2"] if resolved["lowest_bid"] == 2 else []
    allowed += ["3", *(["misere"] if resolved["misere"] else []), "4", "nap"]
    allowed += {"none": [], "wellington": ["wellington"], "blucher": ["wellington", "blucher"]}[
        str(resolved["above_nap"])]
    listed = [line.split("`")[1] for line in text.splitlines() if line.startswith("- `")]
    assert listed == [keys[bid] for bid in allowed], text
    for bid in allowed:
        made, failed = points(bid, resolved)
        words = f"{made} points" if made == failed else f"{made} points, {failed} when it fails"
        assert bid_line(text, keys[bid]).endswith(f"; {words}"), text
    dealer_bids = resolved["all_pass"] == "dealer_bids"
    assert ("the dealer may not pass and must bid, from `1`" in text) is dealer_bids, text
    assert ("the deal is thrown in" in text) is not dealer_bids, text
