"""The table's keys, each written once with its help: the bindings, and the ``?`` page built from them.

A new key of the table is one ``table_binding`` line in ``TABLE_BINDINGS`` and an ``action_*`` method on
``TableScreen``; a letter also goes into ``planning.TABLE_KEYS`` (then no card or button takes it), and a key
that works only at times says when in ``TableScreen.check_action``. The ``?`` page lists it by itself.
The pages' keys (``ROOMY``) are in the key bar only while it has room for them: each has a hidden twin
(``quiet``) that answers the key when the bar leaves it out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType

from ...core.message import N_
from ...i18n import _
from ...i18n.linebreak import KinsokuText
from ..planning import TABLE_KEYS

ROOMY = ("last_trick", "rules", "scores", "cpu_seat")
"""Keys of the table's pages, shown in the key bar in this order while it has room (they always work)."""

FREE_KEYS = "1234567890" + "".join(c for c in "abcdefghijklmnopqrstuvwxyz" if c not in TABLE_KEYS)
"""Keys a card or a button of a phase may have (the table's own letters are never theirs)."""


def table_binding(keys: str, action: str, description: str, help_text: str, show: bool = True,
                  key_display: str | None = None) -> Binding:
    """A key of the table: its key bar word (``description``) and its line on the ``?`` page (``help_text``)."""
    return Binding(keys, action, description, show=show, tooltip=help_text, key_display=key_display)


TABLE_BINDINGS: list[BindingType] = [
    table_binding("enter", "enter", N_("Play"), N_("what the key bar says: play the card under the cursor, "
                                                   "confirm the marked cards, or press the button the arrows "
                                                   "chose (never a pass)"), key_display=N_("Enter")),
    Binding("enter", "enter_idle", show=False),  # Enter when it does nothing: say what would
    table_binding("space", "mark", N_("Mark"), N_("mark the card under the cursor for an action of several cards "
                                                  "(then Enter)"), key_display=N_("Space")),
    table_binding("backspace", "take_back", N_("Take back"), N_("take back your bid or trump choice before the "
                  "next player acts (not counted as help)"), key_display=N_("Bksp")),
    table_binding("u", "undo", N_("Undo"), N_("undo back to your previous decision (one person against CPUs; "
                  "counted as an undo in your statistics)")),
    table_binding("h", "hint", N_("Hint"), N_("a hint from the strongest CPU, with its reason (only you see it)")),
    table_binding("t", "last_trick", N_("Trick"), N_("the last trick, its winner and why")),
    table_binding("g", "partner", N_("Adjutant?"), N_("who may hold the card that names the secret partner "
                  "(Napoleon's adjutant), judged from your view only")),
    table_binding("s", "scores", N_("Scores"), N_("the scoreboard, deal by deal")),
    table_binding("c", "cpu_seat", N_("CPU"), N_("hand your seat to a CPU; press again to take it back")),
    table_binding("r", "rules", N_("Rules"), N_("how to play this game, on one screen (f there: the full rules)")),
    table_binding("question_mark", "keymap", N_("Keys"), N_("this list of keys (f there: forced cards play "
                                                            "themselves, on or off)"), key_display="?"),
    table_binding("q", "menu", N_("Menu"), N_("the menu: rules, scores, keys, CPU seat, abandon or quit")),
    table_binding("left,a,comma", "move(-1)", N_("Left"), N_("move between cards (or buttons)"), show=False,
                  key_display=N_("Left a ,")),
    table_binding("right,d,full_stop", "move(1)", N_("Right"), N_("move between cards (or buttons)"), show=False,
                  key_display=N_("Right d .")),
    table_binding("up", "zone('actions')", N_("Buttons"), N_("go to the buttons"), show=False,
                  key_display=N_("Up")),
    table_binding("down", "zone('hand')", N_("Hand"), N_("go to your hand"), show=False, key_display=N_("Down")),
    table_binding("tab", "switch_zone", N_("Switch"), N_("switch between your hand and the buttons"), show=False,
                  key_display=N_("Tab")),
    *(Binding(key, f"quiet('{action}')", show=False) for key, action in (("t", "last_trick"), ("s", "scores"),
                                                                          ("c", "cpu_seat"), ("r", "rules"))),
    *(Binding(key, f"press_key('{key}')", show=False) for key in FREE_KEYS),
]
"""Every key of the table (a card's or a button's key is ``press_key``)."""


def key_rows(bindings: Iterable[BindingType], key_name: Callable[[str], str],
             card_keys: Sequence[str] = ()) -> list[tuple[str, str]]:
    """Every key of the table and what it does, in the reader's language, from ``bindings`` (those with a help
    line); ``key_name`` names a key as the key bar does, ``card_keys`` are the hand's keys now."""
    rows: dict[str, list[str]] = {}
    for binding in bindings:
        if not isinstance(binding, Binding) or not binding.tooltip:
            continue
        shown = _(binding.key_display) if binding.key_display else ", ".join(
            key_name(k.strip()) for k in binding.key.split(","))
        rows.setdefault(_(binding.tooltip), []).append(shown)
    cards = " ".join(card_keys) if card_keys else "1 … 9, 0, j k l"
    lines = [(cards, _("the key under a card plays it (marks it, when several cards are asked for)")),
             (_("a button's key"), _("presses that button (p pass, m misère …)"))]
    lines += [(" / ".join(keys), tip) for tip, keys in rows.items()]
    lines.append((_("Mouse"), _("click a card to play it, a button to press it")))
    return lines


def key_page(rows: Iterable[tuple[str, str]], auto_play: bool, plain: Callable[[str], str]) -> Table:
    """The ``?`` page: ``rows`` (each made fit for the terminal by ``plain``; what a key does breaks Japanese
    lines by the rules), then whether forced cards play themselves."""
    table = Table(box=None, show_header=False, padding=(0, 2, 0, 0), expand=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    for keys, words in rows:
        table.add_row(Text(plain(keys)), KinsokuText(plain(words)))
    state = _("on") if auto_play else _("off")
    table.add_row(Text("f"), KinsokuText(plain(_("forced cards play themselves after a moment: {state}").format(
        state=state))))
    return table
