"""The home screen: choose a game, the seats (person or CPU and level, names) and the game's options.

The option form is built from the game's own schema (``game.info.options``): a switch for true/false,
a list for fixed choices, a number field otherwise, each with its one-line explanation.
"""

from __future__ import annotations

import secrets
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static, Switch

from ...core.errors import CardsuiteError
from ...core.game import Game
from ...core.match import SeatSpec
from ...core.options import OptionSpec
from ...core.registry import all_games, broken_games
from ..config import SPEEDS, TableConfig, cpu_levels, suits_encodable


def _show(value: object) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


class HomeScreen(Screen[None]):
    """The start form; Start opens a table through the app."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "start", "Start"), Binding("escape", "app.quit", "Quit")]

    game_name: reactive[str] = reactive("", recompose=True)
    players: reactive[int] = reactive(0, recompose=True)

    def __init__(self) -> None:
        super().__init__()
        self.games = {g.info.name: g for g in all_games()}
        first = "nap" if "nap" in self.games else next(iter(self.games), "")
        self.set_reactive(HomeScreen.game_name, first)
        self.set_reactive(HomeScreen.players, self.games[first].info.default_players if first else 0)

    @property
    def game(self) -> Game:
        """The chosen game."""
        return self.games[self.game_name]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="home"):
            yield Static("cardsuite: choose a game, the seats and the options", id="home-title")
            if not self.games:
                yield Static("No game is installed.")
                return
            game = self.game
            with Horizontal(classes="row"):
                yield Label("Game", classes="key")
                yield Select([(g.info.title, n) for n, g in self.games.items()], value=self.game_name,
                             allow_blank=False, id="game", compact=True)
                yield Static(game.info.summary, classes="doc")
            with Horizontal(classes="row"):
                yield Label("Players", classes="key")
                yield Select([(str(n), n) for n in game.info.players], value=self.players,
                             allow_blank=False, id="players", compact=True)
            yield Static("Seats", classes="section")
            kinds = [("person", "human")] + [(f"CPU {lvl}", f"cpu:{lvl}") for lvl in cpu_levels(game)]
            levels = cpu_levels(game)
            best = "cpu:normal" if "normal" in levels else f"cpu:{levels[-1]}"
            for seat in range(self.players):
                with Horizontal(classes="row"):
                    yield Label(f"Seat {seat}", classes="key")
                    yield Input(value="You" if seat == 0 else f"CPU {seat}", id=f"seat-name-{seat}",
                                compact=True, classes="name")
                    yield Select(kinds, value="human" if seat == 0 else best, allow_blank=False,
                                 id=f"seat-kind-{seat}", compact=True)
            yield Static("Options", classes="section")
            for spec in game.info.options:
                with Horizontal(classes="row"):
                    yield Label(spec.key, classes="key")
                    yield self._option_widget(spec)
                    yield Static(spec.doc, classes="doc")
            yield Static("Table", classes="section")
            with Horizontal(classes="row"):
                yield Label("seed", classes="key")
                yield Input(placeholder="random", id="seed", type="integer", compact=True, classes="value")
                yield Static("The same seed deals the same cards.", classes="doc")
            with Horizontal(classes="row"):
                yield Label("CPU speed", classes="key")
                yield Select([(k, k) for k in SPEEDS], value="normal", allow_blank=False, id="speed", compact=True)
            with Horizontal(classes="row"):
                yield Label("four colours", classes="key")
                yield Switch(False, id="four-colour")
                yield Label("auto-play forced", classes="key")
                yield Switch(False, id="auto-play")
            yield Button("Start", id="start", variant="primary", compact=True)
            yield Static("", id="home-error")
            broken = broken_games()
            if broken:
                yield Static("Not loaded: " + ", ".join(sorted(broken)), classes="doc")
        yield Footer()

    def _option_widget(self, spec: OptionSpec) -> Switch | Select[str] | Input:
        wid = f"opt-{spec.key}"
        if isinstance(spec.default, bool):
            return Switch(spec.default, id=wid)
        if spec.choices is not None:
            return Select([(_show(c), _show(c)) for c in spec.choices], value=_show(spec.default),
                          allow_blank=False, id=wid, compact=True)
        return Input(value=_show(spec.default), id=wid, type="integer" if isinstance(spec.default, int) else "text",
                     compact=True, classes="value")

    def on_select_changed(self, event: Select.Changed) -> None:
        """A new game or player count rebuilds the form."""
        if event.select.id == "game" and isinstance(event.value, str) and event.value != self.game_name:
            game = self.games[event.value]
            self.set_reactive(HomeScreen.players, game.info.default_players)
            self.game_name = event.value
        elif event.select.id == "players" and isinstance(event.value, int):
            self.players = event.value

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Start."""
        if event.button.id == "start":
            self.action_start()

    def action_start(self) -> None:
        """Build a table from the form; a wrong value is shown, not raised."""
        try:
            config = self.build_config()
        except CardsuiteError as exc:
            self.query_one("#home-error", Static).update(f"[b]Cannot start:[/b] {exc}")
            return
        start = getattr(self.app, "start_table", None)
        if callable(start):
            start(config)

    def build_config(self) -> TableConfig:
        """The form as a ``TableConfig``, options checked by the game."""
        game = self.game
        seats: list[SeatSpec] = []
        for seat in range(self.players):
            name = self.query_one(f"#seat-name-{seat}", Input).value.strip() or f"Seat {seat}"
            kind = str(self.query_one(f"#seat-kind-{seat}", Select).value)
            if kind.startswith("cpu:"):
                seats.append(SeatSpec(name, "cpu", kind[4:]))
            else:
                seats.append(SeatSpec(name))
        if len({s.name.lower() for s in seats}) != len(seats):
            raise CardsuiteError("two seats have the same name")
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
        seed = int(seed_text) if seed_text else secrets.randbelow(2**31)
        speed = str(self.query_one("#speed", Select).value)
        return TableConfig(
            game=game.info.name,
            seats=tuple(seats),
            options=given,
            seed=seed,
            ascii_only=not suits_encodable(),
            four_colour=self.query_one("#four-colour", Switch).value,
            cpu_delay=SPEEDS.get(speed, SPEEDS["normal"]),
            auto_play=self.query_one("#auto-play", Switch).value,
            notes=(f"seed {seed}",),
        )
