"""Saves at the table: every move is saved, a save reopens as it was, a finished match goes to the history."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Select, Switch

from cardsuite.cards import sort_hand
from cardsuite.core.match import Match, SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.i18n import use_language
from cardsuite.storage.history import History, ratings_for
from cardsuite.storage.paths import saves_dir
from cardsuite.storage.savefolder import list_saves, load_save
from cardsuite.storage.saves import Autosave
from cardsuite.storage.settings import Settings, load_settings, save_settings
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.config import build_seats, resumed_config
from cardsuite.tui.screens.home import HomeScreen
from cardsuite.tui.screens.modals import ConfirmScreen, TextScreen
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.widgets.hand import HandView
from cardsuite.tui.widgets.table import TableView

from .helpers import config, drive, log_text, press_action, random_legal, screen_text, settle

NAP_SEATS = [SeatSpec("Ann"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random"),
             SeatSpec("Ed", "cpu", "random")]


def _nap_match(seed: int, steps: int) -> Match:
    """A Nap match of random legal moves, stopped where Ann (seat 0) must act after at least ``steps`` moves."""
    game = get_game("nap")
    match = Match(game, 4, game.resolve_options({}, 4), seed, NAP_SEATS)
    rng = random.Random(seed)
    moves = 0
    while moves < steps or 0 not in match.state.to_act:
        if match.deal_over:
            match.next_deal()
            continue
        seat = sorted(match.state.to_act)[0]
        legal = match.state.legal_actions(seat)
        match.act(seat, legal[rng.randrange(len(legal))])
        moves += 1
    return match


async def test_every_move_is_saved_and_the_save_rebuilds_the_same_match() -> None:
    """After some moves by keys, the save on disk rebuilds exactly the table's match and Ann's view."""
    app = CardsuiteApp(config("nap", NAP_SEATS, seed=12))
    moves: list[int] = []

    def after_some(table: TableScreen) -> bool:
        moves.append(1)
        return len(moves) > 4

    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, app, random_legal(1), stop=after_some)
        table = app.table
        assert table is not None
        session = table.session
        _, rebuilt = load_save(session.autosave.id)
        assert rebuilt.record() == session.match.record()
        assert rebuilt.state.view(0) == session.match.state.view(0)
        assert sum(len(log.actions) for log in rebuilt.logs) >= 4
    assert [s.id for s in list_saves()] == [session.autosave.id]  # quitting (or a kill) keeps the save


async def test_a_resumed_table_shows_the_same_hand_and_keeps_saving_to_the_same_file() -> None:
    """Opened as ``run_resumed`` does, the table is at the same seat and moment, with the same hand."""
    original = _nap_match(seed=5, steps=9)
    Autosave("20261130-000000-abcd").save(original)
    save_settings(Settings(speed="instant", ascii=True))
    record, match = load_save("20261130")
    app = CardsuiteApp(resumed_config(record, match), match, Autosave.resumed(record))
    assert app.config is not None and app.config.cpu_delay == 0.0 and app.config.ascii_only
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None and table.awaiting == 0 and table.viewer == 0
        assert table.query_one(HandView).cards == sort_hand(original.state.view(0).hand)
        assert table.session.match.record() == original.record()
        assert table.session.names == ("Ann", "Cy", "Di", "Ed")
        assert "resumed 20261130-000000-abcd" in log_text(app)
        view = table.session.match.state.view(0)
        await press_action(pilot, table, view.legal[0])
        await settle(pilot, app)
        count = sum(len(log.actions) for log in table.session.match.logs)
    assert sorted(p.name for p in saves_dir().glob("*.json")) == ["20261130-000000-abcd.json"]
    _, again = load_save("20261130")
    assert sum(len(log.actions) for log in again.logs) == count > sum(len(log.actions) for log in original.logs)


async def test_a_finished_match_is_filed_in_the_history_with_hints_and_undos() -> None:
    """A GOPS match with one hint and one undo: the history has it with those counts; the save is gone.

    On the way, the round's reveal shows each seat's card and who took the prize, not only in the log.
    """
    seats = [SeatSpec("Ann"), SeatSpec("Cy", "cpu", "random")]
    app = CardsuiteApp(config("gops", seats, seed=3, games=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None and table.awaiting == 0
        await pilot.press("h")
        view = table.session.match.state.view(0)
        await press_action(pilot, table, view.legal[0])
        await settle(pilot, app)
        shown = table.query_one(TableView).model
        assert shown is not None and {seat for seat, card in shown.played if card is not None} == {0, 1}
        assert shown.banner is not None and ("Ann" in shown.banner.plain or "tie" in shown.banner.plain)
        await pilot.press("u")
        await settle(pilot, app)
        assert table.session.assisted
        save_id = table.session.autosave.id
        run = await drive(pilot, app, random_legal(8))
    assert "In the history as match 1" in run.match_page
    assert not list_saves() and not (saves_dir() / f"{save_id}.json").exists()
    entries = History().matches("gops")
    assert [e.names for e in entries] == [("Ann", "CPU random")]
    rows = History().rows("SELECT seat, hints, undos FROM seats ORDER BY seat")
    assert rows == [(0, 1, 1), (1, 0, 0)]
    assert set(ratings_for("gops")["gops"]) == {"Ann", "CPU random"}


async def test_home_lists_unfinished_matches_shows_ratings_and_continues_one() -> None:
    """The home screen: a Continue list of saves and the game's ratings; choosing a save reopens it."""
    finished = _nap_match(seed=2, steps=0)
    rng = random.Random(2)
    while not finished.is_over:
        if finished.deal_over:
            finished.next_deal()
            continue
        seat = sorted(finished.state.to_act)[0]
        legal = finished.state.legal_actions(seat)
        finished.act(seat, legal[rng.randrange(len(legal))])
    assert Autosave().finish(finished) == 1
    waiting = _nap_match(seed=9, steps=6)
    Autosave("20261130-010101-beef").save(waiting)
    save_settings(Settings(introduced=["nap"]))
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        text = screen_text(app)
        assert "Continue" in text and "20261130-010101-beef" in text
        assert "Ratings: Nap" in text and "CPU random" in text and "Ann" in text
        options = home.query_one("#continue", OptionList)
        options.focus()
        options.highlighted = 0
        await pilot.press("enter")
        await settle(pilot, app)
        table = app.table
        assert table is not None
        assert table.session.autosave.id == "20261130-010101-beef"
        assert table.session.match.logs[0].actions[:6] == waiting.logs[0].actions[:6]


