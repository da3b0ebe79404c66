"""A pseudo-locale run of every game's table: no English outside the catalogs' markers on any screen.

In the pseudo-locale every translated message is wrapped in ``⟦ ⟧``; a word of Latin letters outside the
markers (``screens.unmarked_words``) did not go through gettext. For each game one deal is played at 80x24,
the person's seat driven through the keys as a person would press them, CPUs in the other seats. At every
turn the table is read; at the first turn the how-to-play page, the key list, the menu and the scoreboard
are opened too; after the first trick the last-trick page; at the end the deal page. (The full rules page
is a document per language, not messages: tests/i18n/test_rules_pages.py checks it.)

The event log is checked on its own, line by line (the game's events, each a message): a failure there
names the event.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot

from cardsuite.core.match import SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.i18n import PSEUDO, use_language
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.hot_seat import HandoffScreen
from cardsuite.tui.screens.modals import (
    ChoiceScreen,
    MatchOverScreen,
    MenuScreen,
    RulesScreen,
    TextScreen,
)
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.widgets.panels import EventLog

from ..tui.helpers import config, press_action, random_legal, settle
from .screens import screen_lines, unmarked_words

GAMES = ("nap", "napas", "napoleon", "gops")
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Fy")
"""The seats' names: data, never translated (each is allowed on the screen)."""
ALLOWED = (*NAMES, "JK")
"""Words that are not words: names, and the joker's card face."""
SIZE = (80, 24)


@dataclass
class Seen:
    """What one pseudo-locale deal showed: unmarked words per screen, and per event line."""

    screens: dict[str, list[str]] = field(default_factory=dict)
    events: dict[str, list[str]] = field(default_factory=dict)
    turns: int = 0


def _screen_words(app: CardsuiteApp, allowed: tuple[str, ...]) -> list[str]:
    """Unmarked words on the screen, the event log's box left out (its lines are checked on their own)."""
    lines = screen_lines(app)
    for log in app.screen.query(EventLog):
        box = log.region
        for y in range(box.y, min(box.bottom, len(lines))):
            lines[y] = _blank(lines[y], box.x, box.right)
    return unmarked_words("\n".join(lines), allowed=allowed)


def _blank(line: str, start: int, end: int) -> str:
    """``line`` with the terminal columns from ``start`` to ``end`` blanked (wide characters count twice)."""
    out, column = [], 0
    for char in line:
        width = cell_len(char)
        out.append(" " * width if start <= column and column + width <= end else char)
        column += width
    return "".join(out)


async def _look(pilot: Pilot[None], app: CardsuiteApp, seen: Seen, label: str, keys: tuple[str, ...]) -> None:
    """Open a page with ``keys`` from the table, read it, and close it."""
    await pilot.press(*keys)
    await pilot.pause()
    assert not isinstance(app.screen, TableScreen), label
    seen.screens[label] = _screen_words(app, ALLOWED)
    await pilot.press("escape")
    await pilot.pause()


async def play_a_deal(game: str, seed: int = 5) -> Seen:
    """One deal of ``game`` in the pseudo-locale, the person's seat driven by keys; every screen read."""
    use_language(PSEUDO)
    players = get_game(game).info.default_players
    seats = [SeatSpec(NAMES[0])] + [SeatSpec(NAMES[i], "cpu", "random") for i in range(1, players)]
    app = CardsuiteApp(config(game, seats, seed=seed))
    app.no_intro = True
    choose = random_legal(seed)
    seen = Seen()
    async with app.run_test(size=SIZE) as pilot:
        for _step in range(2000):
            await settle(pilot, app)
            screen = app.screen
            if isinstance(screen, TextScreen):  # the deal page: the deal is over
                seen.screens["deal page"] = _screen_words(app, ALLOWED)
                break
            if isinstance(screen, (HandoffScreen, MatchOverScreen, RulesScreen, ChoiceScreen, MenuScreen)):
                raise AssertionError(f"unexpected {screen!r}")
            assert isinstance(screen, TableScreen)
            seen.screens[f"table, turn {seen.turns}"] = _screen_words(app, ALLOWED)
            for line in screen.query_one(EventLog).shown:
                seen.events[line] = unmarked_words(line, allowed=ALLOWED)
            if seen.turns == 0:
                for label, keys in (("how to play", ("r",)), ("keys", ("question_mark",)), ("menu", ("q",)),
                                    ("scoreboard", ("s",))):
                    await _look(pilot, app, seen, label, keys)
            if "last trick" not in seen.screens and screen.session.game.outcome(
                    screen.session.view(screen.viewer)) is not None:
                await _look(pilot, app, seen, "last trick", ("t",))
            assert screen.awaiting is not None
            await press_action(pilot, screen, choose(screen.session.match.state.view(screen.awaiting)))
            seen.turns += 1
        else:
            raise AssertionError("the deal did not end")
    return seen


_SEEN: dict[str, Seen] = {}


async def seen_in(game: str) -> Seen:
    """The pseudo-locale deal of ``game`` (played once per process, read by both checks)."""
    if game not in _SEEN:
        _SEEN[game] = await play_a_deal(game)
    return _SEEN[game]


@pytest.mark.parametrize("game", GAMES)
async def test_every_screen_of_a_deal_speaks_through_the_catalogs(game: str) -> None:
    seen = await seen_in(game)
    assert seen.turns > 0 and "deal page" in seen.screens and "last trick" in seen.screens
    found = {label: words for label, words in seen.screens.items() if words}
    assert found == {}


@pytest.mark.parametrize("game", GAMES)
async def test_every_event_line_of_a_deal_speaks_through_the_catalogs(game: str) -> None:
    seen = await seen_in(game)
    assert seen.events
    found = {line: words for line, words in seen.events.items() if words}
    assert found == {}
