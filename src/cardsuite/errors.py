"""The base of every error cardsuite raises on purpose: a leaf module, so that every layer can use it.

``cardsuite.files`` and ``cardsuite.naming`` sit below the rules core and raise these; the core's own
typed errors (``cardsuite.core.errors``) derive from the same base.
"""

from __future__ import annotations


class CardsuiteError(Exception):
    """Base of every error the project raises on purpose; its message is one line for a person.

    The message is plain English text or a ``cardsuite.core.message.Message`` (then ``str(error)`` is its
    English, and ``cardsuite.core.errors.message_of`` gives it for a screen to show in the reader's language).
    """

    def __str__(self) -> str:
        first = self.args[0] if self.args else ""
        return first if isinstance(first, str) else str(first)
