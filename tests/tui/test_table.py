"""Pilot tests of the table: hot-seat privacy, whole matches against CPUs, undo, the timer, GOPS."""

from __future__ import annotations

import pytest

from cardsuite.bots.base import make_bot
from cardsuite.cards import card_symbol, card_text
from cardsuite.core.game import Game
from cardsuite.core.match import SeatSpec
from cardsuite.core.registry import all_games, get_game
from cardsuite.tui import session as session_module
from cardsuite.tui.config import cpu_levels
from cardsuite.tui.screens.hot_seat import HandoffScreen
from cardsuite.tui.screens.modals import ChoiceScreen
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.widgets.panels import EventLog

from .helpers import SUITS, config, drive, first_legal, log_text, random_legal, screen_text, settle, table_app

CPU = SeatSpec("Cy", "cpu", "normal")


async def test_hot_seat_nap_deal_hides_cards_on_handoff(quick_idle: None) -> None:
    """Two people and two CPUs play a whole deal; every hand-off cover shows no card at all."""
    seats = [SeatSpec("Ann"), SeatSpec("Cy", "cpu", "normal"), SeatSpec("Bob"), SeatSpec("Di", "cpu", "easy")]
    app = table_app(config("nap", seats, seed=3, deals_per_player=1))
    deals_seen: list[int] = []

    def one_deal(table: TableScreen) -> bool:
        deals_seen.append(len(table.session.match.logs))
        return len(table.session.match.logs) > 1

    def no_cards(text: str) -> None:
        assert "Pass to" in text
        assert not any(s in text for s in SUITS), text

    async with app.run_test(size=(80, 24)) as pilot:
        run = await drive(pilot, app, random_legal(5), on_handoff=no_cards, stop=one_deal)
    assert run.handoffs, "two people never handed the screen over"
    assert run.deal_pages and ("Deal 1 is over" in run.deal_pages[0])
    assert run.moves >= 5
    assert any("Pass to Bob" in h for h in run.handoffs) and any("Pass to Ann" in h for h in run.handoffs)


def _short_match(game: Game) -> dict[str, object]:
    """Options that make the match as short as the game allows."""
    out: dict[str, object] = {}
    for spec in game.info.options:
        if spec.key in ("deals_per_player", "games") and spec.choices is None:
            out[spec.key] = spec.minimum or 1
        if spec.key == "target" and spec.choices is None:
            out[spec.key] = spec.minimum or 1
    return out


async def test_whole_nap_match_against_cpus_by_keys(quick_idle: None) -> None:
    """One person plays every move of a whole Nap match against CPUs by keys, to the standings."""
    game = get_game("nap")
    seats = [SeatSpec("You"), CPU, SeatSpec("Di", "cpu", "easy"), SeatSpec("Ed", "cpu", "random")]
    app = table_app(config("nap", seats, seed=11, **_short_match(game)))
    async with app.run_test(size=(80, 24)) as pilot:
        run = await drive(pilot, app, random_legal(2))
    assert len(run.deal_pages) >= 4
    assert "The match is over" in run.match_page and ("winner" in run.match_page or "tied" in run.match_page)
    assert run.moves >= 4 * 3  # forced cards play themselves


OTHER_GAMES = [g for g in all_games() if g.info.name != "nap"]  # nap: the test above plays it all by keys


