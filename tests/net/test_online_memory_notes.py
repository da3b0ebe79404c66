"""At a GOPS table played by memory, a connection is sent the memory log, which drops a round's cards once the
next round is revealed: the client's own notes in the log (a drop and the seat coming back) stay between the
events they stood between when they were written. A real server, real clients."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cardsuite.core.registry import get_game
from cardsuite.net.client import Client
from cardsuite.tui.online.remote import RemoteSession, remote_config

from .helpers import Clients, running_server, wait_for

DROPPED = "The connection to the server dropped: reconnecting…"
BACK = "Reconnected: your seat is yours again."


async def _bid_round(ann: Client, bob: Client, revealed: int) -> None:
    """Both seats bid their first card; wait until Bob's table says ``revealed`` rounds were revealed."""
    for client in (ann, bob):
        view = client.view
        assert view is not None and view.legal
        await client.request("act", action=str(view.legal[0]))
    await wait_for(lambda: bob.view is not None and int(bob.view.table["round"]) - 1 == revealed, 20)


def _around(lines: list[str], note: str) -> tuple[str, str | None]:
    """The log line before ``note`` and the one after it (None: the note ends the log)."""
    at = lines.index(note)
    return lines[at - 1], lines[at + 1] if at + 1 < len(lines) else None


def test_a_memory_tables_notes_stay_where_they_were_written_when_a_reveal_drops_earlier_cards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardsuite.net import client as client_module

    monkeypatch.setattr(client_module, "BACKOFF", (0.1, 0.3))

    async def run(url: str) -> tuple[list[str], list[str]]:
        async with Clients(url) as new:
            ann = await new()
            made = await ann.request("create", game="gops", players=2, cpu="random", name="Ann",
                                     options={"memory": True})
            bob = await new()
            joined = await bob.request("join", code=made["code"], name="Bob")
            bob.rejoin = ("resume", {"code": made["code"], "token": joined["token"]})
            await wait_for(lambda: bob.table.get("status") == "playing" and bob.view is not None
                           and ann.view is not None and 0 in ann.view.to_act)
            session = RemoteSession(bob, get_game("gops"), remote_config(bob))
            following = asyncio.ensure_future(session.follow())
            try:
                await _bid_round(ann, bob, 1)
                assert bob.ws is not None
                await bob.ws.close()  # the network drops; the client comes back by itself
                await wait_for(lambda: BACK in session.log_lines(1), 20)
                await wait_for(lambda: ann.view is not None and 0 in ann.view.to_act, 20)
                before = session.log_lines(1)
                await _bid_round(ann, bob, 2)  # round 2's reveal drops round 1's cards from the log
                await wait_for(lambda: len(session.log_lines(1)) != len(before), 20)
                return before, session.log_lines(1)
            finally:
                following.cancel()

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        before, after = asyncio.run(run(server.url))
    assert before[-2:] == [DROPPED, BACK], before  # written after round 2's prize, the last event then
    assert _around(after, DROPPED)[0] == before[-3], after  # still after that prize
    assert after[after.index(DROPPED) + 1] == BACK, after
    assert len(after) > after.index(BACK) + 1, after  # round 2's bids and reveal come after the notes


def test_a_pin_keeps_its_place_among_the_events_when_earlier_ones_are_dropped() -> None:
    """``Client.pin`` and ``place`` on the history as views change it: events dropped, added, sent whole again."""
    client = Client("ws://127.0.0.1:1/game")

    def take(start: int, events: list[dict[str, str]]) -> None:
        client._take_view({"deal": 0, "step": 0, "view": {"history_from": start, "history": events}})

    a, b, c, d, e = ({"kind": kind} for kind in "abcde")
    take(0, [a, b, c])
    end, before_c = client.pin(3), client.pin(2)
    take(1, [c, d])  # b is dropped, d added
    assert (client.place(end), client.place(before_c)) == (2, 1)
    take(0, [a, c, d, e])  # the whole history again: nothing moves
    assert (client.place(end), client.place(before_c), client.place(client.pin(4))) == (2, 1, 4)
