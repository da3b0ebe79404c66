"""What a finished online match files, with real server processes on loopback: every action the server's CPU
made in a person's seat is counted in the record (``save.cpu``), and the CPU's play is never credited to the
person; a seat whose person made no action is filed as the CPU's, and a seat two people played in turn is
credited to neither."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from cardsuite.bots.base import make_bot
from cardsuite.core.registry import get_game
from cardsuite.naming import NAME_LIMIT
from cardsuite.net.client import Client
from cardsuite.net.filing import filed_record, group_key, group_name, rated_keys, seat_people
from cardsuite.net.rows import Actor, Listing, SeatRow, TableRow
from cardsuite.net.store import TableStore
from cardsuite.net.table import Table, Timing
from cardsuite.storage.history import History
from cardsuite.storage.ratings import Rating

from .helpers import Clients, RecordingClient, play_randomly, running_server, wait_for

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000")


def filed(data: Path) -> tuple[History, dict[str, object]]:
    """The server's history and the one record filed in it."""
    history = History(data / "history.sqlite3")
    entries = history.matches()
    assert len(entries) == 1
    return history, history.record(entries[0].id)


async def play_but_skip_first_turn(client: Client, rng: random.Random) -> None:
    """Play the client's seat (a random CPU decides on its view) except its first decision, left to the turn
    timer, until the match is filed."""
    bot = None
    left_at: int | None = None  # how many of its own actions the view held when it left a decision to the timer
    acted: tuple[int, int] | None = None
    while client.table.get("history_id") is None:
        await client.next_update(60)
        view = client.view
        if view is None or view.is_over or view.seat not in view.to_act or not view.legal:
            continue
        own = sum(1 for line in view.history if line.seat == view.seat)
        if left_at is None:
            left_at = own
        if own <= left_at or acted == (client.deal, client.step):
            continue  # (the timer's decision is not made yet)
        acted = (client.deal, client.step)
        bot = bot or make_bot(get_game(view.game), "random")
        await client.send("act", action=str(bot.choose(view, rng)))


def test_a_seat_handed_to_the_cpu_and_one_the_cpu_took_after_the_grace_are_filed_with_the_cpu(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            ann = await new(RecordingClient)
            made = await ann.request("create", game="nap", players=3, cpu="random", name="Ann",
                                     options={"deals_per_player": 1})
            bob = await new()
            await bob.request("join", code=made["code"], name="Bob")
            await ann.request("start")
            await bob.close()  # Bob never comes back: after the grace period the CPU plays his seat
            await wait_for(lambda: ann.view is not None and ann.view.seat in ann.view.to_act and ann.view.legal)
            assert ann.view is not None
            bot = make_bot(get_game("nap"), "random")
            await ann.request("act", action=str(bot.choose(ann.view, random.Random(1))))
            await ann.request("cpu", on=True)  # Ann hands her seat to the CPU for the rest of the match
            await wait_for(lambda: ann.table.get("history_id") is not None, 60)

    with running_server(tmp_path, *FAST, "--grace-seconds", "0.3", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))
    history, record = filed(tmp_path)
    save = record["save"]
    assert isinstance(save, dict)
    cpu = save["cpu"]
    assert cpu[0] > 0 and cpu[1:] == [0, 0], cpu
    assert save["assisted"] is True
    seats = record["seats"]
    assert isinstance(seats, list)
    assert seats[0] == {"name": "Ann", "kind": "human"}
    assert seats[1] == {"name": "CPU 1", "kind": "cpu", "level": "random"}  # Bob made no action: the CPU's seat
    ratings = history.ratings("nap")["nap"]
    assert "Ann (with the CPU)" in ratings and not any("Bob" in r for r in ratings)
    # the CPU's help can only cost Ann: her own rating is there only if the seat's result lowered it
    assert "Ann" not in ratings or ratings["Ann"].ordinal < Rating().ordinal


