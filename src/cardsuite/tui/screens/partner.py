"""The page of who may be the secret partner (Napoleon's adjutant), opened from the table.

It is judged from the shown seat's own view only, never the deal: the game's ``SearchHooks.partner_odds``
samples deals from that view with the search's own sampler (the one the hints' words count too) and gives,
for each seat, the share of those deals in which it holds the named card, and the share in which the card
lies among the hidden cards (the declarer plays alone).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import App
from textual.binding import Binding, BindingType

from ...core.game import Game, View
from ...core.message import N_, CardRef, Message, SeatRef, msg, msg_n
from ...core.search import PartnerOdds, odds_seed
from ...i18n.linebreak import KinsokuText
from .modals import TextScreen

Say = Callable[[Message], str]
"""Puts a message into words in the viewer's language, with the seats' names."""


class PartnerScreen(TextScreen):
    """Who may hold the card that names the secret partner: a page of text; ``g`` closes it too."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("g", "close", N_("Close"), show=False)]


def offers_partner(game: Game, options: Mapping[str, object] | None = None) -> bool:
    """Whether the game has a secret partner named by a card to show (``SearchHooks.partner_odds``); a game's
    beginner option (``options``) has none."""
    hooks = game.search_hooks()
    return hooks is not None and hooks.partner_odds is not None and not (options or {}).get("beginner")


def partner_odds(game: Game, view: View) -> PartnerOdds | None:
    """The game's odds from ``view`` alone, the same for the same moment of the deal (``odds_seed``: a game's
    hint says the same); ``None`` before a card names the partner."""
    hooks = game.search_hooks()
    if hooks is None or hooks.partner_odds is None:
        return None
    return hooks.partner_odds(view, random.Random(odds_seed(view)))


def partner_page(odds: PartnerOdds, view: View, say: Say, names: Sequence[str]) -> PartnerScreen:
    """The page for ``odds``, judged from ``view``: every other seat's share (by its player's name in
    ``names``), then the hidden cards' (its sentences break Japanese lines by the rules)."""
    table = Table(box=None, show_header=False, padding=(0, 2, 0, 0), expand=False)
    table.add_column(no_wrap=True)
    table.add_column(justify="right", style="bold", no_wrap=True)
    for seat, share in enumerate(odds.seats):
        if seat not in (view.seat, odds.declarer):
            table.add_row(Text(names[seat] if seat < len(names) else str(seat)), _percent(share))
    table.add_row(Text(say(msg("the hidden cards: {seat} plays alone", seat=SeatRef(odds.declarer)))),
                  _percent(odds.hidden))
    where = say(msg_n("Where {card} lies in {n} deal sampled from what you know (your cards, the bids, the calls "
                      "and the cards played), as the strongest CPU samples them:",
                      "Where {card} lies in {n} deals sampled from what you know (your cards, the bids, the calls "
                      "and the cards played), as the strongest CPU samples them:", odds.deals,
                      card=CardRef(odds.card)))
    lines: list[RenderableType] = [KinsokuText(where), Text(""), table]
    if odds.card in view.hand and view.seat == odds.declarer:
        alone = msg("You hold {card}: you named your own card, so you play alone, with no adjutant.",
                    card=CardRef(odds.card))
        lines = [KinsokuText(say(alone))]
    elif odds.card in view.hand:
        lines = [KinsokuText(say(msg("You hold {card}: you are the adjutant.", card=CardRef(odds.card))))]
    title = say(msg("Who holds {card}?", card=CardRef(odds.card)))
    return PartnerScreen(title, Group(*lines))


def show_partner(app: App[Any], game: Game, view: View, say: Say, names: Sequence[str]) -> bool:
    """Open the page judged from ``view``; ``False`` (nothing opened) before a card names the partner."""
    odds = partner_odds(game, view)
    if odds is not None:
        app.push_screen(partner_page(odds, view, say, names))
    return odds is not None


def _percent(share: float) -> Text:
    return Text(f"{round(100 * share)}%")

