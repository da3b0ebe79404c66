"""The home screen: continue a saved match, or choose a game, the seats and the game's options.

The option form is built from the game's own schema (``game.info.options``): a switch for true/false,
a list for fixed choices, a number field otherwise, each with its one-line explanation. It starts from
the settings file (names, card style, ASCII, speed, preferred options per game) and writes the form back
to it when a table starts. The chosen game's ratings are shown below the form.

Another game, player count or language rebuilds the form; what was put into it is kept (``FormState``):
each seat's name and kind, the seed, the speed and the switches, and the options while the game stays the
same. Back from a table, the form shows the game just played.

ASCII mode (``ascii = true`` in the settings, or a terminal that cannot show ♠♥♦♣) is the table's: every
word the screen puts up passes through ``Ascii.text``, the app draws it through its ASCII filter, and a
language that cannot be read in ASCII (Japanese) gives way to English, as at the table.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from gettext import NullTranslations
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static, Switch
from textual.widgets.option_list import Option

from ...core.errors import CardsuiteError, message_of
from ...core.game import Game
from ...core.match import SeatSpec
from ...core.message import N_, msg
from ...core.options import OptionSpec, shown_value
from ...core.registry import all_games, broken_games
from ...i18n import ENGLISH, LANGUAGES, _, current_language, game_words, readable_in_ascii, use_language
from ...i18n.choices import option_value_word
from ...i18n.levels import level_word
from ...i18n.reasons import read_within
from ...i18n.render import render
from ...naming import shown
from ...seatnames import check_name
from ...storage.history import rating_words_for
from ...storage.savefolder import SaveInfo, list_saves, load_save
from ...storage.saves import Autosave
from ...storage.settings import Settings, SettingsError, load_settings, save_settings
from ..config import (
    SPEEDS,
    TableConfig,
    cpu_levels,
    parse_seed,
    parse_speed,
    person_name,
    resumed_config,
    suits_encodable,
    table_words,
)
from ..text import Ascii
from ..widgets.kinsoku import KinsokuStatic
from ..words import ESC, speed_word, translate_bindings
from .home_form import FormState

LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "lt": "Lietuvių"}
"""Each language in its own words (never translated: a reader finds their own language by its name)."""


class HomeScreen(Screen[None]):
    """The start form; Start opens a table through the app."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "start", N_("Start")),
                                             Binding("escape", "app.quit", N_("Quit"), key_display=ESC)]

    game_name: reactive[str] = reactive("", recompose=True)
    players: reactive[int] = reactive(0, recompose=True)

    def __init__(self, last: TableConfig | None = None) -> None:
        """A new form: for ``last``'s game, seats and options when a table was just played, else for the game
        introduced last."""
        super().__init__()
        self.settings: Settings = load_settings()
        self._terminal_ascii = not suits_encodable()
        self._english_for_ascii = self.speak_readable()
        translate_bindings(self)
        self.saves: list[SaveInfo] = self._list_saves()
        self._fresh = True
        self.games = {g.info.name: g for g in all_games()}
        self.kept = FormState()
        played = [g for g in self.settings.introduced if g in self.games]
        first = played[-1] if played else next(iter(self.games), "")
        players = self.games[first].info.default_players if first else 0
        if last is not None and last.game in self.games and last.players in self.games[last.game].info.players:
            self.kept = FormState.of_table(last)
            first, players = last.game, last.players
        self.set_reactive(HomeScreen.game_name, first)
        self.set_reactive(HomeScreen.players, players)

    @property
    def game(self) -> Game:
        """The chosen game."""
        return self.games[self.game_name]

    @property
    def ascii_only(self) -> bool:
        """Whether the home screen is drawn in ASCII only: the settings ask for it, or the terminal cannot
        show ♠♥♦♣ (a table opened from the form is ASCII then too)."""
        return self.settings.ascii or self._terminal_ascii

    def speak_readable(self) -> bool:
        """In ASCII mode, English instead of a language that cannot be read in ASCII (as at the table);
        whether it switched."""
        if self.ascii_only and not readable_in_ascii(current_language()):
            use_language(ENGLISH)
            return True
        return False

    def compose(self) -> ComposeResult:
        say = Ascii(self.ascii_only, self.game.ascii_words() if self.game_name in self.games else None).text
        languages = [code for code in LANGUAGES if not self.ascii_only or readable_in_ascii(code)]
        with VerticalScroll(id="home"):
            yield KinsokuStatic(say(_("cardsuite: continue a match, or choose a game, the seats and the options")),
                                id="home-title")
            with Horizontal(classes="row"):
                yield Label(say(_("Language")), classes="key")
                yield Select([(say(LANGUAGE_NAMES.get(code, code)), code) for code in languages],
                             value=current_language() if current_language() in languages else "en",
                             allow_blank=False, id="language", compact=True)
            if self.saves:
                yield KinsokuStatic(say(_("Continue (Enter or a click reopens the match where it was left)")),
                                    classes="section")
                yield OptionList(*(Option(Text(say(info.describe())), id=info.id) for info in self.saves),
                                 id="continue")
            if not self.games:
                yield Static(say(_("No game is installed.")))
                return
            game = self.game
            words = game_words(game)
            kept = self.kept
            preferred = {**self.settings.options_for(game.info.name), **kept.options_for(game.info.name)}
            with Horizontal(classes="row"):
                yield Label(say(_("Game")), classes="key")
                yield Select([(say(game_words(g).gettext(g.info.title)), n) for n, g in self.games.items()],
                             value=self.game_name, allow_blank=False, id="game", compact=True)
                yield KinsokuStatic(say(words.gettext(game.info.summary)), classes="doc")
            with Horizontal(classes="row"):
                yield Label(say(_("Players")), classes="key")
                yield Select([(str(n), n) for n in game.info.players], value=self.players,
                             allow_blank=False, id="players", compact=True)
            yield Static(say(_("Seats")), classes="section")
            kinds = [(say(_("person")), "human")] + [(say(_("CPU {level}").format(level=level_word(lvl))), f"cpu:{lvl}")
                                                     for lvl in cpu_levels(game)]
            levels = cpu_levels(game)
            best = "cpu:normal" if "normal" in levels else f"cpu:{levels[-1]}"
            for seat in range(self.players):
                with Horizontal(classes="row"):
                    yield Label(say(_("Seat {number}").format(number=seat)), classes="key")
                    name = person_name(0, 1, self.settings.names) if seat == 0 else f"CPU {seat}"
                    yield Input(value=kept.names.get(seat, name), id=f"seat-name-{seat}", compact=True,
                                classes="name")
                    kind = kept.kinds.get(seat)
                    if kind not in {value for _, value in kinds}:  # none kept, or a level this game lacks
                        kind = "human" if seat == 0 else best
                    yield Select(kinds, value=kind, allow_blank=False, id=f"seat-kind-{seat}", compact=True)
            yield Static(say(_("Options")), classes="section")
            for spec in game.info.options:
                with Horizontal(classes="row"):
                    yield Label(spec.key, classes="key")
                    yield self._option_widget(spec, preferred.get(spec.key), words, say)
                    yield KinsokuStatic(say(words.gettext(spec.doc)), classes="doc")
            yield Static(say(_("Table")), classes="section")
            with Horizontal(classes="row"):
                yield Label(say(_("seed")), classes="key")
                yield Input(kept.seed, placeholder=say(_("random")), id="seed", type="integer", compact=True,
                            classes="value")
                yield KinsokuStatic(say(_("The same seed deals the same cards.")), classes="doc")
            with Horizontal(classes="row"):
                yield Label(say(_("CPU speed")), classes="key")
                speed = kept.speed or self.settings.speed
                speeds = list(SPEEDS) + ([] if speed in SPEEDS else [speed])
                yield Select([(say(speed_word(k)), k) for k in speeds], value=speed, allow_blank=False,
                             id="speed", compact=True)
            with Horizontal(classes="row"):
                yield Label(say(_("four colours")), classes="key")
                yield Switch(self.settings.four_colour if kept.four_colour is None else kept.four_colour,
                             id="four-colour")
                yield Label(say(_("ASCII suits")), classes="key")
                yield Switch(self.settings.ascii if kept.ascii is None else kept.ascii, id="ascii")
                yield Label(say(_("auto-play forced")), classes="key")
                yield Switch(True if kept.auto_play is None else kept.auto_play, id="auto-play")
            with Horizontal(classes="row buttons"):
                yield Button(say(_("Start")), id="start", variant="primary", compact=True)
                yield Button(say(_("Online…")), id="online", compact=True)
            yield KinsokuStatic("", id="home-error")
            yield Static(say(_("Ratings: {game}").format(game=words.gettext(game.info.title))), classes="section")
            yield Static(self._ratings(game.info.name, say), id="ratings")
            broken = broken_games()
            if broken:
                yield KinsokuStatic(say(_("Not loaded: {games}").format(games=", ".join(sorted(broken)))),
                                    classes="doc")
        yield Footer()

    def _option_widget(self, spec: OptionSpec, preferred: object = None, words: NullTranslations | None = None,
                       say: Callable[[str], str] = str) -> Switch | Select[str] | Input:
        """The field of one option, showing the preferred value of the settings when it is a valid one; a list's
        choices are in the game's ``words`` (the values themselves stay the option's own), as ``say`` shows them."""
        wid = f"opt-{spec.key}"
        try:
            value = spec.default if preferred is None else spec.parse(preferred)
        except (CardsuiteError, ValueError, TypeError):  # a stale preference: the game's default
            value = spec.default
        if isinstance(spec.default, bool):
            return Switch(bool(value), id=wid)
        if spec.choices is None and isinstance(preferred, str):  # typed into the field: shown as it was typed
            value = preferred
        if spec.choices is not None:
            return Select([(say(option_value_word(words, shown_value(c)) if words else shown_value(c)), shown_value(c))
                           for c in spec.choices], value=shown_value(value),
                          allow_blank=False, id=wid, compact=True)
        return Input(value=shown_value(value), id=wid, type="integer" if isinstance(spec.default, int) else "text",
                     compact=True, classes="value")

    def _list_saves(self) -> list[SaveInfo]:
        """The unfinished matches (a storage failure is shown, not raised)."""
        try:
            return list_saves()
        except CardsuiteError as exc:
            self.notify(render(message_of(exc)), severity="error", markup=False)
            return []

    def _ratings(self, game: str, say: Callable[[str], str] = str) -> Table | Text | str:
        """The game's ratings, best first: the conservative number, mu ± sigma, matches (names as text), in
        the words ``say`` shows."""
        try:
            ratings = rating_words_for(game)
        except CardsuiteError as exc:
            return Text(say(_("(the ratings cannot be read: {error})").format(error=render(message_of(exc)))))
        if not ratings:
            return say(_("No finished match of this game yet."))
        table = Table(box=None, padding=(0, 2), show_header=True, header_style="dim")
        for index, column in enumerate((_("player"), _("rating"), _("mu ± sigma"), _("matches"))):
            table.add_column(say(column), justify="left" if index == 0 else "right")
        for player, rating in ratings[:10]:
            table.add_row(Text(say(shown(player))), f"{rating.ordinal:.1f}",
                          say(f"{rating.mu:.1f} ± {rating.sigma:.1f}"), str(rating.matches))
        return table

    def on_mount(self) -> None:
        """Enter reopens a match at once when there is one to continue; the app draws in ASCII when the
        home screen does."""
        self.app.set_class(self.ascii_only, "-ascii")
        if self._english_for_ascii:
            self.notify(_("This terminal shows only ASCII: the home screen speaks English."), markup=False)
        self.focus_continue()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """An opened list of choices names its key (Esc closes it) in the language in use, as the screen does."""
        if isinstance(event.widget.parent, Select):  # the list a Select opens (Textual's own class, not public)
            translate_bindings(event.widget)

    def focus_continue(self) -> None:
        """Give the Continue list the focus, its first match highlighted, when it has entries."""
        found = self.query("#continue").results(OptionList)
        listed = next(found, None)
        if listed is None or not listed.option_count:
            return
        listed.focus()
        if listed.highlighted is None:
            listed.highlighted = 0

    def capture(self) -> None:
        """Keep what the form holds now (``self.kept``), for the form that will be built next."""
        kept = FormState(game=self.game_name)
        for seat in range(self.players):
            name = self._widget(f"seat-name-{seat}", Input)
            kind = self._widget(f"seat-kind-{seat}", Select)
            if name is not None:
                kept.names[seat] = name.value
            if kind is not None and isinstance(kind.value, str):
                kept.kinds[seat] = kind.value
        if self.game_name in self.games:
            for spec in self.game.info.options:
                field = self._widget(f"opt-{spec.key}", Switch, Select, Input)
                if field is not None:
                    kept.options[spec.key] = field.value
        seed = self._widget("seed", Input)
        speed = self._widget("speed", Select)
        kept.seed = seed.value if seed is not None else self.kept.seed
        kept.speed = str(speed.value) if speed is not None else self.kept.speed
        for attribute, wid in (("four_colour", "four-colour"), ("ascii", "ascii"), ("auto_play", "auto-play")):
            switch = self._widget(wid, Switch)
            setattr(kept, attribute, switch.value if switch is not None else getattr(self.kept, attribute))
        self.kept = kept

    def _widget(self, wid: str, *kinds: type[Input] | type[Select[str]] | type[Switch]) -> Any:
        """The form's widget ``wid`` when it is there and of one of ``kinds``, else None."""
        found = next(self.query(f"#{wid}").results(), None)
        return found if isinstance(found, kinds) else None

    def on_screen_resume(self) -> None:
        """Back from a table (or a dialog): the Continue list and the ratings may have changed; the form keeps
        what it held, and shows the game of the table just played."""
        if self._fresh:  # the first showing: the lists are new
            self._fresh = False
            return
        self.app.set_class(self.ascii_only, "-ascii")  # the table just left set it for itself
        if self.speak_readable():
            translate_bindings(self)
        self.saves = self._list_saves()
        self.capture()
        played = getattr(self.app, "config", None)
        if isinstance(played, TableConfig) and played.game in self.games and played.game != self.game_name \
                and played.players in self.games[played.game].info.players:
            kept = FormState.of_table(played)
            kept.seed, kept.speed, kept.ascii = self.kept.seed, self.kept.speed, self.kept.ascii
            self.kept = kept
            self.set_reactive(HomeScreen.game_name, played.game)
            self.set_reactive(HomeScreen.players, played.players)
        self.refresh(recompose=True)
        self.call_after_refresh(self.focus_continue)
        show = getattr(self.app, "show_notices", None)
        if callable(show):
            show()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A save in the Continue list: reopen it."""
        if event.option_list.id == "continue" and event.option.id:
            self.resume(event.option.id)

    def resume(self, save_id: str) -> None:
        """Reopen the save ``save_id`` as ``cardsuite resume`` does."""
        try:
            record, match = load_save(save_id)
            autosave = Autosave.resumed(record)  # refused when another window has the match open
        except CardsuiteError as exc:
            self.notify(render(message_of(exc)), severity="error", markup=False)
            self.saves = self._list_saves()
            self.capture()
            self.refresh(recompose=True)
            return
        start = getattr(self.app, "start_table", None)
        if callable(start):
            start(resumed_config(record, match, self.settings), match, autosave)

    def on_select_changed(self, event: Select.Changed) -> None:
        """A new game, player count or language rebuilds the form, keeping what still applies."""
        if event.select.id == "language" and isinstance(event.value, str) and event.value != current_language():
            self.choose_language(event.value)
        elif event.select.id == "game" and isinstance(event.value, str) and event.value != self.game_name:
            self.capture()
            game = self.games[event.value]
            self.set_reactive(HomeScreen.players, game.info.default_players)
            self.game_name = event.value
        elif event.select.id == "players" and isinstance(event.value, int) and event.value != self.players:
            self.capture()
            self.players = event.value

    def choose_language(self, language: str) -> None:
        """Speak ``language`` from now on and remember it in the settings file."""
        use_language(language)
        translate_bindings(self)
        self.settings.language = language
        try:
            save_settings(self.settings)
        except (OSError, ValueError) as exc:
            self.notify(_("The settings could not be saved: {error}").format(error=_unsaved(exc)), severity="warning",
                        markup=False)
        self.saves = self._list_saves()  # each save's moment ("trick 3") in the new language
        self.capture()
        self.refresh(recompose=True)
        self.refresh_bindings()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Start, or play online."""
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "online":
            self.action_online()

    def action_online(self) -> None:
        """Host the form's table at a server, or join one with its code (``cardsuite host``/``join``)."""
        config = self.checked_config()
        if config is None:
            return
        levels = [s.level for s in config.seats if s.kind == "cpu" and s.level]
        table: dict[str, object] = {
            "game": config.game, "players": config.players, "cpu": levels[0] if levels else "normal",
            "options": dict(self.game.resolve_options(config.options, config.players).non_default()),
        }
        online = getattr(self.app, "open_online", None)
        if callable(online):
            online(config.seats[0].name, table)

    def show_error(self, error: CardsuiteError) -> None:
        """Why the form cannot start a table, under it (the reason is text, never markup)."""
        self.query_one("#home-error", Static).update(Text.assemble((_("Cannot start:") + " ", "bold"), str(error)))

    def action_start(self) -> None:
        """Build a table from the form; a wrong value is shown, not raised."""
        config = self.checked_config()
        start = getattr(self.app, "start_table", None)
        if config is not None and callable(start):
            start(config)

    def checked_config(self) -> TableConfig | None:
        """The form's table, remembered in the settings; None when a value is wrong (it is shown under the form)."""
        try:
            config = self.build_config()
        except CardsuiteError as exc:
            self.show_error(exc)
            return None
        self.remember(config)
        return config

    def remember(self, config: TableConfig) -> None:
        """Write the form into the settings file: people's names, card style, ASCII, speed, this game's options."""
        game = self.game
        settings = self.settings
        people = [name for name in (self._typed_name(n) for n, s in enumerate(config.seats) if s.kind == "human")
                  if name and not re.fullmatch(r"CPU \d+", name)]  # a default name is not kept as chosen
        if people:
            settings.names = people + settings.names[len(people):]
        settings.card_style = "four-colour" if config.four_colour else "two-colour"
        settings.ascii = self.query_one("#ascii", Switch).value
        settings.speed = str(self.query_one("#speed", Select).value)
        chosen: dict[str, bool | int | float | str] = dict(
            game.resolve_options(config.options, config.players).non_default()
        )
        if chosen:
            settings.options[game.info.name] = chosen
        else:
            settings.options.pop(game.info.name, None)
        try:
            save_settings(settings)
        except (OSError, ValueError) as exc:
            self.notify(_("The settings could not be saved: {error}").format(error=_unsaved(exc)), severity="warning",
                        markup=False)

    def _typed_name(self, seat: int) -> str:
        """The name the person chose in seat ``seat``'s field: empty when the field is blank or still holds the
        default the form offered (seat 0's *Player* in the reader's language, the settings naming nobody)."""
        typed = self.query_one(f"#seat-name-{seat}", Input).value.strip()
        offered = seat == 0 and typed == person_name(0, 1) == person_name(0, 1, self.settings.names)
        return "" if offered else typed

    def build_config(self) -> TableConfig:
        """The form as a ``TableConfig``, options checked by the game."""
        game = self.game
        ascii_only = self.query_one("#ascii", Switch).value or not suits_encodable()
        words = table_words(ascii_only)  # a default name is a word in the table's language
        seats: list[SeatSpec] = []
        for seat in range(self.players):
            held = self.query_one(f"#seat-name-{seat}", Input).value.strip()
            name = check_name(self._typed_name(seat) or (person_name(0, 1, (), words) if held
                                                         else words("Seat {number}").format(number=seat)))
            kind = str(self.query_one(f"#seat-kind-{seat}", Select).value)
            if kind.startswith("cpu:"):
                seats.append(SeatSpec(name, "cpu", kind[4:]))
            else:
                seats.append(SeatSpec(name))
        if len({s.name.lower() for s in seats}) != len(seats):
            raise CardsuiteError(_("two seats have the same name"))
        given: dict[str, object] = {}
        for spec in game.info.options:
            widget = self.query_one(f"#opt-{spec.key}")
            if isinstance(widget, Switch):
                given[spec.key] = widget.value
            elif isinstance(widget, Select):
                given[spec.key] = str(widget.value)
            elif isinstance(widget, Input):
                given[spec.key] = widget.value
        game.resolve_options(given, len(seats))
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = parse_seed(seed_text) if seed_text else secrets.randbelow(2**31)
        speed = str(self.query_one("#speed", Select).value)
        try:
            delay = parse_speed(speed)
        except CardsuiteError:
            delay = SPEEDS["normal"]
        return TableConfig(
            game=game.info.name,
            seats=tuple(seats),
            options=given,
            seed=seed,
            ascii_only=ascii_only,
            four_colour=self.query_one("#four-colour", Switch).value,
            cpu_delay=delay,
            auto_play=self.query_one("#auto-play", Switch).value,
            notes=(msg("seed {seed}", seed=seed),),
        )


def _unsaved(exc: OSError | ValueError) -> str:
    """Why the settings were not saved, in the reader's language (the system's own words stay as it gives them)."""
    return render(read_within(exc.words)) if isinstance(exc, SettingsError) else str(exc)
