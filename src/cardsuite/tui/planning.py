"""What the seat may do now and how it is offered: pure, no Textual, testable from a view alone.

Legal actions are grouped by verb. A verb whose actions all use cards of the hand is played from the hand
(one card, or several marked cards); other actions are buttons, each with a key: the game's mnemonic
(``m`` for misère) when it is one free character, else the next free digit. A verb with many actions,
or whose cards are not in the hand (naming the adjutant card), is one button that opens a list to filter.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..cards import Card
from ..core.game import Action, Game, View
from ..core.message import Message, N_p, Wording, msg, msg_n
from ..core.presentation import ActionLook, cards_named
from ..i18n import active

Say = Callable[[str | Message], str]
"""Puts a game's message (or message id) into words in the viewer's language."""

VERB_WORDS: Mapping[str, tuple[tuple[str, str], tuple[str, str]]] = {
    # a record verb: its words on a button, and in "mark the cards to ..."
    "play": (N_p("action verb, button", "Play"), N_p("action verb, to do", "play")),
    "discard": (N_p("action verb, button", "Discard"), N_p("action verb, to do", "discard")),
    "exchange": (N_p("action verb, button", "Exchange"), N_p("action verb, to do", "exchange")),
    "adjutant": (N_p("action verb, button", "Adjutant"), N_p("action verb, to do", "name the adjutant")),
    "bid": (N_p("action verb, button", "Bid"), N_p("action verb, to do", "bid")),
    "trump": (N_p("action verb, button", "Trumps"), N_p("action verb, to do", "name trumps")),
    "pass": (N_p("action verb, button", "Pass"), N_p("action verb, to do", "pass")),
}


def english_say(text: str | Message) -> str:
    """``Say`` in the language in use with cardsuite's own catalog."""
    return Wording(active())(text if isinstance(text, Message) else Message(text))


def verb_words(verb: str, say: Say, button: bool = True) -> str:
    """A verb's words on a button (``Discard``) or after "to" (``discard``); a plugin's verb as it is."""
    known = VERB_WORDS.get(verb)
    if known is None:
        words = verb.replace("_", " ")
        return say(Message(words.capitalize() if button else words))
    context, words = known[0] if button else known[1]
    return say(Message(words, context=context))

MAX_BUTTONS = 8
DIGITS = "123456789"


@dataclass(frozen=True)
class Item:
    """One button: a single ``action``, a ``list`` of many, or a card ``verb`` to switch the hand to."""

    label: str
    kind: str
    actions: tuple[Action, ...]
    key: str = ""
    verb: str = ""


@dataclass(frozen=True)
class Plan:
    """Everything one seat may do now, as the screen offers it."""

    items: tuple[Item, ...] = ()
    card_verbs: Mapping[str, tuple[Action, ...]] = field(default_factory=dict)
    cards_of: Mapping[Action, tuple[Card, ...]] = field(default_factory=dict)
    looks: Mapping[Action, ActionLook] = field(default_factory=dict)
    verb: str | None = None
    labels: Mapping[Action, str] = field(default_factory=dict)

    @property
    def multi(self) -> bool:
        """Whether the current card verb takes several cards (mark with Space, then Enter)."""
        if self.verb is None:
            return False
        return any(len(self.cards_of[a]) != 1 for a in self.card_verbs[self.verb])

    @property
    def legal_cards(self) -> frozenset[Card]:
        """The hand cards the current verb may use."""
        if self.verb is None:
            return frozenset()
        return frozenset(c for a in self.card_verbs[self.verb] for c in self.cards_of[a])

    def item_for_key(self, key: str) -> int | None:
        """The index of the button that ``key`` presses."""
        for index, item in enumerate(self.items):
            if item.key == key:
                return index
        return None

    def matching(self, cards: tuple[Card, ...]) -> list[Action]:
        """The current verb's actions that use exactly ``cards``."""
        if self.verb is None:
            return []
        wanted = sorted(cards)
        return [a for a in self.card_verbs[self.verb] if sorted(self.cards_of[a]) == wanted]

    def label(self, action: Action) -> str:
        """The words for ``action``, in the viewer's language."""
        return self.labels.get(action, str(action))


