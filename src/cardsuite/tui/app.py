"""The Textual app: opens the home screen or a table straight away, and returns home after a match.

Every table saves its match after each action (``Session.autosave``); ``run_resumed`` reopens a saved
match at the same seats and the same moment, with the display settings of the settings file. The home
screen's Online entry opens its dialog here; the seat it takes is shown in this app (``online/seat.py``), and
leaving that table or its waiting room comes back to the home screen.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from textual.screen import Screen

from ..core.match import Match
from ..i18n import ENGLISH, _, current_language, readable_in_ascii, use_language
from ..naming import shown
from ..storage.saves import Autosave, save_path
from .config import TableConfig, resumed_config
from .render import Display
from .screens.table import TableScreen
from .session import Session
from .table_app import TableApp, run_app

if TYPE_CHECKING:
    from .online.seat import OnlineSeat
    from .screens.home import HomeScreen


class CardsuiteApp(TableApp):
    """Home screen (no config) or a table for ``config`` (a resumed ``match`` and its ``autosave``)."""

    def __init__(
        self, config: TableConfig | None = None, match: Match | None = None, autosave: Autosave | None = None
    ) -> None:
        super().__init__(config)
        self.from_home = config is None
        self._resume = (match, autosave)
        self.saved_id: str | None = None
        self.online: OnlineSeat | None = None  # a seat at a server, taken from the home screen
        self._online_depth = 0  # the screens under it: leaving it goes back to them
        self.home: HomeScreen | None = None  # the home screen, once it has been opened

    @property
    def ascii_only(self) -> bool:
        """Whether the screen is drawn in ASCII only: an online table by the settings' display, the home
        screen (and its dialogs) by its own while no table is open, a table by its config."""
        if self.online is not None:
            return self.online.display.ascii_only
        if self.home is not None and self.table is None and self.home in self.screen_stack:
            return self.home.ascii_only
        return super().ascii_only

    def on_mount(self) -> None:
        """Open what was asked for, then show what storage had to report (damaged files moved aside)."""
        if self.config is None:
            self.push_screen(self._home())
        else:
            match, autosave = self._resume
            self._resume = (None, None)
            self.start_table(self.config, match, autosave)
        self.show_notices()

    def _home(self) -> Screen[None]:
        """The home screen (its form, saves and ratings load only when it opens: not for `cardsuite play`),
        showing the table just played, if any."""
        from .screens.home import HomeScreen

        self.home = HomeScreen(self.config)
        return self.home

    def start_table(self, config: TableConfig, match: Match | None = None, autosave: Autosave | None = None) -> None:
        """Open a table for ``config``: a new match, or the resumed ``match`` saving to ``autosave``."""
        self.config = config
        self.set_class(config.ascii_only, "-ascii")
        if config.ascii_only and not readable_in_ascii(current_language()):
            use_language(ENGLISH)  # a terminal that shows only ASCII cannot show Japanese
            self.notify("This terminal shows only ASCII: the table speaks English.", markup=False)
        session = Session(config, match, autosave)
        self.saved_id = session.autosave.id
        self.push_screen(TableScreen(session, Display(config.ascii_only, config.four_colour)))
        self.show_notices()

    def open_online(self, name: str, table: dict[str, object]) -> None:
        """The home screen's Online entry: where the server is, host ``table`` there or join a code; the seat
        the dialog took is shown here."""
        from .online.dialog import OnlineDialog  # the network client loads only when it is asked for

        def chosen(seated: object) -> None:
            if seated is not None:
                self.go_online(seated)

        self.push_screen(OnlineDialog(name, table), callback=chosen)

    def go_online(self, seated: object) -> None:
        """Show the seat taken at a server (its waiting room or its table) over the home screen."""
        from .online.app import settings_display
        from .online.connect import Seated
        from .online.seat import OnlineSeat

        assert isinstance(seated, Seated)
        self._online_depth = len(self.screen_stack)
        self.online = OnlineSeat(self, seated, settings_display())
        self.online.open()

    def _leave_online(self, online: OnlineSeat) -> None:
        """Back to the home screen from an online table or its waiting room; the connection closes."""
        self.online = None
        said = online.left_line()
        online.left()
        while len(self.screen_stack) > self._online_depth:
            self.pop_screen()
        if said is not None:
            self.notify(said, markup=False)
        self.run_worker(online.close(), group="online")

    async def on_unmount(self) -> None:
        """Close the connection of an online table still open."""
        if self.online is not None:
            await self.online.close()

    def table_finished(self, then: str = "leave") -> None:
        """After a match or a quit: ``again`` (same seats and options, new seed), ``home``, or leave
        (back home when the table was opened from it, else exit). An online table asks for the rematch on
        ``again`` (the rematch page; leaving it goes home), else goes back home."""
        if self.online is not None:
            if then == "again" and self.online.rematch():
                return
            self._leave_online(self.online)
            return
        table = self.table
        self.saved_id = table.session.saved_id if table is not None else None
        if isinstance(self.screen, TableScreen):
            self.pop_screen()
        if then == "again" and self.config is not None:
            self.start_table(replace(self.config, seed=secrets.randbelow(2**31), notes=()))
            return
        if then == "home" or self.from_home:
            if not self.from_home:
                self.from_home = True
                self.push_screen(self._home())
            if self.saved_id:
                self.notify(_("The match is saved as {id}: Continue it here or with `cardsuite resume`.").format(
                    id=shown(self.saved_id)), markup=False)
            return
        self.exit()


def run_table(config: TableConfig) -> str | None:
    """Run a table in the terminal until the match ends or the person quits; the save id if unfinished."""
    app = CardsuiteApp(config)
    run_app(app)
    return _report(app.saved_id)


def run_resumed(record: Mapping[str, object], match: Match, autosave: Autosave) -> str | None:
    """Reopen a saved match (``cardsuite resume``); the save id if it is still unfinished when left."""
    app = CardsuiteApp(resumed_config(record, match), match, autosave)
    run_app(app)
    return _report(app.saved_id)


def _report(saved_id: str | None) -> str | None:
    """Say where an unfinished match was left (a finished one is in the history, its save gone)."""
    if saved_id is None or not save_path(saved_id).exists():
        return None
    print(_("cardsuite: the match is saved as {id}; `cardsuite resume` reopens it").format(id=shown(saved_id)))
    return saved_id


def run_home() -> None:
    """Run the home screen (online tables opened from it run in the same app)."""
    run_app(CardsuiteApp())
