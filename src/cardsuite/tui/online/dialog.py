"""The home screen's "Online" entry: host the table on the form at a server, or join one with its code.

Every word on it is in the player's language (``_``), like the rest of the home screen. A field that cannot
be used is named in one line of that language; the checks themselves are the protocol's (``server_url``,
``clean_name``, ``clean_code``), whose own English lines are for the server and its logs. The dialog sits
down itself (``connect.take_seat``): a server that cannot be reached, or a table that refuses the seat, is
said in the dialog, which stays open to correct the address or the code; it closes with the seat taken.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, Static

from ...core.message import N_
from ...i18n import _
from ...i18n.render import words_for
from ...naming import quoted, shown
from ...net.client import ClientError, server_url
from ...net.names import CPU_NAME
from ...net.protocol import MAX_NAME, ProtocolError, clean_code, clean_name
from ..widgets.kinsoku import KinsokuStatic
from ..words import ESC, translate_bindings
from .connect import Seated, take_seat
from .seating import Seating

CPU_REFUSAL = N_("That name reads like the label of a CPU seat (for example, CPU 2): choose another name.")

DEFAULT_SERVER = "127.0.0.1:8765"
"""The server field's first value (``serve``'s address and port) until the dialog has sat down somewhere."""
CODE_EXAMPLE = "K7P2QX"
"""A join code as the server makes them (six of ``protocol.CODE_ALPHABET``): the code field's hint."""
MAX_CODE = 32
"""The longest join code typed (dashes and spaces are dropped); the protocol refuses longer text."""


class OnlineDialog(ModalScreen[Seated | None]):
    """Where the server is, and whether to host the form's table or join one; dismisses with the seat taken
    (``Seated``), or None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Back"), key_display=ESC)]
    DEFAULT_CSS = """
    OnlineDialog { align: center middle; }
    OnlineDialog > Vertical { width: 64; max-width: 100%; height: auto; max-height: 100%;
                              border: round $accent; padding: 1 2; background: $surface; }
    OnlineDialog Label { width: 100%; }
    OnlineDialog Input { margin-bottom: 1; }
    OnlineDialog #online-error { width: 100%; height: auto; margin-top: 1; color: $warning; }
    """

    last_server: ClassVar[str | None] = None
    """The server this program last sat down at from the dialog: it opens with it (to come back to a kept seat)."""

    def __init__(self, name: str, table: dict[str, object], server: str | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.person = name
        self.table = table
        self.server = server or OnlineDialog.last_server or DEFAULT_SERVER
        self.sitting: Seating | None = None  # what the dialog last tried to sit down as

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(_("Play online: host this table at a server, or join one with its code."))
            # TRANSLATORS: HOST and PORT stand for what the player types: a machine's name or address, a number.
            yield Label(_("Server (HOST or HOST:PORT)"))
            yield Input(self.server, id="online-server")
            yield Label(_("Your name"))
            yield Input(self.person, id="online-name", max_length=MAX_NAME)
            yield Label(_("Join code (empty: host the table on the form)"))
            yield Input("", id="online-code", placeholder=CODE_EXAMPLE, max_length=MAX_CODE)
            with Horizontal():
                yield Button(_("Host or join"), id="online-go", variant="primary", compact=True)
                yield Button(_("Public tables"), id="online-lobby", compact=True)
                yield Button(_("Back"), id="online-back", compact=True)
            yield KinsokuStatic("", id="online-error", markup=False)
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Go, or back to the form."""
        if event.button.id == "online-go":
            self.go()
        elif event.button.id == "online-lobby":
            self.lobby()
        else:
            self.dismiss(None)

    def on_input_submitted(self) -> None:
        """Enter in a field goes."""
        if not self.busy:
            self.go()

    @property
    def busy(self) -> bool:
        """Whether the dialog is sitting down now (a second go would make a second table)."""
        return self.query_one("#online-go", Button).disabled

    def action_cancel(self) -> None:
        """Back to the form."""
        self.dismiss(None)

    def go(self) -> None:
        """Check the fields and dismiss with what to do (a field that cannot be used is named here, in one line)."""
        seating = self.seating()
        if isinstance(seating, Seating):
            self.sit(_with_identity(seating))
        else:
            self.say(seating)
            self.notify(seating, severity="warning", markup=False)

    def lobby(self) -> None:
        """The server's public tables: the one chosen there is what this dialog dismisses with."""
        from .lobby import LobbyScreen

        seating = self.seating()
        if not isinstance(seating, Seating):
            self.say(seating)
            self.notify(seating, severity="warning", markup=False)
            return

        def chosen(picked: Seating | None) -> None:
            if picked is not None:
                self.sit(_with_identity(picked))

        self.app.push_screen(LobbyScreen(seating.url, seating.name, None), callback=chosen)

    def sit(self, seating: Seating) -> None:
        """Sit down as ``seating`` says, in the background; the dialog says so meanwhile."""
        self.sitting = seating
        self.query_one("#online-go", Button).disabled = True
        self.say(_("Connecting to {server}…").format(server=shown(seating.url)))
        self.run_worker(self._sit(seating), exclusive=True, group="sit")

    async def _sit(self, seating: Seating) -> None:
        """Dismiss with the seat taken; or say here why not, the fields kept to try again."""
        try:
            seated = await take_seat(seating)
        except ClientError as exc:
            self.query_one("#online-go", Button).disabled = False
            self.say(_("Not seated: {reason}").format(reason=shown(exc.message)))
            return
        OnlineDialog.last_server = self.query_one("#online-server", Input).value.strip()
        self.dismiss(seated)

    def say(self, line: str) -> None:
        """A line under the buttons: what the dialog is doing, or why it cannot."""
        self.query_one("#online-error", Static).update(line)

    def seating(self) -> Seating | str:
        """What the fields ask for (without an identity yet: only sitting down makes one), or the line that says
        which field cannot be used and why."""
        address = self.query_one("#online-server", Input).value
        try:
            url = server_url(address)
        except ClientError:
            return _("The server must be HOST or HOST:PORT, with a number for the port: {address}").format(
                address=words_for(quoted(address.strip(), 40)))
        try:
            name = clean_name(self.query_one("#online-name", Input).value.strip() or _("Player"))
        except ProtocolError as exc:
            return _(CPU_REFUSAL) if exc.message == CPU_NAME else _("Your name needs at least one letter or digit.")
        code_text = self.query_one("#online-code", Input).value.strip()
        if not code_text:
            return Seating(url, name=name, create=dict(self.table))
        try:
            return Seating(url, code=clean_code(code_text), name=name)
        except ProtocolError:
            return _("{code} is not a join code: a code is six of the letters A-Z and digits 2-9, without I or O, "
                     "like {example}.").format(
                code=words_for(quoted(code_text, 20)), example=CODE_EXAMPLE)


def _with_identity(seating: Seating) -> Seating:
    """``seating`` with this device's identity key for its server, when it sits down (hosts or joins): the
    device's key is made then if it has none. Watching needs no identity, so it makes none."""
    from dataclasses import replace

    from ...net.identity import device_key, server_key

    if seating.watch or seating.identity is not None:
        return seating
    return replace(seating, identity=server_key(device_key(), seating.url))
