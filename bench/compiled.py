"""Copies of a source tree to measure, interpreted or compiled with mypyc, and a fingerprint of each game.

``bench/engine_bars.py`` measures every copy this module makes: a tree's ``src`` (and its ``docs/rules``,
where the source tree's package finds the rules pages) copied into a folder, and for the compiled build the
copy's hot modules compiled in place by that tree's own ``scripts/compile_engines.py`` (``HOT_MODULES``, the
same list ``make compiled`` builds). ``fingerprint`` digests seeded random deals, so that two builds or two
trees can be shown to play exactly the same game.

Run: ``.venv/bin/python bench/compiled.py --fingerprints`` prints, as JSON, which file the Nap rules load
from and each game's fingerprint, with whatever ``cardsuite`` is imported
(``tests/core/test_compiled_build.py`` compares the two builds with it). ``--keep DIR`` builds both copies
of this tree in ``DIR`` and leaves them there: ``PYTHONPATH=DIR/compiled/src .venv/bin/pytest tests/games``.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import random
import shutil
import sys
from pathlib import Path
from types import ModuleType

TOP = Path(__file__).resolve().parent.parent
GAMES = ("nap", "napas", "napoleon", "gops")
CASES: dict[str, tuple[int, dict[str, object]]] = {
    "nap": (4, {}),
    "napas": (4, {}),
    "napoleon": (5, {}),
    "gops": (2, {"ties": "discard", "play_out": True}),
}
"""The measured games: player count and options (GOPS as OpenSpiel's default goofspiel plays it)."""


def engines_module(top: Path = TOP) -> ModuleType:
    """``scripts/compile_engines.py`` of the tree at ``top``: what it compiles and how."""
    spec = importlib.util.spec_from_file_location(f"compile_engines_{abs(hash(top))}", top / "scripts" /
                                                  "compile_engines.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def copy_tree(top: Path, folder: Path) -> Path:
    """A copy of ``top/src`` (without compiled leftovers) and ``top/docs/rules`` in ``folder``; its ``src``."""
    src = engines_module(top).copy_source(top, folder)
    shutil.copytree(top / "docs" / "rules", folder / "docs" / "rules")
    return Path(src)


def compile_tree(top: Path, src: Path) -> None:
    """Compile, in place, the hot modules of the copy at ``src`` of the tree at ``top``; exit on failure."""
    engines = engines_module(top)
    try:
        engines.compile_tree(src)
    except engines.CompileError as error:
        sys.exit(str(error))


def missing_toolchain() -> str | None:
    """Why nothing can be compiled here, or ``None``."""
    why: str | None = engines_module().missing_toolchain()
    return why


def fingerprint(name: str, deals: int = 300) -> str:
    """A digest of every event text and score of ``deals`` seeded random deals (with clones along the way)."""
    from cardsuite.core.registry import get_game

    players, given = CASES[name]
    game = get_game(name)
    options = game.resolve_options(given, players)
    rng = random.Random(7)
    digest = hashlib.sha256()
    for deal in range(deals):
        state = game.new_deal(players, options, deal % players, rng=rng)
        while not state.is_over:
            seat = min(state.to_act)
            state = state.clone() if rng.random() < 0.1 else state
            for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
                digest.update(event.text.encode())
        digest.update(repr(state.scores()).encode())
    return digest.hexdigest()[:16]


def fingerprints() -> dict[str, str]:
    """Where the Nap rules are loaded from (``file``) and every game's ``fingerprint``."""
    import cardsuite.games.nap.rules as nap_rules

    out = {"file": nap_rules.__file__ or ""}
    out.update({name: fingerprint(name) for name in GAMES})
    return out


def main(argv: list[str] | None = None) -> None:
    """``--fingerprints`` or ``--keep DIR`` (module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fingerprints", action="store_true", help="print the imported build's fingerprints")
    parser.add_argument("--keep", type=Path, help="build both copies of this tree in this folder")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.fingerprints:
        print(json.dumps(fingerprints()))
    elif args.keep:
        copy_tree(TOP, args.keep / "pure")
        compile_tree(TOP, copy_tree(TOP, args.keep / "compiled"))
        print(f"interpreted: {args.keep / 'pure' / 'src'}; compiled: {args.keep / 'compiled' / 'src'}")
    else:
        parser.print_help()


if __name__ == "__main__":
    main()
