"""The home screen's "Online" entry: host the table on the form at a server, or join one with its code."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from .client import ClientError, server_url
from .online_app import Seating
from .protocol import ProtocolError, clean_code, clean_name


class OnlineDialog(ModalScreen["Seating | None"]):
    """Where the server is, and whether to host the form's table or join one; dismisses with a ``Seating``."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Back")]
    DEFAULT_CSS = """
    OnlineDialog { align: center middle; }
    OnlineDialog > Vertical { width: 64; height: auto; border: round $accent; padding: 1 2; background: $surface; }
    OnlineDialog Input { margin-bottom: 1; }
    """

    def __init__(self, name: str, table: dict[str, object], server: str = "127.0.0.1:8765") -> None:
        super().__init__()
        self.person = name
        self.table = table
        self.server = server

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Play online: host this table at a server, or join one with its code.")
            yield Label("Server (HOST or HOST:PORT)")
            yield Input(self.server, id="online-server")
            yield Label("Your name")
            yield Input(self.person, id="online-name")
            yield Label("Join code (empty: host the table on the form)")
            yield Input("", id="online-code", placeholder="K7P2QX")
            with Horizontal():
                yield Button("Host or join", id="online-go", variant="primary", compact=True)
                yield Button("Back", id="online-back", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Go, or back to the form."""
        if event.button.id == "online-go":
            self.go()
        else:
            self.dismiss(None)

    def on_input_submitted(self) -> None:
        """Enter in a field goes."""
        self.go()

    def action_cancel(self) -> None:
        """Back to the form."""
        self.dismiss(None)

    def go(self) -> None:
        """Check the fields and dismiss with what to do (errors stay here, in one line)."""
        try:
            url = server_url(self.query_one("#online-server", Input).value)
            name = clean_name(self.query_one("#online-name", Input).value or "Player")
            code_text = self.query_one("#online-code", Input).value.strip()
            if code_text:
                seating = Seating(url, code=clean_code(code_text), name=name)
            else:
                seating = Seating(url, name=name, create=dict(self.table))
        except (ClientError, ProtocolError) as exc:
            self.notify(exc.message, severity="warning")
            return
        self.dismiss(seating)