async def test_home_starts_from_the_settings_and_saves_the_form_back(home: Path) -> None:
    """Names, card style, ASCII, speed and a game's options come from settings.toml and go back to it."""
    save_settings(Settings(names=["Zed"], card_style="four-colour", ascii=True, speed="fast",
                           options={"nap": {"deals_per_player": 1}}, introduced=["nap"]))
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        form = app.screen
        assert isinstance(form, HomeScreen)
        assert form.query_one("#seat-name-0", Input).value == "Zed"
        assert form.query_one("#opt-deals_per_player", Input).value == "1"
        assert form.query_one("#four-colour", Switch).value and form.query_one("#ascii", Switch).value
        assert form.query_one("#speed", Select).value == "fast"
        form.query_one("#seat-name-0", Input).value = "Una"
        form.query_one("#four-colour", Switch).value = False
        form.query_one("#opt-misere", Switch).value = False
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        table = app.table
        assert table is not None and table.session.names[0] == "Una" and table.session.config.ascii_only
    saved = load_settings()
    assert saved.names == ["Una"] and saved.card_style == "two-colour" and saved.ascii and saved.speed == "fast"
    assert saved.options_for("nap") == {"deals_per_player": 1, "misere": False}


def test_a_lone_person_is_named_from_the_settings_or_player() -> None:
    """No more "You is Napoleon": the settings' name, else "Player" (several people: "Player 2" ...)."""
    game = get_game("nap")
    seats, _ = build_seats(game, 4, 1)
    assert seats[0].name == "Player"
    seats, _ = build_seats(game, 4, 1, names=["Zed"])
    assert seats[0].name == "Zed"
    seats, _ = build_seats(game, 4, 2, names=["Zed"])
    assert [s.name for s in seats[:2]] == ["Zed", "Player 2"]


def test_the_default_name_is_a_word_of_the_language_in_use() -> None:
    game = get_game("nap")
    try:
        use_language("ja")
        assert build_seats(game, 4, 1)[0][0].name == "プレイヤー"
        use_language("lt")
        assert [s.name for s in build_seats(game, 4, 2)[0][:2]] == ["Žaidėjas 1", "Žaidėjas 2"]
    finally:
        use_language("en")


