"""What the seat blocks say about a seat during the auction."""

from __future__ import annotations

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
