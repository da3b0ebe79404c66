"""The pages of a table: the scoreboard, the end of a deal, the end of the match, the last trick.

Pure Rich renderables built from the session's figures and the game's presentation hooks (no Textual).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from ..core.game import Score
from ..core.match import winners
from ..core.presentation import Outcome
from ..naming import name_seats
from .render import Display, running_totals, score_text, sparkline
from .text import fit


def scoreboard(names: Sequence[str], deals: Sequence[Sequence[Score]], totals: Sequence[Score],
               display: Display) -> Table:
    """Rows of score changes per deal, and the totals."""
    table = Table(box=None, padding=(0, 2))
    table.add_column("deal")
    for name in names:
        table.add_column(Text(display.plain(name)), justify="right")  # a name is text, never markup
    for number, scores in enumerate(deals, 1):
        table.add_row(str(number), *(display.plain(score_text(s)) for s in scores))
    table.add_row("total", *(display.plain(score_text(t)) for t in totals), style="bold")
    return table


def deal_page(names: Sequence[str], summary_text: str, score_line: str, changes: Sequence[Score],
              totals: Sequence[Score], assisted: bool, display: Display) -> Text:
    """What was bid, made or failed and why, then each seat's change and total."""
    body = Text()
    if summary_text:
        body.append(display.plain(name_seats(summary_text, names)) + "\n", style="bold")
    if score_line:
        body.append(display.plain(name_seats(score_line, names)) + "\n")
    body.append("\n")
    width = min(16, max(len(n) for n in names) + 2)
    for seat, name in enumerate(names):
        change = changes[seat]
        sign = "+" if change > 0 else ""
        shown = display.plain(fit(name, width - 2, display.ascii_only))
        body.append(f"{shown:<{width}}{display.plain(sign + score_text(change)):>7}   total "
                    f"{display.plain(score_text(totals[seat]))}\n")
    if assisted:
        body.append("\n(assisted: undo was used)", style="dim")
    return body


def match_page(names: Sequence[str], deals: Sequence[Sequence[Score]], totals: Sequence[Score], assisted: bool,
               display: Display) -> Text:
    """Standings (``winner``, or ``tied`` when several share the top), and each seat's running total."""
    players = len(names)
    order = sorted(range(players), key=lambda s: totals[s], reverse=True)
    best = winners(totals)
    tied = len(best) > 1
    body = Text()
    if tied:
        body.append("The match is tied: " + ", ".join(display.plain(names[s]) for s in best) + "\n", style="bold")
    width = min(16, max(len(n) for n in names) + 2)
    for place, seat in enumerate(order, 1):
        mark = ("  tied" if tied else "  winner") if seat in best else ""
        shown = display.plain(fit(names[seat], width - 2, display.ascii_only))
        body.append(f"{place}. {shown:<{width}}{display.plain(score_text(totals[seat])):>6}{mark}\n",
                    style="bold" if seat in best else "")
    runs = running_totals(deals, players)
    values = [v for run in runs for v in run] or [0]
    low, high = min(values), max(values)
    body.append(f"Running totals, deal by deal ({display.plain(score_text(low))} to "
                f"{display.plain(score_text(high))}):\n", style="dim")
    for seat in range(players):
        shown = display.plain(fit(names[seat], width - 2, display.ascii_only))
        body.append(f"{shown:<{width}}{sparkline(runs[seat], low, high, display.ascii_only)}\n")
    if assisted:
        body.append("\n(assisted: undo was used)", style="dim")
    return body


def last_trick_page(outcome: Outcome | None, names: Sequence[str], display: Display) -> Text:
    """The last finished trick: each seat's card, then who took it and why."""
    if outcome is None:
        return Text("No trick has been completed yet.")
    body = Text()
    width = min(16, max(len(n) for n in names) + 2)
    for played in outcome.cards:
        mark = " <" if played.seat == outcome.winner else ""
        shown = display.plain(fit(names[played.seat], width - 2, display.ascii_only))
        body.append(f"{shown:<{width}}", style="bold" if mark else "")
        body.append_text(display.card(played.card) if played.card is not None else Text("?"))
        body.append(mark + "\n", style="bold")
    body.append("\n")
    body.append_text(display.filler(names).line(outcome.why))
    return body
