"""``cardsuite simulate``: whole matches between CPU levels, headless, with a table per level."""

from __future__ import annotations

import json

import typer

from ..core.options import parse_option_pairs
from ..core.registry import get_game


def simulate_command(
    game: str = typer.Argument(..., help="The game, e.g. nap."),
    players: int = typer.Option(0, "--players", "-p", help="Players (default: the game's usual count)."),
    games: int = typer.Option(100, "--games", "-g", min=1, help="How many whole matches to play."),
    seats: str = typer.Option(
        "", "--seats", help="CPU level per seat, comma-separated: random, easy, normal, hard (hard:300ms, hard:64)."
    ),
    seed: int = typer.Option(1, "--seed", help="Seed for every shuffle and every bot."),
    option: list[str] = typer.Option([], "--option", "-o", help="A rule option as key=value (repeatable)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of the table."),
) -> None:
    """Play whole matches between CPU levels and compare them (levels rotate over the seats)."""
    from ..bots import levels_for
    from ..simulate import simulate

    found = get_game(game)
    count = players or found.info.default_players
    options = found.resolve_options(parse_option_pairs(option), count)
    if seats:
        levels = [s.strip() for s in seats.split(",") if s.strip()]
    else:
        offered = [level for level in levels_for(found) if level != "hard"]  # hard is slow: ask for it
        levels = [offered[min(i, len(offered) - 1)] for i in range(count)][::-1]
    if len(levels) != count:
        from . import fail

        raise fail(f"--seats names {len(levels)} levels for {count} players")
    if as_json:
        result = simulate(found, count, levels, games, seed, options)
        print(json.dumps(result.as_json()))
        return
    from rich.console import Console
    from rich.progress import Progress

    console = Console(stderr=False)
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"{found.info.title}: {games} matches", total=games)
        result = simulate(found, count, levels, games, seed, options,
                          on_match=lambda done: progress.update(task, completed=done))
    _table(console, result.as_json())


def _table(console: object, data: dict[str, object]) -> None:
    from rich.console import Console
    from rich.table import Table

    assert isinstance(console, Console)
    title = (f"{data['game']} · {data['players']} players · {data['matches']} matches · "
             f"{data['deals']} deals · {data['seconds']} s")
    table = Table(title=title, title_justify="left")
    for column in ("level", "seats", "mean / deal", "95% interval", "bids", "made", "wins", "draws",
                   "p50 ms", "p95 ms"):
        table.add_column(column, justify="right" if column != "level" else "left")
    levels = data["levels"]
    assert isinstance(levels, dict)
    for name, row in levels.items():
        low, high = row["ci95"]
        table.add_row(name, str(row["seats"]), f"{row['mean']:+.3f}", f"[{low:+.3f}, {high:+.3f}]",
                      str(row["bids"]), str(row["made"]), str(row["wins"]), str(row["draws"]),
                      f"{row['decision_ms']['p50']:.2f}", f"{row['decision_ms']['p95']:.2f}")
    console.print(table)


def register(app: typer.Typer) -> None:
    """Add ``simulate``."""
    app.command("simulate")(simulate_command)
