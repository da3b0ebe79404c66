"""A move the server's CPU made in a person's seat is said to be the CPU's, with real server processes on loopback:
every seat's log (and the browser seat's) names the seat "Ann (the CPU)" on it, a person who comes back in a fresh
``join`` is told how many moves the CPU made for the seat and sees which in the log, the marks survive a
restart, and a client takes the marks only as what they may be."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import pytest

from cardsuite.core.game import Event
from cardsuite.i18n import use_language
from cardsuite.net.client import Client, cpu_marks
from cardsuite.tui.online.app import OnlineApp
from cardsuite.tui.online.cpu_moves import cpu_label, logged_marks, names_for
from cardsuite.tui.online.seating import Seating
from cardsuite.tui.screens.table import TableScreen

from ..tui.helpers import log_text
from .helpers import Clients, Terminal, page_of, running_server, start_server, wait_for

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000", "--turn-seconds", "0")
KEY = "d4" * 16  # a browser's key (its cookie)


def chosen_lines(app: OnlineApp) -> list[str]:
    """The log's lines of Ann's bids."""
    return [line for line in log_text(app).splitlines() if line.startswith("Ann") and "chosen" in line]


def test_another_seats_move_the_cpu_made_is_the_cpus_in_the_log_and_a_move_of_its_own_is_not(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            ann = await new()
            made = await ann.request("create", game="gops", players=2, cpu="random", name="Ann")
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))
            async with app.run_test(size=(100, 40)) as pilot:
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                await ann.request("cpu", on=True)  # the CPU bids for Ann
                await wait_for(lambda: "Ann (the CPU) has chosen" in chosen_lines(app), 20)
                await ann.request("cpu", on=False)
                await pilot.press("enter")  # Bob bids: the next prize is turned, Ann bids herself
                await wait_for(lambda: ann.view is not None and 0 in ann.view.to_act and bool(ann.view.legal)
                               and ann.view.history[-1].kind == "prize", 20)
                await ann.request("act", action=str(ann.view.legal[0]))
                await wait_for(lambda: "Ann has chosen" in chosen_lines(app), 20)
                assert chosen_lines(app) == ["Ann (the CPU) has chosen", "Ann has chosen"]

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url))


async def _ann_away(new: Clients, url: str) -> tuple[dict[str, object], Client]:
    """Ann hosts a GOPS table, Bob joins it (and stays), Ann's connection drops and, past the grace period, the
    CPU bids for her: what Ann's ``create`` answered, and Bob."""
    ann = await new()
    made = await ann.request("create", game="gops", players=2, cpu="random", name="Ann")
    bob = await new()
    await bob.request("join", code=made["code"], name="Bob")
    await ann.close()
    await wait_for(lambda: any(bob.view.history[i].seat == 0 for i in bob.by_cpu) if bob.view else False, 20)
    return made, bob


