"""What the cards played tell of who is on which side in Napoleon: a seat that feeds an honour to Napoleon's
winning trick is suspected of being the adjutant, one that takes a trick from him is taken for an ally; the
reading of a deal's log carried from card to card for the search's rollouts (``Reading``, ``read_log``).
"""

from __future__ import annotations

from typing import Final, cast

from ...cards import BIT, JOKER, SUIT_OF, Card
from ...core.game import Event
from .deck import IS_HONOUR, PLAYERS
from .trick import winner_of

_MEMO_LIMIT: Final = 10_000
"""Entries the memo of ``trick_suspicion`` keeps before it starts again (bounds a table's memory)."""


def trick_suspicion(plays: tuple[tuple[int, Card], ...], led: int, trump: int, nap: int) -> tuple[int, ...]:
    """What one trick's (seat, card) plays tell of each seat: +2 to a seat that threw an honour of another
    suit on Napoleon's winning card, -1 to one that took the trick from Napoleon (by seat; Napoleon's 0).

    The trick's winner is followed card by card: the winner after one card is the winner before the next.
    """
    score = [0] * (max(seat for seat, _ in plays) + 1 if plays else 0)
    cards: tuple[Card, ...] = (plays[0][1],)
    seats: tuple[int, ...] = (plays[0][0],)
    now = 0  # the index of the card winning the trick so far
    for seat, card in plays[1:]:
        after = winner_of((*cards, card), led, trump, 2)[0]
        if seat != nap and seats[now] == nap:
            if after == now and IS_HONOUR[card] and SUIT_OF[card] != led:
                score[seat] += 2  # threw an honour on Napoleon's trick while void
            elif after == len(cards):
                score[seat] -= 1
        cards, seats, now = (*cards, card), (*seats, seat), after
    return tuple(score)


_TRICK_SUSPICION: dict[tuple[object, ...], tuple[int, ...]] = {}


def trick_suspicion_memo(plays: tuple[tuple[int, Card], ...], led: int, trump: int, nap: int) -> tuple[int, ...]:
    """``trick_suspicion`` of a trick, remembered (a pure function; search asks it again and again for the
    same tricks)."""
    key = (plays, led, trump, nap)
    found = _TRICK_SUSPICION.get(key)
    if found is None:
        if len(_TRICK_SUSPICION) > _MEMO_LIMIT:
            _TRICK_SUSPICION.clear()
        found = _TRICK_SUSPICION[key] = trick_suspicion(plays, led, trump, nap)
    return found


def add_suspicion(score: dict[int, int], deltas: tuple[int, ...]) -> None:
    """Add one trick's ``deltas`` (by seat) to the seats ``score`` counts."""
    for seat, delta in enumerate(deltas):
        if delta and seat in score:
            score[seat] += delta


class Reading:
    """What the cards played so far in one deal tell, read from its log up to ``done`` events: the mask of the
    cards played, each seat's ``suspicion`` from the complete tricks, and the trick being played (its
    (seat, card) plays and the suit led). For the search path (``NormalNapoleonBot.state_policy``): a view's
    ``played_mask`` and ``suspicion`` read the whole history at every card, which made a rollout's cost grow
    with the square of its length; a reading is carried from one card to the next and reads only the events
    logged since (``read_log``).

    Never changed once made (``read_log`` makes a new one), so that readings shared between policies, or
    between threads, cannot be seen half-updated. It holds the log it read (a list only ever appended to, and
    a clone of a state gets a list of its own), so the log's identity tells whether a reading goes on from it.
    Only the public ``play`` and ``trick`` events are read: what every seat's history shows alike.
    """

    __slots__ = ("done", "led", "log", "nap", "played", "plays", "scores", "trump")

    def __init__(self, log: list[Event], done: int, nap: int, trump: int, played: int, scores: tuple[int, ...],
                 plays: tuple[tuple[int, Card], ...], led: int) -> None:
        self.log = log
        self.done = done
        self.nap = nap
        self.trump = trump
        self.played = played
        self.scores = scores
        self.plays = plays
        self.led = led

    def suspicion(self) -> dict[int, int]:
        """``NormalNapoleonBot.suspicion`` at this point: the complete tricks' sums and the trick so far."""
        nap = self.nap
        score = {s: self.scores[s] for s in range(PLAYERS) if s != nap}
        if self.plays:  # the trick so far: remembered too, since each seat still to play asks it again
            add_suspicion(score, trick_suspicion_memo(self.plays, self.led, self.trump, nap))
        return score


def read_log(log: list[Event], nap: int, trump: int, before: Reading | None) -> Reading:
    """The reading of ``log`` as it is now (Napoleon at ``nap``, ``trump``; -1 each in the beginner game, where
    nobody's side is read), going on from ``before`` when it read a shorter part of this very log with the
    same Napoleon and trumps, else from the start. The same steps as ``played_mask`` and ``suspicion``."""
    length = len(log)
    if before is not None and before.log is log and before.nap == nap and before.trump == trump:
        if before.done == length:
            return before
        start, played, scores, plays, led = before.done, before.played, before.scores, before.plays, before.led
    else:
        start, played, scores, plays, led = 0, 0, (0,) * PLAYERS, (), -1
    for index in range(start, length):
        event = log[index]
        kind = event.kind
        if kind == "play":
            card = event.card
            if card is not None:
                played |= BIT[card]
                if event.seat is not None:
                    if not plays:
                        led = int(cast(int, dict(event.data)["suit"])) if card == JOKER else SUIT_OF[card]
                    plays = (*plays, (event.seat, card))
        elif kind == "trick":
            if nap >= 0:
                deltas = trick_suspicion_memo(plays, led, trump, nap)
                scores = tuple(s + (deltas[i] if i < len(deltas) and i != nap else 0) for i, s in enumerate(scores))
            plays = ()
    return Reading(log, length, nap, trump, played, scores, plays, led)
