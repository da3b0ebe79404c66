"""The table drawn as text: seats around it, the trick in the centre, the game's lines below it.

Pure (Rich text only): ``draw`` turns a ``TableModel`` into rows of a given size, so the layout is
tested without a terminal. You sit at the bottom; the others follow clockwise from your left: left,
top-left, top, top-right, right. Each card of the trick lies in front of the seat that played it (the top
seats' cards under them, the side seats' half a card lower, yours above you), the trick's winner raised
one row; the faces grow with the room the table has.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console
from rich.style import Style as RichStyle
from rich.text import Text

from ..cards import Card
from ..i18n.linebreak import kinsoku_text
from .faces import HUGE, LARGE, SMALL, WIDTHS, Faces
from .text import fit_text

SPOTS: dict[int, tuple[str, ...]] = {
    0: (),
    1: ("top",),
    2: ("left", "right"),
    3: ("left", "top", "right"),
    4: ("left", "top-left", "top-right", "right"),
    5: ("left", "top-left", "top", "top-right", "right"),
}
ACROSS = ("left", "top-left", "top", "top-right", "right")


def spots(players: int, bottom: int) -> dict[int, str]:
    """Each seat's place: ``bottom`` for the seat at the screen, the others clockwise from its left."""
    others = [(bottom + i) % players for i in range(1, players)]
    out = {bottom: "bottom"}
    out.update(zip(others, SPOTS[len(others)], strict=True))
    return out


@dataclass(frozen=True)
class SeatBlock:
    """One seat's text block (name line first); ``acting`` marks whose turn it is."""

    seat: int
    lines: tuple[Text, ...]
    acting: bool = False


@dataclass(frozen=True)
class TableModel:
    """What the centre of the screen shows."""

    players: int
    bottom: int
    seats: tuple[SeatBlock, ...]
    played: tuple[tuple[int, Card | None], ...] = ()
    winner: int | None = None
    banner: Text | None = None
    lines: tuple[Text, ...] = ()
    ascii_only: bool = False
    four_colour: bool = False
    fresh: bool = True
    """False: the cards are the last trick, kept in view (dimmed) until the next card is played."""


class Canvas:
    """A grid of cells that Rich texts are written onto, clipped at the edges; wide characters take two."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells: list[list[tuple[str, RichStyle]]] = [[(" ", RichStyle())] * width for _ in range(height)]

    def put(self, x: int, y: int, text: Text) -> None:
        """Write ``text`` (one line) at column ``x``, row ``y``."""
        if not 0 <= y < self.height:
            return
        plain = text.plain
        styles = [_style(text.style)] * len(plain)
        for span in text.spans:
            extra = _style(span.style)
            for i in range(max(0, span.start), min(len(plain), span.end)):
                styles[i] = styles[i] + extra
        row = self.cells[y]
        col = x
        for char, style in zip(plain, styles, strict=True):
            width = cell_len(char)
            if col + width > self.width:
                return
            if col >= 0:
                row[col] = (char, style)
                if width == 2:
                    row[col + 1] = ("", style)
            col += width

    def rows(self) -> list[Text]:
        """Each row as one ``Text``."""
        out: list[Text] = []
        for row in self.cells:
            line = Text()
            for char, style in row:
                if char:
                    line.append(char, style=style)
            out.append(line)
        return out


_WRAP_CONSOLE = Console(width=1000, color_system=None, legacy_windows=False)


def wrap(text: Text, width: int) -> list[Text]:
    """``text`` wrapped at spaces into lines of at most ``width`` cells (a longer word is cut), by the Japanese
    line-breaking rules (``i18n.linebreak``)."""
    if cell_len(text.plain) <= width:
        return [text]
    width = max(1, width)
    return list(kinsoku_text(text, width).wrap(_WRAP_CONSOLE, width, overflow="fold"))


def _rows(block: SeatBlock, width: int) -> list[Text]:
    """A seat block's rows at ``width``, each line wrapped (a name and its marks too: never cut)."""
    return [row for line in block.lines for row in wrap(line, width)]


