"""Japanese Napoleon: 5 players, 53 cards, an auction for honours, a secret adjutant, 10 tricks."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import reduce
from operator import or_
from typing import NamedTuple, cast

from ...cards import BIT, JOKER, SUIT_MASK, SUIT_NAMES, SUIT_OF, Card, CardSet, card_name
from ...core.errors import IllegalAction, SamplingError
from ...core.fast.intern import parsed_action
from ...core.fast.views import sorted_hand
from ...core.game import Action, BotFactory, Game, GameInfo, GameTraits, MatchProgress, View
from ...core.message import N_
from ...core.options import Options
from ...core.sampling import deal_unseen
from ...core.search import SearchHooks
from .actions import bid_text, parse_napoleon_action
from .deal import new_napoleon_deal
from .deck import CLUB_THREE, HONOURS, JOKER_BIT, OPTIONS, PLAYERS, bid_rank, deck_for, settings_for
from .discards import discard_action
from .facts import NapoleonFacts
from .present import NapoleonPresentation
from .rules import NapoleonState
from .trick import trick_rule, winner

WIDOW_SEAT = PLAYERS  # pseudo-seats for deal_unseen: the widow on the table, Napoleon's hidden discards
HIDDEN_SEAT = PLAYERS + 1


_PARSED: dict[str, Action] = {}
"""Action texts already parsed (search replays them thousands of times)."""


class _Unseen(NamedTuple):
    """What all the deals sampled from one view share (``Napoleon._unseen``)."""

    options: Options
    napoleon: int | None
    me: int
    hand: tuple[Card, ...]
    played: dict[int, list[Card]]
    pool: list[Card]
    needs: dict[int, int]
    forbidden: dict[int, CardSet]
    shown: tuple[Card, ...]
    face_up: tuple[Card, ...]
    discarded: int
    mine_known: tuple[Card, ...]
    widow_on_table: int
    own_widow: tuple[Card, ...]


class _Sampled(NamedTuple):
    """A sampled deal's cards before its history is replayed (``Napoleon._sampled_cards``)."""

    options: Options
    napoleon: int | None
    hands: list[list[Card]]
    widow: list[Card]
    discards: list[Card]

