"""The Textual app: opens the home screen or a table straight away, and returns home after a match.

Every table saves its match after each action (``Session.autosave``); ``run_resumed`` reopens a saved
match at the same seats and the same moment, with the display settings of the settings file.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual.app import App

from ..core.match import Match
from ..storage.paths import take_notices
from ..storage.saves import Autosave, save_meta, save_path
from ..storage.settings import Settings, load_settings
from .config import TableConfig, parse_speed, suits_encodable
from .render import Style
from .screens.table import TableScreen
from .session import Session


class CardsuiteApp(App[None]):
    """Home screen (no config) or a table for ``config`` (a resumed ``match`` and its ``autosave``)."""

    CSS_PATH = "styles/app.tcss"
    TITLE = "cardsuite"
    ENABLE_COMMAND_PALETTE = False

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

    def show_notices(self) -> None:
        """Each storage notice as a warning toast."""
        for line in take_notices():
            self.notify(line, severity="warning", timeout=10)

    def start_table(self, config: TableConfig, match: Match | None = None, autosave: Autosave | None = None) -> None:
        """Open a table for ``config``: a new match, or the resumed ``match`` saving to ``autosave``."""
        self.config = config
        style = Style(config.ascii_only, config.four_colour)
        session = Session(config, match, autosave)
        self.saved_id = session.autosave.id
        self.push_screen(TableScreen(session, style))
        self.show_notices()

    @property
    def table(self) -> TableScreen | None:
        """The open table, if any (tests use it to inspect the session)."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def table_finished(self) -> None:
        """After a match or a quit: back to the home screen, or exit when started with ``play``."""
        table = self.table
        saved = table is not None and table.session.autosave.path.exists()
        self.saved_id = table.session.autosave.id if table is not None and saved else None
        if self.from_home and isinstance(self.screen, TableScreen):
            self.pop_screen()
            if self.saved_id:
                self.notify(f"The match is saved as {self.saved_id}: Continue it here or with `cardsuite resume`.")
        else:
            self.exit()


def resumed_config(record: Mapping[str, object], match: Match, settings: Settings | None = None) -> TableConfig:
    """The table for a rebuilt ``match``: its seats, options and seed, the display from ``settings``."""
    settings = settings or load_settings()
    try:
        delay = parse_speed(settings.speed)
    except Exception:  # a speed the settings file got wrong: the default pace
        delay = parse_speed("normal")
    save_id = save_meta(record).get("id", "")
    return TableConfig(
        game=match.game.info.name,
        seats=match.seats,
        options=match.options.non_default(),
        seed=match.seed,  # undo replays from the match seed
        ascii_only=settings.ascii or not suits_encodable(),
        four_colour=settings.four_colour,
        cpu_delay=delay,
        notes=(f"resumed {save_id} (seed {match.seed})",),
    )


def run_table(config: TableConfig) -> str | None:
    """Run a table in the terminal until the match ends or the person quits; the save id if unfinished."""
    app = CardsuiteApp(config)
    app.run()
    return _report(app.saved_id)


def run_resumed(record: Mapping[str, object], match: Match, autosave: Autosave) -> str | None:
    """Reopen a saved match (``cardsuite resume``); the save id if it is still unfinished when left."""
    app = CardsuiteApp(resumed_config(record, match), match, autosave)
    app.run()
    return _report(app.saved_id)


def _report(saved_id: str | None) -> str | None:
    """Say where an unfinished match was left (a finished one is in the history, its save gone)."""
    if saved_id is None or not save_path(saved_id).exists():
        return None
    print(f"cardsuite: the match is saved as {saved_id}; `cardsuite resume` reopens it")
    return saved_id


def run_home() -> None:
    """Run the home screen."""
    CardsuiteApp().run()
