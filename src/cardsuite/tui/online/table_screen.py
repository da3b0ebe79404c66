"""The table screen of an online seat or watcher: where the hand would be, a line saying why none is shown to
a watcher, or to a person who sat down during this deal (they watch it and play from the next deal, if there
is one), rather than the "no cards" of a hand that has none."""

from __future__ import annotations

from ...core.message import N_
from ...i18n import _
from ..screens.table import TableScreen
from ..widgets.hand import HandView
from .remote import RemoteSession

WATCHING = N_("You are watching: no hand is shown, only what every seat sees.")
SITTING_OUT = N_("You sat down during this deal: you watch it, and play from the next deal if the match goes on.")
"""True of a one-deal match too (GOPS's default): the client does not know whether another deal follows."""


class OnlineTable(TableScreen):
    """The ordinary table screen; its hand row says so when this connection has no hand in this deal."""

    def refresh_table(self) -> None:
        """Draw the table as usual, then the watcher's (or the newcomer's) line in the hand's place."""
        super().refresh_table()
        session = self.session
        if isinstance(session, RemoteSession) and (session.watching or session.sitting_out):
            self.query_one(HandView).hide(_(WATCHING if session.watching else SITTING_OUT))
