"""How a card is written on its face: the rank letters, the suit letters and symbols, and ``A♠``.

The lowest layer of the cards: ``cardsuite.cards`` (which says all of this again for its readers) and the
messages' wording both read it, so neither needs the other to name a card.
"""

from __future__ import annotations

from typing import Final

JOKER: Final = 52
SUIT_LETTERS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANK_LETTERS: Final = "23456789TJQKA"


def card_symbol(card: int, ascii_only: bool = False) -> str:
    """Display text with a suit symbol (``A♠``, ``10♥``); ``ascii_only`` keeps letters."""
    if card == JOKER:
        return "JK"
    rank = RANK_LETTERS[card % 13]
    rank = "10" if rank == "T" else rank
    return rank + (SUIT_LETTERS if ascii_only else SUIT_SYMBOLS)[card // 13]
