"""The rules engines compiled with mypyc, side by side with the same code interpreted (issue 11).

This script copies ``src`` into a temporary folder twice, compiles the hot modules of one copy with mypyc
(``HOT_MODULES`` of ``scripts/compile_engines.py``, which the opt-in compiled wheel of ``make compiled``
compiles too: cards, the trick, auction, exchange and verb helpers, the play tables and the three trick
games' rules), and runs ``bench/engine_bars.py``'s ``bare_loop`` (imported, not copied) against both copies
in subprocesses, alternating, so that a busy machine slows both alike. It prints the medians of
``--repeats`` rounds, compiled over interpreted, the load average, and which of issue 11's bare-loop bars
each build meets; then, from the same rounds, each build's ``simulate`` share of its own bare loop (every
game, ``engine_bars.simulated`` over ``bare_loop``) and its Napoleon search-path deal
(``engine_bars.napoleon_rollout_ms``), so that every bar of the issue is measured in both builds; and it
checks that 300 seeded deals per game play out identically in both builds.
``make bench`` runs it (``bench/run.py``).

Without a C compiler or the Python headers it prints one line saying so and exits 0; nothing else in the
project (``make test`` included) needs a compiler. ``--keep DIR`` leaves both copies in ``DIR``, to run
the tests or the game against the compiled one: ``PYTHONPATH=DIR/compiled/src .venv/bin/pytest tests/games``
(``make test-compiled`` tests the installable build instead).

Run: ``.venv/bin/python bench/compiled.py [--repeats 5] [--seconds 2] [--keep DIR]`` (mypyc ships with mypy,
in the ``test`` extra; building takes a minute or two). ``--fingerprints`` only prints, as JSON, which
file the Nap rules load from and each game's ``fingerprint``, with whatever ``cardsuite`` is imported
(``tests/core/test_compiled_build.py`` compares the two builds with it).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

TOP = Path(__file__).resolve().parent.parent
GAMES = ("nap", "napas", "napoleon")
SHARE_GAMES = ("nap", "napas", "napoleon", "gops")
"""The games whose ``simulate`` share is measured (issue 11: at least 50% of the bare loop, every game)."""
ROLLOUT_DEALS = 200
"""Napoleon search-path deals timed per round (after ``napoleon_rollout_ms``'s own 20 untimed ones)."""
SHARE_BAR = 0.5
ROLLOUT_BAR_MS = 2.0


def engines_module() -> Any:
    """``scripts/compile_engines.py``: what is compiled and how, shared with the compiled wheel's build hook."""
    spec = importlib.util.spec_from_file_location("compile_engines", TOP / "scripts" / "compile_engines.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def copy_tree(folder: Path) -> Path:
    """A copy of the package source in ``folder`` (``src`` without compiled leftovers, and ``docs/rules``,
    where the source tree's package finds the rules pages), so that the tests can run against it too."""
    src = engines_module().copy_source(TOP, folder)
    shutil.copytree(TOP / "docs" / "rules", folder / "docs" / "rules")
    return Path(src)


def compile_tree(src: Path) -> None:
    """Compile the hot modules of the copy at ``src`` in place with mypyc; exit with its output on failure."""
    engines = engines_module()
    try:
        engines.compile_tree(src)
    except engines.CompileError as error:
        sys.exit(str(error))


def run_round(src: Path, seconds: float, check_compiled: bool) -> dict[str, Any]:
    """One round of ``bare_loop`` for every game, in a subprocess importing the copy at ``src``."""
    env = dict(os.environ, PYTHONPATH=str(src))
    args = [sys.executable, __file__, "--round", "--seconds", str(seconds)]
    if check_compiled:
        args.append("--expect-compiled")
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout))


def fingerprint(name: str, deals: int = 300) -> str:
    """A digest of every event text and score of ``deals`` seeded random deals (with clones along the way):
    equal for both builds when the compiled engine plays exactly the same game."""
    from engine_bars import CASES

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


