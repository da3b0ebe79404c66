"""Engine speed of this tree and, with ``--baseline COMMIT``, of an earlier one, interpreted and compiled.

Every figure is CPU time (``time.process_time``) on one core, for each game of ``compiled.CASES`` (Nap 4p,
Napas 4p, Napoleon 5p, GOPS 2p with ``ties=discard`` and ``play_out=true``):

- **bare loop**: whole deals per second with uniformly random actions, through the contract only
  (``to_act``, ``legal_actions``, ``apply``);
- **simulate**: ``cardsuite.simulate.simulate`` with ``random`` at every seat (views, bots, the match), in
  deals per second, and its share of the same build's bare loop;
- **Napoleon search-path deal**: a whole deal by four ``normal`` seats and one ``easy`` seat through the
  search bot's rollout policy (``bots.search.bot_policy``), median ms;
- **hard** (``--hard``): sampled deals per decision at the default 200 ms budget, and the CPU ms per
  sampled deal, which does not depend on how busy the machine is: Napoleon's card decisions, and Nap's and
  Napas's bids, where their search spends the most on a deal (the trick solver);
- **GOPS against OpenSpiel** (interpreted, when ``pyspiel`` is installed): games per second of
  ``bench/gops_openspiel.py``'s two drivers in the same process, ours over pyspiel's.

Each tree is copied (``bench/compiled.py``; the baseline with ``git archive``) and, unless ``--no-compiled``
or without a C toolchain, copied again with its hot modules compiled by its own ``scripts/compile_engines.py``.
Every round of every copy runs in a fresh subprocess, each loop warmed up untimed first, and the copies
alternate within each round, so that a busy machine slows them alike. Figures are medians of ``--repeats``
rounds, printed with the load average; with a baseline, each build's ratio now / before. The copies'
fingerprints (``compiled.fingerprint``: 300 seeded deals per game) must all be equal.

Run: ``.venv/bin/python bench/engine_bars.py [--baseline COMMIT] [--repeats 5] [--seconds 1] [--no-compiled]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compiled import CASES, GAMES, TOP, compile_tree, copy_tree, fingerprint, missing_toolchain

IN_MAKE_BENCH = False  # bench/run.py runs main() itself, last
WARM_UP_SECONDS = 0.3
"""CPU seconds of each loop run untimed before it is measured, in every round of every copy."""


def bare_loop(name: str, seconds: float) -> float:
    """Random whole deals per second of CPU time, through the contract only."""
    from cardsuite.core.registry import get_game

    players, given = CASES[name]
    game = get_game(name)
    options = game.resolve_options(given, players)
    rng = random.Random(1)
    choice = rng.choice
    clock = time.process_time
    deals = 0
    start = clock()
    while clock() - start < seconds:
        for _ in range(20):
            state = game.new_deal(players, options, deals % players, rng=rng)
            while not state.is_over:
                for seat in state.to_act:
                    state.apply(seat, choice(state.legal_actions(seat)))
            deals += 1
    return deals / (clock() - start)


def simulated(name: str, seconds: float) -> float:
    """Deals per second of CPU time through ``cardsuite simulate`` with random seats."""
    from cardsuite.core.registry import get_game
    from cardsuite.simulate import simulate

    players, given = CASES[name]
    game = get_game(name)
    options = game.resolve_options(given, players)
    clock = time.process_time
    deals = 0
    start = clock()
    seed = 1
    while clock() - start < seconds:
        deals += simulate(game, players, ["random"] * players, 5, seed, options).deals
        seed += 1
    return deals / (clock() - start)


def napoleon_rollout_ms(deals: int) -> float:
    """Median CPU ms of a whole Napoleon deal by four normal seats and one easy one, via the search path."""
    from cardsuite.bots import make_bot
    from cardsuite.bots.search import bot_policy
    from cardsuite.core.registry import get_game
    from cardsuite.core.search import rollout_until

    game = get_game("napoleon")
    options = game.resolve_options({}, 5)
    policies = [bot_policy(make_bot(game, "normal")) for _ in range(4)] + [bot_policy(make_bot(game, "easy"))]

    def policy(state: Any, seat: int, rng: random.Random) -> Any:
        return policies[seat](state, seat, rng)

    times = []
    for index in range(-20, deals):  # 20 deals to warm the tables up first
        state = game.new_deal(5, options, index % 5, rng=random.Random(index))
        began = time.process_time()
        rollout_until(state, random.Random(index), policy)
        if index >= 0:
            times.append(time.process_time() - began)
    return 1000 * statistics.median(times)


def hard_deals(name: str, players: int, phase: str, decisions: int) -> dict[str, float]:
    """``hard`` at the default budget in seat 0 against ``normal``, at its ``phase`` decisions with a choice:
    sampled deals per decision (median, wall clock budget) and the median CPU ms per sampled deal."""
    from cardsuite.bots import make_bot
    from cardsuite.core.registry import get_game

    game = get_game(name)
    options = game.resolve_options({}, players)
    hard = make_bot(game, "hard")
    normal = make_bot(game, "normal")
    counts: list[int] = []
    cpu: list[float] = []
    deal = 0
    while len(counts) < decisions:
        state = game.new_deal(players, options, deal % players, rng=random.Random(deal))
        rng = random.Random(deal)
        deal += 1
        while not state.is_over and len(counts) < decisions:
            seat = min(state.to_act)
            view = state.view(seat)
            if seat == 0 and view.phase == phase and len(view.legal) > 1:
                began = time.process_time()
                result = hard.search(view, rng)  # type: ignore[attr-defined]
                spent = time.process_time() - began
                counts.append(result.iterations)
                if result.iterations:
                    cpu.append(spent / result.iterations)
                action = result.best.action
            else:
                action = normal.choose(view, rng)
            state.apply(seat, action)
    return {"samples": statistics.median(counts), "cpu_ms_per_sample": 1000 * statistics.median(cpu)}


def against_pyspiel(seconds: float) -> dict[str, float] | None:
    """GOPS games per second through our contract and through OpenSpiel's goofspiel, in this process
    (``bench/gops_openspiel.py``'s drivers, alternating); ``None`` without ``pyspiel``."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return None
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from gops_openspiel import ours, theirs

    games = max(200, int(2000 * seconds))
    rounds = [(ours(games, seed), theirs(games, seed)) for seed in range(3)]
    return {"ours": statistics.median(r[0] for r in rounds), "theirs": statistics.median(r[1] for r in rounds)}


def measure(seconds: float, hard: bool, pyspiel: bool) -> dict[str, Any]:
    """Every figure of one round, for this process's code (each loop warmed up first: the steady rate a
    long simulation or search sees, what a warm process reads)."""
    out: dict[str, Any] = {}
    for name in CASES:
        bare_loop(name, WARM_UP_SECONDS)
        simulated(name, WARM_UP_SECONDS)
        out[f"{name} bare"] = bare_loop(name, seconds)
        out[f"{name} simulate"] = simulated(name, seconds)
    out["rollout ms"] = napoleon_rollout_ms(200)
    if hard:
        out.update({f"hard {key}": value for key, value in hard_deals("napoleon", 5, "play", 40).items()})
        out.update({f"napas bid {key}": value for key, value in hard_deals("napas", 4, "bidding", 30).items()})
        out.update({f"nap bid {key}": value for key, value in hard_deals("nap", 4, "bidding", 30).items()})
    if pyspiel:
        versus = against_pyspiel(seconds)
        if versus is not None:
            out["pyspiel ratio"] = versus["ours"] / versus["theirs"]
    out.update({f"{name} fingerprint": fingerprint(name) for name in GAMES})
    import cardsuite.games.nap.rules as nap_rules

    out["compiled"] = not (nap_rules.__file__ or ".py").endswith(".py")
    return out


def measure_in_subprocess(src: Path, seconds: float, hard: bool, pyspiel: bool) -> dict[str, Any]:
    """One round on the code of ``src``, in a fresh subprocess that imports it first."""
    env = dict(os.environ, PYTHONPATH=str(src))
    args = [sys.executable, __file__, "--round", "--seconds", str(seconds)] + (["--hard"] if hard else []) + \
        (["--pyspiel"] if pyspiel else [])
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout))


