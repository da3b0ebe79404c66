"""The table's own words in the viewer's language: key bindings, whose texts are written once, in English.

Textual keeps a copy of a screen's bindings per instance, so a screen translates its copy when it is made
(``translate_bindings``); the texts are marked with ``N_`` where the bindings are declared.
"""

from __future__ import annotations

from dataclasses import replace

from textual.dom import DOMNode

from ..core.message import N_
from ..i18n import gettext

ESC = N_("Esc")
"""The Escape key as the key bar names it (Textual's own name, ``esc``, would stay English)."""


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
