"""Nap's bids: the ladder, their words, the calls an option set allows, and what each needs and scores."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ...core.auction import BidLadder
from ...core.game import Action, Event
from ...core.message import Message, N_p, msg_p
from ...core.options import Options

HAND_SIZE: Final = 5
LADDER: Final = BidLadder(("1", "2", "3", "misere", "4", "nap", "wellington", "blucher"))
BID_NAMES: Final = {
    "1": "1", "2": "2", "3": "3", "4": "4", "misere": "misère",
    "nap": "nap", "wellington": "Wellington", "blucher": "Blücher",
}
BID_WORDS: Final[Mapping[str, Message]] = {
    # a bid in running text ("Ann bid misère") and on its button ("Misère")
    "1": msg_p("Nap bid", "1"), "2": msg_p("Nap bid", "2"), "3": msg_p("Nap bid", "3"),
    "4": msg_p("Nap bid", "4"), "misere": msg_p("Nap bid", "misère"), "nap": msg_p("Nap bid", "nap"),
    "wellington": msg_p("Nap bid", "Wellington"), "blucher": msg_p("Nap bid", "Blücher"),
}
"""``BID_NAMES`` without a language, for messages."""
BID_FORMS: Final = (
    # TRANSLATORS: a bid as the object of a verb ("Ann bid misère", {bid:acc}); where the language has no
    # cases, the same words as the bid itself
    N_p("Nap bid, accusative", "misère"),
    N_p("Nap bid, accusative", "nap"),
    N_p("Nap bid, accusative", "Wellington"),
    N_p("Nap bid, accusative", "Blücher"),
)
"""The bids whose words change as the object of a verb, marked for the catalogs (``core.message``: a
sentence asks with ``{bid:acc}``); the numbers never change, and a bid without a form is said plain."""
TRICKS_NEEDED: Final = {"1": 1, "2": 2, "3": 3, "4": 4, "misere": 0, "nap": 5, "wellington": 5, "blucher": 5}
PASS: Final = Action("pass", (), "pass")
BID_ACTIONS: Final = {b: Action("bid", (b,), f"bid {b}") for b in LADDER.bids}
Calls = dict[tuple[str | None, bool, bool], tuple[Action, ...] | frozenset[tuple[str, tuple[int | str, ...]]]]
_BIDDING: dict[tuple[object, ...], Calls] = {}
_BIDDING_BY_OPTIONS: dict[int, tuple[Options, Calls]] = {}
Auction = tuple[dict[str | None, tuple[Action, ...]], tuple[Action, ...], str, bool, dict[str | None, frozenset[str]],
                frozenset[str], dict[tuple[int, int, str, int], Event]]
_AUCTIONS: dict[int, tuple[Options, Auction]] = {}


def bidding_table(options: Options) -> Calls:
    """The legal calls by (the high bid so far, whether the dealer is forced to bid, ``False``), for these
    options; with ``True`` last, the same calls as a set of (verb, args) to check an action against.

    In one round of bidding Wellington is open exactly when nap is the high bid (bids only go up), and
    Blücher when Wellington is, so the high bid and the dealer's duty decide everything.
    """
    hit = _BIDDING_BY_OPTIONS.get(id(options))
    if hit is not None and hit[0] is options:
        return hit[1]
    key = (options.integer("lowest_bid"), options.flag("misere"), options.text("above_nap"))
    table = _BIDDING.get(key)
    if table is None:
        table = _BIDDING[key] = {}
        for high in (None, *LADDER.bids):
            for forced in (False, True):
                calls = table[(high, forced, False)] = calls_for(options, high, forced)
                table[(high, forced, True)] = frozenset((a.verb, a.args) for a in calls)
    if len(_BIDDING_BY_OPTIONS) > 1000:
        _BIDDING_BY_OPTIONS.clear()
    _BIDDING_BY_OPTIONS[id(options)] = (options, table)
    return table


def auction_rules(options: Options) -> Auction:
    """What a deal's bidding reads on every call, for these options (memoized by the options object):
    the legal calls by the high bid so far, those of a dealer who must bid, the top bid allowed (the
    auction ends when it is made), whether the dealer must bid when the others have passed, the
    words of the first two (``pass``, ``nap``), to check a call by its word rather than compare actions,
    and the settling events of these options by (players, declarer, bid, tricks taken), filled by ``_settle``."""
    hit = _AUCTIONS.get(id(options))
    if hit is not None and hit[0] is options:
        return hit[1]
    table = bidding_table(options)
    calls: dict[str | None, tuple[Action, ...]] = {
        high: table[(high, False, False)] for high in (None, *LADDER.bids)}  # type: ignore[misc]
    forced: tuple[Action, ...] = table[(None, True, False)]  # type: ignore[assignment]
    words = {high: frozenset(map(_call_word, legal)) for high, legal in calls.items()}
    rules: Auction = (calls, forced, top_bid(options), options.text("all_pass") == "dealer_bids", words,
                     frozenset(map(_call_word, forced)), {})
    if len(_AUCTIONS) > 1000:
        _AUCTIONS.clear()
    _AUCTIONS[id(options)] = (options, rules)
    return rules


def _call_word(action: Action) -> str:
    """``pass``, or the bid of a bid action (as ``_CALL_OF_ID`` names them)."""
    return "pass" if action.verb == "pass" else str(action.args[0])


def calls_for(options: Options, high: str | None, forced: bool) -> tuple[Action, ...]:
    lowest = "1" if forced else str(options.integer("lowest_bid"))
    allowed = LADDER.bids[LADDER.rank(lowest) : LADDER.rank(top_bid(options)) + 1]
    out = [] if forced else [PASS]
    for bid in allowed:
        if not LADDER.beats(bid, high):
            continue
        if bid == "misere" and not options.flag("misere"):
            continue
        if bid == "wellington" and high != "nap":
            continue
        if bid == "blucher" and high != "wellington":
            continue
        out.append(BID_ACTIONS[bid])
    return tuple(out)


TOP_BIDS: Final[Mapping[object, str]] = {"none": "nap", "wellington": "wellington", "blucher": "blucher"}
"""The highest bid each value of the ``above_nap`` option allows."""


def top_bid(options: Options) -> str:
    """The highest bid the options allow; the auction ends as soon as it is made."""
    return TOP_BIDS[options.text("above_nap")]


def points(bid: str, options: Options) -> tuple[int, int]:
    """Points per opponent for ``bid``: (made, failed)."""
    return points_of(bid, options.text("nap_points"))


def points_of(bid: str, nap_points: str) -> tuple[int, int]:
    """Points per opponent for ``bid`` with the option ``nap_points`` at this value: (made, failed)."""
    if bid in ("1", "2", "3", "4"):
        return int(bid), int(bid)
    if bid == "misere":
        return 3, 3
    made, failed = (10, 5) if nap_points == "10/5" else (5, 5)
    factor = {"nap": 1, "wellington": 2, "blucher": 4}[bid]
    return made * factor, failed * factor


def table_bids(options: Mapping[str, object]) -> tuple[str, ...]:
    """The bids of an auction at a table with these options, lowest first (a missing key has its default);
    a dealer who must bid may also bid lower (``calls_for``)."""
    lowest = str(options.get("lowest_bid", 3))
    top = {"none": "nap", "blucher": "blucher"}.get(str(options.get("above_nap")), "wellington")
    allowed = LADDER.bids[LADDER.rank(lowest) : LADDER.rank(top) + 1]
    return tuple(bid for bid in allowed if bid != "misere" or options.get("misere", True))
