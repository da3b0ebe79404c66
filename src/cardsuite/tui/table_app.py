"""The Textual app a table runs in, local or online: its stylesheet and colours, the open table, ASCII mode
(key names, and every character drawn), storage notices and the first-play page; and ``run_app``, which
runs one in the terminal.

``CardsuiteApp`` (``app.py``: the home screen and local tables) and ``OnlineApp`` (``online/app.py``: a seat
at a server) build on it, so neither app imports the other.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from rich.segment import Segment
from textual.app import App
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.filter import LineFilter

from ..i18n import _
from ..storage.paths import take_notices
from .config import TableConfig
from .render import TABLE_COLOURS
from .screens.table import TableScreen
from .text import ascii_cells


class AsciiFilter(LineFilter):
    """ASCII mode's last guard: a character drawn that is not ASCII becomes ASCII of the same width (the
    words the table folds itself, ``Ascii.text``, arrive here already ASCII)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        """Each segment's text in ASCII, its style kept."""
        return [segment if segment.control or segment.text.isascii() else
                Segment(ascii_cells(segment.text), segment.style) for segment in segments]


ASCII_FILTER = AsciiFilter()


class TableApp(App[None]):
    """What every app with a table screen shares; ``config`` is the local table's (None online)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("h", "hint_refused", show=False)]
    """``h`` reaches the app only when the table does not offer a hint: a table that gives none says why."""
    CSS_PATH = str(Path(__file__).parent / "styles" / "app.tcss")
    TITLE = "cardsuite"
    ENABLE_COMMAND_PALETTE = False
    no_intro = False
    """True: no "how to play" page on a first play (benchmarks, tests of other things)."""

    def __init__(self, config: TableConfig | None = None) -> None:
        super().__init__()
        self.config = config

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The table's colours: its felt, the felt's edge under the hand, and the text on them."""
        return dict(TABLE_COLOURS)

    def show_notices(self) -> None:
        """Each storage notice as a warning toast."""
        for line in take_notices():
            self.notify(line, severity="warning", timeout=10, markup=False)

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

    def action_hint_refused(self) -> None:
        """A table that gives no hints at all (an online one) says so in its log when ``h`` is pressed."""
        table = self.table
        if table is not None and self.screen is table and table.session.hint_refusal is not None:
            table.note(_(table.session.hint_refusal), table.flow.viewer)

    @property
    def ascii_only(self) -> bool:
        """Whether the table is drawn in ASCII only."""
        return self.config is not None and self.config.ascii_only

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters (``NO_COLOR``), then, in ASCII mode, ``AsciiFilter``."""
        filters = super().get_line_filters()
        return [*filters, ASCII_FILTER] if self.ascii_only else filters

    def get_key_display(self, binding: Binding) -> str:
        """Key names in ASCII when the terminal is ASCII."""
        shown = super().get_key_display(binding)
        if self.ascii_only and not shown.isascii():
            return binding.key_display or binding.key
        return shown

    @property
    def table(self) -> TableScreen | None:
        """The open table, if any (tests use it to inspect the session)."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None


def run_app(app: App[Any], headless: bool = False) -> None:
    """Run ``app`` in the terminal; if it stopped on an error, exit with its status (Textual has already
    printed what went wrong), so that a crashed table never reports success to a shell or a script."""
    app.run(headless=headless)
    code = app.return_code
    if code:
        raise SystemExit(code)
