"""The waiting room of an online table before its match starts: the table and its join code, whether it is
rated or a practice table, how friends join, who sits where; the host starts the match, anyone leaves.

Leaving goes where the app says (``table_finished``): ``cardsuite host``/``join`` end, and a table opened
from the home screen goes back to it. A guest's seat stays theirs: the same command resumes it. The host's
leaving gives the seat up, which closes the table (only the host starts it): its guests are told why.
"""

from __future__ import annotations

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
from ...i18n.levels import level_word
from ...net.client import Client, ClientError, closed_line, friends_address, page_address
from ..widgets.kinsoku import KinsokuStatic
from ..words import translate_bindings


def lobby_lines(table: Mapping[str, Any], url: str, hello: Mapping[str, Any] | None = None) -> list[str]:
    """The lobby's text in the reader's language: the table and its join code, rated or practice, how friends
    join, the seats (an open seat's CPU level in the reader's words)."""
    code = str(table.get("code", ""))
    hello = hello or {}
    try:
        title = game_words(get_game(str(table.get("game", "")))).gettext(str(table.get("title", "")))
    except CardsuiteError:  # a game this program lacks: the server's title as it is
        title = str(table.get("title", ""))
    lines = [_("{game}: table {code} at {server}").format(game=title, code=code, server=url), ""]
    if table.get("practice"):
        lines += [_("Practice table: the host chose the deals, so they can be known. Nothing here is rated."), ""]
    elif table.get("rated"):
        lines += [_("Rated table: the result of this match counts toward every player's rating."), ""]
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
        lines.append("  " + line.format(number=index, name=name, level=level_word(str(table.get("cpu", "")))))
    lines.append("")
    if table.get("status") == "closed":
        lines.append(closed_line(table) or _("This table has closed: nobody was playing at it any more."))
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
            yield KinsokuStatic(id="lobby-text", markup=False)
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
        self.refresh_bindings()  # the start key follows who hosts and whether the table still waits

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the host is offered the start key (and only while the table waits)."""
        if action == "start":
            return bool(self.client.table.get("host")) and self.client.table.get("status") == "lobby"
        return True

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
        """Leave (the seat stays yours: the same command resumes it; the host's leaving gives the seat up, which
        closes the table and tells its guests); the app says where to, as it does for the table."""
        online = getattr(self.app, "online", None)
        if self.client.table.get("host") and self.client.table.get("status") == "lobby" and online is not None:
            online.close_lobby()
        leave = getattr(self.app, "table_finished", None)
        if callable(leave):
            leave("leave")
        else:
            self.app.exit()
