"""What the table shows around the cards, drawn from one seat's view.

The table screen decides *when* to draw; this module decides *what*: the seat blocks round the table (name,
marks, role, the game's note, cards held and won, the total), the cards in the centre with the trick's
winner and why (or the last trick, dimmed, until the next card), and the game's lines under them. Each is a
function of the view, the session's names and totals, and the display settings, so the screen stays the
mediator and this stays testable on its own. A presentation hook that fails never closes the table.
"""

from __future__ import annotations

from rich.text import Text

from ..core.game import View
from ..core.message import Message
from ..core.presentation import Line, Outcome, Played
from ..i18n import _, pgettext
from ..i18n.reasons import trump_aware
from ..naming import name_seats
from .layout import SeatBlock, TableModel
from .render import Display, fact_text, score_text
from .session import TableSession
from .text import Filler

SHARED_KEYS = frozenset({"contract_text", "declarer", "trump", "trick", "last_trick", "trick_number"})
"""Table facts every game's header or centre already shows, left out of an outside game's lines."""


def table_model(view: View, session: TableSession, style_set: Display, viewer: int | None,
                flash: Outcome | None) -> TableModel:
    """The table for ``view``: seat blocks, the cards in the centre, the game's lines."""
    game = session.game
    filler = style_set.filler(session.names)
    # a watcher's view belongs to no seat: the first seat (or the person's) sits at the bottom, its block shown
    bottom = view.seat if viewer is not None and 0 <= view.seat < view.players else (session.people or (0,))[0]
    blocks = tuple(seat_block(view, seat, bottom, session, style_set, viewer) for seat in range(view.players))
    fresh = flash is not None
    winner: int | None = None
    banner: Text | None = None
    trump = view.table.get("trump")
    if flash is not None:
        played: tuple[Played, ...] = flash.cards
        winner, banner = flash.winner, filler.line(Line(trump_aware(flash.why.message, trump)))
    else:
        try:
            played = game.table_cards(view)
            last = game.outcome(view) if all(p.card is None for p in played) else None
        except Exception:  # a presentation hook must not close the table
            played, last = (), None
        if last is not None:  # the last trick stays in view, dimmed, until the next card is played
            played, winner, banner = last.cards, last.winner, filler.line(Line(trump_aware(last.why.message, trump)))
            banner.stylize("dim")
    return TableModel(view.players, bottom, blocks, tuple((p.seat, p.card) for p in played), winner,
                      banner, tuple(centre_lines(view, session, style_set)), style_set.ascii_only,
                      style_set.four_colour, fresh)


def marked(marks: list[str]) -> str:
    """A name's marks as they follow it: each after a space, but for one in full-width brackets (Japanese)."""
    return "".join(mark if mark.startswith("（") else " " + mark for mark in marks)


def seat_block(view: View, seat: int, bottom: int, session: TableSession, style_set: Display,
               viewer: int | None) -> SeatBlock:
    """One seat's block: name and marks, role, the game's note on it, cards held and won, the total."""
    info = view.seats[seat]
    filler = style_set.filler(session.names)
    marks = []
    acting = seat in view.to_act and not view.is_over
    name = Text("> " if acting and style_set.ascii_only else ("▶ " if acting else ""))
    name.append(style_set.plain(session.names[seat]), style="bold")
    if view.dealer == seat:
        marks.append(pgettext("the dealer's mark beside a name", "D"))
    if seat == bottom and viewer is not None and not session.watching:
        marks.append(_("(you)"))
    if session.is_cpu(seat) and seat in session.people:
        marks.append(_("(CPU plays)"))
    if marks:
        name.append(marked(marks), style="dim")
    try:
        note = session.game.seat_note(view, seat)
    except Exception:  # a presentation hook must not close the table
        note = None
    role = Text()
    if info.role == "declarer" and view.phase == "bidding":  # others may still outbid: not a declarer yet
        bid = _highest_bid(view, session, style_set)
        if bid is not None:  # one line with the bid, in place of the game's note, which says the same bid
            note = None
            # TRANSLATORS: a seat's block during the auction: this seat's bid is the highest so far ("highest
            # bid: 3 tricks"); others may still outbid it
            role = Text(style_set.plain(_("highest bid: {bid}").format(bid=bid)), style="bold italic")
        else:
            role = Text(style_set.plain(_("highest bid")), style="bold italic")
    elif info.role:
        known = session.game.roles().get(info.role)
        role = Text(style_set.say(known.title if known is not None else info.role), style="bold italic")
    if note is not None:
        detail = filler.line(note)
    else:
        detail = Text(style_set.plain(" ".join(f"{k} {v}" for k, v in info.facts.items()
                                                    if v not in (None, False))))
    held = style_set.plain(_("{held} held, {won} won").format(held=info.cards_held, won=info.tricks))
    # the match total, unless the match is one deal (then the game's own count, such as GOPS's points, says it)
    total = style_set.plain(_("match {points}").format(points=score_text(session.totals[seat]))) \
        if not _one_deal(session) else ""
    if seat == bottom:  # the bottom row is wide: two lines
        first = name.copy()
        for part in (role, detail):
            if part.plain:
                first.append(style_set.plain(" · "), style="dim")
                first.append_text(part)
        both = style_set.plain(_("{held}, {total}").format(held=held, total=total)) if total else held
        status = _status(session, seat, filler)
        rows = (first, Text(both, style="dim")) if status is None else (first, status, Text(both, style="dim"))
        return SeatBlock(seat, rows, acting)
    lines = [name, *(part for part in (role, detail) if part.plain), Text(held, style="dim"),
             *([Text(total, style="dim")] if total else [])]
    status = _status(session, seat, filler)
    if status is not None:
        lines.insert(1, status)
    return SeatBlock(seat, tuple(lines), acting)


