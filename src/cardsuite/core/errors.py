"""Typed errors shared by the core, the games, records and the CLI (their base is ``cardsuite.errors``)."""

from __future__ import annotations

from ..errors import CardsuiteError
from .message import Message

__all__ = [
    "ActionSyntaxError", "CardsuiteError", "IllegalAction", "InvalidDeal", "OptionError", "RecordError",
    "SamplingError", "UnknownGame", "message_of", "reason_of",
]


def message_of(error: CardsuiteError) -> Message:
    """What went wrong, as a message in any language (plain text becomes a message whose key is that text)."""
    first = error.args[0] if error.args else ""
    return first if isinstance(first, Message) else Message(str(first))


def reason_of(error: BaseException) -> str | Message:
    """An error's reason as it was made: its message (a rule's refusal, a parser's reason), else its English text."""
    first = error.args[0] if error.args else None
    return first if isinstance(first, Message) else str(error)


class IllegalAction(CardsuiteError):
    """An action the rules forbid now; the state it was tried on is unchanged.

    ``reason`` names the rule in plain words, for example ``seat 2 must follow spades``.
    """

    def __init__(self, reason: str | Message) -> None:
        super().__init__(reason)
        self.reason = str(reason)


class ActionSyntaxError(CardsuiteError):
    """Action text that is not a well-formed action of the game (``play ZZ``, ``bid seven``).

    ``why`` is what is wrong without the action quoted (``not a card: 'zz'``), for a line that quotes the
    action already (a record's ``deal 0, action 5 "2 play ZZ"``); None when the message is all there is.
    """

    def __init__(self, message: str | Message, why: str | Message | None = None) -> None:
        super().__init__(message)
        self.why = why


class OptionError(CardsuiteError):
    """An unknown option key, or a value the option does not allow."""


class RecordError(CardsuiteError):
    """A game record that cannot be read or replayed; the message names the deal and action."""


class UnknownGame(CardsuiteError):
    """No installed game has this name."""


class InvalidDeal(CardsuiteError):
    """Given hands and stock that do not form a deal of the game (wrong counts, a card twice); ``key`` names
    the part at fault (``hands``, ``stock``) where it is known, for a record's refusal."""

    def __init__(self, reason: str | Message, key: str | None = None) -> None:
        super().__init__(reason)
        self.key = key


class SamplingError(CardsuiteError):
    """``Game.sample_deal`` found no deal that fits what the view knows (constraints too tight, or a guess
    the public actions then refuse). A search bot skips the sample; any other exception is a bug."""
