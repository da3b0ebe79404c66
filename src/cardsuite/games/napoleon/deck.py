"""Napoleon's pack and options: seats, honours, special cards, the bid ladder's order, a deal's settings."""

from __future__ import annotations

from typing import Final

from ...cards import BIT, JOKER, RANK_OF, Card, mask_of, ranked_deck
from ...core.options import Options, OptionSpec
from ...core.turns import NOBODY, SEAT_SETS

PLAYERS: Final = 5
HAND_SIZE: Final = 10
TOP_BID: Final = 20
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
MIGHTY: Final = 12  # the ace of spades
HEART_QUEEN: Final = 13 + 10
CLUB_THREE: Final = 39 + 1
JOKER_BIT: Final = BIT[JOKER]
NEXT_SEAT: Final = (1, 2, 3, 4, 0)  # the seat to the left: (seat + 1) % PLAYERS
TO_ACT: Final = SEAT_SETS[:PLAYERS]
"""``turns.SEAT_SETS`` (the same sets) and ``turns.NOBODY`` as this module's own constants: compiled, a name
imported from an interpreted module is a dictionary lookup at every use, a ``Final`` of the module is not."""
NOBODY_TO_ACT: Final = NOBODY
HONOURS: Final = mask_of(c for c in range(52) if RANK_OF[c] >= 10)
IS_HONOUR: Final = tuple(HONOURS >> c & 1 for c in range(53))
TRUMP_JACK: Final = tuple(s * 13 + 9 for s in range(4))
SAME_COLOUR_JACK: Final = tuple(TRUMP_JACK[p] for p in (CLUBS, DIAMONDS, HEARTS, SPADES))
TWO_OF: Final = tuple(s * 13 for s in range(4))
SUIT_STRENGTH: Final = (3, 2, 1, 0)  # spades > hearts > diamonds > clubs at equal counts
OPTIONS: Final = (
    OptionSpec("jokers", 1, "Jokers in the pack: 1 (53 cards, widow of 3) or 0 (52 cards, widow and discard of 2).",
               choices=(1, 0)),
    OptionSpec("min_bid", 11, "The lowest number of honours that may be bid (1 is the source's literal rule).",
               minimum=1, maximum=20),
    OptionSpec("games", 5, "Games in a match (deals that were played; thrown-in deals do not count).", minimum=1,
               maximum=1000),
    OptionSpec("yoromeki", True, "The heart queen beats the Mighty (spade ace) when both are in one trick."),
    OptionSpec("same_two", True, "Same-2: a 2 wins a trick of five cards of one suit, after the first trick."),
    OptionSpec("joker_request", True, "The club 3 led forces the joker's holder to play it."),
    OptionSpec("turn_timer", 0, "Seconds a person has for a turn (0: no limit); then the CPU plays it.",
               choices=(0, 30, 60)),
    OptionSpec("beginner", False, "The learning game: no auction or adjutant, trumps turned up from the widow, "
                                  "every seat for itself; the most honours wins."),
)


def bid_rank(n: int, suit: int) -> int:
    """The bid's place on the ladder: more honours first, then spades > hearts > diamonds > clubs."""
    return (n - 1) * 4 + SUIT_STRENGTH[suit]


DECKS: Final = (ranked_deck(2, 0), ranked_deck(2, 1))


def deck_for(options: Options) -> list[Card]:
    """53 cards with the joker, or 52 without (a new list)."""
    return list(DECKS[options.integer("jokers")])


def widow_size(options: Options) -> int:
    """3 cards with the joker, 2 without: the widow and the discard."""
    return 3 if options.integer("jokers") else 2


def honour_count(mask: int) -> int:
    """Honours (10, J, Q, K, A) among the cards of ``mask``."""
    return (mask & HONOURS).bit_count()


SETTINGS: dict[int, tuple[Options, tuple[bool, bool, bool, int, int]]] = {}
"""``settings_for`` by the options' identity (each entry keeps its options, so the id stays theirs)."""


def settings_for(options: Options) -> tuple[bool, bool, bool, int, int]:
    """What a deal reads from its options: yoromeki, same-2, the joker request (which needs the joker),
    the lowest bid's rank and the jokers in the pack. Read once for each ``Options``: a playout deals
    thousands of times with the same ones."""
    found = SETTINGS.get(id(options))
    if found is not None and found[0] is options:
        return found[1]
    jokers = options.integer("jokers")
    settings = (options.flag("yoromeki"), options.flag("same_two"), options.flag("joker_request") and jokers == 1,
                bid_rank(options.integer("min_bid"), CLUBS), jokers)
    if len(SETTINGS) >= 64:
        SETTINGS.clear()
    SETTINGS[id(options)] = (options, settings)
    return settings
