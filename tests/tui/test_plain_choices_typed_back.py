"""``--plain``: every choice the prompt offers can be typed back as offered. Whole seeded matches of every game
are played line by line; at each of the person's decisions every legal action is typed in each form the
prompt, ``help`` or a refusal offers (its key, its cards' keys, codes and names, its words as shown, in any
case, its record text), and each must be understood as that action; a line that is no choice leaves the
match as it was."""

from __future__ import annotations

import io
import random

import pytest

from cardsuite.cards import card_text
from cardsuite.core.game import Action
from cardsuite.core.match import SeatSpec
from cardsuite.i18n import use_language
from cardsuite.tui.plain import PlainTable
from cardsuite.tui.session import Session

from .helpers import config

DECISIONS = 40
"""The person's decisions checked in one match (then the input ends: the match stays saved)."""
NOT_A_CHOICE = "zz not a choice"
SAMPLE = 40
"""The legal actions checked at one decision when there are more (a Napoleon discard)."""


def forms(table: PlainTable, action: Action) -> list[str]:
    """Every way the prompt, ``help`` or a hint offers to type ``action`` now."""
    plan = table.plan
    label = plan.label(action)
    out = [label, label.lower(), label.upper()]
    look = plan.looks.get(action)
    if look is not None and look.key:
        out.append(look.key)
    if action not in plan.card_verbs.get(plan.verb or "", ()):
        out.append(str(action))  # as a record writes it: ``bid 3``, ``exchange`` (keep the hand)
    else:
        cards = plan.cards_of[action]
        if plan.matching(cards) == [action]:
            out.append(" ".join(plan.key_of(c) for c in cards))
            out.append(" ".join(card_text(c) for c in cards))
            out.append(f"{plan.verb} " + " ".join(card_text(c) for c in cards))
            if len(cards) == 1:
                out.append(table.display.wording.card(cards[0]))
        else:  # several ways: the refusal of the card alone lists each one's words, and those are typed back
            refused, why = table.understand(plan.key_of(cards[0]))
            assert refused is None and label in why, (label, why)
            out.append(str(action))  # as a record writes it: ``play JK S``
            out.append(str(action).partition(" ")[2])  # without its verb: ``JK S``
    return out


class Person:
    """The input of a ``PlainTable``: at each prompt it checks every offered form of every legal action, then
    types one (now and then a line that is no choice first)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.table: PlainTable | None = None
        self.decisions = 0
        self.typed: tuple[int, int, Action] | None = None
        self.refused_at: list[str] | None = None
        self.several_ways = 0

    def record(self) -> list[str]:
        assert self.table is not None
        return [a for log in self.table.session.match.logs for a in log.actions]  # type: ignore[attr-defined]

    def readline(self) -> str:
        table = self.table
        assert table is not None
        record = self.record()
        if self.refused_at is not None:
            assert record == self.refused_at, "a line that is no choice changed the match"
            self.refused_at = None
        if self.typed is not None:
            seat, before, action = self.typed  # the seat's next action (a forced card may follow it)
            mine = [a for a in record if a.startswith(f"{seat} ")]
            assert mine[before:before + 1] == [f"{seat} {action.text or action}"], (mine[before:], action)
            self.typed = None
        if self.decisions >= DECISIONS:
            return ""
        self.decisions += 1
        seat = table.session.next_turn().seat
        view = table.session.view(seat)
        every: dict[Action, list[str]] = {}
        legal = list(view.legal)  # a discard of 5 cards of 15 has thousands of ways: a sample of them
        for action in legal if len(legal) <= SAMPLE else self.rng.sample(legal, SAMPLE):
            every[action] = forms(table, action)
            for typed in every[action]:
                understood, why = table.understand(typed)
                assert understood == action, (view.phase, typed, action, why)
        ways = [a for a in every if len(table.plan.matching(table.plan.cards_of.get(a, ()))) > 1]
        self.several_ways += bool(ways)
        if self.rng.random() < 0.1:
            self.refused_at = record
            return NOT_A_CHOICE + "\n"
        action = self.rng.choice(ways or list(every))
        self.typed = (seat, sum(a.startswith(f"{seat} ") for a in record), action)
        return self.rng.choice(every[action]) + "\n"


CASES = [
    ("nap", 3, {}),
    ("napas", 2, {}),
    ("gops", 2, {}),
    ("napoleon", 5, {}),
    ("napoleon", 5, {"beginner": True}),
]
SEEDS = {"napoleon": (16, 5)}
"""Seeds whose matches give the person the joker to lead (in the standard and the beginner game)."""


@pytest.mark.parametrize("language", ["en", "ja", "lt"])
@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=lambda c: str(c))
def test_every_offered_choice_is_understood_when_typed_back(game: str, players: int, options: dict[str, object],
                                                             language: str) -> None:
    use_language(language)
    led = 0
    for seed in SEEDS.get(game, (16, 3)):
        seats = [SeatSpec("Ann"), *(SeatSpec(f"CPU {i}", "cpu", "easy") for i in range(1, players))]
        session = Session(config(game, seats, seed=seed, **options))
        person = Person(seed)
        table = PlainTable(session, io.StringIO(), io.StringIO())
        table.source = person  # type: ignore[assignment]
        person.table = table
        table.run()
        assert person.decisions > 10, person.decisions
        led += person.several_ways
    if game == "napoleon":
        assert led, "the person never had the joker to lead: choose other seeds"
