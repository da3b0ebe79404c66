"""The game contract: what every game plugin answers, and the values that cross it.

Everything outside a plugin (matches, records, the CLI, the TUI, every bot, the conformance tests) talks
to a game only through the names in this module. See ``docs/architecture.md`` for how they fit together.

State is mutable for speed: ``apply`` first checks the action and raises ``IllegalAction`` without
touching anything, then changes the state in place and returns the events it caused. ``clone`` gives an
independent copy for search. Views are immutable values built for one seat.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, cast

from ..cards import Card
from .errors import ActionSyntaxError, OptionError
from .message import Message
from .options import Options, OptionSpec, resolve_options
from .presentation import Presentation

if TYPE_CHECKING:
    from .search import SearchHooks

Score = int | Fraction

PUBLIC_SEAT: Final = -1
"""The ``seat`` of a public (watcher) view: no seat at all, so it equals no seat's number."""

_setattr: Final = object.__setattr__
_FRESH_DICT: Any = object()
"""The default of a field whose default is a new dict, in a frozen dataclass's own ``__init__``.

``DealSummary``, ``DealResult`` and ``MatchProgress`` are made for every deal a match settles (``cardsuite
simulate`` plays thousands a second), and the ``__init__`` a frozen dataclass is given calls
``object.__setattr__`` once per field. Theirs is written out to set the instance's ``__dict__`` in one
call (half the time for ``DealSummary``'s seven fields), with the same parameters and defaults; the class
is still a frozen dataclass (its fields, equality, hash and ``repr`` are the generated ones)."""


