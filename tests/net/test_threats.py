"""The threat model of docs/protocol.md, line by line, against real server processes on loopback.

Each test is one line of the model: what a host, a seated player, a watcher or a stranger cannot learn or
do. (The privacy of every card over whole matches is ``test_privacy.py``; hostile frames ``test_fuzz.py``
and ``test_server.py``; floods that leave other tables' pace alone ``test_floods.py``.)
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
from pathlib import Path

import aiohttp
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsuite.net.client import Client, ClientError
from cardsuite.net.dealing import KeyedRandom, practice_key
from cardsuite.net.origin import loopback_name, origin_allowed
from cardsuite.net.store import TableStore
from cardsuite.storage.history import History
from cardsuite.tui.online.app import lobby_lines

from .helpers import Clients, RecordingClient, play_randomly, running_server, wait_for

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000", "--turn-seconds", "0")


def _stored(data: Path, code: str) -> tuple[bytes | None, bool]:
    """The deal secret and the practice flag the server keeps for table ``code``."""
    store = TableStore(data / "tables.sqlite3")
    try:
        (table_id,) = store.conn.execute("SELECT id FROM tables WHERE code = ?", (code,)).fetchone()
        row = store.table(table_id)
        assert row is not None
        return row.secret, row.listing.practice
    finally:
        store.close()


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- deals nobody can know ------------------------------------------------------------------------

def test_nobody_is_sent_the_deal_secret_before_the_match_is_over(tmp_path: Path) -> None:
    """Host, seated players and watchers: the deals come from 256 secret bits no message carries."""

    async def run(url: str) -> tuple[str, list[Client]]:
        async with Clients(url) as new:
            host = await new(RecordingClient)
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            assert made["practice"] is False
            guest = await new(RecordingClient)
            await guest.request("join", code=made["code"], name="Bob")
            watcher = await new(RecordingClient)
            await watcher.request("join", code=made["code"], watch=True)
            rng = random.Random(4)
            await asyncio.wait_for(asyncio.gather(play_randomly(host, rng), play_randomly(guest, rng)), 60)
            assert host.table["practice"] is False and host.table["history_id"] is not None
            return str(made["code"]), [host, guest, watcher]

    with running_server(tmp_path, *FAST) as server:
        code, clients = asyncio.run(run(server.url))
    secret, practice = _stored(tmp_path, code)
    assert secret is not None and len(secret) == 32 and not practice
    forms = {secret.hex(), str(int.from_bytes(secret, "big")), str(int.from_bytes(secret, "little"))}
    for client in clients:
        assert client.log
        text = json.dumps(client.log)
        assert not any(form in text for form in forms), "a message carried the deal secret"
    # once the match is over, its record may say where the deals came from
    history = History(tmp_path / "history.sqlite3")
    record = history.record(history.matches("gops")[0].id)
    assert record["save"]["deal_secret"] == secret.hex()


def test_the_deals_generator_is_keyed_exact_and_not_a_mersenne_twister() -> None:
    """A seated player who sees many deals learns nothing of the generator: every bit is a keyed hash."""
    key = bytes(range(32))
    first, again, other = KeyedRandom(key), KeyedRandom(key), KeyedRandom(bytes(32))
    draws = [first.getrandbits(32) for _ in range(700)]
    assert draws == [again.getrandbits(32) for _ in range(700)]  # a restart replays exactly from the key
    assert draws != [other.getrandbits(32) for _ in range(700)]
    # the Mersenne Twister's state is rebuilt from 624 outputs; this stream is not that generator's
    twister = random.Random()
    twister.setstate((3, (*(_untemper(x) for x in draws[:624]), 624), None))
    assert [twister.getrandbits(32) for _ in range(76)] != draws[624:]
    deck = list(range(52))
    first.shuffle(deck)
    assert sorted(deck) == list(range(52))
    assert KeyedRandom(practice_key(7)).random() == KeyedRandom(practice_key(7)).random()


def _untemper(y: int) -> int:
    """The Mersenne Twister state word behind one 32-bit output."""
    y ^= y >> 18
    y ^= (y << 15) & 0xEFC60000
    x = y
    for _ in range(5):
        x = y ^ ((x << 7) & 0x9D2C5680)
    y = x
    x = y
    for _ in range(2):
        x = y ^ (x >> 11)
    return x & 0xFFFFFFFF


def test_a_chosen_seed_makes_a_practice_table_everyone_is_told_of_and_nothing_is_rated(tmp_path: Path) -> None:
    """The host may choose the deals: then every joining player is told so, and the match is never filed."""

    async def run(url: str) -> None:
        async with Clients(url) as new:
            hands = []
            for _ in range(2):
                host = await new(RecordingClient)
                made = await host.request("create", game="nap", players=3, cpu="random", name="Ann", seed=77,
                                          options={"deals_per_player": 1})
                assert made["practice"] is True
                guest = await new(RecordingClient)
                joined = await guest.request("join", code=made["code"], name="Bob")
                assert joined["practice"] is True
                await host.request("start")
                await wait_for(lambda g=guest: bool(g.table) and g.view is not None)
                assert guest.table["practice"] is True
                lines = "\n".join(lobby_lines(guest.table, url, guest.hello))
                assert "Practice table" in lines
                hands.append(guest.view.hand if guest.view else ())
                rng = random.Random(1)
                await asyncio.wait_for(asyncio.gather(play_randomly(host, rng), play_randomly(guest, rng)), 60)
                assert host.table["status"] == "finished" and host.table["history_id"] is None
            assert hands[0] == hands[1]  # the same seed deals the same cards: a seed known is a deal known

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url))
    assert History(tmp_path / "history.sqlite3").matches("nap") == []


# -- seats bound to the person ----------------------------------------------------------------------

def test_nobody_learns_another_seats_token_or_takes_it_without(tmp_path: Path) -> None:
    """Host and players: a token is told only to its seat; a client's own token gets it its own seat."""

    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new(RecordingClient)
            made = await host.request("create", game="nap", players=3, cpu="random", name="Ann")
            bob = await new(RecordingClient)
            bob_token = (await bob.request("join", code=made["code"], name="Bob"))["token"]
            mine, theirs = "a1" * 16, "b2" * 16
            first = await new()
            seat = (await first.request("join", code=made["code"], name="Cy", token=mine))["seat"]
            again = await new()  # the same token again: the same seat, not a new one
            assert (await again.request("join", code=made["code"], name="Cy", token=mine))["seat"] == seat
            other = await new()
            with pytest.raises(ClientError) as full:
                await other.request("join", code=made["code"], name="Di", token=theirs)
            assert full.value.code == "full"
            await asyncio.sleep(0.2)
            text = json.dumps(host.log)
            assert bob_token not in text and mine not in text
            assert str(made["token"]) not in json.dumps(bob.log)
            with pytest.raises(ClientError) as wrong:
                await (await new()).request("resume", code=made["code"], token="c3" * 16)
            assert wrong.value.code == "bad_token"

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url))


