"""``bench/pool_duplicate.py``: chunks of a duplicate run pool to the figures of all their boards at once."""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardsuite.simulate import paired_differences

from ..scripts import ROOT, load_script

SCRIPT = ROOT / "bench" / "pool_duplicate.py"


@pytest.fixture(scope="module")
def pool() -> ModuleType:
    return load_script("bench/pool_duplicate.py", "pool_duplicate_script")


BOARDS = [{"a": float(i % 7) * 1.5 - (i % 3), "b": float(i % 5) - 1.0} for i in range(90)]


def summary(boards: list[dict[str, float]]) -> tuple[float, float, float, int]:
    """The paired difference a ``simulate --duplicate`` run would report over ``boards``."""
    (difference,) = paired_differences(boards, ["a", "b"])
    return difference.mean, difference.low, difference.high, len(boards)


def test_three_chunks_pool_to_the_whole_run(pool: ModuleType) -> None:
    whole = summary(BOARDS)
    chunks = [pool.chunk_of(*summary(BOARDS[i : i + 30])) for i in (0, 30, 60)]
    mean, low, high, boards = pool.pooled(chunks)
    assert boards == 90
    assert math.isclose(mean, whole[0], abs_tol=1e-9)
    assert math.isclose(low, whole[1], abs_tol=1e-9) and math.isclose(high, whole[2], abs_tol=1e-9)
    assert mean == pytest.approx(statistics.fmean(b["a"] - b["b"] for b in BOARDS))


def test_the_script_pools_json_runs_and_refuses_a_different_pair(tmp_path: Path) -> None:
    paths = []
    for i, pair in enumerate((["a", "b"], ["a", "b"], ["a", "c"])):
        mean, low, high, boards = summary(BOARDS[i * 30 : i * 30 + 30])
        run = {"differences": [{"levels": pair, "mean": mean, "ci95": [low, high], "pairs": boards}]}
        paths.append(tmp_path / f"run{i}.json")
        paths[-1].write_text(json.dumps(run), encoding="utf-8")
    done = subprocess.run([sys.executable, str(SCRIPT), *map(str, paths[:2])], capture_output=True, text=True)
    assert done.returncode == 0 and "over 60 boards" in done.stdout.splitlines()[-1]
    refused = subprocess.run([sys.executable, str(SCRIPT), *map(str, paths)], capture_output=True, text=True)
    assert refused.returncode != 0 and "not ['a', 'b']" in refused.stderr
