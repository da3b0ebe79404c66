"""Terminals: at 80×24 no visible line of any game is cut off in any phase of a deal; in ASCII mode the
screen holds no non-ASCII character at all, on the table and on every page it opens."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from cardsuite.core.match import SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.widgets.actions import ActionBar
from cardsuite.tui.widgets.table import TableView

from .helpers import config, drive, random_legal, screen_text, settle, table_app

GAMES = ["nap", "napas", "napoleon", "gops"]


def _seats(game: str) -> list[SeatSpec]:
    players = get_game(game).info.default_players
    return [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "random") for i in range(1, players)]


def _cut_off(table: TableScreen) -> list[str]:
    """What the screen cuts: an ellipsis anywhere, a prompt not shown whole, lines the centre had to drop."""
    text = screen_text(table.app)
    problems = [line for line in text.splitlines() if "…" in line]
    bar = table.query_one(ActionBar)
    flat = " ".join(text.split())
    for words in (bar.prompt.plain, *(f"{key} {label}" for key, label in bar.labels)):
        if words.strip() and " ".join(words.split()) not in flat:
            problems.append(f"prompt or button cut: {words!r}")
    facts = table.query_one("#facts", Static)
    shown = str(facts.render()).count("\n") + 1 if facts.has_class("-shown") else 0
    if shown > facts.content_region.height and facts.has_class("-shown"):
        problems.append(f"{shown} side lines in {facts.content_region.height} rows")
    model = table.query_one(TableView).model
    if model is not None and any("…" in line.plain for line in model.lines):
        problems.append("a centre line was shortened")
    return problems


@pytest.mark.parametrize("game", GAMES)
async def test_nothing_is_cut_off_at_80x24_in_any_phase(game: str) -> None:
    """One whole deal by keys at 80×24; at every turn nothing on the screen is cut."""
    app = table_app(config(game, _seats(game), seed=4))
    problems: list[str] = []
    phases: set[str] = set()

    def check(table: TableScreen) -> bool:
        phases.add(table.session.view(0).phase)
        problems.extend(_cut_off(table))
        return len(table.session.match.logs) > 1

    async with app.run_test(size=(80, 24)) as pilot:
        run = await drive(pilot, app, random_legal(3), stop=check)
    assert run.moves > 0 and phases
    assert not problems, problems[:5]


@pytest.mark.parametrize("game", GAMES)
async def test_ascii_mode_prints_no_non_ascii_character(game: str) -> None:
    """ASCII mode: the table at each of a person's first turns and every page the table opens are ASCII."""
    cfg = config(game, _seats(game), seed=5)
    cfg.ascii_only = True
    app = table_app(cfg)
    found: list[str] = []

    turns: list[int] = []

    def check(table: TableScreen) -> bool:
        text = screen_text(table.app)
        found.extend(line for line in text.splitlines() if not line.isascii())
        turns.append(1)
        return len(turns) > 6 or len(table.session.match.logs) > 1

    async with app.run_test(size=(80, 24)) as pilot:
        run = await drive(pilot, app, random_legal(6), stop=check)
        for key in ("question_mark", "r", "f", "escape", "t", "escape", "s", "escape", "q"):
            await pilot.press(key)
            await pilot.pause()
            found.extend(line for line in screen_text(app).splitlines() if not line.isascii())
        await pilot.press("escape")
        await settle(pilot, app)
    assert run.moves > 0 and all(page.isascii() for page in run.deal_pages)
    assert not found, found[:5]


def test_ascii_pages_hold_only_ascii() -> None:
    """The deal and match pages in ASCII: half points, accents, names with symbols all become ASCII."""
    from fractions import Fraction

    from cardsuite.tui.render import Display
    from cardsuite.tui.reports import deal_page, match_page

    display = Display(ascii_only=True)
    names = ["Zoë", "Bob ★", "表"]
    page = deal_page(names, "seat 0 made Misère ♠", "seat 1 −3", (Fraction(9, 2), -3, 0), (5, -3, 0), True, display)
    assert page.plain.isascii() and "Misere" in page.plain
    assert match_page(names, [(5, -3, 0)], (5, -3, 0), False, display).plain.isascii()
