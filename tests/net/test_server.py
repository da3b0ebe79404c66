"""The server as people meet it, with real processes on loopback: seats, refusals, tokens, the grace period,
the turn timer, watchers, hostile frames, and a kill -9 in the middle of a match."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from cardsuite.net.client import Client, ClientError, server_url
from cardsuite.net.protocol import clean_name, parse_request, token_digest, token_matches
from cardsuite.net.store import TableStore
from cardsuite.storage.history import History

from .helpers import Clients, RecordingClient, play_randomly, running_server, start_server, wait_for

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000")


async def _host(new: Clients, **options: object) -> tuple[Client, dict[str, object]]:
    host = await new(RecordingClient)
    made = await host.request("create", game="nap", players=3, cpu="random", name="Ann",
                              options={"deals_per_player": 1}, **options)
    return host, made


def test_seats_refusals_and_the_host(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host, made = await _host(new)
            assert made["seat"] == 0 and len(str(made["token"])) == 32
            bob = await new()
            with pytest.raises(ClientError) as taken:
                await bob.request("join", code=made["code"], name="ann")
            assert taken.value.code == "name_taken"
            joined = await bob.request("join", code=str(made["code"]).lower(), name="Bob")
            assert joined["seat"] == 1
            with pytest.raises(ClientError) as not_host:
                await bob.request("start")
            assert not_host.value.code == "not_host"
            with pytest.raises(ClientError) as early:
                await host.request("act", action="pass")
            assert early.value.code == "state"
            await host.request("start")
            await wait_for(lambda: host.view is not None and bob.view is not None)
            waiting = next(c for c in (host, bob) if c.view and c.view.seat in c.view.to_act) \
                if any(c.view and c.view.seat in c.view.to_act for c in (host, bob)) else None
            other = bob if waiting is host else host
            # an action out of turn is refused in one line and changes nothing
            before = (other.deal, other.step)
            with pytest.raises(ClientError) as refused:
                await other.request("act", action="pass")
            assert refused.value.code == "illegal" and "\n" not in refused.value.message
            with pytest.raises(ClientError) as garbage:
                await other.request("act", action="play the fool")
            assert garbage.value.code == "illegal"
            await asyncio.sleep(0.1)
            assert (other.deal, other.step) == before or waiting is None
            with pytest.raises(ClientError) as no_table:
                await (await new()).request("join", code="ZZZZZZ", name="Cy")
            assert no_table.value.code == "no_table"
            third = await new()
            await third.request("join", code=made["code"], name="Cy")
            with pytest.raises(ClientError) as full:
                await (await new()).request("join", code=made["code"], name="Di")
            assert full.value.code == "full"

    with running_server(tmp_path, *FAST, "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_hostile_frames_are_answered_or_closed_and_the_server_stays(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url), aiohttp.ClientSession() as session:
            async with session.ws_connect(url) as ws:
                await ws.receive_json()
                await ws.send_bytes(b"\x00\x01")
                assert (await ws.receive_json())["code"] == "bad_message"
                await ws.send_str("not json")
                assert (await ws.receive_json())["code"] == "bad_json"
                await ws.send_str(json.dumps({"v": 9, "type": "ping"}))
                assert (await ws.receive_json())["code"] == "version"
                await ws.send_str(json.dumps({"v": 1, "type": "resume", "code": "ABCDEF", "token": "00" * 16}))
                assert (await ws.receive_json())["code"] == "no_table"
                # more than the rate allows: refused, not served
                for _ in range(60):
                    await ws.send_str(json.dumps({"v": 1, "type": "ping"}))
                codes = [(await ws.receive_json()).get("code") for _ in range(60)]
                assert "rate" in codes
            async with session.ws_connect(url) as ws:  # a frame over the size limit closes that connection
                await ws.receive_json()
                await ws.send_str(json.dumps({"v": 1, "type": "ping", "pad": "x" * 10000}))
                frame = await ws.receive()
                assert frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                assert ws.close_code == 1009
            async with session.get(url.replace("ws://", "http://").replace("/game", "/status")) as page:
                assert (await page.json())["tables"] == 0

    with running_server(tmp_path) as server:
        asyncio.run(run(server.url))
        assert server.process.poll() is None


def test_a_message_of_exactly_the_advertised_size_is_taken_and_one_byte_more_closes(tmp_path: Path) -> None:
    async def exchange(url: str, size: int) -> tuple[object, int | None]:
        base = '{"v":1,"type":"ping","ref":1}'
        text = base[:-1] + " " * (size - len(base)) + "}"
        assert len(text.encode()) == size
        async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
            hello = await ws.receive_json()
            assert hello["limits"]["message_bytes"] == 4096
            await ws.send_str(text)
            frame = await ws.receive()
            return (json.loads(frame.data)["type"] if frame.type == aiohttp.WSMsgType.TEXT else frame.type), \
                ws.close_code

    with running_server(tmp_path) as server:
        assert asyncio.run(exchange(server.url, 4096)) == ("pong", None)
        kind, code = asyncio.run(exchange(server.url, 4097))
        assert kind in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED) and code == 1009


def test_every_refusal_of_a_message_with_a_ref_repeats_it(tmp_path: Path) -> None:
    refused = [{"type": "join", "code": "ABCDEF", "name": "   "}, {"type": "join", "code": "ABCDEF", "name": "x" * 300},
               {"type": "create", "game": "nap", "players": 99}, {"type": "act", "action": "play\u0007KH"},
               {"type": "create", "game": "nap", "bogus": 1}, {"type": "resume", "code": "ABCDEF", "token": "zz"},
               {"type": "join", "code": "nope"}, {"type": "nope"}, {"v": 2, "type": "ping"}]

    async def run(url: str) -> None:
        async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
            await ws.receive_json()
            for ref, body in enumerate(refused, start=100):
                await ws.send_str(json.dumps({"v": 1, "ref": ref, **body}))
                answer = await ws.receive_json()
                assert answer["type"] == "error" and answer.get("ref") == ref, (body, answer)

    with running_server(tmp_path) as server:
        asyncio.run(run(server.url))


def test_host_refuses_a_name_without_letters_before_reaching_the_server(tmp_path: Path) -> None:
    env = {**os.environ, "CARDSUITE_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "cardsuite", "host", "gops", "--server", "127.0.0.1:9",
                           "--name", "   "], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 1 and "letter or digit" in done.stderr and done.stderr.count("\n") == 1, done


def test_a_dropped_seat_goes_to_the_cpu_after_the_grace_and_comes_back_with_its_token(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host, made = await _host(new)
            bob = await new()
            joined = await bob.request("join", code=made["code"], name="Bob")
            await host.request("start")
            await bob.close()  # Bob's connection drops; after the grace period the CPU plays his seat
            await wait_for(lambda: host.table["seats"][1]["cpu"] and not host.table["seats"][1]["connected"])
            back = await new()
            with pytest.raises(ClientError) as wrong:
                await back.request("resume", code=made["code"], token="f" * 32)
            assert wrong.value.code == "bad_token"
            resumed = await back.request("resume", code=made["code"], token=joined["token"])
            assert resumed["seat"] == 1
            await wait_for(lambda: host.table["seats"][1]["connected"] and not host.table["seats"][1]["cpu"])
            await wait_for(lambda: back.view is not None and back.view.seat == 1)
            # the match runs on to its end with Ann, Bob and the CPU
            rng = random.Random(2)
            await asyncio.wait_for(asyncio.gather(play_randomly(host, rng), play_randomly(back, rng)), 60)
            assert host.table["history_id"] is not None

    with running_server(tmp_path, *FAST, "--grace-seconds", "0.3", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))
    history = History(tmp_path / "history.sqlite3")
    save = history.record(history.matches("nap")[0].id)["save"]
    assert isinstance(save, dict) and save["cpu"][0] == 0
    bob = "Bob (with the CPU)" if save["cpu"][1] else "Bob"  # the CPU's moves while he was away count as such
    assert {"Ann", bob} <= set(history.ratings("nap")["nap"])


def test_the_turn_timer_gives_one_turn_to_the_cpu_and_the_seat_stays(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host, _made = await _host(new, turn_seconds=1)
            await host.request("start")
            await wait_for(lambda: host.view is not None and host.view.seat in host.view.to_act)
            assert "0" in host.timers and 0 < host.timers["0"] <= 1
            step = (host.deal, host.step)
            await wait_for(lambda: (host.deal, host.step) != step, 10)  # nobody acted for seat 0: the CPU did
            assert host.table["seats"][0]["cpu"] is False
            timed_out = [line for line in host.view.history if line.seat == 0] if host.deal == step[0] else [1]
            assert timed_out

    with running_server(tmp_path, *FAST, "--turn-seconds", "30") as server:
        asyncio.run(run(server.url))


def test_a_watcher_sees_the_public_view_and_cannot_act(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host, made = await _host(new)
            watcher = await new(RecordingClient)
            assert (await watcher.request("join", code=made["code"], watch=True))["seat"] is None
            await host.request("start")
            await wait_for(lambda: watcher.view is not None)
            assert watcher.view is not None and watcher.view.hand == () and watcher.view.legal == ()
            with pytest.raises(ClientError) as refused:
                await watcher.request("act", action="pass")
            assert refused.value.code == "not_seated"

    with running_server(tmp_path, *FAST, "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_kill_9_in_the_middle_resumes_every_table_and_loses_no_confirmed_action(tmp_path: Path) -> None:
    """Two tables play; the server is killed; a new server on the same folder resumes both exactly."""

    async def first(url: str) -> list[tuple[str, str, int, int, dict[str, object]]]:
        async with Clients(url) as new:
            out = []
            for seed in (1, 2):
                host = await new()
                made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
                guest = await new()
                joined = await guest.request("join", code=made["code"], name="Bob")
                rng = random.Random(seed)
                await asyncio.gather(*(play_randomly(c, rng, until_step=6) for c in (host, guest)))
                await asyncio.sleep(0.2)
                out.append((str(made["code"]), str(made["token"]), host.deal, host.step, {"guest": joined["token"]}))
            return out

    async def second(url: str, tables: list[tuple[str, str, int, int, dict[str, object]]]) -> None:
        async with Clients(url) as new:
            for code, token, deal, step, extra in tables:
                host = await new()
                assert (await host.request("resume", code=code, token=token))["seat"] == 0
                guest = await new()
                await guest.request("resume", code=code, token=str(extra["guest"]))
                await wait_for(lambda h=host: h.view is not None)
                assert (host.deal, host.step) >= (deal, step)
                rng = random.Random(9)
                await asyncio.wait_for(asyncio.gather(play_randomly(host, rng), play_randomly(guest, rng)), 60)
                assert host.table["history_id"] is not None

    server = start_server(tmp_path, *FAST, "--turn-seconds", "0")
    try:
        tables = asyncio.run(first(server.url))
    finally:
        server.kill()
    store = TableStore(tmp_path / "tables.sqlite3")
    stored = {row.code: sum(len(d) for d in row.deals) for row in store.open_tables()}
    store.close()
    assert all(stored[code] >= step for code, _, _, step, _ in tables)
    with running_server(tmp_path, *FAST, "--turn-seconds", "0") as again:
        asyncio.run(second(again.url, tables))
    assert len(History(tmp_path / "history.sqlite3").matches("gops")) == 2


def test_protocol_values() -> None:
    assert clean_name("  [bold]Ann\x1b[31m  ") == "boldAnn31m"
    assert clean_name("Zoë  Ó'Brien") == "Zoë Ó'Brien"
    token = "ab" * 16
    assert token_matches(token, token_digest(token)) and not token_matches("cd" * 16, token_digest(token))
    assert parse_request('{"v":1,"type":"act","action":"play KH","ref":3}').fields == {"action": "play KH"}
    assert server_url("example.org") == "ws://example.org:8765/game"
    assert server_url("10.0.0.2:9000") == "ws://10.0.0.2:9000/game"
    assert server_url("https://cards.example.org") == "wss://cards.example.org/game"


def test_the_commands_fail_in_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "CARDSUITE_HOME": str(tmp_path)}
    for args, words in ((["join", "127.0.0.1:9", "ABCDEF"], "opens only at a terminal"),
                        (["join", "127.0.0.1:9", "not a code"], "join code"),
                        (["serve", "--port", "70000"], "--port")):
        done = subprocess.run([sys.executable, "-m", "cardsuite", *args], capture_output=True, text=True, env=env,
                              timeout=60)
        assert done.returncode == 1, done
        assert words in done.stderr and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_restarted_server_says_how_many_tables_it_resumed(tmp_path: Path) -> None:
    """The operator reads in the log what a restart took back: the unfinished tables, one line."""

    async def make_one(url: str) -> None:
        async with Clients(url) as new:
            await _host(new)

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(make_one(server.url))
    again = start_server(tmp_path, *FAST)
    log = again.log()
    assert "INFO cardsuite.serve: resumed 1 unfinished table from the store" in log, log
    assert "Traceback" not in log
