"""GOPS / Goofspiel: 2 or 3 players bid in secret for 13 diamond prizes with identical hands.

CPU levels: ``easy`` and ``normal`` in ``bots.py``; ``hard`` (a mixed strategy from simultaneous-move
search, since a pure best response is exploitable in a simultaneous game) in ``hard.py``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...cards import Card
from ...core.errors import OptionError, reason_of
from ...core.fast.intern import parsed_action
from ...core.game import Action, BotFactory, Event, Game, GameInfo, GameTraits, MatchProgress, View
from ...core.message import N_, msg
from ...core.options import FOR_PLAYERS_ONLY, Options
from ...core.search import SearchHooks
from .deal import new_gops_deal
from .faces import ALL_FACES, FACE_LETTERS, FACE_NAMES, PRIZES, STANDARD_HANDS, parse_gops_action, standard_hands
from .present import GopsPresentation
from .public import memory_log, memory_view
from .rules import GopsState
from .tables import OPTIONS, Tables, tables_for

_PARSED: dict[str, Action] = {}
"""Action texts already parsed (search replays them thousands of times)."""

class Gops(GopsPresentation, Game):
    """The GOPS plugin."""

    info = GameInfo(
        name="gops",
        title=N_("GOPS"),
        players=(2, 3),
        options=OPTIONS,
        summary=N_("Goofspiel: everyone holds A-K and bids in secret for the 13 diamond prizes."),
        default_players=3,
        uses_dealer=False,
        traits=GameTraits(simultaneous=True, auction_phases=()),
    )

    _last: tuple[Options | None, int, Tables | None] = (None, 0, None)
    """The option set and player count of the last new deal, and their tables (``rules.tables_for``): runs
    deal thousands of games alike."""

    def check_options(self, options: Options, players: int) -> None:
        if options.text("ties") == "split" and players != 2:
            raise OptionError(msg(FOR_PLAYERS_ONLY, option="ties", value="split", counts="2"))

    def new_deal(self, players: int, options: Options, dealer: int | None, rng: random.Random | None = None,
                 hands: Sequence[Sequence[Card]] | None = None,
                 stock: Sequence[Card] | None = None) -> GopsState:
        if hands is None and not stock and rng is not None and players in (2, 3):  # the common case, fast
            last = self._last
            if last[0] is not options or last[1] != players:  # a new option set: its tables
                last = self._last = (options, players, tables_for(players, options))
            draw = rng.random
            return GopsState(players, options, STANDARD_HANDS, sorted(PRIZES, key=lambda _: draw()), last[2])
        return new_gops_deal(players, options, rng, hands, stock)

    def parse_action(self, text: str) -> Action:
        try:
            return parsed_action(_PARSED, text, parse_gops_action)
        except ValueError as exc:
            raise self.action_syntax_error(text, reason_of(exc)) from None

    def match_over(self, progress: MatchProgress) -> bool:
        return len(progress.deals) >= progress.options.integer("games")

    def match_length(self, players: int, options: Options) -> int | None:
        return options.integer("games")

    def sample_deal(self, view: View, rng: random.Random) -> GopsState:
        """Only the pending bids of other seats and (blind) the prize order are hidden: guess those."""
        players = view.players
        options = self.resolve_options(view.options, players)
        turned: list[Card] = []
        reveals: list[dict[int, int]] = [{}]
        order: list[int] = []
        own: int | None = None
        for event in view.history:
            if event.kind == "prize" and event.card is not None:
                turned.append(event.card)
            elif event.kind == "chosen" and event.seat is not None:
                order.append(event.seat)
            elif event.kind == "choose" and event.seat == view.seat:
                own = int(dict(event.data)["face"])  # type: ignore[call-overload]
            elif event.kind == "reveal" and event.seat is not None:
                reveals[-1][event.seat] = int(dict(event.data)["face"])  # type: ignore[call-overload]
                if len(reveals[-1]) == players:
                    reveals.append({})
        rest = [c for c in PRIZES if c not in turned]
        rng.shuffle(rest)
        state = new_gops_deal(players, options, None, standard_hands(players), turned + rest)
        played: list[set[int]] = [set() for _ in range(players)]
        for done in reveals[:-1]:
            for s, f in done.items():
                played[s].add(f)
        for index, seat in enumerate(order):
            rnd = index // players
            if rnd < len(reveals) - 1:
                face = reveals[rnd][seat]
            elif seat == view.seat and own is not None:
                face = own
            else:
                left = [f for f in ALL_FACES if f not in played[seat]]
                face = left[rng.randrange(len(left))]
            state.apply(seat, parse_gops_action(f"play {FACE_LETTERS[face - 1]}"))
        return state

    def log_events(self, view: View) -> tuple[Event, ...]:
        """In memory mode the table's log shows each round's cards only until the next round is revealed."""
        if view.options.get("memory"):
            return memory_log(view.history, view.players)
        return view.history

    def person_view(self, view: View) -> View:
        """In memory mode a person's connection is sent the memory log, and no list of earlier rounds' bids."""
        if view.options.get("memory"):
            return memory_view(view)
        return view

    def describe_action(self, action: Action) -> str:
        if action.verb == "play" and len(action.args) == 1 and str(action.args[0]) in FACE_LETTERS:
            return f"play the {FACE_NAMES[FACE_LETTERS.index(str(action.args[0])) + 1]}"
        return super().describe_action(action)

    def search_hooks(self) -> SearchHooks:
        """Only ``judge``: ``cardsuite analyze`` values each bid against the bids the others could be expected to
        make (``judge.py``); the search bot and ``peek`` keep the generic defaults."""
        from .judge import BidJudge

        return SearchHooks(judge=BidJudge())

    def bot_levels(self) -> Mapping[str, BotFactory]:
        from .bots import EasyGopsBot, NormalGopsBot
        from .hard import HardGopsBot

        return {"easy": EasyGopsBot, "normal": NormalGopsBot, "hard": HardGopsBot}


GAME = Gops()

__all__ = ["GAME", "Gops", "GopsState"]
