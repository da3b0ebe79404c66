"""What the seat blocks say about a seat during the auction."""

from __future__ import annotations

import re

import pytest

from cardsuite.core.match import SeatSpec
from cardsuite.i18n import _, use_language
from cardsuite.tui.render import Display
from cardsuite.tui.widgets.table import TableView

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


BID_WORD = {"en": re.compile(r"\bbid\b"), "ja": re.compile("宣言"), "lt": re.compile("pareiškimas")}
"""The noun of a bid in each language, which a seat's block says once: with its own bid, or with the highest."""


@pytest.mark.parametrize("language", ["en", "ja", "lt"])
@pytest.mark.parametrize(("seed", "where"), [(43, "left"), (4, "top"), (1, "right"), (10, "bottom")])
async def test_the_highest_bidder_block_says_its_role_once(language: str, seed: int, where: str) -> None:
    """Napas at six seats at 80×24, the person to bid (or having bid, the others still to speak): the highest
    bidder's block says "highest bid" and its bid in one line, not the role and then the bid again; the table
    shows the noun of a bid once for each seat that bid, and each bid's words once."""
    use_language(language)
    seats = [SeatSpec("Ona")] + [SeatSpec(f"CPU {i}", "cpu", "normal") for i in range(1, 6)]
    cfg = config("napas", seats, seed=seed)
    app = table_app(cfg)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None and table.awaiting == 0
        if where == "bottom":
            cfg.cpu_delay = 30.0  # the next CPU waits: the auction stays open
            await press_action(pilot, table, next(a for a in table.session.view(0).legal if a.verb == "bid"))
            await pilot.pause()
        view = table.session.view(0)
        high = view.table.get("declarer")
        assert view.phase == "bidding" and isinstance(high, int), view.table
        assert {0: "bottom", 1: "left", 5: "right"}.get(high, "top") == where, high
        model = app.screen.query_one(TableView).model
        assert model is not None
        block = " ".join(line.plain for line in model.seats[high].lines)
        assert len(BID_WORD[language].findall(block)) == 1, block
        bid = Display().say(table.session.game.contract_words(str(view.table["contract"])))
        assert block.count(bid) == 1, block
        assert block.count(_("highest bid: {bid}").format(bid=bid)) == 1, block
        rows = [line.rsplit("│", 1)[0] for line in screen_text(app).splitlines()]
        bottom = next(i for i, row in enumerate(rows) if i and "Ona" in row)  # the header may name her too
        drawn = "\n".join(rows[1:bottom + 1])  # the seats and the centre: no header, log, prompt or hand
        bidders = sum(1 for _seat, made in view.table["bids"] if made is not None)
        assert len(BID_WORD[language].findall(drawn)) == bidders, drawn
