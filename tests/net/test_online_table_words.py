"""What an online table offers and says: the start key for the host only, no hints, the menu's own words about
leaving, every seat's block for a watcher, the header in the reader's language, the lobby's game names, and a
rule's reason for a refused action in the reader's language with the seats' names."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from cardsuite.core.message import SeatRef, msg
from cardsuite.core.registry import get_game
from cardsuite.i18n import PSEUDO, translations, use_language
from cardsuite.i18n.render import render
from cardsuite.net import refusals
from cardsuite.net.client import refused
from cardsuite.tui.online.app import LobbyScreen, OnlineApp
from cardsuite.tui.online.lobby import LobbyApp, game_title
from cardsuite.tui.online.remote import SEAT_LEAVE, RemoteSession, remote_config, seat_line
from cardsuite.tui.online.seating import Seating
from cardsuite.tui.online.table_screen import SITTING_OUT, WATCHING
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.widgets.hand import HandView
from cardsuite.tui.widgets.table import TableView

from ..tui.helpers import log_text, screen_text
from .helpers import Clients, running_server, wait_for


def test_a_joined_player_has_no_start_key_no_hints_and_the_menu_says_what_leaving_does(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=3, cpu="random", name="Ann")
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))
            async with app.run_test(size=(120, 40)) as pilot:
                await wait_for(lambda: isinstance(app.screen, LobbyScreen), 20)
                await pilot.pause()
                assert "enter" not in app.screen.active_bindings  # only the host starts the match
                await host.request("start")
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                session = app.session
                assert session is not None
                await wait_for(lambda: session.client.view is not None and 1 in session.client.view.to_act, 20)
                await pilot.pause(0.3)
                offered = app.screen.active_bindings.get("h")
                assert offered is None or not offered.binding.show  # no hint offered online
                await pilot.press("h")
                await pilot.pause()
                assert "Hints are not available at online tables" in log_text(app)
                assert session.leave_words is SEAT_LEAVE and "kept" in SEAT_LEAVE.leave
                assert app.screen.query_one(HandView).cards  # a player's own hand, not the watcher's line

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_a_watcher_sees_every_seats_block_and_is_told_it_watches_where_a_hand_would_be(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            bob = await new()
            await bob.request("join", code=made["code"], name="Bob")  # every seat taken: it starts
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Cy", watch=True))
            async with app.run_test(size=(120, 40)) as pilot:
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                await wait_for(lambda: app.session is not None and app.session.client.view is not None, 20)
                await pilot.pause(0.3)
                drawn = str(app.screen.query_one(TableView).render())
                assert drawn.count(" held, ") == 2 and "(you)" not in drawn  # both seats' blocks, nobody "you"
                hand = app.screen.query_one(HandView)
                assert str(hand.render()) == WATCHING and "(no cards)" not in screen_text(app)

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_a_person_who_sat_down_mid_deal_is_told_why_no_hand_is_shown(tmp_path: Path) -> None:
    """In a one-deal match (GOPS) too: the line promises the next deal only if the match goes on."""
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=3, cpu="random", name="Ann")  # one deal
            await host.request("start")
            await wait_for(lambda: host.view is not None and len(host.view.hand) > 0, 20)
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Cy"))  # a CPU's seat, mid-deal
            async with app.run_test(size=(120, 40)) as pilot:
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                await wait_for(lambda: app.session is not None and app.session.client.view is not None, 20)
                await pilot.pause(0.3)
                assert app.session.sitting_out and app.session.me is not None
                assert str(app.screen.query_one(HandView).render()) == SITTING_OUT
                assert "if the match goes on" in SITTING_OUT  # a one-deal match has no next deal to promise
                assert "(no cards)" not in screen_text(app)

    with running_server(tmp_path, "--cpu-delay", "5", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_the_header_and_the_lobby_speak_the_readers_language() -> None:
    table: dict[str, Any] = {"game": "nap", "code": "K7P2QX", "options": {},
                             "seats": [{"name": n, "kind": "person"} for n in ("Ann", "Bob", "Cy")]}
    client: Any = SimpleNamespace(table=table, url="ws://h:1/game", deal=0, view=None)
    session = RemoteSession(client, get_game("nap"), remote_config(client))
    use_language(PSEUDO)
    assert "⟦" in session.deal_text()
    assert "⟦" in game_title("nap") and game_title("no-such-game") == "no-such-game"
    assert not LobbyApp.ENABLE_COMMAND_PALETTE  # Textual's "^p palette" is English only


def test_a_refused_action_is_noted_in_the_readers_language_with_the_seats_names() -> None:
    table: dict[str, Any] = {"game": "nap", "code": "K7P2QX", "options": {}, "you": 0,
                             "seats": [{"name": n, "kind": "person"} for n in ("Ann", "Bob", "Cy")]}
    english = "it is seat 1's turn, not seat 0's"

    async def request(kind: str, **fields: Any) -> dict[str, Any]:
        raise refused({"v": 1, "type": "error", "code": "illegal", "message": english})

    action = get_game("nap").parse_action("pass")
    client: Any = SimpleNamespace(table=table, url="ws://h:1/game", deal=0, step=0, request=request,
                                  view=SimpleNamespace(legal=(action,), history=()), pin=lambda after: after)
    session = RemoteSession(client, get_game("nap"), remote_config(client))
    use_language("ja")

    async def run() -> None:
        session.submit(0, action)
        for _ in range(20):
            await asyncio.sleep(0)

    asyncio.run(run())
    ja = translations("ja")
    reason = render(msg("it is {seat}'s turn, not {other}'s", seat=SeatRef(1), other=SeatRef(0)), ["Ann", "Bob", "Cy"],
                    ja)
    assert session.notes[-1].text == ja.gettext("Not allowed: {reason}").format(reason=reason)
    assert "Bob" in reason and english not in reason


def test_a_seat_taken_mid_deal_is_promised_no_deal_the_match_may_not_have() -> None:
    """A one-deal match has no next deal: the seat's line says what is true now, the refusal says "if"."""
    line = str(render(seat_line({"kind": "person", "connected": True, "from_next_deal": True}).message))
    assert line == "sat down during this deal: watches it"
    assert refusals.FROM_NEXT_DEAL.endswith("from the next deal if the match goes on")
