"""A sampled deal's card play, remembered by where it starts (speed only: the same cards are played).

The search tries every bid on one sampled deal with one rollout seed, and many bids lead to the same play:
the same declarer, trumps and hands after the exchange, only the level differs (a Napas declarer bids 1 or 3
and nobody outbids either). Neither the solver nor the trick bots' play reads more of the contract than
``tricksolver.TrickRules`` tells apart (no trumps, and the tricks that decide it), so such a play is played
once and replayed onto the other bids' states, whose own scoring then counts it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..core.game import Action, State
from .tricksolver import TrickRules

Played = list[tuple[int, Action]]
"""Who played what, in order, from the play's start to the deal's end."""


class PlayMemo:
    """Plays of recent sampled deals, by the deal and where each began (bounded; a bot's own)."""

    def __init__(self, rules: TrickRules, max_entries: int = 64) -> None:
        self.caps = dict(rules.thresholds)
        self.no_trump = rules.no_trump_contracts
        self.max_entries = max_entries
        self.plays: dict[tuple[object, ...], tuple[object, Played]] = {}

    def play(self, state: State, seat: int, rng: random.Random,
             play_out: Callable[[State, int, random.Random], Played]) -> State:
        """``state`` (at the play's start) played to its end: replayed when this deal's play from the same start
        with the same generator is known (a replay draws nothing from ``rng``), else by ``play_out``, which
        plays it and returns what was played."""
        key = self._start(state, seat)
        drawn = rng.getstate()
        known = self.plays.get(key)
        if known is not None and known[0] == drawn:
            for turn, action in known[1]:
                state.apply(turn, action)
            return state
        played = play_out(state, seat, rng)
        if len(self.plays) >= self.max_entries:
            self.plays.clear()  # a search tries every bid on one deal before the next: the recent ones suffice
        self.plays[key] = (drawn, played)
        return state

    def _start(self, state: State, seat: int) -> tuple[object, ...]:
        """What decides the play from here: the deal as dealt, the cards where they lie, who declared what kind
        of contract with which trumps, who is to lead, and the searching seat."""
        turn = next(iter(state.to_act))
        table = state.view(turn).table
        contract = str(table.get("contract"))
        kind = (contract in self.no_trump, self.caps.get(contract, 99))
        return (state.setup(), seat, turn, table.get("declarer"), table.get("trump"), kind,
                tuple(state.zones().items()))
