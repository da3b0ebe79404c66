"""GOPS / Goofspiel (2 or 3 players): options, deal, simultaneous bids, prize awards and the early end.

Only a single 2-player game (``games`` 1, no ``play_out``) ends early, when no prize left can change who
wins (decision 1 of the spec). 3-player games and every game of a longer match play all 13 prizes: the
source counts after the 13th prize, and every prize counts toward a match total.

Follows ``docs/rules/gops.md``. Seat 0 holds spades, seat 1 hearts, seat 2 clubs (A..K each); the 13
diamonds are the prize pile, ``stock[0]`` turned first. A bid is written by rank alone (``play K``):
suits only tell whose card it is. Bids are hidden until every seat has chosen (``core.simultaneous``).

Speed matters (search bots and the OpenSpiel benchmark play many thousands of games), so everything on
the ``apply`` path is ints, bitmasks and events built once and reused.
"""

from __future__ import annotations

import random
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from operator import rshift
from types import MappingProxyType
from typing import Any, Final, Protocol, cast

from ...cards import CLUBS, DIAMONDS, HEARTS, RANK_OF, SPADES, SUIT_OF, Card, card_text, cards_in
from ...core.errors import IllegalAction, InvalidDeal
from ...core.game import PUBLIC_SEAT, Action, DealSetup, DealSummary, Event, Score, SeatInfo, State, View
from ...core.message import CardRef, CardsRef, Message, RankRef, SeatRef, listed, msg, msg_n, msg_p
from ...core.options import Options, OptionSpec
from ...core.simultaneous import SEAT_SETS, Simultaneous, choice_events
from ...core.verbs import Verb, shown, well_typed, word
from ...core.views import EMPTY, PublicFacts, sorted_hand

