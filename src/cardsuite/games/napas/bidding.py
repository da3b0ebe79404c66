"""Napas's calls: the bid ladder and its words, trumps, the order of speaking, and what a contract scores."""

from __future__ import annotations

from typing import Final

from ...cards import SUIT_LETTERS, SUITS
from ...core.auction import BidLadder, one_round_order
from ...core.game import Action
from ...core.message import Message, N_np, N_p, msg_np, msg_p

HAND_SIZE: Final = 5
DEALS_PER_POINT: Final = 5
FEWEST_DEALS: Final = 100


def deal_limit(target: int) -> int:
    """How many deals a table plays at one sitting of a match to ``target`` (thrown-in ones included), since
    scores may fall without end and nobody might ever reach the target. Five deals a point of the target, at
    least 100: several times what a match of people takes."""
    return max(FEWEST_DEALS, DEALS_PER_POINT * target)
ZERO: Final = "0"
TOP: Final = "5"
LADDER: Final = BidLadder(("1", "2", "3", ZERO, "4", TOP))
BID_NAMES: Final = {"1": "1 trick", "2": "2 tricks", "3": "3 tricks", ZERO: "the zero game",
                    "4": "4 tricks", TOP: "5 tricks"}


def bid_words(bid: str) -> Message:
    """A Napas bid in words: "the zero game", or a number of tricks."""
    if bid == ZERO:
        return msg_p("Napas bid", "the zero game")
    return msg_np("Napas bid", "{n} trick", "{n} tricks", int(bid))


BID_FORMS: Final = (
    # TRANSLATORS: a bid as the object of a verb ("Ann bid the zero game", {bid:acc}); where the language has
    # no cases, the same words as the bid itself
    N_p("Napas bid, accusative", "the zero game"),
    N_np("Napas bid, accusative", "{n} trick", "{n} tricks"),
)
"""The bids' words as the object of a verb, marked for the catalogs (``core.message``: a sentence asks with
``{bid:acc}``)."""


PASS: Final = Action("pass", (), "pass")
BID_ACTIONS: Final = {b: Action("bid", (b,), f"bid {b}") for b in LADDER.bids}
TRUMP_ACTIONS: Final = tuple(Action("trump", (SUIT_LETTERS[s],), f"trump {SUIT_LETTERS[s]}") for s in SUITS)
LEGAL_BIDS: Final = {
    high: (PASS, *(BID_ACTIONS[b] for b in LADDER.above(high))) for high in (None, *LADDER.bids)
}
LADDER_RANK: Final[dict[str | None, int]] = {None: -1, **{bid: LADDER.rank(bid) for bid in LADDER.bids}}
"""Each bid's place on the ladder (``None``, no bid yet, below them all)."""
CLOCKWISE: Final[dict[tuple[int, int], tuple[int, ...]]] = {}


def clockwise(first: int, players: int) -> tuple[int, ...]:
    """Every seat once, clockwise from ``first``: the bidding order (from the dealer's left) and the
    exchange order (from the declarer), as ``one_round_order`` and ``exchange_order`` give them; made
    once for each pair, in ``CLOCKWISE``."""
    found = CLOCKWISE.get((first, players))
    if found is None:
        found = CLOCKWISE[(first, players)] = one_round_order(first, players)
    return found


def deal_points(bid: str, taken: int) -> int:
    """The declarer's score for ``bid`` with ``taken`` tricks: b + t if made, else -(2b - t); 5 adds 5 more
    either way; the zero game scores +7 with no trick, else -5."""
    if bid == ZERO:
        return 7 if taken == 0 else -5
    b = int(bid)
    bonus = 5 if b == 5 else 0
    if taken >= b:
        return b + taken + bonus
    return -(2 * b - taken) - bonus
