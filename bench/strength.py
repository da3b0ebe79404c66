"""The strength tables of ``docs/bots.md``, measured with the duplicate form of ``cardsuite simulate``.

Each row of the tables is a configuration below (game, seats, boards, seed). The script plays the rows
asked for (every row by default), keeps each row's result in ``docs/strength.json``, and rewrites the
tables between the ``<!-- strength:... -->`` markers of ``docs/bots.md`` from that file, so rows
measured at different times (and by different people) stay together, each with the commit it measured.
A row's figures are exactly those of ``cardsuite simulate GAME --players N --seats ... --games BOARDS
--seed SEED --duplicate`` (timed ``hard`` budgets aside), which the JSON records as its ``command``.

    make strength                                            # every row: about an hour on one idle core
    .venv/bin/python bench/strength.py --game napoleon --kind hard   # only those rows
    .venv/bin/python bench/strength.py --scale 0.1 --dry-run         # a quick look, nothing written
    .venv/bin/python bench/strength.py --render                      # rewrite the tables from the JSON

Rows are played on every core (``--jobs N`` for another number, ``--cluster ADDRESS`` on a Ray cluster), in
the parts of ``cardsuite.pool``: the same figures as one job. A timed ``hard`` level gets less from each
core when the machine is busy, so the JSON keeps the load.
After a rebase that conflicts in ``docs/strength.json``, keep both sides' rows and run ``--render``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardsuite.core.registry import get_game
from cardsuite.pool import WorkPool, pool_for, run
from cardsuite.simulate import SimulationResult

IN_MAKE_BENCH = False
ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "bots.md"
RESULTS = ROOT / "docs" / "strength.json"
KINDS = ("heuristic", "hard")


@dataclass(frozen=True)
class Row:
    """One configuration of the tables: a game, the levels per seat, how many boards, the seed."""

    kind: str
    game: str
    seats: tuple[str, ...]
    boards: int
    seed: int
    options: tuple[tuple[str, str], ...] = field(default=())

    @property
    def key(self) -> str:
        """The row's name in ``docs/strength.json``."""
        extra = "".join(f" {k}={v}" for k, v in self.options)
        return f"{self.game} {len(self.seats)}p {','.join(self.seats)}{extra}"

    def command(self, boards: int) -> str:
        """The ``cardsuite simulate`` command that gives the same figures."""
        options = "".join(f" --option {k}={v}" for k, v in self.options)
        return (f"cardsuite simulate {self.game} --players {len(self.seats)} --seats {','.join(self.seats)} "
                f"--games {boards} --seed {self.seed}{options} --duplicate --json")


def alternating(game: str, first: str, second: str, players: int, boards: int, seed: int) -> Row:
    """Two heuristic levels alternating round the table (A B A B ...).

    Pairs rather than all three levels at one table where a ``random`` seat would swamp the others (its wild
    bids make it the declarer of most Napoleon deals).
    """
    return Row("heuristic", game, tuple((first, second)[s % 2] for s in range(players)), boards, seed)


