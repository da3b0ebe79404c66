"""The ``cardsuite`` command: a Typer app whose commands live in this package's modules.

Each module here that defines ``register(app)`` adds its commands, so a new command is a new module.
Heavy imports (Textual, the games' bots) happen inside the commands, keeping ``cardsuite list`` and
``--help`` quick.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import typer

from ..core.errors import CardsuiteError
from ._language import LanguageGroup, apply_language

app = typer.Typer(
    name="cardsuite",
    cls=LanguageGroup,
    help="Nap, Napas, Napoleon and GOPS at the terminal.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback(invoke_without_command=True)
def _home(
    ctx: typer.Context,
    lang: str | None = typer.Option(
        None, "--lang", help="Language: en, ja or lt (default: settings.toml's language, then the locale)."
    ),
) -> None:
    """With no command, open the home screen (choose a game, seats and options)."""
    apply_language(lang)
    if ctx.invoked_subcommand is None:
        try:
            open_home = getattr(importlib.import_module(f"{__name__}.play"), "open_home", None)
        except ImportError:
            open_home = None
        if open_home is None:
            print(ctx.get_help())
            return
        open_home()


def _register_commands() -> None:
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        if module.startswith("_"):
            continue
        loaded = importlib.import_module(f"{__name__}.{module}")
        register = getattr(loaded, "register", None)
        if register is not None:
            register(app)


_register_commands()


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print one line to stderr and return the exit to raise: errors never show a traceback."""
    print(f"cardsuite: {message}", file=sys.stderr)
    return typer.Exit(code)


def main() -> None:
    """Run the command line; project errors become one line and exit status 1."""
    try:
        app()
    except CardsuiteError as exc:
        print(f"cardsuite: {exc}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
