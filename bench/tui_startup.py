"""The table's speed as a person feels it: start-up, memory with hard CPUs, and keys while CPUs think.

1. **Start-up**: each run starts a fresh interpreter that runs ``cardsuite play nap --players 4 --seed 1``
   (the whole command line: its parsing, the settings, a checked config, the Textual app), headless, and
   notes the moment the table has drawn its first frame; the parent measures from spawning the process to
   that moment (the median of fresh processes is the figure; the child's exit is not counted). The same
   is measured without the command line (the config and the app alone), to see what the command adds.
2. **Memory**: a Napoleon table of five ``hard`` CPUs plays for a while; the child reports its peak resident
   memory (``ru_maxrss``).
3. **Keys while CPUs think**: at a Nap table where ``hard`` CPUs think in their worker thread, an arrow key
   arrives as a terminal's key does (a ``Key`` event posted to the app) while a CPU is thinking; its time
   until the table has handled it (the hand's cursor moved, the hand marked for a repaint) is recorded
   (median and worst). Pilot's ``press`` is not used: it waits for the whole app to go idle.

Bars: the command's start-up median ≤ 0.7 s, peak memory ≤ 80 MB, a key echoed in < 100 ms while CPUs think.
Run: ``.venv/bin/python bench/tui_startup.py`` (``--runs N``). Note the load (``uptime``) with the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

STARTUP = r"""
import sys, time
from cardsuite.cli.play import make_config
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.screens.table import TableScreen

CardsuiteApp.no_intro = True
config = make_config("nap", players=4, seed=1)
app = CardsuiteApp(config)
drawn = []

async def until_drawn(pilot):
    while not isinstance(app.screen, TableScreen):
        await pilot.pause()
    await pilot.pause()  # one refresh: the table is on the screen
    drawn.append((time.time(), time.process_time()))
    app.exit()

app.run(headless=True, size=(80, 24), auto_pilot=until_drawn)
print(repr(drawn[0][0]), repr(drawn[0][1]))
"""

COMMAND = r"""
import sys, time
from cardsuite.tui import app as tui_app
from cardsuite.tui.screens.table import TableScreen

tui_app.CardsuiteApp.no_intro = True
drawn = []

def headless(app, headless=False):
    async def until_drawn(pilot):
        while not isinstance(app.screen, TableScreen):
            await pilot.pause()
        await pilot.pause()  # one refresh: the table is on the screen
        drawn.append((time.time(), time.process_time()))
        app.exit()

    app.run(headless=True, size=(80, 24), auto_pilot=until_drawn)

tui_app.run_app = headless  # run_table's terminal run, headless: the rest is the command as typed
sys.argv = ["cardsuite", "play", "nap", "--players", "4", "--seed", "1"]
from cardsuite.cli import main
try:
    main()
except SystemExit:
    pass
print(repr(drawn[0][0]), repr(drawn[0][1]))
"""

MEMORY = r"""
import asyncio, json, resource, time
from cardsuite.core.match import SeatSpec
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.config import TableConfig

CardsuiteApp.no_intro = True
seats = tuple(SeatSpec(f"CPU {i}", "cpu", "hard") for i in range(5))
app = CardsuiteApp(TableConfig("napoleon", seats, {}, seed=1, cpu_delay=0.0))

async def main():
    async with app.run_test(size=(120, 40)) as pilot:
        table = app.table
        deadline = time.monotonic() + SECONDS
        while time.monotonic() < deadline:
            await pilot.pause(0.2)
        moves = sum(len(log.actions) for log in table.session.match.logs)
        table.quit_table()
    return moves

