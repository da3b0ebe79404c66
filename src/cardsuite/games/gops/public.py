"""What everyone may know of a GOPS game and what the table shows: ``View.table`` and ``View.seats``,
the views' shared facts (``GopsDeal``, ``GopsFacts``) and the history a seat may see.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Container, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Protocol, cast

from ...cards import Card
from ...core.fast.facts import EMPTY, PublicFacts
from ...core.fast.views import sorted_hand
from ...core.game import Event, Score, SeatInfo, View
from ...core.options import Options
from ...core.simultaneous import SEAT_SETS
from .events import CHOICE_FLAT, CHOSEN_PRIVATE, half
from .faces import ALL_FACES, FACE_ORDER, PRIZES_IN_ORDER, ROUNDS, SEAT_SUITS, cards_left
from .tables import Tables

Round = tuple[tuple[Card, ...], tuple[int, ...], int | None, str]
"""A resolved prize: the prize cards in the pot, each seat's face bid, the winner or ``None``, the rule."""


def with_choices(log: Sequence[Event], length: int, rounds: Sequence[Round], resolved: int,
                 pending: Sequence[int | None], seats: Container[int]) -> tuple[Event, ...]:
    """``log[:length]`` (public events) with the private ``choose`` event of every seat in ``seats`` put
    back just before that seat's ``chosen`` event: its bid in round ``k`` is ``rounds[k]``'s face while
    ``k < resolved``, else its ``pending`` one."""
    out: list[Event] = []
    counts = [0, 0, 0]
    for event in log[:length]:
        if event.kind == "chosen":
            seat = cast(int, event.seat)
            if seat in seats:
                k = counts[seat]
                counts[seat] = k + 1
                face = rounds[k][1][seat] if k < resolved else pending[seat]
                out.append(CHOICE_FLAT[seat * 14 + cast(int, face)][0])
        out.append(event)
    return tuple(out)


class GopsDeal:
    """What every view of one GOPS game shares: the players, options and tables, and the two lists that
    only grow and hold nothing hidden: the public log and the resolved rounds (``GopsState.log`` and
    ``rounds``). No hand, no pending bid, no prize not yet turned: a view may keep it.

    ``moments`` keeps each moment's ``GopsFacts`` (keyed by the prizes resolved and the seats still to
    bid, which together fix everything public), so the ``table`` and ``seats`` of a moment are built once.
    """

    __slots__ = ("log", "moments", "options", "players", "rounds", "starts", "t")

    def __init__(self, players: int, options: Options, t: Tables, log: list[Event], rounds: list[Round],
                 starts: Sequence[int]) -> None:
        self.players = players
        self.options = options
        self.t = t
        self.log = log
        self.rounds = rounds
        self.starts = starts  # each seat's starting hand (a bitmask); no secret once dealt to it
        self.moments: dict[int, GopsFacts] = {}

    def facts(self, turn: int, waiting: int, length: int) -> GopsFacts:
        """The public facts when ``turn`` prizes were resolved, ``waiting`` had still to bid and the log
        was ``length`` long."""
        key = turn << 3 | waiting
        found = self.moments.get(key)
        if found is None:
            found = self.moments[key] = GopsFacts(self, turn, waiting, length)
        return found


