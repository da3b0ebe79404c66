"""The ASCII rules page is plain text: no Markdown marks, and each paragraph one line that the page wraps at its
own width (never the source's line breaks wrapped again)."""

from __future__ import annotations

from cardsuite.core.match import SeatSpec
from cardsuite.tui.markdown_text import inline_text, plain_text
from cardsuite.tui.screens.modals import RulesScreen

from .helpers import config, screen_text, settle, table_app

PAGE = """# Napoleon

**Goal.** Napoleon must capture the bid number of honours (the 10, J, Q,
K and A of each suit); type `13s` for 13 spades. When four
have passed, the last bidder is *Napoleon*.

## Play

- **Mighty**: the SA;
- **joker**: may be played at any time;
  led, it names the suit.
1. first

| card | beats |
| --- | :---: |
| **SA** | everything |
"""


def test_markup_goes_and_paragraphs_become_one_line() -> None:
    """Headings are plain lines, emphasis and code marks go, a paragraph and a list item are one line each,
    a table keeps its cells between bars without its row of dashes."""
    assert plain_text(PAGE).split("\n") == [
        "Napoleon",
        "",
        "Goal. Napoleon must capture the bid number of honours (the 10, J, Q, K and A of each suit); type 13s for "
        "13 spades. When four have passed, the last bidder is Napoleon.",
        "",
        "Play",
        "",
        "- Mighty: the SA;",
        "- joker: may be played at any time; led, it names the suit.",
        "1. first",
        "",
        "card | beats",
        "SA | everything",
    ]


def test_japanese_lines_join_without_a_space() -> None:
    """Two source lines of a Japanese paragraph join with nothing between them; an asterisk in a word stays."""
    joined = "役札は20枚です。点になるのは役札だけです。"
    assert plain_text("役札は**20枚**です。\n点になるのは役札だけです。") == joined
    assert inline_text("2*3 and a_b_c") == "2*3 and a_b_c"


async def test_the_ascii_page_shows_no_markdown() -> None:
    """At the table in ASCII mode, ``r`` shows the rules without ** or backticks, and a sentence the source
    breaks after "When four" goes on on the same row."""
    seats = [SeatSpec("You")] + [SeatSpec(f"Cy{i}", "cpu", "random") for i in range(4)]
    table = config("napoleon", seats, seed=1)
    table.ascii_only = True
    app = table_app(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        text = screen_text(app)
    assert "**" not in text and "`" not in text
    rows = [row.strip(" |") for row in text.splitlines()]
    assert not any(row.endswith("When four") for row in rows)
    assert "When four have" in text
    assert any(row.startswith("Goal. Napoleon and the secret adjutant must capture at least the bid") for row in rows)
