"""The PostgreSQL store on a real server: migrations, leases and their fencing, adoption, the lobby, and
concurrent finishes of one table filing one history entry."""

from __future__ import annotations

import threading
import time

import psycopg
import pytest

from cardsuite.net.filing import group_key
from cardsuite.net.pghistory import PgHistory
from cardsuite.net.pgschema import MIGRATIONS, SchemaError, latest, migrate
from cardsuite.net.pgstore import LeaseLost, PgTableStore
from cardsuite.net.rows import Actor, Listing, SeatRow, TableRow

from .records import finished_record

pytestmark = pytest.mark.postgres


def _row(table_id: str, code: str, listing: Listing | None = None) -> TableRow:
    return TableRow(table_id, code, "nap", 3, {"deals_per_player": 1}, "random", 2**100 + 7, 0, "lobby", "",
                    [SeatRow("Ann", "person", "d" * 64), SeatRow("CPU 1", "open"), SeatRow("CPU 2", "open")],
                    listing=listing or Listing())


def test_migrations_run_once_and_refuse_a_newer_schema(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        assert migrate(conn) == len(MIGRATIONS)
        assert migrate(conn) == 0
        versions = [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
        assert versions == [v for v, _, _ in MIGRATIONS]
        conn.execute("INSERT INTO schema_migrations (version, name) VALUES (%s, 'from the future')", (latest() + 1,))
        with pytest.raises(SchemaError, match="newer cardsuite"):
            migrate(conn)


def test_a_database_of_an_earlier_schema_is_migrated_in_place(pg_url: str) -> None:
    """A database at schema 2 gains each seat's ``joined_deal``; its tables, seats and actions stay."""
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                     " applied TIMESTAMPTZ NOT NULL DEFAULT now())")
        for version, name, sql in MIGRATIONS[:2]:
            conn.execute(sql)
            conn.execute("INSERT INTO schema_migrations (version, name) VALUES (%s, %s)", (version, name))
        # rows as an earlier version wrote them: the columns it knew
        conn.execute("INSERT INTO tables (id, code, game, players, options, cpu, seed, turn_seconds, status, secret)"
                     " VALUES ('t1', 'AAAAAA', 'nap', 3, '{}', 'random', 7, 0, 'playing', 'ab')")
        conn.execute("INSERT INTO seats (table_id, seat, name, kind, token, identity) VALUES"
                     " ('t1', 0, 'Ann', 'person', %s, 'id-ann'), ('t1', 1, 'CPU 1', 'open', NULL, NULL),"
                     " ('t1', 2, 'Bob', 'person', %s, NULL)", ("d" * 64, "e" * 64))
        conn.execute("INSERT INTO actions VALUES ('t1', 0, 0, '1 bid 2')")
    store = PgTableStore(pg_url, "ws://a/game")
    with psycopg.connect(pg_url) as conn:
        assert [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")] == [
            v for v, _, _ in MIGRATIONS]
    back = store.table("t1")
    assert back is not None and back.secret == b"\xab" and back.deals == [["1 bid 2"]]
    assert back.seats == [SeatRow("Ann", "person", "d" * 64, "id-ann"), SeatRow("CPU 1", "open"),
                          SeatRow("Bob", "person", "e" * 64)]
    store.close()


def test_actions_stored_before_their_people_were_kept_read_back_without_one(pg_url: str) -> None:
    """A database at schema 4 gains who made each action; the actions it held have no person (their seat's
    holder is credited with them, as before)."""
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                     " applied TIMESTAMPTZ NOT NULL DEFAULT now())")
        for version, name, sql in MIGRATIONS[:4]:
            conn.execute(sql)
            conn.execute("INSERT INTO schema_migrations (version, name) VALUES (%s, %s)", (version, name))
        conn.execute("INSERT INTO tables (id, code, game, players, options, cpu, seed, turn_seconds, status)"
                     " VALUES ('t1', 'AAAAAA', 'nap', 3, '{}', 'random', 7, 0, 'playing')")
        conn.execute("INSERT INTO seats (table_id, seat, name, kind, token, identity) VALUES"
                     " ('t1', 0, 'Ann', 'person', %s, 'id-ann'), ('t1', 1, 'CPU 1', 'open', NULL, NULL),"
                     " ('t1', 2, 'CPU 2', 'open', NULL, NULL)", ("d" * 64,))
        conn.execute("INSERT INTO actions VALUES ('t1', 0, 0, '1 bid 2', true), ('t1', 0, 1, '2 pass', false)")
    store = PgTableStore(pg_url, "ws://a/game")
    store.adopt()
    store.add_action("t1", 0, 2, "0 pass", actor=Actor("Ann", "id-ann"))
    back = store.table("t1")
    assert back is not None and back.deals == [["1 bid 2", "2 pass", "0 pass"]] and back.cpu_steps == {(0, 0)}
    assert back.actors == {(0, 2): Actor("Ann", "id-ann")}
    store.close()


