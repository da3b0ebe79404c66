"""Modal screens: a filterable choice list, text pages, the rules, the menu and a yes/no question."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ...core.message import N_
from ...i18n import _
from ..markdown_text import plain_text
from ..widgets.key_bar import KeyBar
from ..widgets.kinsoku import KinsokuStatic
from ..words import ESC, translate_bindings

PageResult = TypeVar("PageResult")


class ChoiceScreen(ModalScreen[int | None]):
    """Pick one of many labels (bids, a named card): type to filter, Enter to choose, Escape to cancel."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"), key_display=ESC)]

    def __init__(self, title: str, labels: list[str], keys: list[str] | None = None,
                 searches: list[str] | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.title_text = title
        self.labels = labels
        self.keys = [k.lower() for k in keys] if keys else [""] * len(labels)
        self.searches = [s.lower() for s in searches] if searches else [""] * len(labels)
        """More words each entry is found by (a card's name in words and its code, ``ace of spades AS``)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield KinsokuStatic(self.title_text, classes="dialog-title")
            if len(self.labels) > 8:
                hint = (_("type to filter (or a key, like {key})").format(key=self.keys[-1]) if any(self.keys)
                        else _("type to filter"))
                yield Input(placeholder=hint, id="choice-filter", compact=True)
            yield OptionList(*self._options(""), id="choice-list", compact=True)
        yield KeyBar(compact=True)

    def _options(self, needle: str) -> list[Option]:
        """The entries whose key is exactly what was typed (``13s``, ``as``) first, then those whose words
        hold every typed word (``ace of spades``)."""
        needle = needle.strip().lower()
        exact = [i for i, key in enumerate(self.keys) if needle and key == needle.replace(" ", "")]
        words = needle.split()
        found = [i for i, label in enumerate(self.labels) if i not in exact
                 and all(w in f"{label.lower()} {self.keys[i]} {self.searches[i]}" for w in words)]
        return [Option(Text(self.labels[i]), id=str(i)) for i in (*exact, *found)]

    def on_mount(self) -> None:
        """Focus the filter when there is one, else the list."""
        if self.query("#choice-filter"):
            self.query_one("#choice-filter", Input).focus()
        else:
            self.query_one(OptionList).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        """Filter the list as the person types."""
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(self._options(event.value))
        if options.option_count:
            options.highlighted = 0

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the filter chooses the first match."""
        options = self.query_one(OptionList)
        if options.option_count:
            option = options.get_option_at_index(options.highlighted or 0)
            self.dismiss(int(option.id or 0))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter or a click on an option chooses it."""
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        """Choose nothing."""
        self.dismiss(None)


class PageScreen(ModalScreen[PageResult]):
    """A titled page whose body scrolls; ``close`` dismisses it with nothing (each page binds its own keys)."""

    def __init__(self, title: str, body: RenderableType, classes: str = "", width: int | None = None) -> None:
        super().__init__(classes=classes)
        translate_bindings(self)
        self.title_text = title
        self.body = body
        self.width = width
        """The body's natural width in cells: the page grows to it (up to the terminal's), else the usual 70."""

    def on_mount(self) -> None:
        """A wide body (a scoreboard of many seats) widens the page, as far as the terminal allows."""
        if self.width is not None:
            self.query_one(".dialog").styles.width = max(70, self.width + 4)  # the border and the padding

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield KinsokuStatic(self.title_text, classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield KinsokuStatic(self.body, id="text-body")
        yield KeyBar(compact=True)

    def action_close(self) -> None:
        """Close the page (back to the table)."""
        self.dismiss(None)


class TextScreen(PageScreen[None]):
    """A page of text (last trick, scoreboard, end of deal): Enter or Escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", N_("Continue"), priority=True),
        Binding("escape", "close", N_("Close"), key_display=ESC),
    ]


