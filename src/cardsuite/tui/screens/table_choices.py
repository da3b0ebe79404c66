"""What a card, marked cards or a button lead to: the one action they name, a list to choose from when
they name several, a summary to confirm marked cards, or the game's refusal.

The widgets report what the person did (``CardChosen``, ``CardsSubmitted``, ``ItemPicked``); ``plan`` says
which legal actions that matches, and the chosen action goes through ``TableScreen.perform``.
"""

from __future__ import annotations

from rich.text import Text
from textual import on

from ...cards import Card, card_text
from ...core.errors import CardsuiteError
from ...core.game import Action
from ...core.message import Wording
from ...i18n import _, active
from ..messages import CardChosen, CardsSubmitted, ItemPicked
from ..planning import plan, verb_words
from .modals import ChoiceScreen, ConfirmScreen
from .table_pages import TablePages


class TableChoices(TablePages):
    """Turns the widgets' reports into actions, asking first where one report names several."""

    @on(CardChosen)
    def card_chosen(self, message: CardChosen) -> None:
        """One card: the matching legal action, a choice among several, or the game's refusal."""
        seat = self.flow.my_turn()
        if seat is None or self.plan.verb is None:
            return
        self.choose(seat, self.plan.matching((message.card,)), (message.card,))

    @on(CardsSubmitted)
    def cards_submitted(self, message: CardsSubmitted) -> None:
        """Marked cards: the legal action naming exactly those cards, or the game's refusal."""
        seat = self.flow.my_turn()
        if seat is None or self.plan.verb is None:
            return
        self.choose(seat, self.plan.matching(message.cards), message.cards)

    @on(ItemPicked)
    def item_picked(self, message: ItemPicked) -> None:
        """A button: do the action, open the list, or switch the hand to that card verb."""
        seat = self.flow.my_turn()
        if seat is None or not 0 <= message.index < len(self.plan.items):
            return
        item = self.plan.items[message.index]
        if item.kind == "action":
            self.perform(seat, item.actions[0])
        elif item.kind == "list":
            self.pick_from(seat, _("{verb}: which one?").format(verb=verb_words(item.verb, self._say)), item.actions)
        else:
            self.plan = plan(self.session.game, self.session.view(seat), self.RESERVED_KEYS, item.verb, self._say)
            self.zone = "hand"
            self.refresh_table()

    def choose(self, seat: int, matches: list[Action], cards: tuple[Card, ...]) -> None:
        """Play the one action ``cards`` match, ask which of several, or say why none is allowed."""
        verb = self.plan.verb or ""
        if len(matches) == 1:
            self.perform(seat, matches[0])
        elif matches:
            self.pick_from(seat, _("{verb}: which one?").format(verb=verb_words(verb, self._say)), matches)
        else:
            text = " ".join([verb, *(card_text(c) for c in cards)])
            try:
                action = self.session.game.parse_action(text)
            except CardsuiteError as exc:
                self.note(_("Not allowed: {reason}").format(reason=self._reason(exc)), seat)
                return
            self.perform(seat, action)

    def pick_from(self, seat: int, title: str, actions: list[Action] | tuple[Action, ...]) -> None:
        """A list of ``actions`` to filter by typing; the one chosen is played if it is still ``seat``'s turn."""
        def chosen(index: int | None) -> None:
            if index is not None and self.flow.my_turn() == seat:
                self.perform(seat, actions[index])
            elif self.is_mounted:  # closed with nothing chosen: the key bar says what Enter does now
                self._enter_words()

        keys = [self.plan.looks[a].key or "" if a in self.plan.looks else "" for a in actions]
        searches = [self._search_words(a) for a in actions]
        self.app.push_screen(ChoiceScreen(self.style_set.plain(title), [self._label(a) for a in actions], keys,
                                          searches), callback=chosen)

    def _search_words(self, action: Action) -> str:
        """More words to find ``action`` by in a list: its cards' names, in the reader's language and in
        English, and their codes (``ace of spades AS 10S``)."""
        look = self.plan.looks.get(action)
        words: list[str] = []
        reader, english = Wording(active()), Wording()
        for card in look.cards if look is not None else ():
            words += [reader.card(card), english.card(card), card_text(card), card_text(card).replace("T", "10")]
        return self.style_set.plain(" ".join(words))

    def confirm_marked(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Marked cards: a summary to confirm before they are applied (or why they cannot be)."""
        verb = self.plan.verb or ""
        matches = self.plan.matching(cards)
        if not cards:
            others = ", ".join(f"{it.key} {self.style_set.plain(it.label)}" for it in self.plan.items if it.key)
            text = _("Mark the cards to {verb} first (their keys).").format(verb=verb_words(verb, self._say, False))
            if others:
                text += " " + _("Or: {keys}.").format(keys=others)
            self.note(text, seat)
            return
        if len(matches) != 1:
            self.choose(seat, matches, cards)
            return
        action = matches[0]
        body = Text(self.style_set.plain(self.plan.label(action)))
        title = _("{verb} these {n} cards?").format(verb=verb_words(verb, self._say), n=len(cards))

        def answered(yes: bool | None) -> None:
            if yes and self.flow.my_turn() == seat:
                self.perform(seat, action)

        self.app.push_screen(ConfirmScreen(self.style_set.plain(title), body), callback=answered)
