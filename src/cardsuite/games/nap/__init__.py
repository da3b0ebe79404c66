"""Nap: 3-6 players, 5-card hands, one round of bidding, the declarer's first lead names trumps."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ...cards import SUIT_MASK, SUIT_OF, Card, CardSet
from ...core.errors import reason_of
from ...core.fast.intern import parsed_action
from ...core.game import Action, BotFactory, Game, GameInfo, GameTraits, MatchProgress, View
from ...core.message import N_
from ...core.options import Options
from ...core.sampling import deal_unseen, replay_public
from ...core.search import SearchHooks
from .bidding import BID_NAMES
from .deal import deck_for, new_nap_deal
from .present import NapPresentation
from .rules import OPTIONS, NapState, parse_nap_action

_PARSED: dict[str, Action] = {}
"""Action texts already parsed (search replays them thousands of times)."""

class Nap(NapPresentation, Game):
    """The Nap plugin."""

    info = GameInfo(
        name="nap",
        title=N_("Nap"),
        players=(3, 4, 5, 6),
        options=OPTIONS,
        summary=N_("British Nap: bid 3, misère, 4, nap, Wellington or Blücher on a 5-card hand."),
        default_players=4,
        traits=GameTraits(utility="zero_sum"),
    )

    def new_deal(self, players: int, options: Options, dealer: int | None, rng: random.Random | None = None,
                 hands: Sequence[Sequence[Card]] | None = None,
                 stock: Sequence[Card] | None = None) -> NapState:
        return new_nap_deal(players, options, dealer or 0, rng, hands, stock)

    def parse_action(self, text: str) -> Action:
        try:
            return parsed_action(_PARSED, text, parse_nap_action)
        except ValueError as exc:
            raise self.action_syntax_error(text, reason_of(exc)) from None

    def match_over(self, progress: MatchProgress) -> bool:
        return len(progress.deals) >= progress.options.integer("deals_per_player") * progress.players

    def match_length(self, players: int, options: Options) -> int | None:
        return options.integer("deals_per_player") * players

    def sample_deal(self, view: View, rng: random.Random) -> NapState:
        played: dict[int, list[Card]] = {s: [] for s in range(view.players)}
        void: dict[int, CardSet] = {s: 0 for s in range(view.players)}
        led = -1
        for event in view.history:
            if event.kind == "play" and event.seat is not None and event.card is not None:
                played[event.seat].append(event.card)
                if led < 0:
                    led = SUIT_OF[event.card]
                elif SUIT_OF[event.card] != led:
                    void[event.seat] |= SUIT_MASK[led]
            elif event.kind == "trick":
                led = -1
        options = self.resolve_options(view.options, view.players)
        seen = set(view.hand) | {c for cards in played.values() for c in cards}
        pool = [c for c in deck_for(view.players, options) if c not in seen]
        needs = {s: view.seats[s].cards_held for s in range(view.players) if s != view.seat}
        given, rest = deal_unseen(pool, needs, void, rng)
        given[view.seat] = list(view.hand)
        hands = [played[s] + given[s] for s in range(view.players)]
        state = new_nap_deal(view.players, options, view.dealer or 0, None, hands, rest)
        replay_public(state, view.history, self.parse_action)
        return state

    def describe_action(self, action: Action) -> str:
        if action.verb == "bid":
            return BID_NAMES[str(action.args[0])].capitalize()
        if action.verb == "pass":
            return "Pass"
        return super().describe_action(action)

    def search_hooks(self) -> SearchHooks:
        """Solve the trick play of each sampled deal exactly; value bids against the others' own play."""
        from ..trickeval import bidding_evaluator
        from ..tricksolver import NAP_RULES

        return SearchHooks(evaluator=bidding_evaluator(NAP_RULES))

    def bot_levels(self) -> Mapping[str, BotFactory]:
        from .bots import EasyNapBot, NormalNapBot

        return {"easy": EasyNapBot, "normal": NormalNapBot}


GAME = Nap()

__all__ = ["GAME", "Nap", "NapState"]