@dataclass(frozen=True, slots=True)
class Action:
    """A move as a small value: a verb and its arguments; ``str()`` is its record text (no seat)."""

    verb: str
    args: tuple[int | str, ...] = ()
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.text or " ".join([self.verb, *map(str, self.args)])


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in plain words (``text``) and as data for UIs and statistics.

    ``visible_to`` is ``None`` for a public event, otherwise the seats allowed to see it (a drawn
    card, a hidden bid). ``rule`` says why a trick was won when a rule decided it ("same-2").
    ``action`` is the record text of the action that caused it, where the event's viewers may know it:
    search bots rebuild consistent deals by replaying these. ``message`` is the same sentence without a
    language (a message key and its seats, cards and numbers): screens show it in the reader's language,
    while ``text`` stays the English for logs, the wire and tests.
    """

    kind: str
    seat: int | None
    text: str
    card: Card | None = None
    winner: int | None = None
    rule: str | None = None
    scores: tuple[Score, ...] | None = None
    visible_to: frozenset[int] | None = None
    action: str | None = None
    data: tuple[tuple[str, object], ...] = ()
    message: Message | None = None

    def seen_by(self, seat: int) -> bool:
        """Whether ``seat`` may see this event."""
        return self.visible_to is None or seat in self.visible_to


@dataclass(frozen=True)
class SeatInfo:
    """What everyone may know about one seat."""

    seat: int
    cards_held: int
    tricks: int = 0
    role: str | None = None
    facts: Mapping[str, object] = field(default_factory=dict)


_LAZY_FIELDS: Final = frozenset({"game", "seat", "players", "phase", "to_act", "hand", "legal", "history", "seats",
                                  "table", "private", "options", "dealer", "is_over"})


@dataclass(frozen=True, slots=True)
class View:
    """Everything one seat may know, and nothing more: the only thing a bot or a screen is given.

    ``table`` holds the game's public facts (contract, trumps, prize, stock size, named adjutant card).
    Keys shared by the trick games: ``contract_text`` (a header line), ``declarer`` (seat or None),
    ``trump`` (suit, -1 for none), ``trick`` and ``last_trick`` ((seat, card) pairs), ``trick_number``.
    Event texts name seats as ``seat N`` so that a UI can put names in their place.
    ``private`` holds what only this seat has been told ("you are the adjutant"). Equal knowledge gives
    equal views. ``State.public_view()`` gives a watcher's view: ``seat`` is ``PUBLIC_SEAT`` (-1), with no
    hand, no legal actions and nothing private.

    A view is an immutable value (a bot may keep it), but the built-in games do not copy anything into it
    up front: ``parts`` (``core.fast.views.SeatParts``) holds the immutable pieces it is made of, and each field
    is built the first time it is read (``__getattr__``), then kept. Views made directly with all fields
    given, as a plugin may, have no parts. ``table``, ``private`` and ``options`` are read-only mappings.
    ``parts`` is an object with a ``build(name)`` method (``ViewParts``), or a plain tuple whose first item
    builds a field from the tuple, ``parts[0](parts, name)`` (``BuildTuple``): a plain tuple is made and
    freed for a fraction of what a tuple subclass costs, which counts for a game whose deal is a few dozen
    cheap decisions, each with its view (GOPS).

    ``legal`` is a sequence of actions: a tuple, or the very lazy sequence ``State.legal_actions`` gave
    (Napas's exchange and Napoleon's discard offer up to 286 choices, made only when indexed). Either is
    an immutable value holding no reference to the state; it compares equal to the tuple of its actions,
    and supports ``len``, indexing, slicing, iteration and ``in``. A reader that needs a tuple (to add to
    it, or to send it) calls ``tuple(view.legal)``.
    """

    game: str
    seat: int
    players: int
    phase: str
    to_act: frozenset[int]
    hand: tuple[Card, ...]
    legal: Sequence[Action]
    history: tuple[Event, ...]
    seats: tuple[SeatInfo, ...]
    table: Mapping[str, object]
    private: Mapping[str, object]
    options: Mapping[str, object]
    dealer: int | None
    is_over: bool
    parts: ViewParts | BuildTuple | None = field(default=None, init=False, repr=False, compare=False)

    def __getattr__(self, name: str) -> Any:
        """Build a field of a view made from parts, the first time it is read (its slot is then set)."""
        if name in _LAZY_FIELDS:
            parts = self.parts
            if parts is not None:
                value = parts[0](parts, name) if parts.__class__ is tuple else cast(ViewParts, parts).build(name)
                object.__setattr__(self, name, value)
                return value
        raise AttributeError(f"'View' object has no attribute {name!r}")


class ViewParts(Protocol):
    """What a view made on demand is built from (``core.fast.views.SeatParts``)."""

    def build(self, name: str) -> object:
        """The value of the view field ``name``."""
        ...


BuildTuple = tuple[Any, ...]
"""A view's parts as a plain tuple, ``(build, *pieces)``: ``build(parts, name)`` gives the value of the view
field ``name`` (``games.gops.public.build_gops_field``)."""


@dataclass(frozen=True)
class DealSetup:
    """How a deal began: the dealer, each seat's hand before any exchange, and the stock, top first."""

    dealer: int | None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]


@dataclass(frozen=True)
class DealSummary:
    """The deal's outcome in words statistics can count: who declared what, and did it make."""

    declarer: int | None = None
    contract: str | None = None
    made: bool | None = None
    redeal: bool = False
    text: str = ""
    roles: Mapping[int, str] = field(default_factory=dict)
    message: Message | None = None
    """``text`` without a language, for screens (``text`` stays the English of logs, records and the wire)."""

    def __init__(self, declarer: int | None = None, contract: str | None = None, made: bool | None = None,
                 redeal: bool = False, text: str = "", roles: Mapping[int, str] = _FRESH_DICT,
                 message: Message | None = None) -> None:
        """The generated ``__init__``, written out (see ``_FRESH_DICT``): every deal makes one."""
        _setattr(self, "__dict__", {"declarer": declarer, "contract": contract, "made": made, "redeal": redeal,
                                    "text": text, "roles": {} if roles is _FRESH_DICT else roles, "message": message})


