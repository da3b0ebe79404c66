"""The pages of a table: the scoreboard, the end of a deal, the end of the match, the last trick.

Pure Rich renderables built from the session's figures and the game's presentation hooks (no Textual).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ..core.game import Score
from ..core.match import winners
from ..core.message import Message
from ..core.presentation import Outcome
from ..i18n import _, ngettext, pgettext
from ..naming import name_seats
from .render import Display, running_totals, score_text, sparkline
from .text import fit


def assisted_words() -> str:
    """Why a match is marked assisted."""
    return _("(assisted: undo was used, or the CPU played for a person)")


def _pad(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` terminal cells (a Japanese character takes two)."""
    return text + " " * max(0, width - cell_len(text))


def _words(text: str | Message, names: Sequence[str], display: Display) -> str:
    """A game's sentence (a message, or old-style text with ``seat N``) in the viewer's language."""
    if isinstance(text, Message):
        return display.say(text, names)
    return display.plain(name_seats(text, names))


def scoreboard(names: Sequence[str], deals: Sequence[Sequence[Score]], totals: Sequence[Score],
               display: Display) -> Table:
    """Rows of score changes per deal, and the totals. In a narrow page a name folds onto more rows; nothing is
    cut short."""
    table = Table(box=None, padding=(0, 2))
    first = display.plain(pgettext("scoreboard column", "deal"))
    total = display.plain(pgettext("scoreboard row", "total"))
    table.add_column(first, overflow="fold", min_width=max(cell_len(first), cell_len(total)))
    for name in names:
        table.add_column(Text(display.plain(name)), justify="right", overflow="fold")  # a name is text, never markup
    for number, scores in enumerate(deals, 1):
        table.add_row(str(number), *(display.plain(score_text(s)) for s in scores))
    table.add_row(total, *(display.plain(score_text(t)) for t in totals), style="bold")
    return table


def natural_width(table: Table) -> int:
    """The terminal cells ``table`` takes when nothing of it folds."""
    console = Console(width=1000)
    return Measurement.get(console, console.options, table).maximum


def deal_page(names: Sequence[str], summary_text: str | Message, score_line: str | Message,
              changes: Sequence[Score], totals: Sequence[Score], assisted: bool, display: Display) -> Text:
    """What was bid, made or failed and why, then each seat's change and total."""
    body = Text()
    if summary_text:
        body.append(_words(summary_text, names, display) + "\n", style="bold")
    if score_line and any(changes):  # a deal that scored nothing (thrown in) is said once, by the summary
        body.append(_words(score_line, names, display) + "\n")
    body.append("\n")
    width = min(16, max(cell_len(n) for n in names) + 2)
    for seat, name in enumerate(names):
        change = changes[seat]
        sign = "+" if change > 0 else ""
        shown = display.plain(fit(name, width - 2, display.ascii_only))
        total = display.plain(_("total {points}").format(points=score_text(totals[seat])))
        body.append(f"{_pad(shown, width)}{display.plain(sign + score_text(change)):>7}   {total}\n")
    if assisted:
        body.append("\n" + display.plain(assisted_words()), style="dim")
    return body


def match_page(names: Sequence[str], deals: Sequence[Sequence[Score]], totals: Sequence[Score], assisted: bool,
               display: Display, stopped: str = "") -> Text:
    """Standings (``winner``, or ``tied`` when several share the top; equal totals share a place: 1, 1, 3), and
    each seat's running total. ``stopped``: the line of a match the table stopped before its rules ended it
    (``stopped_words``): nobody is marked the winner."""
    players = len(names)
    order = sorted(range(players), key=lambda s: totals[s], reverse=True)
    best = () if stopped else winners(totals)
    tied = len(best) > 1
    body = Text()
    if stopped:
        body.append(display.plain(stopped) + "\n", style="bold")
    if tied:
        together = pgettext("list separator", ", ").join(display.plain(names[s]) for s in best)
        body.append(display.plain(_("The match is tied: {names}").format(names=together)) + "\n", style="bold")
    width = min(16, max(cell_len(n) for n in names) + 2)
    for seat in order:
        place = 1 + sum(1 for total in totals if total > totals[seat])
        mark = ("  " + (_("tied") if tied else _("winner"))) if seat in best else ""
        shown = display.plain(fit(names[seat], width - 2, display.ascii_only))
        body.append(f"{place}. {_pad(shown, width)}{display.plain(score_text(totals[seat])):>6}{display.plain(mark)}\n",
                    style="bold" if seat in best else "")
    runs = running_totals(deals, players)
    values = [v for run in runs for v in run] or [0]
    low, high = min(values), max(values)
    body.append(display.plain(_("Running totals, deal by deal ({low} to {high}):").format(
        low=score_text(low), high=score_text(high))) + "\n", style="dim")
    for seat in range(players):
        shown = display.plain(fit(names[seat], width - 2, display.ascii_only))
        body.append(f"{_pad(shown, width)}{sparkline(runs[seat], low, high, display.ascii_only)}\n")
    if assisted:
        body.append("\n" + display.plain(assisted_words()) + "\n", style="dim")
    return body


def stopped_words(deals: int, saved: bool) -> str:
    """What a table says when it stops a match its rules have not ended after ``deals`` deals (``saved``:
    its save stays, to resume)."""
    if saved:
        return ngettext("After {deals} deal nobody has won: the table stops here, and the match stays saved "
                        "for `cardsuite resume` to play on.",
                        "After {deals} deals nobody has won: the table stops here, and the match stays saved "
                        "for `cardsuite resume` to play on.", deals).format(deals=deals)
    return ngettext("After {deals} deal nobody has won: the table stops here.",
                    "After {deals} deals nobody has won: the table stops here.", deals).format(deals=deals)


def last_trick_page(outcome: Outcome | None, names: Sequence[str], display: Display) -> Text:
    """The last finished trick: each seat's card, then who took it and why."""
    if outcome is None:
        return Text(display.plain(_("No trick has been completed yet.")))
    body = Text()
    width = min(16, max(cell_len(n) for n in names) + 2)
    for played in outcome.cards:
        mark = " <" if played.seat == outcome.winner else ""
        shown = display.plain(fit(names[played.seat], width - 2, display.ascii_only))
        body.append(_pad(shown, width), style="bold" if mark else "")
        body.append_text(display.card(played.card) if played.card is not None else Text("?"))
        body.append(mark + "\n", style="bold")
    body.append("\n")
    body.append_text(display.filler(names).line(outcome.why))
    return body