# -- a server strangers cannot fill, guess or burn ------------------------------------------------

def test_wrong_join_codes_are_strikes_then_a_pause_then_a_close(tmp_path: Path) -> None:
    """A stranger guessing codes is paused after a few failures, and a connection that goes on is closed."""

    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            guesser = await new()
            for code in ("AAAAAA", "BBBBBB", "CCCCCC"):
                with pytest.raises(ClientError) as missed:
                    await guesser.request("join", code=code, name="Eve")
                assert missed.value.code == "no_table"
            with pytest.raises(ClientError) as paused:  # even the right code waits now
                await guesser.request("join", code=made["code"], name="Eve")
            assert paused.value.code == "paused" and "try again in" in paused.value.message
            second = await new()  # the pause is the address's, not the connection's
            with pytest.raises(ClientError) as also:
                await second.request("join", code=made["code"], name="Eve")
            assert also.value.code == "paused"
            for _ in range(3):
                with pytest.raises(ClientError):
                    await guesser.request("join", code="DDDDDD", name="Eve")
            await asyncio.wait_for(guesser.closed.wait(), 10)  # kept at it: the server closed the connection
            assert guesser.ws is not None and guesser.ws.close_code == 1008
            await asyncio.sleep(1.2)  # the pause is over: the right code works
            assert (await second.request("join", code=made["code"], name="Eve"))["seat"] == 1

    with running_server(tmp_path, *FAST, "--join-strikes", "3", "--strike-pause", "1") as server:
        asyncio.run(run(server.url))


