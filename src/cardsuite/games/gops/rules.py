"""The rules of GOPS / Goofspiel (2 or 3 players) as a ``State``: simultaneous bids, prize awards, the early end.

Only a single 2-player game (``games`` 1, no ``play_out``) ends early, when no prize left can change who
wins (decision 1 of ``docs/rules/gops.md``). 3-player games and every game of a longer match play all 13
prizes: the source counts after the 13th prize, and every prize counts toward a match total. Bids are
hidden until every seat has chosen (``core.simultaneous``). The cards and actions are in ``faces``, the
events in ``events``, what an option set fixes in ``tables``, the views in ``public``, the deal in ``deal``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from operator import rshift
from typing import Final

from ...cards import Card, cards_in
from ...core.errors import IllegalAction
from ...core.fast.intern import kept
from ...core.game import PUBLIC_SEAT, Action, DealSetup, DealSummary, Event, Score, SeatInfo, State, View
from ...core.message import Message, SeatRef, listed, msg
from ...core.options import Options
from ...core.simultaneous import SEAT_SETS, Simultaneous
from ...core.verbs import shown, well_typed
from .events import (
    CHOICE_FLAT,
    CHOSEN_EVENTS,
    REVEAL_EVENTS,
    REVEAL_PAIRS,
    RULES,
    award_event,
    show_points,
    summary_message,
)
from .faces import (
    BOTH,
    FACE_BIT,
    FACE_BY_ARGS,
    FACE_BY_ID,
    FACE_COLUMN,
    FACE_OF,
    LEGAL_BY_FACES,
    NO_IDS,
    NOBODY,
    PLAY,
    PLAY_VERB,
    ROUNDS,
    STANDARD_HANDS,
    STANDARD_MASKS,
    cards_left,
    face_mask,
    face_rank,
)
from .public import GopsDeal, bid_again, build_gops_field, gops_seats, gops_table, taken_from, with_choices
from .tables import Tables, fast_entry, tables_for


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
        self._ids = FACE_BY_ID
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
                self._ids = NO_IDS  # a face held twice: ``faces`` alone cannot follow the hand
        self.prizes = self._stock = prizes  # ``ties=rebid`` puts a tied prize back in front: a new list
        # Simultaneous's fields, set here (one call less per game)
        self.choices = [None] * players
        self.waiting = waiting = (1 << players) - 1
        self.to_act = SEAT_SETS[waiting]
        self.pts2 = [0] * players  # doubled points (split ties give halves)
        # one entry per resolved prize: (prize cards in the pot, each seat's face bid, winner or None, rule)
        self.rounds: list[tuple[tuple[Card, ...], tuple[int, ...], int | None, str]] = []
        # ``fast``: 2 players with the prize face up, so a round may be looked up (``Tables.fast``); ``quick``:
        # that and no pot carried now (``_resolve`` keeps it current), the one test ``apply`` makes for it
        self.fast = self.quick = players == 2 and not t.blind and t.ties != "rebid"
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
    _ids: dict[int, int] = FACE_BY_ID
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
        return DealSetup(None, tuple(tuple(h) for h in hands), tuple(self._stock))

    @property
    def discarded(self) -> tuple[Card, ...]:
        """The prizes nobody took (ties that discard or split them, a last tie, a pot worth 0), in order."""
        return tuple(c for pot, _faces, winner, rule in self.rounds
                     if winner is None and rule != "carry" and rule != "rebid" for c in pot)

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
            raise IllegalAction(msg("{seat} has no {rank} left", seat=SeatRef(seat), rank=face_rank(face)))
        faces[seat] = held ^ bit
        # Simultaneous.choose, inlined: this is the hottest spot of every GOPS playout
        waiting = self.waiting ^ 1 << seat
        if waiting:
            self.choices[seat] = face
            self.waiting = waiting
            self.to_act = SEAT_SETS[waiting]
            self.log.append(CHOSEN_EVENTS[seat])  # the public half: "seat N has chosen"
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
                entry = t.fast[key] = fast_entry(t, self.prizes[self.turn], c0, c1, seat)  # type: ignore[arg-type]
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
        self.log.append(CHOSEN_EVENTS[seat])
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
                                msg("{seat} must play a card by its rank (play K), not {action}",
                                    seat=SeatRef(seat), action=shown(action)))
        if self._ids is NO_IDS:
            return self._apply_held_twice(seat, face)
        return self.apply(seat, PLAY[face])

    def _apply_held_twice(self, seat: int, face: int) -> tuple[Event, ...]:
        """``apply`` for a game whose given hands hold a face twice (never the standard hands): the face
        stays in ``faces`` while the seat holds another card of it."""
        if not self.faces[seat] & FACE_BIT[face]:
            raise IllegalAction(msg("{seat} has no {rank} left", seat=SeatRef(seat), rank=face_rank(face)))
        self.faces[seat] = face_mask(cards_left(self._start[seat], [*self._bids(seat), face]))
        self.choices[seat] = face
        self.waiting ^= 1 << seat
        events = CHOICE_FLAT[seat * 14 + face]
        self.log.append(events[1])
        if self.waiting:
            self.to_act = SEAT_SETS[self.waiting]
            return events
        return events + self._resolve()

    def _why_not_seat(self, seat: object, action: object) -> Message:
        wrong = well_typed(seat, action)
        if wrong is not None:
            return wrong
        assert isinstance(seat, int)
        if not 0 <= seat < self.players:
            return msg("there is no seat {seat}", seat=seat)
        if self.is_over:
            return msg("the game is over")
        return msg("{seat} has already chosen a card for this prize", seat=SeatRef(seat))

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
        again = self.rounds and self.rounds[-1][3] == "rebid"  # this prize was tied and is bid for again
        if t.blind and not again:
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
        elif rule == "tie" and t.ties == "rebid" and not last:
            # decision 5: the cards stay played, nothing is carried, and the same prize is bid for again;
            # ``turn`` counts bid rounds, so the prize goes back in front of the ones still face down
            self.prizes = (*self.prizes[:turn], prize, *self.prizes[turn:])
            winner, rule = -1, "rebid"
        else:
            if rule == "tie" and t.ties == "split":
                for s in range(self.players):
                    self.pts2[s] += value
                rule = "split"
            elif rule == "tie":
                rule = "lost" if t.ties == "carry" else "discard"
            self.pot, self.pot_value = (), 0
            winner = -1
        key = pot_mask << 6 | (winner + 1) << 4 | RULES.index(rule)
        award = t.awards.get(key)
        if award is None:
            award = t.awards[key] = award_event(winner, cards_in(pot_mask), rule, value)
        self.rounds.append((pot, cards, None if winner < 0 else winner, rule))
        if last or (t.early_end and self._decided()):
            events = (*events, award)
            self.log += events
            return self._finish(events, last)
        else:
            self.choices = [None] * self.players
            self.waiting = waiting = (1 << self.players) - 1
            self.to_act = SEAT_SETS[waiting]
            events = ((*events, award) if t.blind or rule == "rebid"
                      else (*events, award, t.turn_events[self.prizes[turn]]))
            self._row = self.prizes[turn] * 392
            self.quick = self.fast and not self.pot
        self.log += events
        return events

    def _decided(self) -> bool:
        """Whether no prize still in play can change who wins (decision 1 of the spec)."""
        pts = sorted(self.pts2, reverse=True)
        lead = pts[0] - pts[1]
        t = self.t
        if t.ties == "rebid":  # r bid rounds left can win at most the r largest prizes still in play
            left = sorted((abs(t.value[c]) for c in self.prizes[self.turn:]), reverse=True)
            return lead > 2 * sum(left[:ROUNDS - self.turn])
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
        return kept(self.t.ends, key, self._make_end_event, 50_000)

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
            number = self._prizes_bid_for(self.turn + 1)  # the prize being bid for, a prize bid for again once
            return DealSummary(text=f"prize {number} of {ROUNDS}",
                               message=msg("prize {number} of {total}", number=number, total=ROUNDS))
        return kept(_SUMMARIES, (self.early, self._prizes_bid_for(self.turn), *self.pts2), self._end_summary, 20_000)

    def _prizes_bid_for(self, rounds: int) -> int:
        """How many prizes the first ``rounds`` bid rounds were for: one a round, but a prize bid for again
        (``ties=rebid``) once."""
        return len(set(self.prizes[:rounds])) if self.t.ties == "rebid" else rounds

    def _end_summary(self) -> DealSummary:
        """The summary of a finished game (made once per outcome: ``summary``)."""
        scores = ", ".join(show_points(s) for s in self.scores())
        top = self.winners()
        who = f"seat {top[0]} won" if len(top) == 1 else "a draw"
        prizes = self._prizes_bid_for(self.turn)
        early = f", decided after {prizes} prizes" if self.early else ""
        message = summary_message(top, scores, prizes, self.early)
        return DealSummary(text=f"{who} ({scores}){early}", message=message)

    def current_prize(self) -> Card | None:
        """The prize now being bid for, if it is face up (``None`` when over, or blind and not bid for again)."""
        if self.over or (self.t.blind and not bid_again(self.rounds)):
            return None
        return self.prizes[self.turn]

    def view(self, seat: int) -> View:
        """A few ints and the shared ``GopsDeal`` (``build_gops_field``); every other field is built when read."""
        waiting = self.waiting
        view: View = _new(View)  # its seat is built from the parts when read: a random bot reads only ``legal``
        _set_legal(view, LEGAL_BY_FACES[self.faces[seat]] if waiting >> seat & 1 else ())
        _set_parts(view, (build_gops_field, self._deal or self._shared(), seat, self.choices[seat], len(self.log),
                          self.turn, waiting))
        return view

    def public_view(self) -> View:
        view: View = _new(View)
        _set_legal(view, ())
        _set_parts(view, (build_gops_field, self._deal or self._shared(), PUBLIC_SEAT, None, len(self.log),
                          self.turn, self.waiting))
        return view

    def _shared(self) -> GopsDeal:
        """This game's ``GopsDeal``, made on its first view (``clone`` clears it: a copy's log is its own)."""
        deal = self._deal = GopsDeal(self.players, self.options, self.t, self.log, self.rounds, self._start)
        return deal

    def window(self, seat: int) -> View:
        """The view itself: it costs no more than a window would."""
        return self.view(seat)

    game = "gops"
    dealer = None

    @property
    def turned(self) -> tuple[Card, ...]:
        """The prizes turned so far (the current one too when it is face up), each once."""
        turned = self.prizes[:self.turn + (0 if self.over or self.t.blind else 1)]
        return tuple(dict.fromkeys(turned)) if self.t.ties == "rebid" else tuple(turned)

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
_new = object.__new__
_set_legal = View.__dict__["legal"].__set__
_set_parts = View.__dict__["parts"].__set__
