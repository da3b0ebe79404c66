"""A match: deals one after another, the dealer rotating, running totals, and the game's end rule."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import add

from ..cards import card_text
from .game import Action, DealResult, DealSetup, Event, Game, MatchProgress, Score, State
from .options import Options
from .values import DealsSoFar

LARGEST_SEED = 10**18 - 1
"""The largest seed: of a match (``--seed``, a table's seed field) and of a record's deal (``"seed": N``); the
smallest is 0. It fits a 64-bit integer."""


def settle_deal(game: Game, options: Options, state: State, results: list[DealResult],
                totals: Sequence[Score], played: int) -> tuple[DealResult, tuple[Score, ...], bool]:
    """Count a finished deal: its ``DealResult`` (appended to ``results``), the match's new totals, and whether
    the match is over by the game's end rule. ``Match.settle`` and ``cardsuite simulate`` both count so.

    ``played``: how many deals of ``results`` were played out (not thrown in) before this one, kept by the
    caller so that no deal is counted twice."""
    scores = state.scores()
    if len(scores) != len(totals):
        raise ValueError(f"{len(scores)} scores for {len(totals)} seats")
    result = DealResult(scores, state.summary())
    if not result.summary.redeal:
        played += 1
    results.append(result)
    new_totals = tuple(map(add, totals, scores))
    progress = MatchProgress(len(totals), options, DealsSoFar(results), new_totals, played)
    return result, new_totals, game.match_over(progress)


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat: a name, and for a CPU its level."""

    name: str
    kind: str = "human"
    level: str | None = None

    def as_record(self) -> dict[str, str]:
        """The seat as records.md writes it."""
        out = {"name": self.name, "kind": self.kind}
        if self.level is not None:
            out["level"] = self.level
        return out


@dataclass
class DealLog:
    """One deal's setup and its actions as record text (``"2 play KH"``)."""

    setup: DealSetup
    actions: list[str] = field(default_factory=list)

    def as_record(self, uses_dealer: bool) -> dict[str, object]:
        """The deal as records.md writes it."""
        out: dict[str, object] = {}
        if uses_dealer:
            out["dealer"] = self.setup.dealer
        out["hands"] = [[card_text(c) for c in hand] for hand in self.setup.hands]
        out["stock"] = [card_text(c) for c in self.setup.stock]
        out["actions"] = list(self.actions)
        return out


def winners(totals: Sequence[Score]) -> tuple[int, ...]:
    """Seats with the highest total (several for a draw)."""
    best = max(totals)
    return tuple([i for i, t in enumerate(totals) if t == best])


_DEFAULT_SEATS: dict[int, tuple[SeatSpec, ...]] = {}


def default_seats(players: int) -> tuple[SeatSpec, ...]:
    """``Seat 0``, ``Seat 1`` ...: the seats of a match given none (made once per player count)."""
    found = _DEFAULT_SEATS.get(players)
    if found is None:
        found = _DEFAULT_SEATS[players] = tuple(SeatSpec(f"Seat {i}") for i in range(players))
    return found


class Match:
    """Plays deals of one game until the game says the match is over (or a sitting reaches the game's
    ``deal_limit``: ``stopped``).

    All randomness (the first dealer, every shuffle) comes from ``seed``, so a match replays exactly.
    After a deal ends, call ``next_deal`` to start the following one (a UI shows the result first).
    ``keep_record=False`` is for headless runs that never write a record (``cardsuite simulate``): the
    deals and results are the same, but no deal log is kept, so ``logs`` stays empty and ``record()``
    refuses. Such a run may also apply actions to ``state`` directly and then call ``settle()`` once the
    deal is over, instead of ``act`` for every action.

    ``rng``: a generator to draw the first dealer and every deal from directly, in place of one made from
    ``seed`` with a new generator per deal (``cardsuite simulate``, which shares it with the match's bots:
    making a Mersenne Twister generator costs more than a whole random GOPS deal). The deals then differ
    from those of ``seed`` alone, and still replay exactly from the generator's state.
    """

    def __init__(
        self,
        game: Game,
        players: int,
        options: Options,
        seed: int,
        seats: Sequence[SeatSpec] | None = None,
        keep_record: bool = True,
        rng: random.Random | None = None,
    ) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.seed = seed
        self.keep_record = keep_record
        self.seats = tuple(seats) if seats else default_seats(players)
        self._rng = random.Random(seed) if rng is None else rng
        self._fresh_generators = rng is None
        self.dealer = self._rng.randrange(players) if game.info.uses_dealer else None
        self._settled: State | None = None  # the last deal counted into results (``settle``)
        self._ends = False  # whether the game's end rule ended the match at that deal
        self.results: list[DealResult] = []
        self.played = 0  # how many of ``results`` were played out, not thrown in
        self.logs: list[DealLog] = []
        self.totals: list[Score] = [0] * players
        self._limit = game.deal_limit(players, options)
        self.stop_after = self._limit  # the deals after which ``stopped`` holds (``play_on`` moves it)
        self.state: State = self._deal()

    def _deal(self) -> State:
        deal_rng = random.Random(self._rng.getrandbits(64)) if self._fresh_generators else self._rng
        state = self.game.new_deal(self.players, self.options, self.dealer, rng=deal_rng)
        if self.keep_record:
            self.logs.append(DealLog(state.setup()))
        return state

    @property
    def deal_over(self) -> bool:
        """Whether the current deal has ended (and been settled)."""
        return self.state.is_over

    @property
    def is_over(self) -> bool:
        """Whether the match has ended by the game's rules (asked once per deal, when it is settled)."""
        return self._settled is self.state and self._ends

    @property
    def stopped(self) -> bool:
        """Whether this sitting has reached the game's ``deal_limit`` without the rules ending the match: a
        table stops dealing and keeps the match to resume; records and replay know nothing of it."""
        return (self.stop_after is not None and self._settled is self.state and not self._ends
                and len(self.results) >= self.stop_after)

    def play_on(self) -> None:
        """Start a new sitting from here (a resumed match): ``stopped`` again only after another
        ``deal_limit`` deals."""
        if self._limit is not None:
            self.stop_after = len(self.results) + self._limit

    def progress(self) -> MatchProgress:
        """The settled deals and totals, as the game's end rule reads them."""
        return MatchProgress(self.players, self.options, tuple(self.results), tuple(self.totals), self.played)

    def act(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Apply ``action`` for ``seat`` to the current deal; settle the deal when it ends."""
        events = self.state.apply(seat, action)
        if self.keep_record:
            self.logs[-1].actions.append(f"{seat} {action.text or action}")
        if self.state.is_over:
            self.settle()
        return events

    def settle(self) -> DealResult:
        """Count the current deal, which must be over, into ``results`` and ``totals`` (once; again gives the
        same result). ``act`` calls it when a deal ends; a headless run that applied actions to ``state``
        directly calls it itself."""
        state = self.state
        if not state.is_over:
            raise RuntimeError("the current deal is not over")
        if self._settled is state:
            return self.results[-1]
        result, totals, self._ends = settle_deal(self.game, self.options, state, self.results, self.totals,
                                                 self.played)
        self.played += not result.summary.redeal
        self.totals = list(totals)
        self._settled = state
        return result

    def next_deal(self) -> State:
        """Start the next deal; only after the current one is over and the match is not."""
        if not self.state.is_over:
            raise RuntimeError("the current deal is not over")
        if self._settled is not self.state:
            raise RuntimeError("the current deal is not settled (settle)")
        if self.is_over:
            raise RuntimeError("the match is over")
        self.dealer = self.game.next_dealer(self.dealer, self.players)
        self.state = self._deal()
        return self.state

    def record(self) -> dict[str, object]:
        """The whole match so far in the records.md format."""
        if not self.keep_record:
            raise RuntimeError("this match keeps no record (keep_record=False)")
        return {
            "format": "cardsuite-record/1",
            "game": self.game.info.name,
            "players": self.players,
            "options": self.options.non_default(),
            "seats": [s.as_record() for s in self.seats],
            "deals": [log.as_record(self.game.info.uses_dealer) for log in self.logs],
        }
