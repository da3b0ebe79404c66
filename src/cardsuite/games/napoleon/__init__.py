"""Japanese Napoleon: 5 players, 53 cards, an auction for honours, a secret adjutant, 10 tricks."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import cast

from ...cards import JOKER, SUIT_MASK, SUIT_NAMES, SUIT_OF, Card, CardSet, card_name
from ...core.errors import IllegalAction, SamplingError
from ...core.game import Action, BotFactory, Game, GameInfo, GameTraits, MatchProgress, View
from ...core.intern import parsed_action
from ...core.message import N_
from ...core.options import Options
from ...core.sampling import deal_unseen
from ...core.search import SearchHooks
from .discards import discard_action
from .facts import NapoleonFacts
from .present import NapoleonPresentation
from .rules import (
    CLUB_THREE,
    HONOURS,
    JOKER_BIT,
    OPTIONS,
    PLAYERS,
    NapoleonState,
    bid_text,
    deck_for,
    new_napoleon_deal,
    parse_napoleon_action,
    trick_rule,
    winner,
)

WIDOW_SEAT = PLAYERS  # pseudo-seats for deal_unseen: the widow on the table, Napoleon's hidden discards
HIDDEN_SEAT = PLAYERS + 1


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
        given, _rest = deal_unseen(pool, needs, forbidden, rng)
        given[me] = list(view.hand)
        dealt = {s: played[s] + given[s] for s in range(PLAYERS)}
        discards: list[Card] = []
        if widow_on_table or nap is None:
            widow = list(shown) + given.get(WIDOW_SEAT, [])
        elif nap == me:
            widow = list(cast("tuple[Card, ...]", view.private["widow"]))
            dealt[me] = [c for c in dealt[me] + list(mine_known) if c not in widow]
        elif discarded:
            widow = discards = list(face_up) + given.get(HIDDEN_SEAT, [])
        else:  # Napoleon holds the widow and has not discarded yet: any of his cards may have been it
            size = len(dealt[nap]) - 10
            widow, dealt[nap] = dealt[nap][-size:], dealt[nap][:-size]
        state = new_napoleon_deal(options, view.dealer or 0, None, [dealt[s] for s in range(PLAYERS)], widow)
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
        ``hard`` most of what its card play gains (``docs/bots.md``)."""
        from .hints import adjutant_guess

        return SearchHooks(explain=adjutant_guess, search_phases=("play",))

    def bot_levels(self) -> Mapping[str, BotFactory]:
        from .bots import EasyNapoleonBot, NormalNapoleonBot

        return {"easy": EasyNapoleonBot, "normal": NormalNapoleonBot}


GAME = Napoleon()

__all__ = ["GAME", "Napoleon", "NapoleonFacts", "NapoleonState", "trick_rule", "winner"]
