"""``cardsuite replay FILE``: show a recorded match deal by deal, or print its result as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..core.record import Replay, load_record, replay, score_json
from ..core.registry import get_game
from ..naming import name_seats, shown


def replay_command(
    file: Path = typer.Argument(..., help="A game record (cardsuite-record/1 JSON)."),
    as_json: bool = typer.Option(False, "--json", help="Print the result object of docs/records.md."),
) -> None:
    """Replay a record: bids, contract, trumps, every trick and its winner, the score changes."""
    result = replay(load_record(file), get_game)
    if as_json:
        print(json.dumps(result.as_json()))
        return
    _show(result)


def seat_names(result: Replay) -> list[str]:
    """Each seat's name from the record, safe to print (``Seat N`` where the record names none)."""
    names = [shown(str(s.get("name", f"Seat {i}"))) for i, s in enumerate(result.seats)][: result.players]
    return names + [f"Seat {i}" for i in range(len(names), result.players)]


def _show(result: Replay) -> None:
    """The match as text. Names are data: every line is a Rich ``Text``, never parsed as markup."""
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False, emoji=False, markup=False)
    names = seat_names(result)
    console.print(Text.assemble((result.game.info.title, "bold"), f", {result.players} players: ",
                                ", ".join(f"{i} {n}" for i, n in enumerate(names))))
    for index, deal in enumerate(result.deals):
        dealer = "" if deal.setup.dealer is None else f", dealer {names[deal.setup.dealer]}"
        console.rule(Text(f"Deal {index + 1}{dealer}"))
        for event in deal.events:
            style = "bold" if event.kind in ("trick", "score", "contract", "redeal") else ""
            console.print(Text(name_seats(event.text, names), style=style))
        changes = ", ".join(f"{names[s]} {score_json(x):+}" for s, x in enumerate(deal.scores))
        state = "" if deal.complete else " (unfinished)"
        console.print(Text(f"score change{state}: {changes}"))
    totals = ", ".join(f"{names[s]} {score_json(x)}" for s, x in enumerate(result.totals))
    console.rule(Text("Totals"))
    console.print(Text(totals + ("  (match complete)" if result.complete else "  (match not finished)")))


def register(app: typer.Typer) -> None:
    """Add ``replay``."""
    app.command("replay")(replay_command)