class State(ABC):
    """One deal in progress. Mutable; ``apply`` validates before it changes anything."""

    players: int
    options: Options

    @property
    @abstractmethod
    def phase(self) -> str:
        """The phase name: ``bidding``, ``play``, ``exchange``, ``over`` ..."""

    @property
    @abstractmethod
    def to_act(self) -> frozenset[int]:
        """Seats that must act now: one in turn-based phases, several in a simultaneous one, none at the end."""

    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[Action]:
        """What ``seat`` may do now (empty when it is not to act): a sequence of actions, usually a tuple.

        A game whose choices are many may return a lazy sequence that makes only the actions it is asked
        for (Napoleon's discard: ``games.napoleon.discards.DiscardChoices``; Napas's exchange:
        ``core.choices.DiscardChoices``), since a random playout reads ``len`` and one index; it holds the
        same actions in the same order whenever it is read."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Do ``action`` for ``seat``; raise ``IllegalAction`` naming the rule, state unchanged."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the deal has ended (played out, or thrown in)."""

    @abstractmethod
    def scores(self) -> tuple[Score, ...]:
        """Each seat's score change for this deal so far: zeros until a trick game is scored."""

    @abstractmethod
    def view(self, seat: int) -> View:
        """What ``seat`` may know now."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy, for search and what-if."""

    @abstractmethod
    def setup(self) -> DealSetup:
        """The dealer, hands and stock this deal began with (for records)."""

    @abstractmethod
    def summary(self) -> DealSummary:
        """The contract and its result, for replay text and statistics."""

    @abstractmethod
    def zones(self) -> Mapping[str, tuple[Card, ...]]:
        """Where every card of the deal is now (``hand 0``, ``stock``, ``played``, ``widow`` ...).

        Each card of ``setup()`` is in exactly one zone: the conformance tests check that cards are
        conserved through every action.
        """

    @abstractmethod
    def events(self) -> tuple[Event, ...]:
        """Every event of the deal so far, in order, hidden ones included (use ``view`` for a seat)."""

    def window(self, seat: int) -> View:
        """``view(seat)`` for this moment only, for the search bots' rollout policies.

        A game may build it straight from the live state instead of copying the public facts: it is then
        valid only until the next ``apply`` and holds the whole state, so nothing but a policy call inside a
        search may be given one (a screen, a network seat or an outside bot gets ``view``). Its fields equal
        ``view(seat)``'s (the conformance suite checks it). The default is ``view(seat)``.
        """
        return self.view(seat)

    def public_view(self) -> View:
        """What everyone may know, for a watcher: ``seat`` is ``PUBLIC_SEAT``, no hand, no legal actions,
        nothing private (so no pending simultaneous choice), and only the public events.

        ``table`` and ``seats`` hold public facts only, so they are the same in every seat's view (the
        conformance suite checks it): this default takes them from seat 0's view. A game may build the
        public view directly.
        """
        base = self.view(0)
        return View(
            game=base.game, seat=PUBLIC_SEAT, players=base.players, phase=base.phase, to_act=base.to_act,
            hand=(), legal=(), history=tuple(e for e in self.events() if e.visible_to is None),
            seats=base.seats, table=base.table, private={}, options=base.options, dealer=base.dealer,
            is_over=base.is_over,
        )


Utility = Literal["zero_sum", "constant_sum", "general_sum"]


@dataclass(frozen=True)
class GameTraits:
    """What kind of game this is, declared so that generic code (search, the conformance suite) need not guess.

    Modelled on OpenSpiel's ``GameType``:

    - ``utility``: ``zero_sum`` when a deal's scores always add up to 0, ``constant_sum`` when they always
      add up to the same total, else ``general_sum`` (only the declarer scores, or a thrown-in deal scores
      nothing where a played one shares out points). Search maximizes a seat's own score in zero- and
      constant-sum games, and its score against the others' average otherwise.
    - ``simultaneous``: some phase has several seats choose at once, in secret (``to_act`` holds several
      seats); a sequential game never has more than one seat to act.
    - ``hidden_information``: some seat cannot see everything (other hands, a stock, a pending choice).
    - ``auction_phases``: the phases whose actions say something about the speaker's hidden cards (bids),
      which search may read back into its sampled deals (bidding inference).

    The defaults are the cautious answers for a plugin that declares nothing: general-sum, sequential, with
    hidden information, and an auction only in a phase called ``bidding``.
    """

    utility: Utility = "general_sum"
    simultaneous: bool = False
    hidden_information: bool = True
    auction_phases: tuple[str, ...] = ("bidding",)


