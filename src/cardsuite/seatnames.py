"""What a new seat name must pass (the command line, the settings, the home screen's form): not empty, no
control character or invalid text, at most ``NAME_LIMIT`` characters; each refusal one line in the reader's
words."""

from __future__ import annotations

from .core.message import msg
from .errors import CardsuiteError
from .naming import NAME_LIMIT, UNSAFE, quoted


def check_name(name: str) -> str:
    """A seat name a person gave, trimmed; ``CardsuiteError`` in one line when it cannot be a name (its words a
    message, for the reader's language)."""
    text = name.strip()
    if not text:
        raise CardsuiteError(msg("a seat name must not be empty"))
    if UNSAFE.search(text):
        raise CardsuiteError(msg("the seat name {name} has a control character or invalid text",
                                 name=quoted(text, 30)))
    if len(text) > NAME_LIMIT:
        raise CardsuiteError(msg("the seat name {name} is longer than {limit} characters", name=quoted(text, 30),
                                 limit=NAME_LIMIT))
    return text