def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's CPUs think over two sampled deals, not 200 ms: the table's flow is under test, not their play."""
    monkeypatch.setattr(session_module, "make_bot", lambda game, level: make_bot(game, level, iterations=2))


@pytest.mark.parametrize("game", OTHER_GAMES, ids=lambda g: g.info.name)
async def test_whole_match_against_cpus(game: Game, monkeypatch: pytest.MonkeyPatch, quick_idle: None) -> None:
    """Every game that loads: a person plays the first deal by keys, hands the seat to a CPU with ``c``,
    and the match runs to its standings and chart (keeping the run short for target-score games)."""
    quick_bots(monkeypatch)
    level = "easy" if "easy" in cpu_levels(game) else "random"
    players = game.info.default_players
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", level) for i in range(1, players)]
    cfg = config(game.info.name, seats, seed=11, **_short_match(game))
    cfg.auto_play = False  # every card by a key
    app = table_app(cfg)

    def after_first_deal(table: TableScreen) -> bool:
        return len(table.session.match.logs) > 1

    async with app.run_test(size=(80, 24)) as pilot:
        first = await drive(pilot, app, random_legal(2), stop=after_first_deal)
        if not first.match_page:
            table = app.table
            assert table is not None
            await pilot.press("c")
            assert table.session.control[0] is not None
            rest = await drive(pilot, app, random_legal(2))
            assert rest.moves == 0
            page = rest.match_page
        else:
            page = first.match_page
    assert first.moves > 0
    assert "The match is over" in page and ("winner" in page or "tied" in page)


async def test_undo_returns_to_the_previous_decision() -> None:
    """Undo rebuilds the match minus the last actions: the same view comes back, marked assisted."""
    seats = [SeatSpec("You"), CPU, SeatSpec("Di", "cpu", "easy"), SeatSpec("Ed", "cpu", "random")]
    app = table_app(config("nap", seats, seed=4))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None and table.awaiting == 0
        before = table.session.match.state.view(0)
        actions_before = list(table.session.match.logs[-1].actions)
        await pilot.press(table.items[0].key if table.zone == "actions" else "enter")
        await settle(pilot, app)
        assert table.session.match.logs[-1].actions != actions_before
        await pilot.press("u")
        await settle(pilot, app)
        table = app.table
        assert table is not None
        assert table.session.assisted
        assert table.session.match.logs[-1].actions == actions_before
        assert table.session.match.state.view(0) == before
        assert table.awaiting == 0
        assert "assisted" in screen_text(app)


async def test_undo_is_refused_with_two_people() -> None:
    """With two people at the table, undo would rewrite another person's past: the key bar does not offer
    it and the key does nothing."""
    seats = [SeatSpec("Ann"), SeatSpec("Bob"), CPU]
    app = table_app(config("nap", seats, seed=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await settle(pilot, app)
        await pilot.press("u")
        await pilot.pause()
        table = app.table
        assert table is not None and not table.session.assisted
        assert "Undo" not in screen_text(app).splitlines()[-1]
        assert "Hint" in screen_text(app).splitlines()[-1]


async def test_turn_timer_lets_the_cpu_play_the_turn() -> None:
    """With a short turn timer and nobody pressing a key, the CPU plays the person's turn."""
    seats = [SeatSpec("You"), CPU, SeatSpec("Di", "cpu", "easy")]
    cfg = config("nap", seats, seed=6)
    cfg.timer_seconds = 0.3
    app = table_app(cfg)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None
        if table.awaiting == 0:  # the countdown shows while the turn lasts
            assert "timer" in screen_text(app)
        for _ in range(500):
            if any("time is up" in n.text for n in table.session.notes):
                break
            await pilot.pause(0.01)
        await settle(pilot, app)
        notes = [n.text for n in table.session.notes]
        assert "time is up: the CPU played You's turn" in notes
        # nobody pressed a key, so seat 0's move in the record was the CPU's
        assert any(a.startswith("0 ") for a in table.session.match.logs[0].actions), notes


async def test_cpu_seat_can_be_handed_over_and_taken_back() -> None:
    """``c`` hands the person's seat to the CPU (the game goes on) and takes it back."""
    seats = [SeatSpec("You"), CPU, SeatSpec("Di", "cpu", "easy")]
    cfg = config("nap", seats, seed=8)
    cfg.cpu_delay = 30.0  # the CPU is still "thinking" for the seat when it is taken back
    app = table_app(cfg)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None
        await pilot.pause()
        table.session.config.cpu_delay = 0.0
        table.generation += 1
        table.advance()
        await settle(pilot, app)
        assert table.awaiting == 0
        table.session.config.cpu_delay = 30.0
        await pilot.press("c")
        assert table.session.control[0] is not None
        assert table.cpu_seat == 0 and table.awaiting is None
        await pilot.press("c")
        await pilot.pause()
        assert table.session.control[0] is None
        assert table.awaiting == 0 and table.cpu_seat is None
        assert "takes the seat back" in log_text(app)


async def test_hint_names_an_action_with_its_reason() -> None:
    """``h`` asks the strongest CPU; its advice shows in the log for the person to act."""
    seats = [SeatSpec("You"), CPU, SeatSpec("Di", "cpu", "easy")]
    app = table_app(config("nap", seats, seed=9))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None
        await pilot.press("h")
        for _ in range(200):
            await pilot.pause(0.01)
            if any(n.text.startswith("Hint:") for n in table.session.notes):
                break
        hints = [n for n in table.session.notes if n.text.startswith("Hint:")]
        assert hints and hints[0].seat == 0 and " — " in hints[0].text


