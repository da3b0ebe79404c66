"""``cardsuite simulate --jobs 2`` against ``--jobs 1``: the same JSON, and how many times faster.

Runs the same command with one job and with ``--jobs N`` in alternation (``--pairs`` times), checks that
every run prints the same result (times aside), and prints each pair's wall-time ratio, their median, and
the machine's load average (a shared machine: the ratio is what the load left).

    .venv/bin/python bench/pool_speed.py --pairs 3 -- napas --seats hard:8,normal,normal,normal --games 24 --duplicate
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

IN_MAKE_BENCH = False


def without_times(text: str) -> str:
    """The run's JSON without what depends on the clock."""
    data = json.loads(text)
    data.pop("seconds")
    for level in data["levels"].values():
        level.pop("decision_ms")
    return json.dumps(data, sort_keys=True)


def timed(args: list[str], jobs: int) -> tuple[float, str]:
    """One run's wall time and its result."""
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "cardsuite", "simulate", *args, "--jobs", str(jobs), "--json"],
                          capture_output=True, text=True, check=True)
    return time.perf_counter() - began, without_times(done.stdout)


def main(argv: list[str] | None = None) -> int:
    """Alternate the two, check the results agree, print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("simulate", nargs=argparse.REMAINDER, help="-- then cardsuite simulate's arguments")
    args = parser.parse_args(argv)
    command = [a for a in args.simulate if a != "--"]
    ratios = []
    results = set()
    loads = [os.getloadavg()[0]]
    for _ in range(args.pairs):
        one, first = timed(command, 1)
        many, second = timed(command, args.jobs)
        results |= {first, second}
        ratios.append(one / many)
        loads.append(os.getloadavg()[0])
        print(f"--jobs 1 {one:.1f} s, --jobs {args.jobs} {many:.1f} s: {one / many:.2f}x", flush=True)
    print(json.dumps({"pairs": args.pairs, "jobs": args.jobs, "identical": len(results) == 1,
                      "ratios": [round(r, 3) for r in ratios], "median_ratio": round(statistics.median(ratios), 3),
                      "load": [round(min(loads), 2), round(max(loads), 2)], "command": " ".join(command)}))
    return 0 if len(results) == 1 else 1


if __name__ == "__main__":
    raise SystemExit(main())
