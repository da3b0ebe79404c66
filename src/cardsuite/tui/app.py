"""The Textual app: opens the home screen or a table straight away, and returns home after a match."""

from __future__ import annotations

from textual.app import App

from .config import TableConfig
from .render import Style
from .screens.table import TableScreen
from .session import Session


class CardsuiteApp(App[None]):
    """Home screen (no config) or a table for ``config``; ``q`` on a table opens its menu."""

    CSS_PATH = "styles/app.tcss"
    TITLE = "cardsuite"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, config: TableConfig | None = None) -> None:
        super().__init__()
        self.config = config
        self.from_home = config is None

    def on_mount(self) -> None:
        """Open what was asked for."""
        if self.config is None:
            from .screens.home import HomeScreen

            self.push_screen(HomeScreen())
        else:
            self.start_table(self.config)

    def start_table(self, config: TableConfig) -> None:
        """Open a table for ``config``."""
        self.config = config
        style = Style(config.ascii_only, config.four_colour)
        self.push_screen(TableScreen(Session(config), style))

    @property
    def table(self) -> TableScreen | None:
        """The open table, if any (tests use it to inspect the session)."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def table_finished(self) -> None:
        """After a match or a quit: back to the home screen, or exit when started with ``play``."""
        if self.from_home and isinstance(self.screen, TableScreen):
            self.pop_screen()
        else:
            self.exit()


def run_table(config: TableConfig) -> None:
    """Run a table in the terminal until the match ends or the person quits."""
    CardsuiteApp(config).run()


def run_home() -> None:
    """Run the home screen."""
    CardsuiteApp().run()