def copies(folder: Path, baseline: str | None, compiled: bool) -> dict[str, Path]:
    """The copies to measure, by label (``now``, ``now compiled``, ``before``, ``before compiled``)."""
    trees = {"now": TOP}
    if baseline is not None:
        old = folder / "baseline"
        old.mkdir()
        archive = subprocess.run(["git", "-C", str(TOP), "archive", baseline, "src", "scripts", "docs/rules"],
                                 capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
        trees["before"] = old
    out: dict[str, Path] = {}
    for label, top in trees.items():
        out[label] = copy_tree(top, folder / label)
        if compiled:
            src = out[f"{label} compiled"] = copy_tree(top, folder / f"{label} compiled")
            compile_tree(top, src)
    return out


ROWS = [(f"{name} {kind}", f"{name} {kind}{', deals/s' if kind != 'share' else ''}") for name in CASES
        for kind in ("bare", "simulate", "share")] + [("rollout ms", "napoleon search-path deal, ms"),
                                                       ("hard samples", "napoleon hard, deals per card"),
                                                       ("hard cpu_ms_per_sample", "  CPU ms per sampled deal"),
                                                       ("napas bid samples", "napas hard, deals per bid"),
                                                       ("napas bid cpu_ms_per_sample", "  CPU ms per sampled deal"),
                                                       ("nap bid samples", "nap hard, deals per bid"),
                                                       ("nap bid cpu_ms_per_sample", "  CPU ms per sampled deal"),
                                                       ("pyspiel ratio", "gops / pyspiel goofspiel")]


def shown(value: float | None, key: str) -> str:
    """A figure as the table prints it: a share in %, a small number with two decimals, else whole."""
    if value is None:
        return ""
    return f"{value:.1%}" if key.endswith("share") else f"{value:,.2f}" if value < 100 else f"{value:,.0f}"


def report(rounds: dict[str, list[dict[str, Any]]]) -> None:
    """Print the medians, each build's ratio now / before, and whether every copy played the same deals."""
    def median(label: str, key: str) -> float | None:
        values = [r[f"{key[:-6]} simulate"] / r[f"{key[:-6]} bare"] if key.endswith(" share") else r.get(key)
                  for r in rounds.get(label, [])]
        values = [v for v in values if v is not None]
        return statistics.median(values) if values else None

    builds = [build for build in ("", " compiled") if f"now{build}" in rounds]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    repeats = len(rounds["now"])
    print(f"Engine figures, medians of {repeats} rounds, CPU time (load average {load})")
    head = f"{'':32s}"
    for build in builds:
        head += f" {'now' + build:>14s}" + (f" {'before' + build:>16s} {'ratio':>6s}" if "before" in rounds else "")
    print(head)
    for key, label in ROWS:
        line, seen = f"{label:32s}", False
        for build in builds:
            now, old = median(f"now{build}", key), median(f"before{build}", key)
            line += f" {shown(now, key):>14s}"
            if "before" in rounds:
                ratio = "" if now is None or old is None else f"{(old / now if 'ms' in key else now / old):.3f}"
                line += f" {shown(old, key):>16s} {ratio:>6s}"
            seen = seen or now is not None
        if seen:
            print(line)
    prints = {tuple(r[f"{name} fingerprint"] for name in GAMES) for runs in rounds.values() for r in runs}
    print("The same 300 seeded deals per game in every copy: " + ("identical" if len(prints) == 1 else "DIFFERENT"))
    if len(prints) != 1:
        sys.exit(1)


def main(argv: list[str] | None = None) -> None:
    """Build the copies, measure them in alternation and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", help="an earlier commit to measure beside this tree")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per loop measurement")
    parser.add_argument("--no-compiled", action="store_true", help="measure the interpreted build only")
    parser.add_argument("--hard", action="store_true", help="also hard's deals per decision")
    parser.add_argument("--round", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--pyspiel", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args([] if argv is None else argv)
    if args.round:  # a subprocess measuring whatever code it imports
        print(json.dumps(measure(args.seconds, args.hard, args.pyspiel)))
        return
    why = None if args.no_compiled else missing_toolchain()
    if why is not None:
        print(f"compiled build: skipped, {why}")
    with tempfile.TemporaryDirectory(prefix="cardsuite-engines-") as folder:
        trees = copies(Path(folder), args.baseline, not args.no_compiled and why is None)
        rounds: dict[str, list[dict[str, Any]]] = {label: [] for label in trees}
        for _ in range(args.repeats):
            for label, src in trees.items():
                rounds[label].append(measure_in_subprocess(src, args.seconds, args.hard, "compiled" not in label))
        for label, runs in rounds.items():
            if any(r["compiled"] != ("compiled" in label) for r in runs):
                sys.exit(f"{label}: the copy did not load the build it was made as")
        report(rounds)


if __name__ == "__main__":
    main(sys.argv[1:])
