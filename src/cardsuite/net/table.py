"""One table on the server: its match, who holds each seat, who plays it now (a person or the CPU), timers.

Plain Python, no I/O but the store it is given: the server (``server.py``) feeds it requests and the
time, and sends what it says. The match is rebuilt from the stored actions on a restart (``from_row``).

Who plays a seat: an ``open`` seat (nobody sat down, or its person left) is the CPU's. A person's seat is
the person's, except while they handed it to the CPU (``by_choice``), when their last connection has been
gone longer than the grace period, for one decision each time their turn timer runs out, and for the rest of
the deal during which they sat down (they watch it: nobody sees a CPU's hand by sitting down and leaving).
CPUs play only while at least one person is connected: a table everyone has left waits (it costs nothing),
and closes after ``Timing.idle_seconds`` (a lobby after ``Timing.lobby_seconds``, and also when its host alone
has been gone that long: only the host starts it); a table whose people all gave their seats up, or whose host
gave the seat up in the lobby, closes at once.

The deals come from the table's secret (``dealing.KeyedRandom``), stored with it and never sent; a table
created with a chosen seed is a practice table, said so to everyone, and never filed in the history.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from ..bots.base import levels_for, no_level
from ..core.errors import ActionSyntaxError, CardsuiteError, IllegalAction, message_of, reason_of
from ..core.game import DealSummary, Event, Game, Score, State, View
from ..core.match import Match, SeatSpec
from ..core.message import Message, english, msg
from ..core.record import score_json
from ..core.registry import get_game
from . import refusals
from .cpumarks import CpuMarks
from .dealing import KeyedRandom, new_secret, practice_key
from .names import skeleton
from .protocol import ProtocolError, new_token, token_digest, token_matches
from .rows import Actor, Listing, SeatRow, TableRow
from .storeapi import NotStored, Store
from .wire import encode_message


@dataclass
class Timing:
    """How long things take at this server: turn timer default, grace, CPU pace, pause between deals."""

    turn_seconds: int = 60
    grace_seconds: float = 30.0
    cpu_delay: float = 0.8
    deal_pause: float = 20.0
    lobby_seconds: float = 600.0  # a lobby nobody is connected to closes after this
    idle_seconds: float = 1800.0  # a started table nobody is connected to closes after this


FINISHED_LINGER = 60.0
"""Seconds a finished table stays in memory after its last person left (its result is in the history)."""

@dataclass
class Seat:
    """Who holds a seat and what the server knows of their connection."""

    name: str
    kind: str  # "person" or "open"
    token: str | None = None  # the token's digest
    connections: int = 0
    gone_since: float | None = None
    by_choice: bool = False
    dropped: bool = False  # gone longer than the grace period: the CPU plays the seat until they return
    ready: bool = False
    waiting_since: float | None = None  # when this seat's current decision began
    identity: str | None = None  # the player identity's id (rated tables rate it), never the key
    joined_deal: int | None = None  # the deal the person sat down during: they watch it, the CPU plays it

    def row(self) -> SeatRow:
        """The seat as stored."""
        return SeatRow(self.name, self.kind, self.token, self.identity, self.joined_deal)


@dataclass(frozen=True)
class Due:
    """The next thing the table does by itself, and when (monotonic seconds)."""

    kind: str  # "cpu", "timeout", "grace", "deal", "finish", "close" (nobody is coming back), "drop" (done)
    at: float
    seat: int | None = None


def new_table_id() -> str:
    """A table id that sorts by time and never repeats: ``20261130-004812-9f2c4a1b``."""
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + secrets.token_hex(4)


def watcher_view(state: State) -> View:
    """What everyone may know: the contract's public view, all a watcher is sent."""
    return state.public_view()


