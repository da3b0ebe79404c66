"""The public facts a view's table and seats are built from (``PublicFacts`` and its turn-based kinds),
``LazyTable``, and the read-only mappings views share (``EMPTY``, ``frozen``).

Interpreted, while ``views`` is compiled: games subclass these classes in interpreted modules, which a
compiled method would refuse as ``self``; and a compiled class cannot extend ``Mapping``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, Protocol

from ..game import Event, SeatInfo

_new = object.__new__

EMPTY: Final[Mapping[str, object]] = MappingProxyType({})
"""The empty read-only mapping, shared by every view with nothing private."""


def frozen(mapping: Mapping[str, object]) -> Mapping[str, object]:
    """A read-only mapping over a new dict of ``mapping`` (the shared ``EMPTY`` when it is empty)."""
    return MappingProxyType(dict(mapping)) if mapping else EMPTY


class LoggedDeal(Protocol):
    """What ``LoggedFacts`` reads from the deal its views share (``views.DealFacts``)."""

    players: int
    options: Mapping[str, object]
    dealer: int | None
    log: list[Event]


class PublicFacts:
    """What everyone may know at one moment, in immutable values, and the ``table`` and ``seats`` built
    from them once, for every view of that moment.

    A game subclasses it: ``__init__`` copies the state's public attributes (ints, strings, tuples) under
    the same names, and ``build_table`` and ``build_seats`` make the view fields from them. Because the
    names are the state's own, the same builders also read a live state (the fast adapter, ``SeatWindow``).
    Besides the builders a subclass gives ``game``, ``players``, ``dealer``, ``options``, ``phase``,
    ``to_act`` and ``is_over`` (``TurnFacts`` does the last three for turn-based deals).
    """

    __slots__ = ("_seats", "_table", "moment")

    moment: int
    """The length of the state's log when these facts were taken (``public_facts``)."""
    _table: Mapping[str, object]
    _seats: tuple[SeatInfo, ...]
    game: str
    players: int
    dealer: int | None
    options: Mapping[str, object]
    phase: str
    to_act: frozenset[int]
    is_over: bool

    def build_table(self) -> Mapping[str, object]:
        """The public table facts (``View.table``), as a plain dict or mapping."""
        return {}

    def build_seats(self) -> tuple[SeatInfo, ...]:
        """What everyone may know about each seat (``View.seats``)."""
        return ()

    def table(self) -> Mapping[str, object]:
        """``build_table`` once, read-only."""
        try:
            return self._table
        except AttributeError:
            table = self._table = frozen(self.build_table())
            return table

    def seats(self) -> tuple[SeatInfo, ...]:
        """``build_seats`` once."""
        try:
            return self._seats
        except AttributeError:
            seats = self._seats = self.build_seats()
            return seats


class TurnFacts(PublicFacts):
    """``PublicFacts`` of a turn-based deal (``core.turns.TurnState``): the phase and the seat to act."""

    __slots__ = ("phase_name", "turn")

    phase_name: str
    turn: int

    @property
    def phase(self) -> str:  # type: ignore[override]
        """The phase name."""
        return self.phase_name

    @property
    def to_act(self) -> frozenset[int]:  # type: ignore[override]
        """The seat to act (nobody at the end)."""
        return frozenset() if self.phase_name == "over" else frozenset((self.turn,))

    @property
    def is_over(self) -> bool:  # type: ignore[override]
        """Whether the deal has ended."""
        return self.phase_name == "over"


class LoggedFacts(TurnFacts):
    """``TurnFacts`` of a deal whose every event is public and whose ``table`` and ``seats`` follow from the
    log alone, for ``turn_view``: made from the deal's ``DealFacts`` and a moment, not from the state. A
    game's subclass builds the table and seats from ``log[:moment]``."""

    __slots__ = ("dealer", "log", "options", "players")

    def __init__(self, deal: LoggedDeal, moment: int, phase_name: str, turn: int) -> None:
        self.players = deal.players
        self.options = deal.options
        self.dealer = deal.dealer
        self.log = deal.log
        self.moment = moment
        self.phase_name = phase_name
        self.turn = turn


