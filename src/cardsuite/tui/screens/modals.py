"""Modal screens: hand-off cover, a filterable choice list, text pages, the rules and the menu."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option


class HandoffScreen(Screen[None]):
    """An opaque cover between two people's turns: nothing private of anyone is on it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "I am ready", priority=True)]

    def __init__(self, name: str, why: str = "") -> None:
        super().__init__()
        self.person = name
        self.why = why

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            yield Static(f"Pass to {self.person}, then press Enter", id="handoff-title")
            yield Static(self.why or f"It is {self.person}'s turn. Nobody else should look.", id="handoff-why")
        yield Footer()

    def action_ready(self) -> None:
        """The next person is at the screen."""
        self.dismiss(None)


class ChoiceScreen(ModalScreen[int | None]):
    """Pick one of many labels (bids, a named card): type to filter, Enter to choose, Escape to cancel."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, labels: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.labels = labels

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            if len(self.labels) > 8:
                yield Input(placeholder="type to filter", id="choice-filter")
            yield OptionList(*self._options(""), id="choice-list")
        yield Footer()

    def _options(self, needle: str) -> list[Option]:
        needle = needle.strip().lower()
        return [Option(label, id=str(i)) for i, label in enumerate(self.labels) if needle in label.lower()]

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


class TextScreen(ModalScreen[None]):
    """A page of text (keymap, last trick, scoreboard, end of deal): Enter or Escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Continue", priority=True),
        Binding("escape", "close", "Close"),
    ]

    def __init__(self, title: str, body: RenderableType, classes: str = "") -> None:
        super().__init__(classes=classes)
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(self.body, id="text-body")
        yield Footer()

    def action_close(self) -> None:
        """Close the page."""
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """The current game's rules, from ``game.rules_markdown()``."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,r", "close", "Close")]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # markdown-it loads only when the rules are opened

        with VerticalScroll(id="rules"):
            yield Markdown(self.markdown)
        yield Footer()

    def on_mount(self) -> None:
        """Focus the scroller so the arrows scroll."""
        self.query_one("#rules").focus()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class MenuScreen(ModalScreen[str | None]):
    """The table menu: each entry's id is what the table does."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "cancel", "Back")]

    def __init__(self, entries: list[tuple[str, str]]) -> None:
        super().__init__()
        self.entries = entries

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Menu", classes="dialog-title")
            yield OptionList(*(Option(label, id=key) for key, label in self.entries), id="menu-list")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the list."""
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Do the chosen entry."""
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        """Back to the table."""
        self.dismiss(None)
