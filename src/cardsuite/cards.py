"""Cards as small ints, card sets as bitmasks, and the record notation (``AS``, ``TH``, ``JK``).

A card is an ``int``: ``suit * 13 + (rank - 2)`` for the 52 suited cards (ranks 2..14, ace = 14) and
``JOKER`` (52) for the joker. A set of cards is an ``int`` bitmask with bit ``card`` set. Plain ints keep
hot loops fast (search bots play thousands of deals per move); the helpers here give them names.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final

from .cardfaces import JOKER as JOKER  # the faces are this module's words too
from .cardfaces import RANK_LETTERS as RANK_LETTERS
from .cardfaces import SUIT_LETTERS as SUIT_LETTERS
from .cardfaces import SUIT_SYMBOLS as SUIT_SYMBOLS
from .cardfaces import card_symbol as card_symbol

Card = int
CardSet = int
Suit = int

SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
SUITS: Final = (SPADES, HEARTS, DIAMONDS, CLUBS)
NO_SUIT: Final = -1

ACE: Final = 14
KING: Final = 13
QUEEN: Final = 12
JACK: Final = 11
TEN: Final = 10

SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
SUIT_SINGULAR: Final = ("spade", "heart", "diamond", "club")
RANK_NAMES: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")


class CardError(ValueError):
    """A card, suit or rank written in a way the notation does not allow.

    Raised here its reason is English text; ``core.cardparse`` raises it with a ``core.message.Message`` (what
    they wrote, quoted as written), said in the reader's language at the edge; ``str(error)`` is the English.
    """


def make_card(rank: int, suit: Suit) -> Card:
    """The card of ``rank`` (2..14) in ``suit``."""
    if not 2 <= rank <= 14 or suit not in SUITS:
        raise CardError(f"no card of rank {rank} in suit {suit}")
    return suit * 13 + rank - 2


SUIT_OF: Final[tuple[Suit, ...]] = tuple(c // 13 for c in range(52)) + (NO_SUIT,)
RANK_OF: Final[tuple[int, ...]] = tuple(c % 13 + 2 for c in range(52)) + (0,)
BIT: Final[tuple[int, ...]] = tuple(1 << c for c in range(53))
SUIT_MASK: Final[tuple[CardSet, ...]] = tuple(((1 << 13) - 1) << (13 * s) for s in SUITS)
FULL_DECK: Final[CardSet] = (1 << 52) - 1
_TEXT: Final[tuple[str, ...]] = tuple(RANK_LETTERS[c % 13] + SUIT_LETTERS[c // 13] for c in range(52)) + ("JK",)


def suit_of(card: Card) -> Suit:
    """The card's suit, or ``NO_SUIT`` for the joker."""
    return SUIT_OF[card]


def rank_of(card: Card) -> int:
    """The card's rank, 2..14 (0 for the joker)."""
    return RANK_OF[card]


def card_text(card: Card) -> str:
    """Canonical record notation: ``AS``, ``TH``, ``JK``."""
    return _TEXT[card]


_NAMES: Final[tuple[str, ...]] = tuple(
    f"the {RANK_NAMES[c % 13]} of {SUIT_NAMES[c // 13]}" for c in range(52)
) + ("the joker",)


def card_name(card: Card) -> str:
    """Words for a card, for event texts: ``the ace of spades``, ``the joker``."""
    return _NAMES[card]


SAID_LIMIT = 12
"""The most characters of a word an error quotes back (it may be hostile input, and the action around it
is quoted already)."""


def said(text: str) -> str:
    """``text`` quoted for an error, cut after ``SAID_LIMIT`` characters: ``'zz'``, ``'kkkkkkkkkkkk…'``."""
    return repr(text if len(text) <= SAID_LIMIT else text[:SAID_LIMIT] + "…")


_HOLLOW_SUITS: Final = "♤♡♢♧"


def read_suit(text: str) -> Suit | None:
    """A suit from ``S H D C`` or ``♠ ♥ ♦ ♣`` (case-insensitive, the hollow symbols too); None for anything else."""
    t = text.strip().upper()
    if len(t) == 1:
        if t in SUIT_LETTERS:
            return SUIT_LETTERS.index(t)
        if t in SUIT_SYMBOLS:
            return SUIT_SYMBOLS.index(t)
        if t in _HOLLOW_SUITS:
            return _HOLLOW_SUITS.index(t)
    return None


def read_rank(text: str) -> int | None:
    """A rank from ``2..9 T J Q K A`` (``10`` read as ``T``); None for anything else."""
    t = text.strip().upper()
    if t == "10":
        t = "T"
    if len(t) == 1 and t in RANK_LETTERS:
        return RANK_LETTERS.index(t) + 2
    return None


def read_card(text: str) -> Card | None:
    """A card from record notation (``AS``, ``10h``, ``T♥``, ``jk``); None for anything else."""
    t = text.strip().upper()
    if t == "JK":
        return JOKER
    if len(t) < 2:
        return None
    rank, suit = read_rank(t[:-1]), read_suit(t[-1])
    if rank is None or suit is None:
        return None
    return make_card(rank, suit)