class ReplayFacts(TurnFacts):
    """``TurnFacts`` of a deal with private events whose facts in some phases (``replayed``) follow from
    the facts of an earlier moment of the same phase and the public events since (``secret_view``):
    ``after`` makes them.

    ``moment`` is here the number of public events when the facts were taken (a view of such a deal knows
    that count, not the log's length). A subclass copies the state in ``__init__`` and gives ``after``.
    """

    __slots__ = ()

    replayed: tuple[str, ...] = ("play",)
    """The phases whose facts ``after`` makes from an earlier moment's of the same phase."""

    def __init__(self, state: Any) -> None:
        """Take every slot of the class (but ``moment`` and the built ``table`` and ``seats``) from the
        attribute of ``state`` of the same name, a list as a tuple."""
        (_TAKE.get(self.__class__) or _made(self.__class__, True))(self, state)

    def after(self, events: Sequence[Event], moment: int, turn: int) -> ReplayFacts:
        """The facts once ``events`` (the public events logged since these facts' moment, all of the same
        phase, one of ``replayed``) have happened, at ``moment`` with ``turn`` to act: a new object (these
        are shared)."""
        raise NotImplementedError

    def copy(self) -> Any:
        """A new facts object of the same class with the same values (``after`` then changes some):
        every slot of the class and its bases but the built ``table`` and ``seats``."""
        cls = self.__class__
        other = _new(cls)
        (_COPY.get(cls) or _made(cls, False))(self, other)
        return other


_TAKE: dict[type, Callable[[Any, Any], None]] = {}
"""``ReplayFacts.__init__``'s work for each class: ``take(facts, state)``."""
_COPY: dict[type, Callable[[Any, Any], None]] = {}
"""``ReplayFacts.copy``'s work for each class: ``copy(facts, other)``."""


def _made(cls: type, take: bool) -> Callable[[Any, Any], None]:
    """The function that sets every slot of a ``cls`` object at once, written out for the class (one
    attribute read and write each, as a hand-written ``__init__`` would): from a state (``take``, a list
    as a tuple) or from another facts object (``moment`` too)."""
    names = [name for klass in cls.__mro__ for name in klass.__dict__.get("__slots__", ())
             if name not in ("_seats", "_table", "moment")]
    if take:
        lines = [f"    v = state.{name}\n    facts.{name} = tuple(v) if v.__class__ is list else v" for name in names]
        source = "def take(facts, state):\n" + "\n".join(lines) + "\n"
    else:
        source = "def take(facts, other):\n" + "\n".join(f"    other.{name} = facts.{name}"
                                                         for name in (*names, "moment")) + "\n"
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<{cls.__name__} slots>", "exec"), namespace)  # names are the class's own slots
    made: Callable[[Any, Any], None] = namespace["take"]
    (_TAKE if take else _COPY)[cls] = made
    return made


_UNBUILT: Final = object()
"""A ``LazyTable`` entry not built yet (``None`` is a value an entry may have)."""


class LazyTable(Mapping[str, object]):
    """A table whose entries are built from ``src`` by ``fields`` the first time each is read."""

    __slots__ = ("_fields", "_src", "_values")

    def __init__(self, src: Any, fields: Mapping[str, Callable[[Any], object]]) -> None:
        self._src = src
        self._fields = fields
        self._values: dict[str, object] = {}

    def __getitem__(self, key: str) -> object:
        value = self._values.get(key, _UNBUILT)
        if value is _UNBUILT:
            value = self._values[key] = self._fields[key](self._src)  # KeyError for a key it has not
        return value

    def get(self, key: str, default: object = None) -> object:
        """The entry, built on first reading; ``default`` for a key the table has not.

        ``Mapping.get`` would go through ``__getitem__`` and catch its ``KeyError``: a bot asking for a key
        this game's table lacks (Napoleon's ``normal`` reads ``beginner`` at every card of its search's
        rollouts) paid for two exceptions.
        """
        value = self._values.get(key, _UNBUILT)
        if value is _UNBUILT:
            build = self._fields.get(key)
            if build is None:
                return default
            value = self._values[key] = build(self._src)
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._fields

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)