ROWS: tuple[Row, ...] = (
    Row("heuristic", "nap", ("normal", "easy", "random", "random"), 500, 1),
    alternating("napas", "normal", "easy", 4, 1000, 1),
    alternating("napas", "easy", "random", 4, 1000, 2),
    alternating("napas", "normal", "random", 4, 1000, 3),
    alternating("napoleon", "normal", "easy", 5, 400, 1),
    alternating("napoleon", "easy", "random", 5, 400, 2),
    alternating("napoleon", "normal", "random", 5, 400, 3),
    alternating("gops", "normal", "easy", 2, 1000, 1),
    alternating("gops", "normal", "random", 2, 1000, 2),
    alternating("gops", "easy", "random", 2, 1000, 3),
    Row("heuristic", "gops", ("normal", "easy", "random"), 700, 4),
    Row("heuristic", "gops", ("normal", "easy", "normal"), 700, 9),
    Row("heuristic", "gops", ("easy", "random", "easy"), 700, 10),
    Row("heuristic", "gops", ("random", "normal", "normal"), 700, 11),
    Row("heuristic", "napoleon", ("normal", "easy", "normal", "easy", "normal"), 400, 15, (("beginner", "true"),)),
    Row("heuristic", "napoleon", ("easy", "random", "easy", "random", "easy"), 400, 16, (("beginner", "true"),)),
    Row("heuristic", "napoleon", ("normal", "random", "normal", "random", "normal"), 400, 17,
        (("beginner", "true"),)),
    Row("hard", "nap", ("hard:16", "normal", "normal", "normal"), 120, 11),
    Row("hard", "napas", ("hard:16", "normal", "normal", "normal"), 80, 44),
    Row("hard", "napoleon", ("hard:20", "normal", "normal", "normal", "normal"), 300, 20),  # 200 ms on an idle core
    Row("hard", "gops", ("hard:300", "normal"), 100, 5),
    Row("hard", "gops", ("hard:300", "normal", "normal"), 100, 6),
    Row("hard", "gops", ("hard:300", "normal", "easy"), 100, 7),
    Row("hard", "gops", ("hard", "normal", "easy"), 60, 8),
)


def measure(row: Row, boards: int, pool: WorkPool) -> SimulationResult:
    """Play ``boards`` boards of ``row`` through ``pool`` (``cardsuite.pool``: the same figures for any pool)."""
    began = time.perf_counter()
    step = max(1, boards // 10)
    reported = [0]

    def progress(done: int) -> None:
        if done // step > reported[0] // step or done == boards:
            reported[0] = done
            print(f"  {row.key}: {done}/{boards} boards, {time.perf_counter() - began:.0f} s", file=sys.stderr,
                  flush=True)

    game = get_game(row.game)
    options = game.resolve_options(dict(row.options), len(row.seats))
    return run(pool, row.game, len(row.seats), row.seats, boards, row.seed, options, True, progress)  # type: ignore[no-any-return]


def _commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                             timeout=10, check=False)
    except OSError:
        return "unknown"
    return out.stdout.strip() or "unknown"


def record(row: Row, boards: int, result: SimulationResult, load: float) -> dict[str, object]:
    """What ``docs/strength.json`` keeps of a measured row."""
    data = result.as_json()
    levels = data["levels"]
    assert isinstance(levels, dict)
    return {
        "kind": row.kind, "game": row.game, "players": len(row.seats), "seats": list(row.seats), "seed": row.seed,
        "options": dict(row.options), "boards": boards, "deals": data["deals"], "rotations": data["rotations"],
        "levels": {name: {key: level[key] for key in ("mean", "ci95", "samples", "decision_ms")}
                   for name, level in levels.items()},
        "differences": data["differences"], "seconds": data["seconds"], "command": row.command(boards),
        "commit": _commit(), "measured": datetime.date.today().isoformat(), "load": round(load, 2),
    }