def test_tables_and_connections_per_address_are_bounded_with_one_line_each(tmp_path: Path) -> None:
    """A stranger cannot fill the server: open tables, creations an hour and connections per address."""

    async def run(url: str) -> None:
        async with Clients(url) as new:
            hosts = [await new() for _ in range(3)]
            for host in hosts[:2]:
                await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            with pytest.raises(ClientError) as many:
                await hosts[2].request("create", game="gops", players=2, cpu="random", name="Ann")
            assert many.value.code == "limit" and "open tables" in many.value.message
            await hosts[0].request("leave")  # its only person left: the table closes, the address may create again
            await asyncio.sleep(0.2)
            await hosts[2].request("create", game="gops", players=2, cpu="random", name="Ann")
            await hosts[2].request("leave")
            await asyncio.sleep(0.2)
            with pytest.raises(ClientError) as hourly:  # three created: that is this address's hour
                await hosts[0].request("create", game="gops", players=2, cpu="random", name="Ann")
            assert hourly.value.code == "limit" and "an hour" in hourly.value.message
            extra = [await new() for _ in range(2)]  # 3 + 2 = 5 connections from this address
            assert len(extra) == 2
            with pytest.raises(ClientError) as crowded:
                await Client(url).connect()
            assert crowded.value.code == "limit" and "connections" in crowded.value.message
            assert "\n" not in crowded.value.message

    with running_server(tmp_path, *FAST, "--tables-per-address", "2", "--creates-per-hour", "3",
                        "--connections-per-address", "5") as server:
        asyncio.run(run(server.url))


def test_a_table_everyone_has_left_stops_costing_cpu_and_plays_on_when_they_return(tmp_path: Path) -> None:
    """An abandoned table of hard CPUs waits (no CPU time) until a person comes back."""

    async def run(url: str, pid: int) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="napoleon", players=5, cpu="hard", name="Ann",
                                      turn_seconds=1)
            await host.request("start")
            await host.request("cpu", on=True)  # the CPUs play every seat, the host's too
            await wait_for(lambda: host.view is not None and host.step >= 3, 60)
            watcher = await new()
            await watcher.request("join", code=made["code"], watch=True)
            await host.close()
            await wait_for(lambda: watcher.table.get("paused") is True, 20)
            step = watcher.step
            before = _cpu_seconds(pid)
            await asyncio.sleep(3.0)
            spent = _cpu_seconds(pid) - before
            assert watcher.step == step, "the CPUs played on for nobody"
            assert spent < 0.5, f"an abandoned table cost {spent:.2f} s of CPU in 3 s"
            back = await new()
            await back.request("resume", code=made["code"], token=made["token"])
            await wait_for(lambda: watcher.step > step or watcher.deal > 0, 60)

    with running_server(tmp_path, *FAST, "--grace-seconds", "0.5") as server:
        asyncio.run(run(server.url, server.process.pid))


