"""Typer's own words in ``--help``, in the reader's language: the panel titles, ``[default: …]``, ``[required]``,
and the colour of ``Usage:``.

Typer draws the help with Rich and reads these from module globals of ``typer.rich_utils`` at each call, so
``speak_typer`` sets them to the language in use just before a help is drawn (``HelpContext.make_formatter``),
and back to Typer's own in English. The names touched are ``TYPER_WORDS`` and ``highlighter``; the tests fail
if Typer renames them or rewords them. Importing this module imports Rich's help machinery, so only the drawing
of a help does.
"""

from __future__ import annotations

import re
from typing import Final

from rich.text import Text
from typer import rich_utils

from ..core.message import N_p
from ..i18n import ENGLISH, current_language, pgettext
from ..i18n.linebreak import KinsokuText

TYPER_WORDS: Final = {
    "ARGUMENTS_PANEL_TITLE": N_p("command-line help", "Arguments"),
    "OPTIONS_PANEL_TITLE": N_p("command-line help", "Options"),
    "COMMANDS_PANEL_TITLE": N_p("command-line help", "Commands"),
    # TRANSLATORS: {} is the default value, as the program writes it (0.2, nap)
    "DEFAULT_STRING": N_p("command-line help", "[default: {}]"),
    "REQUIRED_LONG_STRING": N_p("command-line help", "[required]"),
}

_TYPER_ENGLISH: Final = {name: getattr(rich_utils, name) for name in TYPER_WORDS}


class FoldingHighlighter(rich_utils.OptionHighlighter):
    """Typer's highlighter for the English help: its texts fold at the edge of their column, where Typer's tables
    would cut a word longer than the column (``(wss://cards.example.org/p/1;``) short with ``…``."""

    def __call__(self, text: str | Text) -> Text:
        lit = super().__call__(text)
        lit.overflow = "fold"
        return lit


class HelpHighlighter(rich_utils.OptionHighlighter):
    """Typer's highlighter for a translated help: it colours the translated ``Usage:``, and gives texts that fold
    at the edge of their column by the Japanese rules (``KinsokuText``), where Typer's tables would cut a line
    without spaces short with ``…``."""

    def __init__(self, usage: str) -> None:
        self.usage = f"(?P<usage>{re.escape(usage)})"

    def highlight(self, text: Text) -> None:
        super().highlight(text)
        text.highlight_regex(self.usage, style_prefix=self.base_style)

    def __call__(self, text: str | Text) -> Text:
        lit = super().__call__(text)
        return KinsokuText(lit.plain, style=lit.style, justify=lit.justify, overflow="fold", no_wrap=lit.no_wrap,
                           end=lit.end, tab_size=lit.tab_size, spans=list(lit.spans))


def speak_typer(usage: str) -> None:
    """Set Typer's words and highlighter for the language in use (Typer's own in English); ``usage`` is
    ``Usage:`` as the help writes it, for its colour."""
    for name, (context, english) in TYPER_WORDS.items():
        said = pgettext(context, english)
        setattr(rich_utils, name, _TYPER_ENGLISH[name] if said == english else said)
    rich_utils.highlighter = FoldingHighlighter() if current_language() == ENGLISH else HelpHighlighter(usage)
