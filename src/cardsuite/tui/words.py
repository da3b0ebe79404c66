"""The screens' own words in the viewer's language: key bindings and CPU speeds, whose texts are written
once, in English (a CPU level's are in ``cardsuite.i18n.levels``).

Textual keeps a copy of a screen's bindings per instance, so a screen translates its copy when it is made
(``translate_bindings``); the texts are marked with ``N_`` where the bindings are declared. A speed is an
identifier (``--speed fast``); its words for a person are looked up here, and one without words is shown as
it is. An option's value has its words in ``cardsuite.i18n.choices``,
which the command line shares.
"""

from __future__ import annotations

from dataclasses import replace

from textual.dom import DOMNode

from ..core.message import N_, N_p
from ..i18n import gettext, pgettext

ESC = N_("Esc")
"""The Escape key as the key bar names it (Textual's own name, ``esc``, would stay English)."""

TEXTUAL_WORDS = (N_("Dismiss menu"),)
"""Textual's own binding words the key bar shows on our screens (an open list of a ``Select``), for the catalogs."""

SPEED_WORDS = dict(
    # TRANSLATORS: how long the CPU players wait before their moves, in the home screen's "CPU speed" list
    instant=N_p("CPU speed", "instant"), fast=N_p("CPU speed", "fast"), normal=N_p("CPU speed", "normal"),
    slow=N_p("CPU speed", "slow"),
)
"""Each named CPU speed's words (context, message)."""

def speed_word(speed: str) -> str:
    """A CPU speed in the language in use (a number of seconds as it is)."""
    found = SPEED_WORDS.get(speed)
    return pgettext(*found) if found else speed


def translate_bindings(node: DOMNode) -> None:
    """Put ``node``'s bindings (description, help, key names) into the language in use, from the English ones
    its class declares (so that a second call, after the language changed, starts from the English again)."""
    source = type(node)._merged_bindings
    if source is not None:
        node._bindings = source.copy()
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [
            replace(
                binding,
                description=gettext(binding.description) if binding.description else binding.description,
                tooltip=gettext(binding.tooltip) if binding.tooltip else binding.tooltip,
                key_display=gettext(binding.key_display) if binding.key_display else binding.key_display,
            )
            for binding in bindings
        ]
