"""GOPS's events and their words: bids, reveals, awards, the end and the summary line, each made once."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from ...cards import Card
from ...core.fast.facts import EMPTY
from ...core.game import Event, Score
from ...core.message import CardRef, CardsRef, Message, SeatRef, msg, msg_n, msg_p
from ...core.simultaneous import choice_events
from .faces import ALL_FACES, FACE_LETTERS, FACE_NAMES, FACE_OF, SEAT_SUITS, card_of

CHOICE_FLAT: Final[tuple[tuple[Event, ...], ...]] = tuple(
    choice_events(i // 14, "choose", f"seat {i // 14} chose the {FACE_NAMES[i % 14]}",
                  f"play {FACE_LETTERS[i % 14 - 1]}", (("face", i % 14),),
                  msg("{seat} chose {card}", seat=SeatRef(i // 14),
                      card=CardRef(card_of(i % 14, SEAT_SUITS[i // 14])))) if i % 14 else ()
    for i in range(3 * 14)
)
"""``CHOICE_FLAT[seat * 14 + f]``: the private and the public event of ``seat`` choosing face ``f``."""
REVEAL_EVENTS: Final[tuple[dict[int, Event], ...]] = tuple(
    {f: Event("reveal", s, f"seat {s} played the {FACE_NAMES[f]}", data=(("face", f),),
              message=msg("{seat} played {card}", seat=SeatRef(s), card=CardRef(card_of(f, SEAT_SUITS[s]))))
     for f in ALL_FACES}
    for s in range(3)
)
REVEAL_PAIRS: Final[tuple[tuple[Event, ...], ...]] = tuple(
    (REVEAL_EVENTS[0][pair // 14], REVEAL_EVENTS[1][pair % 14]) if pair // 14 and pair % 14 else ()
    for pair in range(14 * 14)
)
"""``REVEAL_PAIRS[f0 * 14 + f1]``: the two reveal events of a 2-player round."""


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


CHOSEN_EVENTS: Final = tuple(CHOICE_FLAT[seat * 14 + 1][1] for seat in range(3))
"""``CHOSEN_EVENTS[seat]``: the public ``seat N has chosen`` event (the second event of every bid's pair)."""
CHOSEN_PRIVATE: Final = (EMPTY, *(MappingProxyType({"chosen": FACE_LETTERS[f - 1]}) for f in ALL_FACES))
"""A seat's own pending bid, for its view only: ``CHOSEN_PRIVATE[face]``."""
RULES: Final = ("highest", "lowest", "third", "carry", "split", "discard", "lost", "zero", "rebid")
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


def award_event(winner: int, pot: Sequence[Card], rule: str, value: int) -> Event:
    words = cards_words(pot)
    data: tuple[tuple[str, object], ...] = (("prizes", tuple(pot)), ("value", value))
    if winner >= 0:
        text = f"seat {winner} takes {words} ({value:+d}): {_RULE_WORDS[rule]}"
        message = msg("{seat} takes {prizes} ({value:+}): {why}", seat=SeatRef(winner), prizes=CardsRef(tuple(pot)),
                      value=value, why=_RULE_MESSAGES[rule])
        return Event("award", winner, text, winner=winner, rule=rule, data=data, message=message)
    one = len(pot) == 1  # one prize or several: the English verb agrees
    texts = {
        "carry": f"a tie: {words} {'carries' if one else 'carry'} over (pot {value:+d})",
        "split": f"a tie: {words} {'is' if one else 'are'} split, {show_points(Fraction(value, 2))} each",
        "discard": f"a tie: {words} {'is' if one else 'are'} discarded",
        "lost": f"a tie in the last round: {words} {'scores' if one else 'score'} for nobody",
        "rebid": f"a tie: everyone bids again for {words}",
        "zero": f"the pot sums to 0: {words} {'is' if one else 'are'} removed and nobody scores",
    }
    prizes, n = CardsRef(tuple(pot)), len(pot)
    messages = {
        "carry": msg_n("a tie: {prizes} carries over (pot {value:+})", "a tie: {prizes} carry over (pot {value:+})",
                       n, prizes=prizes, value=value),
        "split": msg_n("a tie: {prizes} is split, {points} each", "a tie: {prizes} are split, {points} each",
                       n, prizes=prizes, points=Fraction(value, 2)),
        "discard": msg_n("a tie: {prizes} is discarded", "a tie: {prizes} are discarded", n, prizes=prizes),
        "lost": msg_n("a tie in the last round: {prizes} scores for nobody",
                      "a tie in the last round: {prizes} score for nobody", n, prizes=prizes),
        "rebid": msg("a tie: everyone bids again for {prizes}", prizes=prizes),
        "zero": msg_n("the pot sums to 0: {prizes} is removed and nobody scores",
                      "the pot sums to 0: {prizes} are removed and nobody scores", n, prizes=prizes),
    }
    return Event("tie" if rule != "zero" else "zero", None, texts[rule], rule=rule, data=data,
                 message=messages[rule])


def summary_message(top: Sequence[int], scores: str, prizes: int, early: bool) -> Message:
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
