"""Malformed actions change nothing: every game, every phase, only ``IllegalAction`` or ``ActionSyntaxError``.

``apply`` may be handed anything (a network seat, a broken bot, a hostile record): unknown verbs, the
wrong number of arguments, numbers out of range or negative, values of the wrong type, things that are
not actions at all, seats that are not seats. Each must be refused with the contract's own error and
leave the state exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardsuite.core.errors import ActionSyntaxError, IllegalAction
from cardsuite.core.game import Action, Game, State
from cardsuite.core.registry import all_games, get_game

CASES = [(g.info.name, n) for g in all_games() for n in g.info.players]
SEEDS = (1, 2, 3)
JUNK: tuple[object, ...] = (
    -1, -53, 53, 99, 2**64, -(2**64), True, False, 1.5, None, "", "x", "5", "AS", "\x1b[2J", b"AS", (), (1,), [1],
)
"""Argument values of every wrong kind: out of range, negative, bools, floats, text, bytes, containers."""
NOT_ACTIONS: tuple[object, ...] = (None, "play AS", ("play", (12,)), 12, object())
NOT_SEATS: tuple[object, ...] = ("0", None, -1, 99, 1.0, True, [0])


def strict(action: Action) -> tuple[object, ...]:
    """An action's identity with argument types (``True`` is not ``1``)."""
    return (action.verb, tuple((type(a), a) for a in action.args))


def malformed(state: State, seat: int, verbs: dict[str, Action]) -> Iterator[Action]:
    """Malformed variants of every verb the game has shown so far, and verbs it does not know."""
    legal = {strict(a) for a in state.legal_actions(seat)}
    candidates: list[Action] = [Action("frobnicate"), Action(""), Action("PLAY", (1,)), Action("\x1b[2J"),
                                Action(None, ()), Action(5, ()), Action(["play"], ()),  # type: ignore[arg-type]
                                Action("play", [12]), Action("play", "AS")]  # type: ignore[arg-type]
    for example in verbs.values():
        args = example.args
        candidates.append(Action(example.verb, (*args, 0)))
        candidates.append(Action(example.verb, (*args, "x")))
        if args:
            candidates.append(Action(example.verb, args[:-1]))
        for i in range(len(args)):
            for junk in JUNK:
                candidates.append(Action(example.verb, (*args[:i], junk, *args[i + 1:])))  # type: ignore[arg-type]
    for action in candidates:
        try:
            if strict(action) in legal:
                continue
        except TypeError:
            pass
        yield action


def cheap_fingerprint(state: State) -> object:
    return (state.phase, state.to_act, state.events(), state.scores(), tuple(sorted(state.zones().items())))


def full_fingerprint(state: State) -> object:
    return (cheap_fingerprint(state), tuple(state.view(s) for s in range(state.players)))


def refuse_all(state: State, seat: int, verbs: dict[str, Action]) -> int:
    """Send every malformed action for ``seat`` (and good actions for non-seats); returns how many."""
    before = cheap_fingerprint(state)
    full = full_fingerprint(state)
    sent = 0
    for action in malformed(state, seat, verbs):
        with pytest.raises((IllegalAction, ActionSyntaxError)):
            state.apply(seat, action)
        assert cheap_fingerprint(state) == before, f"a refused {action!r} changed the state"
        sent += 1
    good = state.legal_actions(seat)[0]
    for thing in NOT_ACTIONS:
        with pytest.raises((IllegalAction, ActionSyntaxError)):
            state.apply(seat, thing)  # type: ignore[arg-type]
        sent += 1
    for not_seat in NOT_SEATS:
        with pytest.raises((IllegalAction, ActionSyntaxError)):
            state.apply(not_seat, good)  # type: ignore[arg-type]
        sent += 1
    assert full_fingerprint(state) == full, "a refused action changed a view"
    return sent


def play(game: Game, players: int, seed: int) -> set[str]:
    """A random deal with malformed actions sent in each phase's first turn and every 7th step."""
    rng = random.Random(seed)
    options = game.resolve_options({}, players)
    state = game.new_deal(players, options, 0 if game.info.uses_dealer else None, rng=random.Random(seed))
    verbs: dict[str, Action] = {}
    checked: set[str] = set()
    steps = 0
    while not state.is_over:
        seat = min(state.to_act)
        legal = state.legal_actions(seat)
        for action in legal:
            verbs.setdefault(action.verb, action)
        if state.phase not in checked or steps % 7 == 0:
            assert refuse_all(state, seat, verbs) > 20
            checked.add(state.phase)
        state.apply(seat, legal[rng.randrange(len(legal))])
        steps += 1
    refuse_all_over(state, verbs)
    return checked


def refuse_all_over(state: State, verbs: dict[str, Action]) -> None:
    """At the end nothing at all may be done, whatever is sent."""
    before = full_fingerprint(state)
    for seat in range(state.players):
        for action in verbs.values():
            with pytest.raises(IllegalAction):
                state.apply(seat, action)
    assert full_fingerprint(state) == before


@pytest.mark.parametrize(("name", "players"), CASES)
def test_malformed_actions_change_nothing(name: str, players: int) -> None:
    game = get_game(name)
    phases: set[str] = set()
    for seed in SEEDS:
        phases |= play(game, players, seed)
    assert phases, "no phase was checked"


def test_the_issue_examples_are_refused() -> None:
    """Napoleon's adjutant 99 once set the named card before failing; an empty bid leaked IndexError."""
    for name in ("nap", "napas", "napoleon"):
        game = get_game(name)
        players = game.info.default_players
        state = game.new_deal(players, game.resolve_options({}, players), 0, rng=random.Random(5))
        seat = min(state.to_act)
        before = full_fingerprint(state)
        with pytest.raises(IllegalAction, match="expected bid"):
            state.apply(seat, Action("bid", ()))
        assert full_fingerprint(state) == before
    game = get_game("napoleon")
    state = game.new_deal(5, game.resolve_options({}, 5), 0, rng=random.Random(5))
    while state.phase == "bidding":
        seat = min(state.to_act)
        state.apply(seat, state.legal_actions(seat)[-1])
    assert state.phase == "adjutant"
    seat = min(state.to_act)
    before = full_fingerprint(state)
    for card in (99, -1, 53):
        with pytest.raises(IllegalAction, match="expected adjutant"):
            state.apply(seat, Action("adjutant", (card,)))
        assert full_fingerprint(state) == before