class Napoleon(NapoleonPresentation, Game):
    """The Japanese Napoleon plugin."""

    info = GameInfo(
        name="napoleon",
        title=N_("Napoleon"),
        players=(PLAYERS,),
        options=OPTIONS,
        summary=N_("Japanese Napoleon: bid for honours, name a secret adjutant, beware the yoromeki."),
        default_players=PLAYERS,
        traits=GameTraits(utility="general_sum"),  # 60 points shared out; 0 when thrown in
    )

    def new_deal(self, players: int, options: Options, dealer: int | None, rng: random.Random | None = None,
                 hands: Sequence[Sequence[Card]] | None = None,
                 stock: Sequence[Card] | None = None) -> NapoleonState:
        return new_napoleon_deal(options, dealer or 0, rng, hands, stock)

    def parse_action(self, text: str) -> Action:
        try:
            return parsed_action(_PARSED, text, parse_napoleon_action)
        except ValueError as exc:
            raise self.action_syntax_error(text, str(exc)) from None

    def match_over(self, progress: MatchProgress) -> bool:
        played = sum(1 for deal in progress.deals if not deal.summary.redeal)
        return played >= progress.options.integer("games")

    def match_length(self, players: int, options: Options) -> int | None:
        return options.integer("games")  # games played; thrown-in deals come on top

    def sample_deal(self, view: View, rng: random.Random) -> NapoleonState:
        """Share the unseen cards among the other seats, the widow and the hidden discards, then replay.

        Respects voids shown by failures to follow, "no joker" shown by a club-3 lead answered without
        it, and the face-up discards; Napoleon's hidden discards are drawn from the non-honours.
        """
        return self._replayed(view, self._sampled_cards(view, rng))

    def _sampled_cards(self, view: View, rng: random.Random) -> _Sampled:
        """``sample_deal``'s cards: every seat's hand as dealt, the widow and Napoleon's discards (when he is
        another seat and has discarded), before the history is replayed. All of ``sample_deal``'s draws
        from ``rng`` are made here, in ``_deal_cards``."""
        return self._deal_cards(self._unseen(view), rng)

    def _unseen(self, view: View) -> _Unseen:
        """What every sample from ``view`` shares: the cards each seat played, the unseen cards, who needs
        how many of them and which each may not hold (voids, the requested joker, honours in the hidden
        discards). Read once for all the deals sampled from one view (``inferred_deal``)."""
        options = self.resolve_options(view.options, view.players)
        request_on = options.flag("joker_request") and options.integer("jokers") == 1
        me = view.seat
        table = view.table
        nap = cast("int | None", table["declarer"])
        played: dict[int, list[Card]] = {s: [] for s in range(PLAYERS)}
        forbidden: dict[int, CardSet] = {s: 0 for s in range(PLAYERS)}
        led, in_trick, requested, joker_out = -1, 0, False, False
        for event in view.history:
            if event.kind == "play" and event.seat is not None and event.card is not None:
                card, seat = event.card, event.seat
                if in_trick == 0:
                    led = int(cast(int, dict(event.data)["suit"])) if card == JOKER else SUIT_OF[card]
                    requested = request_on and card == CLUB_THREE and not joker_out
                else:
                    if card != JOKER and SUIT_OF[card] != led:
                        forbidden[seat] |= SUIT_MASK[led]
                    if requested and card != JOKER:
                        forbidden[seat] |= JOKER_BIT
                joker_out = joker_out or card == JOKER
                played[seat].append(card)
                in_trick += 1
            elif event.kind == "trick":
                in_trick = 0
        shown = cast("tuple[Card, ...]", table.get("widow_shown", ()))  # the beginner game's turned-up cards
        face_up = cast("tuple[Card, ...]", table["face_up_discards"])
        discarded = cast(int, table["discarded"])
        mine_known: tuple[Card, ...] = ()
        if nap == me:
            mine_known = cast("tuple[Card, ...]", view.private.get("discards", ()))
        known = set(view.hand) | {c for cards in played.values() for c in cards} | set(face_up) | set(mine_known)
        known |= set(shown)
        pool = [c for c in deck_for(options) if c not in known]
        needs = {s: view.seats[s].cards_held for s in range(PLAYERS) if s != me}
        widow_on_table = cast(int, table["widow_size"])
        if widow_on_table > len(shown):
            needs[WIDOW_SEAT] = widow_on_table - len(shown)
        hidden = discarded - len(face_up)
        if discarded and nap != me and hidden:
            needs[HIDDEN_SEAT] = hidden
            forbidden[HIDDEN_SEAT] = HONOURS
        own_widow: tuple[Card, ...] = ()
        if not (widow_on_table or nap is None) and nap == me:
            own_widow = cast("tuple[Card, ...]", view.private["widow"])
        return _Unseen(options, nap, me, tuple(view.hand), played, pool, needs, forbidden, shown, face_up, discarded,
                       mine_known, widow_on_table, own_widow)

    @staticmethod
    def _deal_cards(unseen: _Unseen, rng: random.Random) -> _Sampled:
        """One sample of the unseen cards (``core.sampling.deal_unseen``, the only draws from ``rng``), as
        ``_Sampled``."""
        nap, me, played = unseen.napoleon, unseen.me, unseen.played
        given, _rest = deal_unseen(unseen.pool, unseen.needs, unseen.forbidden, rng)
        given[me] = list(unseen.hand)
        dealt = {s: played[s] + given[s] for s in range(PLAYERS)}
        discards: list[Card] = []
        if unseen.widow_on_table or nap is None:
            widow = list(unseen.shown) + given.get(WIDOW_SEAT, [])
        elif nap == me:
            widow = list(unseen.own_widow)
            dealt[me] = [c for c in dealt[me] + list(unseen.mine_known) if c not in widow]
        elif unseen.discarded:
            widow = discards = list(unseen.face_up) + given.get(HIDDEN_SEAT, [])
        else:  # Napoleon holds the widow and has not discarded yet: any of his cards may have been it
            size = len(dealt[nap]) - 10
            widow, dealt[nap] = dealt[nap][-size:], dealt[nap][:-size]
        return _Sampled(unseen.options, nap, [dealt[s] for s in range(PLAYERS)], widow, discards)

    def _replayed(self, view: View, cards: _Sampled) -> NapoleonState:
        """The deal of ``cards`` brought up to the view's moment: its history replayed (``SamplingError`` if
        an action does not fit)."""
        options, nap, me, discards = cards.options, cards.napoleon, view.seat, cards.discards
        state = new_napoleon_deal(options, view.dealer or 0, None, cards.hands, cards.widow)
        for event in view.history:
            if event.seat is None:
                continue
            try:
                if event.action is not None:
                    state.apply(event.seat, self.parse_action(event.action))
                elif event.kind == "discard" and nap != me:
                    state.apply(event.seat, discard_action(discards))
            except IllegalAction as exc:
                raise SamplingError(f"sample does not fit the view: {exc}") from None
        return state

    def inferred_deal(self, view: View, rng: random.Random, tries: int = 16) -> NapoleonState:
        """``bots.search.inferring_sampler(self, NormalNapoleonBot())``, the same deal for the same draws,
        faster: the search's sampler (``search_hooks``).

        The generic sampler replays each sampled deal's whole history, then replays its auction again to
        ask the ``normal`` player, through a window, what every other seat would have bid; most sampled
        deals are refused (about eight are drawn for each one kept). Here the auction is read once from the
        view's history (who bid what, and the lowest legal bid at that moment), each sampled hand is asked
        through ``NormalNapoleonBot.bid_for`` (the arithmetic of its ``_bid``), and only the deal kept is
        replayed. The rule for choosing is the generic one: the first deal on which every bid agrees, else
        the first of those that agreed most often.
        """
        from .bots import NormalNapoleonBot

        unseen = self._unseen(view)
        me = view.seat
        lowest = settings_for(unseen.options)[3]
        high = -1
        asks: list[tuple[int, int, Action]] = []  # (seat, the lowest legal bid's rank, what it did)
        for event in view.history:
            if event.action is None or event.seat is None or event.kind not in ("bid", "pass"):
                continue
            action = self.parse_action(event.action)
            if event.seat != me:
                asks.append((event.seat, max(lowest, high + 1), action))
            if action.verb == "bid":
                high = bid_rank(int(action.args[0]), int(action.args[1]))
        best: _Sampled | None = None
        best_score = -1
        bid_for = NormalNapoleonBot().bid_for
        count = len(asks)
        for _ in range(tries):
            cards = self._deal_cards(unseen, rng)
            hands = cards.hands
            agree = 0
            for index, (seat, low, action) in enumerate(asks):  # each hand in its window's order
                agree += bid_for(sorted_hand(reduce(or_, map(BIT.__getitem__, hands[seat]), 0)), low) == action
                if agree + count - index - 1 <= best_score:
                    break  # cannot be kept: fewer agreements than a deal drawn before
            else:
                if agree == count:
                    return self._replayed(view, cards)
                if agree > best_score:
                    best, best_score = cards, agree
        assert best is not None
        return self._replayed(view, best)

    def describe_action(self, action: Action) -> str:
        if action.verb == "pass":
            return "Pass (drop out)"
        if action.verb == "bid":
            return "Bid " + bid_text(int(action.args[0]), int(action.args[1]))
        if action.verb == "adjutant":
            return f"Adjutant: {card_name(int(action.args[0]))}"
        if action.verb == "play" and len(action.args) == 2:
            return f"Lead the joker, naming {SUIT_NAMES[int(action.args[1])]}"
        return super().describe_action(action)

    def search_hooks(self) -> SearchHooks:
        """Hints say who the hidden adjutant probably is, judged over the sampled deals. The search decides
        only the card play: searched bids, names and discards played no better than ``normal``'s, and cost
        ``hard`` most of what its card play gains (``docs/bots.md``). Deals are sampled by
        ``inferred_deal``: the generic bidding inference with the ``normal`` player as the model, faster."""
        from .hints import adjutant_guess

        return SearchHooks(explain=adjutant_guess, search_phases=("play",), sampler=self.inferred_deal)

    def bot_levels(self) -> Mapping[str, BotFactory]:
        from .bots import EasyNapoleonBot, NormalNapoleonBot

        return {"easy": EasyNapoleonBot, "normal": NormalNapoleonBot}


GAME = Napoleon()

__all__ = ["GAME", "Napoleon", "NapoleonFacts", "NapoleonState", "trick_rule", "winner"]
