"""Terminals: at 80×24 no visible line of any game is cut off in any phase of a deal, in any language, nor
on the moments that wait (a finished trick with its winner and why, each card in front of the seat that
played it, a forced card's prompt); in ASCII mode the screen holds no non-ASCII character at all, on the
table and on every page it opens."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Static

from cardsuite.core.match import SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.i18n import LANGUAGES, use_language
from cardsuite.tui.faces import Faces
from cardsuite.tui.layout import spots
from cardsuite.tui.screens.modals import TextScreen
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.widgets.actions import ActionBar
from cardsuite.tui.widgets.table import TableView

from .helpers import config, drive, press_action, random_legal, screen_text, settle, table_app

GAMES = ["nap", "napas", "napoleon", "gops"]


def _seats(game: str) -> list[SeatSpec]:
    players = get_game(game).info.default_players
    return [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "random") for i in range(1, players)]


def _cut_off(table: TableScreen) -> list[str]:
    """What the screen cuts: an ellipsis anywhere, a prompt not shown whole, lines the centre had to drop."""
    text = screen_text(table.app)
    bar = table.query_one(ActionBar)
    prompt = bar.prompt.plain.strip()  # "… is thinking…" ends in an ellipsis of its own
    problems = [line for line in text.splitlines() if "…" in line.replace(prompt, "")]
    flat = "".join(text.split())  # rows joined with no space: Japanese wraps between any two characters
    for words in (bar.prompt.plain, *(f"{key} {label}" for key, label in bar.labels)):
        if words.strip() and "".join(words.split()) not in flat:
            problems.append(f"prompt or button cut: {words!r}")
    facts = table.query_one("#facts", Static)
    shown = str(facts.render()).count("\n") + 1 if facts.has_class("-shown") else 0
    if shown > facts.content_region.height and facts.has_class("-shown"):
        problems.append(f"{shown} side lines in {facts.content_region.height} rows")
    model = table.query_one(TableView).model
    if model is not None and any("…" in line.plain for line in model.lines):
        problems.append("a centre line was shortened")
    return problems


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
async def test_nothing_is_cut_off_at_80x24_in_any_phase(game: str, language: str) -> None:
    """One whole deal by keys at 80×24 in each language; at every turn nothing on the screen is cut."""
    use_language(language)
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


def _trick_out_of_place(table: TableScreen) -> list[str]:
    """Each card of the trick on show in front of the seat that played it: on its side of the table, the
    top seat's above the side seats', yours below them; and every seat's name still in view."""
    view = table.query_one(TableView)
    model = view.model
    assert model is not None and model.played
    rows = view.render().plain.splitlines()
    faces = Faces(model.ascii_only)
    found: dict[str, tuple[int, int]] = {}
    for seat, card in model.played:
        assert card is not None
        label = faces.inline(card).plain
        at = [(y, row.index(label)) for y, row in enumerate(rows) if label in row]  # the face, then the banner
        if not at:
            return [f"seat {seat}'s {label} is not on the table"]
        found[spots(model.players, model.bottom)[seat]] = at[0]
    width = view.content_region.width
    problems = [f"a name is hidden: {name}" for name in table.session.names if name not in "\n".join(rows)]
    if "left" in found and found["left"][1] >= width // 2:
        problems.append(f"the left seat's card at column {found['left'][1]}")
    if "right" in found and found["right"][1] < width // 2:
        problems.append(f"the right seat's card at column {found['right'][1]}")
    if "top" in found and any(found["top"][0] >= y for place, (y, _) in found.items() if place != "top"):
        problems.append("the top seat's card is not above the others")
    if "bottom" in found and any(found["bottom"][0] <= y for place, (y, _) in found.items() if place != "bottom"):
        problems.append("your card is not below the others")
    return problems


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_finished_trick_and_a_forced_card_are_shown_whole_at_80x24(language: str) -> None:
    """The moments instant CPUs never show: a finished trick on show, its cards in front of their seats and
    its winner and why under them, and a forced card's prompt before it plays itself; nothing of them cut."""
    use_language(language)
    cfg = config("nap", _seats("nap"), seed=7)
    cfg.cpu_delay = 0.05  # CPUs that wait: the trick stays on show, a forced card waits its pause
    app = table_app(cfg)
    choose = random_legal(7)
    problems: list[str] = []
    seen = {"trick": 0, "forced": 0}
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None
        for _ in range(4000):
            if seen["trick"] and seen["forced"]:
                break
            await asyncio.sleep(0.005)
            if isinstance(app.screen, TextScreen):  # a deal's page (everyone passed): the next deal
                await pilot.press("enter")
            elif not isinstance(app.screen, TableScreen):
                continue
            elif table.flow.flash is not None and not seen["trick"]:
                await pilot.pause()
                if table.flow.flash is None:  # its pause ended while a busy machine drew it: the next trick
                    continue
                banner = table.query_one(TableView).model.banner  # type: ignore[union-attr]
                assert banner is not None and banner.plain
                problems += _cut_off(table) + _trick_out_of_place(table)
                if "".join(banner.plain.split()) not in "".join(screen_text(app).split()):
                    problems.append(f"the winner's line is cut: {banner.plain!r}")
                seen["trick"] += 1
            elif table.forced_timer is not None and not seen["forced"]:
                await pilot.pause()
                if table.forced_timer is None:  # the card played itself while a busy machine drew it: the next one
                    continue
                problems += _cut_off(table)
                seen["forced"] += 1
            elif table.awaiting == 0 and table.forced_timer is None and not table.cpu_thinking:
                await press_action(pilot, table, choose(table.session.view(0)))
    assert seen == {"trick": 1, "forced": 1}, seen
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
