"""Refusals that say what happened, and refusals that change nothing, against a real server on loopback.

A create refused for what it asked (no such game, players, option, CPU level, ``rated`` without a shared
store) costs the address none of its hourly creates, while a flood of such creates still meets the message
rate; a protocol version is the whole number 1 (not ``true``, not ``1.0``); a join code's refusal names its
alphabet; a message nested too deeply says so; a watcher's refusals speak to a watcher, and ``leave`` ends
watching.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from cardsuite.net.client import ClientError

from .helpers import Clients, running_server

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000", "--turn-seconds", "0")


async def _answers(url: str, frames: list[str], count: int | None = None) -> list[dict[str, Any]]:
    """Send ``frames`` on one connection and read the answers (``count`` of them, else one a frame)."""
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
        hello = json.loads((await ws.receive(timeout=10)).data)
        assert hello["type"] == "hello"
        for frame in frames:
            await ws.send_str(frame)
        out = []
        for _ in range(len(frames) if count is None else count):
            got = await ws.receive(timeout=10)
            if got.type != aiohttp.WSMsgType.TEXT:
                break
            out.append(json.loads(got.data))
        return out


def test_a_refused_create_costs_no_create_of_the_hour(tmp_path: Path) -> None:
    """With three creates an hour: five creates refused for what they ask, then three tables made; the fourth
    is the one refused for the allowance."""

    async def run(url: str) -> list[str]:
        bad: list[dict[str, Any]] = [
            {"game": "napp", "players": 3}, {"game": "nap", "players": 2}, {"game": "nap", "cpu": "ultra"},
            {"game": "nap", "options": {"no_such_option": 1}}, {"game": "gops", "rated": True},
        ]
        said = []
        async with Clients(url) as new:
            for fields in bad:
                with pytest.raises(ClientError) as refused:
                    await (await new()).request("create", name="Ann", **fields)
                said.append(refused.value.code)
            for _ in range(3):
                made = await (await new()).request("create", game="gops", players=2, name="Ann")
                assert len(made["code"]) == 6
            with pytest.raises(ClientError) as limit:
                await (await new()).request("create", game="gops", players=2, name="Ann")
            said.append(limit.value.code)
        return said

    with running_server(tmp_path, *FAST, "--creates-per-hour", "3") as server:
        said = asyncio.run(run(server.url))
    assert said == ["bad_table"] * 4 + ["bad_table", "limit"], said


def test_a_flood_of_refused_creates_meets_the_message_rate(tmp_path: Path) -> None:
    """Refused creates cost no allowance, so the message rate is what bounds them: 100 at once from one
    connection are answered ``rate`` beyond the burst."""
    frame = json.dumps({"v": 1, "type": "create", "game": "napp", "name": "Ann"})
    with running_server(tmp_path, "--cpu-delay", "0") as server:
        answers = asyncio.run(_answers(server.url, [frame] * 100))
    codes = [a.get("code") for a in answers]
    assert set(codes) == {"bad_table", "rate"}, codes
    assert codes.count("bad_table") <= 70, codes


def test_a_version_is_the_whole_number_1(tmp_path: Path) -> None:
    """``"v": true`` and ``"v": 1.0`` are refused as ``version`` like ``"v": 2``; ``"v": 1`` is answered."""
    frames = [json.dumps({"v": v, "type": "ping", "ref": n}) for n, v in enumerate([True, 1.0, 2, "1", 1])]
    with running_server(tmp_path, *FAST) as server:
        answers = asyncio.run(_answers(server.url, frames))
    assert [a.get("code") for a in answers[:4]] == ["version"] * 4, answers
    assert answers[4]["type"] == "pong" and answers[4]["ref"] == 4, answers


def test_a_join_code_refusal_names_the_alphabet_and_lower_case_is_read_as_upper(tmp_path: Path) -> None:
    """A code with 0, O, 1 or I is refused with the line that says a code has none of them; a code typed in
    lower case finds its table."""

    async def run(url: str) -> tuple[list[str], int]:
        async with Clients(url) as new:
            made = await (await new()).request("create", game="gops", players=2, name="Ann")
            lines = []
            for code in ("K7P2Q0", "K7P2QO", "K7P2Q1", "K7P2QI"):
                with pytest.raises(ClientError) as refused:
                    await (await new()).request("join", code=code, name="Bob")
                lines.append(refused.value.message)
            joined = await (await new()).request("join", code=made["code"].lower(), name="Bob")
            return lines, int(joined["seat"])

    with running_server(tmp_path, *FAST) as server:
        lines, seat = asyncio.run(run(server.url))
    assert set(lines) == {"that is not a join code: a code is six of the letters A-Z and digits 2-9, "
                          "without I or O"}, lines
    assert seat == 1


def test_a_message_nested_too_deeply_says_so(tmp_path: Path) -> None:
    """A JSON object under the size limit but deeper than the parser goes is not called "not a JSON object"."""
    deep = '{"v":1,"type":"ping","ref":1,"x":' + "[" * 1900 + "]" * 1900 + "}"
    assert len(deep) < 4096
    with running_server(tmp_path, *FAST) as server:
        answers = asyncio.run(_answers(server.url, [deep, "[1]"]))
    assert answers[0]["code"] == "bad_json", answers
    assert answers[0]["message"] == "the message is nested too deeply to read", answers
    assert answers[1]["message"] == "not a JSON object", answers


def test_a_cpu_name_refusal_gives_its_example_as_an_example(tmp_path: Path) -> None:
    """``cpu 1`` is refused with a line whose "CPU 2" reads as an example, not as the name sent."""

    async def run(url: str) -> str:
        async with Clients(url) as new:
            with pytest.raises(ClientError) as refused:
                await (await new()).request("create", game="gops", players=2, name="cpu 1")
            return refused.value.message

    with running_server(tmp_path, *FAST) as server:
        line = asyncio.run(run(server.url))
    assert line == "a name may not read like the label of a CPU seat (for example, CPU 2): choose another"


def test_a_watcher_is_told_it_watches_and_leave_ends_watching(tmp_path: Path) -> None:
    """A watcher's ``act``, ``ready``, ``cpu``, ``rematch`` and ``start`` get the watcher's own line; its
    ``leave`` ends watching, and the same connection may then sit down."""

    async def run(url: str) -> tuple[list[tuple[str, str]], int]:
        async with Clients(url) as new:
            made = await (await new()).request("create", game="gops", players=3, name="Ann")
            watcher = await new()
            await watcher.request("join", code=made["code"], watch=True)
            said = []
            for kind, fields in (("act", {"action": "bid A"}), ("ready", {}), ("cpu", {"on": True}),
                                 ("rematch", {}), ("start", {})):
                with pytest.raises(ClientError) as refused:
                    await watcher.request(kind, **fields)
                said.append((refused.value.code, refused.value.message))
            await watcher.request("leave")
            with pytest.raises(ClientError) as after:
                await watcher.request("ready")
            said.append((after.value.code, after.value.message))
            seated = await watcher.request("join", code=made["code"], name="Bob")
            return said, int(seated["seat"])

    with running_server(tmp_path, *FAST) as server:
        said, seat = asyncio.run(run(server.url))
    watcher_line = ("not_seated", "a watcher only watches: leave, then join with a name to sit down")
    assert said[:5] == [watcher_line] * 5, said
    assert said[5] == ("not_seated", "sit at a table first (create, join or resume)"), said
    assert seat == 1
