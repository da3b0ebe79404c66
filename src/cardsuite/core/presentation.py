"""How a game wants its table shown: the presentation hooks of the contract and the values they return.

A screen holds no rules: it asks the game for the lines of the table's centre (``table_lines``), what
each legal action is called, which cards it uses and which key chooses it (``look``), the names and
sides of its roles (``roles``), the order of a hand (``arrange_hand``), a one-screen "how to play"
and ASCII words for its non-ASCII terms. Every hook has a default, so an outside game gets a full table.

Texts are whole sentences with named placeholders (``"{seat} bid {bid}"``), never glued fragments, so
that a translation can reorder them; placeholder values are typed (a seat, cards, a suit) so that the
screen can show names, card faces and suit symbols in its own style.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from ..cards import JOKER, SUIT_OF, Card, CardError, parse_card, sort_hand

if TYPE_CHECKING:
    from .game import Action, Event, View


@dataclass(frozen=True)
class SeatRef:
    """A placeholder value: a seat, shown by its player's name."""

    seat: int


@dataclass(frozen=True)
class CardsRef:
    """A placeholder value: cards, shown as card faces (``none`` when empty)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class SuitRef:
    """A placeholder value: a suit, shown as its symbol (or letter in ASCII mode)."""

    suit: int


Value = str | int | Fraction | SeatRef | CardsRef | SuitRef


@dataclass(frozen=True)
class Line:
    """One line of the table's centre: ``text`` with ``{name}`` placeholders filled from ``values``.

    ``strong`` lines are shown bold (a warning such as "the joker is requested").
    """

    text: str
    values: Mapping[str, Value] = field(default_factory=dict)
    strong: bool = False


@dataclass(frozen=True)
class ActionLook:
    """How one legal action is offered.

    ``label``: its words on a button. ``cards``: the cards it uses (from the hand, or a card it names).
    ``key``: a mnemonic that chooses it (``m`` for misère; several characters are typed into a list's
    filter, ``13s``). ``retractable``: the seat may take it back until the next seat acts (a bid, a
    trump choice), without that counting as help.
    """

    label: str
    cards: tuple[Card, ...] = ()
    key: str | None = None
    retractable: bool = False


@dataclass(frozen=True)
class Played:
    """A card on the table beside the seat that played it; ``card`` None is a face-down card (chosen, hidden)."""

    seat: int
    card: Card | None


@dataclass(frozen=True)
class Outcome:
    """A finished trick (or round): its cards, who took it and why, and its number in the deal."""

    cards: tuple[Played, ...]
    winner: int | None
    why: Line
    number: int


@dataclass(frozen=True)
class Role:
    """A role a seat may have: its name for people and whether it is on the declarer's side."""

    title: str
    declarer_side: bool


DEFAULT_ROLES: Mapping[str, Role] = {
    "declarer": Role("declarer", True),
    "defender": Role("defender", False),
}


def cards_named(action: Action) -> tuple[Card, ...]:
    """The cards an action's record text names (``play JK S`` -> the joker; ``bid 3`` -> none)."""
    out: list[Card] = []
    for token in str(action).split()[1:]:
        if len(token) < 2:
            continue
        try:
            out.append(parse_card(token))
        except CardError:
            continue
    return tuple(out)


def _pairs(value: object) -> list[tuple[int, Card]]:
    """``(seat, card)`` pairs from a table fact, skipping anything else."""
    out: list[tuple[int, Card]] = []
    if isinstance(value, tuple):
        for item in value:
            if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], int) and isinstance(item[1], int):
                out.append((item[0], item[1]))
    return out


def suit_groups(cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """Cards grouped by suit (spades, hearts, diamonds, clubs), high first, the joker alone at the end."""
    groups: list[list[Card]] = []
    last: int | None = None
    for card in sort_hand(cards):
        suit = SUIT_OF[card] if card != JOKER else 9
        if suit != last:
            groups.append([])
            last = suit
        groups[-1].append(card)
    return tuple(tuple(g) for g in groups)


class Presentation:
    """The presentation hooks every ``Game`` has, with defaults that fit any trick game."""

    def table_lines(self, view: View) -> tuple[Line, ...] | None:
        """The game's lines for the centre of the table, or ``None`` to show ``view.table`` generically.

        The screen already shows the trick, the seats (``view.seats``), the contract line and trumps.
        """
        return None

    def seat_note(self, view: View, seat: int) -> Line | None:
        """A short public note beside a seat (its bid, "passed", "has chosen"); ``None``: its facts as they are."""
        return None

    def table_cards(self, view: View) -> tuple[Played, ...]:
        """The cards in the centre now, each beside its seat: the current trick by default."""
        return tuple(Played(seat, card) for seat, card in _pairs(view.table.get("trick")))

    def outcome(self, view: View) -> Outcome | None:
        """The last finished trick with its winner and the rule that decided it (``Event.rule``)."""
        number = 0
        last: Event | None = None
        for event in view.history:
            if event.kind == "trick":
                number += 1
                last = event
        cards = tuple(Played(seat, card) for seat, card in _pairs(view.table.get("last_trick")))
        if last is None or not cards or last.winner is None:
            return None
        values: dict[str, Value] = {"seat": SeatRef(last.winner)}
        if last.card is not None:
            values["card"] = CardsRef((last.card,))
        if last.rule:
            values["why"] = last.rule
            text = "{seat} wins with {card}: {why}" if last.card is not None else "{seat} wins: {why}"
        else:
            text = "{seat} wins with {card}" if last.card is not None else "{seat} wins"
        return Outcome(cards, last.winner, Line(text, values), number)

    def look(self, action: Action, view: View) -> ActionLook:
        """How ``action`` (one of ``view.legal``) is offered: label, cards, key, whether retractable."""
        describe = getattr(self, "describe_action", str)
        return ActionLook(str(describe(action)), cards_named(action))

    def roles(self) -> Mapping[str, Role]:
        """Every role a ``SeatInfo.role`` or ``DealSummary.roles`` may name, with its title and side."""
        return DEFAULT_ROLES

    def arrange_hand(self, cards: Sequence[Card], view: View) -> tuple[tuple[Card, ...], ...]:
        """A hand in display order, split into groups (suits by default; strongest first in each)."""
        return suit_groups(cards)

    def how_to_play(self) -> str:
        """One screen of Markdown for a first play: the goal, the bidding, the order of the cards."""
        info = getattr(self, "info", None)
        summary = getattr(info, "summary", "")
        return f"{summary}\n\nThe full rules are under `r` then `f`."

    def ascii_words(self) -> Mapping[str, str]:
        """ASCII for the game's own non-ASCII words (``表J`` -> ``omote-J``), used when the terminal is ASCII."""
        return {}