def too_short_for_a_card(text: str) -> bool:
    """Whether ``text`` is too short to be a card at all (a refusal then shows no example)."""
    return len(text.strip().upper()) < 2


def parse_suit(text: str) -> Suit:
    """A suit as ``read_suit`` reads it; ``CardError`` in English otherwise (``core.cardparse``: in words)."""
    suit = read_suit(text)
    if suit is None:
        raise CardError(f"not a suit: {said(text)} (use S, H, D or C)")
    return suit


def parse_rank(text: str) -> int:
    """A rank as ``read_rank`` reads it; ``CardError`` in English otherwise (``core.cardparse``: in words)."""
    rank = read_rank(text)
    if rank is None:
        raise CardError(f"not a rank: {said(text)} (use 2-9, T, J, Q, K or A)")
    return rank


def parse_card(text: str) -> Card:
    """A card as ``read_card`` reads it; ``CardError`` in English otherwise (``core.cardparse``: in words)."""
    card = read_card(text)
    if card is None:
        if too_short_for_a_card(text):
            raise CardError(f"not a card: {said(text)}")
        raise CardError(f"not a card: {said(text)} (write rank then suit, like AS, TH or JK)")
    return card


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Several cards as ``parse_card`` reads them; a repeated card is an error."""
    cards = [parse_card(t) for t in texts]
    if len(set(cards)) != len(cards):
        raise CardError("a card is listed twice")
    return cards


def mask_of(cards: Iterable[Card]) -> CardSet:
    """The bitmask holding ``cards``."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_in(mask: CardSet) -> list[Card]:
    """The cards of a bitmask, lowest index first."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def count(mask: CardSet) -> int:
    """How many cards a bitmask holds."""
    return mask.bit_count()


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Cards grouped by suit (spades, hearts, diamonds, clubs), high rank first, joker last."""
    return sorted(cards, key=lambda c: (SUIT_OF[c] if c != JOKER else 9, -RANK_OF[c]))


def standard_deck() -> list[Card]:
    """The 52 suited cards."""
    return list(range(52))


def ranked_deck(lowest_rank: int, jokers: int = 0) -> list[Card]:
    """Every suit from ``lowest_rank`` up to the ace, plus ``jokers`` (0 or 1) jokers.

    ``ranked_deck(7)`` is the 32-card piquet deck; ``ranked_deck(2, 1)`` is 52 cards and a joker.
    """
    if jokers not in (0, 1):
        raise CardError("only one joker is supported")
    deck = [c for c in range(52) if RANK_OF[c] >= lowest_rank]
    return deck + [JOKER] * jokers


def shuffled(deck: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of ``deck`` from the seeded generator ``rng``."""
    cards = list(deck)
    shuffle(cards, rng)
    return cards


_BIT_LENGTH: Final = tuple(n.bit_length() for n in range(64))
_STEPS: Final = tuple(tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1)) for size in range(64))
"""``_STEPS[len(cards)]``: each position a shuffle fills, from the top, with the bits drawn for it."""


def _fast_shuffle(cards: list[Card], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, the same permutation from the same draws, without a method call per card.

    ``random.shuffle`` swaps each position ``i`` from the top with one below it drawn by
    ``getrandbits((i + 1).bit_length())``, redrawing values above ``i``; this is that loop with the draw
    written out and the bit counts read from a table (``_STEPS``). ``shuffle`` uses it only if it agrees
    with the ``random`` module of the running Python (checked once, at import).
    """
    getrandbits = rng.getrandbits
    for i, k in _STEPS[len(cards)]:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _agrees_with_random() -> bool:
    for seed in range(8):
        ours, theirs = list(range(53)), list(range(53))
        _fast_shuffle(ours, random.Random(seed))
        random.Random(seed).shuffle(theirs)
        if ours != theirs:
            return False
    return True


_FAST_SHUFFLE: Final = _agrees_with_random()


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle`` would (seeded deals stay the same), faster.

    Decks are at most 63 cards; longer lists, and a Python whose ``random.shuffle`` draws differently, use
    ``rng.shuffle`` itself.
    """
    if _FAST_SHUFFLE and len(cards) < len(_BIT_LENGTH) and type(rng) is random.Random:
        _fast_shuffle(cards, rng)
    else:
        rng.shuffle(cards)


def deal_packets(
    cards: Sequence[Card], players: int, first: int, packets: Sequence[int]
) -> tuple[list[list[Card]], list[Card]]:
    """Deal ``cards`` from the top in rounds of packets, clockwise from seat ``first``.

    Returns each seat's hand (indexed by seat) and the cards left over, top first. Nap deals
    ``packets=(3, 2)``, Napas ``(2, 3)``, Napoleon ten packets of one.
    """
    hands: list[list[Card]] = [[] for _ in range(players)]
    pos = 0
    for size in packets:
        for i in range(players):
            seat = (first + i) % players
            hands[seat].extend(cards[pos : pos + size])
            pos += size
    if pos > len(cards):
        raise CardError(f"{pos} cards needed to deal, only {len(cards)} in the deck")
    return hands, list(cards[pos:])
