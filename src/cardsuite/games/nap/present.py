"""How Nap is shown: bid keys and names, the top bids not yet open, each seat's bid, what the declarer needs,
the first-play page."""

from __future__ import annotations

from collections.abc import Mapping

from ...core.game import Action, View
from ...core.message import N_, Message, SeatRef, msg_n, msg_p
from ...core.presentation import ActionLook, Line, NotYet, Presentation, cards_named
from .bidding import BID_ACTIONS, BID_WORDS, LADDER, TOP_BIDS, TRICKS_NEEDED

BID_KEYS: Mapping[str, str] = {
    "1": "1", "2": "2", "3": "3", "4": "4", "misere": "m", "nap": "n", "wellington": "w", "blucher": "b",
}

HOW_TO_PLAY = N_("""\
**Goal.** Win the auction and make your contract, or stop the declarer from making theirs.
Each deal is 5 cards each and 5 tricks; the match ends when everyone has dealt the agreed number of times.

**Bidding.** One round, starting left of the dealer: each player bids once or passes, and a bid must beat
the bid before it: `3` (3 tricks) < `m` Misère (take no trick, no trumps) < `4` < `n` Nap (all 5) <
`w` Wellington (all 5, only after a Nap) < `b` Blücher (option). `p` passes. Until the next player acts,
`Backspace` takes your bid back.

**Play.** The declarer leads; the suit of that first card is trumps for the deal (misère has none).
Follow the suit led if you can; otherwise play anything. The highest trump wins the trick, else the highest
card of the suit led. Ace high, 2 low.

**Scoring.** Made: every opponent pays the declarer the bid's points (3, 3, 4, 5, 10, 20); failed: the
declarer pays each of them.
""")

NOT_OPEN_YET: Mapping[str, Message] = {
    # a top bid greyed out on the table until the bid below it is made: why, on its button
    "wellington": msg_p("Nap bid not open yet", "Wellington: only after a Nap bid"),
    "blucher": msg_p("Nap bid not open yet", "Blücher: only after a Wellington bid"),
}

BID_BUTTONS: Mapping[str, Message] = {
    "misere": msg_p("Nap bid button", "Misère"), "nap": msg_p("Nap bid button", "Nap"),
    "wellington": msg_p("Nap bid button", "Wellington"), "blucher": msg_p("Nap bid button", "Blücher"),
}


def bid_words(bid: str) -> Message:
    """A bid in words (``misere`` -> misère), in the viewer's language when shown."""
    return BID_WORDS.get(bid, Message(bid))


class NapPresentation(Presentation):
    """Nap's presentation hooks."""

    def contract_words(self, contract: str) -> str | Message:
        """A bid by its words: ``misere`` is "misère" (Japanese ミゼール)."""
        return BID_WORDS.get(contract, contract)

    def look(self, action: Action, view: View) -> ActionLook:
        if action.verb == "bid":
            bid = str(action.args[0])
            label = msg_p("Nap bid button", "Bid {n}", n=int(bid)) if bid.isdigit() else BID_BUTTONS[bid]
            return ActionLook(label, key=BID_KEYS.get(bid), retractable=True)
        if action.verb == "pass":
            return ActionLook(msg_p("bid button", "Pass"), key="p", retractable=True)
        return ActionLook(str(action), cards_named(action))

    def not_yet(self, view: View) -> tuple[NotYet, ...]:
        """Wellington and Blücher, where the options allow them, while the seat to bid may not yet make them
        and they still beat the highest bid."""
        if view.phase != "bidding" or not view.legal:
            return ()
        top = TOP_BIDS.get(view.options.get("above_nap"), "nap")
        high = next((bid for _, bid in reversed(_bids(view)) if bid is not None), None)
        out = []
        for bid, why in NOT_OPEN_YET.items():
            action = BID_ACTIONS[bid]
            if LADDER.rank(bid) > LADDER.rank(top) or action in view.legal or not LADDER.beats(bid, high):
                continue
            out.append(NotYet(action, why))
        return tuple(out)

    def seat_note(self, view: View, seat: int) -> Line | None:
        for who, bid in _bids(view):
            if who == seat:
                return Line("passed") if bid is None else Line("bid {bid}", {"bid": bid_words(bid)})
        return None

    def table_lines(self, view: View) -> tuple[Line, ...]:
        declarer = view.table.get("declarer")
        bid = view.table.get("contract")
        if not isinstance(declarer, int) or not isinstance(bid, str) or bid not in TRICKS_NEEDED:
            return ()
        if view.phase == "bidding":  # the highest bid so far is no contract yet
            return ()
        won = view.seats[declarer].tricks
        if bid == "misere":
            return (Line("{seat} must take no trick; taken so far: {won}", {"seat": SeatRef(declarer), "won": won}),)
        return (Line(msg_n("{seat} needs {n} trick and has {won}", "{seat} needs {n} tricks and has {won}",
                           TRICKS_NEEDED[bid], seat=SeatRef(declarer), won=won)),)

    def how_to_play(self) -> str | Message:
        return HOW_TO_PLAY


def _bids(view: View) -> list[tuple[int, str | None]]:
    bids = view.table.get("bids")
    out: list[tuple[int, str | None]] = []
    if isinstance(bids, tuple):
        for pair in bids:
            if isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], int):
                out.append((pair[0], None if pair[1] is None else str(pair[1])))
    return out