def test_a_lobby_nobody_is_connected_to_closes_and_frees_its_place(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            with pytest.raises(ClientError):  # this address's one table
                await (await new()).request("create", game="gops", players=2, cpu="random", name="Ann")
            await host.close()
            await asyncio.sleep(2.0)
            late = await new()
            with pytest.raises(ClientError) as gone:
                await late.request("resume", code=made["code"], token=made["token"])
            assert gone.value.code == "no_table"
            assert (await late.request("create", game="gops", players=2, cpu="random", name="Ann"))["seat"] == 0

    with running_server(tmp_path, *FAST, "--lobby-minutes", "0.02", "--tables-per-address", "1") as server:
        asyncio.run(run(server.url))
    store = TableStore(tmp_path / "tables.sqlite3")
    statuses = sorted(s for s, in store.conn.execute("SELECT status FROM tables"))
    store.close()
    assert statuses == ["closed", "lobby"]  # kept as closed, never loaded again


def test_every_numeric_option_is_finite_and_bounded(tmp_path: Path) -> None:
    import subprocess
    import sys

    env = {**os.environ, "CARDSUITE_HOME": str(tmp_path)}
    for args in (["serve", "--grace-seconds", "nan"], ["serve", "--cpu-delay", "inf"], ["serve", "--rate", "0"],
                 ["serve", "--max-tables", "0"], ["serve", "--lobby-minutes", "1e9"],
                 ["serve", "--request-seconds", "inf"], ["serve", "--port", "-1"], ["serve", "--max-sockets", "0"],
                 ["serve", "--sockets-per-address", "1e3"],
                 ["host", "nap", "--players", "99"], ["host", "nap", "--turn-seconds", "nan"],
                 ["host", "nap", "--seed", "-5"]):
        done = subprocess.run([sys.executable, "-m", "cardsuite", *args], capture_output=True, text=True, env=env,
                              timeout=60)
        assert done.returncode != 0, args
        assert "Invalid value" in done.stderr and "Traceback" not in done.stderr, (args, done.stderr)



def test_a_browser_seat_opens_only_from_this_servers_page_and_for_a_table_that_exists(tmp_path: Path) -> None:
    """Another site's page cannot open a seat for its visitor, and a link with no table starts no process."""
    import aiohttp

    async def run(url: str) -> None:
        page = url.replace("ws://", "http://").removesuffix("/game")
        async with Clients(url) as new, aiohttp.ClientSession() as session:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            with pytest.raises(aiohttp.WSServerHandshakeError) as foreign:
                await session.ws_connect(f"{page}/web/ws/{made['code']}/Eve", headers={"Origin": "http://evil.example"})
            assert foreign.value.status == 403
            for path in ("/web/ws/not-a-code", "/web/ws/ZZZZZZ/Eve"):
                ws = await session.ws_connect(page + path)
                frame = await ws.receive(timeout=10)
                assert frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                assert ws.close_code == 1008
                await ws.close()
            async with session.get(page + "/status") as answer:
                status = await answer.json()
            assert status["web_seats"] == 0 and status["refused"].get("no_table") == 2
            async with session.get(f"{page}/?code={made['code']}&name=Eve") as answer:  # the page sets the cookie
                assert answer.status == 200
                cookie = answer.cookies["cardsuite_browser"]
                assert len(cookie.value) == 32 and cookie["httponly"] and cookie["samesite"] == "Lax"
                assert "seat" not in str(answer.url) and cookie.value not in await answer.text()

    with running_server(tmp_path, *FAST, "--web") as server:
        asyncio.run(run(server.url))


async def _browser_socket(session: aiohttp.ClientSession, page: str, code: str) -> aiohttp.ClientWebSocketResponse:
    """A browser's terminal socket at table ``code``, with the cookie its page set."""
    async with session.get(f"{page}/?code={code}&name=Eve") as answer:
        key = answer.cookies["cardsuite_browser"].value
    return await session.ws_connect(f"{page}/web/ws/{code}/Eve?width=80&height=24",
                                    headers={"Cookie": f"cardsuite_browser={key}"})


def test_a_browser_cannot_resize_its_seat_beyond_the_bounds_of_its_first_size(tmp_path: Path) -> None:
    """A page's resize is held to 10-500 columns and rows, like the first width and height; a message the
    page never sends ends that browser's session and nothing else."""
    import aiohttp

    position = re.compile(r"\x1b\[(\d+);1H")

    async def run(url: str) -> None:
        page = url.replace("ws://", "http://").removesuffix("/game")
        async with Clients(url) as new, aiohttp.ClientSession() as session:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            ws = await _browser_socket(session, page, made["code"])
            drawn = ""
            while "GOPS" not in drawn:
                frame = await ws.receive(timeout=60)
                assert frame.type == aiohttp.WSMsgType.BINARY, frame
                drawn += frame.data.decode("utf-8", "replace")
            await ws.send_str(json.dumps(["ping", "x" * 10000]))  # not echoed: the page's pings are short
            await ws.send_str(json.dumps(["resize", {"width": 2000, "height": 12}]))
            drawn, widest = "", 0
            while widest <= 100:  # until the process has drawn at its new width (80 before)
                frame = await ws.receive(timeout=60)
                assert frame.type == aiohttp.WSMsgType.BINARY, frame
                drawn += frame.data.decode("utf-8", "replace")
                lines = [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line) for line in position.split(drawn)[2::2]]
                widest = max((len(line) for line in lines[:-1]), default=0)
            assert 500 <= widest < 600  # 500 columns (and a cursor move's stray character), not 2000
            await ws.send_str(json.dumps(["resize", "huge"]))
            while (await ws.receive(timeout=60)).type == aiohttp.WSMsgType.BINARY:
                pass
            assert ws.closed
            await wait_for(lambda: host.table["seats"][1]["name"] == "Eve")
        async with aiohttp.ClientSession() as session, session.get(page + "/status") as answer:
            assert (await answer.json())["tables"] == 1

    with running_server(tmp_path, *FAST, "--web") as server:
        asyncio.run(run(server.url))
        assert server.process.poll() is None


