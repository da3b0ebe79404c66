"""Nap's events, each made once: calls, the contract, trumps, plays, tricks and the score."""

from __future__ import annotations

from typing import Final

from ...cards import SUIT_NAMES, SUIT_OF, SUITS, card_name
from ...core.fast.intern import interned_event
from ...core.game import Event
from ...core.message import SeatRef, SuitRef, msg, msg_n
from ...core.tricks import HIGHEST, HIGHEST_TRUMP
from ..plays import PLAY_EVENTS, trick_message
from .bidding import BID_ACTIONS, BID_NAMES, BID_WORDS, LADDER

PASS_EVENTS: Final = tuple(Event("pass", seat, f"seat {seat} passed", action="pass",
                                 message=msg("{seat} passed", seat=SeatRef(seat))) for seat in range(6))
BID_EVENTS: Final = tuple(
    {b: Event("bid", seat, f"seat {seat} bid {BID_NAMES[b]}", action=BID_ACTIONS[b].text,
              message=msg("{seat} bid {bid}", seat=SeatRef(seat), bid=BID_WORDS[b])) for b in LADDER.bids}
    for seat in range(6)
)
CONTRACT_EVENTS: Final = tuple(
    {b: Event("contract", seat, f"seat {seat} declared {BID_NAMES[b]}", data=(("contract", b),),
              message=msg("{seat} declared {bid}", seat=SeatRef(seat), bid=BID_WORDS[b])) for b in LADDER.bids}
    for seat in range(6)
)
REDEAL_EVENTS: Final = tuple(Event("redeal", None, "everyone passed: the deal is thrown in", scores=(0,) * players,
                                   message=msg("everyone passed: the deal is thrown in")) for players in range(7))
"""``REDEAL_EVENTS[players]``: everyone passed."""
TRUMP_EVENTS: Final = tuple(
    tuple(Event("trump", seat, f"{SUIT_NAMES[suit]} are trumps", data=(("trump", suit),),
                message=msg("{suit} are trumps", suit=SuitRef(suit))) for suit in SUITS)
    for seat in range(6)
)
FIRST_LEAD_EVENTS: Final = tuple(tuple((TRUMP_EVENTS[seat][SUIT_OF[c]], PLAY_EVENTS[seat][c]) for c in range(52))
                                 for seat in range(6))
"""``FIRST_LEAD_EVENTS[seat][card]``: the declarer's first lead, naming trumps and played."""
TRICK_EVENTS: Final[list[Event | None]] = [None] * (6 * 53 * 2)
"""``TRICK_EVENTS[(winner * 53 + card) * 2 + ruffed]``: who won with which card, and whether by a trump on
another suit; made as they first occur."""


def trick_event(key: int) -> Event:
    """``seat N won the trick with ...`` for a ``TRICK_EVENTS`` key, with the reason ``standard_winner``
    gives; made and kept."""
    winner, rest = divmod(key, 106)
    card, ruffed = divmod(rest, 2)
    reason = HIGHEST_TRUMP if ruffed else HIGHEST[SUIT_OF[card]]
    event = TRICK_EVENTS[key] = Event("trick", winner, f"seat {winner} won the trick with {card_name(card)} ({reason})",
                                      card=card, winner=winner, rule=reason,
                                      message=trick_message(winner, card, reason))
    return event


def score_event(players: int, declarer: int, bid: str, taken: int, per: int) -> Event:
    """The settling event: the declarer made or failed ``bid`` with ``taken`` tricks, ``per`` from each
    opponent (made once per outcome)."""
    def make() -> Event:
        verdict = "made" if per > 0 else "failed"
        scores = tuple(per * (players - 1) if s == declarer else -per for s in range(players))
        text = (f"seat {declarer} {verdict} {BID_NAMES[bid]} with {taken} trick{'s' if taken != 1 else ''}:"
                f" {per * (players - 1):+d}, each opponent {-per:+d}")
        if per > 0:
            message = msg_n("{seat} made {bid} with {n} trick: {gain:+}, each opponent {loss:+}",
                            "{seat} made {bid} with {n} tricks: {gain:+}, each opponent {loss:+}", taken,
                            seat=SeatRef(declarer), bid=BID_WORDS[bid], gain=per * (players - 1), loss=-per)
        else:
            message = msg_n("{seat} failed {bid} with {n} trick: {gain:+}, each opponent {loss:+}",
                            "{seat} failed {bid} with {n} tricks: {gain:+}, each opponent {loss:+}", taken,
                            seat=SeatRef(declarer), bid=BID_WORDS[bid], gain=per * (players - 1), loss=-per)
        return Event("score", declarer, text, scores=scores, message=message)

    return interned_event(("nap-score", players, declarer, bid, taken, per), make)
