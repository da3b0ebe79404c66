"""What an online client asks for when it connects: create a table, join one by its code, or watch one.

The home screen's Online dialog, the public tables' lobby and ``cardsuite host`` / ``join`` / ``online`` each
make a ``Seating``; the online app (``online/app.py``) carries it out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Seating:
    """What to do on connecting: ``create`` a table, ``join`` one (or ``watch``), with these details."""

    url: str
    code: str | None = None
    name: str = "Player"
    watch: bool = False
    token: str | None = None
    create: dict[str, Any] = field(default_factory=dict)
    browser: bool = False  # a browser seat: it brings its own token (``token``), keeps no file, and renames
    headers: dict[str, str] = field(default_factory=dict)  # sent when connecting (a browser seat's pass)
    identity: str | None = None  # the player identity's key for this server (rated tables need it)