ROUNDS: Final = 13
SEAT_SUITS: Final = (SPADES, HEARTS, CLUBS)
"""The suit each seat holds: seat 0 spades, seat 1 hearts, seat 2 clubs (diamonds are the prizes)."""
FACE_LETTERS: Final = "A23456789TJQK"
FACE_NAMES: Final = ("", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
ALL_FACES: Final = tuple(range(1, 14))


def face_rank(face: int) -> RankRef:
    """A GOPS face (ace 1 .. king 13) as a rank to name in words."""
    return RankRef(14 if face == 1 else face)


OPTIONS: Final = (
    OptionSpec("ties", "carry", "When nobody takes a prize: carry it to the next, discard it, or split it (2 players).",
               choices=("carry", "discard", "split")),
    OptionSpec("negative_faces", False,
               "J, Q and K prizes are worth -1, -2 and -3; the lowest card takes a negative pot."),
    OptionSpec("ace", "low", "The ace: low (1), high (beats the king, prize worth 14), or beats only the king.",
               choices=("low", "high", "beats_king")),
    OptionSpec("blind_prize", False, "Bid without seeing the prize; it is turned after the bids."),
    OptionSpec("games", 1, "Games summed into one match.", minimum=1),
    OptionSpec("memory", False,
               "Play by memory: a card is shown in the round it is revealed only; no played-card panels or list."),
    OptionSpec("play_out", False,
               "A single 2-player game plays all 13 prizes even when its winner is already certain."),
)


def face_of_card(card: Card) -> int:
    """A hand card's face: ace 1, 2..10, jack 11, queen 12, king 13."""
    rank = RANK_OF[card]
    return 1 if rank == 14 else rank


def card_of(face: int, suit: int) -> Card:
    """The card of ``face`` (1..13) in ``suit``."""
    return suit * 13 + (face - 2) % 13


FACE_OF: Final[tuple[int, ...]] = tuple(face_of_card(c) for c in range(52))
FACE_COLUMN: Final[tuple[int, ...]] = (0,) + tuple(
    sum(1 << card_of(f, s) for s in (SPADES, HEARTS, CLUBS)) for f in ALL_FACES
)
"""``FACE_COLUMN[f]``: the bitmask of the non-diamond cards of face ``f``."""
PRIZES: Final = tuple(card_of(f, DIAMONDS) for f in ALL_FACES)
PRIZES_IN_ORDER: Final = tuple(sorted(PRIZES))
STANDARD_HANDS: Final = tuple(tuple(card_of(f, s) for f in ALL_FACES) for s in SEAT_SUITS)

PLAY: Final[dict[int, Action]] = {
    f: Action("play", (FACE_LETTERS[f - 1],), f"play {FACE_LETTERS[f - 1]}") for f in ALL_FACES
}
"""``PLAY[f]``: the interned action that bids face ``f``."""
FACE_BY_ARG: Final[dict[object, int]] = {FACE_LETTERS[f - 1]: f for f in ALL_FACES}
CHOICE_FLAT: Final[tuple[tuple[Event, ...], ...]] = tuple(
    choice_events(i // 14, "choose", f"seat {i // 14} chose the {FACE_NAMES[i % 14]}",
                  f"play {FACE_LETTERS[i % 14 - 1]}", (("face", i % 14),),
                  msg("{seat} chose the {rank}", seat=SeatRef(i // 14), rank=face_rank(i % 14))) if i % 14 else ()
    for i in range(3 * 14)
)
"""``CHOICE_FLAT[seat * 14 + f]``: the private and the public event of ``seat`` choosing face ``f``."""
REVEAL_EVENTS: Final[tuple[dict[int, Event], ...]] = tuple(
    {f: Event("reveal", s, f"seat {s} played the {FACE_NAMES[f]}", data=(("face", f),),
              message=msg("{seat} played the {rank}", seat=SeatRef(s), rank=face_rank(f))) for f in ALL_FACES}
    for s in range(3)
)
REVEAL_PAIRS: Final[tuple[tuple[Event, ...], ...]] = tuple(
    (REVEAL_EVENTS[0][pair // 14], REVEAL_EVENTS[1][pair % 14]) if pair // 14 and pair % 14 else ()
    for pair in range(14 * 14)
)
"""``REVEAL_PAIRS[f0 * 14 + f1]``: the two reveal events of a 2-player round."""
BOTH: Final = frozenset({0, 1})
STANDARD_MASKS: Final = tuple(sum(1 << c for c in hand) for hand in STANDARD_HANDS)
FACE_BY_ARGS: Final[dict[object, int]] = {(FACE_LETTERS[f - 1],): f for f in ALL_FACES}
PLAY_VERB: Final = Verb("play", (word(FACE_LETTERS, "a rank"),), "play <rank>, like play K")
"""The one verb of GOPS's one phase (``apply`` checks its shape before the hot path)."""
LEGAL_BY_FACES: Final[list[tuple[Action, ...]]] = [()] * 8192
"""``LEGAL_BY_FACES[faces]``: the play actions of a 13-bit face mask, ace first (``legal_of`` fills it in;
``()`` until then). The hot path indexes this list by the seat's face mask, a small int: a list of 8,192
slots stays in the processor's cache, where a dictionary keyed by whole-hand bitmasks (52-bit ints, one per
seat and subset) missed it on most lookups of a random game."""
NOBODY: Final = frozenset[int]()
FACE_BIT: Final = (0, *(1 << (f - 1) for f in ALL_FACES))
"""``FACE_BIT[f]``: face ``f``'s bit in a face mask."""
_FACE_BY_ID: Final = {id(PLAY[f]): f for f in ALL_FACES}
"""The face of each interned play action by identity (``PLAY`` lives as long as the module, so no other
object can share an id with one of them)."""
_NO_IDS: Final[dict[int, int]] = {}
"""``GopsState._ids`` of a game whose hands hold a face twice: every action takes the checked path."""


def legal_of(faces: int) -> tuple[Action, ...]:
    """The play actions for a 13-bit face mask (bit ``f - 1``), ace first (memoized in ``LEGAL_BY_FACES``)."""
    found = LEGAL_BY_FACES[faces]
    if not found and faces:
        found = LEGAL_BY_FACES[faces] = tuple(PLAY[f] for f in ALL_FACES if faces >> (f - 1) & 1)
    return found


def cards_left(start: int, played: Sequence[int]) -> int:
    """A starting hand bitmask without the cards of the faces ``played``, in order: the card behind a face
    is the lowest-numbered card of that face still held."""
    hand = start
    for face in played:
        held = hand & FACE_COLUMN[face]
        hand ^= held & -held
    return hand


def face_mask(hand: int) -> int:
    """The faces a hand bitmask holds, as a 13-bit mask with bit ``f - 1`` for face ``f``."""
    ranks = (hand | hand >> 13 | hand >> 26 | hand >> 39) & 0x1FFF  # bit r - 2 for rank r (ace 14 -> 12)
    return (ranks << 1 | ranks >> 12) & 0x1FFF


def parse_gops_action(text: str) -> Action:
    """``play <rank>``: ``play K``, ``play T``, ``play 10`` (case-insensitive)."""
    words = text.strip().upper().split()
    if len(words) != 2 or words[0] != "PLAY":
        raise ValueError("expected play <rank>, like play K or play 10")
    rank = "T" if words[1] == "10" else words[1]
    face = FACE_BY_ARG.get(rank)
    if face is None:
        raise ValueError(f"not a rank: {words[1]!r} (use A, 2-9, T or 10, J, Q or K; no suit)")
    return PLAY[face]


@dataclass
class Tables:
    """Everything the options fix, computed once per option set and shared by its deals."""

    players: int
    ties: str
    negative: bool
    ace: str
    blind: bool
    early_end: bool  # a single 2-player game without ``play_out``: stop once the winner is certain
    value: dict[Card, int]
    strength: tuple[int, ...]
    turn_events: dict[Card, Event]
    total_abs: int
    beats_king: bool = False
    higher: tuple[int, ...] = ()
    values: tuple[int, ...] = ()  # ``value`` as a tuple indexed by card, for the hot path
    turns: tuple[Event, ...] = ()  # ``turn_events`` as a tuple indexed by card (the 9D's event at 33)
    least_rest: tuple[int, ...] = ()  # least total |value| of the prizes left after ``turn`` are turned
    awards: dict[int, Event] = field(default_factory=dict)
    ends: dict[int, Event] = field(default_factory=dict)  # end events by outcome (``GopsState._end_event``)
    turns1: tuple[tuple[Event], ...] = ()  # ``turns`` each in a 1-tuple, ready to log and to return
    openings: tuple[tuple[int, tuple[Event]], ...] = ()  # per prize card: (its row in ``fast``, ``turns1``)
    fast: list[FastEntry | None] = field(default_factory=lambda: list[FastEntry | None]([None] * 53 * 196 * 2))


FastEntry = tuple[int, int, tuple[tuple[Card, ...], tuple[int, ...], int | None, str], tuple[Event, ...],
                  tuple[Event, ...]] | tuple[()]
"""A 2-player round decided without a pot: (the seat whose doubled points grow, by how much, the round's
record, events to log, events to return), or ``()``; ``_fast_entry``."""


def _fast_entry(t: Tables, prize: Card, f0: int, f1: int, last: int) -> FastEntry:
    """The outcome of a 2-player round for ``prize`` with faces ``f0``/``f1``, seat ``last`` bidding
    second, when no pot is carried: the seat whose doubled points grow and by how much (the winner, or
    seat 0 and nothing when a tie discards the prize), the round's record, the public events to log, and
    the events ``apply`` returns (the last bid's private and public events first). ``()`` for the rounds
    ``_resolve`` works out: a prize worth nothing or less, and ties that carry or split the prize."""
    winner = t.higher[f0 * 14 + f1]
    value = t.values[prize]
    if value <= 0 or (winner < 0 and t.ties != "discard"):
        return ()
    choice = CHOICE_FLAT[last * 14 + (f0, f1)[last]]
    if winner < 0:  # a tie, and ties discard the prize (one in 13 random rounds)
        tail = (*REVEAL_PAIRS[f0 * 14 + f1], _award_event(-1, (prize,), "discard", value))
        return 0, 0, ((prize,), (f0, f1), None, "discard"), (choice[1], *tail), choice + tail
    tail = (*REVEAL_PAIRS[f0 * 14 + f1], _award_event(winner, (prize,), "highest", value))
    return winner, 2 * value, ((prize,), (f0, f1), winner, "highest"), (choice[1], *tail), choice + tail


_TABLES: dict[tuple[object, ...], Tables] = {}
_BY_OPTIONS: dict[tuple[int, int], tuple[Options, Tables]] = {}


def prize_value(card: Card, options: Options) -> int:
    """What a prize card is worth under ``options``."""
    face = FACE_OF[card]
    if face == 1 and options.text("ace") == "high":
        return 14
    if face > 10 and options.flag("negative_faces"):
        return 10 - face
    return face


def tables_for(players: int, options: Options) -> Tables:
    """The shared tables of an option set (cached by value, and by identity for the hot path)."""
    hit = _BY_OPTIONS.get((id(options), players))
    if hit is not None and hit[0] is options:
        return hit[1]
    key = (players, *options.values())
    found = _TABLES.get(key)
    if found is None:
        value = {c: prize_value(c, options) for c in PRIZES}
        strength = (0, 14 if options.text("ace") == "high" else 1, *range(2, 14))
        turns = {c: Event("prize", None, f"prize: {card_name_gops(c)} ({value[c]:+d})".replace("(+", "("), card=c,
                          message=msg("prize: {card} ({value})", card=CardRef(c), value=value[c]))
                 for c in PRIZES}
        found = _TABLES[key] = Tables(players, options.text("ties"), options.flag("negative_faces"),
                                      options.text("ace"), options.flag("blind_prize"),
                                      early_end_applies(players, options),
                                      value, strength, turns, sum(abs(v) for v in value.values()),
                                      options.text("ace") == "beats_king", higher_table(strength,
                                      options.text("ace") == "beats_king"))
    found.values = tuple(found.value.get(c, 0) for c in range(53))
    found.turns = tuple(found.turn_events.get(c, found.turn_events[PRIZES[0]]) for c in range(53))
    found.turns1 = tuple((event,) for event in found.turns)
    found.openings = tuple((card * 392, found.turns1[card]) for card in range(53))
    if not LEGAL_BY_FACES[1]:  # once: every face mask's legal actions, made together (close in memory)
        for faces in range(8192):
            legal_of(faces)
    absolute = sorted(abs(v) for v in found.value.values())
    found.least_rest = tuple(sum(absolute[: ROUNDS - turn]) for turn in range(ROUNDS + 1))
    if len(_BY_OPTIONS) > 1000:
        _BY_OPTIONS.clear()
    _BY_OPTIONS[(id(options), players)] = (options, found)
    return found


def early_end_applies(players: int, options: Options) -> bool:
    """Whether a game may stop before its 13th prize: only a single 2-player game, unless ``play_out``."""
    return players == 2 and options.integer("games") == 1 and not options.flag("play_out")


def higher_table(strength: Sequence[int], beats_king: bool) -> tuple[int, ...]:
    """``table[f0 * 14 + f1]``: which of two bids (faces) is stronger, 0 or 1, or -1 for equal faces."""
    out = []
    for pair in range(14 * 14):
        f0, f1 = divmod(pair, 14)
        if f0 == f1 or not f0 or not f1:
            out.append(-1)
            continue
        if beats_king and 13 in (f0, f1):
            a, b = (14 if f0 == 1 else f0), (14 if f1 == 1 else f1)
        else:
            a, b = strength[f0], strength[f1]
        out.append(0 if a > b else 1)
    return tuple(out)


def card_name_gops(card: Card) -> str:
    """Words for a prize card: ``the 9 of diamonds``."""
    return f"the {FACE_NAMES[FACE_OF[card]]} of diamonds"


def cards_words(cards: Sequence[Card]) -> str:
    """Prize cards in words, ``the 5 and the queen of diamonds``."""
    faces = [FACE_NAMES[FACE_OF[c]] for c in cards]
    if len(faces) == 1:
        return f"the {faces[0]} of diamonds"
    return "the " + ", the ".join(faces[:-1]) + f" and the {faces[-1]} of diamonds"


def show_points(value: Score) -> str:
    """A score for event texts: ``9``, ``-2``, ``4.5``."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return str(float(value))
    return str(int(value))


def half(doubled: int) -> Score:
    """A doubled score as points: an int when whole, else a ``Fraction`` (split halves)."""
    return doubled >> 1 if not doubled & 1 else Fraction(doubled, 2)


class GopsState(Simultaneous[int], State):
    """One game of GOPS: 13 prizes, one simultaneous bid from every seat per prize.

    The bids are a ``Simultaneous`` round: the state is its own helper (``choices`` holds the hidden
    faces bid, 1..13; the card behind a face is the seat's lowest-numbered card of that face,
    cards, ``waiting`` who still has to bid), so the hot path reads them without an extra object.
    """

    def __init__(self, players: int, options: Options, hands: Sequence[Sequence[Card]], prizes: Sequence[Card],
                 tables: Tables | None = None) -> None:
        t = self.t = tables or tables_for(players, options)
        self.players = players
        self.options = options
        self._hands = hands
        # Every attribute ``apply``, ``view`` and a driver read is set on the instance, none left to a class
        # default: CPython 3.11 specialises reading an instance's own attribute, not a class's through it.
        self._ids = _FACE_BY_ID
        self.turn = 0
        self.pot = ()
        self.is_over = False
        self._deal = None
        if hands is STANDARD_HANDS:
            self._start = STANDARD_MASKS
            self.faces = [0x1FFF] * players
        else:
            self._start = tuple(sum(1 << c for c in h) for h in hands)
            self.faces = [face_mask(m) for m in self._start]
            if any(len(set(map(FACE_OF.__getitem__, h))) < len(h) for h in hands):
                self._ids = _NO_IDS  # a face held twice: ``faces`` alone cannot follow the hand
        self.prizes = prizes
        # Simultaneous's fields, set here (one call less per game)
        self.choices = [None] * players
        self.waiting = waiting = (1 << players) - 1
        self.to_act = SEAT_SETS[waiting]
        self.pts2 = [0] * players  # doubled points (split ties give halves)
        # one entry per resolved prize: (prize cards in the pot, each seat's face bid, winner or None, rule)
        self.rounds: list[tuple[tuple[Card, ...], tuple[int, ...], int | None, str]] = []
        # ``fast``: 2 players with the prize face up, so a round may be looked up (``Tables.fast``); ``quick``:
        # that and no pot carried now (``_resolve`` keeps it current), the one test ``apply`` makes for it
        self.fast = self.quick = players == 2 and not t.blind
        # the public events only, in order; a seat's own ``choose`` events are not kept here but put back
        # where they happened (just before the seat's ``chosen`` event) by ``events`` and by its views
        self.log: list[Event] = [] if t.blind else [t.turn_events[prizes[0]]]
        self._row = prizes[0] * 392  # where the current prize's rounds start in ``Tables.fast``

    # -- the contract -------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return "over" if self.over else "bid"

    # ``to_act`` and ``is_over`` are plain attributes, kept current by ``apply``: drivers read them
    # after every action, and an attribute is cheaper than a property.
    to_act: frozenset[int] = NOBODY
    is_over: bool = False
    _ids: dict[int, int] = _FACE_BY_ID
    """The face of each action ``apply`` may take on its short path, by the action's identity."""
    # ``faces[seat]``: the faces the seat still holds, a 13-bit mask (bit ``f - 1`` for face ``f``); the
    # cards behind them are the starting hand without the cards bid (``hands``)
    faces: list[int]
    pot: tuple[Card, ...] = ()  # prizes carried over by ties, oldest first
    # defaults read from the class until first written: fewer stores per new game
    _deal: GopsDeal | None = None  # what this game's views share (``GopsDeal``), made on the first view
    turn = 0  # index of the current prize in ``prizes``
    pot_value = 0
    over = False
    early = False

    def scores(self) -> tuple[Score, ...]:
        if self.t.ties != "split":  # every prize went whole to one seat or to nobody: even doubled points
            return tuple(map(rshift, self.pts2, _ONES))
        return tuple([p >> 1 if not p & 1 else Fraction(p, 2) for p in self.pts2])

    def events(self) -> tuple[Event, ...]:
        """Every event: the public log with each seat's private ``choose`` event put back before its
        ``chosen`` event (the face is the round's bid, or the seat's pending one)."""
        return with_choices(self.log, len(self.log), self.rounds, len(self.rounds), self.choices, range(self.players))

    def setup(self) -> DealSetup:
        hands = self._hands if self._hands is not STANDARD_HANDS else STANDARD_HANDS[: self.players]
        return DealSetup(None, tuple(tuple(h) for h in hands), tuple(self.prizes))

    @property
    def discarded(self) -> tuple[Card, ...]:
        """The prizes nobody took (ties that discard or split them, a last tie, a pot worth 0), in order."""
        return tuple(c for pot, _faces, winner, rule in self.rounds if winner is None and rule != "carry" for c in pot)

    @property
    def taken(self) -> tuple[tuple[Card, ...], ...]:
        """The prize cards each seat has taken, in the order taken (worked out from ``rounds``)."""
        return taken_from(self.rounds, self.players)

    def played_cards(self, seat: int, pending: bool = False) -> tuple[Card, ...]:
        """The cards ``seat`` has played to resolved prizes, in order (and its hidden bid if ``pending``)."""
        out = []
        hand = self._start[seat]
        for face in self._bids(seat, pending):
            held = hand & FACE_COLUMN[face]
            low = held & -held
            hand ^= low
            out.append(low.bit_length() - 1)
        return tuple(out)

    def _bids(self, seat: int, pending: bool = True) -> list[int]:
        """The faces ``seat`` has bid, in order: in the resolved rounds, and its hidden bid if ``pending``."""
        faces = [r[1][seat] for r in self.rounds]
        own = self.choices[seat]
        if pending and own is not None:
            faces.append(own)
        return faces

    @property
    def hands(self) -> list[int]:
        """Each seat's cards now, as bitmasks: its starting hand without the cards it has bid."""
        return [cards_left(self._start[s], self._bids(s)) for s in range(self.players)]

    def zones(self) -> dict[str, tuple[Card, ...]]:
        out = {f"hand {s}": tuple(cards_in(self.hands[s])) for s in range(self.players)}
        taken = self.taken
        for s in range(self.players):
            out[f"played {s}"] = self.played_cards(s)
            out[f"taken {s}"] = taken[s]
        out["chosen"] = tuple(self.played_cards(s, True)[-1] for s in range(self.players)
                              if self.choices[s] is not None)
        out["prizes"] = tuple(self.prizes[self.turn:])
        out["pot"] = tuple(self.pot)
        out["discarded"] = tuple(self.discarded)
        return out

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        # ``LEGAL_BY_FACES`` is whole once any option set's tables exist (``tables_for``), as this state's do
        if seat in self.to_act:
            return LEGAL_BY_FACES[self.faces[seat]]
        return ()

    def apply(self, seat: int, action: Action) -> tuple[Event, ...]:
        face = self._ids.get(id(action))  # the actions legal_actions gives (``PLAY``): their face, by identity
        if face is None or seat.__class__ is not int or seat not in self.to_act:
            return self._apply_checked(seat, action)
        faces = self.faces
        held = faces[seat]
        bit = FACE_BIT[face]
        if not held & bit:
            raise IllegalAction(f"seat {seat} has no {FACE_NAMES[face]} left")
        faces[seat] = held ^ bit
        # Simultaneous.choose, inlined: this is the hottest spot of every GOPS playout
        waiting = self.waiting ^ 1 << seat
        if waiting:
            self.choices[seat] = face
            self.waiting = waiting
            self.to_act = SEAT_SETS[waiting]
            self.log.append(_CHOSEN_EVENTS[seat])  # the public half: "seat N has chosen"
            return CHOICE_FLAT[seat * 14 + face]
        if self.quick:
            # The common case, inlined: 2 players, prize face up, no pot, a positive prize, and no tie or
            # one that discards the prize. Its whole outcome (winner, points, round record, events) depends
            # only on the prize and the two faces, so it is worked out once per option set and looked up.
            # The last bid is never stored in ``choices``: the round ends here.
            choices = self.choices
            key = self._row + (choices[0] * 28 + face * 2 + 1 if seat else face * 28 + choices[1] * 2)  # type: ignore[operator]
            t = self.t
            entry = t.fast[key]
            if entry is None:
                c0, c1 = (choices[0], face) if seat else (face, choices[1])
                entry = t.fast[key] = _fast_entry(t, self.prizes[self.turn], c0, c1, seat)  # type: ignore[arg-type]
            if entry:
                winner, gain, record, logged, returned = entry
                self.pts2[winner] += gain
                self.turn = turn = self.turn + 1
                self.rounds.append(record)
                log = self.log
                log += logged
                choices[seat ^ 1] = None
                if turn == ROUNDS or (t.early_end and self._decided()):
                    return self._finish(returned, turn == ROUNDS)
                self.waiting = 3
                self.to_act = BOTH
                self._row, prize_event = t.openings[self.prizes[turn]]
                log += prize_event
                return returned + prize_event
        self.choices[seat] = face
        self.waiting = 0
        self.log.append(_CHOSEN_EVENTS[seat])
        return CHOICE_FLAT[seat * 14 + face] + self._resolve()

    def _apply_checked(self, seat: object, action: object) -> tuple[Event, ...]:
        """``apply`` for anything but a seat still to bid with one of the interned actions: the whole
        preamble (types, seat, verb, the argument's shape), then ``apply`` with the interned action of the
        same bid, or ``IllegalAction``."""
        waiting = self.waiting
        if seat.__class__ is not int or action.__class__ is not Action or not 0 <= seat < self.players \
                or not waiting >> seat & 1:
            raise IllegalAction(self._why_not_seat(seat, action))
        try:  # FACE_BY_ARGS holds exactly the argument tuples PLAY_VERB fits: one lookup checks the shape
            face = FACE_BY_ARGS.get(action.args) if action.verb == "play" else None
        except TypeError:  # unhashable arguments
            face = None
        if face is None:
            raise IllegalAction(PLAY_VERB.refusal(action) if action.verb == "play" else
                                f"seat {seat} must play a card by its rank (play K), not {shown(action)}")
        if self._ids is _NO_IDS:
            return self._apply_held_twice(seat, face)
        return self.apply(seat, PLAY[face])

    def _apply_held_twice(self, seat: int, face: int) -> tuple[Event, ...]:
        """``apply`` for a game whose given hands hold a face twice (never the standard hands): the face
        stays in ``faces`` while the seat holds another card of it."""
        if not self.faces[seat] & FACE_BIT[face]:
            raise IllegalAction(f"seat {seat} has no {FACE_NAMES[face]} left")
        self.faces[seat] = face_mask(cards_left(self._start[seat], [*self._bids(seat), face]))
        self.choices[seat] = face
        self.waiting ^= 1 << seat
        events = CHOICE_FLAT[seat * 14 + face]
        self.log.append(events[1])
        if self.waiting:
            self.to_act = SEAT_SETS[self.waiting]
            return events
        return events + self._resolve()

    def _why_not_seat(self, seat: object, action: object) -> str:
        wrong = well_typed(seat, action)
        if wrong is not None:
            return wrong
        assert isinstance(seat, int)
        if not 0 <= seat < self.players:
            return f"there is no seat {seat}"
        if self.is_over:
            return "the game is over"
        return f"seat {seat} has already chosen a card for this prize"

    # -- resolving a prize --------------------------------------------------------------------------
    def _finish(self, events: tuple[Event, ...], last: bool) -> tuple[Event, ...]:
        """End the game: ``events`` (already logged) and the end event (logged here)."""
        self.early = not last
        self.over = self.is_over = True
        self.choices = [None] * self.players  # Simultaneous.start(0), inlined: nobody is to bid any more
        self.waiting = 0
        self.to_act = NOBODY
        end = self._end_event()
        self.log.append(end)
        return (*events, end)

    def _resolve(self) -> tuple[Event, ...]:
        t = self.t
        cards: tuple[int, ...] = tuple(self.choices)  # type: ignore[arg-type]  # faces
        prize = self.prizes[self.turn]
        prize_value = t.value[prize]
        pot = self.pot
        value = self.pot_value + prize_value
        winner: int | None = None
        events: tuple[Event, ...]
        if self.players == 2:
            f0, f1 = cards
            events = REVEAL_PAIRS[f0 * 14 + f1]
            if t.negative and value == 0:
                rule = "zero"
            elif f0 == f1:
                rule = "tie"
            else:
                if t.ace == "beats_king" and (f0 == 13 or f1 == 13):
                    a, b = (14 if f0 == 1 else f0), (14 if f1 == 1 else f1)
                else:
                    strength = t.strength
                    a, b = strength[f0], strength[f1]
                if value > 0:
                    rule = "highest"
                    winner = 0 if a > b else 1
                else:
                    rule = "lowest"
                    winner = 0 if a < b else 1
        else:
            faces = list(cards)
            events = tuple(REVEAL_EVENTS[s][f] for s, f in enumerate(faces))
            if t.ace == "beats_king" and 13 in faces:
                bids = [14 if f == 1 else f for f in faces]
            else:
                bids = [t.strength[f] for f in faces]
            a, b, c = bids
            if t.negative and value == 0:
                rule = "zero"
            elif a == b == c:
                rule = "tie"
            elif a in (b, c) or b == c:
                rule = "third"
                winner = 2 if a == b else (1 if a == c else 0)
            elif value > 0:
                rule = "highest"
                winner = bids.index(max(bids))
            else:
                rule = "lowest"
                winner = bids.index(min(bids))
        if t.blind:
            events = (t.turn_events[prize], *events)
        self.turn = turn = self.turn + 1
        last = turn == ROUNDS
        if pot:
            pot += (prize,)
            pot_mask = 0
            for card in pot:
                pot_mask |= 1 << card
        else:
            pot = (prize,)
            pot_mask = 1 << prize
        if winner is not None:
            self.pts2[winner] += 2 * value
            self.pot, self.pot_value = (), 0
        elif rule == "tie" and t.ties == "carry" and not last:
            self.pot, self.pot_value = pot, value
            winner, rule = -1, "carry"
        else:
            if rule == "tie" and t.ties == "split":
                for s in range(self.players):
                    self.pts2[s] += value
                rule = "split"
            elif rule == "tie":
                rule = "lost" if t.ties == "carry" else "discard"
            self.pot, self.pot_value = (), 0
            winner = -1
        key = pot_mask << 5 | (winner + 1) << 3 | RULES.index(rule)
        award = t.awards.get(key)
        if award is None:
            award = t.awards[key] = _award_event(winner, cards_in(pot_mask), rule, value)
        self.rounds.append((pot, cards, None if winner < 0 else winner, rule))
        if last or (t.early_end and self._decided()):
            events = (*events, award)
            self.log += events
            return self._finish(events, last)
        else:
            self.choices = [None] * self.players
            self.waiting = waiting = (1 << self.players) - 1
            self.to_act = SEAT_SETS[waiting]
            events = (*events, award) if t.blind else (*events, award, t.turn_events[self.prizes[turn]])
            self._row = self.prizes[turn] * 392
            self.quick = self.fast and not self.pot
        self.log += events
        return events

    def _decided(self) -> bool:
        """Whether no prize still in play can change who wins (decision 1 of the spec)."""
        pts = sorted(self.pts2, reverse=True)
        lead = pts[0] - pts[1]
        t = self.t
        if lead <= 2 * t.least_rest[self.turn]:  # cannot be decided yet, whatever is left: skip the sum
            return False
        rest = sum(abs(t.value[c]) for c in self.prizes[self.turn:]) + sum(abs(t.value[c]) for c in self.pot)
        return lead > 2 * rest

    def _end_event(self) -> Event:
        """The end event, made once per outcome (the option set's ``ends``, keyed by an int: whether the
        game ended early, then each seat's doubled points in 12 bits)."""
        key = int(self.early)
        for points in self.pts2:
            key = key << 12 | (points + 2048)
        ends = self.t.ends
        found = ends.get(key)
        if found is None:
            if len(ends) > 50_000:
                ends.clear()
            found = ends[key] = self._make_end_event()
        return found

    def _make_end_event(self) -> Event:
        scores = self.scores()
        best = max(scores)
        top = [s for s in range(self.players) if scores[s] == best]
        early = " (no prize left can change the result)" if self.early else ""
        if len(top) == 1:
            text = f"seat {top[0]} wins with {show_points(best)} points{early}"
            message = (msg("{seat} wins with {points} points (no prize left can change the result)",
                           seat=SeatRef(top[0]), points=best) if self.early
                       else msg("{seat} wins with {points} points", seat=SeatRef(top[0]), points=best))
            return Event("end", top[0], text, winner=top[0], scores=scores, message=message)
        names = " and ".join(f"seat {s}" for s in top)
        seats = listed([SeatRef(s) for s in top])
        message = (msg("a draw between {seats} on {points} points (no prize left can change the result)",
                       seats=seats, points=best) if self.early
                   else msg("a draw between {seats} on {points} points", seats=seats, points=best))
        return Event("end", None, f"a draw between {names} on {show_points(best)} points{early}", scores=scores,
                     message=message)

    # -- summaries and views ------------------------------------------------------------------------
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total (several for a draw)."""
        best = max(self.pts2)
        return tuple(s for s in range(self.players) if self.pts2[s] == best)

    def summary(self) -> DealSummary:
        if not self.over:
            return DealSummary(text=f"prize {self.turn + 1} of {ROUNDS}",
                               message=msg("prize {number} of {total}", number=self.turn + 1, total=ROUNDS))
        key = (self.early, self.turn, *self.pts2)
        found = _SUMMARIES.get(key)
        if found is None:
            if len(_SUMMARIES) > 20_000:
                _SUMMARIES.clear()
            found = _SUMMARIES[key] = self._end_summary()
        return found

    def _end_summary(self) -> DealSummary:
        """The summary of a finished game (made once per outcome: ``summary``)."""
        scores = ", ".join(show_points(s) for s in self.scores())
        top = self.winners()
        who = f"seat {top[0]} won" if len(top) == 1 else "a draw"
        early = f", decided after {self.turn} prizes" if self.early else ""
        message = _summary_message(top, scores, self.turn, self.early)
        return DealSummary(text=f"{who} ({scores}){early}", message=message)

    def current_prize(self) -> Card | None:
        """The prize now being bid for, if it is face up (``None`` when blind or over)."""
        if self.over or self.t.blind:
            return None
        return self.prizes[self.turn]

    def view(self, seat: int) -> View:
        """A few ints and the shared ``GopsDeal`` (``build_gops_field``); every other field is built when read."""
        deal = self._deal
        if deal is None:  # ``clone`` clears it: a copy's log is its own
            deal = self._deal = GopsDeal(self)
        waiting = self.waiting
        view: View = _new(View)  # its seat is built from the parts when read: a random bot reads only ``legal``
        _set_legal(view, LEGAL_BY_FACES[self.faces[seat]] if waiting >> seat & 1 else ())
        _set_parts(view, (build_gops_field, deal, seat, self.choices[seat], len(self.log), self.turn, waiting))
        return view

    def public_view(self) -> View:
        deal = self._deal
        if deal is None:
            deal = self._deal = GopsDeal(self)
        view: View = _new(View)
        _set_legal(view, ())
        _set_parts(view, (build_gops_field, deal, PUBLIC_SEAT, None, len(self.log), self.turn, self.waiting))
        return view

    def window(self, seat: int) -> View:
        """The view itself: it costs no more than a window would."""
        return self.view(seat)

    game = "gops"
    dealer = None

    @property
    def turned(self) -> tuple[Card, ...]:
        """The prizes turned so far (the current one too when it is face up)."""
        return tuple(self.prizes[:self.turn + (0 if self.over or self.t.blind else 1)])

    @property
    def n_rounds(self) -> int:
        """How many prizes have been resolved."""
        return len(self.rounds)

    def table(self) -> dict[str, object]:
        """The public table facts, from the live state (``View.table``)."""
        return gops_table(self)

    def seats(self) -> tuple[SeatInfo, ...]:
        """The public facts of every seat, from the live state (``View.seats``)."""
        return gops_seats(self, self.table())

    def clone(self) -> GopsState:
        other = GopsState.__new__(GopsState)
        other.__dict__.update(self.__dict__)
        other.faces = list(self.faces)
        other.players, other.choices, other.waiting = self.players, list(self.choices), self.waiting
        other.pts2 = list(self.pts2)
        other.rounds = list(self.rounds)
        other.log = list(self.log)
        other._deal = None  # the original's views share its log, not this one
        return other


_ONES: Final = (1, 1, 1)
"""One shift per seat: ``scores`` halves the doubled points with ``rshift``."""
_SUMMARIES: dict[tuple[object, ...], DealSummary] = {}
"""Finished games' summaries by (early, prizes resolved, doubled points): simulations end thousands alike."""

FACE_ORDER: Final = tuple(SUIT_OF[c] * 100 + FACE_OF[c] for c in range(52)) + (999,)
"""A GOPS hand's order (a sort key per card): by suit, then ace (1) up to king (13)."""


_new = object.__new__
_set_legal = View.__dict__["legal"].__set__
_set_parts = View.__dict__["parts"].__set__
Round = tuple[tuple[Card, ...], tuple[int, ...], int | None, str]
"""A resolved prize: the prize cards in the pot, each seat's face bid, the winner or ``None``, the rule."""

_CHOSEN_EVENTS: Final = tuple(CHOICE_FLAT[seat * 14 + 1][1] for seat in range(3))
"""``_CHOSEN_EVENTS[seat]``: the public ``seat N has chosen`` event (the second event of every bid's pair)."""
_CHOSEN_PRIVATE: Final = (EMPTY, *(MappingProxyType({"chosen": FACE_LETTERS[f - 1]}) for f in ALL_FACES))
"""A seat's own pending bid, for its view only: ``_CHOSEN_PRIVATE[face]``."""


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

    def __init__(self, state: GopsState) -> None:
        self.players = state.players
        self.options = state.options
        self.t = state.t
        self.log = state.log
        self.rounds = state.rounds
        self.starts = state._start  # each seat's starting hand (a bitmask); no secret once dealt to it
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
        return EMPTY if own is None else _CHOSEN_PRIVATE[own]
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
    """What everyone may know of a GOPS game at one moment (see ``core.views``), worked out from the
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
    prize = None if src.over or t.blind else src.turned[-1]
    rounds = src.rounds[:src.n_rounds]
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


RULES: Final = ("highest", "lowest", "third", "carry", "split", "discard", "lost", "zero")
_RULE_MESSAGES: Final = {
    "highest": msg_p("GOPS round", "the highest card"),
    "lowest": msg_p("GOPS round", "the lowest card (negative pot)"),
    "third": msg_p("GOPS round", "two cards tied, so the third player takes it"),
}
_RULE_WORDS: Final = {
    "highest": "the highest card",
    "lowest": "the lowest card (negative pot)",
    "third": "two cards tied, so the third player takes it",
}


def _award_event(winner: int, pot: Sequence[Card], rule: str, value: int) -> Event:
    words = cards_words(pot)
    data: tuple[tuple[str, object], ...] = (("prizes", tuple(pot)), ("value", value))
    if winner >= 0:
        text = f"seat {winner} takes {words} ({value:+d}): {_RULE_WORDS[rule]}"
        message = msg("{seat} takes {prizes} ({value:+}): {why}", seat=SeatRef(winner), prizes=CardsRef(tuple(pot)),
                      value=value, why=_RULE_MESSAGES[rule])
        return Event("award", winner, text, winner=winner, rule=rule, data=data, message=message)
    texts = {
        "carry": f"a tie: {words} carry over (pot {value:+d})",
        "split": f"a tie: {words} are split, {show_points(Fraction(value, 2))} each",
        "discard": f"a tie: {words} are discarded",
        "lost": f"a tie in the last round: {words} score for nobody",
        "zero": f"the pot sums to 0: {words} are removed and nobody scores",
    }
    prizes = CardsRef(tuple(pot))
    messages = {
        "carry": msg("a tie: {prizes} carry over (pot {value:+})", prizes=prizes, value=value),
        "split": msg("a tie: {prizes} are split, {points} each", prizes=prizes, points=Fraction(value, 2)),
        "discard": msg("a tie: {prizes} are discarded", prizes=prizes),
        "lost": msg("a tie in the last round: {prizes} score for nobody", prizes=prizes),
        "zero": msg("the pot sums to 0: {prizes} are removed and nobody scores", prizes=prizes),
    }
    return Event("tie" if rule != "zero" else "zero", None, texts[rule], rule=rule, data=data,
                 message=messages[rule])


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


def standard_hands(players: int) -> list[list[Card]]:
    """Each seat's full suit, ace to king: seat 0 spades, seat 1 hearts, seat 2 clubs."""
    return [list(STANDARD_HANDS[s]) for s in range(players)]


def new_gops_deal(players: int, options: Options, rng: random.Random | None,
                  hands: Sequence[Sequence[Card]] | None, stock: Sequence[Card] | None,
                  tables: Tables | None = None) -> GopsState:
    """A new game: the prize pile shuffled from ``rng``, or the given pile (and hands, else the standard ones)."""
    if players not in (2, 3):
        raise InvalidDeal(f"GOPS is for 2 or 3 players, not {players}")
    if hands is None:
        hands = STANDARD_HANDS
    else:
        if len(hands) != players:
            raise InvalidDeal(f"expected {players} hands, got {len(hands)}")
        seen = 0
        for seat, hand in enumerate(hands):
            if len(hand) != ROUNDS:
                raise InvalidDeal(f"seat {seat} holds {len(hand)} cards, not {ROUNDS}")
            for card in hand:
                if not 0 <= card < 52 or SUIT_OF[card] == DIAMONDS:
                    raise InvalidDeal(f"seat {seat} holds {card_text(card) if 0 <= card <= 52 else card}: "
                                      "hands hold spades, hearts or clubs (diamonds are the prizes)")
                if seen >> card & 1:
                    raise InvalidDeal(f"{card_text(card)} is dealt twice")
                seen |= 1 << card
    if stock:
        if len(stock) != ROUNDS or set(stock) != set(PRIZES):
            raise InvalidDeal("the prize pile (stock) must be the 13 diamonds, each once")
        prizes = list(stock)
    elif rng is not None:
        draw = rng.random  # a random key per card: one shuffle, cheaper than rng.shuffle on 13 cards
        prizes = sorted(PRIZES, key=lambda _: draw())
    else:
        raise InvalidDeal("a new game needs a random generator or the prize pile (stock)")
    return GopsState(players, options, hands, prizes, tables)


__all__ = [
    "ALL_FACES", "FACE_LETTERS", "FACE_NAMES", "FACE_OF", "OPTIONS", "PLAY", "PRIZES", "ROUNDS",
    "SEAT_SUITS", "GopsState", "Tables", "card_of", "face_mask", "legal_of", "memory_log", "new_gops_deal",
    "parse_gops_action", "standard_hands", "tables_for",
]


def _summary_message(top: Sequence[int], scores: str, prizes: int, early: bool) -> Message:
    """The deal page's line: who won (or a draw) with the points, and whether it was decided early."""
    if len(top) == 1:
        seat = SeatRef(top[0])
        if early:
            return msg_n("{seat} won ({scores}), decided after {n} prize",
                         "{seat} won ({scores}), decided after {n} prizes", prizes, seat=seat, scores=scores)
        return msg("{seat} won ({scores})", seat=seat, scores=scores)
    if early:
        return msg_n("a draw ({scores}), decided after {n} prize", "a draw ({scores}), decided after {n} prizes",
                     prizes, scores=scores)
    return msg("a draw ({scores})", scores=scores)
