"""How Napas is shown: bid keys, each seat's bid and exchange, the stock, your put-away and drawn cards."""

from __future__ import annotations

from collections.abc import Mapping

from ...cards import Card
from ...core.cardparse import parse_suit
from ...core.game import Action, View
from ...core.message import N_, CardsRef, Message, SeatRef, SuitRef, msg, msg_n, msg_p
from ...core.presentation import ActionLook, Line, Presentation, bid_in_running_text, cards_named
from .bidding import BID_NAMES, ZERO, bid_words

BID_KEYS: Mapping[str, str] = {b: b for b in BID_NAMES}

HOW_TO_PLAY = N_("""\
**Goal.** Be the first to reach the target score (20 by default). Each deal: 5 cards each, 5 tricks.

**Bidding.** One round, starting left of the dealer; each player bids once or passes, and a bid must beat
the one before: `1` < `2` < `3` < `0` the zero game (take no trick, no trumps) < `4` < `5`. `p` passes.
The declarer then names trumps. `Backspace` takes back a bid or a trump choice until the next player acts.

**Exchange.** The declarer may put away cards and draw as many from the stock (mark them with `Space`,
then `Enter`; `k` keeps the hand); then each other player may do the same, with no more cards than the
declarer exchanged.

**Play.** The declarer leads, a trump if they hold one. Follow the suit led; if you cannot, you must trump
if you can. The highest trump wins, else the highest card of the suit led. Ace high.

**Scoring.** Only the declarer scores: made, 2 per trick bid and 1 per trick over (bid 5: +15); failed,
-2 per missing trick and -1 per trick taken (bid 5: a further -5); the zero game +7, or -5.
""")




class NapasPresentation(Presentation):
    """Napas's presentation hooks."""

    def contract_words(self, contract: str) -> str | Message:
        """A bid by its words: ``0`` is "the zero game", ``3`` "3 tricks"."""
        return bid_words(contract) if contract in BID_NAMES else contract

    def look(self, action: Action, view: View) -> ActionLook:
        if action.verb == "bid":
            bid = str(action.args[0])
            label = msg_p("Napas bid button", "Zero game") if bid == ZERO else msg_p("Napas bid button", "Bid {n}",
                                                                                     n=int(bid))
            return ActionLook(label, key=BID_KEYS.get(bid), retractable=True)
        if action.verb == "pass":
            return ActionLook(msg_p("bid button", "Pass"), key="p", retractable=True)
        if action.verb == "trump":
            suit = parse_suit(str(action.args[0]))
            return ActionLook(msg("{suit} trumps", suit=SuitRef(suit)), retractable=True)
        if action.verb == "exchange" and not action.args:
            return ActionLook("Keep the hand", key="k")
        return ActionLook(str(action), cards_named(action))

    def action_words(self, action: Action, view: View) -> str | Message:
        """A bid as a sentence says it: ``bid 3 tricks``, ``bid the zero game``."""
        if action.verb == "bid":
            return bid_in_running_text(bid_words(str(action.args[0])))
        return super().action_words(action, view)

    def seat_note(self, view: View, seat: int) -> Line | None:
        exchanges = view.table.get("exchanges")
        if isinstance(exchanges, Mapping) and seat in exchanges:
            return Line("exchanged {count}", {"count": int(exchanges[seat])})
        bids = view.table.get("bids")
        if isinstance(bids, tuple):
            for pair in bids:
                if isinstance(pair, tuple) and len(pair) == 2 and pair[0] == seat:
                    return Line("passed") if pair[1] is None else Line("bid {bid}", {"bid": bid_words(str(pair[1]))})
        return None

    def table_lines(self, view: View) -> tuple[Line, ...]:
        table = view.table
        lines: list[Line] = []
        declarer = table.get("declarer")
        if isinstance(declarer, int) and view.phase != "bidding":
            lines.append(Line(msg_n("{seat} has taken {n} trick, the others {others}",
                                    "{seat} has taken {n} tricks, the others {others}",
                                    _int(table.get("declarer_tricks")), seat=SeatRef(declarer),
                                    others=_int(table.get("opponent_tricks")))))
        if view.phase == "exchange" or table.get("exchange_cap") is not None:
            lines.append(Line("stock: {stock} cards; put away: {away}", {
                "stock": _int(table.get("stock_size")), "away": _int(table.get("discards_size"))}))
        put_away, drawn = view.private.get("put_away"), view.private.get("drawn")
        if put_away:
            lines.append(Line("you put away {away} and drew {drawn}",
                              {"away": CardsRef(_cards(put_away)), "drawn": CardsRef(_cards(drawn))}))
        lines.append(Line("the match ends at {target} points", {"target": _int(table.get("target"))}))
        return tuple(lines)

    def how_to_play(self) -> str | Message:
        return HOW_TO_PLAY


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _cards(value: object) -> tuple[Card, ...]:
    return tuple(c for c in value if isinstance(c, int)) if isinstance(value, tuple | list) else ()
