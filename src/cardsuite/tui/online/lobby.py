"""``cardsuite online`` on a terminal: a server's lobby, its public tables to sit at or to watch.

It asks the server for its public tables (``list``), shows them with their game, seats free, rated or
practice, the host's language and the host, and exits with the ``Seating`` the player chose: Enter sits
down (with this device's identity for that server), ``w`` watches, ``r`` asks again. Everything a server
sends is shown as data: never read as markup (which could make a name a clickable action).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ...core.errors import CardsuiteError
from ...core.message import N_
from ...core.registry import get_game
from ...i18n import _, game_words, pgettext
from ...i18n.lobby import offer_word
from ...naming import shown
from ...net.client import Client, ClientError
from ..widgets.kinsoku import KinsokuStatic
from ..words import ESC, translate_bindings
from .seating import Seating


def game_title(key: object) -> str:
    """A game's name in the reader's language; a game this program lacks: its key as the server sent it."""
    try:
        game = get_game(str(key))
    except CardsuiteError:
        return str(key)
    return game_words(game).gettext(game.info.title)


class LobbyScreen(Screen["Seating | None"]):
    """The public tables of one server; dismisses with the chosen seat (or None)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", N_("Sit down")),
        Binding("w", "watch", N_("Watch")),
        Binding("r", "refresh", N_("Refresh")),
        Binding("escape", "leave", N_("Back"), key_display=ESC),
    ]

    def __init__(self, url: str, name: str, identity: str | None, *, headers: dict[str, str] | None = None,
                 title: str | None = None) -> None:
        super().__init__()
        translate_bindings(self)  # the key bar in the reader's language
        self.url, self.person, self.identity = url, name, identity
        self.headers = dict(headers or {})  # sent with the request (a browser's pass)
        self.title_text = title or url  # the server as its people know it (a browser: the page's address)
        self.entries: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        yield KinsokuStatic(_("Public tables at {server}").format(server=shown(self.title_text)), id="title",
                            markup=False)
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield KinsokuStatic("", id="note", markup=False)
        yield Footer()

    async def on_mount(self) -> None:
        table = self.query_one("#tables", DataTable)
        table.add_columns(pgettext("lobby column", "code"), pgettext("lobby column", "game"),
                          pgettext("lobby column", "seats"), pgettext("lobby column", "kind"),
                          pgettext("lobby column", "language"), pgettext("lobby column", "host"))
        await self.action_refresh()

    async def action_refresh(self) -> None:
        """Ask the server for its public tables again."""
        note = self.query_one("#note", Static)
        try:
            client = await Client(self.url, headers=self.headers).connect()
            try:
                answer = await client.request("list")
            finally:
                await client.close()
        except ClientError as exc:
            note.update(_("The server did not answer: {reason}").format(reason=shown(exc.message)))
            return
        raw = answer.get("tables")
        self.entries = [e for e in raw if isinstance(e, dict)] if isinstance(raw, list) else []
        table = self.query_one("#tables", DataTable)
        table.clear()
        for entry in self.entries:
            if entry.get("status") == "lobby":
                seats = _("{free} of {seats} free").format(free=entry.get("seats_free"), seats=entry.get("players"))
            else:
                seats = _("being played")
            cells = (entry.get("code"), game_title(entry.get("game")), seats, offer_word(entry),
                     entry.get("language") or "-", entry.get("host"))
            table.add_row(*(Text(shown(str(v))) for v in cells))  # a text cell would be read as markup
        note.update(_("No public tables at {server} now.").format(server=shown(self.title_text)) if not self.entries
                    else _("Enter sits down, w watches."))
        table.focus()

    def _chosen(self) -> dict[str, Any] | None:
        table = self.query_one("#tables", DataTable)
        row = table.cursor_row
        return self.entries[row] if self.entries and 0 <= row < len(self.entries) else None

    def action_join(self) -> None:
        """Sit down at the chosen table."""
        entry = self._chosen()
        if entry is not None:
            self.dismiss(Seating(self.url, code=str(entry.get("code")), name=self.person, identity=self.identity))

    def on_data_table_row_selected(self, _event: DataTable.RowSelected) -> None:
        self.action_join()

    def action_watch(self) -> None:
        """Watch the chosen table."""
        entry = self._chosen()
        if entry is not None:
            self.dismiss(Seating(self.url, code=str(entry.get("code")), name=self.person, watch=True))

    def action_leave(self) -> None:
        """Close the lobby without sitting down."""
        self.dismiss(None)


class LobbyApp(App["Seating | None"]):
    """``cardsuite online`` on a terminal: the lobby screen alone; exits with the chosen seat (or None). No
    command palette, as at the table and on the home screen: Textual's own (its ``^p palette`` key and its
    commands) speaks English only and offers nothing the lobby needs."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(self, url: str, name: str, identity: str | None) -> None:
        super().__init__()
        self.screen_args = (url, name, identity)

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen(*self.screen_args), callback=self.exit)
