"""``cardsuite play GAME``: open a table; ``cardsuite`` alone opens the home screen.

Textual is imported inside the functions, so ``cardsuite list`` and ``--help`` never load it.
"""

from __future__ import annotations

import secrets

import typer

from ..core.errors import CardsuiteError, message_of
from ..core.message import Message, msg
from ..core.options import parse_option_pairs
from ..core.registry import get_game
from ..i18n import ENGLISH, current_language, readable_in_ascii, use_language
from . import _terminal
from ._args import LARGEST, whole


def make_config(
    game: str,
    players: int | None = None,
    humans: int = 1,
    cpu: str = "normal",
    seats: str | None = None,
    option: list[str] | None = None,
    seed: int | None = None,
    ascii_only: bool = False,
    four_colour: bool = False,
    speed: str | None = None,
    auto_play: bool = True,
    settings: object = None,
) -> object:
    """A checked ``TableConfig`` from command-line values (errors are one-line ``CardsuiteError``, in the
    reader's language).

    What the command line leaves open comes from the settings file: the people's names, the card style,
    ASCII suits, the CPU speed and the game's preferred options (``--option`` overrides them). A table in
    ASCII only speaks English when the language is not readable in ASCII (Japanese): from the people's
    default names on, and the command's words after these checks too.
    """
    from ..storage.settings import Settings, load_settings
    from ..tui.config import TableConfig, build_seats, parse_speed, suits_encodable

    prefs = settings if isinstance(settings, Settings) else load_settings()
    found = get_game(game)
    seat_specs, notes = build_seats(found, players, humans, cpu, seats, prefs.names)
    wanted = parse_option_pairs(option or [])
    found.resolve_options(wanted, len(seat_specs))  # the command line's own options must fit
    given: dict[str, object] = {**prefs.options_for(found.info.name), **wanted}
    extra: tuple[Message, ...] = ()
    try:
        found.resolve_options(given, len(seat_specs))
    except CardsuiteError as exc:  # the settings' preferred options do not fit this table: say so, use none
        given = dict(wanted)
        extra = (msg("the options preferred in settings.toml do not fit this table ({reason}): not used",
                     reason=message_of(exc)),)
    delay = parse_speed(speed if speed is not None else prefs.speed)
    if seed is None:
        seed = secrets.randbelow(2**31)
    ascii_table = ascii_only or prefs.ascii or not suits_encodable()
    if ascii_table and not readable_in_ascii(current_language()):
        use_language(ENGLISH)  # the table will speak English: its people's default names are English words
        seat_specs, notes = build_seats(found, players, humans, cpu, seats, prefs.names)
    return TableConfig(
        game=found.info.name,
        seats=seat_specs,
        options=given,
        seed=seed,
        ascii_only=ascii_table,
        four_colour=four_colour or prefs.four_colour,
        cpu_delay=delay,
        auto_play=auto_play,
        notes=(msg("seed {seed}", seed=seed), *notes, *extra),
    )


def play(
    game: str = typer.Argument(..., help="The game, e.g. nap (see `cardsuite list`)."),
    players: int | None = typer.Option(None, "--players", "-p", parser=whole(0, 99),
                                       help="How many seats (default: the game's)."),
    humans: int = typer.Option(1, "--humans", parser=whole(0, 99),
                               help="How many people (the rest are CPUs); hot-seat if 2+."),
    cpu: str = typer.Option("normal", "--cpu", help="CPU level: random, easy, normal, hard (best there is)."),
    seats: str | None = typer.Option(None, "--seats", help='Each seat: "Ann,Bob,cpu:easy,cpu:hard".'),
    option: list[str] = typer.Option([], "--option", "-o", help="A rule option key=value (repeatable)."),
    seed: int | None = typer.Option(None, "--seed", parser=whole(0, LARGEST), help="Make the deals repeatable."),
    ascii_only: bool = typer.Option(False, "--ascii", help="Suits as S H D C."),
    four_colour: bool = typer.Option(False, "--four-colour", help="Four-colour deck."),
    speed: str | None = typer.Option(
        None, "--speed", help="CPU speed: instant, fast, normal, slow or seconds (default: the settings')."
    ),
    auto_play: bool = typer.Option(True, "--auto-play/--no-auto-play",
                                   help="A forced card (the only legal one) plays itself after a moment."),
    plain: bool = typer.Option(False, "--plain", help="Line by line, for screen readers, braille displays and "
                               "pipes (no screen; also when not on a terminal)."),
) -> None:
    """Open a table: play a whole match at the keyboard, hot-seat or against CPUs (saved after every move)."""
    config = make_config(game, players, humans, cpu, seats, option, seed, ascii_only, four_colour, speed, auto_play)
    from ..tui.config import TableConfig

    assert isinstance(config, TableConfig)
    if plain or not _terminal.on_terminal():
        import sys

        from ..tui.plain import run_plain

        run_plain(config, sys.stdin, sys.stdout)
        return
    from ..tui.app import run_table

    run_table(config)


def open_home() -> None:
    """The home screen: choose the game, the seats and the options (only at a terminal: see ``cli._home``)."""
    from ..tui.app import run_home

    run_home()


def register(app: typer.Typer) -> None:
    """Add ``play``."""
    app.command("play")(play)