class KeysScreen(PageScreen[str | None]):
    """The table's keys; ``f`` switches whether forced cards play themselves (the page then shows again)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,question_mark", "close", N_("Close"), key_display=ESC, priority=True),
        Binding("f", "auto_play", N_("Forced cards on/off")),
    ]

    def __init__(self, title: str, body: RenderableType) -> None:
        super().__init__(title, body, classes="keys")

    def action_auto_play(self) -> None:
        """Switch auto-play of forced cards."""
        self.dismiss("toggle")


class RulesScreen(ModalScreen[None]):
    """One screen on how to play the game; ``f`` switches to the full rules (titled ``full_title``) and back.

    The Markdown's headings, paragraphs and table cells break Japanese lines by the rules, a cell too long for its
    column onto more rows (``KinsokuMarkdown``). In ASCII mode the Markdown is shown as plain text (the Markdown
    widget draws non-ASCII bullets): its markup gone, each paragraph one line wrapped at the page's width.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,r,enter", "close", N_("Close"), key_display=ESC),
        Binding("f", "full", N_("Full rules")),
        Binding("f", "brief", N_("How to play")),
    ]

    def __init__(self, markdown: str, ascii_only: bool = False, title: str = "", full: str = "",
                 full_title: str = "") -> None:
        super().__init__()
        translate_bindings(self)
        self.markdown = markdown
        self.ascii_only = ascii_only
        self.title_text = title
        self.full = full
        self.full_title = full_title or title
        self.showing_full = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules"):
            if self.title_text:
                yield Static(Text(self.title_text, style="bold"), id="rules-title")
            yield from self._body(self.markdown)
        yield KeyBar(compact=True)

    def _body(self, markdown: str) -> ComposeResult:
        if self.ascii_only:
            yield KinsokuStatic(Text(plain_text(markdown)), id="rules-body")
        else:
            from ..widgets.kinsoku_markdown import KinsokuMarkdown  # markdown-it loads only when the rules are opened

            yield KinsokuMarkdown(markdown, id="rules-body")

    def on_mount(self) -> None:
        """Focus the scroller so the arrows scroll."""
        self.query_one("#rules").focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``f`` only when there are full rules to show; the key bar names the page it goes to."""
        if action == "full":
            return bool(self.full) and not self.showing_full
        if action == "brief":
            return self.showing_full
        return True

    async def action_brief(self) -> None:
        """From the full rules back to the one-screen page."""
        await self.action_full()

    async def action_full(self) -> None:
        """Switch between the one-screen page and the full rules (the title and the key bar follow)."""
        self.showing_full = not self.showing_full
        if self.title_text:
            title = self.full_title if self.showing_full else self.title_text
            self.query_one("#rules-title", Static).update(Text(title, style="bold"))
        self.refresh_bindings()
        scroller = self.query_one("#rules", VerticalScroll)
        await self.query_one("#rules-body").remove()
        await scroller.mount_all(list(self._body(self.full if self.showing_full else self.markdown)))
        scroller.scroll_home(animate=False)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class MatchOverScreen(ModalScreen[str | None]):
    """The standings, then: play again (same seats and options, a new seed; also Enter), home, or quit.

    Quitting is its own key: Enter never leaves the program.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a,enter", "again", N_("Play again"), key_display=N_("a / Enter"), priority=True),
        Binding("o,escape", "home", N_("Home"), key_display="o"),
        Binding("q", "leave", N_("Quit")),
    ]

    def __init__(self, body: RenderableType, stopped: bool = False) -> None:
        super().__init__(classes="match-over")
        translate_bindings(self)
        self.body = body
        self.stopped = stopped  # a match its rules have not ended, stopped by the table

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_("The match stops here") if self.stopped else _("The match is over"),
                         classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield KinsokuStatic(self.body, id="text-body")
        yield KeyBar(compact=True)

    def action_again(self) -> None:
        """The same table again with a new seed."""
        self.dismiss("again")

    def action_home(self) -> None:
        """The home screen."""
        self.dismiss("home")

    def action_leave(self) -> None:
        """Quit: home when the table was opened from it, else leave the program."""
        self.dismiss("leave")


class MenuScreen(ModalScreen[str | None]):
    """The table menu: each entry's id is what the table does; each has its own key (``keys``), and the
    first entry (back to the table) is the one Enter chooses until the arrows move."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Back"), key_display=ESC)]

    def __init__(self, entries: list[tuple[str, str]], keys: list[str] | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.entries = entries
        self.keys = keys or [""] * len(entries)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_("Menu"), classes="dialog-title")
            yield OptionList(*(Option(Text.assemble((f"{key}  ", "bold"), label) if key else label, id=entry)
                               for (entry, label), key in zip(self.entries, self.keys, strict=True)),
                             id="menu-list", compact=True)
        yield KeyBar(compact=True)

    def on_key(self, event: events.Key) -> None:
        """An entry's own key chooses it."""
        if event.character and event.character in self.keys:
            event.stop()
            event.prevent_default()
            self.dismiss(self.entries[self.keys.index(event.character)][0])

    def on_mount(self) -> None:
        """Focus the list."""
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Do the chosen entry."""
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """Asks before something is applied: a summary, then ``y`` (and Enter, unless ``destructive``) to go on,
    ``n`` or Escape to go back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "yes", N_("Yes")),
        Binding("enter", "enter", N_("Confirm"), priority=True),
        Binding("n,escape", "no", N_("Back"), key_display=N_("n / Esc")),
    ]

    def __init__(self, title: str, body: RenderableType, destructive: bool = False) -> None:
        super().__init__()
        translate_bindings(self)
        self.title_text = title
        self.body = body
        self.destructive = destructive

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield KinsokuStatic(Text(self.title_text), classes="dialog-title")
            yield KinsokuStatic(self.body, id="confirm-body")
        yield KeyBar(compact=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter confirms only what is not destructive (abandoning a match takes ``y``)."""
        return not self.destructive if action == "enter" else True

    def action_yes(self) -> None:
        """Go on."""
        self.dismiss(True)

    def action_enter(self) -> None:
        """Enter: go on (never for a destructive choice)."""
        if not self.destructive:
            self.dismiss(True)

    def action_no(self) -> None:
        """Go back; nothing is applied."""
        self.dismiss(False)