def build_gops_field(parts: tuple[Any, ...], name: str) -> object:
    """The value of the field ``name`` of a GOPS view made from ``parts`` (``AttributeError`` for a name that
    is not a field).

    A GOPS view's parts (``View.parts``) are a plain tuple, ``(build_gops_field, deal, seat, own, length,
    turn, waiting)`` (``core.game.BuildTuple``: made and freed for less than a tuple subclass, and a
    random playout makes one per bid). ``deal`` is the game's ``GopsDeal``; the rest are ints taken when
    the view was made: the seat's own pending bid (a face, or ``None``; its hand then is its starting hand,
    ``deal.starts[seat]``, without the faces it had bid, in the resolved rounds and this one), the length
    of the public log, the prizes resolved and the seats still to bid. The view's ``legal`` is set when it
    is made (a random bot reads nothing else); its ``seat``, like every other field, is built from these
    when first read.
    """
    _, deal, seat, own, length, turn, waiting = parts
    if name == "seat":
        return seat
    if name == "hand":
        if seat < 0:
            return ()
        bids = [r[1][seat] for r in deal.rounds[:turn]]
        if own is not None:
            bids.append(own)
        hand = cards_left(deal.starts[seat], bids)
        return sorted_hand(hand, FACE_ORDER) if hand else ()
    if name == "history":
        if seat < 0:
            return tuple(deal.log[:length])
        return with_choices(deal.log, length, deal.rounds, turn, (own, own, own), (seat,))
    if name == "private":
        return EMPTY if own is None else CHOSEN_PRIVATE[own]
    if name == "table":
        return deal.facts(turn, waiting, length).table()
    if name == "seats":
        return deal.facts(turn, waiting, length).seats()
    if name == "phase":
        return "bid" if waiting else "over"
    if name == "to_act":
        return SEAT_SETS[waiting]
    if name == "is_over":
        return not waiting
    if name == "game":
        return "gops"
    if name == "players":
        return deal.players
    if name == "options":
        return deal.options
    if name == "dealer":
        return None
    raise AttributeError(name)


class GopsFacts(PublicFacts):
    """What everyone may know of a GOPS game at one moment (see ``core.fast.views``), worked out from the
    public lists of its ``GopsDeal`` when a view's ``table`` or ``seats`` is first read: the prizes turned
    (the public log's prize events), the resolved rounds (a prefix of the list, which only grows), and
    from them the points and the pot; who has chosen (``waiting``)."""

    __slots__ = (
        "n_rounds",
        "options",
        "over",
        "players",
        "pot",
        "pot_value",
        "pts2",
        "rounds",
        "t",
        "turn",
        "turned",
        "waiting",
    )
    game = "gops"
    dealer = None
    options: Options

    def __init__(self, deal: GopsDeal, turn: int, waiting: int, length: int) -> None:
        t = self.t = deal.t
        self.players = deal.players
        self.options = deal.options
        self.turn = self.n_rounds = turn
        self.over = not waiting
        self.waiting = waiting
        self.moment = length
        self.turned = tuple(cast(Card, e.card) for e in deal.log[:length] if e.kind == "prize")
        self.rounds = deal.rounds
        pts2 = [0] * deal.players
        pot: tuple[Card, ...] = ()
        pot_value = 0
        for cards, _faces, winner, rule in deal.rounds[:turn]:
            value = sum(t.values[c] for c in cards)
            pot, pot_value = (), 0
            if winner is not None:
                pts2[winner] += 2 * value
            elif rule == "split":
                for s in range(deal.players):
                    pts2[s] += value
            elif rule == "carry":
                pot, pot_value = cards, value
        self.pot = pot
        self.pot_value = pot_value
        self.pts2 = tuple(pts2)

    @property
    def phase(self) -> str:  # type: ignore[override]
        return "over" if self.over else "bid"

    @property
    def to_act(self) -> frozenset[int]:  # type: ignore[override]
        return SEAT_SETS[self.waiting]

    @property
    def is_over(self) -> bool:  # type: ignore[override]
        return self.over

    def build_table(self) -> dict[str, object]:
        return gops_table(self)

    @property
    def chosen(self) -> frozenset[int]:
        """The seats that have chosen in this round (their choices stay hidden)."""
        if self.over:
            return frozenset()
        return frozenset(s for s in range(self.players) if not self.waiting >> s & 1)

    def build_seats(self) -> tuple[SeatInfo, ...]:
        return gops_seats(self, self.table())


class GopsPublic(Protocol):
    """The public attributes the table is built from: a ``GopsState`` has them, and so does ``GopsFacts``."""

    players: int
    options: Options
    t: Tables
    turn: int
    over: bool
    pot_value: int

    @property
    def turned(self) -> tuple[Card, ...]: ...
    @property
    def rounds(self) -> Sequence[tuple[tuple[Card, ...], tuple[int, ...], int | None, str]]: ...
    @property
    def n_rounds(self) -> int: ...
    @property
    def pot(self) -> Sequence[Card]: ...
    @property
    def pts2(self) -> Sequence[int]: ...
    @property
    def chosen(self) -> frozenset[int]: ...


