"""GOPS's play by memory at an online table: no connection is sent a card of a round before the latest revealed
one, in any message (views as play goes on, a ``sync``, a watcher who comes late, a seat resumed on a new
connection), while the same table without memory sends the whole list; and ``join``'s table shows a memory
table from what it is sent. A real server, real clients."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from cardsuite.core.game import View
from cardsuite.core.registry import get_game
from cardsuite.games.gops.faces import FACE_NAMES, SEAT_SUITS, card_of
from cardsuite.tui.online.app import OnlineApp
from cardsuite.tui.online.seating import Seating
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.widgets.panels import EventLog

from .helpers import Clients, RecordingClient, play_randomly, running_server, wait_for

ROUNDS = 5
"""Rounds the two people play (a third seat is the server's CPU, so its moves are marked too)."""

Bid = tuple[int, int, int]
"""A revealed bid: its round (from 0), the seat and the face."""


def _revealed(view: dict[str, Any]) -> int:
    """How many rounds a ``view`` message's table says were revealed."""
    return int(view["table"]["round"]) - 1 if not view["is_over"] else 13


def _names(text: str, bid: Bid) -> bool:
    """Whether a message's text names the card of ``bid``: in the log's words or as a card reference."""
    _, seat, face = bid
    card = card_of(face, SEAT_SUITS[seat])
    return any(words in text for words in (f"seat {seat} played the {FACE_NAMES[face]}\"",
                                           f"seat {seat} chose the {FACE_NAMES[face]}\"",
                                           f"{{\"card\":{card}}}"))


def _earlier(bids: list[Bid], data: dict[str, Any]) -> list[Bid]:
    """The bids of rounds before the latest revealed one, when ``data`` (a ``view`` message) was sent."""
    latest = _revealed(data["view"]) - 1
    return [b for b in bids if b[0] < latest]


async def _play(url: str, memory: bool) -> tuple[list[Bid], list[tuple[str, dict[str, Any]]], View, View]:
    """Ann and Bob play ``ROUNDS`` rounds of a 3-seat GOPS table (the CPU plays the third), Bob syncs, a watcher
    comes, Ann resumes on a new connection; every view message any of them was sent, and the bids revealed."""
    async with Clients(url) as new:
        ann: RecordingClient = await new(RecordingClient)
        made = await ann.request("create", game="gops", players=3, cpu="random", name="Ann",
                                 options={"memory": memory})
        bob: RecordingClient = await new(RecordingClient)
        await bob.request("join", code=made["code"], name="Bob")
        await ann.request("start")
        bids: list[Bid] = []
        for number in range(ROUNDS):
            for seat, client in ((0, ann), (1, bob)):
                await wait_for(lambda c=client, s=seat: c.view is not None and s in c.view.to_act)
                assert client.view is not None
                await client.send("act", action=str(client.view.legal[number % len(client.view.legal)]))
            await wait_for(lambda n=number: ann.view is not None and bob.view is not None  # the CPU has bid again
                           and ann.view.table["round"] == n + 2 == bob.view.table["round"]
                           and 2 not in ann.view.to_act and 2 not in bob.view.to_act)
            assert bob.view is not None
            reveals = [e for e in bob.view.history if e.kind == "reveal"][-3:]
            bids += [(number, int(e.seat), int(str(dict(e.data)["face"]))) for e in reveals if e.seat is not None]
        held, marks, count = bob.view, bob.by_cpu, len(bob.views)
        assert held is not None
        await bob.request("sync")
        await wait_for(lambda: len(bob.views) > count)
        assert (bob.view, bob.by_cpu) == (held, marks)  # the pieces sent as play went on add up to the whole
        assert marks, "the CPU's bids are marked"
        watcher: RecordingClient = await new(RecordingClient)
        await watcher.request("join", code=made["code"], watch=True)
        again: RecordingClient = await new(RecordingClient)
        await again.request("resume", code=made["code"], token=made["token"])
        await wait_for(lambda: watcher.view is not None and again.view is not None)
        assert again.view is not None
        everyone = (("Ann", ann), ("Bob", bob), ("watcher", watcher), ("Ann again", again))
        sent = [(name, data) for name, client in everyone for *_, data in client.views]
        return bids, sent, held, again.view


def test_a_memory_table_sends_no_card_of_an_earlier_round_to_anyone(tmp_path: Path) -> None:
    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0", "--rate", "1000") as server:
        bids, sent, bob, ann = asyncio.run(_play(server.url, True))
    assert len(bids) == 3 * ROUNDS
    for who, data in sent:
        text = json.dumps(data, separators=(",", ":"))
        assert not {"played", "remaining", "history"} & set(data["view"]["table"]), who
        assert not [b for b in _earlier(bids, data) if _names(text, b)], (who, data["view"]["history"])
    assert all(key in bob.table for key in ("points", "taken", "prize", "round"))  # what the table shows stays
    assert [e.kind for e in bob.history].count("reveal") == 3 and ann.seat == 0


def test_the_same_table_without_memory_sends_every_earlier_card(tmp_path: Path) -> None:
    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0", "--rate", "1000") as server:
        bids, sent, bob, _ = asyncio.run(_play(server.url, False))
    whole = [(who, data) for who, data in sent
             if _revealed(data["view"]) == ROUNDS and not data["view"]["history_from"]]
    assert {who for who, _ in whole} == {"Bob", "watcher", "Ann again"}  # the sync, the late watcher, the resume
    for who, data in whole:
        text = json.dumps(data, separators=(",", ":"))
        assert "played" in data["view"]["table"], who
        assert len(_earlier(bids, data)) == 3 * (ROUNDS - 1) and all(_names(text, b) for b in _earlier(bids, data))
    assert [e.kind for e in bob.history].count("reveal") == 3 * ROUNDS


def _shown(view: View) -> list[str]:
    """The table's lines for ``view`` (the presentation hooks, run as the table screen runs them), in English."""
    game = get_game("gops")
    lines = [*(game.table_lines(view) or ()), *(game.seat_note(view, s) for s in range(view.players))]
    return [str(line.text) for line in lines if line is not None]


def test_join_shows_a_memory_table_from_what_it_is_sent(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann",
                                      options={"memory": True})
            app = OnlineApp(Seating(url, code=str(made["code"]), name="Bob"))
            async with app.run_test(size=(120, 40)) as pilot:
                await wait_for(lambda: isinstance(app.screen, TableScreen), 20)
                assert app.session is not None
                opponent = asyncio.ensure_future(play_randomly(host, random.Random(1)))
                client, screen = app.session.client, app.screen
                played: list[int] = []
                for number in range(4):
                    await wait_for(lambda: client.view is not None and 1 in client.view.to_act, 20)
                    view = client.view
                    assert view is not None and not {"played", "remaining", "history"} & set(view.table)
                    assert "{seat} holds {cards}" not in _shown(view) and "prizes to come {cards}" not in _shown(view)
                    outcome = get_game("gops").outcome(view)  # the round just revealed, by its number
                    assert (outcome.number if outcome is not None else 0) == number
                    await pilot.pause(0.3)
                    played.append(sum(" played " in line for line in screen.query_one(EventLog).shown))
                    step = client.step
                    await pilot.press("enter")
                    await wait_for(lambda s=step: client.step != s, 20)
                opponent.cancel()
                assert played[0] == 0 and played[1:] == [2, 2, 2], played  # one round's cards, never a list

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0", "--rate", "1000") as server:
        asyncio.run(run(server.url))
