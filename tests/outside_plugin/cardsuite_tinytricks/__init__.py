"""Tiny Tricks: a complete cardsuite game that lives outside the cardsuite package.

It proves that a game from another distribution plugs in through the ``cardsuite.games`` entry point alone
(see "Adding a game" in ``docs/architecture.md``): the conformance suite, ``cardsuite simulate`` and the
table play it, and ``cardsuite rules tinytricks`` finds its rules page, ``tinytricks.md``, shipped next to
this module as package data.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from cardsuite.cards import SUIT_MASK, SUIT_OF, Card, CardSet, parse_card, shuffled
from cardsuite.core.game import Action, BotFactory, Game, GameInfo, GameTraits, MatchProgress, View
from cardsuite.core.options import Options
from cardsuite.core.sampling import deal_unseen, replay_public

from .rules import DECK, HAND_SIZE, NAME, OPTIONS, PLAY, TinyTricksState, check_deal


class TinyTricks(Game):
    """The plugin: what the game is, how a deal starts, how a match ends, how hidden cards are guessed."""

    info = GameInfo(
        name=NAME,
        title="Tiny Tricks",
        players=(2, 3, 4),
        options=OPTIONS,
        summary="Three cards each, follow suit, a point a trick: the smallest complete plugin.",
        default_players=3,
        # every deal shares out the same points (3, or 4 when the last trick is worth 2); no auction
        traits=GameTraits(utility="constant_sum", auction_phases=()),
    )

    def new_deal(self, players: int, options: Options, dealer: int | None, rng: random.Random | None = None,
                 hands: Sequence[Sequence[Card]] | None = None,
                 stock: Sequence[Card] | None = None) -> TinyTricksState:
        if hands is None:
            cards = shuffled(DECK, rng or random.Random())
            hands = [cards[seat * HAND_SIZE:(seat + 1) * HAND_SIZE] for seat in range(players)]
            stock = cards[players * HAND_SIZE:]
        stock = list(stock or ())
        check_deal(players, hands, stock)
        return TinyTricksState(players, options, dealer or 0, hands, stock)

    def parse_action(self, text: str) -> Action:
        verb, _, rest = text.strip().partition(" ")
        if verb != "play":
            raise self.action_syntax_error(text, "the only move is 'play CARD'")
        try:
            card = parse_card(rest.strip())
        except ValueError as exc:
            raise self.action_syntax_error(text, str(exc)) from None
        if card >= len(PLAY):
            raise self.action_syntax_error(text, "the joker is not in this deck")
        return PLAY[card]

    def match_over(self, progress: MatchProgress) -> bool:
        return len(progress.deals) >= progress.options.integer("deals_per_player") * progress.players

    def match_length(self, players: int, options: Options) -> int | None:
        return options.integer("deals_per_player") * players

    def sample_deal(self, view: View, rng: random.Random) -> TinyTricksState:
        """Share the unseen cards among the other seats, none of a suit a seat has shown it lacks."""
        played: dict[int, list[Card]] = {seat: [] for seat in range(view.players)}
        void: dict[int, CardSet] = dict.fromkeys(range(view.players), 0)
        led: int | None = None
        for event in view.history:
            if event.kind == "play" and event.seat is not None and event.card is not None:
                played[event.seat].append(event.card)
                if led is None:
                    led = SUIT_OF[event.card]
                elif SUIT_OF[event.card] != led:
                    void[event.seat] |= SUIT_MASK[led]
            elif event.kind == "trick":
                led = None
        seen = set(view.hand).union(*played.values())
        needs = {seat: view.seats[seat].cards_held for seat in range(view.players) if seat != view.seat}
        given, rest = deal_unseen([c for c in DECK if c not in seen], needs, void, rng)
        given[view.seat] = list(view.hand)
        hands = [played[seat] + given[seat] for seat in range(view.players)]
        options = self.resolve_options(view.options, view.players)
        state = TinyTricksState(view.players, options, view.dealer or 0, hands, rest)
        replay_public(state, view.history, self.parse_action)
        return state

    def bot_levels(self) -> Mapping[str, BotFactory]:
        from .bots import NormalTinyBot

        return {"normal": NormalTinyBot}


GAME = TinyTricks()

__all__ = ["GAME", "TinyTricks", "TinyTricksState"]