async def test_illegal_card_shows_the_rule_in_the_log() -> None:
    """Playing a card that does not follow suit is refused with the game's reason, nothing changes."""
    seats = [SeatSpec("You"), CPU, SeatSpec("Di", "cpu", "easy"), SeatSpec("Ed", "cpu", "random")]
    app = table_app(config("nap", seats, seed=1))

    def a_card_is_illegal(table: TableScreen) -> bool:
        view = table.session.match.state.view(0)
        return table.awaiting == 0 and view.phase == "play" and len(view.legal) < len(view.hand)

    async with app.run_test(size=(80, 24)) as pilot:
        await drive(pilot, app, first_legal, stop=a_card_is_illegal)
        table = app.table
        assert table is not None and isinstance(app.screen, TableScreen) and a_card_is_illegal(table)
        view = table.session.match.state.view(0)
        from cardsuite.tui.planning import safe_look
        from cardsuite.tui.widgets.hand import HandView

        legal = {c for a in view.legal for c in safe_look(table.session.game, a, view).cards}
        hand = table.query_one(HandView)
        bad = next(i for i, c in enumerate(hand.cards) if c not in legal)
        count = len(table.session.match.logs[-1].actions)
        await pilot.press(table.plan.key_of(hand.cards[bad]))
        await pilot.pause()
        assert len(table.session.match.logs[-1].actions) == count
        assert "Not allowed" in screen_text(app) or any("Not allowed" in n.text for n in table.session.notes)
        assert card_symbol(hand.cards[bad]) in screen_text(app)


async def test_gops_hot_seat_reveals_bids_together() -> None:
    """Two people play GOPS behind hand-off covers; bids are hidden until both have chosen."""
    gops = get_game("gops")
    players = 2 if 2 in gops.info.players else gops.info.players[0]
    seats = [SeatSpec("Ann"), SeatSpec("Bob")] + [CPU] * (players - 2)
    app = table_app(config("gops", seats, seed=5))
    other_chose_first: list[int] = []

    def check(text: str) -> None:
        assert "Pass to" in text
        assert not any(s in text for s in SUITS), text

    def watch(table: TableScreen) -> bool:
        """At every person's turn: nobody's choice of this round is visible before all have chosen."""
        seat = table.awaiting
        assert seat is not None
        view = table.session.match.state.view(seat)
        played = view.table["played"]
        assert isinstance(played, tuple)
        assert len({len(p) for p in played}) == 1, played
        if len(view.to_act) < players:
            other_chose_first.append(seat)
            assert "has chosen" in screen_text(table.app)
        return False

    async with app.run_test(size=(80, 24)) as pilot:
        run = await drive(pilot, app, random_legal(3), on_handoff=check, stop=watch)
    assert any("Pass to Bob" in h for h in run.handoffs) and any("Pass to Ann" in h for h in run.handoffs)
    assert other_chose_first, "no person ever chose after the other had already chosen"
    assert "The match is over" in run.match_page


async def test_gops_memory_mode_log_keeps_no_list_of_played_cards() -> None:
    """Play by memory: the log shows a round's cards until the next reveal, never a list of earlier ones."""
    app = table_app(config("gops", [SeatSpec("Ann"), CPU], seed=2, memory=True))
    seen: list[int] = []

    def watch(table: TableScreen) -> bool:
        lines = table.query_one(EventLog).shown
        played = [line for line in lines if " played the " in line]
        assert len(played) <= 2, lines  # one round of two players at most
        seen.append(len(played))
        return len(seen) >= 6

    async with app.run_test(size=(100, 40)) as pilot:
        await drive(pilot, app, first_legal, stop=watch)
    assert seen[0] == 0 and seen[-1] == 2


