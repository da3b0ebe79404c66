"""The CPU's help, or another person's, can only cost an identity, on a real store: a rated seat rated apart
(``shared:``) still lowers the rating of each identity that made its actions where its result would, as
though they had played it alone; a win it brings them is not theirs. The opponents are rated as before."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cardsuite.core.record import replay
from cardsuite.core.registry import get_game
from cardsuite.net.client import Client
from cardsuite.net.filing import RatedKeys, group_key
from cardsuite.net.identity import identity_id, new_key
from cardsuite.net.pghistory import PgHistory
from cardsuite.net.rows import Actor
from cardsuite.storage.ratings import Rating, rate_match

from ..net.gops_duel import play_duel
from ..net.helpers import Clients, running_server
from .records import finished_record

pytestmark = pytest.mark.postgres

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000", "--turn-seconds", "0")


def _rating(history: PgHistory, key: str) -> Rating:
    rating = history.rating("gops", key)
    assert rating is not None, key
    return rating


def test_a_rated_loss_the_cpu_helped_costs_the_identity_and_a_win_it_helped_does_not_count(
        tmp_path: Path, pg_url: str) -> None:
    ann_key, bob_key = new_key(), new_key()
    ann, bob = identity_id(ann_key), identity_id(bob_key)
    history = PgHistory(pg_url)
    steps: list[dict[str, Rating | None]] = []

    async def match(url: str, bob_wins: bool, cpu_rounds: int) -> None:
        async with Clients(url) as new:
            first: Client = await new()
            made = await first.request("create", game="gops", players=2, cpu="random", name="Ann", rated=True,
                                       identity=ann_key)
            second: Client = await new()
            await second.request("join", code=made["code"], name="Bob", identity=bob_key)
            await asyncio.wait_for(play_duel(first, second, bob_wins, cpu_rounds), 120)
        steps.append({key: history.rating("gops", key) for key in (ann, bob, f"shared:{bob}")})

    async def run(url: str) -> None:
        await match(url, bob_wins=True, cpu_rounds=0)  # clean: both rated as before
        await match(url, bob_wins=False, cpu_rounds=2)  # the CPU bid twice for Bob, who loses
        await match(url, bob_wins=True, cpu_rounds=2)  # the CPU bid twice for Bob, who wins

    with running_server(tmp_path, "--store", pg_url, *FAST) as server:
        asyncio.run(run(server.url))
    clean, lost, won = steps
    fresh, shared = Rating(), f"shared:{bob}"
    assert clean[shared] is None and clean[bob] == rate_match([fresh, fresh], [ann, bob], [0, 1])[bob]
    ann_clean, bob_clean = clean[ann], clean[bob]
    assert ann_clean is not None and bob_clean is not None
    apart = rate_match([ann_clean, fresh], [ann, shared], [1, 0])  # the seat, rated apart, as before
    assert lost[ann] == apart[ann] and lost[shared] == apart[shared]
    bob_lost = lost[bob]
    assert bob_lost == rate_match([ann_clean, bob_clean], [ann, bob], [1, 0])[bob]
    assert bob_lost is not None and bob_lost.ordinal < bob_clean.ordinal and bob_lost.matches == 2
    assert won[bob] == bob_lost  # a win the CPU helped is not credited to Bob
    assert {row.player: row.rating.matches for row in history.board("gops")} == {ann: 3, bob: 2}
    history.close()


def test_a_seat_two_identities_played_costs_each_of_them_its_loss_and_credits_neither_its_win(
        pg_url: str) -> None:
    lost = finished_record("20261207-000000-lost", seed=7)  # the first seat loses, 30-53
    won = finished_record("20261207-000000-won1", seed=6)  # the first seat wins, 49-36
    assert replay(lost, get_game).totals == (30, 53) and replay(won, get_game).totals == (49, 36)
    both = group_key([Actor("Ann", "alice-key"), Actor("Cat", "cat-key")])
    keys = RatedKeys([both, "bob-key"], [["alice-key", "cat-key"], ["bob-key"]])
    history = PgHistory(pg_url)
    history.record_finished(won, keys)
    assert history.rating("gops", "alice-key") is None and history.rating("gops", "cat-key") is None
    assert [row.player for row in history.board("gops")] == ["bob-key"]  # a row of 0 matches is not listed
    bob = _rating(history, "bob-key")
    history.record_finished(lost, keys)
    alone = rate_match([Rating(), bob], ["alice-key", "bob-key"], [30, 53])["alice-key"]
    assert _rating(history, "alice-key") == alone == _rating(history, "cat-key")
    assert alone.ordinal < Rating().ordinal and alone.matches == 1
    assert _rating(history, both).matches == 2
    assert {row.player for row in history.board("gops")} == {"alice-key", "bob-key", "cat-key"}
    history.close()