def one_round(seconds: float, expect_compiled: bool) -> None:
    """Print, as JSON, deals per second of ``bare_loop`` and of ``simulated`` for every game, the Napoleon
    search-path deal in ms, and each game's ``fingerprint``, with whatever code is imported."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from engine_bars import bare_loop, napoleon_rollout_ms, simulated

    import cardsuite.games.nap.rules as nap_rules

    compiled = not nap_rules.__file__.endswith(".py") if nap_rules.__file__ else False
    if compiled != expect_compiled:
        sys.exit(f"expected {'compiled' if expect_compiled else 'interpreted'} rules, imported {nap_rules.__file__}")
    out: dict[str, float | str] = {name: bare_loop(name, seconds) for name in SHARE_GAMES}
    out.update({f"{name} simulate": simulated(name, seconds) for name in SHARE_GAMES})
    out["napoleon search path ms"] = napoleon_rollout_ms(ROLLOUT_DEALS)
    out.update({f"{name} fingerprint": fingerprint(name) for name in GAMES})
    print(json.dumps(out))


def fingerprints() -> None:
    """Print, as JSON, where the Nap rules are loaded from and every game's ``fingerprint``."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import cardsuite.games.nap.rules as nap_rules

    out = {"file": nap_rules.__file__ or ""}
    out.update({name: fingerprint(name) for name in GAMES})
    print(json.dumps(out))


def main(argv: list[str] | None = None) -> None:
    """Build both copies, measure them in alternation and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=5, help="rounds per build (medians are printed)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per game per round")
    parser.add_argument("--keep", type=Path, help="build in this folder and leave it there")
    parser.add_argument("--round", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--expect-compiled", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--fingerprints", action="store_true", help="only print the builds' fingerprints")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.round:
        one_round(args.seconds, args.expect_compiled)
        return
    if args.fingerprints:
        fingerprints()
        return
    why = engines_module().missing_toolchain()
    if why is not None:
        print(f"compiled engines: skipped, {why}")
        return
    from engine_bars import BARS

    folder = args.keep or Path(tempfile.mkdtemp(prefix="cardsuite-compiled-"))
    try:
        pure, native = copy_tree(folder / "pure"), copy_tree(folder / "compiled")
        compile_tree(native)
        rounds: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
        for _ in range(args.repeats):
            rounds["pure"].append(run_round(pure, args.seconds, False))
            rounds["compiled"].append(run_round(native, args.seconds, True))
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"Bare loop, deals per CPU second, medians of {args.repeats} rounds of {args.seconds:g} s "
              f"(load average {load})")
        print(f"{'':14s} {'interpreted':>12s} {'compiled':>10s} {'ratio':>7s}   {'bar':>9s}"
              "   met (interpreted, compiled)")
        for name in GAMES:
            old = statistics.median(r[name] for r in rounds["pure"])
            new = statistics.median(r[name] for r in rounds["compiled"])
            bar = BARS[name]
            met = f"{'yes' if old >= bar else 'no'}, {'yes' if new >= bar else 'no'}"
            print(f"{name:14s} {old:>12,.0f} {new:>10,.0f} {new / old:>6.2f}x   >= {bar:>6,}   {met}")
        print(f"simulate with random seats over the same build's bare loop (bar: at least {SHARE_BAR:.0%}); "
              f"Napoleon search-path deal, ms (bar: at most {ROLLOUT_BAR_MS:g})")
        print(f"{'':26s} {'interpreted':>12s} {'compiled':>10s}   met (interpreted, compiled)")
        for name in SHARE_GAMES:
            shares = [statistics.median(r[f"{name} simulate"] / r[name] for r in rounds[build])
                      for build in ("pure", "compiled")]
            met = ", ".join("yes" if share >= SHARE_BAR else "no" for share in shares)
            print(f"{name + ' simulate share':26s} {shares[0]:>12.0%} {shares[1]:>10.0%}   {met}")
        paths = [statistics.median(r["napoleon search path ms"] for r in rounds[build])
                 for build in ("pure", "compiled")]
        met = ", ".join("yes" if ms <= ROLLOUT_BAR_MS else "no" for ms in paths)
        print(f"{'napoleon search path, ms':26s} {paths[0]:>12.2f} {paths[1]:>10.2f}   {met}")
        prints = {one[f"{name} fingerprint"] for build in rounds.values() for one in build for name in GAMES}
        same = len(prints) == len(GAMES)
        print("The same 300 seeded deals per game (event texts and scores, with clones) in both builds: "
              + ("identical" if same else "DIFFERENT"))
        if not same:
            sys.exit(1)
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
