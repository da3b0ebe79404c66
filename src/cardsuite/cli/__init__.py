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
from ..i18n import _
from ..storage.paths import take_notices
from . import _terminal
from ._language import LanguageGroup, apply_language
from ._output import LINE_LIMIT, OutputFailed, error_line, fail, guard_stdout, one_line, report, tolerant_streams
from ._usage import usage_line

__all__ = ["LINE_LIMIT", "app", "error_line", "fail", "main", "one_line"]

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
    """With no command, open the home screen (choose a game, seats and options); not on a terminal, print
    the usage."""
    apply_language(lang)
    if ctx.invoked_subcommand is None:
        if not _terminal.on_terminal():
            print(ctx.get_help())
            return
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


def main() -> None:
    """Run the command line: every refusal is one line on stderr and exit status 1, never a traceback.

    Usage errors (an unknown option, a value that is not a number) are one line too, in the reader's language
    (``_usage``). Anything else that
    goes wrong is reported in one line as an internal error (``CARDSUITE_DEBUG=1`` shows the traceback), but
    for an output the system refuses to take (a full disk): that is its own line, on stderr.
    Reports about files met on the way are printed first, whatever the outcome (``_output.report``).
    """
    tolerant_streams()
    guard_stdout()
    code, error = _run()
    report(take_notices(), error)
    sys.exit(code)


def _run() -> tuple[int, str | None]:
    """The command's exit status and its error line (None when it worked)."""
    try:
        code = app(standalone_mode=False)
        sys.stdout.flush()  # what is left to write fails here, not in the interpreter's last flush
    except typer.TyperException as exc:  # usage errors of the command line
        return 1, one_line(usage_line(exc))
    except CardsuiteError as exc:
        return 1, error_line(exc)
    except (KeyboardInterrupt, typer.Abort):
        return 130, None
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        _quiet_stdout()
        return 1, None
    except OutputFailed as exc:  # a full disk, a file size limit: not a bug of ours
        _quiet_stdout()
        return 1, one_line(_("cannot write to the standard output: {error}").format(error=exc.strerror or exc))
    except Exception as exc:
        if os.environ.get("CARDSUITE_DEBUG"):
            raise
        why = _("internal error, please report it: {error}").format(error=f"{type(exc).__name__}: {exc}")
        return 1, one_line(why)
    return (code if isinstance(code, int) else 0), None


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