def load_results() -> dict[str, dict[str, object]]:
    """The rows kept so far."""
    if not RESULTS.is_file():
        return {}
    data = json.loads(RESULTS.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def save_results(results: dict[str, dict[str, object]]) -> None:
    """One row a line, in the order of ``ROWS``, so that rows measured apart merge line by line."""
    order = {row.key: i for i, row in enumerate(ROWS)}
    keys = sorted(results, key=lambda k: (order.get(k, len(order)), k))
    lines = [f"  {json.dumps(k)}: {json.dumps(results[k], ensure_ascii=False, sort_keys=True)}" for k in keys]
    RESULTS.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


TITLES = {"nap": "Nap", "napas": "Napas", "napoleon": "Napoleon", "gops": "GOPS"}


def _signed(value: float, places: int) -> str:
    return f"{value:+.{places}f}".replace("-", "−")


def render_table(kind: str, results: dict[str, dict[str, object]]) -> str:
    """The Markdown table of one kind of row, one line per pair of levels."""
    lines = ["| game | seats (each board in every rotation) | boards | mean per seat-deal | difference "
             "[95% interval] | gain | measured |", "|---|---|---|---|---|---|---|"]
    for row in ROWS:
        data = results.get(row.key)
        if row.kind != kind or data is None:
            continue
        levels = data["levels"]
        differences = data["differences"]
        assert isinstance(levels, dict) and isinstance(differences, list)
        places = 2 if row.game in ("gops", "napoleon") else 3
        means = ", ".join(f"{name} {_signed(levels[name]['mean'], places)}" for name in dict.fromkeys(row.seats))
        title = TITLES.get(row.game, row.game)
        if row.options:
            title += " (" + ", ".join(f"{k}={v}" for k, v in row.options) + ")"
        game = f"{title}, {data['players']}"
        first = True
        for diff in differences:
            a, b = diff["levels"]
            low, high = diff["ci95"]
            span = f"{a} − {b}: **{_signed(diff['mean'], places)}** [{_signed(low, places)}, {_signed(high, places)}]"
            gain = "–" if diff.get("efficiency") is None else f"{diff['efficiency']:.1f}×"
            if first:
                lines.append(f"| {game} | {', '.join(row.seats)} | {data['boards']:,} | {means} | {span} | {gain} | "
                             f"{data['measured']}, `{data['commit']}` |")
            else:
                lines.append(f"| | | | | {span} | {gain} | |")
            first = False
    return "\n".join(lines)


def render(results: dict[str, dict[str, object]]) -> None:
    """Rewrite every table between its markers in ``docs/bots.md``."""
    text = DOC.read_text(encoding="utf-8")
    for kind in KINDS:
        begin, end = f"<!-- strength:{kind} -->", f"<!-- /strength:{kind} -->"
        if begin not in text or end not in text:
            raise SystemExit(f"docs/bots.md has no {begin} ... {end} markers")
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        text = f"{head}{begin}\n{render_table(kind, results)}\n{end}{tail}"
    DOC.write_text(text, encoding="utf-8")


def choose_rows(games: Sequence[str], kinds: Sequence[str]) -> list[Row]:
    """The rows of the games and kinds asked for (all when none is named)."""
    return [r for r in ROWS if (not games or r.game in games) and (not kinds or r.kind in kinds)]


def main(argv: list[str] | None = None) -> int:
    """Measure the rows asked for, keep them, and rewrite the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", default=[], help="only this game's rows (repeatable)")
    parser.add_argument("--kind", action="append", default=[], choices=KINDS, help="only heuristic or hard rows")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every row's boards (quick looks)")
    parser.add_argument("--jobs", type=int, default=0, help="processes to play in (default 0: every core)")
    parser.add_argument("--cluster", default=None, help="play on the Ray cluster at this address instead")
    parser.add_argument("--render", action="store_true", help="only rewrite the tables from docs/strength.json")
    parser.add_argument("--dry-run", action="store_true", help="print the figures, write nothing")
    args = parser.parse_args(argv)
    results = load_results()
    rows = [] if args.render else choose_rows(args.game, args.kind)
    with pool_for(args.jobs, args.cluster) as pool:
        for row in rows:
            boards = max(1, round(row.boards * args.scale))
            load = os.getloadavg()[0]
            result = measure(row, boards, pool)
            results[row.key] = record(row, boards, result, load)
            summary = "; ".join(f"{d['levels'][0]} − {d['levels'][1]} {d['mean']:+.3f} {d['ci95']}"
                                for d in results[row.key]["differences"])  # type: ignore[attr-defined]
            print(f"{row.key}: {boards} boards in {result.seconds:.0f} s: {summary}", flush=True)
            if not args.dry_run:
                save_results(results)
    if not args.dry_run:
        render(results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
