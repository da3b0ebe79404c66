"""The flow around the table: take-back of a bid, the first-play "how to play", play again, tied, notes."""

from __future__ import annotations

import pytest

from cardsuite.core.match import SeatSpec
from cardsuite.storage.settings import load_settings
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.hot_seat import HandoffScreen
from cardsuite.tui.screens.modals import MatchOverScreen, RulesScreen
from cardsuite.tui.screens.table import TableScreen

from .helpers import config, drive, random_legal, screen_text, settle, table_app


async def test_a_bid_is_taken_back_before_the_next_seat_acts_without_assisting() -> None:
    """``Backspace`` after a bid (the next CPU still waiting): the bid is gone, the match is not assisted."""
    seats = [SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")]
    cfg = config("nap", seats, seed=3)
    app = table_app(cfg)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None and table.awaiting == 0
        cfg.cpu_delay = 30.0  # the next CPU waits: the take-back window stays open
        before = list(table.session.match.logs[-1].actions)
        await pilot.press("p")
        await pilot.pause()
        assert table.session.match.logs[-1].actions == [*before, "0 pass"]
        assert "Take back" in screen_text(app).splitlines()[-1]
        await pilot.press("backspace")
        cfg.cpu_delay = 0.0
        await settle(pilot, app)
        assert table.session.match.logs[-1].actions[: len(before)] == before
        assert "0 pass" not in table.session.match.logs[-1].actions
        assert table.awaiting == 0 and not table.session.assisted


async def test_a_card_play_cannot_be_taken_back() -> None:
    """Only what the game calls retractable (bids, trumps) may be taken back; a played card may not."""
    seats = [SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")]
    app = table_app(config("nap", seats, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None
        while table.session.view(0).phase == "bidding":
            await pilot.press(table.items[0].key)
            await settle(pilot, app)
        assert isinstance(app.screen, TableScreen) and table.awaiting == 0, "this seed's deal ended before a card"
        await pilot.press("enter")
        assert not table.session.can_take_back(0)


async def test_hot_seat_cover_offers_the_take_back() -> None:
    """Two people: after Ann's bid the cover for Bob says Ann may take it back, and Backspace does."""
    seats = [SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("Cy", "cpu", "random")]
    app = table_app(config("nap", seats, seed=5))  # seat 2 deals: Ann speaks first, then Bob
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await settle(pilot, app)
        table = app.table
        assert table is not None and table.awaiting is not None
        first = table.awaiting
        await pilot.press("p")
        await settle(pilot, app)
        assert isinstance(app.screen, HandoffScreen) and table.session.match.logs[-1].actions[-1] == f"{first} pass", \
            "with this seed the next seat after the first person is the other person"
        assert "takes back" in screen_text(app)
        await pilot.press("backspace")
        await settle(pilot, app)
        assert table.awaiting == first and table.viewer == first
        assert f"{first} pass" not in table.session.match.logs[-1].actions


async def test_first_play_opens_how_to_play_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first table of a game opens its "how to play" page; the settings remember it; ``r`` reopens it."""
    monkeypatch.setattr(CardsuiteApp, "no_intro", False)
    seats = [SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random"),
             SeatSpec("Ed", "cpu", "random")]
    app = CardsuiteApp(config("napoleon", [*seats, SeatSpec("Fy", "cpu", "random")], seed=1))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, RulesScreen)
        text = screen_text(app)
        assert "How to play Napoleon" in text and "表J" in text and "Mighty" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    assert "napoleon" in load_settings().introduced
    again = CardsuiteApp(config("napoleon", [*seats, SeatSpec("Fy", "cpu", "random")], seed=1))
    async with again.run_test(size=(100, 40)) as pilot:
        await settle(pilot, again)
        assert isinstance(again.screen, TableScreen)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(again.screen, RulesScreen)


async def test_play_again_keeps_seats_and_options_with_a_new_seed() -> None:
    """After the match, ``a`` opens the same table (seats, options) with another seed."""
    seats = [SeatSpec("You"), SeatSpec("Cy", "cpu", "random")]
    app = table_app(config("gops", seats, seed=9, games=1))
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None
        table.session.set_control(0, "random")
        table.generation += 1
        table.advance()
        for _ in range(400):
            await settle(pilot, app)
            if isinstance(app.screen, MatchOverScreen):
                break
            await pilot.press("enter")
        assert isinstance(app.screen, MatchOverScreen)
        assert "winner" in screen_text(app) or "tied" in screen_text(app)
        await pilot.press("a")
        await settle(pilot, app)
        again = app.table
        assert again is not None and again is not table
        assert again.session.names == ("You", "Cy") and again.session.options["games"] == 1
        assert again.session.config.seed != 9


def test_match_page_says_tied_when_the_top_is_shared() -> None:
    """Equal top totals: "tied", and nobody is called the winner."""
    from cardsuite.tui.render import Display
    from cardsuite.tui.reports import match_page

    page = match_page(["Ann", "Bob", "Cy"], [(5, 5, -10)], (5, 5, -10), False, Display()).plain
    assert "tied" in page and "winner" not in page
    page = match_page(["Ann", "Bob"], [(6, 1)], (6, 1), False, Display()).plain
    assert "winner" in page and "tied" not in page


def test_match_page_gives_equal_totals_the_same_place() -> None:
    """Two seats tied on top are both 1st, and the next is 3rd (not 1st, 2nd and 3rd)."""
    from cardsuite.tui.render import Display
    from cardsuite.tui.reports import match_page

    rows = match_page(["Ann", "Bob", "Cy"], [(3, -6, 3)], (3, -6, 3), False, Display()).plain.splitlines()
    assert [row.split()[:2] for row in rows[1:4]] == [["1.", "Ann"], ["1.", "Cy"], ["3.", "Bob"]]


async def test_notes_land_where_they_happened_in_gops() -> None:
    """A note made after some hidden choices shows after those events, not drifted by them."""
    seats = [SeatSpec("Ann"), SeatSpec("Cy", "cpu", "random")]
    app = table_app(config("gops", seats, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        run = await drive(pilot, app, random_legal(1), stop=lambda t: len(t.session.view(0).history) > 12)
        table = app.table
        assert table is not None and run.moves
        table.note("marker note")
        lines = table.session.log_lines(0)
        assert lines[-1] == "marker note"
        await pilot.press("h")
        await settle(pilot, app)


async def test_the_turn_timer_starts_when_the_page_opened_by_itself_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first play's "how to play" page covers the table: the turn's timer waits for it to be closed, then
    runs whole; the CPU does not play the turn meanwhile."""
    monkeypatch.setattr(CardsuiteApp, "no_intro", False)
    seats = [SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")]
    cfg = config("nap", seats, seed=6)
    cfg.timer_seconds = 1.0
    app = CardsuiteApp(cfg)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, RulesScreen)
        table = app.table
        assert table is not None and table.awaiting == 0
        await pilot.pause(1.6)  # longer than the whole turn: reading the page takes no time from it
        assert table.flow.deadline is None
        now = table.flow.clock()
        table.flow.clock = lambda: now  # the turn's clock stands still from here: slow keys on a busy machine take
        # nothing from the turn, so the whole second is still left after them
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and table.awaiting == 0
        assert table.flow.seconds_left() == 1
        assert not any("time is up" in note.text for note in table.session.notes)
