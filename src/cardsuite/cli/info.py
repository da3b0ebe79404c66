"""``cardsuite list`` and ``cardsuite rules GAME``: what is installed, and how each game is played."""

from __future__ import annotations

from collections.abc import Sequence
from gettext import NullTranslations

import typer

from ..core.options import OptionValue, shown_value
from ..core.registry import all_games, broken_games, get_game
from ..i18n import _, current_language, game_words, pgettext
from ..i18n.render import render


def list_games() -> None:
    """Show the installed games with their player counts."""
    from rich.table import Table
    from rich.text import Text

    from ._console import print_whole, stdout_console

    table = Table(title=_("Installed games"), title_justify="left")
    table.add_column(pgettext("game list column", "game"), style="bold")
    table.add_column(pgettext("game list column", "players"))
    table.add_column(pgettext("game list column", "about"))
    for game in all_games():
        counts = game.info.players
        span = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
        table.add_row(game.info.name, span, game_words(game).gettext(game.info.summary))
    console = stdout_console()
    print_whole(console, table)
    for name, why in broken_games().items():
        console.print(Text(_("not loaded: {game}: {why}").format(game=name, why=render(why)), style="yellow"))


def rules(game: str = typer.Argument(..., help="The game, e.g. nap (see `cardsuite list`).")) -> None:
    """Show a game's rules and its options (key, values, default, what it changes)."""
    # A value is shown as ``--option`` takes it, followed by its words in the reader's language when it has any
    # (``rebid (出し直し)``), then a list of choices has one a line; the keys are never translated. A cell too
    # long for its column is folded, never cut short; the page and the option table break lines by the Japanese
    # rules (``i18n.linebreak``). Piped or redirected, the page is as wide as every command's piped output
    # (``_console.PIPED_WIDTH``), whatever ``COLUMNS`` says. The docstring is the command's help, so this stays a
    # comment.
    from rich.table import Table

    from ..i18n.choices import value_with_words
    from ..i18n.linebreak import KinsokuText
    from ..rules_pages import rules_markdown
    from ._console import print_whole, stdout_console
    from ._markdown import KinsokuMarkdown

    found = get_game(game)
    words = game_words(found)
    console = stdout_console(soft_wrap=False)  # a page's paragraphs and list items are folded at its width
    console.print(KinsokuMarkdown(rules_markdown(found, current_language())))
    table = Table(title=_("Options (--option key=value)"), title_justify="left")
    for column in (
        pgettext("option table column", "key"),
        pgettext("option table column", "values"),
        pgettext("option table column", "default"),
        pgettext("option table column", "what it changes"),
    ):
        table.add_column(column, overflow="fold")
    for spec in found.info.options:
        choices = (True, False) if isinstance(spec.default, bool) else spec.choices
        values = spec.values_text() if choices is None else _choices_text(words, choices)
        cells = (spec.key, values, value_with_words(words, spec.default), words.gettext(spec.doc))
        # each as the table makes a string into text (markup read), wrapped by the rules
        table.add_row(*(KinsokuText.assemble(console.render_str(cell, highlight=False)) for cell in cells))
    print_whole(console, table)


def _choices_text(words: NullTranslations, choices: Sequence[OptionValue]) -> str:
    """An option's choices for the rules table: ``a, b`` when none has words of its own, else one a line,
    each followed by its words."""
    from ..i18n.choices import value_with_words

    shown = [value_with_words(words, choice) for choice in choices]
    plain = [shown_value(choice) for choice in choices]
    return ", ".join(shown) if shown == plain else "\n".join(shown)


def register(app: typer.Typer) -> None:
    """Add ``list`` and ``rules``."""
    app.command("list")(list_games)
    app.command("rules")(rules)
