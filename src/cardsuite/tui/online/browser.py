"""A browser's own process (``cardsuite web-seat``): the seat its link names, or the public tables first.

``serve --web`` starts it for each browser socket (``net/web.py``) and tells it, in its environment only:
the server on loopback, the pass that counts its connections for the browser's address, the link's code
and name, and the browser's secrets: a link's seat token, or, for the lobby, the browser's key, from which
the token of the table picked there is made (so the same browser comes back to its seat, as with a link);
the browser's player identity; and the browser's language, which every word of the process is in (the
name of a browser that gave none, *Guest*, too). It is one Textual app from start to end, since
textual-serve ends the browser's session when an app exits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from rich.console import RenderableType
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from ...core.errors import CardsuiteError
from ...core.message import N_, msg
from ...i18n import LANGUAGES, _, use_language
from ...net.client import ClientError
from ...net.identity import IdentityError, check_key
from ...net.names import CPU_NAME
from ...net.protocol import MAX_NAME, SEAT_PASS_HEADER, ProtocolError, clean_code, clean_name
from ...net.web import (
    CODE_VARIABLE,
    IDENTITY_VARIABLE,
    KEY_VARIABLE,
    LANGUAGE_VARIABLE,
    NAME_VARIABLE,
    PASS_VARIABLE,
    SERVER_VARIABLE,
    TOKEN_VARIABLE,
    seat_token,
)
from ..render import Display
from ..words import ESC, translate_bindings

# The online screens this process is made of: imported here and nowhere else in this module.
from .app import OnlineApp
from .dialog import CPU_REFUSAL
from .lobby import LobbyScreen
from .parting import PartingScreen
from .seating import Seating

FULL_LINK = N_("every seat at this table is taken")
"""A link's table has no seat free (the server's line names ``join --watch``, a terminal's)."""
FULL_LOBBY = N_("every seat at this table is taken: press w on it to watch")
"""A table picked in the lobby has no seat free: the lobby, shown again, watches it with ``w``."""
GUEST = N_("Guest")
"""The name of a browser whose link gave none and whose person typed none (in the browser's language)."""
HEX = frozenset("0123456789abcdef")
T = TypeVar("T")


def _kept(check: Callable[[str], T], raw: str | None) -> T | None:
    """``raw`` through ``check``, or None when it is missing or not what it should be."""
    try:
        return check(raw) if raw else None
    except (ProtocolError, IdentityError):
        return None


def _language(raw: str) -> str:
    """A language we speak, by its code."""
    if raw not in LANGUAGES:
        raise ProtocolError("bad_message", "not a language of ours")
    return raw


def _secret(raw: str) -> str:
    """A browser's key or a seat token: 32 lower-case hex digits."""
    if len(raw) != 32 or not set(raw) <= HEX:
        raise IdentityError("not 32 hex digits")
    return raw


@dataclass(frozen=True)
class Visit:
    """What the server told one browser's process (checked again here: it crossed a process boundary)."""

    server: str
    seat_pass: str | None = None
    code: str | None = None  # the link's table; None: the lobby
    name: str | None = None  # the link's name; None: asked when sitting down
    token: str | None = None  # the link's seat token
    key: str | None = None  # the browser's key (a lobby's process): the token of the table picked
    identity: str | None = None  # the browser's player identity at this site
    language: str | None = None  # the browser's language; None: the process's own

    @property
    def headers(self) -> dict[str, str]:
        """What every connection of this process sends: the pass that counts it for the browser's address."""
        return {SEAT_PASS_HEADER: self.seat_pass} if self.seat_pass else {}

    def seating(self, code: str, name: str, watch: bool = False) -> Seating:
        """Sit down at ``code`` with this browser's token and identity, or watch it."""
        if watch:
            return Seating(self.server, code=code, name=name, watch=True, browser=True, headers=self.headers)
        token = seat_token(self.key, code) if self.key else self.token
        return Seating(self.server, code=code, name=name, token=token, browser=True, identity=self.identity,
                       headers=self.headers)


def visit_from(environ: Mapping[str, str]) -> Visit:
    """The visit the server described in this process's environment."""
    server = environ.get(SERVER_VARIABLE)
    if not server:
        raise CardsuiteError(msg("`cardsuite web-seat` is started by `cardsuite serve --web` for each browser"))
    return Visit(server, seat_pass=environ.get(PASS_VARIABLE) or None,
                 code=_kept(clean_code, environ.get(CODE_VARIABLE)),
                 name=_kept(clean_name, environ.get(NAME_VARIABLE)),
                 token=_kept(_secret, environ.get(TOKEN_VARIABLE)),
                 key=_kept(_secret, environ.get(KEY_VARIABLE)),
                 identity=_kept(check_key, environ.get(IDENTITY_VARIABLE)),
                 language=_kept(_language, environ.get(LANGUAGE_VARIABLE)))