def test_processes_starting_together_migrate_once(pg_url: str) -> None:
    errors: list[BaseException] = []

    def start() -> None:
        try:
            PgTableStore(pg_url, "ws://x/game").close()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT count(*) FROM schema_migrations").fetchone() == (len(MIGRATIONS),)


def test_a_table_round_trips_with_its_big_seed(pg_url: str) -> None:
    store = PgTableStore(pg_url, "ws://a/game")
    store.create(_row("t1", "AAAAAA"))
    store.add_action("t1", 0, 0, "1 bid 2")
    store.add_action("t1", 0, 1, "2 pass", by_cpu=True)
    store.add_action("t1", 0, 2, "0 pass", actor=Actor("Ann", "a" * 64))
    store.set_seat("t1", 1, SeatRow("Bob", "person", "e" * 64, joined_deal=0))
    back = store.table("t1")
    assert back is not None
    assert back.seed == 2**100 + 7 and back.options == {"deals_per_player": 1}
    assert [s.name for s in back.seats] == ["Ann", "Bob", "CPU 2"] and back.seats[1].token == "e" * 64
    assert [s.joined_deal for s in back.seats] == [None, 0, None]
    assert back.deals == [["1 bid 2", "2 pass", "0 pass"]] and back.cpu_steps == {(0, 1)}
    assert back.actors == {(0, 2): Actor("Ann", "a" * 64)}
    assert store.code_taken("AAAAAA") and not store.code_taken("BBBBBB")
    with pytest.raises(psycopg.errors.UniqueViolation):
        store.add_action("t1", 0, 1, "2 pass")  # one action per step: a replayed write cannot double it
    store.close()


def test_leases_fence_the_old_owner_and_let_another_adopt(pg_url: str) -> None:
    first = PgTableStore(pg_url, "ws://a/game", lease_seconds=1.0)
    second = PgTableStore(pg_url, "ws://b/game", lease_seconds=1.0)
    first.create(_row("t1", "AAAAAA"))
    assert second.adopt() == [] and second.take("AAAAAA") is None  # the lease runs: nobody else takes it
    owner = second.owner("AAAAAA")
    assert owner is not None and owner.live and owner.url == "ws://a/game"
    assert first.renew(["t1"]) == {"t1"}
    first.add_action("t1", 0, 0, "1 bid 2")
    time.sleep(1.3)  # first stalls past its lease
    assert second.adopt() == ["t1"]
    with pytest.raises(LeaseLost):
        first.add_action("t1", 0, 1, "2 pass")
    with pytest.raises(LeaseLost):
        first.set_status("t1", "playing")
    assert first.renew(["t1"]) == set()  # it learns it lost the table
    second.add_action("t1", 0, 1, "2 pass")
    assert second.actions("t1") == {(0, 0, "1 bid 2"), (0, 1, "2 pass")}
    moved = first.owner("AAAAAA")
    assert moved is not None and moved.url == "ws://b/game"
    first.close()
    second.close()


