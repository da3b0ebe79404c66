"""Hot-seat covers over whole matches of every game, with finished tricks on show: one cover at a time, and
a cover opens onto the hand of the person it names and nobody else's."""

from __future__ import annotations

import asyncio

import pytest
from textual.pilot import Pilot

from cardsuite.core.match import SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.tui import flow
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.flow import Step
from cardsuite.tui.screens.hot_seat import HandoffScreen
from cardsuite.tui.screens.modals import MatchOverScreen, MenuScreen, RulesScreen, TextScreen
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.widgets.hand import HandView

from .helpers import config, press_action, random_legal, screen_text, settle, table_app

PLAYERS = {"nap": 4, "napas": 3, "napoleon": 5, "gops": 3}
TEST_GAMES = ("gops", "napoleon")
"""The games `make test` plays whole behind covers (a simultaneous one and a trick game of five)."""


async def _trick_gathered(app: CardsuiteApp) -> None:
    """Wait, like a person in no hurry, until the finished trick on show has been gathered."""
    table = app.table
    for _ in range(5000):
        if table is None or table.flow.flash is None:
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the finished trick stayed on show")


def _covers(app: CardsuiteApp) -> int:
    return sum(isinstance(screen, HandoffScreen) for screen in app.screen_stack)


async def _play(pilot: Pilot[None], app: CardsuiteApp, seed: int, covers: int = 30) -> int:
    """Play through ``covers`` covers (or to the match's end); return how many were dismissed."""
    choose = random_legal(seed)
    dismissed = 0
    for _ in range(3000):
        await settle(pilot, app)
        await _trick_gathered(app)
        await settle(pilot, app)
        if not app.is_running or app.return_code is not None:
            return dismissed
        assert _covers(app) <= 1, "two covers stacked"
        screen = app.screen
        table = app.table
        assert table is not None
        if isinstance(screen, HandoffScreen):
            named = table.session.names.index(screen.person)
            await pilot.press("enter")
            await settle(pilot, app)
            dismissed += 1
            if dismissed >= covers:
                return dismissed
            if app.screen is table and table.viewer is not None:
                assert table.viewer == named, "a cover opened onto another person's hand"
                hand = table.query_one(HandView)
                assert sorted(hand.cards) == sorted(table.session.view(named).hand)
        elif isinstance(screen, MatchOverScreen):
            return dismissed
        elif isinstance(screen, RulesScreen):
            await pilot.press("escape")
        elif isinstance(screen, TextScreen):
            await pilot.press("enter")
        elif isinstance(screen, TableScreen):
            seat = table.awaiting
            if seat is None:
                continue
            assert table.viewer == seat
            await press_action(pilot, table, choose(table.session.view(seat)))
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("game", "seed"), [
    pytest.param(game, seed, marks=[pytest.mark.soak] if seed == 11 or game not in TEST_GAMES else [])
    for seed in (5, 11) for game in sorted(PLAYERS)])
async def test_one_cover_at_a_time_and_it_opens_onto_its_person(game: str, seed: int, monkeypatch: pytest.MonkeyPatch,
                                                                  quick_idle: None) -> None:
    """Two people and CPUs, tricks shown for a moment: never two covers, and a dismissed cover for X shows
    X's hand only. ``make test`` plays GOPS and Napoleon; the other games, and a second seed of every game, run in
    ``make soak`` (these whole matches are the slowest tests of ``make test``)."""
    monkeypatch.setattr(flow, "pause_seconds", lambda delay: 0.01)
    players = PLAYERS[game]
    assert players in get_game(game).info.players
    seats = [SeatSpec("Ann"), SeatSpec("Bob")] + [SeatSpec(f"Cy{i}", "cpu", "random") for i in range(players - 2)]
    cfg = config(game, seats, seed=seed)
    cfg.cpu_delay = 0.001
    app = table_app(cfg)
    async with app.run_test(size=(100, 32)) as pilot:
        assert await _play(pilot, app, seed) > 2


