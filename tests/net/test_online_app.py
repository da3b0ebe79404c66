"""``cardsuite host``/``join`` on the real table screen: a Pilot drives an ``OnlineApp`` at a real server."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from cardsuite.net.client import Client, ClientError
from cardsuite.net.tokens import find_seat
from cardsuite.tui.online.app import LobbyScreen, OnlineApp
from cardsuite.tui.online.seating import Seating
from cardsuite.tui.screens.table import TableScreen

from .helpers import Clients, play_randomly, running_server, start_server, wait_for


async def to_match_over(app: App[Any], pilot: Pilot[Any], ann: Client) -> None:
    """The server's CPU plays the app's seat (``c``) while Ann plays hers, to the match-over page."""
    from cardsuite.tui.screens.modals import MatchOverScreen, TextScreen

    await pilot.press("c")
    await play_randomly(ann, random.Random(1))
    await wait_for(lambda: isinstance(app.screen, TextScreen), 30)
    await pilot.press("enter")
    await wait_for(lambda: isinstance(app.screen, MatchOverScreen), 20)


def test_a_remote_seat_plays_cards_from_the_table_screen(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann", seed=3)
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))
            async with app.run_test(size=(120, 40)) as pilot:
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                assert app.session is not None and app.session.me == 1
                saved = find_seat(url, str(made["code"]))
                assert saved is not None and saved.seat == 1  # `join` again resumes this seat
                opponent = asyncio.ensure_future(play_randomly(host, random.Random(1)))
                client = app.session.client
                for _ in range(3):  # Enter plays the card under the cursor, each round
                    await wait_for(lambda: client.view is not None
                                   and (1 in client.view.to_act or client.view.is_over), 20)
                    if client.view is not None and client.view.is_over:
                        break
                    step = client.step
                    await pilot.pause(0.2)
                    await pilot.press("enter")
                    await wait_for(lambda s=step: client.step != s or client.view.is_over, 20)
                await wait_for(lambda: client.view is not None and len(client.view.table["played"][1]) == 3, 20)
                opponent.cancel()

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0", "--rate", "1000") as server:
        asyncio.run(run(server.url))


def test_the_host_waits_in_the_lobby_and_starts_the_match(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        app = OnlineApp(Seating(url, name="Ann", create={"game": "nap", "players": 3, "cpu": "random",
                                                           "options": {}}))
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(lambda: isinstance(app.screen, LobbyScreen), 20)
            assert app.client is not None
            code = str(app.client.table.get("code"))
            await wait_for(lambda: code in str(app.screen.query_one("#lobby-text").render()), 20)
            hint = str(app.screen.query_one("#lobby-text").render())
            port = url.rsplit(":", 1)[1].split("/")[0]
            assert f"cardsuite join 127.0.0.1:{port} {code} --name NAME" in hint  # the real server, not HOST
            await pilot.press("enter")
            await wait_for(lambda: isinstance(app.screen, TableScreen), 20)

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


async def test_the_home_screen_online_entry_says_why_it_could_not_sit_down_and_stays() -> None:
    """No server at the address: the dialog says so in place, the program goes on, Esc is back home."""
    from textual.widgets import Button, Input, Label, Static

    from cardsuite.tui.app import CardsuiteApp
    from cardsuite.tui.online.dialog import OnlineDialog
    from cardsuite.tui.screens.home import HomeScreen

    app = CardsuiteApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.screen.query_one("#online", Button).press()  # the "Online…" button under the form
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, OnlineDialog)
        assert dialog.query(Label).first().size.height >= 2  # the first sentence wraps, not cut
        dialog.query_one("#online-server", Input).value = "127.0.0.1:9"  # nothing answers there
        dialog.go()
        error = dialog.query_one("#online-error", Static)
        await wait_for(lambda: "Not seated" in str(error.render()), 20)
        assert app.is_running and app.screen is dialog and app.online is None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


def test_the_home_screen_hosts_or_joins_in_place_and_leaving_goes_back_home(tmp_path: Path) -> None:
    """Host from the home screen: the waiting room in the same app, q back home (the host leaving closes the
    table, and says so); a code the server does not know is said in the dialog; a known code opens its table,
    and leaving it goes home."""
    from textual.widgets import Button, Input, Static

    from cardsuite.tui.app import CardsuiteApp
    from cardsuite.tui.online.dialog import OnlineDialog
    from cardsuite.tui.screens.home import HomeScreen

    def dialog_drawn(app: CardsuiteApp) -> bool:
        """The online dialog is the screen and has composed its fields and buttons (a busy machine may show
        the screen a moment before its widgets)."""
        screen = app.screen
        if not isinstance(screen, OnlineDialog):
            return False
        return bool(screen.query("#online-server") and screen.query("#online-code") and screen.query("#online-go"))

    async def dialog(app: CardsuiteApp, pilot: object, url: str, code: str) -> OnlineDialog:
        await wait_for(lambda: isinstance(app.screen, HomeScreen) and bool(app.screen.query("#online")), 20)
        app.screen.query_one("#online", Button).press()
        await wait_for(lambda: dialog_drawn(app), 20)
        shown = app.screen
        assert isinstance(shown, OnlineDialog)
        shown.query_one("#online-server", Input).value = url.split("//", 1)[1].split("/", 1)[0]
        shown.query_one("#online-code", Input).value = code
        shown.go()
        return shown

    async def run(url: str) -> None:
        app = CardsuiteApp()
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            await dialog(app, pilot, url, "")  # host the form's table
            await wait_for(lambda: isinstance(app.screen, LobbyScreen), 20)
            assert app.online is not None and app.online.seating.create["game"]
            code = app.online.seating.code
            assert code
            await pilot.press("q")
            await wait_for(lambda: isinstance(app.screen, HomeScreen), 20)
            assert app.is_running and app.online is None
            said = " ".join(str(n.message) for n in app._notifications)
            assert f"table {code} has closed: you left its waiting room before the match started" in said
            assert "resumes it" not in said
            await wait_for(lambda: bool(app.screen.query("#online")), 20)
            app.screen.query_one("#online", Button).press()  # the dialog opens with the server it sat down at
            await wait_for(lambda: dialog_drawn(app), 20)
            assert app.screen.query_one("#online-server", Input).value == url.split("//", 1)[1].split("/", 1)[0]
            await pilot.press("escape")
            refused = await dialog(app, pilot, url, "ZZZZZZ")  # no such table at this server
            error = refused.query_one("#online-error", Static)
            await wait_for(lambda: "Not seated" in str(error.render()), 20)
            assert app.screen is refused and app.is_running
            await pilot.press("escape")
            async with Clients(url) as new:
                host = await new()
                made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
                await host.request("start")
                await dialog(app, pilot, url, str(made["code"]))
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                assert app.online is not None and app.online.session.me == 1
                await wait_for(lambda: app.online is not None and app.online.session.client.view is not None, 20)
                await pilot.pause(0.3)  # the table has drawn itself
                app.screen.quit_table()
                await wait_for(lambda: isinstance(app.screen, HomeScreen), 20)
                assert app.is_running and app.online is None

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_a_seat_comes_back_by_itself_after_the_server_is_killed(tmp_path: Path) -> None:
    """kill -9 of the server: the table says reconnecting…, then the seat is back when the server is, untyped."""
    first = start_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0")
    port = first.url.rsplit(":", 1)[1].split("/", 1)[0]
    servers = [first]

    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            host.rejoin = ("resume", {"code": made["code"], "token": made["token"]})
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))
            async with app.run_test(size=(120, 40)):
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                session = app.session
                assert session is not None
                lines = [str(line.text) for line in session.status_lines()]
                assert lines[0] == "table {code}" and session.status_lines()[0].values["code"] == made["code"]
                assert [str(session.seat_status(s).text) for s in (0, 1)] == ["connected", "connected"]
                servers[0].kill()
                await wait_for(lambda: session.client.reconnecting, 20)
                assert "reconnecting…" in [str(line.text) for line in session.status_lines()]
                servers.append(start_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0", "--port", port))
                await wait_for(lambda: not session.client.reconnecting and session.me == 1, 30)
                await wait_for(lambda: all(s.get("connected") for s in session.client.table.get("seats", [])), 30)
                assert session.gone is None and session.client.view is not None
                assert isinstance(app.screen, TableScreen)

    try:
        asyncio.run(run(first.url))
    finally:
        servers[-1].stop()


def test_a_seat_back_after_the_grace_period_is_told_what_the_cpu_played_for_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bob's connection drops and stays away past the grace period, so the server's CPU bids for him; when it
    comes back, his log says the CPU played for him while he was away, just before that bid, then that he is back."""
    from cardsuite.net import client as client_module

    from ..tui.helpers import log_text

    monkeypatch.setattr(client_module, "BACKOFF", (0.1, 0.3))

    async def run(url: str) -> None:
        async with Clients(url) as new:
            ann = await new()
            made = await ann.request("create", game="gops", players=2, cpu="random", name="Ann")
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))
            async with app.run_test(size=(100, 40)):
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                assert app.session is not None
                client = app.session.client
                await wait_for(lambda: client.view is not None and 1 in client.view.to_act, 20)
                opened, back = client._open, asyncio.Event()

                async def held(timeout: float) -> None:  # the network stays down until the CPU has bid for Bob
                    if not back.is_set():
                        raise ClientError("connect", "the network is down")
                    await opened(timeout)

                client._open = held  # type: ignore[method-assign]
                assert client.ws is not None
                await client.ws.close()
                await wait_for(lambda: ann.view is not None and any(e.kind == "chosen" and e.seat == 1
                                                                    for e in ann.view.history), 20)
                back.set()
                await wait_for(lambda: "Reconnected" in log_text(app), 20)
                lines = log_text(app).splitlines()
                away = [i for i, line in enumerate(lines) if "Bob was away: the CPU played for them" in line]
                assert away and lines[away[0] + 1].startswith("Bob (the CPU) chose"), lines
                assert away[0] < next(i for i, line in enumerate(lines) if line.startswith("Reconnected")), lines

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0", "--grace-seconds", "1") as server:
        asyncio.run(run(server.url))


