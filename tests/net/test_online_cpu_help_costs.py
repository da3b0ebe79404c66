"""The server's CPU's help can only cost a person, with a real server process on loopback (its SQLite history):
a seat the CPU made some actions in is rated apart (``Bob (with the CPU)``), and its loss still lowers its
person's own rating, as though they had played it alone; its win leaves their rating as it was. The opponents
are rated as before, against the seat as it is rated."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cardsuite.storage.history import History
from cardsuite.storage.ratings import Rating, rate_match

from .gops_duel import play_duel
from .helpers import Clients, running_server

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000", "--turn-seconds", "0")


def _ratings(data: Path) -> dict[str, Rating]:
    return History(data / "history.sqlite3").ratings("gops").get("gops", {})


def test_a_loss_the_cpu_helped_costs_its_person_and_a_win_it_helped_is_not_theirs(tmp_path: Path) -> None:
    steps: list[dict[str, Rating]] = []

    async def match(url: str, bob_wins: bool, cpu_rounds: int) -> None:
        async with Clients(url) as new:
            ann = await new()
            made = await ann.request("create", game="gops", players=2, cpu="random", name="Ann")
            bob = await new()
            await bob.request("join", code=made["code"], name="Bob")
            await asyncio.wait_for(play_duel(ann, bob, bob_wins, cpu_rounds), 120)
        steps.append(_ratings(tmp_path))

    async def run(url: str) -> None:
        await match(url, bob_wins=True, cpu_rounds=0)  # clean: both rated as before
        await match(url, bob_wins=False, cpu_rounds=2)  # the CPU bid twice for Bob, who loses
        await match(url, bob_wins=True, cpu_rounds=2)  # the CPU bid twice for Bob, who wins

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url))
    clean, lost, won = steps
    fresh = Rating()
    assert set(clean) == {"Ann", "Bob"}
    assert clean["Bob"] == rate_match([fresh, fresh], ["Ann", "Bob"], [0, 1])["Bob"]
    assert clean["Ann"] == rate_match([fresh, fresh], ["Ann", "Bob"], [0, 1])["Ann"]

    helped = "Bob (with the CPU)"
    assert set(lost) == {"Ann", "Bob", helped}
    apart = rate_match([clean["Ann"], fresh], ["Ann", "Bob"], [1, 0])  # the seat, rated apart, as before
    assert lost["Ann"] == apart["Ann"] and lost[helped] == apart["Bob"]
    assert lost["Bob"] == rate_match([clean["Ann"], clean["Bob"]], ["Ann", "Bob"], [1, 0])["Bob"]
    assert lost["Bob"].ordinal < clean["Bob"].ordinal and lost["Bob"].matches == 2

    assert won["Bob"] == lost["Bob"]  # a win the CPU helped is not credited to Bob
    assert won[helped] == rate_match([lost["Ann"], lost[helped]], ["Ann", "Bob"], [0, 1])["Bob"]
    assert won["Ann"] == rate_match([lost["Ann"], lost[helped]], ["Ann", "Bob"], [0, 1])["Ann"]