def test_a_fresh_join_that_resumes_the_seat_is_told_what_the_cpu_played_for_it(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            made, _bob = await _ann_away(new, url)
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Ann", token=str(made["token"])))
            async with app.run_test(size=(120, 40)):
                await wait_for(lambda: isinstance(app.screen, TableScreen) and "The CPU has made" in log_text(app), 20)
                lines = log_text(app).splitlines()
                assert "The CPU has made 1 move for your seat in this match (in this deal's log, such a move reads " \
                       "“Ann (the CPU)”)." in lines, lines
                assert any(line.startswith("Ann (the CPU) chose the") for line in lines), lines  # her own bid's card
                assert "Ann (the CPU) has chosen" in lines
                assert app.session is not None and app.session.me == 0

    with running_server(tmp_path, *FAST, "--grace-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_the_marks_of_the_deal_under_way_survive_a_restart(tmp_path: Path) -> None:
    async def before(url: str) -> tuple[dict[str, object], frozenset[int]]:
        async with Clients(url) as new:
            made, bob = await _ann_away(new, url)
            return made, bob.by_cpu

    async def after(url: str, made: dict[str, object]) -> tuple[frozenset[int], int]:
        async with Clients(url) as new:
            ann = await new()
            await ann.request("resume", code=made["code"], token=made["token"])
            await wait_for(lambda: ann.view is not None and bool(ann.by_cpu), 20)
            return ann.by_cpu, int(ann.table["seats"][0]["cpu_moves"])

    server = start_server(tmp_path, *FAST, "--grace-seconds", "0")
    try:
        made, bobs = asyncio.run(before(server.url))
    finally:
        server.kill()
    server = start_server(tmp_path, *FAST, "--grace-seconds", "30")
    try:
        marks, count = asyncio.run(after(server.url, made))
    finally:
        server.stop()
    assert bobs and count == 1
    assert len(marks) == 2  # Ann's own view: her bid's card (to her alone) and that she has chosen


def test_the_browser_seat_names_the_cpus_move_and_says_why_its_session_ends(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        page = page_of(url)
        async with Clients(url) as new, aiohttp.ClientSession() as session:
            ann = await new()
            made = await ann.request("create", game="gops", players=3, cpu="random", name="Ann")
            code = str(made["code"])
            gus = await Terminal.open(session, page, f"/web/ws/{code}/Gus", KEY)
            await gus.shows("Waiting for the host")
            await ann.request("start")
            await ann.request("cpu", on=True)
            await gus.shows("Ann (the CPU) has chosen")

            hal = await new()
            other = await hal.request("create", game="nap", players=3, cpu="random", name="Hal")
            cy = await Terminal.open(session, page, f"/web/ws/{other['code']}/Cy", "e5" * 16)
            await cy.shows("Waiting for the host")
            await hal.request("leave")  # the host leaves the waiting room: the table closes
            await cy.shows("The host left before the match started: this table has closed.")
            cy.drawn = ""
            await cy.press("q")  # the session does not end before the browser has said why
            await cy.shows("The host left before the match started", "Press any key to end the session.")
            await cy.press("x")
            with pytest.raises(AssertionError, match="closed"):
                await cy.shows("never drawn", seconds=20)

            full = await new()
            two = await full.request("create", game="gops", players=2, cpu="random", name="Di")
            await (await new()).request("join", code=two["code"], name="Ed")
            late = await Terminal.open(session, page, f"/web/ws/{two['code']}/Flo", "f6" * 16)
            await late.shows("every seat at this table is taken", "Press any key to end the session.")
            for terminal in (gus, cy, late):
                await terminal.close()

    with running_server(tmp_path, *FAST, "--web", "--web-seats-per-address", "10") as server:
        asyncio.run(run(server.url))


def test_a_guest_who_leaves_a_closed_table_is_told_why_not_that_the_seat_is_kept(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            hal = await new()
            made = await hal.request("create", game="nap", players=3, cpu="random", name="Hal")
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Gus"))
            async with app.run_test(size=(120, 40)) as pilot:
                await wait_for(lambda: app.client is not None and len(app.client.table.get("seats", [])) == 3, 20)
                await hal.request("leave")
                await wait_for(lambda: app.client is not None and app.client.table.get("status") == "closed", 20)
                await pilot.press("q")
            assert app.online is not None and not app.online.kept
            assert app.online.left_line() == "The host left before the match started: this table has closed."

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url))


def test_a_client_takes_by_cpu_only_as_indices_of_the_events_it_was_sent() -> None:
    assert cpu_marks([3, 5], 3, 4) == {3, 5}
    assert cpu_marks(None, 0, 4) == frozenset()  # a server that does not send it marks nothing
    for hostile in ("0", {"0": 1}, [True, 0.5, "1", None, [1], -1, 7, 2**70], list(range(99))):
        assert cpu_marks(hostile, 2, 5) == frozenset(), hostile
    client = Client("ws://127.0.0.1:1/game")
    view = {"game": "gops", "history_from": 0, "history": []}
    client._take_view({"deal": 0, "step": 0, "view": {**view, "history": [{"kind": "prize", "text": "x"}] * 3},
                       "by_cpu": [0, 2]})
    assert client.by_cpu == {0, 2}
    more = {**view, "history_from": 3, "history": [{"kind": "x", "text": "y"}]}
    client._take_view({"deal": 0, "step": 1, "view": more, "by_cpu": "everything"})
    assert client.by_cpu == {0, 2}  # what it held stays; the hostile field adds nothing
    client._take_view({"deal": 0, "step": 2, "view": {**view, "history_from": 1, "history": []}})
    assert client.by_cpu == {0}  # the history was sent again from 1: its marks with it
    client._take_view({"deal": 1, "step": 0, "view": view, "by_cpu": []})
    assert client.by_cpu == frozenset()  # a new deal


def test_the_logs_words_for_a_cpu_move_in_each_language() -> None:
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "open", "name": "CPU 1"}, {"kind": "open", "name": "Bob"}]
    names = ("Ann", "CPU 1", "Bob")
    assert names_for(Event("play", 0, "seat 0 played"), names, seats) == ("Ann (the CPU)", "CPU 1", "Bob")
    assert names_for(Event("play", 1, "seat 1 played"), names, seats) == names  # the server's own CPU seat
    assert names_for(Event("play", 2, "seat 2 played"), names, seats)[2] == "Bob (the CPU)"  # given up: still Bob's
    assert names_for(Event("prize", None, "prize"), names, seats) == names
    assert names_for(Event("play", 1, "seat 1 played"), names, ["not a seat"])[1] == "CPU 1"  # a server's garbage
    assert names_for(Event("play", 5, "seat 5 played"), names, seats) == names
    shared = Event("chosen", 0, "seat 0 has chosen")
    hidden = Event("reveal", 0, "seat 0 played the 2")
    history = (shared, hidden, shared, shared)
    assert logged_marks(history, (shared, shared, shared), {2}) == {1}  # a log that leaves events out
    assert logged_marks(history, history, {0, 3}) == {0, 3}
    use_language("ja")
    assert cpu_label("Ann") == "Ann（CPUが代行）"
    use_language("lt")
    assert cpu_label("Ann") == "Ann (ėjo kompiuteris)"

