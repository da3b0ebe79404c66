"""Finished matches and ratings in the shared PostgreSQL store: one entry per table, whoever files it.

Filing is keyed by the table id (the record's save id): two processes that both finish the same table (an old
owner and its successor) file one entry; the second gets the first one's id. A rated match updates its
players' OpenSkill ratings (``storage.ratings``: draws rate between a win and a loss) in the same transaction,
holding the players' rating rows locked in a fixed order, so concurrent matches never lose an update. A seat
the server's CPU played for part of the match (``save.cpu``) is rated apart from its identity, as
``shared:<identity>``, and never listed on the board, as the local history rates it apart; such a seat, and
one several identities played, still costs each identity that made its actions what it would have cost them
playing it alone, where that lowers their rating (``ratings.rate_played``). Ratings are per game and per
identity (``identity.py``); the names shown are labels.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import CardsuiteError
from ..core.match import winners
from ..core.record import replay
from ..core.registry import get_game
from ..storage.meta import counts
from ..storage.ratings import SHARED, Rating, rate_played
from ..storage.saves import save_meta
from .filing import RatedKeys
from .pglink import Link
from .pgschema import migrate


@dataclass(frozen=True)
class BoardRow:
    """One place on a game's leaderboard."""

    place: int
    player: str
    name: str
    rating: Rating

    def as_json(self) -> dict[str, object]:
        """The row on the wire: the shown number is the conservative ``ordinal``."""
        return {"place": self.place, "player": self.player[:12], "name": self.name,
                "rating": round(self.rating.ordinal, 2), "mu": round(self.rating.mu, 2),
                "sigma": round(self.rating.sigma, 2), "matches": self.rating.matches}


