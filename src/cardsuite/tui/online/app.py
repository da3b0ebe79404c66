"""The table screen for a seat at a server: ``cardsuite host``, ``cardsuite join`` and the browser seat.

``OnlineApp`` connects inside Textual's own event loop, creates, joins or resumes a seat, shows a lobby with
the join code until the match starts, then the ordinary table screen over a ``RemoteSession``. A terminal
keeps its seat tokens in the person's data folder (the same command again resumes the seat); a browser seat
brings the token its browser's cookie gives it and keeps no file. After a drop the client comes back by
itself (``Client.rejoin``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
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
from ...net.client import Client, ClientError, friends_address, page_address
from ...net.tokens import SavedSeat, find_seat, forget_seat, keep_seat
from ..render import Display
from ..screens.table import TableScreen
from ..table_app import TableApp
from ..words import translate_bindings
from .remote import RemoteSession, remote_config
from .seating import Seating

MAX_HOPS = 3
"""How many times a client follows ``elsewhere`` to the process that serves its table."""
MAX_RENAMES = 9
"""A browser seat whose link's name is taken at the table tries "Ann 2" ... "Ann 9"."""


def lobby_lines(table: Mapping[str, Any], url: str, hello: Mapping[str, Any] | None = None) -> list[str]:
    """The lobby's text in the reader's language: the table and its join code, how friends join, the seats."""
    code = str(table.get("code", ""))
    hello = hello or {}
    try:
        title = game_words(get_game(str(table.get("game", "")))).gettext(str(table.get("title", "")))
    except CardsuiteError:  # a game this program lacks: the server's title as it is
        title = str(table.get("title", ""))
    lines = [_("{game}: table {code} at {server}").format(game=title, code=code, server=url), ""]
    if table.get("practice"):
        lines += [_("Practice table: the host chose the deals, so they can be known. Nothing here is rated."), ""]
    public = hello.get("public_url") if isinstance(hello.get("public_url"), str) else None
    address = friends_address(url, public)
    # TRANSLATORS: NAME in the command stands for the friend's name.
    lines.append(_("Friends join with: {command}").format(command=f"cardsuite join {address} {code} --name NAME"))
    if hello.get("web"):
        lines.append(_("or in a browser: {link}").format(link=f"{page_address(url, public)}?code={code}"))
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
    if table.get("status") == "closed":
        lines.append(_("This table has closed: nobody was playing at it any more."))
    else:
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
        """Redraw from the table summary (and say so while the connection is being made again)."""
        texts = self.query("#lobby-text").results(Static)
        text = next(texts, None)
        if text is None:  # a message came before the screen was composed: on_mount draws it
            return
        lines = lobby_lines(self.client.table, self.client.url, self.client.hello)
        if self.client.reconnecting:
            lines.insert(1, _("reconnecting…"))
        text.update("\n".join(lines))

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


class OnlineApp(TableApp):
    """One seat (or a watcher) at a server's table, on the ordinary table screen."""

    no_intro = True

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

    @property
    def ascii_only(self) -> bool:
        """Whether the table is drawn in ASCII only (the display the command or the settings chose)."""
        return self.display_style.ascii_only

    def on_mount(self) -> None:
        """Connect and sit down (no home screen here)."""
        self.run_worker(self.sit_down(), exclusive=True)

    async def sit_down(self) -> None:
        """Connect, create/join/resume, then the lobby or the table."""
        seating = self.seating
        url = seating.url
        try:
            for hop in range(MAX_HOPS + 1):
                client = await Client(url, headers=seating.headers).connect()
                self.client = client
                try:
                    await self._take_seat(client)
                    break
                except ClientError as exc:
                    moved = exc.data.get("url")
                    if exc.code != "elsewhere" or not isinstance(moved, str) or hop == MAX_HOPS:
                        raise
                    await client.close()  # another process of the site serves this table: ask it there
                    url = moved
        except ClientError as exc:
            if exc.code == "bad_token" and seating.code and not seating.browser:
                forget_seat(seating.url, seating.code)
            self.error = exc.message
            self.exit()
            return
        if seating.watch:
            client.rejoin = ("join", {"code": seating.code, "watch": True})
        elif self.token and seating.code:
            client.rejoin = ("resume", {"code": seating.code, "token": self.token})
        for _attempt in range(100):
            if client.table:
                break
            await asyncio.sleep(0.05)
        self.session = RemoteSession(client, get_game(str(client.table["game"])), remote_config(client))
        self.session.on_change = self.changed
        if seating.browser:
            self.session.note(self.coming_back(), self.session.me)
        if client.table.get("status") == "lobby":
            await self.push_screen(LobbyScreen(client))
        else:
            self.open_table()
        self._follow = asyncio.get_running_loop().create_task(self._follow_then_leave())

    def coming_back(self) -> str:
        """What a browser's person is told about coming back to the seat (a link's seat: the same link)."""
        return _("This browser keeps your seat: open the same link again to come back to it.")

    async def _take_seat(self, client: Client) -> None:
        """Create, join, resume or watch, as the seating says."""
        seating = self.seating
        if seating.create:
            mine: dict[str, Any] = {"identity": seating.identity} if seating.identity else {}
            made = await client.request("create", name=seating.name, **{**mine, **seating.create})
            self._keep(str(made["code"]), str(made["token"]), int(made["seat"]))
            return
        assert seating.code is not None
        if seating.watch:
            await client.request("join", code=seating.code, watch=True)
            return
        if seating.browser and seating.token:  # the browser's own token: its seat again, or a new one
            await self._join_as_browser(client, seating.code, seating.token)
            return
        saved = find_seat(seating.url, seating.code)
        token = seating.token or (saved.token if saved else None)
        if token:
            resumed = await client.request("resume", code=seating.code, token=token)
            self._keep(seating.code, token, int(resumed.get("seat") or 0))
        else:
            extra: dict[str, Any] = {"identity": seating.identity} if seating.identity else {}
            made = await client.request("join", code=seating.code, name=seating.name, **extra)
            self._keep(seating.code, str(made["token"]), int(made["seat"]))

    async def _join_as_browser(self, client: Client, code: str, token: str) -> None:
        """Join with the browser's token (and its identity, the same player on rated tables each time); a name
        already seated becomes "Ann 2" (one link, many friends)."""
        mine: dict[str, Any] = {"identity": self.seating.identity} if self.seating.identity else {}
        name = self.seating.name
        for number in range(1, MAX_RENAMES + 1):
            try:
                await client.request("join", code=code, name=name, token=token, **mine)
                self.token = token
                return
            except ClientError as exc:
                if exc.code != "name_taken" or number == MAX_RENAMES:
                    raise
                name = f"{self.seating.name[:20]} {number + 1}"

    def _keep(self, code: str, token: str, seat: int) -> None:
        if not self.seating.browser:
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
            if client.table.get("status") in ("lobby", "closed"):  # a closed lobby says so where it is
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
