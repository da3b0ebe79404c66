"""Words for a person without a language: a message key and its parameters, rendered when shown.

A ``Message`` is a gettext message id (the English sentence, with named placeholders), an optional plural
and context, and parameters that say what they are: a seat, a card, a suit, a rank, a number, another
message. The rules core and the games build messages; ``cardsuite.i18n.render`` turns one into words in
the viewer's language (a seat's name, "スペードのA", "vynų tūzą"), so a match played in Japanese replays in
English and the other way round. Records never hold messages: they hold actions. ``Wording`` (below)
does the work with any catalog; ``str(message)`` is the English.

Mark messages with ``msg``, ``msg_n`` (a number picks the plural form) and ``msg_p`` (a context tells apart
the same English words), and words to translate later with ``N_`` and ``N_p``; Babel finds them under those
names (``make messages``).

The core knows no language: it is handed a catalog (anything with gettext's four lookups; without one,
English). ``cardsuite.i18n.render`` hands it the catalog of the language in use.

Cards, suits and ranks take a grammatical form from the translated sentence's placeholder, so each
language can say them as its grammar wants: English ``{seat} played {card}``, Japanese
``{seat}が{card}を出しました``, Lithuanian ``{seat} išleido {card:acc}`` ("vynų tūzą"). The forms are
``acc`` (accusative), ``gen`` (genitive) and ``ins`` (instrumental), plus ``sym`` for the symbol (``A♠``);
no form is the plain (nominative) one. Numbers take ``+`` (always signed). A seat is its player's name when
the caller knows the names, else "seat N" in the language.

A message inside another takes the same forms: ``{seat} pareiškė {bid:acc}`` asks the bid for its
accusative ("mizerį", "4 kirčius"), while the bid alone stays plain ("mizeris", "4 kirčiai"). The form is a
catalog entry of its own, the nested message's words under its context with the form's name after a comma
(``Nap bid, accusative``; ``accusative`` alone for a message without a context), marked with ``N_p`` or
``N_np`` beside the message. A catalog without that entry (a language without cases, or one that has not
translated it) gives the plain form, so an English or Japanese sentence never needs to ask.

>>> m = msg("{seat} played {card}", seat=SeatRef(2), card=CardRef(51))
>>> m.key, dict(m.params)["seat"]
('{seat} played {card}', SeatRef(seat=2))
>>> str(m)
'seat 2 played the ace of clubs'

"""

from __future__ import annotations

import gettext
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, Protocol

from ..cardfaces import JOKER, RANK_LETTERS, SUIT_SYMBOLS, card_symbol
from ..naming import Quoted


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
    A ``str`` parameter is shown as it is (a name, record notation): never put English words in one. A quoted
    text that was cut (``naming.quoted``) says its length in the reader's words.
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


def N_np(context: str, singular: str, plural: str) -> tuple[str, str, str]:
    """Mark a message with a context and a plural for extraction, without translating it now (a grammatical
    form of a counted message, such as a bid of ``{n} tricks`` in the accusative)."""
    return context, singular, plural


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


# -- words: a message in a language ----------------------------------------------------------------
class Catalog(Protocol):
    """The lookups of a gettext catalog (``gettext.NullTranslations`` and its kin)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int, /) -> str: ...


ENGLISH: Final[Catalog] = gettext.NullTranslations()


FORMS: Final = ("", "acc", "gen", "ins")
"""Grammatical forms a placeholder may ask of a card, suit or rank: plain, accusative, genitive, instrumental."""

FORM_CONTEXTS: Final = {"acc": "accusative", "gen": "genitive", "ins": "instrumental"}
"""What a nested message's grammatical form adds to its context: ``Nap bid`` -> ``Nap bid, accusative``."""


def form_context(context: str | None, form: str) -> str:
    """The catalog context of a message's grammatical ``form`` (a key of ``FORM_CONTEXTS``)."""
    name = FORM_CONTEXTS[form]
    return f"{context}, {name}" if context else name

