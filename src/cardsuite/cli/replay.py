"""``cardsuite replay FILE``: show a recorded match deal by deal, or print its result as JSON.

A deal the record has not finished shows only its public events (no pending simultaneous choice), at the
terminal and in the text alike; the JSON holds no hand or choice and is the same for every record.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import typer

from ..core.errors import CardsuiteError
from ..core.game import Event
from ..core.record import Replay, replay, score_json
from ..core.registry import get_game
from ..i18n import _, game_words, ngettext, pgettext
from ..i18n.render import event_text
from ..naming import shown
from ..recordfiles import load_record


def replay_command(
    file: Path = typer.Argument(..., help="A game record (cardsuite-record/1 JSON)."),
    as_json: bool = typer.Option(False, "--json", help="Print the result object of docs/records.md."),
    as_text: bool = typer.Option(False, "--text", help="Print the match as text (also when not on a terminal)."),
    ascii_only: bool = typer.Option(False, "--ascii", help="At the table: suits as S H D C."),
) -> None:
    """Replay a record: at a terminal the table, step by step; piped, every trick and score as text."""
    if as_json and as_text:
        raise CardsuiteError(_("--json and --text cannot be used together: choose one"))
    result = replayed(file)
    if as_json:
        print(json.dumps(result.as_json()))
        return
    if as_text or not (sys.stdout.isatty() and sys.stdin.isatty()) or not result.deals:
        _show(result)
        return
    from ..tui.config import suits_encodable
    from ..tui.replay import run_replay

    run_replay(result, tuple(seat_names(result)), ascii_only or not suits_encodable())


def replayed(file: Path) -> Replay:
    """The record at ``file`` read through the bounded reader and replayed by its installed game."""
    return replay(load_record(file), get_game)


def seat_names(result: Replay) -> list[str]:
    """Each seat's name from the record, safe to print (``Seat N`` where the record names none)."""
    unnamed = _("Seat {number}")
    names = [shown(str(s.get("name", unnamed.format(number=i)))) for i, s in enumerate(result.seats)]
    names = names[: result.players]
    return names + [unnamed.format(number=i) for i in range(len(names), result.players)]


def _show(result: Replay) -> None:
    """The match as text. Names are data: every line is a Rich ``Text``, never parsed as markup. Piped or
    redirected, each event is one line, never wrapped (for grep and screen readers); at a terminal, lines
    wrap at its width."""
    from rich.text import Text

    from ._console import rule_whole, stdout_console

    console = stdout_console(highlight=False, emoji=False, markup=False)
    names = seat_names(result)
    words = game_words(result.game)
    comma = pgettext("list separator", ", ")
    seats = comma.join(f"{i} {n}" for i, n in enumerate(names))
    players = ngettext("{game}, {n} player: {seats}", "{game}, {n} players: {seats}", result.players)
    console.print(Text(players.format(game=words.gettext(result.game.info.title), n=result.players, seats=seats),
                       style="bold"))
    for index, deal in enumerate(result.deals):
        if deal.setup.dealer is None:
            heading = _("Deal {number}").format(number=index + 1)
        else:
            heading = _("Deal {number}, dealer {name}").format(number=index + 1, name=names[deal.setup.dealer])
        rule_whole(console, Text(heading))
        events = told_once(deal.events) if deal.complete else tuple(e for e in deal.events if e.visible_to is None)
        if not deal.complete:
            console.print(Text(_("this deal is still being played: its hands stay hidden"), style="italic"))
        for event in events:
            style = "bold" if event.kind in ("trick", "score", "contract", "redeal") else ""
            console.print(Text(event_text(event, names, words), style=style))
        changes = comma.join(f"{names[s]} {score_json(x):+}" for s, x in enumerate(deal.scores))
        line = _("score change: {changes}") if deal.complete else _("score change (unfinished): {changes}")
        console.print(Text(line.format(changes=changes)))
    totals = comma.join(f"{names[s]} {score_json(x)}" for s, x in enumerate(result.totals))
    rule_whole(console, Text(_("Totals")))
    ending = _("{totals}  (match complete)") if result.complete else _("{totals}  (match not finished)")
    console.print(Text(ending.format(totals=totals)))


def told_once(events: Sequence[Event]) -> tuple[Event, ...]:
    """A finished deal's events with each secret choice said once: its public ``seat N has chosen`` kept (the
    order the seats chose in), its private ``chose`` left out, since the reveal after it names the cards."""
    return tuple(event for index, event in enumerate(events)
                 if not (event.visible_to is not None and index + 1 < len(events)
                         and events[index + 1].kind == "chosen" and events[index + 1].seat == event.seat
                         and events[index + 1].visible_to is None))


def register(app: typer.Typer) -> None:
    """Add ``replay``."""
    app.command("replay")(replay_command)