def _style(style: str | RichStyle) -> RichStyle:
    return RichStyle.parse(style) if isinstance(style, str) else style


SIDE = ("left", "right")


def side_width(width: int) -> int:
    """The columns a left or right seat's block takes."""
    return max(15, min(22, width // 4))


def _tier_step(size: int) -> int:
    return size // 2 + 1


def trick_height(size: int) -> int:
    """Rows the trick takes: the top seats' cards, the side seats' half a card lower, yours below."""
    return 2 * _tier_step(size) + size


TOP_GAP = 2
"""Cells left empty between two seat blocks side by side at the top, so that neither's lines run into the
other's."""


def _top_text_width(top_n: int, top_w: int) -> int:
    """The width a top seat's lines wrap at in its slot of ``top_w`` cells: less a gap when it has neighbours."""
    return max(10, top_w - TOP_GAP) if top_n > 1 else top_w


def _top_rows(model: TableModel, width: int) -> int:
    places = spots(model.players, model.bottom)
    top_n = sum(1 for p in places.values() if p.startswith("top"))
    top_w = _top_text_width(top_n, max(12, width // max(1, top_n)))
    return max((len(_rows(b, top_w)) for b in model.seats if places.get(b.seat, "").startswith("top")), default=0)


def _bottom_rows(model: TableModel, width: int) -> int:
    return next((len(_rows(b, width)) for b in model.seats if b.seat == model.bottom), 0)


def face_size(width: int, height: int, model: TableModel | None = None) -> int:
    """The largest faces the table area has room for: the trick, the seats and a line under it."""
    top = _top_rows(model, width) if model is not None else 4
    bottom = _bottom_rows(model, width) if model is not None else 2
    for size in (HUGE, LARGE):
        card = WIDTHS[size]
        wide_enough = width >= 2 * side_width(width) + 3 * card + 10
        if wide_enough and top + 1 + trick_height(size) + 2 + bottom <= height:
            return size
    return SMALL


def _geometry(model: TableModel, width: int, height: int) -> tuple[int, int, int]:
    """The first row of the trick, the face size, and the first row after the trick: the trick and the
    lines under it are centred in the rows between the top seats and yours."""
    size = face_size(width, height, model)
    block_h = _top_rows(model, width)
    row_top = block_h + 1 if block_h else 1
    under = len(wrap(model.banner, width - 2)) if model.banner is not None else 1
    under += sum(len(wrap(line, width - 2)) for line in model.lines)
    free = height - _bottom_rows(model, width) - row_top - trick_height(size) - under - 1
    row_top += max(0, free // 2)
    return row_top, size, row_top + trick_height(size)


def capacity(model: TableModel, width: int, height: int) -> int:
    """How many of the game's lines fit under the trick and the banner (the rest go to the side panel)."""
    _, _, first = _geometry(model, width, height)
    banner = len(wrap(model.banner, width - 2)) if model.banner is not None else 1
    room = height - _bottom_rows(model, width) - first - banner
    used = 0
    for count, line in enumerate(model.lines):
        used += len(wrap(line, width - 2))
        if used > room:
            return count
    return len(model.lines)


def card_places(places: dict[int, str], width: int, card_w: int, row_top: int, size: int) -> dict[int, tuple[int, int]]:
    """Where each seat's card lies: in front of the seat (column, row of its top edge)."""
    mid = width // 2
    step = _tier_step(size)
    c0 = mid - card_w // 2
    tops = [p for p in ("top-left", "top", "top-right") if p in places.values()]
    xs: dict[str, int] = {}
    if tops == ["top"]:
        xs["top"] = c0
    elif "top" in tops:  # three across
        xs.update({"top-left": c0 - card_w - 1, "top": c0, "top-right": c0 + card_w + 1})
    elif tops:  # two across
        xs.update({"top-left": mid - 1 - card_w, "top-right": mid + 1})
    left = min([c0 - card_w - 4, *(xs[p] - card_w - 1 for p in ("top-left",) if p in xs)])
    right = max([c0 + card_w + 4, *(xs[p] + card_w + 1 for p in ("top-right",) if p in xs)])
    xs.update({"left": max(0, left), "right": min(width - card_w, right), "bottom": c0})
    rows = {"left": row_top + step, "right": row_top + step, "bottom": row_top + 2 * step}
    return {seat: (xs[place], rows.get(place, row_top)) for seat, place in places.items() if place in xs}


def draw(model: TableModel, width: int, height: int) -> list[Text]:
    """The table as ``height`` rows of ``width`` cells."""
    canvas = Canvas(width, height)
    places = spots(model.players, model.bottom)
    faces = Faces(model.ascii_only, model.four_colour)
    row_top, size, after = _geometry(model, width, height)
    card_w = faces.width(size)
    blocks = {b.seat: b for b in model.seats}
    side_w = side_width(width)
    top_n = sum(1 for p in places.values() if p.startswith("top"))
    top_w = max(12, width // max(1, top_n)) if top_n else width
    # -- seat blocks ------------------------------------------------------------------------------
    top_slots = [p for p in ("top-left", "top", "top-right") if p in places.values()]
    top_h, last = _top_rows(model, width), height - _bottom_rows(model, width)
    drawn: list[tuple[int, int, Text]] = []  # the bottom block's rows, drawn after the trick: always whole
    for seat, place in sorted(places.items(), key=lambda item: item[1] == "bottom"):
        block = blocks.get(seat)
        if block is None:
            continue
        if place == "bottom":
            y, x, w = 0, 0, width
            centred = True
        elif place in SIDE:
            y = row_top
            w = side_w
            x = 0 if place == "left" else width - w
            centred = False
        else:
            index = top_slots.index(place)
            y, w = 0, top_w
            x = index * top_w if top_n > 1 else 0
            centred = True
        if place.startswith("top"):
            w_text = _top_text_width(top_n, w)
            x, w = x + (w - w_text) // 2, w_text  # centred in its slot, a gap from its neighbours
        rows = _rows(block, w)
        if place == "bottom":
            y = height - len(rows)
        elif place in SIDE:  # a side block that wraps rises to end above yours (never above the top seats)
            y = max(top_h, min(y, last - len(rows)))
        for offset, line in enumerate(rows):
            text = fit_text(line, w, model.ascii_only)
            if block.acting and offset == 0:
                text = text.copy()
                text.stylize("bold reverse")
            left = x + max(0, (w - cell_len(text.plain)) // 2) if centred else (x if place == "left" else
                                                                                 x + w - cell_len(text.plain))
            drawn.append((left, y + offset, text))
        if place != "bottom":
            for at_x, at_y, part in drawn:
                canvas.put(at_x, at_y, part)
            drawn.clear()
    # -- the trick: each card in front of the seat that played it; the winner's raised ------------------
    where = card_places(places, width, card_w, row_top, size)
    played = dict(model.played)
    order = sorted(played, key=lambda s: s == model.winner)  # the winner's card is drawn last, on top
    for seat in order:
        if seat not in where:
            continue
        x, y = where[seat]
        won = model.winner == seat and model.fresh
        style = "bold reverse" if won else ""
        for dy, row in enumerate(faces.face(played[seat], size, style, dim=not model.fresh)):
            canvas.put(x, y + dy - (1 if won else 0), row)
    for at_x, at_y, part in drawn:
        canvas.put(at_x, at_y, part)
    # -- the banner and the game's lines ------------------------------------------------------------
    y = after
    last = height - _bottom_rows(model, width)
    banner = wrap(model.banner, width - 2) if model.banner is not None else [Text()]
    for row in [*banner, *(part for line in model.lines for part in wrap(line, width - 2))]:
        if y >= last:
            break
        canvas.put(max(0, (width - cell_len(row.plain)) // 2), y, row)
        y += 1
    return canvas.rows()


def join_rows(rows: Sequence[Text]) -> Text:
    """Rows as one ``Text``."""
    return Text("\n").join(rows)
