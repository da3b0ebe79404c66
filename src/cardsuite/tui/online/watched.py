"""The table screen of a watcher at a server's table: where a seat's hand would be, a line saying that the
person watches and sees no hand (a watcher's view holds none, which the hand would show as no cards)."""

from __future__ import annotations

from ...core.message import N_
from ...i18n import _
from ..screens.table import TableScreen
from ..widgets.hand import HandView

WATCHING = N_("You are watching: no hand is shown, only what every seat sees.")


class WatchedTable(TableScreen):
    """The ordinary table screen, its hand row saying that this is a watcher's screen."""

    def refresh_table(self) -> None:
        """Draw the table as usual, then the watcher's line in the hand's place."""
        super().refresh_table()
        self.query_one(HandView).hide(_(WATCHING))
