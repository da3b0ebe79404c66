"""Auctions over a ranked bid ladder: one round (Nap, Napas) or until all but one pass (Napoleon)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class BidLadder:
    """Bids from lowest to highest; a bid beats every bid listed before it."""

    bids: tuple[str, ...]

    def rank(self, bid: str) -> int:
        """The bid's position on the ladder (higher beats lower)."""
        return self.bids.index(bid)

    def above(self, bid: str | None) -> tuple[str, ...]:
        """Every bid that beats ``bid`` (all of them when nothing has been bid)."""
        if bid is None:
            return self.bids
        return self.bids[self.rank(bid) + 1 :]

    def beats(self, bid: str, other: str | None) -> bool:
        """Whether ``bid`` outranks ``other``."""
        return other is None or self.rank(bid) > self.rank(other)

    @property
    def top(self) -> str:
        """The highest bid, after which nobody speaks."""
        return self.bids[-1]


def one_round_order(first: int, players: int) -> tuple[int, ...]:
    """Speaking order of a one-round auction: each seat once, clockwise from ``first``."""
    return tuple((first + i) % players for i in range(players))


def next_active(after: int, players: int, dropped: Sequence[bool]) -> int | None:
    """The next seat clockwise after ``after`` that has not dropped out (``None`` if none has not)."""
    for i in range(1, players + 1):
        seat = (after + i) % players
        if not dropped[seat]:
            return seat
    return None
