"""What the seat blocks say about a seat during the auction."""

from __future__ import annotations

import pytest

from cardsuite.core.match import SeatSpec

from .helpers import config, press_action, screen_text, settle, table_app


async def test_napoleon_seat_block_shows_the_latest_bid() -> None:
    """A seat that bid twice in Napoleon's auction shows its latest bid in its block, not its first."""
    seats = [SeatSpec("You")] + [SeatSpec(f"Cy{i}", "cpu", "normal") for i in range(4)]
    app = table_app(config("napoleon", seats, seed=4))
    twice: list[tuple[int, int]] = []
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(60):
            await settle(pilot, app)
            table = app.table
            assert table is not None
            view = table.session.view(0)
            if view.phase != "bidding" or table.awaiting != 0:
                break
            bids = view.table.get("bids", ())
            twice = [bid for who, bid in bids if who == 3]
            if len(twice) >= 2:
                break
            await press_action(pilot, table, next(a for a in view.legal if a.verb == "bid"))
        assert len(twice) >= 2, "with this seed Cy2 bids twice before the person's second bid"
        first, latest = (f"{n} {'♠♥♦♣'[suit]}" for n, suit in (twice[0], twice[-1]))
        text = "\n".join(line.rsplit("│", 1)[0] for line in screen_text(app).splitlines())  # the log left out
        assert f"bid {latest}" in text
        assert f"bid {first}" not in text


async def test_undo_is_offered_only_with_a_past_and_forgets_the_undone_notes() -> None:
    """The key bar offers Undo once the person has acted; after undo, notes of the undone moves are gone."""
    seats = [SeatSpec("You"), SeatSpec("Cy", "cpu", "random"), SeatSpec("Di", "cpu", "random")]
    app = table_app(config("nap", seats, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None and table.awaiting == 0
        assert not table.session.has_acted(0)
        assert "Undo" not in screen_text(app).splitlines()[-1]
        await press_action(pilot, table, table.session.view(0).legal[0])
        await settle(pilot, app)
        table.note("a note of the future", 0)
        await pilot.pause()
        assert "Undo" in screen_text(app).splitlines()[-1]
        await pilot.press("u")
        await settle(pilot, app)
        assert not any(n.text == "a note of the future" for n in table.session.notes)


@pytest.mark.parametrize("game", ["nap", "napas"])
async def test_the_highest_bidder_is_no_declarer_while_others_may_bid(game: str) -> None:
    """During the auction the highest bidder's block and the top line say "highest bid" (the top line names
    no trumps, as it would for a contract), and no line says what they need."""
    seats = [SeatSpec("You")] + [SeatSpec(f"C{i}", "cpu", "normal") for i in range(1, 4)]
    for seed in range(1, 30):
        cfg = config(game, seats, seed=seed)
        app = table_app(cfg)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            table = app.table
            assert table is not None
            view = table.session.view(0)
            bids = [a for a in view.legal if a.verb == "bid"]
            if table.awaiting != 0 or view.phase != "bidding" or not bids or view.dealer == 0:
                continue  # the person does not bid first or last here
            cfg.cpu_delay = 30.0  # the next CPU waits: the auction stays open
            await press_action(pilot, table, bids[0])
            await pilot.pause()
            if table.session.view(0).phase != "bidding":
                continue
            text = screen_text(app)
            assert "highest bid" in text
            assert "declarer" not in text and "needs" not in text and "has taken" not in text
            top = text.splitlines()[0]
            assert "highest bid: 3" in top and "by You" in top and "trumps" not in top
            return
    raise AssertionError("no seed lets the person bid with others still to speak")