def test_a_link_followed_from_another_site_keeps_the_browsers_key(tmp_path: Path) -> None:
    """The key's cookie is SameSite=Lax (a link followed from a chat or a mail carries it); a page that came
    with a key sets none, and neither does one loaded in another site's frame."""
    import aiohttp

    async def run(url: str) -> None:
        page = url.replace("ws://", "http://").removesuffix("/game")
        async with Clients(url) as new, aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar()) as session:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
            link = f"{page}/?code={made['code']}&name=Eve"
            async with session.get(link, headers={"Sec-Fetch-Dest": "document", "Sec-Fetch-Site": "cross-site"}) as a:
                assert a.status == 200 and a.cookies["cardsuite_browser"]["samesite"] == "Lax"
            async with session.get(link, headers={"Cookie": "cardsuite_browser=" + "ab" * 16}) as again:
                assert again.status == 200 and "cardsuite_browser" not in again.cookies
            framing = {"Sec-Fetch-Dest": "iframe", "Sec-Fetch-Site": "cross-site"}
            async with session.get(link, headers=framing) as framed:
                assert framed.status == 200 and "cardsuite_browser" not in framed.cookies

    with running_server(tmp_path, *FAST, "--web") as server:
        asyncio.run(run(server.url))


def test_a_name_that_reads_as_a_seated_one_or_as_a_cpus_is_refused_in_one_line(tmp_path: Path) -> None:
    """Look-alikes of a seated "Ann" (a filler after it, fullwidth, Cyrillic А, a Braille blank) are
    ``name_taken``; a CPU seat's label and a name of blanks are refused; marks stay ("सुमित" is not "समत")."""
    look_alikes = ("Ann\u3164", "\uff21\uff4e\uff4e", "\u0410nn", "Ann\u2800", "ANN", "A\u200bnn")

    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="nap", players=5, cpu="random", name="Ann")
            for name in look_alikes:
                other = await new()
                with pytest.raises(ClientError) as taken:
                    await other.request("join", code=made["code"], name=name)
                assert taken.value.code == "name_taken" and "Ann" in taken.value.message, name
            for name, words in (("CPU 2", "CPU seat"), ("Kompiuteris 3", "CPU seat"), ("cpu", "CPU seat"),
                                ("\u2800\u2800", "letter or digit"), ("\u3164", "letter or digit")):
                other = await new()
                with pytest.raises(ClientError) as refused:
                    await other.request("join", code=made["code"], name=name)
                assert refused.value.code == "bad_message" and words in refused.value.message, name
                assert "\n" not in refused.value.message
            sumit = await new()
            seat = (await sumit.request("join", code=made["code"], name="सुमित"))["seat"]
            await wait_for(lambda: host.table["seats"][seat]["name"] == "सुमित")
            zalgo = await new()
            seat = (await zalgo.request("join", code=made["code"], name="Z" + "\u0300" * 150))["seat"]
            await wait_for(lambda: host.table["seats"][seat]["name"] == "Z\u0300\u0300")

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url))


def test_every_language_s_word_for_a_cpu_is_refused_as_a_name() -> None:
    """The names refused as a CPU seat's label cover each catalog's word for "CPU"."""
    from cardsuite.net.names import CPU_WORDS, skeleton

    locale = Path(__file__).parents[2] / "src" / "cardsuite" / "locale"
    catalogs = sorted(locale.glob("*/LC_MESSAGES/cardsuite.po"))
    assert catalogs
    for catalog in catalogs:
        found = re.search(r'^msgid "CPU"\nmsgstr "(.+)"$', catalog.read_text(encoding="utf-8"), re.MULTILINE)
        assert found is not None, catalog
        assert skeleton(found.group(1)) in CPU_WORDS, (catalog, found.group(1))


