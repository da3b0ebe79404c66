"""``cardsuite list`` and ``cardsuite rules GAME``: what is installed, and how each game is played."""

from __future__ import annotations

import typer

from ..core.registry import all_games, broken_games, get_game
from ..i18n import _, current_language, pgettext


def list_games() -> None:
    """Show the installed games with their player counts."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Installed games", title_justify="left")
    table.add_column("game", style="bold")
    table.add_column("players")
    table.add_column("about")
    for game in all_games():
        counts = game.info.players
        span = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
        table.add_row(game.info.name, span, game.info.summary)
    console = Console()
    console.print(table)
    for name, why in broken_games().items():
        console.print(f"[yellow]not loaded:[/] {name}: {why}")


def rules(game: str = typer.Argument(..., help="The game, e.g. nap.")) -> None:
    """Show a game's rules and its options (key, values, default, what it changes)."""
    from rich.console import Console
    from rich.markdown import Markdown
    from rich.table import Table

    found = get_game(game)
    console = Console()
    console.print(Markdown(found.rules_markdown(current_language())))
    table = Table(title=_("Options (--option key=value)"), title_justify="left")
    for column in (
        pgettext("option table column", "key"),
        pgettext("option table column", "values"),
        pgettext("option table column", "default"),
        pgettext("option table column", "what it changes"),
    ):
        table.add_column(column)
    for spec in found.info.options:
        default = str(spec.default).lower() if isinstance(spec.default, bool) else str(spec.default)
        table.add_row(spec.key, spec.values_text(), default, spec.doc)
    console.print(table)


def register(app: typer.Typer) -> None:
    """Add ``list`` and ``rules``."""
    app.command("list")(list_games)
    app.command("rules")(rules)