def _highest_bid(view: View, session: TableSession, style_set: Display) -> str | None:
    """The auction's highest bid so far in words (``Presentation.contract_words`` of the table's ``contract``),
    or None when the table names none."""
    contract = view.table.get("contract")
    if not isinstance(contract, str) or not contract:
        return None
    try:
        words = session.game.contract_words(contract)
    except Exception:  # a presentation hook must not close the table
        return None
    return style_set.plain(contract) if words == contract else style_set.say(words, session.names)


def _one_deal(session: TableSession) -> bool:
    """Whether the match is a single deal (no running total to show beside the deal's own count)."""
    try:
        return session.game.match_length(len(session.names), session.options) == 1
    except Exception:  # a game's helper failing must not close the table
        return False


def _status(session: TableSession, seat: int, filler: Filler) -> Text | None:
    """The session's word on a seat (connected, a CPU standing in), or None."""
    try:
        line = session.seat_status(seat)
    except Exception:  # a session's status must not close the table
        line = None
    if line is None:
        return None
    text = filler.line(line)
    text.stylize("italic")
    return text


def status_text(session: TableSession, style_set: Display) -> Text:
    """The status line under the header: the session's lines about the table (empty: not shown)."""
    try:
        lines = session.status_lines()
    except Exception:  # a session's status must not close the table
        lines = ()
    filler = style_set.filler(session.names)
    out = Text()
    for index, line in enumerate(lines):
        if index:
            out.append(style_set.plain(" · "), style="dim")
        out.append_text(filler.line(line))
    return out


def top_parts(view: View | None, session: TableSession, style_set: Display, seconds_left: int | None) -> list[str]:
    """The header's parts: the game, the deal, the contract and trumps, the turn timer, assisted."""
    parts = [style_set.say(session.game.info.title), session.deal_text()]
    if view is not None:
        contract = view.table.get("contract_text", "")
        if isinstance(contract, Message):
            parts.append(style_set.say(contract, session.names))
        elif contract:
            parts.append(name_seats(str(contract), session.names))
    if seconds_left is not None:
        parts.append(_("timer {seconds} s").format(seconds=seconds_left))
    if session.assisted:
        parts.append(_("assisted"))
    return parts

def centre_lines(view: View, session: TableSession, style_set: Display) -> list[Text]:
    """The game's lines under the trick, or an outside game's table facts as they are."""
    game = session.game
    filler = style_set.filler(session.names)
    try:
        lines: tuple[Line, ...] | None = game.table_lines(view)
    except Exception:  # a presentation hook must not close the table
        lines = None
    if lines is not None:
        return [filler.line(line) for line in lines]
    out: list[Text] = []  # an outside game without lines: its table facts as they are
    for key, value in view.table.items():
        if key not in SHARED_KEYS:
            out.append(style_set.ascii.rich(fact_text(key, value, style_set, session.names)))
    for key, value in view.private.items():
        text = style_set.ascii.rich(fact_text(key, value, style_set, session.names))
        text.stylize("italic")
        out.append(text)
    return out
