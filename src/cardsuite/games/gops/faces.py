"""GOPS's cards: faces, suits and prizes, the interned bid actions and the hands as bitmasks.

Seat 0 holds spades, seat 1 hearts, seat 2 clubs (A..K each); the 13 diamonds are the prizes. A bid is
written by rank alone (``play K``): suits only tell whose card it is. A face is 1 (ace) to 13 (king).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...cards import CLUBS, DIAMONDS, HEARTS, RANK_OF, SPADES, SUIT_OF, Card, said
from ...core.game import Action
from ...core.message import RankRef, msg
from ...core.verbs import Verb, word

ROUNDS: Final = 13
SEAT_SUITS: Final = (SPADES, HEARTS, CLUBS)
"""The suit each seat holds: seat 0 spades, seat 1 hearts, seat 2 clubs (diamonds are the prizes)."""
FACE_LETTERS: Final = "A23456789TJQK"
FACE_NAMES: Final = ("", "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
ALL_FACES: Final = tuple(range(1, 14))


def face_rank(face: int) -> RankRef:
    """A GOPS face (ace 1 .. king 13) as a rank to name in words."""
    return RankRef(14 if face == 1 else face)


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
BOTH: Final = frozenset({0, 1})
STANDARD_MASKS: Final = tuple(sum(1 << c for c in hand) for hand in STANDARD_HANDS)
FACE_BY_ARGS: Final[dict[object, int]] = {(FACE_LETTERS[f - 1],): f for f in ALL_FACES}
PLAY_VERB: Final = Verb("play", (word(FACE_LETTERS, "a rank"),), msg("play <rank>, like play K"))
"""The one verb of GOPS's one phase (``apply`` checks its shape before the hot path)."""
LEGAL_BY_FACES: Final[list[tuple[Action, ...]]] = [()] * 8192
"""``LEGAL_BY_FACES[faces]``: the play actions of a 13-bit face mask, ace first (``legal_of`` fills it in;
``()`` until then). The hot path indexes this list by the seat's face mask, a small int: a list of 8,192
slots stays in the processor's cache, where a dictionary keyed by whole-hand bitmasks (52-bit ints, one per
seat and subset) missed it on most lookups of a random game."""
NOBODY: Final = frozenset[int]()
FACE_BIT: Final = (0, *(1 << (f - 1) for f in ALL_FACES))
"""``FACE_BIT[f]``: face ``f``'s bit in a face mask."""
FACE_BY_ID: Final = {id(PLAY[f]): f for f in ALL_FACES}
"""The face of each interned play action by identity (``PLAY`` lives as long as the module, so no other
object can share an id with one of them)."""
NO_IDS: Final[dict[int, int]] = {}
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
        raise ValueError(msg("expected play <rank>, like play K or play 10"))
    rank = "T" if words[1] == "10" else words[1]
    face = FACE_BY_ARG.get(rank)
    if face is None:
        raise ValueError(msg("not a rank: {said} (use A, 2-9, T or 10, J, Q or K; no suit)", said=said(words[1])))
    return PLAY[face]


FACE_ORDER: Final = tuple(SUIT_OF[c] * 100 + FACE_OF[c] for c in range(52)) + (999,)
"""A GOPS hand's order (a sort key per card): by suit, then ace (1) up to king (13)."""


def standard_hands(players: int) -> list[list[Card]]:
    """Each seat's full suit, ace to king: seat 0 spades, seat 1 hearts, seat 2 clubs."""
    return [list(STANDARD_HANDS[s]) for s in range(players)]