def test_sitting_down_in_a_cpu_seat_mid_deal_shows_no_hand_until_the_next_deal(tmp_path: Path) -> None:
    """A seated player's second connection sits in the CPU's seat mid-deal: it is sent the public view only
    (no hand), cannot act, and the table says the seat plays from the next deal; the CPU finishes the deal.
    From the next deal on the seat is the newcomer's, hand and all."""

    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new(RecordingClient)
            made = await host.request("create", game="nap", players=3, cpu="random", name="Ann",
                                      options={"deals_per_player": 1})
            bob = await new(RecordingClient)
            await bob.request("join", code=made["code"], name="Bob")
            await host.request("start")
            await wait_for(lambda: host.view is not None and len(host.view.hand) > 0)
            spy = await new(RecordingClient)
            seat = (await spy.request("join", code=made["code"], name="Shadow"))["seat"]
            assert seat == 2
            await wait_for(lambda: spy.view is not None and spy.table.get("seats"))
            assert spy.deal == 0 and spy.view.hand == () and spy.view.seat != seat
            shown = spy.table["seats"][seat]
            assert shown["from_next_deal"] is True and shown["cpu"] is True
            with pytest.raises(ClientError) as refused:
                await spy.request("act", action="pass")
            assert refused.value.code == "state" and "next" in refused.value.message
            rng = random.Random(3)
            players = [asyncio.ensure_future(play_randomly(c, rng, until_filed=False)) for c in (host, bob)]
            await wait_for(lambda: spy.deal >= 1 and spy.view is not None and len(spy.view.hand) > 0, 60)
            assert spy.view.seat == seat and spy.table["seats"][seat]["from_next_deal"] is False
            assert all(not v.hand for d, _, v, _ in spy.views if d == 0), "a hand of the deal it sat down in"
            for task in players:
                task.cancel()

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url))


def test_sitting_down_mid_deal_still_shows_no_hand_after_the_server_restarts(tmp_path: Path) -> None:
    """A newcomer sits in the CPU's seat mid-deal; the server restarts on the same folder; resumed, the
    newcomer still only watches that deal: no hand, no action, the seat marked as playing from the next."""

    async def sit_down(url: str) -> tuple[str, str, int]:
        async with Clients(url) as new:
            host = await new(RecordingClient)
            made = await host.request("create", game="nap", players=3, cpu="random", name="Ann",
                                      options={"deals_per_player": 1})
            bob = await new(RecordingClient)
            await bob.request("join", code=made["code"], name="Bob")
            await host.request("start")
            await wait_for(lambda: host.view is not None and len(host.view.hand) > 0)
            spy = await new(RecordingClient)
            joined = await spy.request("join", code=made["code"], name="Shadow")
            await wait_for(lambda: spy.table.get("seats") and spy.table["seats"][joined["seat"]]["from_next_deal"])
            return str(made["code"]), str(joined["token"]), int(joined["seat"])

    async def come_back(url: str, code: str, token: str, seat: int) -> None:
        async with Clients(url) as new:
            spy = await new(RecordingClient)
            assert (await spy.request("resume", code=code, token=token))["seat"] == seat
            await wait_for(lambda: spy.view is not None and spy.table.get("seats"))
            assert spy.deal == 0 and spy.view.hand == () and spy.view.seat != seat
            assert spy.table["seats"][seat]["from_next_deal"] is True and spy.table["seats"][seat]["cpu"] is True
            with pytest.raises(ClientError) as refused:
                await spy.request("act", action="pass")
            assert refused.value.code == "state" and "next" in refused.value.message
            await spy.request("sync")
            assert all(not v.hand for d, _, v, _ in spy.views if d == 0), "a hand of the deal it sat down in"

    with running_server(tmp_path, *FAST) as server:
        code, token, seat = asyncio.run(sit_down(server.url))
    with running_server(tmp_path, *FAST) as again:
        asyncio.run(come_back(again.url, code, token, seat))


# -- the protocol socket from a browser -----------------------------------------------------------