async def test_mouse_click_on_a_card_plays_it() -> None:
    """Clicking a legal card in the hand plays it, like Enter."""
    from cardsuite.tui.widgets.hand import HandView

    seats = [SeatSpec("You"), CPU, SeatSpec("Di", "cpu", "easy"), SeatSpec("Ed", "cpu", "random")]
    app = table_app(config("nap", seats, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None
        while table.session.match.state.view(0).phase == "bidding":
            await pilot.press(table.items[0].key)  # pass (or the first button)
            await settle(pilot, app)
            assert isinstance(app.screen, TableScreen)
        hand = table.query_one(HandView)
        target = next(i for i, c in enumerate(hand.cards) if c in hand.legal)
        card = hand.cards[target]
        start, _ = hand._spans[target]
        await pilot.click(HandView, offset=(start + hand.styles.gutter.left, hand.styles.gutter.top))
        await settle(pilot, app)
        assert any(a == f"0 play {card_text(card)}" for a in table.session.match.logs[-1].actions)


async def test_pages_open_on_their_keys() -> None:
    """``?`` keymap, ``r`` rules (Markdown), ``s`` scoreboard, ``t`` last trick, ``q`` menu."""
    seats = [SeatSpec("You"), CPU, SeatSpec("Di", "cpu", "easy")]
    app = table_app(config("nap", seats, seed=1))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot, app)
        for key, expected in [("question_mark", "back to your previous decision"), ("r", "Nap"),
                              ("s", "Scoreboard"), ("t", "Last trick"), ("q", "Quit this table")]:
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, TableScreen), key
            assert expected in screen_text(app), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen), key


async def test_arrows_choose_a_button_and_enter_presses_it() -> None:
    """While bidding, Enter presses nothing until an arrow chooses a button; → → chooses the second, the key
    bar says Enter makes that bid, and it does."""
    seats = [SeatSpec("You"), CPU, SeatSpec("Di", "cpu", "easy"), SeatSpec("Ed", "cpu", "random")]
    app = table_app(config("nap", seats, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None and table.zone == "actions"
        before = list(table.session.match.logs[-1].actions)
        await pilot.press("enter")
        await pilot.pause()
        assert table.session.match.logs[-1].actions == before
        assert "Enter chooses nothing yet" in log_text(app)
        second = table.items[1].actions[0]
        await pilot.press("right", "right")
        await pilot.pause()
        assert f"Enter {table.items[1].label}" in screen_text(app).splitlines()[-1]  # the key bar follows
        await pilot.press("enter")
        await settle(pilot, app)
        assert f"0 {second}" in table.session.match.logs[-1].actions


async def test_arrows_and_letters_move_the_card_cursor() -> None:
    """→ / d / . move right, ← / a / , move left, wrapping around the hand."""
    from cardsuite.tui.widgets.hand import HandView

    seats = [SeatSpec("You"), CPU, SeatSpec("Di", "cpu", "easy"), SeatSpec("Ed", "cpu", "random")]
    app = table_app(config("nap", seats, seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None
        while table.session.match.state.view(0).phase == "bidding":
            await pilot.press(table.items[0].key)  # pass (or the first button)
            await settle(pilot, app)
            assert isinstance(app.screen, TableScreen)
        assert table.zone == "hand"
        hand = table.query_one(HandView)
        await pilot.press("1")
        assert hand.cursor == 0
        await pilot.press("right", "d", "full_stop")
        assert hand.cursor == 3
        await pilot.press("left", "a", "comma", "left")
        assert hand.cursor == len(hand.cards) - 1


async def test_auto_play_plays_a_forced_card() -> None:
    """With auto-play on, the last card of a Nap hand (always forced) is played without a key."""
    seats = [SeatSpec("You"), CPU, SeatSpec("Di", "cpu", "easy"), SeatSpec("Ed", "cpu", "random")]
    cfg = config("nap", seats, seed=1)
    cfg.auto_play = True
    app = table_app(cfg)
    forced_turns: list[int] = []

    def one_deal(table: TableScreen) -> bool:
        view = table.session.match.state.view(0)
        if view.phase == "play" and len(view.legal) == 1:
            forced_turns.append(1)
        return len(table.session.match.logs) > 1

    async with app.run_test(size=(80, 24)) as pilot:
        run = await drive(pilot, app, random_legal(4), stop=one_deal)
        table = app.table
        assert table is not None
        notes = [n.text for n in table.session.notes]
    assert run.deal_pages
    assert not forced_turns, "a forced card waited for a key"
    assert any("played automatically" in n for n in notes), notes


async def test_a_list_of_choices_is_titled_by_what_it_asks() -> None:
    """Napoleon's bids open under "Bid: which one?", not the button's "Bid: 40 choices" with ": choose" after it."""
    seats = [SeatSpec("You")] + [SeatSpec(f"CPU {i}", "cpu", "easy") for i in range(1, 5)]
    app = table_app(config("napoleon", seats, seed=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None
        listed = next(item for item in table.plan.items if item.kind == "list")
        await pilot.press(listed.key)
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
    assert "Bid: which one?" in text and "choose" not in text