class PgHistory:
    """The history and ratings of a shared store (its own connection: filing runs off the event loop)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.link = Link(url, migrate)
        self.lock = threading.Lock()  # filing runs in worker threads; one transaction at a time

    @property
    def conn(self) -> Any:
        """The connection, opened on first use, and again after it was lost: take it once per call."""
        return self.link.get()

    def close(self) -> None:
        """Close the connection."""
        self.link.close()

    def record_finished(self, record: Mapping[str, object], rated_keys: Sequence[str] | None = None) -> int:
        """File a finished match once; its history id. ``rated_keys`` (one per seat: an identity, ``CPU
        <level>``, or a ``shared:`` key of a seat several people played) rates it; None files it unrated
        (practice tables, chosen seeds, unrated tables). ``filing.RatedKeys`` also names the identities who
        played each seat; a plain list stands for the one identity of each person's seat."""
        checked = replay(record, get_game)
        if not checked.complete:
            raise CardsuiteError("the match is not finished: only finished matches go into the history")
        meta = save_meta(record)
        raw_id = meta.get("id")
        save_id = raw_id if isinstance(raw_id, str) else None
        players = checked.players
        seats = list(checked.seats) + [{} for _ in range(players - len(checked.seats))]
        helped = counts(meta.get("cpu"), players)
        kinds = ["cpu" if s.get("kind") == "cpu" else SHARED if helped[i] else "person"
                 for i, s in enumerate(seats[:players])]
        names = [str(s.get("name", f"Seat {i}")) for i, s in enumerate(seats[:players])]
        keys = list(rated_keys) if rated_keys is not None else [
            f"CPU {seats[i].get('level')}" if kinds[i] == "cpu" else f"name:{names[i]}" for i in range(players)]
        if len(keys) != players:
            raise CardsuiteError("one rating key per seat is needed")
        shared = f"{SHARED}:"  # a seat several people played comes already keyed apart (filing.group_key)
        given = rated_keys.played_by if isinstance(rated_keys, RatedKeys) else None
        played_by = [list(given[i]) if given is not None and i < len(given) else
                     [] if kinds[i] == "cpu" or key.startswith(shared) else [key] for i, key in enumerate(keys)]
        kinds = [SHARED if kind == "person" and keys[i].startswith(shared) else kind for i, kind in enumerate(kinds)]
        keys = [shared + key if kinds[i] == SHARED and not key.startswith(shared) else key
                for i, key in enumerate(keys)]
        totals = [float(t) for t in checked.totals]
        best = winners(checked.totals)
        results = ["draw" if i in best and len(best) > 1 else "win" if i in best else "loss" for i in range(players)]
        game = checked.game.info.name
        with self.lock:
            return self._file(record, save_id, game, players, len(checked.deals), keys, kinds, names, totals, results,
                              played_by if rated_keys is not None else None)

    def _file(self, record: Mapping[str, object], save_id: str | None, game: str, players: int, deals: int,
              keys: Sequence[str], kinds: Sequence[str], names: Sequence[str], totals: Sequence[float],
              results: Sequence[str], played_by: Sequence[Sequence[str]] | None) -> int:
        rated = played_by is not None
        conn = self.conn
        with conn.transaction():
            row = conn.execute(
                "INSERT INTO matches (save_id, game, players, deals, rated, record) VALUES (%s, %s, %s, %s, %s, %s)"
                " ON CONFLICT (save_id) DO NOTHING RETURNING id",
                (save_id, game, players, deals, rated, json.dumps(record, ensure_ascii=False))).fetchone()
            if row is None:
                found = conn.execute("SELECT id FROM matches WHERE save_id = %s", (save_id,)).fetchone()
                return int(found[0])
            match_id = int(row[0])
            with conn.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO match_seats VALUES (%s, %s, %s, %s, %s, %s, %s)",
                    [(match_id, i, keys[i], kinds[i], names[i], totals[i], results[i]) for i in range(players)])
            if played_by is not None:
                self._rate(conn, game, keys, kinds, totals, played_by)
        return match_id

    @staticmethod
    def _rate(conn: Any, game: str, keys: Sequence[str], kinds: Sequence[str], totals: Sequence[float],
              played_by: Sequence[Sequence[str]]) -> None:
        """Rate the seats' keys, and charge the people who played a seat rated apart a loss that would lower
        their ratings (``rate_played``). A person charged nothing keeps a row of 0 matches: not yet rated."""
        kind_of = {p: "person" for seat in played_by for p in seat} | dict(zip(keys, kinds, strict=True))
        ordered = sorted(kind_of)
        fresh = Rating()
        with conn.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO ratings VALUES (%s, %s, %s, %s, %s, 0) ON CONFLICT DO NOTHING",
                [(game, k, kind_of[k], fresh.mu, fresh.sigma) for k in ordered])
        rows = conn.execute("SELECT player, mu, sigma, matches FROM ratings WHERE game = %s AND player = ANY(%s)"
                            " ORDER BY player FOR UPDATE", (game, ordered)).fetchall()
        known = {r[0]: Rating(float(r[1]), float(r[2]), int(r[3])) for r in rows}
        for key, rating in rate_played(known, keys, totals, played_by).items():
            conn.execute("UPDATE ratings SET mu = %s, sigma = %s, matches = %s WHERE game = %s AND player = %s",
                         (rating.mu, rating.sigma, rating.matches, game, key))

    def board(self, game: str, limit: int = 20) -> list[BoardRow]:
        """The best rated people of ``game`` by their conservative rating (CPUs are rated but not listed)."""
        rows = self.conn.execute(
            "SELECT r.player, COALESCE(i.name, ''), r.mu, r.sigma, r.matches FROM ratings r"
            " LEFT JOIN identities i ON i.id = r.player WHERE r.game = %s AND r.kind = 'person' AND r.matches > 0"
            " ORDER BY r.mu - 3 * r.sigma DESC, r.player LIMIT %s", (game, limit)).fetchall()
        return [BoardRow(i + 1, r[0], r[1], Rating(float(r[2]), float(r[3]), int(r[4]))) for i, r in enumerate(rows)]

    def rating(self, game: str, player: str) -> Rating | None:
        """One player's rating at ``game`` (None before their first rated match)."""
        row = self.conn.execute("SELECT mu, sigma, matches FROM ratings WHERE game = %s AND player = %s"
                                " AND matches > 0", (game, player)).fetchone()
        return None if row is None else Rating(float(row[0]), float(row[1]), int(row[2]))

    def entries(self, save_id: str) -> int:
        """How many history entries a table has (0 or 1): what the tests check after concurrent finishes."""
        row = self.conn.execute("SELECT count(*) FROM matches WHERE save_id = %s", (save_id,)).fetchone()
        return int(row[0])