class Table:
    """A table: settings, seats, the match, and what is due next."""

    def __init__(self, row: TableRow, game: Game, timing: Timing, store: Store) -> None:
        self.row = row
        self.id = row.id
        self.code = row.code
        self.game = game
        self.timing = timing
        self.store = store
        self.options = game.resolve_options(row.options, row.players)
        self.seats = [Seat(s.name, s.kind, s.token, identity=s.identity, joined_deal=s.joined_deal)
                      for s in row.seats]
        self.listing = row.listing
        self.rematch: set[int] = set()  # seats whose people asked for a rematch
        self.next_code: str | None = None  # the rematch's table, once it started
        rng = KeyedRandom(row.secret) if row.secret is not None else None
        self.match = Match(game, row.players, self.options, row.seed, self.seat_specs(), rng=rng)
        self.alone_since: float | None = time.monotonic()  # since when no person is connected
        self.status = row.status
        self.history_id = row.history_id
        self.version = 0
        self.moves = 0
        self.options_wire: str | None = None  # the options as JSON text (viewtext.options_text)
        self.rngs = [random.Random(secrets.randbits(64)) for _ in self.seats]
        self.deal_over_since: float | None = None
        self.cpu_actions = [0] * len(self.seats)  # per seat: the actions the server's CPU made in it
        self.cpu_marks = CpuMarks()  # the deal under way's events the server's CPU made, history by history
        self.closed_why: Message | None = None  # why the table closed, told to everyone at it

    # -- building ---------------------------------------------------------------------------------
    @classmethod
    def create(
        cls, store: Store, timing: Timing, code: str | Callable[[], str], game_name: str, players: int | None,
        options: dict[str, object], cpu: str, host_name: str, turn_seconds: int | None, seed: int | None,
        listing: Listing | None = None, identity: str | None = None,
    ) -> tuple[Table, str]:
        """A new table in the lobby with its host in seat 0; the table and the host's seat token.

        A chosen ``seed`` makes a practice table, never rated; a rated table needs the host's identity. ``code``
        may be what gives the code once everything else is checked (it may refuse: the creator's allowance).
        ``NotStored`` when the store refuses to write it."""
        listing = listing or Listing()
        if seed is not None:
            if listing.rated:
                raise ProtocolError("bad_table", msg(refusals.SEED_PRACTICE))
            listing = Listing(listing.public, False, True, listing.language)
        if listing.rated and identity is None:
            raise ProtocolError("identity", msg(refusals.RATED_IDENTITY))
        try:
            game = get_game(game_name)
        except CardsuiteError as exc:
            raise ProtocolError("bad_table", message_of(exc)) from None
        count = players if players is not None else game.info.default_players
        try:
            resolved = game.resolve_options(options, count)
            levels = levels_for(game)
        except CardsuiteError as exc:
            raise ProtocolError("bad_table", message_of(exc)) from None
        if cpu not in levels:
            raise ProtocolError("bad_table", no_level(game, cpu))
        if turn_seconds is None:
            from_option = resolved.get("turn_timer", 0)
            turn_seconds = from_option if isinstance(from_option, int) and from_option > 0 else timing.turn_seconds
        if callable(code):
            code = code()
        token = new_token()
        seats = [SeatRow(host_name, "person", token_digest(token), identity)]
        seats += [SeatRow(f"CPU {i}", "open") for i in range(1, count)]
        secret = new_secret() if seed is None else practice_key(seed)
        row = TableRow(new_table_id(), code, game.info.name, count, dict(resolved.non_default()), cpu,
                       seed or 0, turn_seconds, "lobby", "", seats, listing=listing, secret=secret)
        try:
            store.create(row)
        except Exception as exc:
            raise NotStored(exc) from exc
        return cls(row, game, timing, store), token

    @classmethod
    def from_row(cls, row: TableRow, timing: Timing, store: Store) -> Table:
        """A stored table, its match rebuilt by replaying its actions from the seed."""
        table = cls(row, get_game(row.game), timing, store)
        match = table.match
        for number, lines in enumerate(row.deals):
            if number:
                match.next_deal()
            for step, line in enumerate(lines):
                seat_text, _, text = line.partition(" ")
                by_cpu = (number, step) in row.cpu_steps
                under_way = by_cpu and number == len(row.deals) - 1  # only the last deal's marks are ever sent
                before = table.cpu_marks.lengths(match.state) if under_way else {}
                match.act(int(seat_text), table.game.parse_action(text))
                if by_cpu:
                    table.cpu_actions[int(seat_text)] += 1
                if under_way:
                    table.cpu_marks.record(match.state, int(seat_text), before)
        for seat in table.seats:
            seat.gone_since = time.monotonic() if seat.kind == "person" else None
        table.start_waiting(time.monotonic())
        if match.deal_over:
            table.deal_over_since = time.monotonic()
        return table

    def seat_specs(self) -> tuple[SeatSpec, ...]:
        """The seats as the record names them: people by name, open seats as CPUs of the table's level."""
        return tuple(SeatSpec(s.name) if s.kind == "person" else SeatSpec(s.name, "cpu", self.row.cpu)
                     for s in self.seats)

    # -- seats ------------------------------------------------------------------------------------
    def sit(self, name: str, identity: str | None = None, token: str | None = None) -> tuple[int, str]:
        """Seat a newcomer in the first open seat (a CPU plays it until then); the seat and its token (the
        one the newcomer brought, or a new one)."""
        if self.status == "finished":
            raise ProtocolError("state", msg(refusals.THIS_MATCH_OVER))
        if self.listing.rated and identity is None:
            raise ProtocolError("identity", msg(refusals.SIT_WITH_IDENTITY))
        if identity is not None and any(s.identity == identity and s.kind == "person" for s in self.seats):
            raise ProtocolError("identity_taken", msg(refusals.IDENTITY_SEATED))
        taken = next((s.name for s in self.seats if s.kind == "person" and skeleton(s.name) == skeleton(name)), None)
        if taken is not None:  # the same name, or one that reads as it ("Аnn" in Cyrillic for "Ann")
            raise ProtocolError("name_taken", msg(refusals.NAME_TAKEN, name=taken))
        for index, seat in enumerate(self.seats):
            if seat.kind == "open":
                token = token or new_token()
                under_way = self.status == "playing" and not self.match.deal_over
                self.seats[index] = Seat(name, "person", token_digest(token), waiting_since=seat.waiting_since,
                                         identity=identity, joined_deal=self.step()[0] if under_way else None)
                self.store.set_seat(self.id, index, self.seats[index].row())
                self.match.seats = self.seat_specs()
                self.changed()
                return index, token
        raise ProtocolError("full", msg(refusals.FULL))

    def seat_of_token(self, token: str) -> int:
        """The seat this token holds (every seat is compared, in constant time each)."""
        found = self.find_token(token)
        if found is None:
            raise ProtocolError("bad_token", msg(refusals.TOKEN_ELSEWHERE))
        return found

    def find_token(self, token: str) -> int | None:
        """The seat this token holds, or None (every seat is compared, in constant time each)."""
        found = None
        for index, seat in enumerate(self.seats):
            if token_matches(token, seat.token) and seat.kind == "person":
                found = index
        return found

    def people_here(self) -> bool:
        """Whether any person holding a seat is connected now (watchers do not count)."""
        return any(s.kind == "person" and s.connections for s in self.seats)

    def _presence(self, now: float) -> None:
        here = self.people_here()
        if here:
            self.alone_since = None
        elif self.alone_since is None:
            self.alone_since = now

    def connect(self, seat: int, now: float | None = None) -> None:
        """A connection for ``seat`` opened: the person is back (a CPU that stood in stops)."""
        info = self.seats[seat]
        info.connections += 1
        info.gone_since, info.dropped = None, False
        self._presence(time.monotonic() if now is None else now)
        self.changed()

    def disconnect(self, seat: int, now: float) -> None:
        """A connection for ``seat`` closed; with none left, the grace period starts."""
        info = self.seats[seat]
        info.connections = max(0, info.connections - 1)
        if not info.connections:
            info.gone_since = now
        self._presence(now)
        self.changed()

    def leave(self, seat: int, now: float | None = None) -> None:
        """The person gives the seat up: the CPU plays it from now on, and a newcomer may take it."""
        info = self.seats[seat]
        info.kind, info.token, info.by_choice, info.connections, info.gone_since = "open", None, False, 0, None
        self.store.set_seat(self.id, seat, info.row())
        self.match.seats = self.seat_specs()
        self._presence(time.monotonic() if now is None else now)
        self.changed()

    def set_by_choice(self, seat: int, on: bool) -> None:
        """The person hands the seat to the CPU (``on``) or takes it back."""
        self.seats[seat].by_choice = on
        self.changed()

    def cpu_plays(self, seat: int, now: float) -> bool:
        """Whether the CPU plays ``seat`` now (a timeout aside)."""
        info = self.seats[seat]
        return info.kind != "person" or info.by_choice or info.dropped or self.from_next_deal(seat)

    def from_next_deal(self, seat: int) -> bool:
        """Whether the seat's person sat down while this deal was under way (the CPU was playing the seat):
        they are sent its public view only and play from the next deal, so no hand is seen by sitting down."""
        joined = self.seats[seat].joined_deal
        return joined is not None and joined == self.step()[0]

    def grace_over(self, seat: int) -> None:
        """The person has been gone for the grace period: the CPU plays the seat until they return."""
        info = self.seats[seat]
        if info.gone_since is not None and info.kind == "person":
            info.dropped = True
            self.changed()

    @property
    def turn_seconds(self) -> int:
        """Seconds a person has for a decision (0: no limit)."""
        return self.row.turn_seconds

    # -- play -------------------------------------------------------------------------------------
    def start(self) -> None:
        """Leave the lobby: the first deal is on the table."""
        if self.status != "lobby":
            raise ProtocolError("state", msg(refusals.STARTED))
        self.status = "playing"
        self.store.set_status(self.id, "playing")
        self.start_waiting(time.monotonic())
        self.changed()

    def full_of_people(self) -> bool:
        """Whether every seat is a person's (the lobby then starts by itself)."""
        return all(s.kind == "person" for s in self.seats)

    def act(self, seat: int, text: str, now: float, by_cpu: bool = False) -> tuple[Event, ...]:
        """Apply ``text`` for ``seat`` and store it (``by_cpu``: the server's CPU decided it, which the filed
        record counts); refusals change nothing. Nobody may hear of it before its commit: ``writing``, when the
        store commits later."""
        if self.status != "playing":
            said = refusals.NOT_STARTED if self.status == "lobby" else refusals.MATCH_OVER
            raise ProtocolError("state", msg(said))
        match = self.match
        if match.deal_over:
            raise ProtocolError("state", msg(refusals.DEALING))
        try:
            action = self.game.parse_action(text)
            before = match.state.to_act
            lengths = self.cpu_marks.lengths(match.state) if by_cpu else {}
            events = match.act(seat, action)
        except (ActionSyntaxError, ValueError) as exc:
            why = reason_of(exc)
            raise ProtocolError("illegal", msg(refusals.NOT_AN_ACTION, reason=why) if isinstance(why, Message)
                                else f"not an action: {why}") from None
        except IllegalAction as exc:
            raise ProtocolError("illegal", reason_of(exc)) from None
        log = match.logs[-1]
        actor = None if by_cpu else Actor(self.seats[seat].name, self.seats[seat].identity)  # who to credit
        if actor is not None:
            self.row.actors[(len(match.logs) - 1, len(log.actions) - 1)] = actor
        try:
            self.writing = self.store.add_action(self.id, len(match.logs) - 1, len(log.actions) - 1, log.actions[-1],
                                                 by_cpu, actor)
        except Exception:
            self.broken = True
            raise
        if by_cpu:
            self.cpu_actions[seat] += 1
            self.cpu_marks.record(match.state, seat, lengths)
        self.seats[seat].ready = False
        self.seats[seat].waiting_since = None
        self._waiting_after(before, now)
        if match.deal_over:  # the results and totals changed: the table summary goes out again
            self.deal_over_since = now
            for info in self.seats:
                info.ready = False
            self.changed()
        self.moves += 1
        return events

    broken = False
    writing: Awaitable[None] | None = None  # the last action's commit, when the store finishes it later

    def _waiting_after(self, before: frozenset[int], now: float) -> None:
        for index in self.match.state.to_act:
            if index not in before or self.seats[index].waiting_since is None:
                self.seats[index].waiting_since = now

    def start_waiting(self, now: float) -> None:
        """Every seat to act starts its decision now (after a deal, a start or a restart)."""
        for index, info in enumerate(self.seats):
            info.waiting_since = now if index in self.match.state.to_act else None

    def mark_ready(self, seat: int, now: float) -> bool:
        """The person has seen the deal's result; True when everyone has (deal the next one now)."""
        self.seats[seat].ready = True
        return self.everyone_ready(now)

    def everyone_ready(self, now: float) -> bool:
        """Whether every seat a connected person plays has said ready."""
        return all(s.ready or self.cpu_plays(i, now) or not s.connections for i, s in enumerate(self.seats))

    def next_deal(self, now: float) -> None:
        """Deal the next deal (the match deals it from its seed: a restart deals the same cards)."""
        self.match.next_deal()
        self.cpu_marks.clear()
        self.deal_over_since = None
        self.start_waiting(now)
        self.changed()

    def finished(self, history_id: int | None) -> None:
        """The match is over and filed in the history (a practice match: not filed, ``None``)."""
        self.status = "finished"
        self.history_id = history_id
        self.store.set_status(self.id, "finished", history_id)
        self.changed()

    def close(self) -> None:
        """The table ends unfinished: nobody came back to it, its people all gave their seats up, or its host
        left its lobby (for good, or for longer than ``Timing.lobby_seconds``): everyone at it is told why."""
        if self.status == "lobby" and self.seats[0].kind != "person":
            self.closed_why = msg(refusals.HOST_LEFT)
        elif self.host_away():
            self.closed_why = msg(refusals.HOST_AWAY)
        self.status = "closed"
        self.store.set_status(self.id, "closed")
        self.changed()

    def why_closing(self) -> str | None:
        """Why the table closes at once, if it does: its people all left, or the host left the lobby."""
        if self.status in ("lobby", "playing") and not any(s.kind == "person" for s in self.seats):
            return "everyone at the table gave their seat up"
        if self.status == "lobby" and self.seats[0].kind != "person":
            return "the host left before the match started"
        return None

    def host_away(self) -> bool:
        """Whether the lobby's host has no connection (only the host starts the match: the lobby closes after
        ``Timing.lobby_seconds`` of it, whoever else waits)."""
        host = self.seats[0]
        return self.status == "lobby" and host.kind == "person" and host.gone_since is not None

    def changed(self) -> None:
        """The table's public facts (seats, status, results) changed: everyone gets the summary again."""
        self.version += 1

    # -- what is due ------------------------------------------------------------------------------
    def due(self, now: float) -> Due | None:
        """The next thing the table does by itself, or None (it waits for people)."""
        status = self.status
        if status == "closed":
            return None
        here = self.people_here()
        match = self.match
        if match.is_over and (status == "playing" or (self.history_id is None and not self.listing.practice)):
            return Due("finish", now)  # filed even when nobody is connected
        if status == "finished":
            return None if here else Due("drop", (self.alone_since or now) + FINISHED_LINGER)
        if self.why_closing() is not None:
            return Due("close", now)
        if not here:  # nobody to play for: the CPUs wait, and the table closes when nobody comes back
            wait = self.timing.lobby_seconds if status == "lobby" else self.timing.idle_seconds
            return Due("close", (self.alone_since or now) + wait)
        if status == "lobby":
            away = self.seats[0].gone_since
            return Due("close", away + self.timing.lobby_seconds) if self.host_away() and away is not None else None
        if match.deal_over:
            since = self.deal_over_since if self.deal_over_since is not None else now
            at = now if self.everyone_ready(now) else since + self.timing.deal_pause
            return Due("deal", max(at, since + min(self.timing.cpu_delay, self.timing.deal_pause)))
        found: list[Due] = []
        for index in sorted(match.state.to_act):
            info = self.seats[index]
            since = info.waiting_since if info.waiting_since is not None else now
            if self.cpu_plays(index, now):
                found.append(Due("cpu", since + self.timing.cpu_delay, index))
                continue
            if self.turn_seconds > 0:
                found.append(Due("timeout", since + self.turn_seconds, index))
        for index, info in enumerate(self.seats):
            if info.gone_since is not None and not self.cpu_plays(index, now):
                found.append(Due("grace", info.gone_since + self.timing.grace_seconds, index))
        return min(found, key=lambda d: d.at) if found else None

    def grace_left(self, seat: int, now: float) -> float | None:
        """Seconds until the CPU takes the seat of a person who dropped (None: not dropping now)."""
        info = self.seats[seat]
        if info.kind != "person" or info.gone_since is None or info.dropped:
            return None
        return round(max(0.0, info.gone_since + self.timing.grace_seconds - now), 1)

    def seconds_left(self, now: float) -> dict[str, float]:
        """Each waited-for person's time left on the turn timer (seat as a string key)."""
        out: dict[str, float] = {}
        if self.turn_seconds <= 0 or self.status != "playing" or self.match.deal_over:
            return out
        for index in self.match.state.to_act:
            since = self.seats[index].waiting_since
            if since is not None and not self.cpu_plays(index, now):
                out[str(index)] = round(max(0.0, since + self.turn_seconds - now), 1)
        return out

    # -- what people see --------------------------------------------------------------------------
    def summary(self, now: float, seat: int | None) -> dict[str, object]:
        """The public facts of the table (no cards): seats, status, totals, the deals' results."""
        match = self.match
        return {
            "table": self.id,
            "code": self.code,
            "game": self.game.info.name,
            "title": self.game.info.title,
            "players": match.players,
            "status": self.status,
            "you": seat,
            "host": seat == 0,
            "cpu": self.row.cpu,
            "turn_seconds": self.turn_seconds,
            "grace_seconds": self.timing.grace_seconds,
            "paused": self.status == "playing" and not self.people_here(),
            "options": dict(self.options.non_default()),
            "seats": [
                {"name": s.name, "kind": s.kind, "connected": s.connections > 0, "cpu": self.cpu_plays(i, now),
                 "grace_left": self.grace_left(i, now), "from_next_deal": self.from_next_deal(i),
                 "cpu_moves": self.cpu_actions[i]}
                for i, s in enumerate(self.seats)
            ],
            "deal": len(match.logs) - 1,
            "totals": [score_json(t) for t in match.totals],
            "results": [result_json(r.summary, r.scores) for r in match.results],
            "match_over": match.is_over,
            "history_id": self.history_id,
            "public": self.listing.public,
            "rated": self.listing.rated,
            "practice": self.listing.practice,
            "language": self.listing.language,
            "rematch": sorted(self.rematch),
            "next_code": self.next_code,
            "closed_why": closed_json(self.closed_why),
        }

    def step(self) -> tuple[int, int]:
        """(deal, actions so far in it): the moment a view shows."""
        return len(self.match.logs) - 1, len(self.match.logs[-1].actions)


def result_json(summary: DealSummary, scores: Sequence[Score]) -> dict[str, object]:
    """A finished deal for the ``table`` message: its scores, its summary in English (``text``) and, where the
    game gives one, the same words without a language (``message``), which each client shows in its own."""
    out: dict[str, object] = {"scores": [score_json(x) for x in scores], "text": summary.text,
                              "declarer": summary.declarer, "contract": summary.contract, "made": summary.made,
                              "redeal": summary.redeal}
    if summary.message is not None:
        out["message"] = encode_message(summary.message)
    return out


def closed_json(why: Message | None) -> dict[str, object] | None:
    """Why a table closed for the ``table`` message: its English line and its words (as a refusal's)."""
    if why is None:
        return None
    words = refusals.encode_words(why)
    return {"message": english(why), **({"words": words} if words is not None else {})}


def names_of(seats: Sequence[Seat]) -> tuple[str, ...]:
    """The seat names in order."""
    return tuple(s.name for s in seats)
