"""Keys at the table, by Pilot: one key plays a card, Enter never passes, a forced card plays itself, marked
cards are confirmed first, the match-over page keeps Enter from leaving, and a CPU's play for a person is
filed as such; the keys and the hot-seat cover again at 120×40, in ASCII and without colour, in Japanese and
Lithuanian."""

from __future__ import annotations

import asyncio

import pytest

from cardsuite.core.match import SeatSpec
from cardsuite.i18n import use_language
from cardsuite.storage.stats import stats
from cardsuite.tui.screens.hot_seat import HandoffScreen
from cardsuite.tui.screens.modals import ConfirmScreen, MatchOverScreen, TextScreen
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.widgets.hand import HandView

from .helpers import config, drive, log_text, press_action, random_legal, screen_text, settle, table_app

CPU = SeatSpec("Cy", "cpu", "random")
NAP_SEATS = [SeatSpec("You"), CPU, SeatSpec("Di", "cpu", "random"), SeatSpec("Ed", "cpu", "random")]


async def _to_play(pilot: object, app: object) -> TableScreen:
    """Pass through the auction (p) until the person has a card to play."""
    table = app.table  # type: ignore[attr-defined]
    assert table is not None
    for _ in range(30):
        await settle(pilot, app)  # type: ignore[arg-type]
        view = table.session.match.state.view(0)
        if view.phase == "play" and table.awaiting == 0 and len(view.legal) > 1:
            return table  # type: ignore[no-any-return]
        if table.awaiting == 0 and view.phase == "bidding":
            await pilot.press("p")  # type: ignore[attr-defined]
        elif table.awaiting == 0:
            await pilot.press(table.plan.card_keys[0])  # type: ignore[attr-defined]
    raise AssertionError("no card to choose")