async def test_a_cover_for_someone_not_to_act_opens_onto_no_hand() -> None:
    """A cover naming a person whose turn it is not, over the hand of the person to act, shows nobody's hand
    when dismissed: the cover for the person to act comes instead."""
    seats = [SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")]
    app = table_app(config("nap", seats, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None and isinstance(app.screen, HandoffScreen)
        due = table.session.names.index(app.screen.person)
        other = 1 - due
        await pilot.press("enter")
        await settle(pilot, app)
        assert table.viewer == due and table.awaiting == due
        table.cover_table(Step("handoff", other))
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.person == table.session.names[other]
        await pilot.press("enter")
        await settle(pilot, app)
        assert table.viewer is None, "a cover for one person opened onto another's hand"
        assert isinstance(app.screen, HandoffScreen) and app.screen.person == table.session.names[due]
        assert _covers(app) == 1


async def test_a_forced_card_is_told_to_its_person_only() -> None:
    """A card played because it was the only one allowed tells of a void: only that person's log says so,
    and the verb is not doubled."""
    seats = [SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")]
    app = table_app(config("nap", seats, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await settle(pilot, app)
            notes = [n for n in app.table.session.notes if "played automatically" in n.text] if app.table else []
            if notes or app.return_code is not None:
                break
            table = app.table
            assert table is not None
            if isinstance(app.screen, (HandoffScreen, TextScreen)):
                await pilot.press("enter")
            elif isinstance(app.screen, TableScreen) and table.awaiting is not None:
                await press_action(pilot, table, table.session.view(table.awaiting).legal[0])
        assert notes, "this seed gives a person a forced card"
        note = notes[0]
        assert note.seat is not None and note.seat in (0, 1)
        assert "play play" not in note.text
        assert not any("played automatically" in line for line in app.table.session.log_lines(1 - note.seat))


NAP_TWO = [SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")]


async def _to_cover_for(pilot: Pilot[None], app: CardsuiteApp, name: str) -> HandoffScreen:
    """Play on (first legal actions) until a cover names ``name``."""
    for _ in range(400):
        await settle(pilot, app)
        screen = app.screen
        table = app.table
        assert table is not None
        if isinstance(screen, HandoffScreen):
            if screen.person == name:
                return screen
            await pilot.press("enter")
        elif isinstance(screen, TextScreen):
            await pilot.press("enter")
        elif isinstance(screen, TableScreen) and table.awaiting is not None:
            await press_action(pilot, table, table.session.view(table.awaiting).legal[0])
    raise AssertionError(f"no cover for {name}")


async def test_a_seat_handed_to_the_cpu_comes_back_from_the_cover() -> None:
    """Hot-seat: Ann hands her seat over; her hand leaves the screen, the CPU's bid for her is not hers to
    take back, ``c`` on Bob's cover gives her the seat back, and her turn comes behind her own cover."""
    app = table_app(config("nap", NAP_TWO, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_cover_for(pilot, app, "Ann")
        await pilot.press("enter")
        await settle(pilot, app)
        table = app.table
        assert table is not None and table.awaiting == 0
        await pilot.press("c")
        cover = await _to_cover_for(pilot, app, "Bob")
        assert table.session.is_cpu(0)
        assert any(action.startswith("0 ") for action in table.session.match.logs[-1].actions)
        text = screen_text(app)
        assert "takes back" not in text and "Seat back" in text
        await pilot.press("c")
        await settle(pilot, app)
        assert not table.session.is_cpu(0)
        assert app.screen is not cover and isinstance(app.screen, HandoffScreen) and app.screen.person == "Bob"
        await pilot.press("enter")
        await _to_cover_for(pilot, app, "Ann")


async def test_c_on_the_cover_says_there_whose_seat_came_back_and_shows_no_hand() -> None:
    """``c`` on Bob's cover gives Ann her seat back: the cover that comes next says so in a line (the log is
    under it), with no card of anyone's on the screen; the cover after that says it no more."""
    app = table_app(config("nap", NAP_TWO, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_cover_for(pilot, app, "Ann")
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("c")
        await _to_cover_for(pilot, app, "Bob")
        await pilot.press("c")
        await settle(pilot, app)
        cover = app.screen
        assert isinstance(cover, HandoffScreen)
        text = screen_text(app)
        assert "Ann takes the seat back." in text
        assert not any(suit in text for suit in "♠♥♦♣")  # nothing of any hand
        await pilot.press("enter")
        later = await _to_cover_for(pilot, app, "Ann")
        assert later is not cover and "takes the seat back" not in screen_text(app)


async def test_with_every_seat_handed_over_c_gives_one_back() -> None:
    """Both people hand over: between the CPUs' moves ``c`` asks whose seat comes back, and that person's
    cover comes at their turn."""
    cfg = config("nap", NAP_TWO, seed=5)
    app = table_app(cfg)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_cover_for(pilot, app, "Ann")
        await pilot.press("enter")
        await settle(pilot, app)
        table = app.table
        assert table is not None
        await pilot.press("c")
        await _to_cover_for(pilot, app, "Bob")
        await pilot.press("enter")
        await settle(pilot, app)
        cfg.cpu_delay = 30.0  # the CPUs think for a long while: the table waits between turns
        await pilot.press("c")
        await pilot.pause()
        assert table.session.is_cpu(0) and table.session.is_cpu(1) and table.viewer is None
        assert isinstance(app.screen, TableScreen) and table.check_action("cpu_seat", ())
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        cfg.cpu_delay = 0.0
        await pilot.press("2")
        await settle(pilot, app)
        assert table.session.is_cpu(0) and not table.session.is_cpu(1)
        await _to_cover_for(pilot, app, "Bob")


async def test_q_on_the_cover_opens_the_menu_and_the_cover_comes_back() -> None:
    """``q`` on the cover opens the menu with no hand under it; back from the menu, the cover is there
    again for the same person."""
    app = table_app(config("nap", NAP_TWO, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_cover_for(pilot, app, "Ann")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        table = app.table
        assert table is not None and table.viewer is None
        await pilot.press("b")
        await settle(pilot, app)
        assert isinstance(app.screen, HandoffScreen) and app.screen.person == "Ann"
        assert _covers(app) == 1


async def test_a_side_seats_name_and_marks_are_not_cut_at_80_columns() -> None:
    """At 80×24 the left seat's name with its "(CPU plays)" mark shows whole, on two rows if need be."""
    seats = [SeatSpec("Player 1"), SeatSpec("Player 2"), SeatSpec("Cy", "cpu", "random"),
             SeatSpec("Di", "cpu", "random")]
    app = table_app(config("nap", seats, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_cover_for(pilot, app, "Player 1")
        table = app.table
        assert table is not None
        table.session.set_control(1, "random")
        await pilot.press("enter")
        await settle(pilot, app)
        assert table.viewer == 0
        text = screen_text(app)
        assert "…" not in text
        assert "Player 2 (CPU" in text and "plays)" in text
