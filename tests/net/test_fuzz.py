"""Protocol fuzzing against a real server process: whatever a client sends, it gets one answer, never a crash.

Hypothesis draws messages of every shape: any JSON value, protocol-shaped objects with fields of the
wrong type or unknown keys, every message type with random values, random action text, deep nesting.
Each one is sent by a client seated at a table (so actions reach the rules) and must be answered by
exactly one ``ok``/``error``/``pong``; afterwards the server still serves, and its log shows no failure.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import aiohttp
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsuite.net.protocol import REQUEST_TYPES

from .helpers import ROOMY, ServerProcess, start_server

KEYS = ["v", "type", "ref", "game", "players", "options", "cpu", "name", "turn_seconds", "seed", "code",
        "watch", "token", "action", "on"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
shaped = st.fixed_dictionaries(
    {"v": st.sampled_from([1, 1, 1, 0, 2, "1", None]), "type": st.sampled_from([*REQUEST_TYPES, "x", "", 5])},
    optional={key: json_values for key in KEYS[2:]},
)
actions = st.builds(
    lambda verb, rest: {"v": 1, "type": "act", "action": f"{verb} {rest}"},
    st.sampled_from(["play", "bid", "pass", "trump", "exchange", "adjutant", "discard", "", "PLAY"]),
    st.text(max_size=20),
)
texts = st.one_of(
    json_values.map(json.dumps),
    shaped.map(json.dumps),
    actions.map(json.dumps),
    st.text(max_size=200),
    st.integers(1, 2000).map(lambda n: "[" * n + "]" * n),  # within the size limit (bigger: test_server)
    st.integers(1, 1000).map(lambda n: '{"v":1,"type":"ping","x":' + "[" * n + "]" * n + "}"),
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    running = start_server(tmp_path_factory.mktemp("fuzz"), "--rate", "100000", "--cpu-delay", "0",
                           "--turn-seconds", "0", *ROOMY)
    yield running
    log = running.log()
    assert "Traceback" not in log and "failed" not in log, f"the fuzzed server logged a failure: {log[-3000:]}"


async def _answers(url: str, sent: list[str]) -> list[dict[str, object]]:
    """Seat a client at a new table, send every text, then a ping; the answers (ok, error, pong) in order."""
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
        await ws.receive_json()
        await ws.send_json({"v": 1, "type": "create", "game": "nap", "players": 3, "seed": 1, "name": "F"})
        await ws.send_json({"v": 1, "type": "start"})
        for text in sent:
            await ws.send_str(text)
        await ws.send_json({"v": 1, "type": "ping", "ref": 999999})
        answers: list[dict[str, object]] = []
        while True:
            frame = await asyncio.wait_for(ws.receive(), 10)
            assert frame.type == aiohttp.WSMsgType.TEXT, f"the server closed the connection: {frame}"
            data = json.loads(frame.data)
            if data["type"] in ("ok", "error", "pong"):
                answers.append(data)
            if data["type"] == "pong" and data.get("ref") == 999999:
                return answers


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(texts, min_size=1, max_size=25))
def test_every_message_gets_one_answer_and_the_server_lives(server: ServerProcess, sent: list[str]) -> None:
    answers = asyncio.run(_answers(server.url, sent))
    # create and start, each text, the final ping: one answer each
    assert len(answers) == len(sent) + 3
    for answer in answers:
        assert answer["type"] in ("ok", "error", "pong")
        if answer["type"] == "error":
            assert isinstance(answer["message"], str) and "\n" not in answer["message"]
            assert answer["code"] != "server", f"an internal failure: {answer}"
    assert server.process.poll() is None