async def test_one_key_plays_a_card_and_enter_never_passes() -> None:
    """In the auction Enter presses nothing, not even with the arrows on Pass; in the play a card's key
    plays it at once."""
    app = table_app(config("nap", NAP_SEATS, seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None and table.session.view(0).phase == "bidding" and table.awaiting == 0
        before = list(table.session.match.logs[-1].actions)
        await pilot.press("enter")
        pass_index = next(i for i, it in enumerate(table.items) if it.actions[0].verb == "pass")
        for _ in range(pass_index + 1):
            await pilot.press("right")
        await pilot.press("enter")
        await pilot.pause()
        assert table.session.match.logs[-1].actions == before, "Enter passed"
        assert "Enter does not" in log_text(app) or "Enter chooses nothing" in log_text(app)
        table = await _to_play(pilot, app)
        view = table.session.match.state.view(0)
        card = next(c for c in table.plan.order if c in table.plan.legal_cards)
        count = len(table.session.match.logs[-1].actions)
        await pilot.press(table.plan.key_of(card))
        await pilot.pause()
        actions = table.session.match.logs[-1].actions
        assert len(actions) > count and actions[count].startswith("0 play"), (actions, view.legal)


async def test_a_forced_card_plays_itself_after_a_moment() -> None:
    """Auto-play on (the default): the only legal card is played without a key, after a short pause that
    the prompt announces."""
    cfg = config("nap", NAP_SEATS, seed=7)
    cfg.cpu_delay = 0.05
    app = table_app(cfg)

    def forced(table: TableScreen) -> bool:
        view = table.session.match.state.view(0)
        return view.phase == "play" and len(view.legal) == 1

    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, app, random_legal(1), stop=forced)
        table = app.table
        assert table is not None and table.awaiting == 0
        assert "it plays itself" in screen_text(app)
        count = len(table.session.match.logs[-1].actions)
        await asyncio.sleep(1.0)
        await pilot.pause()
        assert len(table.session.match.logs[-1].actions) > count  # played with no key
        assert any("played automatically" in n.text for n in table.session.notes)


async def test_marked_cards_are_confirmed_before_the_exchange() -> None:
    """Napas: Enter with nothing marked exchanges nothing and says what to do; two keys and Enter show a
    summary; n goes back with the marks kept; y applies it."""
    seats = [SeatSpec("You"), SeatSpec("Cy", "cpu", "normal"), SeatSpec("Di", "cpu", "normal"),
             SeatSpec("Ed", "cpu", "normal")]
    app = table_app(config("napas", seats, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None
        for _ in range(40):
            await settle(pilot, app)
            if isinstance(app.screen, TableScreen) and table.plan.verb == "exchange" and table.plan.multi:
                break
            if isinstance(app.screen, TableScreen) and table.awaiting == 0:
                keys = [it.key for it in table.items] or list(table.plan.card_keys)
                await pilot.press("p" if table.session.view(0).phase == "bidding" else keys[0])
            elif not isinstance(app.screen, TableScreen):
                await pilot.press("enter")
        assert table.plan.verb == "exchange", "the person never came to exchange"
        count = len(table.session.match.logs[-1].actions)
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.session.match.logs[-1].actions) == count
        assert "Mark the cards to exchange first" in log_text(app)
        first, second = table.plan.card_keys[:2]
        await pilot.press(first, second, "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "2 cards" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and len(table.session.match.logs[-1].actions) == count
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        line = table.session.match.logs[-1].actions[count]
        assert line.startswith("0 exchange") and len(line.split()) == 4, line


async def test_enter_on_the_match_over_page_plays_again_and_a_cpu_seat_is_filed_as_such() -> None:
    """A person who hands the seat to the CPU mid-match is filed as "(with the CPU)", never credited with
    the CPU's play (a loss of that seat is charged to them, so it counts in their own line too); Enter on the
    standings plays again instead of leaving."""
    seats = [SeatSpec("Ann"), SeatSpec("Cy", "cpu", "random")]
    app = table_app(config("gops", seats, seed=4, games=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None and table.awaiting == 0
        await pilot.press(table.plan.card_keys[0])
        await settle(pilot, app)
        await pilot.press("c")
        for _ in range(200):
            await settle(pilot, app)
            if isinstance(app.screen, MatchOverScreen):
                break
            await pilot.press("enter")
        assert isinstance(app.screen, MatchOverScreen) and "assisted" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.is_running and isinstance(app.screen, TableScreen) and app.table is not table
    players = stats("gops")["games"]["gops"]["players"]
    assert "Ann (with the CPU)" in players
    if "Ann" in players:  # only a loss of the helped seat is charged to her: never a win or a draw
        assert {k: players["Ann"][k] for k in ("matches", "wins", "draws", "losses")} == \
            {"matches": 1, "wins": 0, "draws": 0, "losses": 1}, players["Ann"]
        assert players["Ann (with the CPU)"]["matches"] == 1


TERMINALS = [
    pytest.param((120, 40), "ja", False, True, id="120x40-ja-no-colour"),
    pytest.param((80, 24), "lt", True, False, id="80x24-lt-ascii"),
    pytest.param((120, 40), "lt", True, True, id="120x40-lt-ascii-no-colour"),
]


@pytest.mark.parametrize(("size", "language", "ascii_only", "no_colour"), TERMINALS)
async def test_two_people_keys_and_the_cover_in_every_terminal_and_language(
        size: tuple[int, int], language: str, ascii_only: bool, no_colour: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two people at Nap: Enter passes no bid (not even on the Pass button), a button's key bids, a card's key
    plays it, and the moment a person has acted their hand leaves the screen; an ASCII table shows only ASCII
    (Lithuanian without its accents)."""
    if no_colour:
        monkeypatch.setenv("NO_COLOR", "1")
    use_language(language)
    seats = [SeatSpec("Ann"), CPU, SeatSpec("Bob"), SeatSpec("Di", "cpu", "random")]
    cfg = config("nap", seats, seed=7)
    cfg.ascii_only = ascii_only
    app = table_app(cfg)
    done = {"enter": False, "card": False}
    covered = 0
    async with app.run_test(size=size) as pilot:
        table = app.table
        assert table is not None
        for _ in range(300):
            await settle(pilot, app)
            if isinstance(app.screen, (HandoffScreen, TextScreen)):  # the cover, or a thrown-in deal's page
                await pilot.press("enter")
                continue
            seat = table.awaiting
            assert isinstance(app.screen, TableScreen) and seat is not None
            assert not ascii_only or screen_text(app).isascii(), screen_text(app)
            view = table.session.view(seat)
            actions = table.session.match.logs[-1].actions
            count = len(actions)
            if view.phase == "bidding" and not done["enter"]:
                told = log_text(app)
                await pilot.press("enter")
                for _ in range(next(i for i, it in enumerate(table.items) if it.actions[0].verb == "pass") + 1):
                    await pilot.press("right")
                await pilot.press("enter")
                await pilot.pause()
                assert len(table.session.match.logs[-1].actions) == count, "Enter passed"
                assert log_text(app) != told, "Enter said nothing of what to press"
                done["enter"] = True
            if view.phase == "bidding":
                bid = next(it for it in table.items if it.actions[0].verb != "pass")
                await pilot.press(bid.key)
            elif view.phase == "play" and len(view.legal) > 1:
                card = next(c for c in table.plan.order if c in table.plan.legal_cards)
                await pilot.press(table.plan.key_of(card))
                done["card"] = True
            else:
                await press_action(pilot, table, view.legal[0])
            await pilot.pause()
            played = table.session.match.logs[-1].actions
            assert len(played) > count or len(table.session.match.logs) > 1, "the key did nothing"
            following = table.session.next_turn()
            if not (following.kind == "human" and following.seat == seat):  # unless they act again at once
                assert table.flow.viewer is None and not table.query_one(HandView).cards, "the hand stayed"
                covered += 1
            if done["card"]:
                break
        assert done == {"enter": True, "card": True} and covered
        assert str(played[count]).startswith(f"{seat} play")


@pytest.mark.parametrize(("size", "language", "ascii_only", "no_colour"), TERMINALS)
async def test_the_match_over_page_fits_and_enter_plays_again_in_every_terminal_and_language(
        size: tuple[int, int], language: str, ascii_only: bool, no_colour: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-game GOPS match played by card keys: its standings page is whole, and Enter there plays again."""
    from ..i18n.screens import cut_off

    if no_colour:
        monkeypatch.setenv("NO_COLOR", "1")
    use_language(language)
    cfg = config("gops", [SeatSpec("Ann"), CPU], seed=4, games=1)
    cfg.ascii_only = ascii_only
    app = table_app(cfg)
    async with app.run_test(size=size) as pilot:
        table = app.table
        assert table is not None
        for _ in range(200):
            await settle(pilot, app)
            if isinstance(app.screen, MatchOverScreen):
                break
            if isinstance(app.screen, TableScreen) and table.awaiting == 0:
                await pilot.press(table.plan.card_keys[0])
            else:
                await pilot.press("enter")  # the deal's page
        assert isinstance(app.screen, MatchOverScreen)
        assert cut_off(app) == []
        assert not ascii_only or screen_text(app).isascii()
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.is_running and isinstance(app.screen, TableScreen) and app.table is not table


async def test_enter_on_a_chosen_pass_says_so_after_the_first_note() -> None:
    """Enter with no button chosen says to choose one; once the arrows chose Pass, Enter says it does not
    pass (press p), although a note was given this turn; a held Enter says each once."""
    app = table_app(config("nap", NAP_SEATS, seed=7))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None and table.session.view(0).phase == "bidding" and table.awaiting == 0
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert log_text(app).count("Enter chooses nothing yet") == 1
        pass_index = next(i for i, it in enumerate(table.items) if it.actions[0].verb == "pass")
        for _ in range(pass_index + 1):
            await pilot.press("right")
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        text = " ".join(log_text(app).split())
        assert text.count("Enter does not pass: press p for that.") == 1
