"""The ``cardsuite`` command: a Typer app whose commands live in this package's modules.

Each module here that defines ``register(app)`` adds its commands, so a new command is a new module.
Heavy imports (Textual, the games' bots) happen inside the commands, keeping ``cardsuite list`` and
``--help`` quick.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys

import typer

from ..core.errors import CardsuiteError
from ..core.message import Message
from ..i18n import _
from ..i18n.render import render
from ..naming import shown
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


LINE_LIMIT = 300
"""The longest error line printed: a message may quote hostile input."""


def one_line(message: str) -> str:
    """A message as one short printable line: control characters shown, whitespace folded, cut."""
    text = shown(" ".join(str(message).split()))
    return text if len(text) <= LINE_LIMIT else text[:LINE_LIMIT] + "…"


def fail(message: str | Message, code: int = 1) -> typer.Exit:
    """Print one line to stderr and return the exit to raise: errors never show a traceback."""
    print(f"cardsuite: {one_line(render(message) if isinstance(message, Message) else message)}", file=sys.stderr)
    return typer.Exit(code)


def error_line(error: CardsuiteError) -> str:
    """An error's message in the reader's language, as one printable line."""
    return one_line(render(error.message))


def main() -> None:
    """Run the command line: every refusal is one line on stderr and exit status 1, never a traceback.

    Usage errors (an unknown option, a value that is not a number) are one line too. Anything else that
    goes wrong is reported in one line as an internal error (``CARDSUITE_DEBUG=1`` shows the traceback).
    """
    try:
        code = app(standalone_mode=False)
    except typer.TyperException as exc:  # usage errors of the command line
        print(f"cardsuite: {one_line(exc.format_message())} (see --help)", file=sys.stderr)
        sys.exit(1)
    except CardsuiteError as exc:
        print(f"cardsuite: {error_line(exc)}", file=sys.stderr)
        sys.exit(1)
    except (KeyboardInterrupt, typer.Abort):
        sys.exit(130)
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        _quiet_stdout()
        sys.exit(1)
    except Exception as exc:
        if os.environ.get("CARDSUITE_DEBUG"):
            raise
        why = _("internal error, please report it: {error}").format(error=f"{type(exc).__name__}: {exc}")
        print(f"cardsuite: {one_line(why)}", file=sys.stderr)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
