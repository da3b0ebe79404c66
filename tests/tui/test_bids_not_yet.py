"""Nap's Wellington and Blücher before they open: greyed out beside the legal bids with why, never chosen; a
game without the ``not_yet`` hook is offered its legal actions only, as before."""

from __future__ import annotations

import io
import random

import pytest

from cardsuite.core.game import State
from cardsuite.core.match import SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.tui.plain import PlainTable
from cardsuite.tui.planning import plan
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.session import Session
from cardsuite.tui.widgets.actions import ActionBar

from .helpers import config, log_text, screen_text, settle, table_app

SEATS = [SeatSpec("Ann")] + [SeatSpec(f"CPU {i}", "cpu", "random") for i in (1, 2, 3)]
WELLINGTON = "Wellington: only after a Nap bid"
BLUCHER = "Blücher: only after a Wellington bid"


def _nap_bidding(above_nap: str, bids: tuple[str, ...] = ()) -> State:
    """A 4-player Nap deal in its bidding, after ``bids`` (``pass`` or a bid) from the first speaker on."""
    nap = get_game("nap")
    state = nap.new_deal(4, nap.resolve_options({"above_nap": above_nap}, 4), 0, rng=random.Random(3))
    for call in bids:
        seat = sorted(state.to_act)[0]
        state.apply(seat, nap.parse_action(call if call == "pass" else f"bid {call}"))
    return state


def _offered(state: State) -> tuple[dict[str, str], dict[str, str]]:
    """The seat to act's buttons and greyed-out buttons, each key with its action."""
    seat = sorted(state.to_act)[0]
    offered = plan(get_game("nap"), state.view(seat), TableScreen.RESERVED_KEYS)
    assert all(item.kind == "not_yet" for item in offered.not_yet)
    return ({it.key: str(it.actions[0]) for it in offered.items},
            {it.key: f"{it.actions[0]}: {it.label}" for it in offered.not_yet})


def test_the_top_bids_the_options_allow_are_greyed_until_they_open() -> None:
    """Up to Blücher: both greyed at the start with their keys; after a nap Wellington is a button and only
    Blücher is greyed; after Wellington, Blücher is a button and nothing is greyed."""
    buttons, greyed = _offered(_nap_bidding("blucher"))
    assert "bid wellington" not in buttons.values() and "bid blucher" not in buttons.values()
    assert greyed == {"w": f"bid wellington: {WELLINGTON}", "b": f"bid blucher: {BLUCHER}"}
    buttons, greyed = _offered(_nap_bidding("blucher", ("nap",)))
    assert buttons["w"] == "bid wellington" and greyed == {"b": f"bid blucher: {BLUCHER}"}
    buttons, greyed = _offered(_nap_bidding("blucher", ("nap", "wellington")))
    assert buttons["b"] == "bid blucher" and greyed == {}


def test_only_the_bids_the_options_allow_are_greyed() -> None:
    """``above_nap=wellington`` (the default) greys Wellington alone; ``none`` greys nothing."""
    assert _offered(_nap_bidding("wellington"))[1] == {"w": f"bid wellington: {WELLINGTON}"}
    assert _offered(_nap_bidding("none"))[1] == {}


def test_a_game_without_the_hook_or_with_a_failing_one_offers_its_legal_actions_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    napas = get_game("napas")
    state = napas.new_deal(2, napas.resolve_options({}, 2), 0, rng=random.Random(1))
    view = state.view(sorted(state.to_act)[0])
    assert plan(napas, view).not_yet == ()
    nap = get_game("nap")
    state = _nap_bidding("blucher")
    view = state.view(sorted(state.to_act)[0])

    def broken(*_: object) -> None:
        raise RuntimeError("a bug in a plugin's hook")

    before = plan(nap, view)
    monkeypatch.setattr(nap, "not_yet", broken)
    after = plan(nap, view)
    assert after.not_yet == () and after.items == before.items


async def test_the_table_greys_them_and_their_keys_only_say_why() -> None:
    """80×24, CPU 2 has bid 4: Wellington and Blücher are greyed after Pass and Nap, the cursor never stops on
    them, and pressing ``w`` or clicking Blücher changes nothing and says why in one line each."""
    app = table_app(config("nap", SEATS, seed=8, above_nap="blucher"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert table is not None and table.awaiting == 0
        bar = table.query_one(ActionBar)
        assert [key for key, _ in bar.labels] == ["p", "n"]
        assert bar.greyed == (("w", WELLINGTON), ("b", BLUCHER))
        text = screen_text(app)
        assert "CPU 2 bid 4" in log_text(app) and "CPU 3 passed" in log_text(app)  # the bids so far, in the log
        assert f"w {WELLINGTON}" in text and f"b {BLUCHER}" in text, text
        for _ in range(4):
            await pilot.press("right")
            assert bar.selected is not None and bar.selected < len(bar.labels)
        before = list(table.session.match.logs[-1].actions)
        await pilot.press("w")
        await pilot.click(ActionBar, offset=_place_of(bar, len(bar.labels) + 1))
        await pilot.pause()
        assert table.session.match.logs[-1].actions == before
        assert table.awaiting == 0 and table.session.view(0).phase == "bidding"
        log = log_text(app)
        assert WELLINGTON in log and BLUCHER in log and "Not allowed" not in log, log


def _place_of(bar: ActionBar, index: int) -> tuple[int, int]:
    """Where the ``index``-th chip (buttons, then greyed ones) is drawn in the bar (x, y), past its padding."""
    row, start = next((r, s) for i, r, s, _e in bar._places if i == index)
    return start + bar.content_region.x - bar.region.x, row + bar.content_region.y - bar.region.y


def test_plain_offers_only_what_may_be_typed_and_gives_the_reason_for_a_bid_not_open_yet() -> None:
    """Every entry of the choices line is a choice whose first word is its key (scripts read it so); a bid
    not open yet, typed, gets the game's reason."""
    session = Session(config("nap", SEATS, seed=8, above_nap="blucher"))
    out = io.StringIO()
    PlainTable(session, io.StringIO("wellington\n"), out).run()
    lines = out.getvalue().splitlines()
    choices = next(line for line in lines if line.startswith("Your turn, Ann. You may:"))
    assert choices.endswith("p Pass | n Nap"), choices
    assert any("Wellington may be bid only after nap" in line for line in lines), lines[-6:]