class NameScreen(ModalScreen["str | None"]):
    """The name to sit down with when the link gave none (empty: ``GUEST``); dismisses with it, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Back"), key_display=ESC)]
    DEFAULT_CSS = """
    NameScreen { align: center middle; }
    NameScreen > Vertical { width: 40; max-width: 100%; height: auto; border: round $accent; padding: 1 2;
                            background: $surface; }
    """

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(_("Your name"))
            yield Input("", placeholder=_(GUEST), id="browser-name", max_length=MAX_NAME)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter sits down with the name typed (as data: ``clean_name``)."""
        try:
            self.dismiss(clean_name(event.value.strip() or _(GUEST)))
        except ProtocolError as exc:
            line = _(CPU_REFUSAL) if exc.message == CPU_NAME else _("Your name needs at least one letter or digit.")
            self.notify(line, severity="warning", markup=False)

    def action_cancel(self) -> None:
        """Back to the public tables."""
        self.dismiss(None)


class BrowserApp(OnlineApp):
    """One browser's process: straight to the seat its link names, or the public tables first."""

    def __init__(self, visit: Visit, display: Display | None = None) -> None:
        name = visit.name or _(GUEST)
        first = visit.seating(visit.code, name) if visit.code else \
            Seating(visit.server, name=name, browser=True, headers=visit.headers)
        super().__init__(first, display)
        self.visit = visit
        self.from_lobby = False  # the table was picked in the lobby: a refused seat goes back there
        self.parted = False  # the parting screen has said why the session ends

    @on(events.Mount)
    def _start(self, event: events.Mount) -> None:
        """A link's seat, or the lobby (the online app's own start, which sits down at once, runs only for a
        link's seat)."""
        event.prevent_default()
        if self.visit.code:
            self.on_mount()  # the online app's: connect and sit down
        else:
            self.show_lobby()

    def show_lobby(self) -> None:
        """The public tables (the same screen as ``cardsuite online``); the pick is where this browser goes."""
        screen = LobbyScreen(self.visit.server, self.visit.name or _(GUEST), self.visit.identity,
                             headers=self.visit.headers, title="cardsuite")
        self.push_screen(screen, callback=self._picked)

    def _picked(self, picked: Seating | None) -> None:
        if picked is None or picked.code is None:
            self.exit()
            return
        code = picked.code
        if picked.watch or self.visit.name is not None:
            self._sit(self.visit.seating(code, picked.name, picked.watch))
            return

        def named(name: str | None) -> None:
            if name is None:
                self.show_lobby()
            else:
                self._sit(self.visit.seating(code, name))

        self.push_screen(NameScreen(), callback=named)

    def _sit(self, seating: Seating) -> None:
        self.seating, self.from_lobby = seating, True
        self.run_worker(self.sit_down(), exclusive=True)

    def refused(self, exc: ClientError) -> str:
        """The server's line for a refused seat, but a full table's in a browser's words (no ``--watch`` here)."""
        if exc.code == "full":
            return _(FULL_LOBBY) if self.from_lobby else _(FULL_LINK)
        return super().refused(exc)

    def coming_back(self) -> str:
        """How this browser's person comes back to the seat: its link, or the lobby for a table picked there."""
        if self.from_lobby:
            return _("This browser keeps your seat: open the lobby again and pick this table to come back to it.")
        return super().coming_back()

    def exit(self, result: None = None, return_code: int = 0, message: RenderableType | None = None) -> None:
        """Leave; but a table picked in the lobby that refused the seat (full, or closed since) sends the
        browser back to the lobby with the server's line, and a table that closed, or a link's seat refused,
        is said on a last screen first (``PartingScreen``), as a terminal prints its last line."""
        if self.from_lobby and self.error is not None and self.session is None:
            refused, self.error, self.from_lobby = self.error, None, False
            self.call_later(self._back_to_lobby, refused)
            return
        said = self.parting_line()
        if said is not None and not self.parted and self.is_running:
            self.parted = True
            self.push_screen(PartingScreen(said))
            return
        super().exit(result, return_code, message)

    def parting_line(self) -> str | None:
        """Why the session ends, when the person should be told before the page covers the terminal: the table
        closed (the host left its waiting room, or nobody came back), or the seat was refused; None otherwise."""
        if self.error is not None:
            return self.error
        online = self.online
        return online.left_line() if online is not None and online.closed else None

    async def _back_to_lobby(self, refused: str) -> None:
        client, self.client = self.client, None
        if client is not None:
            await client.close()
        self.notify(refused, severity="warning", markup=False)
        self.show_lobby()


def run_browser(environ: Mapping[str, str], display: object = None) -> None:
    """Run one browser's process to its end (textual-serve draws it in the page), in the browser's language;
    every connection it opens carries its pass."""
    visit = visit_from(environ)
    if visit.language is not None:
        use_language(visit.language)
    app = BrowserApp(visit, display if isinstance(display, Display) else None)
    app.run()
    if app.error:  # the visitor was told on the parting screen: the server's log is not told again
        raise SystemExit(1)
