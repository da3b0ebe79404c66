"""What the seat may do now and how it is offered: pure, no Textual, testable from a view alone.

Legal actions are grouped by verb. A verb whose actions all use cards of the hand is played from the hand
(one card, or several marked cards); other actions are buttons. A verb with many actions, or whose cards
are not in the hand (naming the adjutant card), is one button that opens a list to filter.

Every key is unique in its phase. The table's own letters (``TABLE_KEYS``) are never a card's or a
button's. When the hand is played from, each card has one key, its number (``1`` … ``9``, ``0`` for the
tenth), then letters for the 11th card on (``CARD_LETTERS``); a button takes the game's mnemonic (``m``
for misère) when it is one free character, else the next free digit (or letter). A pass while a bid could
be made is ``destructive``: only its own key or a click makes it, never Enter. The actions the game shows
greyed out until they open (``not_yet``, Nap's Wellington) get a key after the buttons' and are never chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..cards import Card
from ..core.game import Action, Game, View
from ..core.message import Message, Wording, msg, msg_n
from ..core.presentation import VERB_WORDS as VERB_WORDS
from ..core.presentation import ActionLook, NotYet, action_label, cards_named
from ..i18n import active

Say = Callable[[str | Message], str]
"""Puts a game's message (or message id) into words in the viewer's language."""



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
DIGITS = "1234567890"
TABLE_KEYS = frozenset("adhutscrqg")
"""Letters the table's own keys use (move left and right, hint, undo, trick, scores, CPU, rules, menu, who
may be the secret partner)."""
CARD_LETTERS = "jklgfvbeiowxyzmnp"
"""Keys of the 11th card on, in this order, skipping any a button of the phase has."""
BUTTON_LETTERS = "bfgeivwxyzjklmnop"
"""Keys of buttons that have no mnemonic when the digits belong to the cards."""


@dataclass(frozen=True)
class Item:
    """One button: a single ``action``, a ``list`` of many, a card ``verb`` to switch the hand to, or an action
    ``not_yet`` open (greyed out; ``label`` says why, and its key only says it again).

    ``destructive``: giving up the deal's bidding (a pass while a bid could be made); Enter never presses it.
    """

    label: str
    kind: str
    actions: tuple[Action, ...]
    key: str = ""
    verb: str = ""
    destructive: bool = False


@dataclass(frozen=True)
class Plan:
    """Everything one seat may do now, as the screen offers it."""

    items: tuple[Item, ...] = ()
    card_verbs: Mapping[str, tuple[Action, ...]] = field(default_factory=dict)
    cards_of: Mapping[Action, tuple[Card, ...]] = field(default_factory=dict)
    looks: Mapping[Action, ActionLook] = field(default_factory=dict)
    verb: str | None = None
    labels: Mapping[Action, str] = field(default_factory=dict)
    order: tuple[Card, ...] = ()
    """The hand in the order it is shown (the order of the card keys)."""
    card_keys: tuple[str, ...] = ()
    """Each shown card's key, in ``order`` (empty when the hand is not played from now)."""
    not_yet: tuple[Item, ...] = ()
    """The greyed-out buttons of actions not open yet (``Item.kind`` ``not_yet``), after ``items``."""

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

    def not_yet_for_key(self, key: str) -> Item | None:
        """The greyed-out button ``key`` belongs to, if any (pressing it only says why it is not open)."""
        return next((item for item in self.not_yet if item.key == key), None)

    def card_for_key(self, key: str) -> Card | None:
        """The card of the hand that ``key`` plays (or marks), if any."""
        for card, own in zip(self.order, self.card_keys, strict=False):
            if own == key:
                return card
        return None

    def key_of(self, card: Card) -> str:
        """The key shown under ``card`` ("" when the hand is not played from now)."""
        for own, key in zip(self.order, self.card_keys, strict=False):
            if own == card:
                return key
        return ""

    def forced(self) -> Action | None:
        """The only legal action when it is one card of the hand (it may play itself)."""
        actions = [a for acts in self.card_verbs.values() for a in acts]
        if len(actions) == 1 and not self.items and len(self.cards_of[actions[0]]) == 1:
            return actions[0]
        return None

    def phase_keys(self) -> list[tuple[str, str]]:
        """Every key of this phase and what it does (a card's record text or a button's label)."""
        out = [(key, f"card {card}") for card, key in zip(self.order, self.card_keys, strict=False)]
        out += [(item.key, item.label) for item in self.items if item.key]
        return out

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


def safe_not_yet(game: Game, view: View) -> tuple[NotYet, ...]:
    """The game's ``not_yet`` actions that are not legal now, or none if the hook fails."""
    try:
        return tuple(n for n in game.not_yet(view) if n.action not in view.legal)
    except Exception:  # a presentation hook must not close the table
        return ()


