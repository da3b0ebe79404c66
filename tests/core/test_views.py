"""``core.fast.views``: ``LazyTable`` entries built once, on first reading (a missing key reads as a mapping's); Nap's
views built from a deal's facts; Napas's and Napoleon's play-phase views built from the first play moment's
facts and the public events since; the frozen values with a written-out ``__init__``."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardsuite.core.fast.facts import LazyTable
from cardsuite.core.fast.views import DealFacts, SecretDeal, TurnParts, build_secret_field
from cardsuite.core.game import DealResult, DealSummary
from cardsuite.core.message import Message
from cardsuite.core.registry import get_game


class Source:
    """Counts how often each entry is built."""

    def __init__(self) -> None:
        self.built: list[str] = []

    def entry(self, name: str, value: object) -> object:
        self.built.append(name)
        return value


def table(src: Source) -> LazyTable:
    return LazyTable(src, {"trump": lambda s: s.entry("trump", 2), "none": lambda s: s.entry("none", None)})


def test_each_entry_is_built_once_whichever_way_it_is_read() -> None:
    src = Source()
    lazy = table(src)
    assert lazy.get("trump") == 2 and lazy["trump"] == 2 and lazy.get("trump", 9) == 2
    assert lazy["none"] is None and lazy.get("none", 9) is None  # None is a value, not "missing"
    assert src.built == ["trump", "none"]
    assert dict(lazy) == {"trump": 2, "none": None}
    assert src.built == ["trump", "none"]


def test_a_missing_key_reads_as_in_any_mapping_and_builds_nothing() -> None:
    src = Source()
    lazy = table(src)
    assert lazy.get("beginner") is None and lazy.get("beginner", False) is False
    assert "beginner" not in lazy and "trump" in lazy
    with pytest.raises(KeyError):
        lazy["beginner"]
    assert src.built == [] and len(lazy) == 2


def test_a_turn_view_builds_its_facts_only_when_asked_and_keeps_its_moment() -> None:
    """Nap's views (``turn_view``): no public facts made until a table or seats is read, once per moment
    for every view of it; a view kept while the deal goes on still shows its own moment."""
    game = get_game("nap")
    state = game.new_deal(4, game.resolve_options({}, 4), 0, rng=random.Random(5))
    seat = min(state.to_act)
    first = state.view(seat)
    assert isinstance(first.parts, TurnParts)
    deal = state._public_facts  # type: ignore[attr-defined]
    assert isinstance(deal, DealFacts) and deal.latest is None  # nothing built for ``legal``
    assert first.seat == seat and first.legal == state.legal_actions(seat)
    table = first.table
    assert deal.latest is not None and state.view((seat + 1) % 4).table is table  # shared by the moment
    assert state.public_view().table is table and state.public_view().seat == -1
    state.apply(seat, first.legal[0])
    later = state.view(min(state.to_act))
    assert first.table is table and first.history == () and len(later.history) == 1
    assert first.to_act == frozenset({seat}) and later.to_act == state.to_act and not later.is_over
    assert later.table["bids"] != table["bids"]
    clone = state.clone()
    assert clone.view(0).parts[0] is not deal  # a clone has its own log, so its own facts


@pytest.mark.parametrize(("name", "players", "given"), [("napas", 4, {}), ("napoleon", 5, {}),
                                                      ("napoleon", 5, {"beginner": True})])
def test_a_secret_view_of_the_play_makes_no_facts_until_read_and_shows_its_own_moment(
        name: str, players: int, given: dict[str, object]) -> None:
    """Napas's and Napoleon's views (``secret_view``): in the play no facts object is made for a view read
    only for ``legal``; a table read later, out of order, is its own moment's (the live window's then), and
    the moment's facts are shared by its views; the history holds the seat's own private events only."""
    game = get_game(name)
    state = game.new_deal(players, game.resolve_options(given, players), 0, rng=random.Random(7))
    rng = random.Random(8)
    kept = []
    while not state.is_over:
        seat = min(state.to_act)
        view = state.view(seat)
        parts = view.parts
        assert parts.__class__ is tuple and parts[0] is build_secret_field
        if state.phase == "play":
            kept.append((view, dict(state.window(seat).table), state.window(seat).seats))
        state.apply(seat, rng.choice(view.legal))
    deal = state._public_facts  # type: ignore[attr-defined]
    assert isinstance(deal, SecretDeal) and len(kept) >= 20
    made = {id(parts[-1]) for parts in (v.parts for v, _, _ in kept) if isinstance(parts, tuple) and parts[-1]}
    assert len(made) == 1 and "play" in deal.bases  # only the first play moment's were taken then
    assert deal.latest is None  # and nothing was made for the views read only for ``legal``
    for view, table, seats in kept[::-1] + kept[::2]:  # backwards, then forwards again
        assert dict(view.table) == table and view.seats == seats
    latest = deal.latest
    assert latest is not None and kept[1][0].table is latest.table()  # the last moment built, kept
    assert state.view(0).table is state.public_view().table  # a moment's facts are shared by its views
    for seat in range(players):
        seen = state.view(seat).history
        assert all(e.visible_to is None or seat in e.visible_to for e in seen)
        assert [e for e in state.events() if e.visible_to is None or seat in e.visible_to] == list(seen)


def test_frozen_values_written_out_keep_their_dataclass_behaviour() -> None:
    """``DealSummary``, ``DealResult``, ``MatchProgress`` and ``Message`` have a written-out ``__init__``:
    the same defaults (a new dict of roles each time), equality, hash, ``replace`` and frozenness."""
    a, b = DealSummary(), DealSummary()
    assert a == b and a.roles == {} and a.roles is not b.roles
    assert DealSummary(roles=None).roles is None  # type: ignore[arg-type]  # an explicit value is kept
    assert dataclasses.replace(a, declarer=2) == DealSummary(2)
    assert DealResult((1, -1), a) == DealResult(scores=(1, -1), summary=DealSummary())
    message = Message("k", (("n", 1),), "ks")
    assert message == Message(key="k", params=(("n", 1),), plural="ks") and message.context is None
    assert hash(message) == hash(Message("k", (("n", 1),), "ks"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        message.key = "x"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.text = "x"  # type: ignore[misc]
