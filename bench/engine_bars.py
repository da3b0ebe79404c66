"""Issue 11's speed bars, measured now and on the code before issue 11, in the same run.

For each game (Nap 4p, Napas 4p, Napoleon 5p, GOPS 2p with ``ties=discard`` and ``play_out=true``):

- **bare loop**: whole deals per second of CPU time with uniformly random actions, through the contract
  only (``to_act``, ``legal_actions``, ``apply``), one driver for every game and both code bases;
- **simulate**: ``cardsuite.simulate.simulate`` with ``random`` at every seat (views, bots, the match),
  in deals per second of CPU time, and its share of the bare loop (bar: at least 50%);
- **Napoleon search path**: a whole deal by four ``normal`` seats and one ``easy`` seat through the search
  bot's rollout policy (``bots.search.bot_policy``), median ms (bar: at most 2 ms);
- **GOPS against OpenSpiel**: games per second of ``bench/gops_openspiel.py``'s two drivers in the same
  process, ours over pyspiel's (bar: at least 2.0), when ``pyspiel`` is installed (``make bench`` installs it);
- **Napoleon hard**: sampled deals per card decision at the default 200 ms budget (median, bar: at least
  30), with the CPU time per sampled deal, which does not depend on how busy the machine is.

The earlier code is the tree of ``--baseline`` (a git commit; default: main just before issue 11), taken
with ``git archive`` into a temporary folder. Every round of each tree runs in a fresh subprocess of its
own, each loop warmed up untimed first, alternating the trees so that a busy machine slows both alike.
Figures are medians of ``--repeats`` rounds; the load average is printed with them.
Run: ``.venv/bin/python bench/engine_bars.py [--baseline COMMIT | --no-baseline]``.
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

IN_MAKE_BENCH = True  # bench/run.py runs main() after its table
BASELINE = "78bf09e"  # main before issue 11's first landing
CASES: dict[str, tuple[int, dict[str, object]]] = {
    "nap": (4, {}),
    "napas": (4, {}),
    "napoleon": (5, {}),
    "gops": (2, {"ties": "discard", "play_out": True}),
}
BARS = {"nap": 20_000, "napas": 16_000, "napoleon": 8_000}
THIS_TREE = Path(__file__).resolve().parent.parent / "src"


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


def napoleon_hard(decisions: int) -> dict[str, float]:
    """Napoleon ``hard`` at the default budget in seat 0 against ``normal``: sampled deals per card decision
    (median, wall clock budget) and the median CPU ms per sampled deal at card decisions."""
    from cardsuite.bots import make_bot
    from cardsuite.core.registry import get_game

    game = get_game("napoleon")
    options = game.resolve_options({}, 5)
    hard = make_bot(game, "hard")
    normal = make_bot(game, "normal")
    counts: list[int] = []
    cpu: list[float] = []
    deal = 0
    while len(counts) < decisions:
        state = game.new_deal(5, options, deal % 5, rng=random.Random(deal))
        rng = random.Random(deal)
        deal += 1
        while not state.is_over and len(counts) < decisions:
            seat = min(state.to_act)
            view = state.view(seat)
            if seat == 0 and view.phase == "play" and len(view.legal) > 1:
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


WARM_UP_SECONDS = 0.3
"""CPU seconds of each loop run untimed before it is measured, in every round of both trees."""


def measure(seconds: float, quick: bool) -> dict[str, Any]:
    """Every figure of one round, for this process's code.

    Each loop first runs untimed for ``WARM_UP_SECONDS``, so that what a game builds on first use (its
    interned actions, tables and memos) is built before the clock starts: the figures are the steady rate a
    long simulation or search sees, and a round in a fresh process reads what a warm one does.
    """
    out: dict[str, Any] = {}
    for name in CASES:
        bare_loop(name, WARM_UP_SECONDS)
        simulated(name, WARM_UP_SECONDS)
        out[name] = {"bare": bare_loop(name, seconds), "simulate": simulated(name, seconds)}
    out["pyspiel"] = against_pyspiel(seconds)
    out["rollout_ms"] = napoleon_rollout_ms(60 if quick else 200)
    out["hard"] = napoleon_hard(10 if quick else 40)
    return out


def baseline_tree(commit: str) -> Path | None:
    """The ``src`` folder of ``commit``, unpacked into a temporary folder (``None`` without git)."""
    top = Path(__file__).resolve().parent.parent
    folder = Path(tempfile.mkdtemp(prefix="cardsuite-baseline-"))
    archive = subprocess.run(["git", "-C", str(top), "archive", commit, "src"], capture_output=True, check=False)
    if archive.returncode != 0:
        return None
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder / "src"


def measure_in_subprocess(src: Path, seconds: float, quick: bool) -> dict[str, Any]:
    """One round on the code of ``src``, in a fresh subprocess that imports it first.

    Both trees are measured this way, one fresh process per round each, so that neither side is warmer
    than the other (until 2026-12-02 this tree's rounds ran one after another in the parent process, warm
    from its second round on, while the earlier tree's each started cold: with the same commit on both
    sides the bare loops read 1.08-1.32x, found by helper share21).
    """
    env = dict(os.environ, PYTHONPATH=str(src))
    args = [sys.executable, __file__, "--round", "--seconds", str(seconds)] + (["--quick"] if quick else [])
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout))


def median_of(rounds: list[dict[str, Any]], *path: str) -> float:
    values = []
    for one in rounds:
        value: Any = one
        for key in path:
            value = value[key]
        values.append(float(value))
    return statistics.median(values)


def main(argv: list[str] | None = None) -> None:
    """Measure both code bases in alternation and print the bars with the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--baseline", default=BASELINE, help="the earlier commit to compare with")
    parser.add_argument("--no-baseline", action="store_true", help="measure this tree only")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per loop measurement")
    parser.add_argument("--quick", action="store_true", help="fewer deals and decisions (a smoke run)")
    parser.add_argument("--round", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args([] if argv is None else argv)
    if args.round:  # a subprocess measuring whatever code it imports
        print(json.dumps(measure(args.seconds, args.quick)))
        return
    src = None if args.no_baseline else baseline_tree(args.baseline)
    now: list[dict[str, Any]] = []
    before: list[dict[str, Any]] = []
    for _ in range(args.repeats):
        if src is not None:
            before.append(measure_in_subprocess(src, args.seconds, args.quick))
        now.append(measure_in_subprocess(THIS_TREE, args.seconds, args.quick))
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Issue 11 bars, medians of {args.repeats} rounds (CPU time; load average {load})")
    print(f"{'':34s} {'now':>10s} {'before':>10s} {'ratio':>7s}   bar")
    for name in CASES:
        bare = median_of(now, name, "bare")
        sim = median_of(now, name, "simulate")
        old_bare = median_of(before, name, "bare") if before else float("nan")
        old_sim = median_of(before, name, "simulate") if before else float("nan")
        bar = f">= {BARS[name]:,}" if name in BARS else ""
        print(f"{name + ' bare loop, deals/s':34s} {bare:>10,.0f} {old_bare:>10,.0f} {bare / old_bare:>6.2f}x   {bar}")
        share, old_share = sim / bare, old_sim / old_bare
        print(f"{name + ' simulate, deals/s':34s} {sim:>10,.0f} {old_sim:>10,.0f} {sim / old_sim:>6.2f}x")
        print(f"{name + ' simulate / bare loop':34s} {share:>10.0%} {old_share:>10.0%} {'':7s}   >= 50%")
    if now[0]["pyspiel"] is not None:
        ratio = median_of(now, "pyspiel", "ours") / median_of(now, "pyspiel", "theirs")
        old_ratio = (median_of(before, "pyspiel", "ours") / median_of(before, "pyspiel", "theirs")
                     if before and before[0]["pyspiel"] is not None else float("nan"))
        print(f"{'gops / pyspiel goofspiel':34s} {ratio:>9.2f}x {old_ratio:>9.2f}x {'':7s}   >= 2.0x"
              f"   (ours {median_of(now, 'pyspiel', 'ours'):,.0f}, pyspiel {median_of(now, 'pyspiel', 'theirs'):,.0f}"
              " games/s)")
    roll = median_of(now, "rollout_ms")
    old_roll = median_of(before, "rollout_ms") if before else float("nan")
    label = "napoleon deal via search path, ms"
    print(f"{label:34s} {roll:>10.2f} {old_roll:>10.2f} {old_roll / roll:>6.2f}x   <= 2 ms")
    samples = median_of(now, "hard", "samples")
    old_samples = median_of(before, "hard", "samples") if before else float("nan")
    print(f"{'napoleon hard deals per card':34s} {samples:>10.1f} {old_samples:>10.1f} {'':7s}   >= 30")
    cpu = median_of(now, "hard", "cpu_ms_per_sample")
    old_cpu = median_of(before, "hard", "cpu_ms_per_sample") if before else float("nan")
    print(f"{'  CPU ms per sampled deal':34s} {cpu:>10.2f} {old_cpu:>10.2f} {old_cpu / cpu:>6.2f}x"
          f"   (200 ms of CPU: {200 / cpu:.0f} deals now)")


if __name__ == "__main__":
    main(sys.argv[1:])
