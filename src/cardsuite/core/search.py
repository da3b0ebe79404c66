"""The search hook: how a game may refine the generic search bot (``Game.search_hooks``).

These are contract types, so a plugin can offer a better evaluator (an exact solver), its own sampler
or words for hints without importing any bot. ``cardsuite.bots.search`` is the bot that uses them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from .message import Message
from .state import State
from .values import Action, Bot, DealSummary, Score, View

Policy = Callable[[State, int, random.Random], Action]
"""Chooses an action for ``seat`` in a complete state (a rollout policy)."""

@runtime_checkable
class StatePolicyBot(Protocol):
    """A bot that offers the search a rollout policy of its own (``bots.search.bot_policy`` takes it).

    ``state_policy()`` returns a ``Policy`` that reads the live state instead of the seat's view, and must
    choose exactly what the bot's ``choose(state.view(seat), rng)`` would, drawing the same from ``rng``:
    it may read only what that seat may know (the state holds every hand), and a test should compare the
    two over many positions (``tests/bots/test_fast_policy.py`` does for every game). Worth it where the
    policy needs facts that a view builds at a cost at every decision (Napoleon: the cards played, who
    followed what), which the policy can keep from one card to the next.
    """

    def state_policy(self) -> Policy: ...


class Outcome(Protocol):
    """How a sampled deal ended: a finished ``State``, or any value with the same three answers."""

    @property
    def is_over(self) -> bool: ...

    def scores(self) -> tuple[Score, ...]: ...

    def summary(self) -> DealSummary: ...


Evaluator = Callable[[State, int, random.Random, Policy], Outcome]
"""Finishes a sampled deal after the searching seat's action; returns how it ended."""

Sampler = Callable[[View, random.Random], State]
"""Draws a complete deal consistent with a view (by default ``Game.sample_deal``)."""

@dataclass(frozen=True)
class PartnerOdds:
    """Who may hold the card that makes a secret partner (Napoleon's adjutant), judged over ``deals`` deals
    sampled from one seat's view (``SearchHooks.partner_odds``).

    ``seats[s]`` is the share of those deals in which seat ``s`` holds ``card`` (0 for the declarer: a card he
    holds himself makes him play alone too); ``hidden`` the share in which no other seat holds it: it lies
    among the hidden cards (or is the declarer's) and ``declarer`` plays alone.
    """

    card: int
    declarer: int
    deals: int
    seats: tuple[float, ...]
    hidden: float


def odds_seed(view: View) -> int:
    """The seed of the generator ``SearchHooks.partner_odds`` is asked with for ``view``, by the table's page
    and by a game's hint alike: the same numbers for the same moment of a deal."""
    return len(view.history) * 7 + view.seat


@dataclass(frozen=True)
class SearchHooks:
    """How a game refines the generic search. Every field is optional.

    ``sampler`` replaces the default sampler (``Game.sample_deal`` filtered by ``inferring_sampler``:
    deals in which the other seats' bids are what the ``normal`` policy would have bid; set
    ``infer_bids=False`` to sample without that filter); ``evaluator``
    replaces the rollout (e.g. an exact solver); ``explain`` adds a sentence to a hint from the view and
    the sampled deals (e.g. "your partner is likely the holder of the Mighty"); ``rollout_level`` names
    the level whose policy plays the rollouts. ``search_phases`` names the phases in which the search
    decides; in any other phase the bot plays what the rollout policy would (``None``: every phase), or what
    the bot ``outside_bot`` makes would, when given (a game whose search plays the cards better than its
    ``normal`` may bid more boldly). A hint still searches there, to put numbers to the choices, but
    recommends that move. ``partner_odds`` (a game with a partner named by a card) says, from a seat's view
    and a generator, who may hold that card (``PartnerOdds``; ``None`` until a card is named): the table
    shows it on a page of its own. ``judge`` (a game of simultaneous bids) is given a seat's view, the action
    it took, a generator and a number of rollouts, and returns the better action, its worth and the taken
    one's when that was clearly worse than the seat's best against what the others could be expected to do
    (never what they did: the seat could not see it), else ``None``; ``cardsuite analyze`` judges that game's
    decisions by it. ``worth`` says what a finished deal (an ``Outcome``) is worth to a seat when ``cardsuite
    analyze`` values that seat's decisions (``None``: the seat's own score): a game in which only the declarer
    scores judges a defender by the declarer's score against it (Napas, ``defence_worth``).
    """

    sampler: Sampler | None = None
    evaluator: Evaluator | None = None
    explain: Callable[[View, Sequence[State]], str | Message | None] | None = None
    rollout_level: str = "normal"
    infer_bids: bool = True
    search_phases: tuple[str, ...] | None = None
    partner_odds: Callable[[View, random.Random], PartnerOdds | None] | None = None
    outside_bot: Callable[[], Bot] | None = None
    judge: Callable[[View, Action, random.Random, int], tuple[Action, float, float] | None] | None = None
    worth: Callable[[Outcome, int], float] | None = None


def own_score(outcome: Outcome, seat: int) -> float:
    """A finished deal's worth to ``seat``: its own score (``SearchHooks.worth`` by default)."""
    return float(outcome.scores()[seat])


def defence_worth(outcome: Outcome, seat: int) -> float:
    """A finished deal's worth to ``seat`` where only the declarer scores: the declarer's own score, and for
    any other seat the declarer's score against it (a defender gains what the declarer loses). A deal with no
    declarer (thrown in) is worth each seat its own score."""
    scores = outcome.scores()
    declarer = outcome.summary().declarer
    if declarer is None or declarer == seat or not 0 <= declarer < len(scores):
        return float(scores[seat])
    return -float(scores[declarer])


def rollout_until(state: State, rng: random.Random, policy: Policy,
                  stop: Callable[[State], bool] = lambda s: False) -> State:
    """Let ``policy`` act for every seat until the deal ends or ``stop(state)``; returns ``state``."""
    while not state.is_over and not stop(state):
        for seat in sorted(state.to_act):
            if seat in state.to_act and not state.is_over:
                state.apply(seat, policy(state, seat, rng))
    return state