async def test_abandon_from_the_menu_deletes_the_save_and_quit_keeps_it() -> None:
    """The menu's Quit keeps the match for resume; Abandon deletes its save. Nothing is kept before Ann acts."""
    for entry, kept in (("quit", True), ("abandon", False)):
        app = CardsuiteApp(config("nap", NAP_SEATS, seed=4))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            table = app.table
            assert table is not None
            save = table.session.autosave.path
            assert not save.exists()  # no person has acted yet: nothing worth keeping
            await press_action(pilot, table, table.session.match.state.view(0).legal[0])
            await settle(pilot, app)
            assert save.exists()
            await pilot.press("q")
            await pilot.pause()
            menu = app.screen.query_one(OptionList)
            menu.highlighted = menu.get_option_index(entry)
            await pilot.press("enter")
            await pilot.pause()
            if entry == "abandon":  # asked again: Enter does not abandon, y does
                assert isinstance(app.screen, ConfirmScreen)
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, ConfirmScreen)
                await pilot.press("y")
                await pilot.pause()
        assert save.exists() is kept, entry
        assert (app.saved_id is not None) is kept, entry


def test_only_a_reveal_by_every_seat_is_a_round_reveal() -> None:
    """GOPS's outcome is a reveal of every seat's card with the award after it; a lone reveal is none."""
    from dataclasses import replace

    from cardsuite.core.game import Event

    gops = get_game("gops")
    session_view = gops.new_deal(2, gops.resolve_options({}, 2), None, rng=random.Random(1)).view(0)
    both = (Event("reveal", 0, "seat 0 played the king", data=(("face", 13),)),
            Event("reveal", 1, "seat 1 played the 2", data=(("face", 2),)),
            Event("award", 0, "seat 0 takes the 5 (+5)", winner=0))
    outcome = gops.outcome(replace(session_view, history=both))
    assert outcome is not None and outcome.winner == 0 and outcome.number == 1
    assert [p.seat for p in outcome.cards] == [0, 1] and outcome.why.text == "seat 0 takes the 5 (+5)"
    assert gops.outcome(replace(session_view, history=both[1:])) is None
    assert gops.outcome(session_view) is None


async def test_quitting_a_table_started_from_home_lists_it_under_continue() -> None:
    """Back on the home screen after Quit, the match just left is in the Continue list, which has the focus."""
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        assert not app.screen.query("#continue")
        app.screen.query_one("#seat-kind-1", Select).value = "cpu:random"
        app.screen.query_one("#seed", Input).value = "3"
        await pilot.click("#start")
        await settle(pilot, app)
        table = app.table
        assert table is not None
        save_id = table.session.autosave.id
        await press_action(pilot, table, table.session.match.state.view(0).legal[0])  # a match is kept once acted in
        await settle(pilot, app)
        while isinstance(app.screen, TextScreen):  # the deal may have ended (everyone passed): on to the next
            await pilot.press("enter")
            await settle(pilot, app)
        await pilot.press("q")
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        menu.highlighted = menu.get_option_index("quit")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        listed = app.screen.query_one("#continue", OptionList)
        assert listed.get_option_at_index(0).id == save_id
        await pilot.pause()
        assert app.screen.focused is listed and listed.highlighted == 0  # Enter continues it


def test_play_takes_what_the_command_line_leaves_open_from_the_settings() -> None:
    """``cardsuite play``: names, card style, speed and preferred options from settings; flags win."""
    from cardsuite.cli.play import make_config
    from cardsuite.tui.config import SPEEDS, TableConfig

    save_settings(Settings(names=["Zed"], card_style="four-colour", speed="fast", options={"nap": {"misere": False}}))
    made = make_config("nap", seed=1)
    assert isinstance(made, TableConfig)
    assert made.seats[0].name == "Zed" and made.four_colour and made.cpu_delay == SPEEDS["fast"]
    assert made.options == {"misere": False}
    made = make_config("nap", seed=1, option=["misere=true"], speed="slow")
    assert isinstance(made, TableConfig)
    assert made.options == {"misere": "true"} and made.cpu_delay == SPEEDS["slow"]


def test_play_says_its_notes_in_the_players_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seed and a preferred option that does not fit are told in the table's language when it opens."""
    from cardsuite.cli.play import make_config
    from cardsuite.core.message import Message
    from cardsuite.i18n.render import render
    from cardsuite.tui import config as table_config
    from cardsuite.tui.config import TableConfig

    monkeypatch.setattr(table_config, "suits_encodable", lambda: True)  # a terminal that shows Japanese
    save_settings(Settings(options={"gops": {"ties": "split"}}))  # split is for 2 players
    use_language("ja")
    try:
        made = make_config("gops", players=3, seed=7)
        assert isinstance(made, TableConfig)
        notes = [render(n) if isinstance(n, Message) else n for n in made.notes]
    finally:
        use_language("en")
    assert notes[0] == "シード7" and "settings.toml で選んだオプション" in notes[1], notes