@dataclass(frozen=True)
class GameInfo:
    """What a game is: its name, title, player counts, options, a one-line description and its traits."""

    name: str
    title: str
    players: tuple[int, ...]
    options: tuple[OptionSpec, ...]
    summary: str
    default_players: int
    uses_dealer: bool = True
    traits: GameTraits = GameTraits()

    def option(self, key: str) -> OptionSpec:
        """The spec of option ``key``."""
        for spec in self.options:
            if spec.key == key:
                return spec
        raise KeyError(key)


@dataclass(frozen=True)
class DealResult:
    """A finished deal as the match sees it."""

    scores: tuple[Score, ...]
    summary: DealSummary

    def __init__(self, scores: tuple[Score, ...], summary: DealSummary) -> None:
        """The generated ``__init__``, written out (see ``_FRESH_DICT``): every deal of a match makes one."""
        _setattr(self, "__dict__", {"scores": scores, "summary": summary})


@dataclass(frozen=True)
class MatchProgress:
    """What a game needs to say whether its match is over."""

    players: int
    options: Options
    deals: tuple[DealResult, ...]
    totals: tuple[Score, ...]

    def __init__(self, players: int, options: Options, deals: tuple[DealResult, ...],
                 totals: tuple[Score, ...]) -> None:
        """The generated ``__init__``, written out (see ``_FRESH_DICT``): ``Match.settle`` makes one per deal."""
        _setattr(self, "__dict__", {"players": players, "options": options, "deals": deals, "totals": totals})


@dataclass(frozen=True)
class Hint:
    """A bot's advice: the action, why in a player's words (a ``Message``, shown in the reader's language),
    and the other actions with their values."""

    action: Action
    reason: str | Message
    alternatives: tuple[tuple[Action, float], ...] = ()


class Bot(Protocol):
    """A CPU player. It sees only its seat's view and draws randomness only from ``rng``."""

    level: str

    def choose(self, view: View, rng: random.Random) -> Action:
        """One of ``view.legal``."""
        ...

    def hint(self, view: View, rng: random.Random) -> Hint:
        """The action it would choose, with its reason."""
        ...


class ReasonedBot(ABC):
    """A bot that decides an action together with its reason; ``choose`` and ``hint`` both come from it."""

    level: str

    @abstractmethod
    def decide(self, view: View, rng: random.Random) -> tuple[Action, str | Message]:
        """One of ``view.legal`` and why, in a player's words (a ``Message``)."""

    def choose(self, view: View, rng: random.Random) -> Action:
        """The action this bot plays."""
        return self.decide(view, rng)[0]

    def hint(self, view: View, rng: random.Random) -> Hint:
        """The action with its reason."""
        action, reason = self.decide(view, rng)
        return Hint(action, reason)


class BotFactory(Protocol):
    """Makes a bot for a game at a level. A game's own ``hard`` factory also takes ``budget_ms`` (float) and
    ``iterations`` (int or None) keywords: the time or sample budget per decision."""

    def __call__(self) -> Bot: ...


