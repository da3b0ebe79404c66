"""Verbs and the shape of their arguments: what a phase accepts, checked before any rule reads it.

Every action crosses the contract as an ``Action(verb, args)``, and ``apply`` may be handed anything: an
unknown verb, too many arguments, a card number of 99 or -1, a string where a number belongs, or no
``Action`` at all. A game lists, for each phase, the verbs it accepts with the kind of each argument
(``Phase`` and ``Verb``); ``TurnState.apply`` (and GOPS's simultaneous ``apply``) check that shape first
and refuse anything else with ``IllegalAction``. A game's rules so only ever see well-formed arguments,
and cannot fail half-way through changing the state on a number out of range.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .errors import IllegalAction
from .game import Action, Event
from .message import Message, SeatRef, msg

Handler = Callable[[Any, int, Action], tuple[Event, ...]]
"""A game's method that applies one verb for a seat, once the shape is known to be right."""

MAX_SHOWN: Final = 60


@dataclass(frozen=True)
class Arg:
    """One argument's kind: its Python type and the values allowed (a ``range`` or a set), in words."""

    type: type
    values: Collection[object]
    what: str

    def accepts(self, value: object) -> bool:
        """Whether ``value`` is of this kind (``True`` is not the number 1 here)."""
        return value.__class__ is self.type and value in self.values


def number(low: int, high: int, what: str) -> Arg:
    """A whole number from ``low`` to ``high``."""
    return Arg(int, range(low, high + 1), what)


def word(choices: Collection[str], what: str) -> Arg:
    """One of the texts ``choices``."""
    return Arg(str, frozenset(choices), what)


CARD: Final = number(0, 51, "a card (0..51)")
CARD_OR_JOKER: Final = number(0, 52, "a card (0..52)")
SUIT: Final = number(0, 3, "a suit (0..3)")


class Verb:
    """A verb and the shape of its arguments: ``kinds`` in order, the last repeating up to ``most``.

    ``fits(args)`` is specialised when the verb is built (no arguments, one, or up to two), since it runs
    on every action of every playout. ``distinct`` refuses a repeated argument (a card discarded twice).
    """

    __slots__ = ("distinct", "fewest", "fits", "kinds", "most", "name", "usage")

    def __init__(self, name: str, kinds: tuple[Arg, ...] = (), usage: str | Message = "", fewest: int | None = None,
                 most: int | None = None, distinct: bool = False) -> None:
        self.name = name
        self.fewest = len(kinds) if fewest is None else fewest
        self.most = len(kinds) if most is None else most
        if kinds:
            kinds = kinds + (kinds[-1],) * (self.most - len(kinds))
        self.kinds = kinds
        self.distinct = distinct
        self.usage: str | Message = usage or name
        self.fits: Callable[[object], bool] = self._fitter()

    def _fitter(self) -> Callable[[object], bool]:
        if self.most == 0:
            return lambda args: args.__class__ is tuple and not args
        if self.most == 1 and self.fewest == 1:
            only_type, only_values = self.kinds[0].type, self.kinds[0].values

            def fits_one(args: object) -> bool:
                return (args.__class__ is tuple and len(args) == 1
                        and args[0].__class__ is only_type and args[0] in only_values)

            return fits_one
        if self.most == 2 and not self.distinct:
            first_type, first_values = self.kinds[0].type, self.kinds[0].values
            second_type, second_values = self.kinds[1].type, self.kinds[1].values
            fewest = self.fewest

            def fits_two(args: object) -> bool:
                if args.__class__ is not tuple:
                    return False
                n = len(args)
                if n == 2:
                    return (args[0].__class__ is first_type and args[0] in first_values
                            and args[1].__class__ is second_type and args[1] in second_values)
                if n == 1:
                    return fewest <= 1 and args[0].__class__ is first_type and args[0] in first_values
                return n == 0 and fewest == 0

            return fits_two
        return self._fits_any

    def _fits_any(self, args: object) -> bool:
        if args.__class__ is not tuple:
            return False
        assert isinstance(args, tuple)
        if not self.fewest <= len(args) <= self.most:
            return False
        for value, kind in zip(args, self.kinds, strict=False):
            if value.__class__ is not kind.type or value not in kind.values:
                return False
        if self.distinct:
            try:
                return len(set(args)) == len(args)
            except TypeError:
                return False
        return True

    def refusal(self, action: Action) -> Message:
        """Why ``action`` (this verb) does not fit, in one line: the verb's form, then the action as written
        (its arguments may be well formed and still not fit this deal, such as two cards for a discard of
        three)."""
        usage = self.usage if isinstance(self.usage, Message) else Message(self.usage)
        return msg("expected {usage}, not {action}", usage=usage, action=shown(action))


