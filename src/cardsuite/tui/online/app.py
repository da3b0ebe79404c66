"""The table screen for a seat at a server: ``cardsuite host``, ``cardsuite join`` and the browser seat.

``OnlineApp`` connects inside Textual's own event loop, creates, joins or resumes a seat (``connect.py``),
shows the waiting room with the join code until the match starts, then the ordinary table screen over a
``RemoteSession`` (``seat.py``). A terminal keeps its seat tokens in the person's data folder (the same command
again resumes the seat); a browser seat brings the token its browser's cookie gives it and keeps no file.
After a drop the client comes back by itself (``Client.rejoin``).
"""

from __future__ import annotations

import asyncio

from ...core.errors import CardsuiteError
from ...i18n import _
from ...net.client import Client, ClientError
from ..render import Display
from ..table_app import TableApp
from .connect import take_seat
from .remote import RemoteSession
from .seat import OnlineSeat
from .seating import Seating
from .waiting import LobbyScreen, lobby_lines

__all__ = ["LobbyScreen", "OnlineApp", "lobby_lines", "run_online"]


class OnlineApp(TableApp):
    """One seat (or a watcher) at a server's table, on the ordinary table screen."""

    no_intro = True

    def __init__(self, seating: Seating, display: Display | None = None) -> None:
        super().__init__()
        self.seating = seating
        self.display_style = display or Display(False, False)
        self.client: Client | None = None
        self.online: OnlineSeat | None = None
        self.error: str | None = None

    @property
    def session(self) -> RemoteSession | None:
        """The remote session, once seated."""
        return self.online.session if self.online is not None else None

    @property
    def token(self) -> str | None:
        """The seat's token, once seated (None: watching, or not seated yet)."""
        return self.online.token if self.online is not None else None

    @property
    def ascii_only(self) -> bool:
        """Whether the table is drawn in ASCII only (the display the command or the settings chose)."""
        return self.display_style.ascii_only

    def on_mount(self) -> None:
        """Connect and sit down (no home screen here)."""
        self.run_worker(self.sit_down(), exclusive=True)

    async def sit_down(self) -> None:
        """Connect, create/join/resume, then the waiting room or the table; a refusal ends the app with it."""
        try:
            seated = await take_seat(self.seating)
        except ClientError as exc:
            self.error = self.refused(exc)
            self.exit()
            return
        self.client = seated.client
        self.online = OnlineSeat(self, seated, self.display_style)
        self.online.open(self.coming_back() if self.seating.browser else None)

    def refused(self, exc: ClientError) -> str:
        """The line for a seat refused (the server's, in the reader's language)."""
        return exc.message

    def coming_back(self) -> str:
        """What a browser's person is told about coming back to the seat (a link's seat: the same link)."""
        return _("This browser keeps your seat: open the same link again to come back to it.")

    def table_finished(self, then: str = "leave") -> None:
        """Play again asks for the rematch; leaving an online table ends the program (the seat stays resumable
        until the match ends)."""
        if then == "again" and self.online is not None and self.online.rematch():
            return
        if self.online is not None:
            self.online.left()
        self.exit()

    async def on_unmount(self) -> None:
        """Stop following the server and close the connection."""
        if self.online is not None:
            await self.online.close()


def _probe(url: str) -> None:
    """Fail in one line, before the screen opens, when the server cannot be reached."""

    async def check() -> None:
        client = await Client(url).connect(timeout=10)
        await client.close()

    try:
        asyncio.run(check())
    except ClientError as exc:
        raise CardsuiteError(exc.message) from None


def settings_display() -> Display:
    """The display the settings file asks for (ASCII as well when the terminal cannot show the suits)."""
    from ...storage.settings import load_settings
    from ..config import suits_encodable

    prefs = load_settings()
    return Display(prefs.ascii or not suits_encodable(), prefs.four_colour)


def run_online(seating: object, display: object = None) -> None:
    """Run an online table in the terminal (``host``, ``join``, a table picked in ``cardsuite online``)."""
    assert isinstance(seating, Seating)
    if not isinstance(display, Display):
        display = settings_display()
    _probe(seating.url)
    app = OnlineApp(seating, display)
    app.run()
    if app.error:
        raise CardsuiteError(app.error)
    said = app.online.left_line() if app.online is not None else None
    if said is not None:
        print(f"cardsuite: {said}")
