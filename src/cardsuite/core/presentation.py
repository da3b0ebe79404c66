"""How a game wants its table shown: the presentation hooks of the contract and the values they return.

A screen holds no rules: it asks the game for the lines of the table's centre (``table_lines``), what
each legal action is called, which cards it uses and which key chooses it (``look``), how a sentence names
it (``action_words``, for a hint or an analysis), the actions it shows greyed out because they open later in
the phase (``not_yet``), the names and sides of its roles
(``roles``), the order of a hand (``arrange_hand``), a one-screen "how to play" (``how_to_play``;
``how_to_play_for`` the table's options) and ASCII words for its non-ASCII terms. Every hook has a
default, so an outside game gets a full table.

Texts are whole sentences with named placeholders (``"{seat} bid {bid}"``), never glued fragments, so
that a translation can reorder them; placeholder values are typed (``core.message``: a seat, cards, a suit,
another message) so that the screen can show names, card faces and suit symbols in its own style, in the
viewer's language. The texts are gettext message ids: ``Line``, ``ActionLook`` and ``Role`` texts are found
by the catalogs' extraction (``make messages``); a ``Message`` may stand wherever a text does (a plural, a
context), and words built elsewhere are marked with ``N_``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..cards import JOKER, SUIT_OF, Card, read_card, sort_hand
from .message import CardRef as CardRef
from .message import CardsRef as CardsRef
from .message import Message, N_p, msg, msg_p
from .message import RankRef as RankRef
from .message import SeatRef as SeatRef
from .message import SuitRef as SuitRef
from .values import Action, Event, View

Value = str | int | Fraction | SeatRef | CardRef | CardsRef | SuitRef | RankRef | Message
"""A placeholder value (``core.message``'s parameters): the screen shows seats by name, cards as faces."""


@dataclass(frozen=True)
class Line:
    """One line of the table's centre: ``text`` with ``{name}`` placeholders filled from ``values``.

    ``text`` is a message id (or a whole ``Message``, which then brings its own values). ``strong`` lines
    are shown bold (a warning such as "the joker is requested").
    """

    text: str | Message
    values: Mapping[str, Value] = field(default_factory=dict)
    strong: bool = False

    @property
    def message(self) -> Message:
        """The line as a message."""
        if isinstance(self.text, Message):
            return self.text
        return Message(self.text, tuple(self.values.items()))


@dataclass(frozen=True)
class ActionLook:
    """How one legal action is offered.

    ``label``: its words on a button. ``cards``: the cards it uses (from the hand, or a card it names).
    ``key``: a mnemonic that chooses it (``m`` for misère; several characters are typed into a list's
    filter, ``13s``). ``retractable``: the seat may take it back until the next seat acts (a bid, a
    trump choice), without that counting as help. ``order``: where a list of many shows it, lower first
    (the usual choices before the rest); equal orders keep the legal actions' order.
    """

    label: str | Message
    cards: tuple[Card, ...] = ()
    key: str | None = None
    retractable: bool = False
    order: int = 0


@dataclass(frozen=True)
class NotYet:
    """An action the seat may not take now but that may open later in the phase (Nap's Wellington before a
    nap), shown greyed out beside the legal ones and never chosen.

    ``why``: one short line that names the action and says when it opens ("Wellington: only after a Nap
    bid"), shown on its greyed button and said when its key is pressed. Its key comes from ``look``.
    """

    action: Action
    why: str | Message


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
    """A role a seat may have: its name for people (a message id) and whether it is on the declarer's side."""

    title: str
    declarer_side: bool


DEFAULT_ROLES: Mapping[str, Role] = {
    "declarer": Role("declarer", True),
    "defender": Role("defender", False),
}


def _rule_words(event: Event) -> Message | None:
    """Why a trick was won, in words: the event's ``reason`` message, or its ``rule`` as a message id."""
    reason = getattr(event, "reason", None)
    if isinstance(reason, Message):
        return reason
    return Message(event.rule) if event.rule else None


VERB_WORDS: Mapping[str, tuple[tuple[str, str], tuple[str, str]]] = {
    # a record verb: its words on a button, and in "mark the cards to ..." (or mid-sentence)
    "play": (N_p("action verb, button", "Play"), N_p("action verb, to do", "play")),
    "discard": (N_p("action verb, button", "Discard"), N_p("action verb, to do", "discard")),
    "exchange": (N_p("action verb, button", "Exchange"), N_p("action verb, to do", "exchange")),
    "adjutant": (N_p("action verb, button", "Adjutant"), N_p("action verb, to do", "name the adjutant")),
    "bid": (N_p("action verb, button", "Bid"), N_p("action verb, to do", "bid")),
    "trump": (N_p("action verb, button", "Trumps"), N_p("action verb, to do", "name trumps")),
    "pass": (N_p("action verb, button", "Pass"), N_p("action verb, to do", "pass")),
}
"""The words of the verbs of records.md, each on a button and in running text, for the catalogs."""


def bid_in_running_text(bid: Value) -> Message:
    """Making a bid, as a sentence says it (``bid misère``, ``bid 13 spades``; Japanese ``ミゼールを宣言``): a bid
    in ``Presentation.action_words``, where its button says ``Bid …``."""
    return msg_p("action in running text", "bid {bid}", bid=bid)


def action_label(action: Action, look: ActionLook, button: bool = True) -> str | Message:
    """An action's words: the game's label; a card played from the hand by its name where the game labels
    it with its record text, never the code; several cards named by their codes as the verb and the cards
    (``Discard: …`` on a button, ``discard: …`` in running text: a hint, an analysis). In running text,
    ``exchange`` with no cards (records.md: it keeps the hand) is ``keep the hand``."""
    if isinstance(look.label, Message):
        return look.label
    if action.verb == "play" and len(look.cards) == 1 and look.label == str(action):
        return msg("play {card}", card=CardRef(look.cards[0]))
    if look.cards and look.label == str(action):
        known = VERB_WORDS.get(action.verb)
        words = (known[0] if button else known[1]) if known else None
        verb = Message(words[1], context=words[0]) if words else Message(action.verb.replace("_", " "))
        return msg("{verb}: {cards}", verb=verb, cards=CardsRef(look.cards))
    if not button and action.verb == "exchange" and not action.args:
        return msg_p("action in running text", "keep the hand")
    return look.label


def cards_named(action: Action) -> tuple[Card, ...]:
    """The cards an action's record text names (``play JK S`` -> the joker; ``bid 3`` -> none)."""
    out: list[Card] = []
    for token in str(action).split()[1:]:
        if len(token) < 2:
            continue
        card = read_card(token)
        if card is not None:
            out.append(card)
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
        seat = SeatRef(last.winner)
        why = _rule_words(last)
        if last.card is not None:
            card = CardsRef((last.card,))
            line = msg("{seat} wins with {card}: {why}", seat=seat, card=card, why=why) if why is not None \
                else msg("{seat} wins with {card}", seat=seat, card=card)
        else:
            line = msg("{seat} wins: {why}", seat=seat, why=why) if why is not None else msg("{seat} wins", seat=seat)
        return Outcome(cards, last.winner, Line(line), number)

    def look(self, action: Action, view: View) -> ActionLook:
        """How ``action`` (one of ``view.legal``) is offered: label, cards, key, whether retractable."""
        cards = cards_named(action)
        if action.verb == "play" and len(cards) == 1 and len(action.args) == 1:
            return ActionLook(msg("play {card}", card=CardRef(cards[0])), cards)
        describe = getattr(self, "describe_action", str)
        label = describe(action)
        return ActionLook(label if isinstance(label, Message) else str(label), cards)

    def action_words(self, action: Action, view: View) -> str | Message:
        """``action`` (one of ``view.legal``) as a sentence says it, where a hint or an analysis names it
        mid-sentence (``trick 3, Ann: {action}``): lower case where the language has case, the game's own words
        (``bid misère``, not the button's ``Misère``). By default its ``look`` label in running text
        (``action_label``: a card by its name, ``keep the hand``), and a pass as the verb; a game whose labels
        are a button's words for other actions gives their words here."""
        if action.verb == "pass" and not action.args:
            return msg_p("action verb, to do", "pass")
        return action_label(action, self.look(action, view), button=False)

    def not_yet(self, view: View) -> tuple[NotYet, ...]:
        """The actions of this phase the seat to act may not take yet, each with why, shown greyed out beside
        ``view.legal`` and never chosen; by default none (only the legal actions are offered)."""
        return ()

    def roles(self) -> Mapping[str, Role]:
        """Every role a ``SeatInfo.role`` or ``DealSummary.roles`` may name, with its title and side."""
        return DEFAULT_ROLES

    def contract_words(self, contract: str) -> str | Message:
        """A contract as ``DealSummary.contract`` names it (the key ``cardsuite stats`` counts by), in words for
        people: a message id or a ``Message``, shown in the reader's language; by default the key itself."""
        return contract

    def arrange_hand(self, cards: Sequence[Card], view: View) -> tuple[tuple[Card, ...], ...]:
        """A hand in display order, split into groups (suits by default; strongest first in each)."""
        return suit_groups(cards)

    def how_to_play(self) -> str | Message:
        """One screen of Markdown for a first play: the goal, the bidding, the order of the cards.

        A text is a message id (mark the constant with ``N_``); the screen shows it in the viewer's language.
        """
        info = getattr(self, "info", None)
        summary = str(getattr(info, "summary", ""))
        return msg("{summary}\n\nThe full rules are under `r` then `f`.", summary=Message(summary))

    def how_to_play_for(self, options: Mapping[str, object]) -> str | Message:
        """The "how to play" page for a table with these ``options`` (resolved: every key present).

        A variant that plays differently (Napoleon's beginner game) gives its own page here; by default it is
        ``how_to_play()``, so a game that only overrides ``how_to_play`` keeps working unchanged.
        """
        return self.how_to_play()

    def ascii_words(self) -> Mapping[str, str]:
        """ASCII for the game's own non-ASCII words (``表J`` -> ``omote-J``), used when the terminal is ASCII."""
        return {}
