"""The PostgreSQL store's schema as numbered migrations, applied in order, each once, under a lock.

A later version appends a migration (never edits one that shipped): ``migrate`` applies the ones a database
lacks inside one transaction holding an advisory lock, so several server processes starting together
migrate once. A database migrated by a newer cardsuite is refused in one line rather than written to.
"""

from __future__ import annotations

from typing import Any

LOCK = 7_304_155_116  # the advisory lock key of cardsuite's migrations (any fixed number)

TABLES = """
CREATE TABLE processes (
    id TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    started TIMESTAMPTZ NOT NULL DEFAULT now(),
    seen TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options JSONB NOT NULL,
    cpu TEXT NOT NULL,
    seed NUMERIC NOT NULL,
    turn_seconds INTEGER NOT NULL,
    status TEXT NOT NULL,
    created TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated TIMESTAMPTZ NOT NULL DEFAULT now(),
    history_id BIGINT,
    owner TEXT,
    lease_until TIMESTAMPTZ NOT NULL DEFAULT now(),
    public BOOLEAN NOT NULL DEFAULT false,
    rated BOOLEAN NOT NULL DEFAULT false,
    practice BOOLEAN NOT NULL DEFAULT false,
    language TEXT NOT NULL DEFAULT '',
    extra JSONB NOT NULL DEFAULT '{}'
);
CREATE INDEX tables_open ON tables (lease_until) WHERE status <> 'finished' OR history_id IS NULL;
CREATE INDEX tables_owner ON tables (owner);
CREATE INDEX tables_lobby ON tables (game, updated) WHERE public AND status = 'lobby';
CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    token TEXT,
    identity TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    deal INTEGER NOT NULL,
    step INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (table_id, deal, step)
);
CREATE TABLE identities (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created TIMESTAMPTZ NOT NULL DEFAULT now(),
    seen TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE matches (
    id BIGSERIAL PRIMARY KEY,
    save_id TEXT UNIQUE,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    finished TIMESTAMPTZ NOT NULL DEFAULT now(),
    deals INTEGER NOT NULL,
    rated BOOLEAN NOT NULL,
    record JSONB NOT NULL
);
CREATE TABLE match_seats (
    match_id BIGINT NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    total DOUBLE PRECISION NOT NULL,
    result TEXT NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_seats_player ON match_seats (player);
CREATE TABLE ratings (
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    kind TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    matches INTEGER NOT NULL,
    PRIMARY KEY (game, player)
);
CREATE INDEX ratings_board ON ratings (game, (mu - 3 * sigma) DESC);
"""

MIGRATIONS: tuple[tuple[int, str, str], ...] = (
    (1, "tables, seats, actions, processes, identities, history and ratings", TABLES),
    (2, "each table's deal secret (tables made before keep dealing from their seed)",
     "ALTER TABLE tables ADD COLUMN secret TEXT;"),
    (3, "the deal each seat's person sat down during (they watch it: it survives a takeover)",
     "ALTER TABLE seats ADD COLUMN joined_deal INTEGER;"),
    (4, "whether the server's CPU made each action (the history counts it against the seat's person)",
     "ALTER TABLE actions ADD COLUMN by_cpu BOOLEAN NOT NULL DEFAULT false;"),
    (5, "who made each action the CPU did not (the history credits a seat only to the people who played it)",
     "ALTER TABLE actions ADD COLUMN by_name TEXT; ALTER TABLE actions ADD COLUMN by_identity TEXT;"),
)
"""(version, what it adds, SQL): append only."""


class SchemaError(RuntimeError):
    """The database cannot be used by this version (the message says why)."""


def latest() -> int:
    """The schema version this cardsuite writes."""
    return MIGRATIONS[-1][0]


def migrate(conn: Any) -> int:
    """Bring the database at ``conn`` (psycopg, autocommit) up to ``latest()``; how many migrations ran."""
    ran = 0
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                     " applied TIMESTAMPTZ NOT NULL DEFAULT now())")
        done = {int(r[0]) for r in conn.execute("SELECT version FROM schema_migrations").fetchall()}
        if done and max(done) > latest():
            raise SchemaError(f"the database was migrated by a newer cardsuite (schema {max(done)}, this one knows "
                              f"{latest()}): upgrade cardsuite")
        for version, name, sql in MIGRATIONS:
            if version in done:
                continue
            conn.execute(sql)
            conn.execute("INSERT INTO schema_migrations (version, name) VALUES (%s, %s)", (version, name))
            ran += 1
    return ran