def label_of(action: Action, look: ActionLook) -> str | Message:
    """An action's words on the table (``action_label``): a card played from the hand by its name, several
    cards named by their codes as the verb and the cards, never the codes."""
    return action_label(action, look)


def plan(game: Game, view: View | None, reserved: frozenset[str] = TABLE_KEYS, verb: str | None = None,
         say: Say = english_say, order: Sequence[Card] | None = None) -> Plan:
    """The plan for ``view``'s legal actions; ``reserved`` keys belong to the table; ``verb`` is kept if legal.

    ``say`` puts the game's labels into the viewer's language; ``order`` is the hand as it is shown (the
    card keys follow it; the view's order when not given).
    """
    shown = tuple(order) if order is not None else (tuple(view.hand) if view is not None else ())
    if view is None or not view.legal:
        return Plan(order=shown)
    hand = set(view.hand)
    looks = {a: safe_look(game, a, view) for a in view.legal}
    labels = {a: say(label_of(a, look)) for a, look in looks.items()}
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
            words = say(msg_n("{verb}: {n} choice", "{verb}: {n} choices", len(actions),
                              verb=verb_words(name, say)))
            ordered = tuple(sorted(actions, key=lambda a: looks[a].order))  # the usual choices first
            items.append(Item(words, "list", ordered, verb=name))
        else:
            items.extend(Item(labels[a], "action", (a,)) for a in actions)
    if len(card_verbs) > 1:
        items.extend(Item(say(msg("{verb} (cards)", verb=verb_words(v, say))), "verb", acts, verb=v)
                     for v, acts in card_verbs.items())
    bids = any(a.verb == "bid" for a in view.legal)
    items = [replace(it, destructive=True) if it.kind == "action" and it.actions[0].verb == "pass" and bids
             else it for it in items]
    later = safe_not_yet(game, view)
    items += [Item(say(n.why), "not_yet", (n.action,)) for n in later]
    keyed, card_keys = _assign_keys(items, {**looks, **{n.action: safe_look(game, n.action, view) for n in later}},
                                    reserved, len(shown) if card_verbs else 0)
    chosen = verb if verb in card_verbs else next(iter(card_verbs), None)
    buttons = tuple(it for it in keyed if it.kind != "not_yet")
    greyed = tuple(it for it in keyed if it.kind == "not_yet")
    return Plan(buttons, card_verbs, cards_of, looks, chosen, labels, shown, card_keys, greyed)


def _assign_keys(items: list[Item], looks: Mapping[Action, ActionLook], reserved: frozenset[str],
                 cards: int) -> tuple[list[Item], tuple[str, ...]]:
    """Each button's key and each card's: a button's one-character mnemonic where free (a digit only when no
    card needs it), then the cards' numbers and letters, then the next free key for the other buttons."""
    taken: set[str] = set(reserved)
    card_digits = set(DIGITS[:cards])
    wanted: list[str] = []
    for item in items:
        key = looks[item.actions[0]].key if item.kind in ("action", "not_yet") else None
        ok = key is not None and len(key) == 1 and key not in taken and key not in card_digits
        wanted.append(key if ok and key is not None else "")
        if ok and key is not None:
            taken.add(key)
    card_keys: list[str] = []
    for key in (*DIGITS, *CARD_LETTERS):
        if len(card_keys) >= cards:
            break
        if key not in taken:
            card_keys.append(key)
            taken.add(key)
    spare = [k for k in (*(DIGITS if not cards else ""), *BUTTON_LETTERS) if k not in taken]
    out: list[Item] = []
    for item, key in zip(items, wanted, strict=True):
        if not key and spare:
            key = spare.pop(0)
        out.append(replace(item, key=key))
    return out, tuple(card_keys)


def prompt_text(plan_: Plan, name: str, say: Say = english_say) -> str:
    """What the person to act is asked to do, in one sentence."""
    if plan_.verb is not None:
        verb = verb_words(plan_.verb, say, button=False)
        if plan_.multi:
            sizes = {len(plan_.cards_of[a]) for a in plan_.card_verbs[plan_.verb] if plan_.cards_of[a]}
            if len(sizes) == 1:
                return say(msg_n("Your turn, {name}: mark {n} card to {verb} (its key), then Enter",
                                 "Your turn, {name}: mark {n} cards to {verb} (their keys), then Enter",
                                 sizes.pop(), name=name, verb=verb))
            return say(msg("Your turn, {name}: mark the cards to {verb} (their keys), then Enter", name=name,
                           verb=verb))
        if plan_.items:
            return say(msg("Your turn, {name}: {verb} a card (its key) or", name=name, verb=verb))
        return say(msg("Your turn, {name}: {verb} a card (the key under it)", name=name, verb=verb))
    return say(msg("Your turn, {name}:", name=name))
