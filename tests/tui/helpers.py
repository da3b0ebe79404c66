"""Driving the TUI like a person: wait for the table to need someone, then press the keys they would."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import OptionList

from cardsuite.core.game import Action, View
from cardsuite.core.match import SeatSpec
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.config import TableConfig
from cardsuite.tui.screens.hot_seat import HandoffScreen
from cardsuite.tui.screens.modals import (
    ChoiceScreen,
    ConfirmScreen,
    KeysScreen,
    MatchOverScreen,
    RulesScreen,
    TextScreen,
)
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.widgets.hand import HandView

SUITS = "♠♥♦♣"


def screen_text(app: App[Any]) -> str:
    """The characters on the screen now, one line per row."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def log_text(app: App[Any]) -> str:
    """The event log's lines (as shown, before wrapping), one per row."""
    from cardsuite.tui.widgets.panels import EventLog

    return "\n".join(app.screen.query_one(EventLog).shown)


def config(game: str, seats: list[SeatSpec], seed: int = 1, **options: object) -> TableConfig:
    """A table with instant CPUs."""
    return TableConfig(game, tuple(seats), options, seed=seed, cpu_delay=0.0)


def table_app(cfg: TableConfig) -> CardsuiteApp:
    """An app for ``cfg`` that skips the first-play "how to play" page."""
    app = CardsuiteApp(cfg)
    app.no_intro = True
    return app


async def settle(pilot: Pilot[None], app: CardsuiteApp, limit: int = 20000) -> None:
    """Wait until someone must press a key: a cover, a dialog, a person's turn, or the app has ended.

    It polls with plain sleeps (a Pilot pause forces a full repaint) and repaints once at the end.
    """
    for _ in range(limit):
        if not app.is_running or app.return_code is not None:
            return
        screen = app.screen
        if isinstance(screen, (HandoffScreen, TextScreen, ChoiceScreen, MatchOverScreen, RulesScreen, KeysScreen,
                               ConfirmScreen)):
            break
        if isinstance(screen, TableScreen) and (
            screen.finished or (screen.awaiting is not None and not screen.cpu_thinking)
        ):
            break
        await asyncio.sleep(0.001)
    else:
        raise AssertionError("the table never came to need a person")
    if app.is_running:
        await pilot.pause()


@dataclass
class Run:
    """What a driven match saw."""

    handoffs: list[str] = field(default_factory=list)
    deal_pages: list[str] = field(default_factory=list)
    match_page: str = ""
    moves: int = 0
    checks: int = 0


Chooser = Callable[[View], Action]


def first_legal(view: View) -> Action:
    """The first legal action."""
    return view.legal[0]


def random_legal(seed: int) -> Chooser:
    """A seeded random legal action."""
    rng = random.Random(seed)
    return lambda view: view.legal[rng.randrange(len(view.legal))]


async def press_action(pilot: Pilot[None], table: TableScreen, action: Action) -> None:
    """Press the keys a person would for ``action``: a button's key, or each card's key (then Enter and
    the confirmation, for several cards)."""
    for item in table.items:
        if item.kind == "action" and item.actions == (action,):
            await pilot.press(item.key)
            return
    for item in table.items:
        if item.kind == "list" and action in item.actions:
            await pilot.press(item.key)
            await pilot.pause()
            await pick_in_list(pilot, table, action)
            return
    verb = next(v for v, acts in table.card_verbs.items() if action in acts)
    if table.card_verb != verb:
        item = next(it for it in table.items if it.kind == "verb" and it.verb == verb)
        await pilot.press(item.key)
    cards = table.cards_of[action]
    multi = table.plan.multi
    for card in cards:
        await pilot.press(table.plan.key_of(card))
    if multi:
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(table.app.screen, ConfirmScreen):
            await pilot.press("y")
    await pilot.pause()
    if isinstance(table.app.screen, ChoiceScreen):
        await pick_in_list(pilot, table, action)


async def put_cursor(pilot: Pilot[None], hand: HandView, card: int) -> None:
    """Move the hand's cursor to ``card`` with the arrow keys."""
    index = hand.cards.index(card)
    for _ in range(len(hand.cards)):
        if hand.current == card:
            break
        await pilot.press("right" if hand.cursor < index else "left")
    assert hand.current == card, (index, hand.cursor)


async def pick_in_list(pilot: Pilot[None], table: TableScreen, action: Action) -> None:
    """In a choice list, move down to ``action``'s label and press Enter."""
    screen = table.app.screen
    assert isinstance(screen, ChoiceScreen)
    target = screen.labels.index(table._label(action))
    options = screen.query_one(OptionList)
    options.focus()
    await pilot.pause()
    options.highlighted = 0
    for _ in range(target):
        await pilot.press("down")
    await pilot.press("enter")


async def drive(
    pilot: Pilot[None],
    app: CardsuiteApp,
    choose: Chooser = first_legal,
    on_handoff: Callable[[str], None] | None = None,
    stop: Callable[[TableScreen], bool] | None = None,
    max_steps: int = 4000,
) -> Run:
    """Play until the match ends (or ``stop``), checking privacy at every person's turn."""
    run = Run()
    for _ in range(max_steps):
        await settle(pilot, app)
        if not app.is_running or app.return_code is not None:
            return run
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            text = screen_text(app)
            run.handoffs.append(text)
            if on_handoff:
                on_handoff(text)
            await pilot.press("enter")
        elif isinstance(screen, MatchOverScreen):
            run.match_page = screen_text(app)
            await pilot.press("q")
            await pilot.pause()
            return run
        elif isinstance(screen, RulesScreen):
            await pilot.press("escape")
        elif isinstance(screen, TextScreen):
            run.deal_pages.append(screen_text(app))
            await pilot.press("enter")
        elif isinstance(screen, TableScreen):
            if screen.awaiting is None:  # a forced card played itself meanwhile: wait for the next need
                continue
            if stop is not None and stop(screen):
                return run
            seat = screen.awaiting
            assert seat is not None
            # privacy: the person to act is the one whose view is on the screen
            assert screen.viewer == seat
            view = screen.session.match.state.view(seat)
            assert sorted(screen.query_one(HandView).cards) == sorted(view.hand)
            run.checks += 1
            await press_action(pilot, screen, choose(view))
            run.moves += 1
        else:
            raise AssertionError(f"unexpected screen {screen!r}")
    raise AssertionError("the match did not end")