def safe_look(game: Game, action: Action, view: View) -> ActionLook:
    """The game's ``look`` for an action, or plain words and named cards if the hook fails."""
    try:
        return game.look(action, view)
    except Exception:  # a presentation hook must not close the table
        return ActionLook(str(action), cards_named(action))


def plan(game: Game, view: View | None, reserved: frozenset[str] = frozenset(), verb: str | None = None,
         say: Say = english_say) -> Plan:
    """The plan for ``view``'s legal actions; ``reserved`` keys belong to the table; ``verb`` is kept if legal.

    ``say`` puts the game's labels into the viewer's language.
    """
    if view is None or not view.legal:
        return Plan()
    hand = set(view.hand)
    looks = {a: safe_look(game, a, view) for a in view.legal}
    labels = {a: say(look.label) for a, look in looks.items()}
    groups: dict[str, list[Action]] = {}
    for action in view.legal:
        groups.setdefault(action.verb, []).append(action)
    items: list[Item] = []
    card_verbs: dict[str, tuple[Action, ...]] = {}
    cards_of = {a: looks[a].cards for a in view.legal}
    for name, actions in groups.items():
        uses = [cards_of[a] for a in actions]
        in_hand = [c for c in uses if c and set(c) <= hand]
        if in_hand and len(in_hand) == len(uses):
            card_verbs[name] = tuple(actions)
        elif in_hand and all(not c for c in uses if not (c and set(c) <= hand)):
            card_verbs[name] = tuple(a for a in actions if cards_of[a])  # cards, and a few without (keep)
            items.extend(Item(labels[a], "action", (a,)) for a in actions if not cards_of[a])
        elif len(actions) > MAX_BUTTONS or any(uses):
            words = say(msg("{verb}: {n} choices", verb=verb_words(name, say), n=len(actions)))
            items.append(Item(words, "list", tuple(actions), verb=name))
        else:
            items.extend(Item(labels[a], "action", (a,)) for a in actions)
    if len(card_verbs) > 1:
        items.extend(Item(say(msg("{verb} (cards)", verb=verb_words(v, say))), "verb", acts, verb=v)
                     for v, acts in card_verbs.items())
    keyed = _assign_keys(items, looks, reserved)
    chosen = verb if verb in card_verbs else next(iter(card_verbs), None)
    return Plan(tuple(keyed), card_verbs, cards_of, looks, chosen, labels)


def _assign_keys(items: list[Item], looks: Mapping[Action, ActionLook], reserved: frozenset[str]) -> list[Item]:
    """Each button's key: the game's one-character mnemonic where free, else the next free digit."""
    taken: set[str] = set(reserved)
    wanted: list[str] = []
    for item in items:
        key = looks[item.actions[0]].key if item.kind == "action" else None
        ok = key is not None and len(key) == 1 and key not in taken
        wanted.append(key if ok and key is not None else "")
        if ok and key is not None:
            taken.add(key)
    digits = [d for d in DIGITS if d not in taken]
    out: list[Item] = []
    for item, key in zip(items, wanted, strict=True):
        if not key and digits:
            key = digits.pop(0)
        out.append(Item(item.label, item.kind, item.actions, key, item.verb))
    return out


def prompt_text(plan_: Plan, name: str, say: Say = english_say) -> str:
    """What the person to act is asked to do, in one sentence."""
    if plan_.verb is not None:
        verb = verb_words(plan_.verb, say, button=False)
        if plan_.multi:
            sizes = {len(plan_.cards_of[a]) for a in plan_.card_verbs[plan_.verb] if plan_.cards_of[a]}
            if len(sizes) == 1:
                return say(msg_n("Your turn, {name}: mark {n} card to {verb} (Space), then Enter",
                                 "Your turn, {name}: mark {n} cards to {verb} (Space), then Enter",
                                 sizes.pop(), name=name, verb=verb))
            return say(msg("Your turn, {name}: mark the cards to {verb} (Space), then Enter", name=name, verb=verb))
        if plan_.items:
            return say(msg("Your turn, {name}: {verb} a card (its number, Enter) or", name=name, verb=verb))
        return say(msg("Your turn, {name}: {verb} a card (its number, or arrows and Enter)", name=name, verb=verb))
    return say(msg("Your turn, {name}:", name=name))
