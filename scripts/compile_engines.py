"""The opt-in compiled build: which modules mypyc compiles, whether it can, and how.

One place for what ``hatch_build.py`` (a wheel built with ``CARDSUITE_COMPILE=1``), ``bench/compiled.py``
(the copies ``bench/engine_bars.py`` measures) and ``make compiled`` / ``make test-compiled`` share, so that the
build people install, the build the tests check and the build the benchmark measures are the same one.
It needs no third-party package to be imported: mypyc is imported only to compile.

As a script, run with the Python of the environment in question:

- ``python scripts/compile_engines.py check``: one line, whether this machine can compile (a C compiler,
  the Python headers) and, if not, why; always exits 0.
- ``python scripts/compile_engines.py report [--require]``: one line saying which of ``HOT_MODULES`` the
  installed ``cardsuite`` loads compiled; with ``--require`` it exits 1 unless all of them are.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path

VARIABLE = "CARDSUITE_COMPILE"
"""Set to ``1`` to ask a wheel build for the compiled engines (``make compiled`` does)."""

HOT_MODULES = (
    "cardsuite/cardfaces.py",
    "cardsuite/cards.py",
    "cardsuite/core/auction.py",
    "cardsuite/core/choices.py",
    "cardsuite/core/deals.py",
    "cardsuite/core/exchange.py",
    "cardsuite/core/tricks.py",
    "cardsuite/core/verbs.py",
    "cardsuite/core/fast/views.py",
    "cardsuite/games/plays.py",
    "cardsuite/games/tricktable.py",
    "cardsuite/games/nap/bidding.py",
    "cardsuite/games/nap/deal.py",
    "cardsuite/games/nap/events.py",
    "cardsuite/games/nap/public.py",
    "cardsuite/games/nap/rules.py",
    "cardsuite/games/napas/bidding.py",
    "cardsuite/games/napas/deal.py",
    "cardsuite/games/napas/events.py",
    "cardsuite/games/napas/exchange.py",
    "cardsuite/games/napas/public.py",
    "cardsuite/games/napas/rules.py",
    "cardsuite/games/napoleon/actions.py",
    "cardsuite/games/napoleon/deal.py",
    "cardsuite/games/napoleon/deck.py",
    "cardsuite/games/napoleon/events.py",
    "cardsuite/games/napoleon/rules.py",
    "cardsuite/games/napoleon/table.py",
    "cardsuite/games/napoleon/trick.py",
    "cardsuite/games/napoleon/discards.py",
    "cardsuite/games/napoleon/bots.py",
    "cardsuite/games/napoleon/sides.py",
    "cardsuite/simulate.py",
    "cardsuite/bots/base.py",
    "cardsuite/games/tricksolver.py",
)
"""What the bare loop spends its time in (cProfile), that mypyc compiles, relative to ``src``; Napoleon's
``normal`` and ``easy`` CPUs (``games/napoleon/bots.py``), where ``hard``'s rollouts and sampler spend theirs;
``games/tricksolver.py``, where Nap's and Napas's ``hard`` spend most of a decision; and ``cardsuite
simulate``'s generic loop and random bot, which its share of the bare loop is measured through. And
``core/fast/views.py``, the views ``cardsuite simulate`` makes at every decision. A module split out of one
of these is listed with it. ``core/turns.py`` stays interpreted: ``TurnState`` is the base class of outside
plugins' states, which set ``phases`` on their class, where a compiled ``TurnState`` would not look
(docs/fast.md)."""

BUILD_REQUIREMENTS = ("mypy>=1.10", "setuptools>=61")
"""What a wheel build adds to its build environment when it compiles (mypyc ships with mypy, and builds
the C extensions through setuptools), with the project's own dependencies: mypyc type-checks everything the
hot modules import, Textual and Rich included, and must find their types in the build environment itself
rather than in whatever environment the wheel is built from. A plain build asks for none of them."""


class CompileError(RuntimeError):
    """mypyc refused the code or the C compiler failed; the message holds the last lines of their output."""


def wanted(environ: dict[str, str] | None = None) -> bool:
    """Whether the build was asked for the compiled engines (``CARDSUITE_COMPILE=1``, ``true`` or ``yes``)."""
    value = (os.environ if environ is None else environ).get(VARIABLE, "")
    return value.strip().lower() in ("1", "true", "yes")


def module_name(path: str) -> str:
    """``cardsuite/core/tricks.py`` -> ``cardsuite.core.tricks``."""
    return path.removesuffix(".py").replace("/", ".")


def missing_toolchain(need_mypyc: bool = True) -> str | None:
    """Why nothing can be compiled here (no C compiler, no Python headers, no mypyc), or ``None``.

    The compiler is ``$CC`` if set (setuptools uses it), else the one Python was built with. ``need_mypyc``
    is false when asking whether a build environment should fetch mypy at all.
    """
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler!r} is not on PATH)"
    include = Path(sysconfig.get_paths()["include"])
    if not (include / "Python.h").exists():
        return f"no Python headers ({include / 'Python.h'} is missing)"
    if need_mypyc:
        try:
            import mypyc  # noqa: F401
        except ImportError:
            return "mypyc is not installed (it ships with mypy)"
    return None


def build_requirements(environ: dict[str, str] | None = None, runtime: Sequence[str] = ()) -> list[str]:
    """What a wheel build must install before building: mypy, setuptools and the ``runtime`` dependencies
    when compiling is asked for and this machine can compile; nothing otherwise, so a plain ``pip install``
    never downloads mypy."""
    if wanted(environ) and missing_toolchain(need_mypyc=False) is None:
        return [*BUILD_REQUIREMENTS, *runtime]
    return []


def copy_source(top: Path, folder: Path) -> Path:
    """A copy of ``top/src`` in ``folder/src`` without compiled leftovers; returns the copy's ``src``."""
    src = folder / "src"
    shutil.copytree(top / "src", src, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "build"))
    return src