async def test_a_save_that_fails_is_shown_at_the_table_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk: the table says so while play goes on (a toast), once, not only when the program ends."""
    import errno

    def full(self: Autosave, match: Match) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Autosave, "_write", full)
    app = CardsuiteApp(config("nap", NAP_SEATS, seed=12))
    moves: list[int] = []
    shown: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: shown.append(str(message)))

    def after_some(table: TableScreen) -> bool:
        moves.append(1)
        return len(moves) > 3

    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, app, random_legal(1), stop=after_some)
        assert [line for line in shown if "could not save the match" in line] != []
    assert len([line for line in shown if "could not save the match" in line]) == 1


async def test_home_refuses_a_match_open_in_another_window_and_a_closed_table_lets_go_of_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Continue on a match another window has open says so in one line; a table left for home frees it."""
    import fcntl
    import os

    from cardsuite.storage import savelock

    Autosave("20261130-010101-beef").save(_nap_match(seed=9, steps=6))
    path = saves_dir() / "20261130-010101-beef.json"
    other = os.open(savelock.lock_path(path), os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(other, fcntl.LOCK_EX)  # the lock another window's table holds
    save_settings(Settings(introduced=["nap"]))
    app = CardsuiteApp()
    shown: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: shown.append(str(message)))
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        for attempt in range(2):
            options = home.query_one("#continue", OptionList)
            options.focus()
            options.highlighted = 0
            await pilot.press("enter")
            await pilot.pause()
            if attempt == 0:
                assert app.table is None
                assert "the match 20261130-010101-beef is open in another window: close it there first" in shown
                os.close(other)  # the other window is closed
        assert app.table is not None and savelock.held_here(path)
        await settle(pilot, app)
        app.table_finished("home")
        await pilot.pause()
        assert app.table is None and not savelock.held_here(path)
    assert sorted(p.name for p in saves_dir().iterdir()) == ["20261130-010101-beef.json"]


async def test_the_continue_list_follows_a_new_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """After the language is switched on the home screen, each save's moment is in the new language."""
    from cardsuite.tui.screens import home as home_screen

    monkeypatch.setattr(home_screen, "suits_encodable", lambda: True)  # a terminal that shows Japanese
    use_language("en")
    try:
        Autosave("20261130-010101-cafe").save(_nap_match(seed=9, steps=8))
        save_settings(Settings(introduced=["nap"]))
        app = CardsuiteApp()
        async with app.run_test(size=(120, 60)) as pilot:
            await pilot.pause()
            assert "trick " in screen_text(app)
            app.screen.query_one("#language", Select).value = "ja"
            await pilot.pause()
            await pilot.pause()
            text = screen_text(app)
            assert "20261130-010101-cafe" in text and "trick " not in text and "トリック" in text
    finally:
        use_language("en")


async def test_enter_on_the_home_screen_continues_the_newest_match() -> None:
    """With matches to continue, the Continue list has the focus: Enter alone reopens the newest one."""
    waiting = _nap_match(seed=9, steps=6)
    Autosave("20261130-010101-beef").save(waiting)
    save_settings(Settings(introduced=["nap"]))
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        home = app.screen
        assert isinstance(home, HomeScreen)
        assert home.focused is home.query_one("#continue", OptionList)
        await pilot.press("enter")
        await settle(pilot, app)
        table = app.table
        assert table is not None and table.session.autosave.id == "20261130-010101-beef"


async def test_a_finished_match_whose_save_fails_is_filed_or_said_lost_at_the_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk under the saves: the finished match still goes into the history; with the history refused
    too, the match's page says it is not kept."""
    import errno

    from cardsuite.core.errors import CardsuiteError

    def full(self: Autosave, match: Match) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Autosave, "_write", full)
    seats = [SeatSpec("Ann"), SeatSpec("Cy", "cpu", "random")]
    monkeypatch.setattr(CardsuiteApp, "notify", lambda self, message, **_: None)
    app = CardsuiteApp(config("gops", seats, seed=3, games=1))
    async with app.run_test(size=(80, 24)) as pilot:
        run = await drive(pilot, app, random_legal(8))
    assert "In the history as match 1" in run.match_page
    assert [e.names for e in History().matches("gops")] == [("Ann", "CPU random")]

    def refused(self: History, record: object) -> int:
        raise CardsuiteError("history database history.sqlite3: database or disk is full")

    monkeypatch.setattr(History, "record_finished", refused)
    app = CardsuiteApp(config("gops", seats, seed=4, games=1))
    async with app.run_test(size=(100, 40)) as pilot:
        run = await drive(pilot, app, random_legal(9))
    page = " ".join(run.match_page.split())
    assert "In the history" not in page and "the finished match is not kept: saving it to" in page
