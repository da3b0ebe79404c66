"""Words for a person without a language: a message key and its parameters, rendered when shown.

A ``Message`` is a gettext message id (the English sentence, with named placeholders), an optional plural
and context, and parameters that say what they are: a seat, a card, a suit, a rank, a number, another
message. The rules core and the games build messages; ``cardsuite.i18n.render`` turns one into words in
the viewer's language (a seat's name, "スペードのA", "vynų tūzą"), so a match played in Japanese replays in
English and the other way round. Records never hold messages: they hold actions. ``cardsuite.core.wording``
does the work with any catalog; ``str(message)`` is the English.

Mark messages with ``msg``, ``msg_n`` (a number picks the plural form) and ``msg_p`` (a context tells apart
the same English words), and words to translate later with ``N_`` and ``N_p``; Babel finds them under those
names (``make messages``).

>>> m = msg("{seat} played {card}", seat=SeatRef(2), card=CardRef(51))
>>> m.key, dict(m.params)["seat"]
('{seat} played {card}', SeatRef(seat=2))
>>> str(m)
'seat 2 played the ace of clubs'

"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class SeatRef:
    """A seat, shown as the seat's name (or "seat N" in the viewer's language)."""

    seat: int


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card (``cardsuite.cards`` int), shown as its name in the viewer's language."""

    card: int


@dataclass(frozen=True, slots=True)
class CardsRef:
    """Several cards, shown as a list in the viewer's language."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SuitRef:
    """A suit (0 spades, 1 hearts, 2 diamonds, 3 clubs), shown as its name."""

    suit: int


@dataclass(frozen=True, slots=True)
class RankRef:
    """A rank (2..14, ace 14), shown as its name (a GOPS bid names only a rank)."""

    rank: int


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence to show, language-neutral: gettext key (English), plural, context and parameters.

    ``plural`` is the English plural; the parameter ``n`` then picks the form (Lithuanian has three).
    A ``str`` parameter is shown as it is (a name, record notation): never put English words in one.
    """

    key: str
    params: tuple[tuple[str, ParamValue], ...] = ()
    plural: str | None = None
    context: str | None = None

    def __init__(self, key: str, params: tuple[tuple[str, ParamValue], ...] = (), plural: str | None = None,
                 context: str | None = None) -> None:
        """The generated ``__init__``, written out with each slot's own setter: a frozen dataclass's calls
        ``object.__setattr__`` per field (a third slower), and the games make messages for events and
        summaries as they play."""
        _set_key(self, key)
        _set_params(self, params)
        _set_plural(self, plural)
        _set_context(self, context)

    def __str__(self) -> str:
        from .wording import english

        return english(self)

    def param(self, name: str) -> ParamValue:
        """The parameter ``name`` (``KeyError`` when it has none)."""
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)


_set_key = Message.__dict__["key"].__set__
_set_params = Message.__dict__["params"].__set__
_set_plural = Message.__dict__["plural"].__set__
_set_context = Message.__dict__["context"].__set__

ParamValue = int | Fraction | str | SeatRef | CardRef | CardsRef | SuitRef | RankRef | Message
"""What a message's parameter may be: a number, verbatim text, a reference to a game thing, a message."""


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (a title, an option's doc)."""
    return message


def N_p(context: str, message: str) -> tuple[str, str]:
    """Mark a message with a context for extraction, without translating it now."""
    return context, message


def listed(items: Sequence[ParamValue]) -> Message:
    """Several things as one list ("a, b, c"), each in the reader's language."""
    if len(items) == 1:
        return msg("{item}", item=items[0])
    return msg_p("list of several things", "{first}, {rest}", first=items[0], rest=listed(items[1:]))


def msg(key: str, **params: ParamValue) -> Message:
    """A message; ``key`` is the English sentence with ``{named}`` placeholders."""
    return Message(key, tuple(params.items()))


def msg_n(singular: str, plural: str, n: int, **params: ParamValue) -> Message:
    """A message whose form follows the number ``n`` (also the placeholder ``{n}``)."""
    return Message(singular, (("n", n), *params.items()), plural)


def msg_p(context: str, key: str, **params: ParamValue) -> Message:
    """A message told apart from the same English words by ``context`` ("bid" for "pass", say)."""
    return Message(key, tuple(params.items()), None, context)


def msg_np(context: str, singular: str, plural: str, n: int, **params: ParamValue) -> Message:
    """``msg_n`` with a context."""
    return Message(singular, (("n", n), *params.items()), plural, context)