def gops_table(src: GopsPublic) -> dict[str, object]:
    """``View.table`` of a GOPS game."""
    t = src.t
    players = src.players
    rounds = src.rounds[:src.n_rounds]
    prize = None if src.over or (t.blind and not bid_again(rounds)) else src.turned[-1]
    played_faces = tuple(tuple(r[1][s] for r in rounds) for s in range(players))
    scores = tuple(half(p) for p in src.pts2)
    turned = set(src.turned)
    return {
        "prize": prize,
        "prize_value": None if prize is None else t.value[prize],
        "pot": tuple(src.pot),
        "pot_value": src.pot_value,
        "prizes_left": tuple(c for c in PRIZES_IN_ORDER if c not in turned),
        "round": min(src.turn + 1, ROUNDS),
        "played": played_faces,
        "remaining": tuple(tuple(f for f in ALL_FACES if f not in p) for p in played_faces),
        "points": scores,
        "taken": taken_from(rounds, players),
        "history": tuple(rounds),
        "chosen": src.chosen,
        "ties": t.ties,
        "memory": src.options.get("memory") is True,
        "values": tuple(sorted(t.value.items())),
        "seat_suits": SEAT_SUITS[:players],
    }


def bid_again(rounds: Sequence[Round]) -> bool:
    """Whether the prize now bid for was tied and is bid for again (``ties=rebid``): it is face up then, even
    with ``blind_prize`` (decision 5 of the spec), and it is the last prize turned."""
    return bool(rounds) and rounds[-1][3] == "rebid"


def gops_seats(src: GopsPublic, table: Mapping[str, object]) -> tuple[SeatInfo, ...]:
    """``View.seats`` of a GOPS game (from its ``table``): cards held, prizes taken, points."""
    points = cast("tuple[Score, ...]", table["points"])
    taken = cast("tuple[tuple[Card, ...], ...]", table["taken"])
    chosen = src.chosen
    return tuple(SeatInfo(s, ROUNDS - src.n_rounds - (s in chosen), len(taken[s]),
                          facts=MappingProxyType({"points": points[s]})) for s in range(src.players))


def taken_from(rounds: Sequence[tuple[tuple[Card, ...], tuple[int, ...], int | None, str]],
               players: int) -> tuple[tuple[Card, ...], ...]:
    """The prize cards each seat has taken, in the order taken, from the resolved rounds."""
    out: list[list[Card]] = [[] for _ in range(players)]
    for pot, _cards, winner, _rule in rounds:
        if winner is not None:
            out[winner] += pot
    return tuple(tuple(cards) for cards in out)


def memory_log(history: Sequence[Event], players: int) -> tuple[Event, ...]:
    """Play by memory: ``history`` without the played cards of rounds before the latest revealed one.

    A round's cards appear in its ``reveal`` events (and a seat's own ``choose`` event); they are kept
    for the latest revealed round and the round being bid, so a card is on show from its reveal until
    the next round is revealed, and no list of earlier plays builds up. Prizes and awards stay.
    """
    revealed = sum(1 for e in history if e.kind == "reveal") // players
    latest = max(0, revealed - 1)
    out: list[Event] = []
    reveals = 0
    for event in history:
        if event.kind == "reveal":
            reveals += 1
            if (reveals - 1) // players < latest:
                continue
        elif event.kind == "choose" and reveals // players < latest:
            continue
        out.append(event)
    return tuple(out)


MEMORY_HIDDEN = frozenset({"played", "remaining", "history"})
"""The ``View.table`` facts that list the faces bid in earlier rounds: a memory table shows none of them."""


def memory_view(view: View) -> View:
    """Play by memory: ``view`` as a memory table shows it, the history ``memory_log`` and the table without
    ``MEMORY_HIDDEN`` (the prizes, the points and the prizes each seat took stay: the log tells them too)."""
    table = MappingProxyType({k: v for k, v in view.table.items() if k not in MEMORY_HIDDEN})
    return dataclasses.replace(view, history=memory_log(view.history, view.players), table=table)
