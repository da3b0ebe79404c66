"""The game contract: what every game plugin answers, and the values that cross it.

Everything outside a plugin (matches, records, the CLI, the TUI, every bot, the conformance tests) talks
to a game only through the names in this module: the game (``Game``, ``GameInfo``, ``GameTraits``), its
bots, and, handed on from ``core.state`` and ``core.values``, the deal (``State``) and the values that
cross. See ``docs/architecture.md`` for how they fit together.

State is mutable for speed: ``apply`` first checks the action and raises ``IllegalAction`` without
touching anything, then changes the state in place and returns the events it caused. ``clone`` gives an
independent copy for search. Views are immutable values built for one seat.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal, Protocol

from ..cards import Card
from .errors import ActionSyntaxError, OptionError
from .message import N_, Message, msg
from .options import Options, OptionSpec, resolve_options
from .presentation import Presentation
from .search import SearchHooks
from .state import State as State
from .values import PUBLIC_SEAT as PUBLIC_SEAT
from .values import Action as Action
from .values import Bot as Bot
from .values import BuildTuple as BuildTuple
from .values import DealResult as DealResult
from .values import DealSetup as DealSetup
from .values import DealSummary as DealSummary
from .values import Event as Event
from .values import Hint as Hint
from .values import MatchProgress as MatchProgress
from .values import Score as Score
from .values import SeatInfo as SeatInfo
from .values import View as View
from .values import ViewParts as ViewParts

if TYPE_CHECKING:
    from pathlib import Path  # the type of a plugin's catalog folder; the core makes no path

Utility = Literal["zero_sum", "constant_sum", "general_sum"]

PLAYER_COUNT: Final = N_("{game} is for {counts} players, not {players}")
"""The refusal of a player count the game does not take, as the command line and a server say it."""


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
    ``iterations`` (int or None) keywords, the time or sample budget per decision, and ``clock`` (a callable
    giving seconds, ``time.perf_counter`` from ``make_bot``) to measure a time budget by: a game reads no
    clock of its own."""

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
            raise OptionError(msg(PLAYER_COUNT, game=Message(self.info.title), counts=counts, players=players))
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

    def deal_limit(self, players: int, options: Options) -> int | None:
        """How many deals a table or ``cardsuite simulate`` plays at one sitting of a match its rules have not
        ended (falling scores or thrown-in deals may never end it), or ``None`` for a game whose matches
        always end. Not an end: records and replay ignore it, and a resumed match plays on."""
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

    def person_view(self, view: View) -> View:
        """What a person's connection to an online table is sent of ``view``: by default ``view`` itself.

        A game whose options ask the table to forget (GOPS's play by memory) gives the view without what its
        table does not show, so a modified client learns no more than an honest one shows. The server's CPUs
        and the records keep the whole view. The history given must be a subsequence of ``view.history`` (the
        same events, in order; ``log_events(view)`` is one) that depends on the history and the view's game,
        seat, players and options only: the server works out which of its events a connection already holds.
        """
        return view

    def describe_action(self, action: Action) -> str:
        """Words for an action on a button or in a log (``bid nap`` -> ``Nap``); default: its text."""
        return str(action)

    def action_syntax_error(self, text: str, why: str | Message) -> ActionSyntaxError:
        """A uniform syntax error for ``parse_action``; ``why`` as a message is said in the reader's language."""
        from ..naming import quoted

        reason = why if isinstance(why, Message) else Message(why)
        said = msg("malformed action {action}: {why}", action=quoted(text, 40), why=reason)
        return ActionSyntaxError(said, why)