RANK_WORDS: Final = {
    "": (N_p("card rank", "2"), N_p("card rank", "3"), N_p("card rank", "4"), N_p("card rank", "5"),
         N_p("card rank", "6"), N_p("card rank", "7"), N_p("card rank", "8"), N_p("card rank", "9"),
         N_p("card rank", "10"), N_p("card rank", "jack"), N_p("card rank", "queen"), N_p("card rank", "king"),
         N_p("card rank", "ace")),
    "acc": (N_p("card rank, accusative", "2"), N_p("card rank, accusative", "3"),
            N_p("card rank, accusative", "4"), N_p("card rank, accusative", "5"),
            N_p("card rank, accusative", "6"), N_p("card rank, accusative", "7"),
            N_p("card rank, accusative", "8"), N_p("card rank, accusative", "9"),
            N_p("card rank, accusative", "10"), N_p("card rank, accusative", "jack"),
            N_p("card rank, accusative", "queen"), N_p("card rank, accusative", "king"),
            N_p("card rank, accusative", "ace")),
    "gen": (N_p("card rank, genitive", "2"), N_p("card rank, genitive", "3"),
            N_p("card rank, genitive", "4"), N_p("card rank, genitive", "5"),
            N_p("card rank, genitive", "6"), N_p("card rank, genitive", "7"),
            N_p("card rank, genitive", "8"), N_p("card rank, genitive", "9"),
            N_p("card rank, genitive", "10"), N_p("card rank, genitive", "jack"),
            N_p("card rank, genitive", "queen"), N_p("card rank, genitive", "king"),
            N_p("card rank, genitive", "ace")),
    "ins": (N_p("card rank, instrumental", "2"), N_p("card rank, instrumental", "3"),
            N_p("card rank, instrumental", "4"), N_p("card rank, instrumental", "5"),
            N_p("card rank, instrumental", "6"), N_p("card rank, instrumental", "7"),
            N_p("card rank, instrumental", "8"), N_p("card rank, instrumental", "9"),
            N_p("card rank, instrumental", "10"), N_p("card rank, instrumental", "jack"),
            N_p("card rank, instrumental", "queen"), N_p("card rank, instrumental", "king"),
            N_p("card rank, instrumental", "ace")),
}

SUIT_WORDS: Final = {
    "": (N_p("suit", "spades"), N_p("suit", "hearts"), N_p("suit", "diamonds"), N_p("suit", "clubs")),
    "acc": (N_p("suit, accusative", "spades"), N_p("suit, accusative", "hearts"),
            N_p("suit, accusative", "diamonds"), N_p("suit, accusative", "clubs")),
    "gen": (N_p("suit, genitive", "spades"), N_p("suit, genitive", "hearts"),
            N_p("suit, genitive", "diamonds"), N_p("suit, genitive", "clubs")),
    "ins": (N_p("suit, instrumental", "spades"), N_p("suit, instrumental", "hearts"),
            N_p("suit, instrumental", "diamonds"), N_p("suit, instrumental", "clubs")),
}

CARD_NAMES: Final = {
    # TRANSLATORS: a card's name from its rank and suit; use {rank:acc}, {suit:gen} ... for grammatical forms
    "": N_p("card name", "the {rank} of {suit}"),
    "acc": N_p("card name, accusative", "the {rank} of {suit}"),
    "gen": N_p("card name, genitive", "the {rank} of {suit}"),
    "ins": N_p("card name, instrumental", "the {rank} of {suit}"),
}

JOKER_NAMES: Final = {
    "": N_p("card name", "the joker"),
    "acc": N_p("card name, accusative", "the joker"),
    "gen": N_p("card name, genitive", "the joker"),
    "ins": N_p("card name, instrumental", "the joker"),
}

SEAT: Final = N_p("a seat without a name", "seat {n}")
# TRANSLATORS: what stands between the items of a list of cards
LIST_SEPARATOR: Final = N_p("list separator", ", ")
# TRANSLATORS: the decimal separator of half points (4.5)
DECIMAL_SEPARATOR: Final = N_p("decimal separator", ".")


