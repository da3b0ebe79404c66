"""Napas: Lithuanian Nap for 2-6 players: bid 1, 2, 3, 0 (the zero game), 4 or 5, name trumps, exchange."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...cards import SUIT_MASK, SUIT_NAMES, SUIT_OF, Card, CardSet, mask_of
from ...core.cardparse import parse_suit
from ...core.errors import IllegalAction, SamplingError, reason_of
from ...core.fast.intern import parsed_action
from ...core.game import Action, BotFactory, Event, Game, GameInfo, GameTraits, MatchProgress, View
from ...core.message import N_
from ...core.options import Options
from ...core.sampling import deal_unseen
from ...core.search import SearchHooks, defence_worth
from .bidding import BID_NAMES, deal_limit
from .deal import deck_for, new_napas_deal
from .exchange import exchange_action
from .present import NapasPresentation
from .rules import OPTIONS, NapasState, parse_napas_action


def _data(event: Event, key: str) -> object:
    for k, v in event.data:
        if k == key:
            return v
    return None


_PARSED: dict[str, Action] = {}
"""Action texts already parsed (search replays them thousands of times)."""

class Napas(NapasPresentation, Game):
    """The Napas plugin."""

    info = GameInfo(
        name="napas",
        title=N_("Napas"),
        players=(2, 3, 4, 5, 6),
        options=OPTIONS,
        summary=N_("Lithuanian Nap: one round of bids 1 < 2 < 3 < 0 < 4 < 5, trumps by choice, then an exchange."),
        default_players=4,
        traits=GameTraits(utility="general_sum"),  # only the declarer scores
    )

    def new_deal(self, players: int, options: Options, dealer: int | None, rng: random.Random | None = None,
                 hands: Sequence[Sequence[Card]] | None = None,
                 stock: Sequence[Card] | None = None) -> NapasState:
        return new_napas_deal(players, options, dealer or 0, rng, hands, stock)

    def parse_action(self, text: str) -> Action:
        try:
            return parsed_action(_PARSED, text, parse_napas_action)
        except ValueError as exc:  # CardError is a ValueError
            raise self.action_syntax_error(text, reason_of(exc)) from None

    def match_over(self, progress: MatchProgress) -> bool:
        """After the deal in which someone reaches ``target``."""
        target = progress.options.integer("target")
        return any(total >= target for total in progress.totals)

    def deal_limit(self, players: int, options: Options) -> int:
        return deal_limit(options.integer("target"))

    def sample_deal(self, view: View, rng: random.Random) -> NapasState:
        """Share the unseen cards consistently with the view, re-create hidden exchanges, replay.

        Known: this seat's own cards (dealt, put away, drawn), every played card, each exchange's count
        (so the stock positions each seat drew from), and voids: a seat that did not follow the led
        suit holds none of it, and, in a trump game, if it did not trump either, holds no trumps; a
        declarer whose opening lead was not a trump held none. Each other seat's cards after the
        exchange are its played cards and a fresh share of the unseen ones; the cards it drew are a
        random choice among those, and its discards come from the unseen pool.
        """
        players = view.players
        me = view.seat
        options = self.resolve_options(view.options, players)
        trump = -1
        played: dict[int, list[Card]] = {s: [] for s in range(players)}
        void: dict[int, CardSet] = {s: 0 for s in range(players)}
        counts: list[tuple[int, int]] = []  # (seat, count) of each exchange in order
        my_put_away: tuple[Card, ...] = ()
        my_drawn: tuple[Card, ...] = ()
        led = -1
        first_lead = True
        for event in view.history:
            kind = event.kind
            if kind == "play" and event.seat is not None and event.card is not None:
                card, seat = event.card, event.seat
                played[seat].append(card)
                if led < 0:
                    led = SUIT_OF[card]
                    if first_lead and trump >= 0 and SUIT_OF[card] != trump:
                        void[seat] |= SUIT_MASK[trump]
                    first_lead = False
                elif SUIT_OF[card] != led:
                    void[seat] |= SUIT_MASK[led]
                    if trump >= 0 and SUIT_OF[card] != trump:
                        void[seat] |= SUIT_MASK[trump]
            elif kind == "trick":
                led = -1
            elif kind == "trump":
                trump = int(str(_data(event, "trump")))
            elif kind == "exchange" and event.seat is not None:
                counts.append((event.seat, int(str(_data(event, "count")))))
            elif kind == "draw" and event.seat == me:
                my_put_away = tuple(_data(event, "discarded"))  # type: ignore[arg-type]
                my_drawn = tuple(_data(event, "drawn"))  # type: ignore[arg-type]
        exchanged = {s: k for s, k in counts}
        seen = set(view.hand) | set(my_put_away) | {c for cards in played.values() for c in cards}
        pool = [c for c in deck_for(players, options) if c not in seen]
        others = [s for s in range(players) if s != me]
        needs = {s: view.seats[s].cards_held for s in others}
        given, rest = deal_unseen(pool, needs, void, rng)
        # The hidden exchanges: what each other seat drew, and what it put away.
        drew: dict[int, list[Card]] = {}
        put: dict[int, list[Card]] = {}
        for s in others:
            k = exchanged.get(s, 0)
            if not k:
                continue
            after = played[s] + given[s]
            drew[s] = rng.sample(after, k)
            put[s], rest = rest[:k], rest[k:]
        drew[me] = list(my_drawn)
        put[me] = list(my_put_away)
        stock: list[Card] = []
        for s, k in counts:
            if k:
                stock.extend(drew[s])
        stock.extend(rest)
        hands: list[list[Card]] = []
        for s in range(players):
            now = list(view.hand) if s == me else given[s]
            after = played[s] + now
            gone = set(drew.get(s, ()))
            hands.append([c for c in after if c not in gone] + put.get(s, []))
        state = new_napas_deal(players, options, view.dealer or 0, None, hands, stock)
        for event in view.history:
            if event.seat is None:
                continue
            seat = event.seat
            if event.action is not None:
                action = self.parse_action(event.action)
            elif event.kind == "exchange" and seat != me:
                action = exchange_action(mask_of(put[seat]))
            else:
                continue
            try:
                state.apply(seat, action)
            except IllegalAction as exc:
                raise SamplingError(f"sample does not fit the view: {exc}") from None
        return state

    def describe_action(self, action: Action) -> str:
        if action.verb == "bid":
            return "Zero game" if action.args[0] == "0" else f"Bid {BID_NAMES[str(action.args[0])]}"
        if action.verb == "trump":
            return f"{SUIT_NAMES[parse_suit(str(action.args[0]))].capitalize()} trumps"
        if action.verb == "exchange" and not action.args:
            return "Keep the hand"
        return super().describe_action(action)

    def search_hooks(self) -> SearchHooks:
        """Solve the trick play exactly (must-trump, the trump lead) for analysis; the search values bids and
        cards alike, against the others' own play. Only the declarer scores, so the analysis judges a
        defender's card by the declarer's score against it (``defence_worth``)."""
        from ..trickeval import bidding_evaluator
        from ..tricksolver import NAPAS_RULES

        return SearchHooks(evaluator=bidding_evaluator(NAPAS_RULES, play_out_cards=True, remember_plays=True),
                           worth=defence_worth)

    def bot_levels(self) -> Mapping[str, BotFactory]:
        from .bots import EasyNapasBot, NormalNapasBot

        return {"easy": EasyNapasBot, "normal": NormalNapasBot}


GAME = Napas()

__all__ = ["GAME", "Napas", "NapasState"]