class Game(Presentation, ABC):
    """One game plugin. Registered under the ``cardsuite.games`` entry-point group.

    Its presentation hooks (``table_lines``, ``look``, ``roles`` ...) come from ``Presentation``.
    """

    info: GameInfo

    def resolve_options(self, given: Mapping[str, object], players: int) -> Options:
        """Validated options with defaults filled in; ``check_options`` adds cross-checks."""
        if players not in self.info.players:
            counts = ", ".join(map(str, self.info.players))
            raise OptionError(f"{self.info.title} is for {counts} players, not {players}")
        options = resolve_options(self.info.options, given)
        self.check_options(options, players)
        return options

    def check_options(self, options: Options, players: int) -> None:
        """Raise ``OptionError`` for option values that do not fit together or with ``players``."""

    @abstractmethod
    def new_deal(
        self,
        players: int,
        options: Options,
        dealer: int | None,
        rng: random.Random | None = None,
        hands: Sequence[Sequence[Card]] | None = None,
        stock: Sequence[Card] | None = None,
    ) -> State:
        """A new deal: shuffled from ``rng``, or exactly the given ``hands`` and ``stock``."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """An action from its record text (without the seat); ``ActionSyntaxError`` if malformed."""

    @abstractmethod
    def match_over(self, progress: MatchProgress) -> bool:
        """Whether the match has ended by its own rules."""

    @abstractmethod
    def sample_deal(self, view: View, rng: random.Random) -> State:
        """A complete state consistent with everything ``view`` knows, the unseen cards drawn from ``rng``.

        Its ``view(view.seat)`` equals ``view``. Search bots use it to guess the hidden cards. Raises
        ``SamplingError`` when no fitting deal was found (the search then skips the sample); any other
        exception is a bug and reaches the caller.
        """

    def match_length(self, players: int, options: Options) -> int | None:
        """How many deals a match lasts when that is fixed in advance (for "deal k / N"); else ``None``."""
        return None

    def next_dealer(self, dealer: int | None, players: int) -> int | None:
        """The dealer of the next deal: one seat to the left."""
        return None if dealer is None else (dealer + 1) % players

    def search_hooks(self) -> SearchHooks | None:
        """How this game refines the generic ``hard`` search bot (an exact solver, a sampler, hint words).

        ``None`` (the default) means plain determinized search with the game's ``normal`` rollouts.
        """
        return None

    def bot_levels(self) -> Mapping[str, BotFactory]:
        """The game's own CPU levels (``easy``, ``normal`` ...); ``random`` and search levels are generic."""
        return {}

    def rules_markdown(self, language: str = "en") -> str:
        """The rules page in Markdown (``cardsuite rules``), in ``language`` where there is one, else English.

        A plugin ships ``<name>.md`` (and ``<language>/<name>.md``) as package data in the package that
        defines its game; built-in games read ``docs/rules/<name>.md`` and ``docs/rules/<language>/<name>.md``.
        """
        from .rules_docs import load_rules_markdown

        return load_rules_markdown(self.info.name, language, type(self).__module__)

    def text_domain(self) -> tuple[str, Path] | None:
        """A plugin's own gettext domain and the folder of its ``<lang>/LC_MESSAGES/<domain>.mo`` catalogs.

        ``None`` (the built-in games): the game's words are in cardsuite's own catalog. A plugin's catalog
        falls back to cardsuite's for the words they share (cards, suits, seats); see docs/i18n.md.
        """
        return None

    def log_events(self, view: View) -> tuple[Event, ...]:
        """The events a table's log may keep for ``view``: by default its whole history.

        A game whose options ask the table to forget past moves (GOPS's play by memory: a card is shown
        in the round it is revealed, and not afterwards) leaves them out here. Only the presentation
        changes: ``view.history`` still holds everything the seat may know, for bots and records.
        """
        return view.history

    def describe_action(self, action: Action) -> str:
        """Words for an action on a button or in a log (``bid nap`` -> ``Nap``); default: its text."""
        return str(action)

    def action_syntax_error(self, text: str, why: str) -> ActionSyntaxError:
        """A uniform syntax error for ``parse_action``."""
        from ..naming import quoted

        return ActionSyntaxError(f"malformed action {quoted(text, 40)}: {why}")
