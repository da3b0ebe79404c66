"""Snapshot tests of every game's table at fixed seeds and sizes (update with ``pytest --snapshot-update``).

Each game at 80×24 and 120×40; each game in ASCII and with ``NO_COLOR`` at 80×24; the too-small notice;
then one picture for each thing a player meets (the trick in front of its seats, the adjutant list, the
match-over page, a replay), each at the size, mode and language that matter for it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from cardsuite.core.game import Action, View
from cardsuite.core.match import SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.modals import MatchOverScreen

from .helpers import config, settle

GAMES = ["nap", "napas", "napoleon", "gops"]


def _table(game: str, seed: int = 2, ascii_only: bool = False) -> CardsuiteApp:
    players = get_game(game).info.default_players
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "random") for i in range(1, players)]
    cfg = config(game, seats, seed=seed)
    cfg.ascii_only = ascii_only
    return CardsuiteApp(cfg)


async def _ready(pilot: Pilot[Any]) -> None:
    app = pilot.app
    assert isinstance(app, CardsuiteApp)
    await settle(pilot, app)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game", GAMES)
def test_table(snap_compare: Any, game: str, size: tuple[int, int]) -> None:
    """The table where the person first has to act."""
    assert snap_compare(_table(game), terminal_size=size, run_before=_ready)


@pytest.mark.parametrize("game", GAMES)
def test_table_in_ascii(snap_compare: Any, game: str) -> None:
    """``--ascii``: suits as letters, frames of ``+ - |``."""
    assert snap_compare(_table(game, ascii_only=True), terminal_size=(80, 24), run_before=_ready)


@pytest.mark.parametrize("game", GAMES)
def test_table_without_colour(snap_compare: Any, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``NO_COLOR``: Textual draws no colour; legal cards still stand out (raised), illegal ones are dim."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(_table(game), terminal_size=(80, 24), run_before=_ready)


def test_terminal_too_small(snap_compare: Any) -> None:
    """Below 80×24 the table says so instead of drawing a broken layout."""
    assert snap_compare(_table("nap"), terminal_size=(60, 20), run_before=_ready)


# -- one picture for each thing a player meets, at the sizes, modes and languages that matter for it -------
def _until(game: str, want: Callable[[View], bool], pick: Callable[[View], Action], seed: int,
           ascii_only: bool = False) -> tuple[CardsuiteApp, Callable[[Pilot[Any]], Awaitable[None]]]:
    """A table and a ``run_before`` that plays ``pick`` for the person until ``want`` holds at their turn."""
    app = _table(game, seed=seed, ascii_only=ascii_only)

    async def ready(pilot: Pilot[Any]) -> None:
        for _ in range(80):
            await settle(pilot, app)
            table = app.table
            assert table is not None and table.awaiting == 0
            view = table.session.view(0)
            if want(view):
                await pilot.pause()
                return
            table.perform(0, pick(view))
        raise AssertionError("the wanted moment never came")

    return app, ready


def _mid_trick(view: View) -> bool:
    return view.phase == "play" and bool(view.table.get("trick"))


def _highest(view: View) -> Action:
    return view.legal[-1] if view.phase == "bidding" else view.legal[0]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_each_card_of_the_trick_lies_in_front_of_its_seat(snap_compare: Any, size: tuple[int, int],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Five players: the cards of the trick in front of the seats that played them (120×40 without colour)."""
    if size[0] > 80:
        monkeypatch.setenv("NO_COLOR", "1")
    app, ready = _until("napoleon", _mid_trick, _highest, seed=2)
    assert snap_compare(app, terminal_size=size, run_before=ready)


def test_the_adjutant_list_shows_the_usual_calls_first(snap_compare: Any) -> None:
    """Naming the adjutant in ASCII at 80×24: Mighty, the joker, the jacks, the top trumps, labelled."""
    app, ready = _until("napoleon", lambda v: any(a.verb == "adjutant" for a in v.legal), _highest, seed=2,
                        ascii_only=True)

    async def open_list(pilot: Pilot[Any]) -> None:
        await ready(pilot)
        table = app.table
        assert table is not None
        await pilot.press(table.items[0].key)

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_list)


def test_the_match_is_over_without_colour(snap_compare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The standings and the chart, with Enter to play again and q to quit, in NO_COLOR."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = CardsuiteApp(config("gops", [SeatSpec("You"), SeatSpec("CPU 1", "cpu", "random")], seed=2, games=1))

    async def to_the_end(pilot: Pilot[Any]) -> None:
        table = app.table
        assert table is not None
        table.session.set_control(0, "random")
        table.generation += 1
        table.advance()
        for _ in range(200):
            await settle(pilot, app)
            if isinstance(app.screen, MatchOverScreen):
                return
            await pilot.press("enter")

    assert snap_compare(app, terminal_size=(80, 24), run_before=to_the_end)


def test_a_replay_at_the_table(snap_compare: Any) -> None:
    """``cardsuite replay`` on a terminal at 120×40: the record's table a few steps in, every hand shown."""
    import random

    from cardsuite.bots import make_bot
    from cardsuite.cli.replay import seat_names
    from cardsuite.core.match import Match
    from cardsuite.core.record import replay
    from cardsuite.tui.render import Display
    from cardsuite.tui.replay import ReplayApp

    game = get_game("napas")
    match = Match(game, 4, game.resolve_options({}, 4), 4, [SeatSpec(f"P{i}", "cpu", "normal") for i in range(4)])
    bot, rng = make_bot(game, "normal"), random.Random(4)
    while not match.deal_over:
        seat = min(match.state.to_act)
        match.act(seat, bot.choose(match.state.view(seat), rng))
    result = replay(match.record(), get_game)
    app = ReplayApp(result, tuple(seat_names(result)), Display())

    async def steps(pilot: Pilot[Any]) -> None:
        await pilot.press(*["right"] * 12, "a")

    assert snap_compare(app, terminal_size=(120, 40), run_before=steps)
