"""Napoleon's actions, interned: bids and their ladder, the adjutant's card, plays and joker leads, and their text."""

from __future__ import annotations

from typing import Final

from ...cards import JOKER, SUIT_LETTERS, SUIT_NAMES, card_text
from ...core.cardparse import parse_card, parse_suit
from ...core.game import Action
from ...core.message import Message, SuitRef, msg, msg_p
from .deck import CLUBS, DIAMONDS, HEARTS, JOKER_BIT, SPADES, TOP_BID, bid_rank
from .discards import discard_action

JOKER_CODE: Final = "JK"
"""The joker in record notation, a parameter of the messages that show it: a message without parameters is
read as English text at the edge, where a card code becomes the card's name (``the joker``)."""


# -- actions (interned) -----------------------------------------------------------------------------
def bid_text(n: int, suit: int) -> str:
    """A bid in words: ``13 hearts``."""
    return f"{n} {SUIT_NAMES[suit]}"


def bid_words(n: int, suit: int) -> Message:
    """A Napoleon bid in words: "13 hearts" (Japanese "ハートで13")."""
    return msg_p("Napoleon bid", "{n} {suit}", n=n, suit=SuitRef(suit))


PASS: Final = Action("pass", (), "pass")
BIDS: Final = tuple(
    Action("bid", (n, s), f"bid {n} {SUIT_LETTERS[s]}")
    for n in range(1, TOP_BID + 1) for s in (CLUBS, DIAMONDS, HEARTS, SPADES)
)  # BIDS[bid_rank(n, s)] is the bid (n, s)
BID_CHOICES: Final = tuple((PASS, *BIDS[i:]) for i in range(len(BIDS) + 1))
ADJUTANT: Final = tuple(Action("adjutant", (c,), f"adjutant {card_text(c)}") for c in range(53))
PLAY: Final = tuple(Action("play", (c,), f"play {card_text(c)}") for c in range(53))
JOKER_LEADS: Final = tuple(Action("play", (JOKER, s), f"play JK {SUIT_LETTERS[s]}") for s in range(4))
JOKER_ONLY: Final = (PLAY[JOKER],)
INTERNED: Final = {
    **{id(a): "bidding" for a in (PASS, *BIDS)},
    **{id(a): "adjutant" for a in ADJUTANT},
    **{id(a): "play" for a in (*PLAY, *JOKER_LEADS)},
}
"""The phase whose verb each interned action is, by the action's identity: ``NapoleonState.apply`` lets
these skip the preamble's shape checks in that phase. They live as long as the module, so no other object
can have one of these ids."""
SUIT_PLAYS: Final[list[list[tuple[Action, ...] | None]]] = [[None] * 8192 for _ in range(4)]


def suit_plays(suit: int, bits: int) -> tuple[Action, ...]:
    """The play actions for the ranks ``bits`` (13 bits) of one suit, built once."""
    found = SUIT_PLAYS[suit][bits]
    if found is None:
        found = SUIT_PLAYS[suit][bits] = tuple(PLAY[suit * 13 + r] for r in range(13) if bits >> r & 1)
    return found


def play_actions(mask: int, leading: bool) -> tuple[Action, ...]:
    """The play actions for the cards of ``mask``; a leader's joker comes as four suit-naming leads."""
    plays: tuple[Action, ...] = ()
    for suit in range(4):
        bits = mask >> (13 * suit) & 8191
        if bits:
            plays += SUIT_PLAYS[suit][bits] or suit_plays(suit, bits)
    if mask & JOKER_BIT:
        plays += JOKER_LEADS if leading else JOKER_ONLY
    return plays


_SPADE_PLAYS, _HEART_PLAYS, _DIAMOND_PLAYS, _CLUB_PLAYS = SUIT_PLAYS


def lead_actions(mask: int) -> tuple[Action, ...]:
    """``play_actions(mask, True)``, the suits unrolled: a lead is a fifth of the decisions of a deal."""
    plays: tuple[Action, ...] = ()
    bits = mask & 8191
    if bits:
        plays = _SPADE_PLAYS[bits] or suit_plays(SPADES, bits)
    bits = mask >> 13 & 8191
    if bits:
        plays += _HEART_PLAYS[bits] or suit_plays(HEARTS, bits)
    bits = mask >> 26 & 8191
    if bits:
        plays += _DIAMOND_PLAYS[bits] or suit_plays(DIAMONDS, bits)
    bits = mask >> 39 & 8191
    if bits:
        plays += _CLUB_PLAYS[bits] or suit_plays(CLUBS, bits)
    return plays + JOKER_LEADS if mask & JOKER_BIT else plays


def parse_napoleon_action(text: str) -> Action:
    """``pass``, ``bid <n> <suit>``, ``adjutant <card>``, ``discard <cards>``, ``play <card>``, ``play JK <suit>``."""
    words = text.strip().split()
    verb = words[0].lower() if words else ""
    if verb == "pass" and len(words) == 1:
        return PASS
    if verb == "bid":
        if len(words) != 3 or not words[1].isdigit():
            raise ValueError(msg("a bid is bid <n> <suit>, like bid 13 H"))
        n = int(words[1])
        if not 1 <= n <= TOP_BID:
            raise ValueError(msg("a bid counts 1..{top} honours, not {n}", top=TOP_BID, n=n))
        return BIDS[bid_rank(n, parse_suit(words[2]))]
    if verb == "adjutant" and len(words) == 2:
        return ADJUTANT[parse_card(words[1])]
    if verb == "discard" and len(words) in (3, 4):
        cards = [parse_card(w) for w in words[1:]]
        if len(set(cards)) != len(cards):
            raise ValueError(msg("a card is discarded twice"))
        return discard_action(cards)
    if verb == "play" and len(words) == 2:
        return PLAY[parse_card(words[1])]
    if verb == "play" and len(words) == 3:
        if parse_card(words[1]) != JOKER:
            raise ValueError(msg("only a joker lead names a suit (play {joker} H)", joker=JOKER_CODE))
        return JOKER_LEADS[parse_suit(words[2])]
    raise ValueError(msg("expected pass, bid <n> <suit>, adjutant <card>, discard <cards>, play <card>"
                         " or play {joker} <suit>", joker=JOKER_CODE))
