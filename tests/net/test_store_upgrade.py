"""A table database made by an earlier version opens in place: it gains the columns added since, and every
table, seat and action it held is read back as it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from cardsuite.net.rows import SeatRow
from cardsuite.net.store import ADDED, SCHEMA, TableStore


def test_a_database_of_the_first_schema_gains_the_added_columns_and_keeps_its_tables(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(SCHEMA)  # the columns every version had, none of those added later
    old.execute("INSERT INTO tables VALUES ('t1', 'ABCDEF', 'nap', 3, '{\"deals_per_player\": 1}', 'random', 7, 60,"
                " 'playing', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', NULL)")
    old.executemany("INSERT INTO seats VALUES ('t1', ?, ?, ?, ?)",
                    [(0, "Ann", "person", "d" * 64), (1, "Bob", "person", "e" * 64), (2, "CPU 2", "open", None)])
    old.executemany("INSERT INTO actions VALUES ('t1', 0, ?, ?)", [(0, "1 bid 2"), (1, "2 pass")])
    old.commit()
    old.close()

    store = TableStore(path)
    try:
        for table, column, _ in ADDED:
            assert column in {r[1] for r in store.conn.execute(f"PRAGMA table_info({table})")}, (table, column)
        (row,) = list(store.open_tables())
        assert (row.id, row.code, row.game, row.players, row.seed, row.turn_seconds, row.status) == (
            "t1", "ABCDEF", "nap", 3, 7, 60, "playing")
        assert row.options == {"deals_per_player": 1} and row.secret is None
        assert row.seats == [SeatRow("Ann", "person", "d" * 64), SeatRow("Bob", "person", "e" * 64),
                             SeatRow("CPU 2", "open")]
        assert row.deals == [["1 bid 2", "2 pass"]]
        assert row.actors == {} and row.cpu_steps == set()  # who made them was not kept: the seat's holder did
        store.set_seat("t1", 2, SeatRow("Cy", "person", "f" * 64, joined_deal=0))
    finally:
        store.close()

    again = TableStore(path)  # opening it again adds nothing and loses nothing
    try:
        seats = again.table("t1")
        assert seats is not None and seats.seats[2] == SeatRow("Cy", "person", "f" * 64, joined_deal=0)
        assert seats.seats[0].joined_deal is None
    finally:
        again.close()
