"""Startup of the table: from a fresh process to the first drawn Nap table, and its peak memory.

Each run starts a new interpreter that does what ``cardsuite play nap --players 4 --seed 1`` does (CLI
module, checked config, the Textual app), but headless, and exits once the table screen has drawn its
first frame. The parent times the whole process; the child reports its peak resident memory.
Bars (issue 6): median under 1.0 s, peak under 120 MB.  Run: ``.venv/bin/python bench/tui_startup.py``.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import time

CHILD = r"""
import json, resource
from cardsuite.cli.play import make_config
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.table import TableScreen

config = make_config("nap", players=4, seed=1)
app = CardsuiteApp(config)

async def until_drawn(pilot):
    while not isinstance(app.screen, TableScreen):
        await pilot.pause()
    await pilot.pause()  # one refresh: the table is on the screen
    app.exit()

app.run(headless=True, size=(80, 24), auto_pilot=until_drawn)
print(json.dumps({"max_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

BARS = {"startup_s": 1.0, "max_rss_mb": 120.0}


def run_once() -> tuple[float, float, float]:
    """Seconds from spawn to exit, the child's CPU seconds, and its peak resident memory in MB.

    CPU seconds tell a slow program apart from a busy machine (wall time includes waiting for a core).
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, check=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    last = done.stdout.strip().splitlines()[-1]
    return elapsed, cpu, float(json.loads(last)["max_rss_mb"])


def main(runs: int = 5) -> int:
    """Run ``runs`` times; print the figures as JSON; exit 1 if a bar is missed."""
    run_once()  # warm the file cache and bytecode
    times, cpus, memory = [], [], []
    for _ in range(runs):
        elapsed, cpu, rss = run_once()
        times.append(elapsed)
        cpus.append(cpu)
        memory.append(rss)
    median = statistics.median(times)
    peak = max(memory)
    ok = median < BARS["startup_s"] and peak < BARS["max_rss_mb"]
    result: dict[str, object] = {
        "runs": runs,
        "startup_median_s": round(median, 3),
        "startup_max_s": round(max(times), 3),
        "cpu_median_s": round(statistics.median(cpus), 3),
        "load_average_1min": round(os.getloadavg()[0], 2),
        "max_rss_mb": round(peak, 1),
        "bars": BARS,
        "ok": ok,
    }
    print(json.dumps(result, indent=2))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
