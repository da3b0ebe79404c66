"""Optional per-game lines above the generic table facts: small, and only from the view and the match.

A game with no entry here still shows every ``view.table`` fact through the generic panel; an entry
names the keys it already shows so the generic panel skips them. A panel reads keys with ``.get`` and
falls back quietly, so a game that changes its table keys degrades to the generic panel, not a crash.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text

from ..cards import RANK_LETTERS, SUIT_NAMES, Card
from ..core.game import View
from ..core.match import Match
from .render import Style

Panel = Callable[[View, Match, tuple[str, ...], Style], list[Text]]


def _label(text: str) -> Text:
    return Text(f"{text}: ", style="dim")


def _cards(style: Style, value: object) -> Text:
    if isinstance(value, (tuple, list)) and all(isinstance(c, int) for c in value):
        return style.cards(list(value)) if value else Text("none")
    if isinstance(value, int):
        return style.card(value)
    return Text("-" if value is None else str(value))


def _line(label: str, body: Text | str) -> Text:
    out = _label(label)
    out.append_text(body if isinstance(body, Text) else Text(body))
    return out


def _nap(view: View, match: Match, names: tuple[str, ...], style: Style) -> list[Text]:
    """Nap: the bid history (the deal counter is in the top line, for every game)."""
    out: list[Text] = []
    bids = view.table.get("bids")
    if isinstance(bids, tuple) and bids:
        said = (match.game.describe_action(match.game.parse_action(f"bid {b}")) if b else "pass" for _, b in bids)
        out.append(_line("bids", ", ".join(f"{names[s]} {w}" for (s, _), w in zip(bids, said, strict=True))))
    return out


def _face(face: object) -> str:
    """A GOPS face value 1..13 (ace low) as a rank letter."""
    if isinstance(face, int) and 1 <= face <= 13:
        return "A" if face == 1 else ("10" if face == 10 else RANK_LETTERS[face - 2])
    return str(face)


def _gops(view: View, match: Match, names: tuple[str, ...], style: Style) -> list[Text]:
    """GOPS: prize and pot, prizes left, each opponent's remaining cards (hidden in memory mode)."""
    table = view.table
    out: list[Text] = []
    prize = table.get("prize")
    line = _line("prize", _cards(style, prize) if prize is not None else Text("face down"))
    if table.get("prize_value") is not None:
        line.append(f" (worth {table.get('prize_value')})")
    out.append(line)
    pot = table.get("pot")
    if pot:
        line = _line("pot", _cards(style, pot))
        line.append(f" (worth {table.get('pot_value')})")
        out.append(line)
    out.append(_line("prizes left", _cards(style, table.get("prizes_left", ()))))
    out.append(_line("ties", str(table.get("ties", "-"))))
    remaining = table.get("remaining")
    if not table.get("memory") and isinstance(remaining, tuple):
        for seat, faces in enumerate(remaining):
            if seat != view.seat and isinstance(faces, tuple):
                out.append(_line(f"{names[seat]} holds", " ".join(_face(f) for f in faces)))
    private = view.private.get("chosen")
    if private is not None:
        out.append(Text(f"your choice this round: {private}", style="italic"))
    return out


def _suit_name(suit: object) -> str:
    return SUIT_NAMES[suit] if isinstance(suit, int) and 0 <= suit < 4 else "-"


def _napoleon(view: View, match: Match, names: tuple[str, ...], style: Style) -> list[Text]:
    """Napoleon: the bid, the named adjutant card (public), face-up discards, honours, joker facts."""
    table = view.table
    out: list[Text] = []
    bid = table.get("bid")
    if isinstance(bid, tuple) and len(bid) == 2:
        who = table.get("high_bidder")
        by = f" by {names[who]}" if isinstance(who, int) else ""
        out.append(_line("bid", f"{bid[0]} {_suit_name(bid[1])}{by}"))
    passed = table.get("passed")
    if isinstance(passed, tuple) and passed:
        out.append(_line("dropped out", ", ".join(names[s] for s in passed if isinstance(s, int))))
    card = table.get("adjutant_card")
    if isinstance(card, int):
        line = _line("adjutant card", style.card(card))
        adjutant = table.get("adjutant")
        line.append(f" (adjutant: {names[adjutant]})" if isinstance(adjutant, int) else " (adjutant hidden)")
        out.append(line)
    face_up = table.get("face_up_discards")
    if face_up:
        line = _line("face-up discards", _cards(style, face_up))
        to = table.get("discards_to")
        if isinstance(to, int):
            line.append(f" → {names[to]}")
        out.append(line)
    honours = table.get("honours")
    if isinstance(honours, tuple):
        out.append(_line("honours", "  ".join(f"{names[s]} {h}" for s, h in enumerate(honours))))
    jacks = [table.get("trump_jack"), table.get("same_colour_jack")]
    if all(isinstance(j, int) for j in jacks):
        line = _line("jacks", _cards(style, jacks[0]))
        line.append(" (表J)  ")
        line.append_text(_cards(style, jacks[1]))
        line.append(" (裏J)")
        out.append(line)
    if table.get("joker_suit") is not None:
        out.append(_line("joker led, suit named", _suit_name(table.get("joker_suit"))))
    if table.get("joker_requested"):
        out.append(Text("Joker requested (♣3 led)", style="bold"))
    out.append(Text("same-2 active" if table.get("same_two_active") else "same-2 inactive", style="dim"))
    for key in ("widow", "discards"):
        cards = view.private.get(key)
        if isinstance(cards, Sequence) and cards:
            out.append(_line(f"your {key}", _cards(style, tuple(c for c in cards if isinstance(c, Card)))))
    if view.private.get("text"):
        out.append(Text(str(view.private["text"]), style="bold italic"))
    return out


PANELS: dict[str, tuple[Panel, frozenset[str]]] = {
    "nap": (_nap, frozenset({"bids", "contract"})),
    "gops": (_gops, frozenset({
        "prize", "prize_value", "pot", "pot_value", "prizes_left", "remaining", "ties", "values",
        "seat_suits", "history", "chosen", "taken", "played", "points",
    })),
    "napoleon": (_napoleon, frozenset({
        "bid", "bids", "high_bidder", "passed", "adjutant_card", "adjutant", "face_up_discards",
        "discards_to", "honours", "joker_suit", "joker_requested", "trump_jack", "same_colour_jack",
        "same_two_active", "alone",
    })),
}
PRIVATE_SHOWN: dict[str, frozenset[str]] = {
    "gops": frozenset({"chosen"}),
    "napoleon": frozenset({"widow", "discards", "text", "role", "adjutant"}),
}


def game_lines(view: View, match: Match, names: tuple[str, ...], style: Style) -> tuple[list[Text], frozenset[str]]:
    """The game's own lines, and the ``view.table`` / ``view.private`` keys they already show."""
    entry = PANELS.get(view.game)
    if entry is None:
        return [], frozenset()
    panel, keys = entry
    try:
        lines = panel(view, match, names, style)
    except (KeyError, IndexError, TypeError, ValueError):  # the game changed its facts: fall back
        return [], frozenset()
    return lines, keys | PRIVATE_SHOWN.get(view.game, frozenset())
