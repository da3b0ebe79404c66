"""The page of who may be Napoleon's adjutant (``g`` at the table): from the shown seat's view only."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from cardsuite.cards import card_name
from cardsuite.core.game import View
from cardsuite.core.match import SeatSpec
from cardsuite.core.message import CardRef, msg_n
from cardsuite.core.registry import get_game
from cardsuite.core.search import PartnerOdds
from cardsuite.games.napoleon import GAME, Napoleon
from cardsuite.games.napoleon.rules import NapoleonState
from cardsuite.i18n import use_language
from cardsuite.i18n.linebreak import NO_START
from cardsuite.tui.render import Display
from cardsuite.tui.screens.hot_seat import HandoffScreen
from cardsuite.tui.screens.modals import KeysScreen
from cardsuite.tui.screens.partner import PartnerScreen, partner_odds, partner_page
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.screens.table_keys import key_rows

from .helpers import config, drive, log_text, screen_text, settle, table_app


def _in_play(table: TableScreen) -> bool:
    """The person is to play a card and Napoleon has named the adjutant's card."""
    view = table.session.view(table.awaiting) if table.awaiting is not None else None
    return view is not None and view.phase == "play"


class Spy:
    """Records what the game's odds are asked from (a view, never a state)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.asked: list[View] = []
        real = Napoleon.adjutant_odds

        def odds(game: Napoleon, view: View, rng: random.Random) -> PartnerOdds | None:
            assert type(view) is View
            self.asked.append(view)
            return real(game, view, rng)

        monkeypatch.setattr(Napoleon, "adjutant_odds", odds)


async def test_g_opens_the_odds_of_each_other_seat_from_the_shown_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """At a Napoleon table, ``g`` opens a page with each other seat's share and the hidden cards' share,
    computed from the person's own view; Escape closes it; the key bar and the ``?`` page show the key."""
    spy = Spy(monkeypatch)
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "normal") for i in range(1, 5)]
    app = table_app(config("napoleon", seats, seed=4, games=1))
    async with app.run_test(size=(100, 32)) as pilot:
        await drive(pilot, app, stop=_in_play)
        table = app.screen
        assert isinstance(table, TableScreen) and table.viewer == 0
        for _ in range(100):  # the key bar is drawn at the next repaint, later on a busy machine
            if "Adjutant?" in screen_text(app):
                break
            await pilot.pause(0.05)
        assert "Adjutant?" in screen_text(app)  # the key bar
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, PartnerScreen)
        text = screen_text(app)
        assert "Who holds" in text and "plays alone" in text and "%" in text
        assert [view.seat for view in spy.asked] == [0]
        assert spy.asked[0] == table.session.view(0)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        assert any(keys == "g" and "secret partner" in words for keys, words in key_rows(table.BINDINGS, str))


async def test_before_the_call_g_only_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the auction no card names the adjutant yet: a line in the log, no page."""
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "normal") for i in range(1, 5)]
    app = table_app(config("napoleon", seats, seed=4, games=1))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        table = app.screen
        assert isinstance(table, TableScreen) and table.session.view(0).phase == "bidding"
        await pilot.press("g")
        await pilot.pause()
        assert app.screen is table and "No card names a secret partner yet" in log_text(app)


async def test_hot_seat_g_reads_only_the_seat_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """With two people, the page is always judged from the person whose hand is shown, and ``g`` on the
    hand-off cover opens nothing."""
    spy = Spy(monkeypatch)
    seats = [SeatSpec("Ann"), SeatSpec("Bob")] + [SeatSpec(f"CPU {i}", "cpu", "normal") for i in range(2, 5)]
    app = table_app(config("napoleon", seats, seed=4, games=1))
    opened: list[int] = []

    def peek_each_turn(table: TableScreen) -> bool:
        return _in_play(table) and len(opened) < 2 and table.awaiting not in opened

    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(2):
            await drive(pilot, app, stop=peek_each_turn)
            table = app.screen
            assert isinstance(table, TableScreen) and table.viewer is not None
            opened.append(table.viewer)
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, PartnerScreen)
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press(table.plan.key_of(table.plan.order[0]) if table.plan.order else "1")
            await settle(pilot, app)
            if isinstance(app.screen, HandoffScreen):
                await pilot.press("g")
                await pilot.pause()
                assert isinstance(app.screen, HandoffScreen)
                await pilot.press("enter")
                await settle(pilot, app)
    assert [view.seat for view in spy.asked] == opened


async def test_games_without_an_adjutant_neither_show_nor_do_anything() -> None:
    """At a Nap table the key is not on the key bar and ``g`` opens nothing."""
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "normal") for i in range(1, 4)]
    app = table_app(config("nap", seats, seed=4))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert "Adjutant?" not in screen_text(app)
        await pilot.press("g")
        await pilot.pause()
        assert app.screen is table


def _swapped(state: NapoleonState, seat: int) -> NapoleonState:
    """The same deal with two cards swapped between two hands that ``seat`` cannot see (neither is
    Napoleon's nor holds the named card)."""
    setup = state.setup()
    hands = [list(h) for h in setup.hands]
    others = [s for s in range(5) if s not in (seat, state.napoleon) and state.adjutant_card not in hands[s]]
    a, b = others[0], others[1]
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]
    twin = GAME.new_deal(5, state.options, setup.dealer, hands=hands, stock=setup.stock)
    for event in state.events():
        if event.action is not None and event.seat is not None:
            twin.apply(event.seat, GAME.parse_action(event.action))
    return twin


