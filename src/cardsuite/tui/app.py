"""The Textual app: opens the home screen or a table straight away, and returns home after a match.

Every table saves its match after each action (``Session.autosave``); ``run_resumed`` reopens a saved
match at the same seats and the same moment, with the display settings of the settings file.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from textual.app import App
from textual.binding import Binding

from ..core.errors import CardsuiteError
from ..core.match import Match
from ..i18n import ENGLISH, _, current_language, readable_in_ascii, use_language
from ..naming import shown
from ..storage.paths import take_notices
from ..storage.saves import Autosave, save_meta, save_path
from ..storage.settings import Settings, load_settings
from .config import TableConfig, parse_speed, suits_encodable
from .render import TABLE_COLOURS, Display
from .screens.table import TableScreen
from .session import Session


class CardsuiteApp(App[None]):
    """Home screen (no config) or a table for ``config`` (a resumed ``match`` and its ``autosave``)."""

    CSS_PATH = "styles/app.tcss"
    TITLE = "cardsuite"
    ENABLE_COMMAND_PALETTE = False
    no_intro = False
    """True: no "how to play" page on a first play (benchmarks, tests of other things)."""

    def __init__(
        self, config: TableConfig | None = None, match: Match | None = None, autosave: Autosave | None = None
    ) -> None:
        super().__init__()
        self.config = config
        self.from_home = config is None
        self._resume = (match, autosave)
        self.saved_id: str | None = None

    def on_mount(self) -> None:
        """Open what was asked for, then show what storage had to report (damaged files moved aside)."""
        if self.config is None:
            from .screens.home import HomeScreen

            self.push_screen(HomeScreen())
        else:
            match, autosave = self._resume
            self._resume = (None, None)
            self.start_table(self.config, match, autosave)
        self.show_notices()

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The table's colours: its felt, the felt's edge under the hand, and the text on them."""
        return dict(TABLE_COLOURS)

    def show_notices(self) -> None:
        """Each storage notice as a warning toast."""
        for line in take_notices():
            self.notify(line, severity="warning", timeout=10, markup=False)

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

    def go_online(self, seating: object) -> None:
        """Leave the home screen for an online table (``run_home`` opens it: ``tui.online.app``)."""
        self.online_request = seating
        self.exit()

    online_request: object = None

    def introduce(self, game: str) -> bool:
        """Whether this is the first play of ``game`` here (then it is remembered as introduced)."""
        if self.no_intro:
            return False
        from ..storage.settings import load_settings, save_settings

        settings = load_settings()
        if game in settings.introduced:
            return False
        settings.introduced.append(game)
        with contextlib.suppress(OSError, ValueError):  # not remembered: it opens again next time
            save_settings(settings)
        return True

    def get_key_display(self, binding: Binding) -> str:
        """Key names in ASCII when the terminal is ASCII."""
        shown = super().get_key_display(binding)
        if self.config is not None and self.config.ascii_only and not shown.isascii():
            return binding.key_display or binding.key
        return shown

    @property
    def table(self) -> TableScreen | None:
        """The open table, if any (tests use it to inspect the session)."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def table_finished(self, then: str = "leave") -> None:
        """After a match or a quit: ``again`` (same seats and options, new seed), ``home``, or leave
        (back home when the table was opened from it, else exit)."""
        table = self.table
        self.saved_id = table.session.saved_id if table is not None else None
        if isinstance(self.screen, TableScreen):
            self.pop_screen()
        if then == "again" and self.config is not None:
            self.start_table(replace(self.config, seed=secrets.randbelow(2**31), notes=()))
            return
        if then == "home" or self.from_home:
            if not self.from_home:
                from .screens.home import HomeScreen

                self.from_home = True
                self.push_screen(HomeScreen())
            if self.saved_id:
                self.notify(_("The match is saved as {id}: Continue it here or with `cardsuite resume`.").format(
                    id=shown(self.saved_id)), markup=False)
            return
        self.exit()


def resumed_config(record: Mapping[str, object], match: Match, settings: Settings | None = None) -> TableConfig:
    """The table for a rebuilt ``match``: its seats, options and seed, the display from ``settings``."""
    settings = settings or load_settings()
    notes: tuple[str, ...] = ()
    try:
        delay = parse_speed(settings.speed)
    except CardsuiteError as exc:  # load_settings checks the speed; a Settings built in code may not
        delay = parse_speed("normal")
        notes = (_("{error}: the CPUs play at normal speed").format(error=exc),)
    save_id = shown(str(save_meta(record).get("id", "")))
    return TableConfig(
        game=match.game.info.name,
        seats=match.seats,
        options=match.options.non_default(),
        seed=match.seed,  # undo replays from the match seed
        ascii_only=settings.ascii or not suits_encodable(),
        four_colour=settings.four_colour,
        cpu_delay=delay,
        notes=(_("resumed {id} (seed {seed})").format(id=save_id, seed=match.seed), *notes),
    )


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


def run_app(app: App[Any], headless: bool = False) -> None:
    """Run ``app`` in the terminal; if it stopped on an error, exit with its status (Textual has already
    printed what went wrong), so that a crashed table never reports success to a shell or a script."""
    app.run(headless=headless)
    code = app.return_code
    if code:
        raise SystemExit(code)


def _report(saved_id: str | None) -> str | None:
    """Say where an unfinished match was left (a finished one is in the history, its save gone)."""
    if saved_id is None or not save_path(saved_id).exists():
        return None
    print(_("cardsuite: the match is saved as {id}; `cardsuite resume` reopens it").format(id=saved_id))
    return saved_id


def run_home() -> None:
    """Run the home screen (and the online table it asked for, if any)."""
    app = CardsuiteApp()
    run_app(app)
    if app.online_request is not None:
        from .online.app import run_online

        run_online(app.online_request)