def test_the_game_socket_opens_without_an_origin_or_from_the_servers_own_never_from_another_site(
        tmp_path: Path) -> None:
    """A page of another site cannot open ``/game`` from its visitor's browser (HTTP 403, one line); the
    server's own origin (``--public-url``'s when given) and a program that sends no ``Origin`` can."""
    upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}

    async def run(url: str, own: str, foreign: list[str]) -> None:
        page = url.replace("ws://", "http://").removesuffix("/game")
        async with aiohttp.ClientSession() as session:
            for origin in foreign:
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(url, headers={"Origin": origin})
                assert refused.value.status == 403, origin
                async with session.get(page + "/game", headers={**upgrade, "Origin": origin}) as answer:
                    text = await answer.text()
                assert answer.status == 403 and text.count("\n") == 1 and "own pages" in text, (origin, text)
            for headers in ({"Origin": own}, {}):
                ws = await session.ws_connect(url, headers=headers)
                hello = json.loads((await ws.receive(timeout=10)).data)
                assert hello["type"] == "hello", headers
                await ws.close()
            async with session.get(page + "/status") as answer:
                assert (await answer.json())["refused"]["origin"] == 2 * len(foreign)
        client = await Client(url).connect()
        await client.request("create", game="gops", players=2, cpu="random", name="Ann")
        await client.close()

    with running_server(tmp_path / "plain", *FAST) as server:
        own = server.url.replace("ws://", "http://").removesuffix("/game")
        port = own.rsplit(":", 1)[1]
        asyncio.run(run(server.url, own, ["http://evil.example", f"http://evil.example:{port}", "null",
                                          "http://127.0.0.1:1", f"http://localhost:{port}", "http://[", "evil"]))
    with running_server(tmp_path / "proxied", *FAST, "--public-url", "https://cards.example.org/") as server:
        own = server.url.replace("ws://", "http://").removesuffix("/game")
        asyncio.run(run(server.url, "https://cards.example.org", [own, "https://evil.example"]))


def test_a_loopback_server_takes_a_browser_only_under_a_loopback_name(tmp_path: Path) -> None:
    """A site whose own name resolves to 127.0.0.1 (DNS rebinding) sends its name as both ``Host`` and
    ``Origin``; a server bound to loopback without a public URL refuses it, and takes ``localhost``."""

    async def run(url: str) -> None:
        port = url.rsplit(":", 1)[1].removesuffix("/game")
        async with aiohttp.ClientSession() as session:
            for name in ("evil.example", "127.0.0.1.evil.example"):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(url, headers={"Host": f"{name}:{port}", "Origin": f"http://{name}:{port}"})
                assert refused.value.status == 403, name
            for name in ("localhost", "127.0.0.1"):
                ws = await session.ws_connect(url, headers={"Host": f"{name}:{port}", "Origin": f"http://{name}:{port}"})
                assert json.loads((await ws.receive(timeout=10)).data)["type"] == "hello", name
                await ws.close()
            ws = await session.ws_connect(url, headers={"Host": f"evil.example:{port}"})  # a program: no Origin
            assert json.loads((await ws.receive(timeout=10)).data)["type"] == "hello"
            await ws.close()

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url))


@pytest.mark.parametrize(("host", "loopback"), [
    ("localhost", True), ("localhost:8765", True), ("127.0.0.1:1", True), ("127.9.9.9", True), ("[::1]:80", True),
    ("::1", True), ("evil.example:8765", False), ("127.0.0.1.evil.example", False), ("0.0.0.0", False),
    ("[", False), ("", False), ("localhost.", False)])
def test_loopback_names(host: str, loopback: bool) -> None:
    assert loopback_name(host) is loopback


@given(st.text(max_size=80))
def test_an_origin_of_any_text_is_judged_without_error_and_passes_only_naming_the_own_host(origin: str) -> None:
    allowed = origin_allowed(origin, "http://127.0.0.1:8765")
    assert not allowed or "127.0.0.1:8765" in re.sub(r"[\t\r\n]", "", origin).lower()
    assert origin_allowed(None, "http://127.0.0.1:8765")


def test_the_browser_key_cookie_is_secure_when_the_public_url_is_https(tmp_path: Path) -> None:
    """Behind a TLS proxy the server sees plain HTTP: ``--public-url https://…`` makes the cookie Secure;
    a server reached over plain HTTP with no public URL sets it without."""

    async def cookie(url: str) -> dict[str, str]:
        page = url.replace("ws://", "http://").removesuffix("/game")
        async with aiohttp.ClientSession() as session, session.get(page + "/") as answer:
            assert answer.status == 200
            morsel = answer.cookies["cardsuite_browser"]
            return {"secure": str(morsel["secure"]), "httponly": str(morsel["httponly"]),
                    "samesite": str(morsel["samesite"])}

    with running_server(tmp_path / "proxied", *FAST, "--web", "--public-url", "https://cards.example.org") as server:
        assert asyncio.run(cookie(server.url)) == {"secure": "True", "httponly": "True", "samesite": "Lax"}
    with running_server(tmp_path / "plain", *FAST, "--web") as server:
        assert asyncio.run(cookie(server.url))["secure"] in ("", "False")