class _Formatter(string.Formatter):
    """``str.format`` without attribute or index access: a placeholder names a parameter, nothing more."""

    def get_field(self, field_name: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if not field_name.isidentifier():
            raise KeyError(field_name)
        return kwargs[field_name], field_name


_FORMATTER: Final = _Formatter()


class Wording:
    """Turns messages into words with one catalog (a language, perhaps a plugin's domain) and seat names."""

    def __init__(self, words: Catalog = ENGLISH, names: Sequence[str] | None = None) -> None:
        self.words = words
        self.names = tuple(names) if names is not None else None

    def __call__(self, message: Message, form: str = "") -> str:
        """``message`` in words, in the grammatical ``form`` a sentence around it asks for (see ``template``)."""
        values = {name: _Word(self, value) for name, value in message.params}
        for candidate in (self.template(message, form), message.key):
            try:
                return _FORMATTER.vformat(candidate, (), values)
            except (KeyError, ValueError, IndexError):
                continue  # a translation that does not fit its message: show the English, never fail
        return message.key

    def template(self, message: Message, form: str = "") -> str:
        """The message's sentence in this catalog's language, placeholders not yet filled.

        A ``form`` of ``FORM_CONTEXTS`` is looked up under its own context (``form_context``); when the
        catalog has no translation there (it answers with the English words), the plain sentence is used.
        """
        if form in FORM_CONTEXTS:
            formed = self._lookup(message, form_context(message.context, form))
            if formed != _english_words(message):
                return formed
        return self._lookup(message, message.context)

    def _lookup(self, message: Message, context: str | None) -> str:
        """The catalog's words for ``message`` under ``context`` (the English ones when it has none)."""
        words = self.words
        if message.plural is not None:
            n = _count(message)
            if context is not None:
                return words.npgettext(context, message.key, message.plural, n)
            return words.ngettext(message.key, message.plural, n)
        if context is not None:
            return words.pgettext(context, message.key)
        return words.gettext(message.key)

    def value(self, value: ParamValue, form: str = "") -> str:
        """One parameter in words, as a sentence would say it (a template filled by ``str.format`` at the edge)."""
        return _Word(self, value).__format__(form)

    def word(self, pair: tuple[str, str]) -> str:
        """A marked word (``N_p``) in this renderer's language."""
        return self.words.pgettext(*pair)

    def card(self, card: int, form: str = "") -> str:
        """A card's name in the grammatical ``form`` (``sym``: ``A♠``)."""
        if form == "sym":
            return card_symbol(card)
        form = form if form in FORMS else ""
        if card == JOKER:
            return self.word(JOKER_NAMES[form])
        template = self.word(CARD_NAMES[form])
        parts = {"rank": _Word(self, RankRef(card % 13 + 2)), "suit": _Word(self, SuitRef(card // 13))}
        try:
            return _FORMATTER.vformat(template, (), parts)
        except (KeyError, ValueError, IndexError):
            return card_symbol(card)

    def suit(self, suit: int, form: str = "") -> str:
        """A suit's name in the grammatical ``form`` (``sym``: ``♠``)."""
        if form == "sym":
            return SUIT_SYMBOLS[suit]
        return self.word(SUIT_WORDS[form if form in FORMS else ""][suit])

    def rank(self, rank: int, form: str = "") -> str:
        """A rank's name in the grammatical ``form`` (``sym``: ``K``, ``10``)."""
        if form == "sym":
            letter = RANK_LETTERS[rank - 2]
            return "10" if letter == "T" else letter
        return self.word(RANK_WORDS[form if form in FORMS else ""][rank - 2])

    def seat(self, seat: int) -> str:
        """The seat's player's name, else "seat N"."""
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return self.word(SEAT).replace("{n}", str(seat))

    def number(self, value: int | Fraction, form: str = "") -> str:
        """A number; halves with the language's decimal separator; ``+`` for a sign on positive numbers."""
        if isinstance(value, Fraction) and value.denominator != 1:
            text = f"{float(value):g}".replace(".", self.word(DECIMAL_SEPARATOR))
        else:
            text = str(int(value))
        return "+" + text if "+" in form and value >= 0 else text


def _count(message: Message) -> int:
    """The number that picks a plural message's form (0 when its ``n`` is not a whole number)."""
    count = message.param("n")
    return count if isinstance(count, int) else 0


def _english_words(message: Message) -> str:
    """What a catalog answers for ``message`` when it has no translation of it: its English key or plural."""
    if message.plural is None or _count(message) == 1:
        return message.key
    return message.plural


class _Word:
    """A parameter on its way into a sentence: ``format`` asks it for the form the placeholder wants."""

    __slots__ = ("renderer", "value")

    def __init__(self, renderer: Wording, value: ParamValue) -> None:
        self.renderer = renderer
        self.value = value

    def __format__(self, form: str) -> str:
        value, show = self.value, self.renderer
        if isinstance(value, bool):
            return str(value).lower()
        if isinstance(value, int | Fraction):
            return show.number(value, form)
        if isinstance(value, str):
            return show(_cut(value)) if isinstance(value, Quoted) else value
        if isinstance(value, SeatRef):
            return show.seat(value.seat)
        if isinstance(value, CardRef):
            return show.card(value.card, form)
        if isinstance(value, CardsRef):
            return show.word(LIST_SEPARATOR).join(show.card(card, form) for card in value.cards)
        if isinstance(value, SuitRef):
            return show.suit(value.suit, form)
        if isinstance(value, RankRef):
            return show.rank(value.rank, form)
        return show(value, form)

    def __str__(self) -> str:
        return self.__format__("")


def _cut(quote: Quoted) -> Message:
    """A quoted text that was cut (``naming.quoted``), its whole length in the reader's words."""
    return msg_n("{quote} ({n} character)", "{quote} ({n} characters)", quote.length, quote=quote.quote)


def english(message: Message, names: Sequence[str] | None = None) -> str:
    """``message`` in English (seats called "seat N" unless ``names`` are given)."""
    return Wording(ENGLISH, names)(message)
