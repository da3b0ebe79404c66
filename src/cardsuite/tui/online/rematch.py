"""Play again at an online table: the person asked the server for a rematch (``rematch``), and this page
waits until every person at the table has; the server then moves the connection to the new table, and the
seat (``seat.py``) opens it. ``q`` leaves instead.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...core.message import N_
from ...i18n import _, pgettext
from ...naming import shown
from ...net.client import Client
from ..widgets.kinsoku import KinsokuStatic
from ..words import translate_bindings


def rematch_lines(table: dict[str, object], refused: str | None = None) -> list[str]:
    """Who has asked for the rematch so far, and what happens next (or why there is none)."""
    seats = table.get("seats")
    seats = seats if isinstance(seats, list) else []
    asked = table.get("rematch")
    asked = {s for s in asked if isinstance(s, int)} if isinstance(asked, list) else set()
    people = [(i, s) for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "person"]
    if refused is not None:
        return [_("No rematch: {reason}").format(reason=shown(refused))]
    lines = [_("You asked to play again: the next match starts as soon as everyone at the table has asked."), ""]
    for index, seat in people:
        word = pgettext("rematch", "asked") if index in asked else pgettext("rematch", "not yet")
        lines.append("  " + _("{name}: {state}").format(name=shown(str(seat.get("name") or "")), state=word))
    return lines


class RematchScreen(Screen[None]):
    """Waiting for everyone at a finished online table to ask for the rematch."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit", N_("Leave"))]

    def __init__(self, client: Client) -> None:
        super().__init__()
        translate_bindings(self)
        self.client = client
        self.refused: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="rematch"):
            yield KinsokuStatic(id="rematch-text", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        """Redraw from the table summary."""
        text = next(self.query("#rematch-text").results(Static), None)
        if text is not None:
            text.update("\n".join(rematch_lines(self.client.table, self.refused)))

    def action_quit(self) -> None:
        """Leave: the match is over, so there is no seat to keep."""
        leave = getattr(self.app, "table_finished", None)
        if callable(leave):
            leave("leave")
        else:
            self.app.exit()
