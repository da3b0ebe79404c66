"""How Nap is shown: bid keys and names, the top bids not yet open, each seat's bid, what the declarer needs,
the first-play page."""

from __future__ import annotations

from collections.abc import Mapping

from ...core.game import Action, View
from ...core.message import N_, Message, SeatRef, msg, msg_n, msg_p
from ...core.presentation import ActionLook, Line, NotYet, Presentation, bid_in_running_text, cards_named
from .bidding import BID_ACTIONS, BID_WORDS, LADDER, TOP_BIDS, TRICKS_NEEDED, points_of, table_bids

BID_KEYS: Mapping[str, str] = {
    "1": "1", "2": "2", "3": "3", "4": "4", "misere": "m", "nap": "n", "wellington": "w", "blucher": "b",
}

HOW_TO_PLAY = N_("""\
**Goal.** Win the auction and make your contract, or stop the declarer from making theirs.
Each deal is 5 cards each and 5 tricks; the match ends when everyone has dealt the agreed number of times.

**Bidding.** One round, starting left of the dealer: each player bids once or passes (`p`), and a bid must
beat the bid before it. Until the next player acts, `Backspace` takes your bid back. The bids at this
table, lowest first, with their points: each opponent pays them to a declarer who makes the bid, and is
paid them by one who fails.
""")
"""The goal and the bidding, before the table's bids (``BID_LINES``), the play and the scoring."""
BID_LINES: Mapping[str, str] = {
    "2": N_("- `2`: at least 2 tricks; {points}"),
    "3": N_("- `3`: at least 3 tricks; {points}"),
    "misere": N_("- `m` Misère: no trick at all, with no trumps; {points}"),
    "4": N_("- `4`: at least 4 tricks; {points}"),
    "nap": N_("- `n` Nap: all 5 tricks; {points}"),
    "wellington": N_("- `w` Wellington: all 5 tricks, only after a Nap; {points}"),
    "blucher": N_("- `b` Blücher: all 5 tricks, only after a Wellington; {points}"),
}
"""One line of the page for each bid the table's options allow."""
ALL_PASS: Mapping[str, str] = {
    "redeal": N_("When everyone passes, the deal is thrown in and the next player deals."),
    "dealer_bids": N_("When everyone else passes, the dealer may not pass and must bid, from `1` (at least 1 "
                      "trick) up to `n` Nap; a bid of 1 or 2 is worth 1 or 2 points."),
}
"""What happens when everyone passes, by the option ``all_pass``."""
PLAY_RULES = N_("""\
**Play.** The declarer leads; the suit of that first card is trumps for the deal (misère has none).
Follow the suit led if you can; otherwise play anything. The highest trump wins the trick, else the highest
card of the suit led. Ace high, 2 low.
""")
SCORING = N_("""\
**Scoring.** A number bid is made with at least that many tricks; extra tricks score nothing. The scores
always add up to zero.
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

    def action_words(self, action: Action, view: View) -> str | Message:
        """A bid as a sentence says it: ``bid 3``, ``bid misère``."""
        if action.verb == "bid":
            return bid_in_running_text(bid_words(str(action.args[0])))
        return super().action_words(action, view)

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
        return self.how_to_play_for({})

    def how_to_play_for(self, options: Mapping[str, object]) -> str | Message:
        """The page with the bids and points of a table with these ``options`` (the defaults where a key is
        missing)."""
        nap_points = str(options.get("nap_points", "5/5"))
        lines = [msg(BID_LINES[bid], points=_points_words(*points_of(bid, nap_points)))
                 for bid in table_bids(options)]
        bids = lines[0]
        for line in lines[1:]:
            bids = msg_p("lines of a page", "{above}\n{line}", above=bids, line=line)
        all_pass = ALL_PASS.get(str(options.get("all_pass")), ALL_PASS["redeal"])
        return msg("{goal}\n{bids}\n\n{all_pass}\n\n{play}\n{scoring}", goal=Message(HOW_TO_PLAY), bids=bids,
                   all_pass=Message(all_pass), play=Message(PLAY_RULES), scoring=Message(SCORING))


def _points_words(made: int, failed: int) -> Message:
    """A bid's points per opponent: one number, or the points made and the points when it fails."""
    if made == failed:
        return msg_n("{n} point", "{n} points", made)
    return msg("{made} points, {failed} when it fails", made=made, failed=failed)


def _bids(view: View) -> list[tuple[int, str | None]]:
    bids = view.table.get("bids")
    out: list[tuple[int, str | None]] = []
    if isinstance(bids, tuple):
        for pair in bids:
            if isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], int):
                out.append((pair[0], None if pair[1] is None else str(pair[1])))
    return out