moves = asyncio.run(main())
print(json.dumps({"moves": moves, "max_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

KEYS = r"""
import asyncio, json, statistics, time
from textual import events
from cardsuite.core.match import SeatSpec
from cardsuite.tui.app import CardsuiteApp
from cardsuite.tui.config import TableConfig
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.widgets.hand import HandView

CardsuiteApp.no_intro = True
seats = (SeatSpec("You"), *(SeatSpec(f"CPU {i}", "cpu", "hard") for i in range(1, 4)))
app = CardsuiteApp(TableConfig("nap", seats, {}, seed=3, cpu_delay=0.0))

async def main():
    times, thinking = [], 0
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        table.session.set_control(0, "hard")  # every seat is a hard CPU: someone is always thinking
        table.generation += 1
        table.advance()
        deadline = time.monotonic() + 120
        while len(times) < PRESSES and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
            if not isinstance(app.screen, TableScreen):  # a deal's page: on to the next deal
                app.post_message(events.Key("enter", None))
                continue
            hand = table.query_one(HandView)
            if len(hand.cards) < 2 or not table.cpu_thinking:
                continue
            table.zone = "hand"  # the arrows move the hand's cursor (not the buttons')
            before = hand.cursor
            start = time.perf_counter()
            app.post_message(events.Key("right", None))  # as a terminal's key arrives
            while hand.cursor == before and time.perf_counter() - start < 5:
                await asyncio.sleep(0.0005)
            if hand.cursor != before:
                times.append(time.perf_counter() - start)
                thinking += table.cpu_thinking
        table.quit_table()
    return times, thinking

times, thinking = asyncio.run(main())
print(json.dumps({"median_ms": statistics.median(times) * 1000, "max_ms": max(times) * 1000,
                  "presses": len(times), "while_thinking": thinking}))
"""

BARS = {"startup_s": 0.7, "max_rss_mb": 80.0, "key_ms": 100.0}


def _child(code: str, home: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CARDSUITE_HOME": home, "LC_ALL": "C.UTF-8"}  # a UTF-8 terminal's table, in English
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    if done.returncode:
        raise SystemExit(f"a measuring process failed:\n{done.stderr[-2000:]}")
    return done


def startup_once(home: str, source: str | None = None, code: str = COMMAND) -> tuple[float, float]:
    """Seconds from spawning ``cardsuite play`` (or ``code``) to its first drawn table (``source``: another
    checkout's ``src`` folder, for a before/after comparison in the same run), and the CPU seconds it used
    (wall time on a busy machine includes waiting for a core)."""
    code = code if source is None else f"import sys; sys.path.insert(0, {source!r})\n" + code
    start = time.time()
    done = _child(code, home)
    drawn, cpu = done.stdout.strip().splitlines()[-1].split()
    return float(drawn) - start, float(cpu)


def main() -> int:
    """Run the three measurements; print them as JSON; exit 1 if a bar is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh processes for the start-up median")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the hard CPUs play (memory)")
    parser.add_argument("--presses", type=int, default=20, help="keys pressed while CPUs think")
    parser.add_argument("--baseline", help="another checkout's src folder: its start-up alternates with this one's")
    args = parser.parse_args()
    base: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as home:
        startup_once(home)  # warm the file cache and bytecode
        times, alone = [], []
        for _ in range(args.runs):
            times.append(startup_once(home))
            alone.append(startup_once(home, code=STARTUP))
            if args.baseline:
                base.append(startup_once(home, args.baseline))
        memory = json.loads(_child(f"SECONDS = {args.seconds}\n" + MEMORY, home).stdout.strip().splitlines()[-1])
        keys = json.loads(_child(f"PRESSES = {args.presses}\n" + KEYS, home).stdout.strip().splitlines()[-1])
    median = statistics.median(t for t, _ in times)
    ok = median <= BARS["startup_s"] and memory["max_rss_mb"] <= BARS["max_rss_mb"] and keys["max_ms"] < BARS["key_ms"]
    result: dict[str, object] = {
        "startup_median_s": round(median, 3),
        "startup_min_max_s": [round(min(t for t, _ in times), 3), round(max(t for t, _ in times), 3)],
        "runs": args.runs,
        "startup_cpu_median_s": round(statistics.median(c for _, c in times), 3),
        "without_the_command_line_median_s": round(statistics.median(t for t, _ in alone), 3),
        "without_the_command_line_cpu_median_s": round(statistics.median(c for _, c in alone), 3),
        **({"baseline_startup_median_s": round(statistics.median(t for t, _ in base), 3),
            "baseline_startup_cpu_median_s": round(statistics.median(c for _, c in base), 3),
            "ratio_to_baseline": round(median / statistics.median(t for t, _ in base), 3)} if base else {}),
        "hard_cpus_max_rss_mb": round(memory["max_rss_mb"], 1),
        "hard_cpus_moves": memory["moves"],
        "key_echo_median_ms": round(keys["median_ms"], 1),
        "key_echo_max_ms": round(keys["max_ms"], 1),
        "keys_pressed_while_a_cpu_thought": keys["while_thinking"],
        "load_average_1min": round(os.getloadavg()[0], 2),
        "bars": BARS,
        "ok": ok,
    }
    print(json.dumps(result, indent=2))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
