"""Pool runs of ``cardsuite simulate --duplicate --json`` into one paired difference with its 95% interval.

A long strength run is best made in chunks (a different ``--seed`` for each, so that the boards differ and a
crash loses one chunk only). Each chunk reports, per pair of levels, the mean paired difference over its
boards and a Student's t interval; from those the chunk's standard deviation follows exactly
(``half = t975(n - 1) * sd / sqrt(n)``), and the chunks pool as one sample of all their boards: the pooled
sum of squares is the chunks' own plus each chunk's size times its mean's distance from the pooled mean.

Run: ``.venv/bin/python bench/pool_duplicate.py run1.json run2.json ... [--summary MEAN,LOW,HIGH,BOARDS ...]``
(``--summary`` adds a run known only from its printed figures, such as a table row of docs/bots.md).
The first pair of levels of each file is pooled (``--pair FIRST,SECOND`` another one); every file must name the same
pair.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from cardsuite.simulate import t975

Chunk = tuple[float, float, int]
"""A chunk's mean paired difference, its standard deviation over boards, and its number of boards."""


def chunk_of(mean: float, low: float, high: float, boards: int) -> Chunk:
    """The chunk's standard deviation over boards, recovered from its 95% interval."""
    sd = (high - low) / 2 / t975(boards - 1) * math.sqrt(boards)
    return mean, sd, boards


def pooled(chunks: list[Chunk]) -> tuple[float, float, float, int]:
    """Mean, 95% interval and number of boards of all the chunks' boards taken together."""
    total = sum(n for _, _, n in chunks)
    mean = sum(m * n for m, _, n in chunks) / total
    squares = sum((n - 1) * sd * sd + n * (m - mean) ** 2 for m, sd, n in chunks)
    half = t975(total - 1) * math.sqrt(squares / (total - 1)) / math.sqrt(total)
    return mean, mean - half, mean + half, total


def main() -> None:
    """Read the runs, print each one and the pooled difference."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="*", type=Path, help="JSON output of simulate --duplicate --json")
    parser.add_argument("--summary", action="append", default=[], help="MEAN,LOW,HIGH,BOARDS of another run")
    parser.add_argument("--pair", default=None, help="FIRST,SECOND: pool this pair of levels, not the first")
    args = parser.parse_args()
    chunks: list[Chunk] = []
    pair: list[str] | None = args.pair.split(",") if args.pair else None
    for path in args.runs:
        differences = json.loads(path.read_text(encoding="utf-8"))["differences"]
        first = next((d for d in differences if d["levels"] == pair), differences[0])
        if pair is not None and first["levels"] != pair:
            raise SystemExit(f"{path}: compares {first['levels']}, not {pair}")
        pair = first["levels"]
        low, high = first["ci95"]
        chunks.append(chunk_of(first["mean"], low, high, first["pairs"]))
        print(f"{path}: {first['mean']:+.2f} [{low:+.2f}, {high:+.2f}] over {first['pairs']} boards")
    for text in args.summary:
        mean, low, high, boards = text.split(",")
        chunks.append(chunk_of(float(mean), float(low), float(high), int(boards)))
        print(f"summary: {float(mean):+.2f} [{float(low):+.2f}, {float(high):+.2f}] over {boards} boards")
    if not chunks:
        raise SystemExit("nothing to pool: give JSON files or --summary")
    mean, low, high, boards = pooled(chunks)
    name = " - ".join(pair) if pair else "difference"
    print(f"pooled {name}: {mean:+.2f} [{low:+.2f}, {high:+.2f}] over {boards} boards")


if __name__ == "__main__":
    main()
