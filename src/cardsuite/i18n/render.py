"""A ``Message`` in words in the language in use (``cardsuite.core.message`` with the active catalog)."""

from __future__ import annotations

import gettext
from collections.abc import Sequence

from ..core.message import Message, ParamValue, Wording
from . import active


def render(message: Message, names: Sequence[str] | None = None,
           words: gettext.NullTranslations | None = None) -> str:
    """``message`` in the language in use (or in ``words``), seats called by ``names`` where given."""
    return Wording(words if words is not None else active(), names)(message)


def event_text(event: object, names: Sequence[str], words: gettext.NullTranslations | None = None) -> str:
    """An event in the reader's language with the seats' names (its message; else its English ``text``)."""
    message = getattr(event, "message", None)
    if isinstance(message, Message):
        return wording(names, words)(message)
    from ..naming import name_seats

    return name_seats(str(getattr(event, "text", "")), names)


def wording(names: Sequence[str] | None = None, words: gettext.NullTranslations | None = None) -> Wording:
    """A reusable renderer for one screen: the language in use (or ``words``) and the seats' names."""
    return Wording(words if words is not None else active(), names)


def words_for(value: ParamValue) -> str:
    """One value for a translated template filled with ``str.format``, in the language in use: a quoted text
    that was cut (``naming.quoted``) says its length in the reader's words."""
    return Wording(active()).value(value)