def compile_tree(src: Path) -> list[Path]:
    """Compile ``HOT_MODULES`` of the copy at ``src`` in place with mypyc; return the extension files it made.

    mypyc makes one extension per module (next to its ``.py``) and one shared library at the top of ``src``
    (``<hash>__mypyc``) that they all load. Raises ``CompileError`` with mypyc's last lines if it fails.
    """
    done = subprocess.run([sys.executable, "-m", "mypyc", *HOT_MODULES], cwd=src, capture_output=True, text=True,
                          check=False)
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    built = sorted(path for path in src.rglob("*") if path.name.endswith(suffixes) and "build" not in
                   path.relative_to(src).parts)
    if done.returncode != 0 or len(built) < len(HOT_MODULES):
        output = (done.stdout + done.stderr).splitlines()
        lines = [line for line in output if "error" in line.lower()]
        raise CompileError("mypyc failed:\n" + "\n".join(lines[-30:] or output[-30:]))
    return built


def compiled_modules() -> dict[str, bool]:
    """For every hot module, whether the ``cardsuite`` this Python imports loads it as an extension."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    result = {}
    for path in HOT_MODULES:
        module = importlib.import_module(module_name(path))
        result[module.__name__] = (module.__file__ or "").endswith(suffixes)
    return result


def main(argv: list[str]) -> int:
    """``check`` or ``report [--require]`` (module docstring)."""
    if argv[:1] == ["check"]:
        why = missing_toolchain(need_mypyc=False)
        print("compiled engines: this machine can compile them" if why is None
              else f"compiled engines: cannot compile here, {why}: the build will be pure Python")
        return 0
    if argv[:1] == ["report"]:
        status = compiled_modules()
        done = sum(status.values())
        where = Path(importlib.import_module("cardsuite").__file__ or "?").parent
        if done == len(status):
            print(f"compiled engines: all {done} hot modules load compiled (mypyc) from {where}")
            return 0
        left = ", ".join(name for name, native in status.items() if not native)
        print(f"compiled engines: {done} of {len(status)} hot modules load compiled from {where}; "
              f"interpreted: {left}")
        return 1 if "--require" in argv else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
