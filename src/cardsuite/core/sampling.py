"""Helpers for ``Game.sample_deal``: share unseen cards among seats, respecting what is known.

Search bots guess the hidden cards many times per move, so this is a quick randomized greedy fill
(most constrained seat first) with retries, not an exact constraint solver.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from ..cards import Card, CardSet
from .errors import IllegalAction, SamplingError
from .game import Event, State


def deal_unseen(pool: Sequence[Card], needs: Mapping[int, int], forbidden: Mapping[int, CardSet],
                rng: random.Random, tries: int = 200) -> tuple[dict[int, list[Card]], list[Card]]:
    """Give each seat in ``needs`` that many cards of ``pool``, none of its ``forbidden`` cards.

    Returns the cards per seat and the rest of the pool (shuffled). Raises ``SamplingError`` when no
    assignment was found (the constraints are contradictory, or too tight for the greedy fill).
    """
    order = sorted(needs, key=lambda s: -bin(forbidden.get(s, 0)).count("1"))
    for _ in range(tries):
        cards = list(pool)
        rng.shuffle(cards)
        out: dict[int, list[Card]] = {}
        ok = True
        for seat in order:
            banned = forbidden.get(seat, 0)
            mine = [c for c in cards if not banned >> c & 1][: needs[seat]]
            if len(mine) < needs[seat]:
                ok = False
                break
            taken = set(mine)
            cards = [c for c in cards if c not in taken]
            out[seat] = mine
        if ok:
            return out, cards
    raise SamplingError("no deal fits what this seat knows")


def replay_public(state: State, history: Sequence[Event], parse: Callable[[str], object]) -> State:
    """Re-apply, in order, every event of ``history`` that carries an action (``Event.action``).

    ``parse`` turns the action text into an ``Action``. Used to bring a sampled deal up to the moment
    of a view. An illegal step means the sample does not fit the view: ``SamplingError``.
    """
    from .game import Action

    for event in history:
        if event.action is None or event.seat is None:
            continue
        action = parse(event.action)
        assert isinstance(action, Action)
        try:
            state.apply(event.seat, action)
        except IllegalAction as exc:
            raise SamplingError(f"sample does not fit the view: {exc}") from None
    return state