def _named_state() -> NapoleonState:
    """A deal played by ``normal`` to the second trick."""
    from cardsuite.games.napoleon.bots import NormalNapoleonBot

    bot = NormalNapoleonBot()
    state = GAME.new_deal(5, GAME.resolve_options({}, 5), 0, rng=random.Random(9))
    rng = random.Random(9)
    while not (state.phase == "play" and state.trick_number == 2):
        seat = min(state.to_act)
        state.apply(seat, bot.choose(state.view(seat), rng))
    return state


def test_the_page_shows_nothing_another_seat_could_not_know() -> None:
    """Two deals that differ only in cards a seat cannot see give that seat the very same page, and no
    seat's page names a card of another hand."""
    state = _named_state()
    seat = next(s for s in range(5) if s != state.napoleon)
    twin = _swapped(state, seat)
    assert twin.view(seat) == state.view(seat) and twin.hands != state.hands
    display = Display(ascii_only=True)

    def page(view: View) -> Any:
        odds = partner_odds(GAME, view)
        assert odds is not None
        return odds, partner_page(odds, view, lambda m: display.say(m), [f"P{i}" for i in range(5)]).body

    first, second = page(state.view(seat)), page(twin.view(seat))
    assert first[0] == second[0]
    def text(body: Any) -> str:
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(body)
        return console.export_text()

    shown = text(first[1])
    assert shown == text(second[1])
    hidden = {c for s in range(5) if s != seat for c in state.setup().hands[s]} - set(state.view(seat).hand)
    assert not any(card_name(c) in shown for c in hidden - {state.adjutant_card})
    assert sum(first[0].seats) + first[0].hidden == pytest.approx(1.0)
    assert get_game("napoleon") is GAME


def _napoleon_naming_own_card() -> Any:
    """The person bids as high as they may, names a card of their own hand as the adjutant's, and keeps it."""
    named: list[int] = []

    def choose(view: View) -> Any:
        own = [a for a in view.legal if a.verb == "adjutant" and a.args[0] in view.hand]
        if own:
            named.append(own[-1].args[0])
            return own[-1]
        kept = [a for a in view.legal if a.verb == "discard" and not set(a.args) & set(named)]
        if kept:
            return kept[0]
        bids = [a for a in view.legal if a.verb == "bid"]
        return bids[-1] if bids else view.legal[0]

    return choose


async def test_g_says_napoleon_plays_alone_when_he_named_his_own_card() -> None:
    """Napoleon named a card he holds: the page says he plays alone, in the game's word (adjutant)."""
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "random") for i in range(1, 5)]
    app = table_app(config("napoleon", seats, seed=4, games=1))
    async with app.run_test(size=(100, 32)) as pilot:
        await drive(pilot, app, _napoleon_naming_own_card(), stop=_in_play)
        table = app.screen
        assert isinstance(table, TableScreen)
        view = table.session.view(0)
        assert view.table.get("napoleon", view.table.get("high_bidder")) == 0
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, PartnerScreen)
        text = " ".join(screen_text(app).replace("│", " ").split())
        assert "play alone" in text and "partner" not in text


async def test_g_is_not_offered_in_the_beginner_game() -> None:
    """Napoleon's beginner game has no adjutant: the key bar does not offer ``g``."""
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "random") for i in range(1, 5)]
    app = table_app(config("napoleon", seats, seed=4, games=1, beginner=True))
    async with app.run_test(size=(100, 32)) as pilot:
        await drive(pilot, app, stop=_in_play)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert "Adjutant?" not in screen_text(app).splitlines()[-1]
        assert not table.check_action("partner", ())


async def test_after_esc_from_the_adjutant_list_the_key_bar_says_what_enter_does() -> None:
    """Napoleon opens the list of cards to name and closes it with Esc: Enter opens it again, and the key bar
    says so (not "Play")."""
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "random") for i in range(1, 5)]
    app = table_app(config("napoleon", seats, seed=4, games=1))

    def naming(table: TableScreen) -> bool:
        view = table.session.view(table.awaiting) if table.awaiting is not None else None
        return view is not None and view.phase == "adjutant"

    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, app, _napoleon_naming_own_card(), stop=naming)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press(table.items[0].key)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        bar = screen_text(app).splitlines()[-1]
        assert "Play" not in bar and table._enter_does() is not None and table._enter_does() in bar


def test_the_page_breaks_japanese_lines_by_the_rules() -> None:
    """At widths where Rich alone begins a row with a small kana (ビ / ッド), the page's rows keep the rules."""
    use_language("ja")
    state = _named_state()
    seat = next(s for s in range(5) if s != state.napoleon and state.adjutant_card not in state.view(s).hand)
    view = state.view(seat)
    odds = PartnerOdds(state.adjutant_card, state.napoleon, 40, tuple(0.2 for _ in range(5)), 0.2)
    display = Display()
    body = partner_page(odds, view, lambda m: display.say(m), [f"P{i}" for i in range(5)]).body

    def rows(renderable: Any, width: int) -> list[str]:
        console = Console(width=width, file=io.StringIO())
        return ["".join(s.text for s in row).strip() for row in console.render_lines(renderable, pad=False)]

    sentence = Text(display.say(msg_n("Where {card} lies in {n} deal sampled from what you know (your cards, the "
                                      "bids, the calls and the cards played), as the strongest CPU samples them:",
                                      "Where {card} lies in {n} deals sampled from what you know (your cards, the "
                                      "bids, the calls and the cards played), as the strongest CPU samples them:",
                                      40, card=CardRef(odds.card))))
    widths = range(20, 80)
    assert any(row[:1] in NO_START for width in widths for row in rows(sentence, width))  # Rich alone
    assert not [row for width in widths for row in rows(body, width) if row[:1] in NO_START]