@dataclass(frozen=True)
class Phase:
    """What a phase accepts: each verb with its shape and the method that applies it.

    ``expect`` says what the phase wants, for a verb it does not take: a message with the placeholders
    ``{seat}`` and ``{action}`` (``{seat} must bid or pass now, not {action}``), or text that finishes the
    sentence ``seat N ...`` (``must bid or pass now``). ``interned`` lists actions made once that the game hands
    out from ``legal_actions`` (its ``play`` and ``bid`` actions): their shape is checked here, once, and ``apply``
    knows them by identity (``known``), so the actions of a playout skip the shape check.
    """

    expect: str | Message
    moves: Mapping[str, tuple[Verb, Handler]]
    interned: Iterable[Action] = ()
    checks: Mapping[str, tuple[Callable[[object], bool], Handler]] = field(init=False, repr=False, compare=False)
    """Each verb's shape check and handler, as ``apply`` reads them on every action."""
    known: Mapping[int, Handler] = field(init=False, repr=False, compare=False)
    """The handler of each well-formed interned action, by ``id``. The phase keeps the actions themselves
    (``kept``), so no other object can have one of these ids while the phase exists."""
    kept: tuple[Action, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "checks", {name: (verb.fits, handler) for name, (verb, handler) in self.moves.items()})
        kept = tuple(self.interned)
        known: dict[int, Handler] = {}
        for action in kept:
            found = self.moves.get(action.verb)
            if action.__class__ is Action and found is not None and found[0].fits(action.args):
                known[id(action)] = found[1]
        object.__setattr__(self, "kept", kept)
        object.__setattr__(self, "known", known)

    def refusal(self, seat: int, action: Action) -> str | Message:
        """Why this phase does not take ``action``: a verb it does not know, or malformed arguments."""
        found = self.moves.get(action.verb)
        if found is None:
            expect = self.expect
            if isinstance(expect, Message):
                return Message(expect.key, (*expect.params, ("seat", SeatRef(seat)), ("action", shown(action))),
                               expect.plural, expect.context)
            return f"seat {seat} {expect}, not {shown(action)}"
        return found[0].refusal(action)

    def check(self, seat: int, action: Action) -> Handler:
        """The handler for a well-formed ``action`` of this phase; ``IllegalAction`` for anything else."""
        found = self.moves.get(action.verb)
        if found is None or not found[0].fits(action.args):
            raise IllegalAction(self.refusal(seat, action))
        return found[1]


def shown(action: object) -> str:
    """An action (or whatever was passed as one) as one short, safe line for an error message."""
    if action.__class__ is Action:
        given: Any = action  # an Action whose fields may hold anything (compiled code would check the types)
        if given.text.__class__ is str and given.text:
            text = given.text
        elif given.verb.__class__ is str and given.args.__class__ is tuple and all(
                a.__class__ in (int, str) for a in given.args):
            text = " ".join([given.verb, *map(str, given.args)])
        else:
            text = f"{given.verb!r} {given.args!r}"
    else:
        text = repr(action)
    text = text.encode("ascii", "backslashreplace").decode("ascii")
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def well_typed(seat: object, action: object) -> Message | None:
    """Why ``seat`` or ``action`` is not even of the right type (``None`` when both are)."""
    if seat.__class__ is not int:
        return msg("a seat is a whole number, not {seat}", seat=shown(seat))
    if action.__class__ is not Action:
        return msg("{action} is not an action", action=shown(action))
    given: Any = action  # its verb may be anything (compiled code would check that it is a str)
    if given.verb.__class__ is not str:
        return msg("malformed action {action}: the verb is not a word", action=shown(action))
    return None