def test_a_renewal_renews_only_the_tables_the_process_serves(pg_url: str) -> None:
    """A table this process holds but let go (the store was away) is not renewed: its lease runs out and
    another process adopts it, while the served one stays."""
    first = PgTableStore(pg_url, "ws://a/game", lease_seconds=30.0)
    second = PgTableStore(pg_url, "ws://b/game", lease_seconds=30.0)
    first.create(_row("t1", "AAAAAA"))
    first.create(_row("t2", "BBBBBB"))
    with psycopg.connect(pg_url, autocommit=True) as conn:  # most of the lease has passed
        conn.execute("UPDATE tables SET lease_until = now() + interval '1 second'")
    assert first.renew(["t1"]) == {"t1"}
    with psycopg.connect(pg_url) as conn:
        leases = dict(conn.execute("SELECT id, lease_until > now() + interval '20 seconds' FROM tables").fetchall())
    assert leases == {"t1": True, "t2": False}
    time.sleep(1.2)
    assert second.adopt() == ["t2"]
    assert first.renew(["t1", "t2"]) == {"t1"}
    first.close()
    second.close()


def test_a_restarted_process_at_the_same_address_takes_its_tables_at_once(pg_url: str) -> None:
    before = PgTableStore(pg_url, "ws://a/game", lease_seconds=30.0)
    before.create(_row("t1", "AAAAAA"))
    before.close()  # killed: its lease still runs for 30 s
    other = PgTableStore(pg_url, "ws://b/game")
    assert other.adopt() == []
    again = PgTableStore(pg_url, "ws://a/game")
    assert list(again.open_tables()) == []  # nothing before it listens and knows its address
    assert again.adopt(mine_before=True) == ["t1"]
    again.add_action("t1", 0, 0, "1 bid 2")
    other.close()
    again.close()


def test_the_lobby_lists_public_tables_of_every_process(pg_url: str) -> None:
    first = PgTableStore(pg_url, "ws://a/game")
    second = PgTableStore(pg_url, "ws://b/game")
    first.create(_row("t1", "AAAAAA", Listing(public=True, rated=True, language="ja")))
    second.create(_row("t2", "BBBBBB"))
    second.create(_row("t3", "CCCCCC", Listing(public=True, practice=True, language="lt")))
    listed = {t.code: t for t in first.listing()}
    assert set(listed) == {"AAAAAA", "CCCCCC"}
    assert listed["AAAAAA"].rated and listed["AAAAAA"].language == "ja" and listed["AAAAAA"].seats_free == 2
    assert listed["AAAAAA"].host == "Ann" and listed["CCCCCC"].practice and not listed["CCCCCC"].rated
    second.set_seat("t3", 1, SeatRow("Bob", "person", "e" * 64))
    assert {t.code: t.seats_free for t in second.listing()}["CCCCCC"] == 1
    second.set_status("t3", "playing")
    assert {t.code: t.status for t in first.listing(game="nap")}["CCCCCC"] == "playing"
    assert first.listing(game="gops") == []
    first.close()
    second.close()


def test_concurrent_finishes_file_one_entry_and_rate_once(pg_url: str) -> None:
    record = finished_record("20261204-000000-aaaa", seed=3)
    histories = [PgHistory(pg_url) for _ in range(4)]
    keys = ["alice-key", "bob-key"]
    got: list[int] = []
    barrier = threading.Barrier(len(histories))

    def finish(history: PgHistory) -> None:
        barrier.wait()
        got.append(history.record_finished(record, keys))

    threads = [threading.Thread(target=finish, args=(h,)) for h in histories]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(got)) == 1 and len(got) == 4
    assert histories[0].entries("20261204-000000-aaaa") == 1
    for key in keys:
        rating = histories[0].rating("gops", key)
        assert rating is not None and rating.matches == 1
    for history in histories:
        history.close()


