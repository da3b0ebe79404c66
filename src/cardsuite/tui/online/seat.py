"""A seat taken at a server, shown in an app: the waiting room until the match starts, then the table screen
over a ``RemoteSession``, looked at again whenever the server says something (and once a second while a turn
timer counts down: ``turn_clock.py``); closed when the person leaves.

``OnlineApp`` (``cardsuite host``/``join``, the browser seat) and the home screen's app (its Online dialog)
both show their seat through it, so a table opened from the home screen goes back there when it is left.
"""

from __future__ import annotations

import asyncio

from ...core.registry import get_game
from ...i18n import _
from ...net.client import ClientError, closed_line, friends_address
from ...net.tokens import SavedSeat, forget_seat, keep_seat
from ..render import Display
from ..table_app import TableApp
from .connect import Seated
from .rematch import RematchScreen
from .remote import RemoteSession, remote_config
from .table_screen import OnlineTable
from .turn_clock import TurnClock
from .waiting import LobbyScreen


class OnlineSeat:
    """One connection's seat (or a watcher) in ``app``: the screens it pushes and the messages it follows."""

    def __init__(self, app: TableApp, seated: Seated, display: Display) -> None:
        self.app = app
        self.client = seated.client
        self.seating = seated.seating
        self.token = seated.token
        self.display = display
        self.session = RemoteSession(self.client, get_game(str(self.client.table["game"])), remote_config(self.client))
        self.session.on_change = self.changed
        self._seen: object = None
        self._asked: set[int] = set()  # the seats that have asked for the rematch, as last told
        self._follow: asyncio.Task[None] | None = None
        self.clock = TurnClock(app, self.session, self.client)

    def open(self, note: str | None = None) -> None:
        """The waiting room, or the table when the match has started (``note``: a first line in the log);
        then follow the server's messages."""
        if note is not None:
            self.session.note(note, self.session.me)
        self.session.greet()
        if self.client.table.get("status") == "lobby":
            self.app.push_screen(LobbyScreen(self.client))
        else:
            self.open_table()
        self._follow = asyncio.get_running_loop().create_task(self.session.follow())

    def open_table(self) -> None:
        """The table screen over the remote session, its turn timer counting down once a second."""
        self.session.config = remote_config(self.client, self.display.ascii_only, self.display.four_colour)
        self.app.push_screen(OnlineTable(self.session, self.display))
        self.clock.start()

    def changed(self) -> None:
        """A message arrived: the waiting room redraws (or gives way to the table), or the table looks again."""
        app, client, session = self.app, self.client, self.session
        if not app.is_running or not app.screen_stack:
            return
        if isinstance(app.screen, RematchScreen):
            if client.table.get("code") != self.seating.code and client.table.get("status") == "playing":
                self.moved()
            else:
                app.screen.show()
            return
        self.tell_rematch_asked()
        if isinstance(app.screen, LobbyScreen):
            if client.table.get("status") in ("lobby", "closed"):  # a closed lobby says so where it is
                app.screen.show()
                return
            app.pop_screen()
            self.open_table()
            return
        table = app.table
        if table is None or table.session is not session or table.finished or not table.is_mounted:
            return
        seen = (client.deal, client.step, session.next_turn(), len(client.table.get("results", [])))
        if seen != self._seen and app.screen is table:
            self._seen = seen
            table.advance()
        else:
            table.refresh_table()

    def tell_rematch_asked(self) -> None:
        """Someone else asked for the rematch: say so, since Play again on the match's page answers it."""
        asked = self.client.table.get("rematch")
        seats = {s for s in asked if isinstance(s, int)} if isinstance(asked, list) else set()
        names = self.session.names
        for seat in sorted(seats - self._asked - {self.session.me}):
            if 0 <= seat < len(names):
                self.app.notify(_("{name} asks to play again.").format(name=names[seat]), markup=False)
        self._asked = seats

    def rematch(self) -> bool:
        """Play again: ask the server for the rematch and wait for everyone on the rematch page; False when
        this connection cannot (a watcher, a seat given up, a match not over)."""
        if self.session.me is None or self.session.given_up or not self.session.match_over:
            return False
        table = self.app.table
        if table is not None and self.app.screen is table:
            self.app.pop_screen()
        page = RematchScreen(self.client)
        self.app.push_screen(page)

        async def ask() -> None:
            try:
                await self.client.request("rematch")
            except ClientError as exc:
                page.refused = exc.message
                page.show()

        self.app.run_worker(ask(), group="rematch")
        return True

    def moved(self) -> None:
        """Everyone asked: the server moved this connection to the rematch's table, with the same seat token;
        the seat is kept under the new code, and the new match opens on a fresh session."""
        code = str(self.client.table.get("code"))
        if self.token and not self.seating.browser:
            keep_seat(SavedSeat(self.seating.url, code, self.token, int(self.session.me or 0), self.seating.name))
        self.seating.code = code
        if self._follow is not None:
            self._follow.cancel()
        self.session.on_change = None
        self._asked = set()
        self.session = RemoteSession(self.client, get_game(str(self.client.table["game"])), remote_config(self.client))
        self.session.first_deal = None  # the client may still hold the old match's deal: the new one's first view says
        self.session.on_change = self.changed
        self.clock.session = self.session
        self._seen = None
        self.app.call_later(self._open_moved)

    def _open_moved(self) -> None:
        """The new match's table in the rematch page's place (from the app's own loop, not the reader's)."""
        self.session.config = remote_config(self.client, self.display.ascii_only, self.display.four_colour)
        self.app.switch_screen(OnlineTable(self.session, self.display))
        self.clock.start()
        self._follow = asyncio.get_running_loop().create_task(self.session.follow())

    @property
    def kept(self) -> bool:
        """Whether the seat is still the person's after leaving (the same ``join`` resumes it)."""
        return bool(self.seating.code) and not self.seating.watch and not self.session.match_over \
            and not self.session.given_up and not self.closed

    @property
    def closed(self) -> bool:
        """Whether the table has closed (nothing there to come back to)."""
        return self.client.table.get("status") == "closed"

    def close_lobby(self) -> None:
        """The host leaves the waiting room: the seat is given up, which closes the table (only the host starts
        it) and tells its guests why."""
        self.closed_lobby = True
        self.session.abandon()

    closed_lobby = False
    """The host left the waiting room, which closed the table."""

    def left_line(self) -> str | None:
        """What a person who left is told: the seat is kept (and how to come back), their waiting room has closed,
        or why the table closed; None when there is nothing to say (a finished match, a seat given up, a watcher)."""
        if self.kept:
            command = f"cardsuite join {friends_address(self.seating.url)} {self.seating.code}"
            return _("your seat at table {code} is kept; {command} resumes it").format(code=self.seating.code,
                                                                                     command=command)
        if self.closed_lobby:
            return _("table {code} has closed: you left its waiting room before the match started").format(
                code=self.seating.code)
        if self.closed:  # the host's leaving, or nobody coming back: said as the table said it
            return closed_line(self.client.table) or _("This table has closed: nobody was playing at it any more.")
        return None

    def left(self) -> None:
        """The person left: the token of a finished match's seat, or of a seat given up, is forgotten (nothing
        to resume any more)."""
        if (self.session.match_over or self.session.given_up or self.closed) and self.seating.code \
                and not self.seating.browser:
            forget_seat(self.seating.url, self.seating.code)

    async def close(self) -> None:
        """Stop following the server and close the connection."""
        self.clock.stop()
        if self._follow is not None:
            self._follow.cancel()
        self.session.on_change = None
        await self.session.close()
