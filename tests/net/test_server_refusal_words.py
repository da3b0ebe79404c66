"""A server's refusals reach a player in the player's language: the server sends each refusal's words beside
its English line, the client shows them translated, and words a server makes up fall back to the English. A
new table's game, options and CPU level are refused in the core's own words, a game by its title; a rule's
reason for a refused action is the game's own message, read by the client as the local table reads it
(tests/net/test_rule_refusal_words.py)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from aiohttp import web

from cardsuite.bots.base import NO_LEVEL
from cardsuite.core import options
from cardsuite.core.game import PLAYER_COUNT
from cardsuite.core.message import CardRef, Message, SeatRef, msg
from cardsuite.core.registry import NO_GAME, game_names
from cardsuite.i18n import ENGLISH, LANGUAGES, translations, use_language
from cardsuite.i18n.render import render
from cardsuite.naming import Quoted, quoted
from cardsuite.net import refusals
from cardsuite.net.client import Client, ClientError, refusal_line
from cardsuite.net.cluster import Cluster, Host
from cardsuite.net.identity import BAD_KEY
from cardsuite.net.pgstore import PgTableStore
from cardsuite.net.protocol import ProtocolError, error_message, parse_request
from cardsuite.net.refusals import REFUSALS, encode_words, read_reason, read_words
from cardsuite.net.table import Table

from .helpers import Clients, RecordingClient, running_server, seated_clients, wait_for

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


# -- a new table's game, options, CPU level and identity ---------------------------------------------------
def _ja(message: Message) -> str:
    return render(message, words=translations("ja"))


NAP_OPTIONS = "deals_per_player, lowest_bid, misere, above_nap, nap_points, all_pass, deck, turn_timer"
# Each case: what ``create`` sends, the code and English line it is refused with, and those words.
BAD_TABLES: list[tuple[dict[str, Any], str, str, Message]] = [
    ({"game": "nope"}, "bad_table", "no game called 'nope' (installed: {games})",
     msg(NO_GAME, name="'nope'", games="{games}")),
    ({"game": "nap", "players": 2}, "bad_table", "Nap is for 3, 4, 5, 6 players, not 2",
     msg(PLAYER_COUNT, game=Message("Nap"), counts="3, 4, 5, 6", players=2)),
    ({"game": "nap", "options": {"bogus": 1}}, "bad_table", f"unknown option 'bogus' (this game has: {NAP_OPTIONS})",
     msg(options.UNKNOWN, option="'bogus'", known=NAP_OPTIONS)),
    ({"game": "nap", "options": {"deals_per_player": 0}}, "bad_table",
     "option deals_per_player: 0 is below the minimum 1",
     msg(options.BELOW_MINIMUM, option="deals_per_player", value=0, minimum=1)),
    ({"game": "nap", "options": {"misere": "maybe"}}, "bad_table", "option misere: 'maybe' is not true or false",
     msg(options.NOT_TRUE_OR_FALSE, option="misere", value="'maybe'")),
    ({"game": "gops", "players": 3, "options": {"ties": "split"}}, "bad_table",
     "option ties: split is for 2 players only",
     msg(options.FOR_PLAYERS_ONLY, option="ties", value="split", counts="2")),
    ({"game": "nap", "cpu": "ultra"}, "bad_table", "Nap has no 'ultra' CPU level (it has: random, easy, normal, hard)",
     msg(NO_LEVEL, game=Message("Nap"), level="'ultra'", levels="random, easy, normal, hard")),
    ({"game": "nap", "identity": "short"}, "identity", "an identity key is 52 letters and digits 2-7", msg(BAD_KEY)),
]


def _games(message: Message, games: str) -> Message:
    """A case's words with the server's installed games filled in."""
    return Message(message.key, tuple((name, value.replace("{games}", games) if isinstance(value, str) else value)
                                      for name, value in message.params))


def test_a_japanese_client_reads_why_a_table_was_not_made_in_japanese_and_the_game_by_its_japanese_title(
        tmp_path: Path) -> None:
    async def refusals_of(url: str) -> tuple[list[str], list[dict[str, Any]]]:
        async with Clients(url) as new:
            client: RecordingClient = await new(RecordingClient)
            lines = []
            for fields, _, _, _ in BAD_TABLES:
                with pytest.raises(ClientError) as refused:
                    await client.request("create", name="Ann", **fields)
                lines.append(refused.value.message)
            assert client.log is not None
            return lines, [m for m in client.log if m["type"] == "error"]

    async def run(url: str) -> None:
        use_language("ja")
        lines, wire = await refusals_of(url)
        games = wire[0]["message"].partition("(installed: ")[2].removesuffix(")")  # the server's own games
        assert set(game_names()) >= set(games.split(", ")) >= {"nap", "gops"}
        for (_, code, english, words), line, sent in zip(BAD_TABLES, lines, wire, strict=True):
            assert (sent["code"], sent["message"]) == (code, english.replace("{games}", games))
            assert line == _ja(_games(words, games)) != sent["message"], line
        assert lines[1].startswith("ナップ") and lines[6].startswith("ナップ")  # the game's title, in Japanese
        assert wire[1]["words"] == {"key": PLAYER_COUNT, "params": {"game": "Nap", "counts": "3, 4, 5, 6",
                                                                     "players": 2}}
        use_language(ENGLISH)
        lines, wire = await refusals_of(url)
        assert lines == [sent["message"] for sent in wire]

    with running_server(tmp_path, *FAST, "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_a_games_title_in_a_refusal_is_the_installed_games_own_and_nothing_else() -> None:
    use_language("ja")
    words = {"key": PLAYER_COUNT, "params": {"game": "Nap", "counts": "3, 4, 5, 6", "players": 2}}
    said = read_words(words)
    assert said is not None and said.param("game") == Message("Nap")
    assert refusal_line({"code": "bad_table", "message": "x", "words": words}).startswith("ナップは")
    for title in ("Zork", "nap", "{0.__class__}", "[b]Nap[/b]", "{players}"):  # no installed game's title
        said = read_words({**words, "params": {**words["params"], "game": title}})
        assert said is not None and said.param("game") == title
        assert refusal_line({"code": "bad_table", "message": "x", "words": {**words, "params": {
            **words["params"], "game": title}}}).startswith(f"{title}は")
    for game in (["Nap"], {"message": {"key": "Nap"}}, "N" * 101):
        assert read_words({**words, "params": {**words["params"], "game": game}}) is None
    # only a game's title (a message of no values) goes as its words; another message inside is not sent
    assert encode_words(msg(PLAYER_COUNT, game=Message("Nap"), counts="3", players=2)) is not None
    assert encode_words(msg(PLAYER_COUNT, game=msg("{x}", x=1), counts="3", players=2)) is None
    assert encode_words(msg(PLAYER_COUNT, game=Message("Nap", context="c"), counts="3", players=2)) is None
    assert encode_words(msg(PLAYER_COUNT, game="Nap", counts=Message("3"), players=2)) is None


def test_a_value_cut_in_a_servers_refusal_says_its_length_in_the_readers_words() -> None:
    sent = encode_words(msg(options.NOT_ONE_OF, option="deck", value=quoted("z" * 80, 30, "'"), values="full, reduced"))
    assert sent is not None
    words = json.loads(json.dumps(sent))
    assert words["params"]["value"] == "'" + "z" * 30 + "…' (80 characters)"  # the wire stays English
    use_language("ja")
    line = refusal_line({"code": "bad_table", "message": "x", "words": words})
    assert "'" + "z" * 30 + "…'（80文字）" in line and "characters" not in line, line
    for made_up in ("'z…' (80 characters) and more", "z… (80 characters)", "'z…' (1234567890 characters)"):
        said = read_words({**words, "params": {**words["params"], "value": made_up}})
        assert said is not None and said.param("value") == made_up and not isinstance(said.param("value"), Quoted)


# -- a rule's reason, a lost lease ------------------------------------------------------------------------
def test_a_japanese_client_reads_a_rules_reason_for_a_refused_action_as_the_local_table_does(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        use_language("ja")
        clients, _code = await seated_clients(url, "nap", 3, {})  # every seat a person's: it starts
        try:
            await wait_for(lambda: all(c.view is not None and c.view.to_act for c in clients))
            view = clients[0].view
            assert view is not None
            turn = min(view.to_act)
            late = next(c for c in clients if c.view is not None and c.view.seat not in view.to_act)
            assert late.view is not None
            with pytest.raises(ClientError) as refused:
                await late.request("act", action="pass")
        finally:
            for client in clients:
                await client.close()
        assert isinstance(late, RecordingClient) and late.log is not None
        sent = [m for m in late.log if m["type"] == "error"][-1]
        me = late.view.seat
        assert sent["code"] == "illegal" and sent["message"] == f"it is seat {turn}'s turn, not seat {me}'s"
        assert sent["words"] == {"key": "it is {seat}'s turn, not {other}'s",  # the game's own message
                                 "params": {"other": {"seat": me}, "seat": {"seat": turn}}}
        said = msg("it is {seat}'s turn, not {other}'s", seat=SeatRef(turn), other=SeatRef(me))
        assert refused.value.message == _ja(said) != sent["message"]
        assert refusal_line(sent, ["Ann", "Bob", "Cy"]) == render(said, ["Ann", "Bob", "Cy"], translations("ja"))

    with running_server(tmp_path, *FAST, "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


def test_a_rules_reason_is_read_only_as_short_plain_text_and_never_as_a_template() -> None:
    use_language("ja")
    known = read_reason("seat 2 must follow hearts")
    assert known is not None and known.key == "{seat} must follow {suit}"  # the client's own sentence
    assert refusal_line({"code": "illegal", "message": "seat 0 does not hold KH"}, ["Ann"]) == \
        f"Ann does not hold {_ja(msg('{card}', card=CardRef(11 + 13)))}"
    for line in ("{0.__class__} seat 1", "{seat} must follow {suit}", "{p0} seat 1 {p1}"):  # braces are text
        assert refusal_line({"code": "illegal", "message": line}).replace("席1", "seat 1") == line
    for line in ("seat 1 must follow hearts" * 20, "seat 1\x1b[2J", "", 7, None, ["seat 1"]):
        assert read_reason(line) is None
    assert refusal_line({"code": "illegal", "message": "x" * 301}) == "x" * 301
    assert refusal_line({"code": "bad_table", "message": "seat 2 must follow hearts"}) == \
        "seat 2 must follow hearts"  # only an illegal action's reason is a rule's


def test_a_lost_lease_is_said_in_the_readers_language() -> None:
    class Hub:
        def hand_over(self, table: Table) -> bool:
            return True

    class Store:
        process = "this"

        def owner(self, code: str) -> None:
            return None

    cluster = Cluster(cast(Host, Hub()), cast(PgTableStore, Store()))
    refused = cluster.lost_lease(cast(Table, SimpleNamespace(code="K7P2QX")))
    sent = json.loads(error_message(refused.code, refused.said()))
    assert (sent["code"], sent["message"]) == ("state", "table K7P2QX is no longer served here: reconnect and resume")
    assert sent["words"] == {"key": refusals.LEASE_LOST, "params": {"code": "K7P2QX"}}
    use_language("ja")
    assert refusal_line(sent) == translations("ja").gettext(refusals.LEASE_LOST).format(code="K7P2QX") \
        != sent["message"]