def test_concurrent_matches_of_one_player_lose_no_rating_update(pg_url: str) -> None:
    histories = [PgHistory(pg_url) for _ in range(6)]
    barrier = threading.Barrier(len(histories))

    def finish(index: int) -> None:
        record = finished_record(f"20261204-000000-{index:04d}", seed=index)
        barrier.wait()
        histories[index].record_finished(record, ["shared-key", f"other-{index}"])

    threads = [threading.Thread(target=finish, args=(i,)) for i in range(len(histories))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rating = histories[0].rating("gops", "shared-key")
    assert rating is not None and rating.matches == len(histories)
    for history in histories:
        history.close()


def test_a_seat_the_cpu_helped_is_rated_apart_from_its_identity_and_never_on_the_board(pg_url: str) -> None:
    record = finished_record("20261204-000000-help", seed=5)
    save = record["save"]
    assert isinstance(save, dict)
    save["cpu"], save["assisted"] = [3, 0], True  # the server's CPU made three of the first seat's actions
    history = PgHistory(pg_url)
    history.record_finished(record, ["alice-key", "bob-key"])
    assert history.rating("gops", "alice-key") is None
    shared = history.rating("gops", "shared:alice-key")
    assert shared is not None and shared.matches == 1
    assert [row.player for row in history.board("gops")] == ["bob-key"]
    kinds = history.conn.execute("SELECT kind FROM match_seats ORDER BY seat").fetchall()
    assert [k for k, in kinds] == ["shared", "person"]
    history.close()


def test_a_seat_two_people_played_is_rated_apart_from_both_and_never_on_the_board(pg_url: str) -> None:
    record = finished_record("20261207-000000-pair", seed=6)
    both = group_key([Actor("Ann", "alice-key"), Actor("Cat", "cat-key")])
    history = PgHistory(pg_url)
    history.record_finished(record, [both, "bob-key"])
    assert history.rating("gops", "alice-key") is None and history.rating("gops", "cat-key") is None
    shared = history.rating("gops", both)
    assert shared is not None and shared.matches == 1
    assert [row.player for row in history.board("gops")] == ["bob-key"]
    rows = history.conn.execute("SELECT player, kind FROM match_seats ORDER BY seat").fetchall()
    assert [tuple(r) for r in rows] == [(both, "shared"), ("bob-key", "person")]
    helped = finished_record("20261207-000001-pair", seed=7)
    save = helped["save"]
    assert isinstance(save, dict)
    save["cpu"], save["assisted"] = [2, 0], True  # the CPU helped too: the key is not marked twice
    history.record_finished(helped, [both, "bob-key"])
    again = history.rating("gops", both)
    assert again is not None and again.matches == 2
    history.close()


def test_unrated_matches_are_filed_without_touching_ratings(pg_url: str) -> None:
    history = PgHistory(pg_url)
    first = history.record_finished(finished_record("t-practice", seed=1))
    assert history.record_finished(finished_record("t-practice", seed=1)) == first
    assert history.conn.execute("SELECT count(*) FROM ratings").fetchone() == (0,)
    assert history.board("gops") == []
    history.close()


def test_group_commits_write_every_owned_action_and_refuse_the_others(pg_url: str) -> None:
    """Actions of one moment go in one commit; each caller learns its own fate (a lost lease is refused)."""
    import asyncio

    mine = PgTableStore(pg_url, "ws://a/game")
    other = PgTableStore(pg_url, "ws://b/game")
    mine.create(_row("g1", "GGGGG1"))
    mine.create(_row("g2", "GGGGG2"))
    other.create(_row("g3", "GGGGG3"))

    async def play() -> list[BaseException | None]:
        mine.group_commits()
        futures = [mine.add_action("g1", 0, 0, "1 bid 2"), mine.add_action("g2", 0, 0, "1 pass"),
                   mine.add_action("g1", 0, 1, "2 pass"), mine.add_action("g3", 0, 0, "1 bid 3")]
        return await asyncio.gather(*(f for f in futures if f is not None), return_exceptions=True)

    outcome = asyncio.run(play())
    assert outcome[:3] == [None, None, None] and isinstance(outcome[3], LeaseLost)
    assert mine.actions("g1") == {(0, 0, "1 bid 2"), (0, 1, "2 pass")} and mine.actions("g2") == {(0, 0, "1 pass")}
    assert other.actions("g3") == set()
    mine.close()
    other.close()