def test_each_seat_says_whether_its_person_is_here_or_a_cpu_stands_in(tmp_path: Path) -> None:
    """A dropped person's seat counts down the grace period, then says a CPU plays it."""
    from cardsuite.core.registry import get_game
    from cardsuite.tui.online.remote import RemoteSession, remote_config

    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            bob = await new()
            await bob.request("join", code=made["code"], name="Bob")
            await wait_for(lambda: bool(bob.table) and bob.table["status"] == "playing")
            session = RemoteSession(bob, get_game("gops"), remote_config(bob))
            assert session.seat_status(0) is not None and session.seat_status(0).text == "connected"
            await host.close()
            await wait_for(lambda: session.seat_status(0).text == "away: a CPU takes over in {seconds} s")
            assert 0 < int(session.seat_status(0).values["seconds"]) <= 2
            await wait_for(lambda: session.seat_status(0).text == "away: a CPU plays", 10)
            assert session.seat_status(1).text == "connected"
            assert session.status_lines()[0].values["code"] == made["code"]

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0", "--grace-seconds", "2") as server:
        asyncio.run(run(server.url))


def test_a_lobby_whose_host_left_says_it_has_closed(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="nap", players=3, cpu="random", name="Ann")
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))
            async with app.run_test(size=(120, 40)):
                await wait_for(lambda: isinstance(app.screen, LobbyScreen), 20)
                await host.request("leave")
                await wait_for(lambda: "has closed" in str(app.screen.query_one("#lobby-text").render()), 20)
                assert isinstance(app.screen, LobbyScreen)
                said = " ".join(str(app.screen.query_one("#lobby-text").render()).split())
                assert "The host left before the match started: this table has closed." in said

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_a_seat_whose_screen_looks_after_the_match_was_filed_still_gets_the_deal_and_match_pages(
        tmp_path: Path) -> None:
    """The table may say the match is filed before a seat's screen has looked at the last deal's view (or the
    person comes back after it): the deal's page and the match's still open, not a table waiting for nothing."""
    from cardsuite.tui.screens.modals import MatchOverScreen, TextScreen

    from ..tui.helpers import screen_text

    async def run(url: str) -> None:
        async with Clients(url) as new:
            ann, bob = await new(), await new()
            made = await ann.request("create", game="gops", players=2, cpu="random", name="Ann")
            joined = await bob.request("join", code=made["code"], name="Bob")
            await asyncio.gather(play_randomly(ann, random.Random(1)), play_randomly(bob, random.Random(2)))
            assert ann.table.get("status") == "finished"
            await bob.close()
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob", token=str(joined["token"])))
            async with app.run_test(size=(100, 30)) as pilot:
                await wait_for(lambda: isinstance(app.screen, TextScreen) and "Deal 1 is over" in screen_text(app), 20)
                await pilot.press("enter")
                await wait_for(lambda: isinstance(app.screen, MatchOverScreen), 20)

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_deals_that_ended_while_a_deals_page_was_open_get_their_pages_in_turn(tmp_path: Path) -> None:
    """Both seats played by the server's CPU: the match ends while the first deal's page is open; Enter then
    shows each later deal's page in turn, and only after the last the match's."""
    from cardsuite.tui.screens.modals import MatchOverScreen, TextScreen

    from ..tui.helpers import screen_text

    async def run(url: str) -> None:
        async with Clients(url) as new:
            ann = await new()
            made = await ann.request("create", game="gops", players=2, cpu="random", name="Ann",
                                     options={"games": 3})
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))
            async with app.run_test(size=(100, 30)) as pilot:
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                assert app.session is not None
                client = app.session.client
                await ann.request("cpu", on=True)
                await pilot.press("c")
                await wait_for(lambda: isinstance(app.screen, TextScreen) and "Deal 1 is over" in screen_text(app), 30)
                await wait_for(lambda: bool(client.table.get("match_over")), 30)
                assert len(client.table["results"]) == 3
                for number in (2, 3):
                    await pilot.press("enter")
                    await wait_for(lambda n=number: isinstance(app.screen, TextScreen)
                                   and f"Deal {n} is over" in screen_text(app), 10)
                await pilot.press("enter")
                await wait_for(lambda: isinstance(app.screen, MatchOverScreen), 10)

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_play_again_asks_for_the_rematch_waits_for_everyone_then_opens_the_new_table(tmp_path: Path) -> None:
    """The match-over page's Play again at an online table: the rematch page says who has asked; when the
    other person asks too, the new table opens on the same screen, its code kept for `cardsuite join`."""
    from cardsuite.tui.online.rematch import RematchScreen

    from ..tui.helpers import screen_text

    async def run(url: str) -> None:
        async with Clients(url) as new:
            ann = await new()
            made = await ann.request("create", game="gops", players=2, cpu="random", name="Ann")
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))
            async with app.run_test(size=(100, 30)) as pilot:
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                await to_match_over(app, pilot, ann)
                await pilot.press("a")
                await wait_for(lambda: isinstance(app.screen, RematchScreen) and "Bob: asked" in screen_text(app), 20)
                assert "Ann: not yet" in screen_text(app) and app.is_running
                await ann.request("rematch")
                await wait_for(lambda: isinstance(app.screen, TableScreen) and app.online is not None
                               and app.online.seating.code != made["code"], 20)
                code = app.online.seating.code
                assert code is not None and app.session is not None and app.session.client.table["code"] == code
                await wait_for(lambda: app.session is not None and app.session.client.view is not None
                               and len(app.session.client.view.hand) == 13, 20)
                saved = find_seat(url, code)
                assert saved is not None and saved.token == app.token

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_play_again_at_a_table_taken_from_the_home_screen_asks_for_the_rematch(tmp_path: Path) -> None:
    """From the home screen's Online… dialog too, Play again opens the rematch page; leaving it goes home."""
    from textual.widgets import Button, Input

    from cardsuite.tui.app import CardsuiteApp
    from cardsuite.tui.online.dialog import OnlineDialog
    from cardsuite.tui.online.rematch import RematchScreen
    from cardsuite.tui.screens.home import HomeScreen

    from ..tui.helpers import screen_text

    async def run(url: str) -> None:
        async with Clients(url) as new:
            ann = await new()
            made = await ann.request("create", game="gops", players=2, cpu="random", name="Ann")
            app = CardsuiteApp()
            app.no_intro = True  # no "how to play" page over the table on its first play
            async with app.run_test(size=(120, 50)) as pilot:
                await wait_for(lambda: isinstance(app.screen, HomeScreen), 20)
                app.screen.query_one("#online", Button).press()
                await wait_for(lambda: isinstance(app.screen, OnlineDialog), 20)
                dialog = app.screen
                assert isinstance(dialog, OnlineDialog)
                dialog.query_one("#online-server", Input).value = url.split("//", 1)[1].split("/", 1)[0]
                dialog.query_one("#online-code", Input).value = str(made["code"])
                dialog.query_one("#online-name", Input).value = "Bob"
                dialog.go()
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)  # both seats taken: it starts
                await wait_for(lambda: app.online is not None and app.online.session.client.view is not None, 20)
                await pilot.pause(0.3)  # the table has drawn itself
                await to_match_over(app, pilot, ann)
                await pilot.press("a")
                await wait_for(lambda: isinstance(app.screen, RematchScreen) and "Bob: asked" in screen_text(app), 20)
                await pilot.press("q")
                await wait_for(lambda: isinstance(app.screen, HomeScreen), 20)
                assert app.is_running and app.online is None

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_a_seat_is_told_when_another_asks_to_play_again(tmp_path: Path) -> None:
    """Ann asks for the rematch first: Bob's screen says so, once, so that he knows Play again answers it."""

    async def run(url: str) -> None:
        async with Clients(url) as new:
            ann = await new()
            made = await ann.request("create", game="gops", players=2, cpu="random", name="Ann")
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))
            async with app.run_test(size=(100, 30)) as pilot:
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                await to_match_over(app, pilot, ann)
                await ann.request("rematch")

                def told() -> list[str]:
                    return [str(n.message) for n in app._notifications if "play again" in str(n.message)]

                await wait_for(lambda: bool(told()), 20)
                await pilot.pause(0.3)
                assert told() == ["Ann asks to play again."]

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))
