"""Read-only panels: the top bar, the seats, the trick and table facts, and the event log."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import RichLog, Static

from ...core.game import Score, View
from ...naming import name_seats
from ..render import Style, fact_text, score_text

SHARED_KEYS = frozenset({"contract_text", "declarer", "trump", "trick", "last_trick", "trick_number"})


class TopBar(Static):
    """The header line: game, deal, contract, trumps, trick number, timer."""

    def show(self, parts: list[str]) -> None:
        """Show ``parts`` separated by dots."""
        self.update(Text(" · ".join(p for p in parts if p), no_wrap=True, overflow="ellipsis"), layout=False)


class SeatsPanel(Static):
    """Every seat from ``view.seats``: turn marker, name, dealer, cards held, tricks, role, total."""

    def show(
        self,
        view: View,
        names: tuple[str, ...],
        totals: list[Score],
        cpu: list[str | None],
        people: tuple[int, ...],
    ) -> None:
        """Rebuild from a view (public per-seat facts only), the match totals, and who plays each seat."""
        table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim", expand=True)
        width = min(14, max(len(n) for n in names) + 2)
        table.add_column("", width=2, no_wrap=True)
        table.add_column("seat", width=width, no_wrap=True, overflow="ellipsis")
        table.add_column("held", width=4, no_wrap=True)
        table.add_column("won", width=3, no_wrap=True)
        table.add_column("role", ratio=1, no_wrap=True, overflow="ellipsis")
        table.add_column("score", width=6, no_wrap=True, justify="right")
        for info in view.seats:
            seat = info.seat
            name = names[seat] + (" ★" if seat == view.seat else "")
            words = [info.role] if info.role else []
            if cpu[seat] and seat in people:
                words.append("(CPU plays)")
            for key, value in info.facts.items():
                if value is True:
                    words.append(key)
                elif value is not False and value is not None:
                    words.append(f"{key} {value}")
            marker = ("▶" if seat in view.to_act else " ") + ("D" if view.dealer == seat else " ")
            style = "bold" if seat in view.to_act else ""
            table.add_row(marker, name, str(info.cards_held), str(info.tricks), " ".join(words),
                          score_text(totals[seat]), style=style)
        self.update(table, layout=False)


class InfoPanel(Static):
    """The current trick and the game's public table facts (generic, plus an optional game panel)."""

    def show(
        self, view: View, names: tuple[str, ...], style: Style, extra: list[Text], skip: frozenset[str]
    ) -> None:
        """The trick as ``name card`` pairs, then every other ``view.table`` fact."""
        lines: list[Text] = []
        if "trick" in view.table:
            trick = view.table.get("trick")
            line = Text("Trick", style="bold")
            number = view.table.get("trick_number")
            if number is not None:
                line.append(f" {number}")
            line.append(": ")
            if isinstance(trick, tuple) and trick:
                for index, pair in enumerate(trick):
                    seat, card = pair
                    if index:
                        line.append("  ")
                    line.append(f"{names[seat]} ")
                    line.append_text(style.card(card))
            else:
                line.append("(empty)", style="dim")
            lines.append(line)
        lines.extend(extra)
        hide_memory = bool(view.table.get("memory"))
        for key, value in view.table.items():
            if key in SHARED_KEYS or key in skip or key == "memory":
                continue
            if hide_memory and ("remaining" in key or "played" in key or "history" in key):
                continue
            lines.append(fact_text(key, value, style, names))
        if view.private:
            for key, value in view.private.items():
                if key in skip:
                    continue
                text = fact_text(key, value, style, names)
                text.stylize("italic")
                lines.append(text)
        self.update(Text("\n").join(lines), layout=False)


class EventLog(RichLog):
    """The event log: ``show`` appends only what is new, and starts over when the lines diverge."""

    def __init__(self, style: Style, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=1)
        self.style_set = style
        self.shown: list[str] = []

    def show(self, lines: list[str]) -> None:
        """Show ``lines`` (names already substituted)."""
        lines = [self.style_set.plain(line) for line in lines]
        if lines[: len(self.shown)] != self.shown:
            self.clear()
            self.shown = []
        for line in lines[len(self.shown) :]:
            self.write(Text(line))
        self.shown = list(lines)


def contract_line(view: View, names: tuple[str, ...], style: Style) -> str:
    """The contract text with names, and the trump suit as a symbol."""
    text = name_seats(str(view.table.get("contract_text", "")), names)
    return style.plain(text)
