"""The table screen for a seat at a server: ``cardsuite host``, ``cardsuite join`` and the browser seat.

``OnlineApp`` connects inside Textual's own event loop, creates, joins or resumes a seat (the token is
kept in the data folder, so the same command again resumes it), shows a lobby with the join code until
the match starts, then the ordinary table screen over a ``RemoteSession``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...core.errors import CardsuiteError
from ...core.message import N_
from ...core.registry import get_game
from ...i18n import _, game_words
from ...net.client import Client, ClientError
from ...net.tokens import SavedSeat, find_seat, forget_seat, keep_seat
from .. import app as tui_app
from ..app import CardsuiteApp
from ..render import Display
from ..screens.table import TableScreen
from ..words import translate_bindings
from .remote import RemoteSession, remote_config


@dataclass
class Seating:
    """What to do on connecting: ``create`` a table, ``join`` one (or ``watch``), with these details."""

    url: str
    code: str | None = None
    name: str = "Player"
    watch: bool = False
    token: str | None = None
    create: dict[str, Any] = field(default_factory=dict)
    page: str | None = None  # the browser seat's page: the table notes a link back to the seat
    identity: str | None = None  # the player identity's key for this server (rated tables need it)


def lobby_lines(table: Mapping[str, Any], url: str) -> list[str]:
    """The lobby's text in the reader's language: the table and its join code, how friends join, the seats."""
    code = str(table.get("code", ""))
    try:
        title = game_words(get_game(str(table.get("game", "")))).gettext(str(table.get("title", "")))
    except CardsuiteError:  # a game this program lacks: the server's title as it is
        title = str(table.get("title", ""))
    lines = [_("{game}: table {code} at {server}").format(game=title, code=code, server=url), ""]
    # TRANSLATORS: HOST and NAME in the command stand for the server's address and the friend's name.
    lines.append(_("Friends join with: {command}").format(command=f"cardsuite join HOST {code} --name NAME"))
    lines.append("")
    for index, seat in enumerate(table.get("seats", [])):
        name = str(seat.get("name") or "")
        if seat.get("kind") != "person":
            line = _("seat {number}: open (CPU {level} until someone sits down)")
        elif index == table.get("you"):
            line = _("seat {number}: {name} (you)")
        elif seat.get("connected"):
            line = _("seat {number}: {name}")
        else:
            line = _("seat {number}: {name} (not connected)")
        lines.append("  " + line.format(number=index, name=name, level=table.get("cpu", "")))
    lines.append("")
    lines.append(_("Press Enter to start now.") if table.get("host") else _("Waiting for the host to start."))
    return lines


class LobbyScreen(Screen[None]):
    """The table before its match starts: the join code, who sits where; the host starts it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", N_("Start now (empty seats are CPUs)")),
        Binding("q", "quit", N_("Leave")),
    ]

    def __init__(self, client: Client) -> None:
        super().__init__()
        translate_bindings(self)
        self.client = client

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            yield Static(id="lobby-text", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        """Redraw from the table summary."""
        self.query_one("#lobby-text", Static).update("\n".join(lobby_lines(self.client.table, self.client.url)))

    async def action_start(self) -> None:
        """The host starts the match."""
        if not self.client.table.get("host"):
            self.notify(_("Only the host starts the match."))
            return
        try:
            await self.client.request("start")
        except ClientError as exc:
            self.notify(exc.message, severity="warning", markup=False)

    def action_quit(self) -> None:
        """Leave (the seat stays yours: the same command resumes it)."""
        self.app.exit()


class OnlineApp(CardsuiteApp):
    """One seat (or a watcher) at a server's table, on the ordinary table screen."""

    no_intro = True
    CSS_PATH = str(Path(tui_app.__file__).parent / "styles" / "app.tcss")

    def __init__(self, seating: Seating, display: Display | None = None) -> None:
        super().__init__()
        self.seating = seating
        self.display_style = display or Display(False, False)
        self.client: Client | None = None
        self.session: RemoteSession | None = None
        self.error: str | None = None
        self.token: str | None = None
        self._seen: object = None
        self._follow: asyncio.Task[None] | None = None

    def on_mount(self) -> None:
        """Connect and sit down (no home screen here)."""
        self.run_worker(self.sit_down(), exclusive=True)

    async def sit_down(self) -> None:
        """Connect, create/join/resume, then the lobby or the table."""
        seating = self.seating
        try:
            client = await Client(seating.url).connect()
            self.client = client
            if seating.create:
                mine: dict[str, Any] = {"identity": seating.identity} if seating.identity else {}
                made = await client.request("create", name=seating.name, **{**mine, **seating.create})
                self._keep(str(made["code"]), str(made["token"]), int(made["seat"]))
            else:
                assert seating.code is not None
                saved = None if seating.watch else find_seat(seating.url, seating.code)
                token = seating.token or (saved.token if saved else None)
                if token:
                    resumed = await client.request("resume", code=seating.code, token=token)
                    self._keep(seating.code, token, int(resumed.get("seat") or 0))
                elif seating.watch:
                    await client.request("join", code=seating.code, watch=True)
                else:
                    extra: dict[str, Any] = {"identity": seating.identity} if seating.identity else {}
                    made = await client.request("join", code=seating.code, name=seating.name, **extra)
                    self._keep(seating.code, str(made["token"]), int(made["seat"]))
        except ClientError as exc:
            if exc.code == "bad_token" and seating.code:
                forget_seat(seating.url, seating.code)
            self.error = exc.message
            self.exit()
            return
        for _attempt in range(100):
            if client.table:
                break
            await asyncio.sleep(0.05)
        self.session = RemoteSession(client, get_game(str(client.table["game"])), remote_config(client))
        self.session.on_change = self.changed
        if seating.page and self.token and seating.code:
            link = f"{seating.page}?code={seating.code}&seat={self.token}"
            self.session.note(_("Your seat's link (keep it to come back): {link}").format(link=link), self.session.me)
        if client.table.get("status") == "lobby":
            await self.push_screen(LobbyScreen(client))
        else:
            self.open_table()
        self._follow = asyncio.get_running_loop().create_task(self._follow_then_leave())

    def _keep(self, code: str, token: str, seat: int) -> None:
        keep_seat(SavedSeat(self.seating.url, code, token, seat, self.seating.name))
        self.token = token
        if self.seating.create:
            self.seating.code = code

    async def _follow_then_leave(self) -> None:
        assert self.session is not None
        await self.session.follow()

    def open_table(self) -> None:
        """The table screen over the remote session."""
        assert self.session is not None
        self.session.config = remote_config(self.session.client, self.display_style.ascii_only,
                                            self.display_style.four_colour)
        self.push_screen(TableScreen(self.session, self.display_style))

    def changed(self) -> None:
        """A message arrived: the lobby redraws, or the table looks again."""
        client, session = self.client, self.session
        if client is None or session is None or not self.is_running or not self.screen_stack:
            return
        if isinstance(self.screen, LobbyScreen):
            if client.table.get("status") == "lobby":
                self.screen.show()
                return
            self.pop_screen()
            self.open_table()
            return
        table = self.table
        if table is None or table.finished or not table.is_mounted:
            return
        seen = (client.deal, client.step, session.next_turn(), len(client.table.get("results", [])))
        if seen != self._seen and self.screen is table:
            self._seen = seen
            table.advance()
        else:
            table.refresh_table()

    def table_finished(self, then: str = "leave") -> None:
        """Leaving an online table ends the program (the seat stays resumable until the match ends)."""
        session = self.session
        if session is not None and session.match_over and self.seating.code:
            forget_seat(self.seating.url, self.seating.code)
        self.exit()

    async def on_unmount(self) -> None:
        """Stop following the server and close the connection."""
        if self._follow is not None:
            self._follow.cancel()
        if self.session is not None:
            await self.session.close()


def _probe(url: str) -> None:
    """Fail in one line, before the screen opens, when the server cannot be reached."""

    async def check() -> None:
        client = await Client(url).connect(timeout=10)
        await client.close()

    try:
        asyncio.run(check())
    except ClientError as exc:
        raise CardsuiteError(exc.message) from None


def run_online(seating: object, display: object = None) -> None:
    """Run an online table in the terminal (``host``, ``join``, the home screen's Online entry)."""
    from ...storage.settings import load_settings
    from ..config import suits_encodable

    assert isinstance(seating, Seating)
    if not isinstance(display, Display):
        prefs = load_settings()
        display = Display(prefs.ascii or not suits_encodable(), prefs.four_colour)
    _probe(seating.url)
    app = OnlineApp(seating, display)
    app.run()
    if app.error:
        raise CardsuiteError(app.error)
    if seating.code and not (app.session and app.session.match_over):
        kept = _("your seat at table {code} is kept; the same `cardsuite join` resumes it")
        print(f"cardsuite: {kept.format(code=seating.code)}")
