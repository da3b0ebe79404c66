"""What an online client asks for when it connects: create a table, join one by its code, or watch one.

The home screen's Online dialog, the public tables' lobby and ``cardsuite host`` / ``join`` / ``online`` each
make a ``Seating``; the online app (``online/app.py``) carries it out. A person who gives no name sits down
with ``default_name``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...i18n import pgettext
from ..config import person_name


def default_name(names: Sequence[str] = (), hosting: bool = False) -> str:
    """The name to sit down with when none is given: the settings' first name, else "Player" ("Host" for the
    host of a new table) in the language in use. A default name is a word and a chosen one is data; either
    goes through ``clean_name`` before it is sent (every translation fits the server's limits)."""
    if hosting and not (names and names[0].strip()):
        # TRANSLATORS: the name of a person who hosts an online table without giving a name (--name)
        return pgettext("default name", "Host")
    return person_name(0, 1, names)


@dataclass
class Seating:
    """What to do on connecting: ``create`` a table, ``join`` one (or ``watch``), with these details."""

    url: str
    code: str | None = None
    name: str = field(default_factory=default_name)
    watch: bool = False
    token: str | None = None
    create: dict[str, Any] = field(default_factory=dict)
    browser: bool = False  # a browser seat: it brings its own token (``token``), keeps no file, and renames
    headers: dict[str, str] = field(default_factory=dict)  # sent when connecting (a browser seat's pass)
    identity: str | None = None  # the player identity's key for this server (rated tables need it)
