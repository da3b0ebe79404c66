"""Messages widgets and workers post up to the table screen (attributes go down, messages come up)."""

from __future__ import annotations

from textual.message import Message

from ..cards import Card
from ..core.game import Action, Hint


class CardChosen(Message):
    """The person activated one card of the hand (Enter, a click, or a number then Enter)."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card


class CardsSubmitted(Message):
    """The person confirmed a set of marked cards (discard, exchange)."""

    def __init__(self, cards: tuple[Card, ...]) -> None:
        super().__init__()
        self.cards = cards


class ItemPicked(Message):
    """A button of the action bar was pressed: an action, or a verb needing a list or cards."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index


class NotYetPicked(Message):
    """A greyed-out button of the action bar (an action not open yet) was clicked: it acts not, it says why."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index


class CpuChose(Message):
    """A CPU worker finished: ``generation`` tells stale answers (after undo or take-back) apart."""

    def __init__(self, seat: int, action: Action, generation: int, note: str | None = None) -> None:
        super().__init__()
        self.seat = seat
        self.action = action
        self.generation = generation
        self.note = note


class HintReady(Message):
    """A hint worker finished for ``seat``."""

    def __init__(self, seat: int, hint: Hint, generation: int) -> None:
        super().__init__()
        self.seat = seat
        self.hint = hint
        self.generation = generation
