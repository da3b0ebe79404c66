"""The table drawn as text: seats around it, the trick in the centre, the game's lines below it.

Pure (Rich text only): ``draw`` turns a ``TableModel`` into rows of a given size, so the layout is
tested without a terminal. You sit at the bottom; the others follow clockwise from your left: left,
top-left, top, top-right, right. Each card of the trick lies in the centre beside the seat that played it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console
from rich.style import Style as RichStyle
from rich.text import Text

from ..cards import Card
from .faces import LARGE, SMALL, Faces
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
    """``text`` wrapped at spaces into lines of at most ``width`` cells (a longer word is cut)."""
    if cell_len(text.plain) <= width:
        return [text]
    return list(text.wrap(_WRAP_CONSOLE, max(1, width), overflow="fold"))


def _rows(block: SeatBlock, width: int) -> list[Text]:
    """A seat block's rows at ``width``: the name line as it is (cut if need be), the others wrapped."""
    rows = [block.lines[0]] if block.lines else []
    return rows + [row for line in block.lines[1:] for row in wrap(line, width)]


def _style(style: str | RichStyle) -> RichStyle:
    return RichStyle.parse(style) if isinstance(style, str) else style


def face_size(width: int, height: int) -> int:
    """Large faces when the table area has room for them, else small ones."""
    return LARGE if width >= 72 and height >= 26 else SMALL


def _geometry(model: TableModel, width: int, height: int) -> tuple[int, int, int]:
    """The first row of the trick, the face size, and the first row after your card."""
    places = spots(model.players, model.bottom)
    size = face_size(width, height)
    top_n = sum(1 for p in places.values() if p.startswith("top"))
    top_w = max(12, width // max(1, top_n))
    block_h = max((len(_rows(b, top_w)) for b in model.seats if places.get(b.seat, "").startswith("top")),
                  default=0)
    row_top = block_h + 1 if block_h else 1
    mine_y = row_top + size
    return row_top, size, mine_y + size


def capacity(model: TableModel, width: int, height: int) -> int:
    """How many of the game's lines fit under the trick and the banner (the rest go to the side panel)."""
    _, _, first = _geometry(model, width, height)
    bottom_h = next((len(_rows(b, width)) for b in model.seats if b.seat == model.bottom), 0)
    banner = len(wrap(model.banner, width - 2)) if model.banner is not None else 1
    room = height - bottom_h - first - banner
    used = 0
    for count, line in enumerate(model.lines):
        used += len(wrap(line, width - 2))
        if used > room:
            return count
    return len(model.lines)


def draw(model: TableModel, width: int, height: int) -> list[Text]:
    """The table as ``height`` rows of ``width`` cells."""
    canvas = Canvas(width, height)
    places = spots(model.players, model.bottom)
    faces = Faces(model.ascii_only, model.four_colour)
    size = face_size(width, height)
    card_w = faces.width(size)
    blocks = {b.seat: b for b in model.seats}
    side_w = max(15, min(20, width // 4))
    top_n = sum(1 for p in places.values() if p.startswith("top"))
    top_w = max(12, width // max(1, top_n)) if top_n else width
    # -- seat blocks ------------------------------------------------------------------------------
    top_slots = [p for p in ("top-left", "top", "top-right") if p in places.values()]
    for seat, place in places.items():
        block = blocks.get(seat)
        if block is None:
            continue
        if place == "bottom":
            y, x, w = height - len(block.lines), 0, width
            centred = True
        elif place in ("left", "right"):
            y = _geometry(model, width, height)[0]
            w = side_w
            x = 0 if place == "left" else width - w
            centred = False
        else:
            index = top_slots.index(place)
            y, w = 0, top_w
            x = index * top_w if top_n > 1 else 0
            centred = True
        rows = _rows(block, w)
        if place == "bottom":
            y = height - len(rows)
        for offset, line in enumerate(rows):
            text = fit_text(line, w, model.ascii_only)
            if block.acting and offset == 0:
                text = text.copy()
                text.stylize("bold reverse")
            left = x + max(0, (w - cell_len(text.plain)) // 2) if centred else (x if place == "left" else
                                                                                 x + w - cell_len(text.plain))
            canvas.put(left, y + offset, text)
    # -- the trick ------------------------------------------------------------------------------------
    mid = width // 2
    row_top, _, _ = _geometry(model, width, height)
    played = dict(model.played)
    across = [s for s in sorted(played, key=lambda s: ACROSS.index(places[s]) if places.get(s) in ACROSS else 9)
              if places.get(s) != "bottom"]
    sides = any(p in ("left", "right") for p in places.values())
    room = width - 2 * (side_w + 1) if sides else width
    gap = 1 if len(across) * (card_w + 1) - 1 <= room else 0
    total = len(across) * (card_w + gap) - gap
    x0 = mid - total // 2
    for i, seat in enumerate(across):
        style = "bold reverse" if model.winner == seat and model.fresh else ""
        for dy, row in enumerate(faces.face(played[seat], size, style, dim=not model.fresh)):
            canvas.put(x0 + i * (card_w + gap), row_top + dy, row)
    mine_y = row_top + size
    if model.bottom in played:
        style = "bold reverse" if model.winner == model.bottom and model.fresh else ""
        for dy, row in enumerate(faces.face(played[model.bottom], size, style, dim=not model.fresh)):
            canvas.put(mid - card_w // 2, mine_y + dy, row)
    # -- the banner and the game's lines ------------------------------------------------------------
    bottom_h = len(_rows(blocks[model.bottom], width)) if model.bottom in blocks else 0
    y = mine_y + size
    last = height - bottom_h
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