def test_a_turn_the_timer_gave_the_cpu_is_counted_against_the_seat(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            ann = await new(RecordingClient)
            made = await ann.request("create", game="gops", players=2, cpu="random", name="Ann", turn_seconds=1)
            bob = await new(RecordingClient)
            await bob.request("join", code=made["code"], name="Bob")  # the table is full: it starts
            rng = random.Random(3)
            await asyncio.wait_for(asyncio.gather(play_randomly(ann, rng), play_but_skip_first_turn(bob, rng)), 90)

    with running_server(tmp_path, *FAST, "--turn-seconds", "1") as server:
        asyncio.run(run(server.url))
    history, record = filed(tmp_path)
    save = record["save"]
    assert isinstance(save, dict)
    assert save["cpu"] == [0, 1] and save["assisted"] is True
    ratings = history.ratings("gops")["gops"]
    assert set(ratings) - {"Bob"} == {"Ann", "Bob (with the CPU)"}
    assert "Bob" not in ratings or ratings["Bob"].ordinal < Rating().ordinal  # only a loss reaches Bob's own


def test_a_seat_taken_again_during_a_one_deal_match_is_not_filed_as_the_persons(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            ann = await new(RecordingClient)
            made = await ann.request("create", game="gops", players=3, cpu="random", name="Ann",
                                     options={"ties": "rebid"})
            bob = await new()
            await bob.request("join", code=made["code"], name="Bob")
            await ann.request("start")
            await bob.request("leave")
            again = await new(RecordingClient)
            joined = await again.request("join", code=made["code"], name="Bob")
            await wait_for(lambda: again.table.get("seats") and again.table["seats"][joined["seat"]]["from_next_deal"])
            await asyncio.wait_for(play_randomly(ann, random.Random(4)), 60)

    with running_server(tmp_path, *FAST, "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))
    history, record = filed(tmp_path)
    seats = record["seats"]
    assert isinstance(seats, list)
    assert seats[1] == {"name": "CPU 1", "kind": "cpu", "level": "random"}
    assert not any("Bob" in label for label in history.ratings("gops")["gops"])


def test_the_store_keeps_which_actions_the_cpu_made_and_a_restarted_table_counts_them(tmp_path: Path) -> None:
    store = TableStore(tmp_path / "tables.sqlite3")
    store.create(TableRow("t1", "ABCDEF", "gops", 2, {}, "random", 5, 0, "playing", "",
                          [SeatRow("Ann", "person", "d" * 64), SeatRow("Bob", "person", "e" * 64)]))
    store.add_action("t1", 0, 0, "0 play K")
    store.add_action("t1", 0, 1, "1 play 2", by_cpu=True)  # Bob's turn timer ran out
    store.add_action("t1", 0, 2, "1 play 3")
    row = store.table("t1")
    assert row is not None and row.deals == [["0 play K", "1 play 2", "1 play 3"]] and row.cpu_steps == {(0, 1)}
    table = Table.from_row(row, Timing(), store)  # as a restarted server rebuilds it
    store.close()
    assert table.cpu_actions == [0, 1]


async def play_the_first_deal(client: Client, rng: random.Random) -> None:
    """Play the client's seat (a random CPU decides on its view) until the first deal is over (or the next
    one began: the views of a deal's end may be passed over when the next deal starts at once)."""
    bot = make_bot(get_game("nap"), "random")
    acted: tuple[int, int] | None = None
    while True:
        update = await client.next_update(60)
        view = client.view
        if update.type != "view" or view is None:
            continue
        if view.is_over or client.deal >= 1:
            return
        if view.seat in view.to_act and view.legal and acted != (client.deal, client.step):
            acted = (client.deal, client.step)
            await client.send("act", action=str(bot.choose(view, rng)))


def test_a_seat_two_people_played_in_turn_is_filed_under_both_and_credited_to_neither(tmp_path: Path) -> None:
    """Bob plays the first deal and gives his seat up; Cat sits down in it and plays on: the seat is filed
    as ``Bob + Cat``, not as Cat's, and neither Bob nor Cat is rated for it."""
    async def run(url: str) -> None:
        async with Clients(url) as new:
            ann = await new(RecordingClient)
            made = await ann.request("create", game="nap", players=3, cpu="random", name="Ann",
                                     options={"deals_per_player": 2})
            bob = await new(RecordingClient)
            await bob.request("join", code=made["code"], name="Bob")
            await ann.request("start")
            playing = asyncio.create_task(play_randomly(ann, random.Random(5)))
            await asyncio.wait_for(play_the_first_deal(bob, random.Random(6)), 60)
            await bob.request("leave")
            cat = await new(RecordingClient)
            joined = await cat.request("join", code=made["code"], name="Cat")
            assert joined["seat"] == 1
            await asyncio.wait_for(asyncio.gather(playing, play_randomly(cat, random.Random(7))), 90)

    with running_server(tmp_path, *FAST, "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))
    history, record = filed(tmp_path)
    seats = record["seats"]
    assert isinstance(seats, list)
    assert seats[1] == {"name": "Bob + Cat", "kind": "human"}, seats
    labels = set(history.ratings("nap")["nap"])
    assert labels & {"Bob + Cat", "Bob + Cat (with the CPU)"}, labels
    assert not labels & {"Bob", "Cat", "Bob (with the CPU)", "Cat (with the CPU)"}, labels


def _rated_gops(store: TableStore) -> Table:
    """A rated two-seat GOPS table: Ann (host) and Bob, each with an identity, under way."""
    table, _ = Table.create(store, Timing(), "ABCDEF", "gops", 2, {}, "random", "Ann", 0, None,
                            Listing(rated=True), identity="a" * 64)
    table.sit("Bob", "b" * 64)
    table.start()
    return table


CARDS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")


def test_each_action_is_stored_with_its_person_and_a_restarted_table_still_knows_them(tmp_path: Path) -> None:
    store = TableStore(tmp_path / "tables.sqlite3")
    table = _rated_gops(store)
    for turn in range(2):
        table.act(0, f"play {CARDS[turn]}", 0.0)
        table.act(1, f"play {CARDS[turn]}", 0.0)
    table.leave(1)
    table.act(0, "play 3", 0.0)
    table.act(1, "play 3", 0.0, by_cpu=True)  # the CPU plays the given-up seat until Cat sits down
    table.sit("Cat", "c" * 64)
    row = store.table(table.id)
    assert row is not None
    bob, cat = Actor("Bob", "b" * 64), Actor("Cat", "c" * 64)
    assert row.actors[(0, 1)] == bob and (0, 5) not in row.actors and row.cpu_steps == {(0, 5)}
    again = Table.from_row(row, Timing(), store)  # as a restarted server rebuilds it
    for turn in range(3, 13):
        again.act(0, f"play {CARDS[turn]}", 0.0)
        again.act(1, f"play {CARDS[turn]}", 0.0)
    assert again.match.is_over and again.row.actors[(0, 25)] == cat
    store.close()
    assert seat_people(again) == [[Actor("Ann", "a" * 64)], [bob, cat]]
    record = filed_record(again)
    assert record["seats"] == [{"name": "Ann", "kind": "human"}, {"name": "Bob + Cat", "kind": "human"}]
    save = record["save"]
    assert isinstance(save, dict) and save["cpu"] == [0, 1]
    keys = rated_keys(again)
    assert keys is not None and keys[0] == "a" * 64
    assert keys[1] == group_key([cat, bob]) and keys[1].startswith("shared:") and "b" * 64 not in keys[1]


def test_a_person_who_made_no_action_in_a_seat_is_not_credited_for_it(tmp_path: Path) -> None:
    """Bob plays all but the last turn and gives the seat up; Cat sits down when only the CPU's last card is
    left: the seat is Bob's (with the CPU), and Cat is named nowhere."""
    store = TableStore(tmp_path / "tables.sqlite3")
    table = _rated_gops(store)
    for card in CARDS[:12]:
        table.act(0, f"play {card}", 0.0)
        table.act(1, f"play {card}", 0.0)
    table.leave(1)
    table.sit("Cat", "c" * 64)
    table.act(0, "play K", 0.0)
    table.act(1, "play K", 0.0, by_cpu=True)  # Cat sat down mid-deal: the CPU plays it for her
    store.close()
    assert table.match.is_over
    record = filed_record(table)
    assert record["seats"] == [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
    assert rated_keys(table) == ["a" * 64, "b" * 64]  # the history rates Bob's seat apart (save.cpu)


def test_the_name_of_a_seat_several_people_played_fits_a_seat_name() -> None:
    assert group_name(["Ann", "Cat"]) == "Ann + Cat"
    long = ["Alexandrina", "Bartholomew", "Cassiopeia", "Dorotheanna", "Evangeline"]
    for count in range(2, 6):
        name = group_name(long[:count])
        assert len(name) <= NAME_LIMIT and name.startswith("Ale"), name
    assert group_name(long).endswith(" + …")
