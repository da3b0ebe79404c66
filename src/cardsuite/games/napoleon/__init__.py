"""Japanese Napoleon: 5 players, 53 cards, an auction for honours, a secret adjutant, 10 tricks."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final

from ...cards import SUIT_NAMES, Card, card_name
from ...core.errors import reason_of
from ...core.fast.intern import parsed_action
from ...core.game import Action, BotFactory, Game, GameInfo, GameTraits, MatchProgress, View
from ...core.message import N_, Message
from ...core.options import Options
from ...core.search import PartnerOdds, SearchHooks, odds_seed
from ...core.state import State
from .actions import bid_text, parse_napoleon_action
from .deal import new_napoleon_deal
from .deck import OPTIONS, PLAYERS
from .facts import NapoleonFacts
from .inference import inferred_deal
from .present import NapoleonPresentation
from .rules import NapoleonState
from .sampling import deal_cards, replayed, unseen_cards
from .trick import trick_rule, winner

SPARE_DEALS: Final = 100


def deal_limit(games: int) -> int:
    """How many deals a table plays at one sitting of a match of ``games``, thrown-in ones included (those do
    not count toward ``games``): twice the games and 100 more, reached only by a run of thrown-in deals."""
    return 2 * games + SPARE_DEALS

_PARSED: dict[str, Action] = {}
"""Action texts already parsed (search replays them thousands of times)."""


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
            raise self.action_syntax_error(text, reason_of(exc)) from None

    def match_over(self, progress: MatchProgress) -> bool:
        """After ``games`` deals played out (thrown-in deals do not count)."""
        return progress.played >= progress.options.integer("games")

    def deal_limit(self, players: int, options: Options) -> int:
        return deal_limit(options.integer("games"))

    def match_length(self, players: int, options: Options) -> int | None:
        return options.integer("games")  # games played; thrown-in deals come on top

    def sample_deal(self, view: View, rng: random.Random) -> NapoleonState:
        """Share the unseen cards among the other seats, the widow and the hidden discards, then replay.

        Respects voids shown by failures to follow, "no joker" shown by a club-3 lead answered without
        it, and the face-up discards; Napoleon's hidden discards are drawn from the non-honours.
        """
        unseen = unseen_cards(view, self.resolve_options(view.options, view.players))
        return replayed(view, deal_cards(unseen, rng), self.parse_action)

    def inferred_deal(self, view: View, rng: random.Random, tries: int = 16) -> NapoleonState:
        """The search's sampler (``search_hooks``): ``bots.search.inferring_sampler(self, NormalNapoleonBot())``,
        the same deal for the same draws, faster.

        The generic sampler replays each sampled deal's whole history, then replays its auction again to
        ask the ``normal`` player, through a window, what every other seat would have bid; most sampled
        deals are refused (about eight are drawn for each one kept). Here the auction is read once from the
        view's history, each sampled hand is asked through ``NormalNapoleonBot.bid_for`` (the arithmetic of
        its ``_bid``), and only the deal kept is replayed (``inference``). It reads the bids only: deals that
        read Napoleon's calls too (``read_deal``) made ``hard`` no stronger and cost it a sixth of its deals.
        """
        options = self.resolve_options(view.options, view.players)
        return inferred_deal(view, options, self.parse_action, rng, tries, napoleon_calls=False)

    def read_deal(self, view: View, rng: random.Random, tries: int = 16) -> NapoleonState:
        """A deal that fits the view, kept where the ``normal`` player would have made every call the table
        saw: the other seats' bids and, when another seat is Napoleon, his naming of the adjutant's card and
        his discard (``inference``): who may be the adjutant is counted over these (``adjutant_odds``)."""
        options = self.resolve_options(view.options, view.players)
        return inferred_deal(view, options, self.parse_action, rng, tries, napoleon_calls=True)

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
        """The search decides only the card play: searched bids, names and discards played no better than
        ``normal``'s, and cost ``hard`` most of what its card play gains (``docs/bots.md``); ``hard`` bids as
        ``normal`` reckons a hand, with the bar set for its own card play (``hard_bidder``). Deals are sampled
        by ``inferred_deal``: the generic bidding inference with the ``normal`` player as the model, faster.
        Who may be the hidden adjutant is a page of the table (``adjutant_odds``) and a sentence of hints
        (``adjutant_words``), both the same count."""
        from .hardbids import hard_bidder

        return SearchHooks(explain=self.adjutant_words, search_phases=("play",), sampler=self.inferred_deal,
                           partner_odds=self.adjutant_odds, outside_bot=hard_bidder)

    def adjutant_odds(self, view: View, rng: random.Random) -> PartnerOdds | None:
        """Who may hold the named adjutant card, over deals sampled from ``view`` that read every call the
        table saw (``read_deal``, ``hints.adjutant_odds``): the table's page (``SearchHooks.partner_odds``)."""
        from .hints import adjutant_odds

        return adjutant_odds(view, rng, self.read_deal)

    def adjutant_words(self, view: View, samples: Sequence[State]) -> Message | None:
        """The hint's sentence on who most likely is the adjutant (``hints.adjutant_guess``): from the very
        count the table's page shows for this moment (``adjutant_odds`` with ``odds_seed``), not from the
        search's own deals, which read the bids only."""
        from .hints import adjutant_guess

        del samples
        return adjutant_guess(view, self.adjutant_odds(view, random.Random(odds_seed(view))))

    def bot_levels(self) -> Mapping[str, BotFactory]:
        from .bots import EasyNapoleonBot, NormalNapoleonBot

        return {"easy": EasyNapoleonBot, "normal": NormalNapoleonBot}


GAME = Napoleon()

__all__ = ["GAME", "Napoleon", "NapoleonFacts", "NapoleonState", "trick_rule", "winner"]
