"""The hot-seat cover: between two people's turns an opaque screen covers the table, so that nobody sees
another person's hand.

The turn flow says when (a ``handoff`` step, ``flow.py``); here the cover opens, and on it ``Backspace``
lets the person who acted last take back their bid while nobody has acted since, ``c`` gives a person back
the seat a CPU plays for them (the next cover says so), and ``q`` opens the menu (the cover goes, nobody's
hand comes).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen

from ...core.message import N_
from ...i18n import _
from ..flow import Step
from ..widgets.key_bar import KeyBar
from ..widgets.kinsoku import KinsokuStatic
from ..words import translate_bindings
from .table_pages import TablePages


class HandoffScreen(Screen[str | None]):
    """An opaque cover between two people's turns: nothing private of anyone is on it.

    ``take_back`` names the person who may still take back their last action (a bid): Backspace does it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", N_("I am ready"), priority=True),
        Binding("backspace", "take_back", N_("Take back"), key_display=N_("Bksp")),
        Binding("c", "reclaim", N_("Seat back from the CPU")),
        Binding("q", "menu", N_("Menu")),
    ]

    def __init__(self, name: str, why: str = "", take_back: str | None = None, reclaim: bool = False,
                 news: str = "") -> None:
        super().__init__()
        translate_bindings(self)
        self.person = name
        self.why = why
        self.taker = take_back
        self.reclaim = reclaim
        """Whether a person's seat is played by a CPU (``c`` gives it back)."""
        self.news = news
        """What the last cover's key did (a seat taken back from the CPU), said on this one."""

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            yield KinsokuStatic(Text(_("Pass to {name}, then press Enter").format(name=self.person)),
                                id="handoff-title")
            yield KinsokuStatic(
                Text(self.why or _("It is {name}'s turn. Nobody else should look.").format(name=self.person)),
                id="handoff-why")
            if self.taker:
                yield KinsokuStatic(Text(_("{name}: Backspace takes back your last action.").format(name=self.taker)),
                                    id="handoff-back")
            if self.news:
                yield KinsokuStatic(Text(self.news), id="handoff-news")
        yield KeyBar(compact=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Backspace only when someone may take an action back; ``c`` only when a CPU plays a person's seat."""
        if action == "take_back":
            return self.taker is not None
        if action == "reclaim":
            return self.reclaim
        return True

    def action_ready(self) -> None:
        """The next person is at the screen."""
        self.dismiss(None)

    def action_take_back(self) -> None:
        """The previous person takes back their last action."""
        if self.taker is not None:
            self.dismiss("take_back")

    def action_reclaim(self) -> None:
        """A person takes back the seat a CPU plays for them."""
        if self.reclaim:
            self.dismiss("reclaim")

    def action_menu(self) -> None:
        """The table's menu, with nobody's hand under it."""
        self.dismiss("menu")


class HotSeatCover(TablePages):
    """The table's part in the cover: open it for the next person, then their turn (or a take-back)."""

    def cover_table(self, step: Step) -> None:
        """Cover the table for ``step.seat``'s person (naming who may still take back their last action)."""
        names = self.session.names
        self.refresh_table()
        taker = step.take_back
        news, self.cover_news = self.cover_news, ""
        cover = HandoffScreen(self.style_set.plain(names[step.seat]),
                              take_back=self.style_set.plain(names[taker]) if taker is not None else None,
                              reclaim=bool(self.cpu_played()), news=self.style_set.plain(news))
        self.app.push_screen(cover, callback=lambda answer: self._uncovered(step.seat, answer))

    def _uncovered(self, seat: int, answer: str | None) -> None:
        """The cover is gone: the last person took their action back, or ``seat``'s person acts now.

        A cover opens onto the hand of the person it named and nobody else's: when that person is not the one
        to act now, no hand is shown and the flow takes its next step (a new cover, if a person is next).
        """
        self.flow.uncover()
        if answer in ("reclaim", "menu"):
            self.flow.viewer = None
            self.refresh_table()
            if answer == "reclaim":
                self.reclaim_seat(after=self.resume)
            else:
                self.action_menu(after=self.resume)
            return
        if answer == "take_back":
            last = self.flow.last_actor()
            if last is not None and self.session.take_back(last):
                self.flow.moved_on()
                self.flow.viewer = last
                self.note(_("{name} took back their last action.").format(name=self.session.names[last]))
                self.advance()
                return
        turn = self.session.next_turn()
        if turn.kind != "human" or turn.seat != seat:
            self.flow.viewer = None
            self.advance()
            return
        self.begin_turn(seat)
