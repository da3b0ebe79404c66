"""A server's refusals reach a player in the player's language: the server sends each refusal's words beside
its English line, the client shows them translated, and words a server makes up fall back to the English."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from cardsuite.i18n import ENGLISH, LANGUAGES, translations, use_language
from cardsuite.net import refusals
from cardsuite.net.client import Client, ClientError, refusal_line
from cardsuite.net.protocol import ProtocolError, error_message, parse_request
from cardsuite.net.refusals import REFUSALS

from .helpers import Clients, RecordingClient, running_server

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000")
FULL_JA = "このテーブルの席はすべて埋まっています：観戦するには --watch を付けて参加してください"
TAKEN_JA = "Ann という名前の人がすでにこのテーブルに座っています"
NO_TABLE_JA = "このサーバーにテーブル ZZZZZZ はありません（終わったのかもしれません）"
FULL_EN = "every seat at this table is taken: join with --watch to watch"
TAKEN_EN = "someone called Ann already sits at this table"
NO_TABLE_EN = "no table ZZZZZZ at this server (it may have ended)"


async def _refusals(new: Clients) -> tuple[list[str], list[dict[str, Any]]]:
    """A full table refusing a name taken, a missing table and one more seat: the lines a client shows, and
    the errors as they came over the wire."""
    host = await new()
    made = await host.request("create", game="nap", players=3, cpu="random", name="Ann",
                              options={"deals_per_player": 1})
    await (await new()).request("join", code=made["code"], name="Bob")
    late: RecordingClient = await new(RecordingClient)
    lines = []
    for fields in ({"code": made["code"], "name": "ann"}, {"code": "ZZZZZZ", "name": "Cy"}):
        with pytest.raises(ClientError) as refused:
            await late.request("join", **fields)
        lines.append(refused.value.message)
    await late.request("join", code=made["code"], name="Cy")
    with pytest.raises(ClientError) as full:
        await (await new()).request("join", code=made["code"], name="Di")
    lines.append(full.value.message)
    assert late.log is not None
    return lines, [m for m in late.log if m["type"] == "error"]


def test_a_japanese_client_reads_the_servers_refusals_in_japanese_and_the_wire_stays_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8")  # the server speaks Japanese; its wire words stay English

    async def run(url: str) -> None:
        use_language("ja")
        async with Clients(url) as new:
            lines, wire = await _refusals(new)
        assert lines == [TAKEN_JA, NO_TABLE_JA, FULL_JA]
        assert [(e["code"], e["message"]) for e in wire] == [("name_taken", TAKEN_EN), ("no_table", NO_TABLE_EN)]
        assert wire[0]["words"] == {"key": refusals.NAME_TAKEN, "params": {"name": "Ann"}}
        assert wire[1]["words"] == {"key": refusals.NO_TABLE, "params": {"code": "ZZZZZZ"}}
        use_language(ENGLISH)
        async with Clients(url) as new:
            lines, _ = await _refusals(new)
        assert lines == [TAKEN_EN, NO_TABLE_EN, FULL_EN]

    with running_server(tmp_path, *FAST, "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_a_refusals_english_line_does_not_follow_the_servers_language() -> None:
    use_language("ja")
    with pytest.raises(ProtocolError) as refused:
        parse_request(json.dumps({"v": 1, "type": "join", "code": "K7P2QX", "name": 5}))
    assert refused.value.message == "name must be text" and refused.value.ref is None
    sent = json.loads(error_message(refused.value.code, refused.value.said(), 4))
    assert sent["message"] == "name must be text" and sent["ref"] == 4
    assert sent["words"] == {"key": refusals.NOT_TEXT, "params": {"name": "name"}}
    assert refusal_line(sent) == translations("ja").gettext(refusals.NOT_TEXT).format(name="name") != sent["message"]


def test_words_a_client_would_not_take_are_not_sent() -> None:
    extra = {"v": 1, "type": "ping", **{f"field{i}": 1 for i in range(40)}}  # the list of fields is too long
    with pytest.raises(ProtocolError) as refused:
        parse_request(json.dumps(extra))
    sent = json.loads(error_message(refused.value.code, refused.value.said()))
    assert "words" not in sent and sent["message"].startswith("ping does not take field0, field1")


# -- a server that makes words up ----------------------------------------------------------------------
ENGLISH_LINE = "the English line"
HOSTILE_WORDS: list[object] = [
    {"key": "{0.__class__}", "params": {}},
    {"key": "{name.__class__.__mro__}", "params": {"name": "x"}},
    {"key": "not one of ours", "params": {}},
    {"key": refusals.NAME_TAKEN, "params": {}},
    {"key": refusals.NAME_TAKEN, "params": {"name": "Ann", "extra": "x"}},
    {"key": refusals.NAME_TAKEN, "params": {"who": "Ann"}},
    {"key": refusals.NAME_TAKEN, "params": {"name": "A" * 10_000}},
    {"key": refusals.NAME_TAKEN, "params": {"name": ["Ann"]}},
    {"key": refusals.NAME_TAKEN, "params": {"name": {"seat": 1}}},
    {"key": refusals.NAME_TAKEN, "params": {"name": None}},
    {"key": refusals.NAME_TAKEN, "params": {"name": True}},
    {"key": refusals.NAME_TAKEN, "params": {"name": 1.5}},
    {"key": refusals.NAME_TAKEN, "params": {"name": 10**100}},
    {"key": refusals.NAME_TAKEN, "params": {"name": "Bob\x1b[2J"}},
    {"key": refusals.NAME_TAKEN, "params": ["name", "Ann"]},
    {"key": refusals.FULL, "params": {}, "plural": "x"},
    {"key": 5, "params": {}},
    {"key": ["x"]},
    "every seat at this table is taken: join with --watch to watch",
    [refusals.FULL, {}],
    None,
    7,
]


async def _hostile_server(answers: list[dict[str, Any]]) -> tuple[web.AppRunner, str]:
    """A server that greets like cardsuite's and answers each request with the next of ``answers``."""

    async def game(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_str(json.dumps({"v": 1, "type": "hello", "protocol": 1}))
        async for frame in ws:
            ref = json.loads(frame.data)["ref"]
            await ws.send_str(json.dumps({"v": 1, "type": "error", "ref": ref, **answers.pop(0)}))
        return ws

    app = web.Application()
    app.router.add_get("/game", game)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    return runner, f"ws://127.0.0.1:{port}/game"


def test_words_a_server_makes_up_fall_back_to_its_english_line_and_names_stay_plain_text() -> None:
    use_language("ja")
    plain = ["[@click=app.quit]Ann", "{0.__class__}", "[b]Bob[/b]"]
    answers = [{"code": "name_taken", "message": ENGLISH_LINE, "words": words} for words in HOSTILE_WORDS]
    answers += [{"code": "name_taken", "message": ENGLISH_LINE,
                 "words": {"key": refusals.NAME_TAKEN, "params": {"name": name}}} for name in plain]

    async def run() -> list[str]:
        runner, url = await _hostile_server(list(answers))
        client = await Client(url).connect()
        lines = []
        try:
            for _ in answers:
                with pytest.raises(ClientError) as refused:
                    await client.request("ping")
                lines.append(refused.value.message)
        finally:
            await client.close()
            await runner.cleanup()
        return lines

    lines = asyncio.run(run())
    assert lines[:len(HOSTILE_WORDS)] == [ENGLISH_LINE] * len(HOSTILE_WORDS)
    assert lines[len(HOSTILE_WORDS):] == [f"{name} という名前の人がすでにこのテーブルに座っています" for name in plain]


def test_a_refusal_without_words_or_with_words_of_no_server_reads_as_its_message() -> None:
    use_language("lt")
    assert refusal_line({"code": "full", "message": "an older server's line"}) == "an older server's line"
    assert refusal_line({"code": "full", "message": "x", "words": {"key": refusals.FULL}}) == \
        translations("lt").gettext(refusals.FULL)


# -- the catalogs ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != ENGLISH])
def test_every_refusal_is_translated_with_its_own_placeholders(language: str) -> None:
    words = translations(language)
    for template in sorted(REFUSALS):
        said = words.gettext(template)
        assert said != template, f"{language} lacks {template!r}"
        assert refusals.FIELDS[template] == refusals.fields_of(said), f"{language}: {said!r}"
